"""A class body that binds a function defined elsewhere makes it a method the user calls by the class's name:
`quote_name = complain` (Django's dummy database backend), and a method made by a factory, a class attribute bound
to a call of a module function that returns a function it defines (`validator = validate_callable(1)`). The card
leads from that method, never from the nested function's own name, which no user can call (issue 29, round 27:
every card of the held-out library stopped at such a factory's private helper)."""

import io
import textwrap
from pathlib import Path

from django.core.management import call_command

from kb.models import ErrorEntry
from tests.harvest.test_evidence import evidence_of

# Reduced from gunicorn/config.py:308-366, 546-567, 1905-1908 (gunicorn 27.0.1).
GUNICORN = """
class Setting:
    name = None
    validator = None

    def set(self, val):
        if not callable(self.validator):
            raise TypeError('Invalid validator: %s' % self.name)
        self.value = self.validator(val)


def validate_callable(arity):
    def _validate_callable(val):
        if isinstance(val, str):
            try:
                mod_name, obj_name = val.rsplit(".", 1)
            except ValueError:
                raise TypeError("Value '%s' is not import string. "
                                "Format: module[.submodules...].object" % val)
            val = getattr(__import__(mod_name, fromlist=[obj_name]), obj_name)
        if not callable(val):
            raise TypeError("Value is not callable: %s" % val)
        return val
    return _validate_callable


class OnStarting(Setting):
    name = "on_starting"
    section = "Server Hooks"
    validator = validate_callable(1)
    type = callable
"""

# Reduced from django/db/backends/dummy/base.py:19-66 and django/db/backends/base/base.py:293-321 (Django 5.2.19).
DUMMY = """
class ImproperlyConfigured(Exception):
    pass


class BaseDatabaseWrapper:
    def ensure_connection(self):
        \"\"\"Guarantee that a connection to the database is established.\"\"\"
        if self.connection is None:
            self.connect()

    def _cursor(self, name=None):
        self.close_if_health_check_failed()
        self.ensure_connection()
        return self._prepare_cursor(self.create_cursor(name))

    def cursor(self):
        \"\"\"Create a cursor, opening a connection if necessary.\"\"\"
        return self._cursor()


def complain(*args, **kwargs):
    raise ImproperlyConfigured(
        "settings.DATABASES is improperly configured. "
        "Please supply the ENGINE value. Check "
        "settings documentation for more details."
    )


def ignore(*args, **kwargs):
    pass


class DatabaseOperations:
    quote_name = complain


class DatabaseWrapper(BaseDatabaseWrapper):
    operators = {}
    _cursor = complain
    ensure_connection = complain
    _rollback = ignore
"""


def test_a_method_made_by_a_factory_is_the_way_in_to_the_function_it_returns(tmp_path: Path) -> None:
    entry, through = evidence_of(tmp_path, GUNICORN, "Value is not callable")["entry_points"]
    assert (entry["function"], entry["kind"], entry["arguments"]) == ("OnStarting.validator", "method", {"val": "val"})
    assert entry["bound"] == "validate_callable._validate_callable"
    assert (entry["line"], entry["via"]) == (30, [])
    assert "exits_before" not in entry and "branched" not in entry
    # `Setting.set` calls `self.validator(val)`: on an `OnStarting`, the factory's function.
    assert (through["function"], through["via"]) == ("OnStarting.set", ["OnStarting.validator"])


def test_a_module_function_a_class_body_binds_is_reached_by_the_class_s_names(tmp_path: Path) -> None:
    evidence = evidence_of(tmp_path, DUMMY, "settings.DATABASES is improperly configured")
    rows = [(row["function"], row.get("bound")) for row in evidence["entry_points"]]
    # `complain` is public: its own name first; then the public methods bound to it, not the private `_cursor`.
    assert rows == [
        ("complain", None),
        ("DatabaseOperations.quote_name", "complain"),
        ("DatabaseWrapper.ensure_connection", "complain"),
    ]


def test_a_base_class_s_method_calls_the_bound_function_on_the_subclass(tmp_path: Path) -> None:
    # `BaseDatabaseWrapper.cursor` calls `self._cursor()`, which the dummy `DatabaseWrapper` binds to `complain`:
    # its `cursor()` raises it. Its `ensure_connection` is `complain` too, no longer the base's.
    source = DUMMY.replace("    quote_name = complain", "    pass").replace("    ensure_connection = complain\n", "")
    rows = evidence_of(tmp_path, source, "settings.DATABASES is improperly configured")["entry_points"]
    assert [(row["function"], row["via"]) for row in rows] == [
        ("complain", []),
        ("DatabaseWrapper.cursor", ["DatabaseWrapper._cursor"]),
    ]


def test_the_card_leads_from_the_factory_made_method(db, git_repo) -> None:
    git_repo.write("pkg/config.py", textwrap.dedent(GUNICORN))
    git_repo.commit("pkg")
    call_command("harvest", str(git_repo.root), "--repo", "o/pkg", "--no-progress", "--publish", stdout=io.StringIO())
    card = ErrorEntry.objects.get(message__startswith="Value is not callable").generated
    assert "`OnStarting.validator()`" in card["meaning"]
    assert "_validate_callable" not in card["meaning"] + card.get("situations", "")


def test_the_card_names_the_class_s_methods_as_ways_in(db, git_repo) -> None:
    git_repo.write("pkg/base.py", textwrap.dedent(DUMMY))
    git_repo.commit("pkg")
    call_command("harvest", str(git_repo.root), "--repo", "o/pkg", "--no-progress", "--publish", stdout=io.StringIO())
    card = ErrorEntry.objects.get(message__startswith="settings.DATABASES is improperly").generated
    assert "`DatabaseOperations.quote_name()`" in card.get("situations", "")

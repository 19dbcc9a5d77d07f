"""A raise whose class is taken from a table the repository writes: a loop's name over a literal tuple of its
classes, or an item of a module-level dict of them read through a lookup function. Which class is run time's, so
each class the table holds is an entry at the raise; a message the code does not word (a driver's, another
exception's) is not rebuilt: such an entry is found by its type and its frame."""

import io
import subprocess
import sys

from django.core.management import call_command

from tests.harvest.test_messages import harvest_source

# Django 5.2.19, django/db/utils.py:17-99: the wrapper re-raises a PEP 249 driver's error as Django's class of the
# same name, the first of its tuple the driver's class is a subclass of (errors_occurred kept, as it runs).
DB_UTILS = """
class Error(Exception):
    pass


class InterfaceError(Error):
    pass


class DatabaseError(Error):
    pass


class DataError(DatabaseError):
    pass


class OperationalError(DatabaseError):
    pass


class IntegrityError(DatabaseError):
    pass


class InternalError(DatabaseError):
    pass


class ProgrammingError(DatabaseError):
    pass


class NotSupportedError(DatabaseError):
    pass


class DatabaseErrorWrapper:
    def __init__(self, wrapper):
        self.wrapper = wrapper

    def __enter__(self):
        pass

    def __exit__(self, exc_type, exc_value, traceback):
        if exc_type is None:
            return
        for dj_exc_type in (
            DataError,
            OperationalError,
            IntegrityError,
            InternalError,
            ProgrammingError,
            NotSupportedError,
            DatabaseError,
            InterfaceError,
            Error,
        ):
            db_exc_type = getattr(self.wrapper.Database, dj_exc_type.__name__)
            if issubclass(exc_type, db_exc_type):
                dj_exc_value = dj_exc_type(*exc_value.args)
                # Only set the 'errors_occurred' flag for errors that may make
                # the connection unusable.
                if dj_exc_type not in (DataError, IntegrityError):
                    self.wrapper.errors_occurred = True
                raise dj_exc_value.with_traceback(traceback) from exc_value
"""
RAISE_LINE = next(n for n, line in enumerate(DB_UTILS.splitlines(), start=1) if "raise dj_exc_value" in line)
CLASSES = ["DataError", "OperationalError", "IntegrityError", "InternalError", "ProgrammingError"]
CLASSES += ["NotSupportedError", "DatabaseError", "InterfaceError", "Error"]

# django/db/backends/utils.py:100-105 (CursorWrapper._execute), with sqlite3 as the driver.
BACKEND = """
import sqlite3

from dbwrap.utils import DatabaseErrorWrapper


class Connection:
    Database = sqlite3
    errors_occurred = False

    def __init__(self):
        self.cursor = sqlite3.connect(":memory:").cursor()
        self.wrap_database_errors = DatabaseErrorWrapper(self)

    def execute(self, sql):
        with self.wrap_database_errors:
            return self.cursor.execute(sql)
"""
CRASH = """
from dbwrap.backend import Connection
connection = Connection()
connection.execute("CREATE TABLE book (isbn TEXT UNIQUE)")
connection.execute("INSERT INTO book VALUES ('0-14-044913-6')")
connection.execute("INSERT INTO book VALUES ('0-14-044913-6')")
"""


def test_each_class_of_the_looped_tuple_is_an_entry_at_the_raise(tmp_path):
    found = harvest_source(tmp_path, DB_UTILS)
    raised = [s for s in found.sites if s.function == "DatabaseErrorWrapper.__exit__"]
    assert sorted(s.exception_type.rpartition(".")[2] for s in raised) == sorted(CLASSES)
    assert {s.line for s in raised} == {RAISE_LINE}
    # The message is the driver's (`*exc_value.args`): nothing of it is rebuilt, nothing is made up.
    assert {(s.signature, s.message) for s in raised} == {("", "")}
    assert "exception type is computed at run time" not in found.skipped


def test_a_drivers_error_re_raised_by_the_wrapper_finds_its_entry(token_client, db, git_repo):
    git_repo.write("dbwrap/__init__.py", "")
    git_repo.write("dbwrap/utils.py", DB_UTILS)
    git_repo.write("dbwrap/backend.py", BACKEND)
    git_repo.commit("first")
    call_command("harvest", str(git_repo.root), "--repo", "acme/dbwrap", "--no-progress", stdout=io.StringIO())

    crashed = subprocess.run([sys.executable, "-c", CRASH], cwd=git_repo.root, capture_output=True, text=True)
    assert "dbwrap.utils.IntegrityError: UNIQUE constraint failed: book.isbn" in crashed.stderr

    response = token_client.post("/api/match", {"text": crashed.stderr}, content_type="application/json")
    best = response.json()["matches"][0]
    assert best["exception_type"] == "dbwrap.utils.IntegrityError"
    assert best["exact"] is False  # found by its type and frame: the driver's words are not the entry's
    written = (git_repo.root / "dbwrap/utils.py").read_text().splitlines()
    raise_line = next(n for n, line in enumerate(written, start=1) if "raise dj_exc_value" in line)
    assert (best["sources"][0]["path"], best["sources"][0]["line"]) == ("dbwrap/utils.py", raise_line)


# python-liquid 2.3.6, liquid/exceptions.py:33-52, :258-285 (the warnings and their table) and
# liquid/context.py:458-465 (RenderContext.error, reduced to its mode and the warning).
LIQUID_EXCEPTIONS = """
class LiquidError(Exception):
    pass


class LiquidSyntaxError(LiquidError):
    pass


class LiquidTypeError(LiquidError):
    pass


class FilterArgumentError(LiquidError):
    pass


class UnknownFilterError(LiquidError):
    pass


class LiquidWarning(UserWarning):
    \"\"\"Base warning.\"\"\"


class LiquidSyntaxWarning(LiquidWarning):
    \"\"\"Replaces LiquidSyntaxError when in WARN mode.\"\"\"


class LiquidTypeWarning(LiquidWarning):
    \"\"\"Replaces LiquidTypeError when in WARN mode.\"\"\"


class FilterWarning(LiquidWarning):
    \"\"\"Replaces filter exceptions when in WARN mode.\"\"\"


WARNINGS: dict[type[LiquidError], type[LiquidWarning]] = {
    LiquidSyntaxError: LiquidSyntaxWarning,
    LiquidTypeError: LiquidTypeWarning,
    FilterArgumentError: FilterWarning,
    UnknownFilterError: FilterWarning,
}


def lookup_warning(exc: type[LiquidError]) -> type[LiquidWarning]:
    \"\"\"Return a warning equivalent of the given exception.\"\"\"
    return WARNINGS.get(exc, LiquidWarning)
"""
LIQUID_CONTEXT = """
import warnings

from .exceptions import lookup_warning


class RenderContext:
    def __init__(self, env):
        self.env = env

    def error(self, exc):
        \"\"\"Ignore, raise or convert the given exception to a warning.\"\"\"
        if self.env.mode == "strict":
            raise exc
        if self.env.mode == "warn":
            warnings.warn(
                str(exc), category=lookup_warning(exc.__class__), stacklevel=2
            )
"""
WARNINGS = ["LiquidSyntaxWarning", "LiquidTypeWarning", "FilterWarning", "LiquidWarning"]


def test_each_warning_the_lookup_functions_table_holds_is_an_entry_at_the_warn(tmp_path):
    found = harvest_source(tmp_path, LIQUID_CONTEXT, extra={"exceptions.py": LIQUID_EXCEPTIONS})
    warned = [s for s in found.sites if s.function == "RenderContext.error" and s.kind == "warning"]
    assert sorted(s.exception_type for s in warned) == sorted(f"pkg.exceptions.{name}" for name in WARNINGS)
    assert {s.signature for s in warned} == {""}  # `str(exc)`: the error's own message, worded elsewhere
    assert "exception type is computed at run time" not in found.skipped


def test_an_earlier_pass_of_the_loop_is_an_exit_for_every_class_but_the_first(tmp_path):
    """`DatabaseError` is raised only when no class before it in the tuple was: the card hedges its meaning with
    the raise itself, reached in an earlier pass; `DataError`, the first, is the first pass's."""
    found = harvest_source(tmp_path, DB_UTILS)
    raised = {s.exception_type.rpartition(".")[2]: s for s in found.sites if s.function.endswith("__exit__")}
    assert RAISE_LINE not in raised["DataError"].evidence.get("exits_looped", [])
    assert RAISE_LINE in raised["DatabaseError"].evidence["exits_looped"]
    # The loop's name is, at each entry's raise, that entry's class.
    rows = raised["DatabaseError"].evidence["definitions"]
    assert [row["code"] for row in rows if row["name"] == "dj_exc_type"] == ["DatabaseError"]


def test_a_table_holding_anything_but_classes_is_not_read(tmp_path):
    source = """
    class BadRequest(Exception):
        pass


    def gone(message):
        return LookupError(message)


    def fail(kind, message):
        for make in (BadRequest, gone):
            if make.__name__ == kind:
                raise make(message)
    """
    found = harvest_source(tmp_path, source)
    assert not [s for s in found.sites if s.function == "fail"]
    assert found.skipped["raises an exception object held in a variable"] == 1

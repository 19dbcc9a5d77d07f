"""An `except` whose `try` is one standard operation is said by what that operation found (issue 29: the cards
whose only test is an `except` said no condition): `a, b = s.rsplit(".", 1)` and `ValueError` as "`s` does not
contain `'.'`", `return module.register` and `AttributeError` as "`module` has no `.register` attribute", a
fallback import as neither module importable. Anything else in the `try` that may raise the caught type, or a
handler that catches more, and nothing is said."""

import ast
import textwrap

from kb.harvest.reading.conditions import conditions, parents_of
from kb.harvest.reading.site_evidence import condition_row
from tests.harvest.published import django_files, harvest_published


def caught(source: str) -> dict:
    """The evidence row of the one `except` of the raise in `source`."""
    tree = ast.parse(textwrap.dedent(source))
    [node] = [n for n in ast.walk(tree) if isinstance(n, ast.Raise) and n.exc is not None]
    [row] = [c for c in conditions(node, parents_of(tree)) if c.kind == "except"]
    return condition_row(row)


# django/utils/module_loading.py:25, Django 5.2.19 (`import_string`)
IMPORT_STRING = """
def import_string(dotted_path):
    try:
        module_path, class_name = dotted_path.rsplit(".", 1)
    except ValueError as err:
        raise ImportError("%s doesn't look like a module path" % dotted_path) from err
"""


def test_an_unpacked_split_failed_when_the_separator_is_missing() -> None:
    assert caught(IMPORT_STRING)["failed"] == {
        "code": "'.' not in dotted_path",
        "sentence": "`dotted_path` does not contain `'.'`",
        "line": 4,  # the split's: its names as they were before it
    }


def test_an_unpacked_split_into_more_names_than_its_limit_says_nothing() -> None:
    assert "failed" not in caught(IMPORT_STRING.replace("module_path, class_name", "a, b, c"))
    assert "failed" not in caught(IMPORT_STRING.replace('rsplit(".", 1)', 'split(".")'))


def test_a_handler_catching_more_than_the_operation_raises_says_nothing() -> None:
    assert "failed" not in caught(IMPORT_STRING.replace("except ValueError", "except (ValueError, AttributeError)"))


# django/template/library.py:486, Django 5.2.19 (`import_library`)
IMPORT_LIBRARY = """
def import_library(name):
    module = import_module(name)
    try:
        return module.register
    except AttributeError:
        raise InvalidTemplateLibrary("Module  %s does not have a variable named 'register'" % name)
"""


def test_one_attribute_read_failed_when_the_attribute_is_missing() -> None:
    assert caught(IMPORT_LIBRARY)["failed"] == {
        "code": "not hasattr(module, 'register')",
        "sentence": "`module` has no `.register` attribute",
        "line": 5,
    }


def test_a_call_or_a_chain_may_raise_attribute_error_itself() -> None:
    assert "failed" not in caught(IMPORT_LIBRARY.replace("module.register", "module.register()"))
    assert "failed" not in caught(IMPORT_LIBRARY.replace("module.register", "module.library.register"))
    two = IMPORT_LIBRARY.replace("return module.register", "enter = module.register\n        exit = module.other")
    assert "failed" not in caught(two)


# django/core/validators.py:355, Django 5.2.19 (`ip_address_validators`)
IP_VALIDATORS = """
def ip_address_validators(protocol, unpack_ipv4):
    try:
        return ip_address_validator_map[protocol.lower()]
    except KeyError:
        raise ValueError("The protocol '%s' is unknown." % protocol)
"""


def test_a_lookup_of_a_key_made_lowercase_failed_when_the_key_is_missing() -> None:
    assert caught(IP_VALIDATORS)["failed"]["code"] == "protocol.lower() not in ip_address_validator_map"
    assert "failed" not in caught(IP_VALIDATORS.replace("protocol.lower()", "protocol.encode('idna')"))
    assert "failed" not in caught(IP_VALIDATORS.replace("except KeyError", "except (KeyError, AttributeError)"))


def test_a_statement_after_the_call_that_raises_nothing_leaves_the_call_the_only_way() -> None:
    # django/db/models/fields/__init__.py:1491, Django 5.2.19 (`DateField.to_python`)
    row = caught("""
    def to_python(self, value):
        try:
            parsed = parse_date(value)
            if parsed is not None:
                return parsed
        except ValueError:
            raise exceptions.ValidationError(self.error_messages["invalid_date"])
    """)
    assert row.get("by_calls") is True
    assert row["sentence"] == "`ValueError` was raised by `parse_date(value)`"


def test_a_private_attribute_is_never_said() -> None:
    # django/contrib/messages/api.py:25, Django 5.2.19 (`add_message`)
    row = caught("""
    def add_message(request, level, message):
        try:
            messages = request._messages
        except AttributeError:
            raise MessageFailure("You cannot add messages without installing MessageMiddleware")
    """)
    assert "failed" not in row


def test_a_fallback_import_failed_both_ways() -> None:
    # django/db/backends/postgresql/base.py:23, Django 5.2.19
    row = caught("""
    try:
        try:
            import psycopg as Database
        except ImportError:
            import psycopg2 as Database
    except ImportError:
        raise ImproperlyConfigured("Error loading psycopg2 or psycopg module")
    """)
    assert row["sentence"] == "`ImportError` was raised by importing `psycopg`, then `psycopg2`"


def test_the_cards_say_what_failed(db, git_repo) -> None:
    files = django_files(
        "utils/module_loading.py",
        "template/library.py",
        "db/backends/postgresql/base.py",
        "core/validators.py",
        "urls/utils.py",
    )
    cards = harvest_published(git_repo, files)
    path = cards["{dotted_path} doesn't look like a module path"].generated["trigger"]
    assert "- the `dotted_path` argument does not contain `'.'`" in path, path
    postgres = cards["Error loading psycopg2 or psycopg module"].generated["trigger"]
    assert "neither `psycopg` nor `psycopg2` can be imported" in postgres, postgres
    register = cards["Module  {name} does not have a variable named 'register'"].generated["trigger"]
    assert "- `module` has no `.register` attribute (`module` is `import_module(name)`" in register, register
    protocol = cards["The protocol '{protocol}' is unknown. Supported: {ip_address_validator_map}"].generated["trigger"]
    assert "- `protocol.lower()` is not one of `'both'`, `'ipv4'` or `'ipv6'`" in protocol, protocol
    # `getattr(mod, func_name)` of a `func_name` unpacked from a call: what failed cannot be said, the call can.
    view = cards["Could not import '{lookup_view}'. View does not exist in module {mod_name}."].generated["trigger"]
    assert "- `getattr(mod, func_name)` raised `AttributeError`" in view, view


# django/urls/resolvers.py:717-728, Django 5.2.19 (`URLResolver.url_patterns`)
URL_PATTERNS = """
def url_patterns(self):
    patterns = getattr(self.urlconf_module, "urlpatterns", self.urlconf_module)
    try:
        iter(patterns)
    except TypeError as e:
        raise ImproperlyConfigured("The included URLconf does not appear to have any patterns in it.") from e
    return patterns
"""


def test_iter_failed_when_its_argument_is_not_iterable() -> None:
    assert caught(URL_PATTERNS)["failed"] == {
        "code": "iter(patterns)",
        "sentence": "`patterns` is not iterable",
        "line": 5,
    }


def test_a_builtin_call_is_said_only_for_the_one_type_its_argument_makes_it_raise() -> None:
    assert "failed" not in caught(URL_PATTERNS.replace("except TypeError", "except ValueError"))
    assert "failed" not in caught(URL_PATTERNS.replace("except TypeError", "except (TypeError, ValueError)"))
    assert "failed" not in caught(URL_PATTERNS.replace("iter(patterns)", "iter(self.patterns)"))
    assert "failed" not in caught(URL_PATTERNS.replace("iter(patterns)", "iter(patterns)\n        patterns.check()"))


def test_int_and_float_failed_when_their_argument_cannot_be_read_as_one() -> None:
    # django/core/paginator.py:55-58, Django 5.2.19 (`Paginator.validate_number`)
    number = """
    def validate_number(self, number):
        try:
            number = int(number)
        except ValueError:
            raise PageNotAnInteger(self.error_messages["invalid_page"])
    """
    # `int("1.5")` raises too: "not a number" would be false of it.
    assert caught(number)["failed"]["sentence"] == "`number` cannot be read as an integer"
    assert caught(number.replace("int(", "float("))["failed"]["sentence"] == "`number` cannot be read as a number"
    assert "failed" not in caught(number.replace("except ValueError", "except TypeError"))


# rest_framework/relations.py:338-341, DRF 3.18.3 (`HyperlinkedRelatedField.to_internal_value`)
HYPERLINK = """
def to_internal_value(self, data):
    try:
        http_prefix = data.startswith(('http:', 'https:'))
    except AttributeError:
        raise ValidationError("Incorrect type. Expected URL string, received %s." % type(data).__name__)
"""


def test_a_string_method_failed_when_its_object_is_neither_a_string_nor_bytes() -> None:
    # `b"http:".startswith(("http:", "https:"))` raises `TypeError`, not the `AttributeError` caught: bytes data
    # never reaches this raise, so "`data` is not a string" alone would be false of it.
    assert caught(HYPERLINK)["failed"] == {
        "code": "not hasattr(data, 'startswith')",
        "sentence": "`data` is neither a string nor bytes",
        "line": 4,
    }


def test_a_method_only_strings_have_failed_when_its_object_is_not_a_string() -> None:
    said = caught(HYPERLINK.replace("data.startswith(('http:', 'https:'))", "data.encode('idna')"))["failed"]
    assert said["sentence"] == "`data` is not a string"


def test_a_method_lists_have_too_says_nothing() -> None:
    # `[1, 2].index(1)` raises no `AttributeError`: a list is not what `data` fails to be.
    assert "failed" not in caught(HYPERLINK.replace("data.startswith(('http:', 'https:'))", "data.index('http:')"))


def test_a_method_of_no_string_or_an_argument_that_may_raise_says_nothing() -> None:
    assert "failed" not in caught(HYPERLINK.replace("data.startswith", "data.validate"))
    assert "failed" not in caught(HYPERLINK.replace("('http:', 'https:')", "self.prefixes"))
    assert "failed" not in caught(HYPERLINK.replace("data.startswith", "data.url.startswith"))


def test_the_card_says_the_urlconf_has_no_iterable_patterns(db, git_repo) -> None:
    cards = harvest_published(git_repo, django_files("urls/resolvers.py"))
    [card] = [c for key, c in cards.items() if "does not appear to have any patterns in it" in key]
    trigger = card.generated["trigger"]
    assert "is not iterable" in trigger, trigger
    assert "raised `TypeError`" not in trigger, trigger


# pexpect 4.9.0's pexpect/spawnbase.py:385-424 (`SpawnBase.expect_exact`), reduced: the handler raises what its
# `self._pattern_type_err(pattern_list)` raises (spawnbase.py:195-203).
EXPECT_EXACT = """
class SpawnBase:
    def expect_exact(self, pattern_list, timeout=-1):
        try:
            pattern_list = iter(pattern_list)
        except TypeError:
            raise TypeError("got {badtype} as pattern, must be a string, pexpect.EOF or pexpect.TIMEOUT".format(
                badtype=type(pattern_list)))
        return [p for p in pattern_list]
"""


def test_what_failed_reads_its_names_as_they_were_before_the_statement(db, git_repo) -> None:
    # `pattern_list = iter(pattern_list)` failed: `pattern_list` is still the argument, never `iter(pattern_list)`.
    cards = harvest_published(git_repo, {"pexpect/spawnbase.py": EXPECT_EXACT}, "pexpect/pexpect")
    [card] = cards.values()
    said = card.generated["meaning"] + card.generated["trigger"]
    assert "the `pattern_list` argument is not iterable" in said, said
    assert "is `iter(pattern_list)`" not in said, said


# django/contrib/auth/__init__.py:55-66, Django 5.2.19 (`_get_backend_from_user`)
BACKEND_FROM_USER = """
def _get_backend_from_user(user, backend=None):
    try:
        backend = backend or user.backend
    except AttributeError:
        backends = _get_backends(return_tuples=True)
        if len(backends) == 1:
            _, backend = backends[0]
        else:
            raise ValueError("You have multiple authentication backends configured")
"""


def test_a_read_after_or_fails_only_when_each_name_before_it_is_empty() -> None:
    assert caught(BACKEND_FROM_USER)["failed"] == {
        "code": "not backend and (not hasattr(user, 'backend'))",
        "sentence": "`backend` is empty or false and `user` has no `.backend` attribute",
        "line": 4,
    }
    assert "failed" not in caught(BACKEND_FROM_USER.replace("backend or user.backend", "backend() or user.backend"))
    assert "failed" not in caught(BACKEND_FROM_USER.replace("backend or user.backend", "backend or user.a.backend"))

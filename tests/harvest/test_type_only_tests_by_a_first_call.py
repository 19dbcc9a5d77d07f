"""A test that asserts a type alone triggers the raise one or two calls below the function it calls, when that
function makes the call first on the way its arguments take, and that raise is the only one of the type the call
reaches (issue 29, round 19's card 20): `APISettings({'MAX_PAGINATE_BY': 100})` under `assertRaises(RuntimeError)`
meets `__check_user_settings`'s raise. Two raises of the type on the way, an undecided `if` or a call before it, or
a builtin error Python itself may raise before the raise, and the test triggers nothing: say less."""

import pytest

from tests.harvest.test_tests_docs import triggering
from tests.harvest.test_type_only_tests_by_their_call import package_evidence

# Reduced from DRF 3.18.3 `rest_framework/settings.py:204-243` (`APISettings.__init__`, `__check_user_settings`;
# the raise's line split), then shapes of the same kind for the other cases.
SETTINGS = """
REMOVED_SETTINGS = [
    'PAGINATE_BY', 'PAGINATE_BY_PARAM', 'MAX_PAGINATE_BY',
]
DEFAULTS = {'PAGE_SIZE': None}


class APISettings:
    def __init__(self, user_settings=None, defaults=None, import_strings=None):
        if user_settings:
            self._user_settings = self.__check_user_settings(user_settings)
        self.defaults = defaults or DEFAULTS
        self.import_strings = import_strings or ()
        self._cached_attrs = set()

    def __check_user_settings(self, user_settings):
        SETTINGS_DOC = "https://www.django-rest-framework.org/api-guide/settings/"
        for setting in REMOVED_SETTINGS:
            if setting in user_settings:
                raise RuntimeError(
                    "The '%s' setting has been removed. Please refer to '%s' for available settings."
                    % (setting, SETTINGS_DOC)
                )
        return user_settings


class Router:
    def __init__(self, prefix, routes):
        self.prefix = prefix
        self.register(routes)
        if not prefix:
            raise RuntimeError("A router needs a prefix to register its routes.")

    def register(self, routes):
        self.check(routes)

    def check(self, routes):
        for route in routes:
            if route in ('', '/'):
                raise RuntimeError("A route is never empty or the root alone.")


def parse_width(text):
    return checked_width(text)


def checked_width(text):
    if int(text) < 0:
        raise ValueError("A width is never negative at all.")
    return text


class SchemaError(Exception):
    pass


def load_schema(text):
    return build_schema(text)


def build_schema(text):
    check_schema(text)
    return text


def check_schema(text):
    if not text.startswith('{'):
        raise SchemaError("A schema is a JSON object at the top.")


def dump_schema(schema):
    if schema is None:
        raise SchemaError("No schema to dump here at all.")


def layout(options):
    if options.get('strict'):
        validate_layout(options)
    return options


def validate_layout(options):
    for name in options:
        if name in ('float', 'clear'):
            raise RuntimeError("A layout takes no float or clear option.")
"""

# Reduced from DRF 3.18.3 `tests/test_settings.py:19-27`, and the same shape for the others.
TESTS = """
from unittest import TestCase

from drf.core import APISettings, Router, SchemaError, layout, load_schema, parse_width


class TestSettings(TestCase):
    def test_warning_raised_on_removed_setting(self):
        with self.assertRaises(RuntimeError):
            APISettings({
                'MAX_PAGINATE_BY': 100
            })

    def test_router_of_a_root_route(self):
        with self.assertRaises(RuntimeError):
            Router('api', ['/'])

    def test_negative_width(self):
        with self.assertRaises(ValueError):
            parse_width('-1')

    def test_schema_of_a_list(self):
        with self.assertRaises(SchemaError):
            load_schema('[]')

    def test_floating_layout(self):
        with self.assertRaises(RuntimeError):
            layout({'float': 'left'})
"""


@pytest.fixture
def evidence(git_repo) -> dict[str, dict]:
    return package_evidence(git_repo, "drf", SETTINGS, TESTS)


def test_a_constructor_s_first_call_raises_what_the_type_only_test_asserts(evidence) -> None:
    removed = "The '{setting}' setting has been removed. Please refer to '{SETTINGS_DOC}' for available settings."
    [test] = triggering(evidence, removed)
    assert (test["name"], test["how"]) == ("TestSettings.test_warning_raised_on_removed_setting", "type-and-call")


def test_two_calls_down_a_raise_of_a_type_raised_elsewhere_too_is_the_one_met(evidence) -> None:
    """`load_schema` returns `build_schema(text)`, which calls `check_schema(text)` first: of SchemaError's two
    raises, the test meets that one."""
    [test] = triggering(evidence, "A schema is a JSON object at the top.")
    assert test["name"] == "TestSettings.test_schema_of_a_list"
    assert triggering(evidence, "No schema to dump here at all.") == []


def test_two_raises_of_the_type_on_the_way_trigger_nothing(evidence) -> None:
    """`Router('api', ['/'])` reaches `check`'s raise through `register`, and `__init__`'s own after it."""
    assert triggering(evidence, "A route is never empty or the root alone.") == []
    assert triggering(evidence, "A router needs a prefix to register its routes.") == []


def test_a_builtin_error_python_may_raise_before_the_raise_triggers_nothing(evidence) -> None:
    """`int(text)` raises ValueError itself for some texts: the test may meet that one."""
    assert triggering(evidence, "A width is never negative at all.") == []


def test_a_call_under_an_undecided_if_triggers_nothing(evidence) -> None:
    """`options.get('strict')` is not evaluated: whether `layout` calls `validate_layout` is not known."""
    assert triggering(evidence, "A layout takes no float or clear option.") == []

"""Round 21's triggering tests missed or pinned at the wrong call (issue 29, T): a test that loops over a table of
its own (a message per row, or one type for every row), a validator instance called in a loop, and a call wrapped
in a builtin (`len(...)`, `list(...)`). Each is reduced from Django 5.2.19 and its tests."""

import textwrap

import pytest

from kb.harvest.evidence.assertions import read_assertions
from tests.counted_work import stall_guard as guard
from tests.harvest.test_tests_docs import triggering
from tests.harvest.test_type_only_tests_by_their_call import package_evidence

# django/middleware/csrf.py:38-46, 124-140 (Django 5.2.19).
CSRF = '''
import re
import string

REASON_INCORRECT_LENGTH = "has incorrect length"
REASON_INVALID_CHARACTERS = "has invalid characters"

CSRF_SECRET_LENGTH = 32
CSRF_TOKEN_LENGTH = 2 * CSRF_SECRET_LENGTH
CSRF_ALLOWED_CHARS = string.ascii_letters + string.digits

invalid_token_chars_re = re.compile("[^a-zA-Z0-9]")


class InvalidTokenFormat(Exception):
    def __init__(self, reason):
        self.reason = reason


def _check_token_format(token):
    """
    Raise an InvalidTokenFormat error if the token has an invalid length or
    characters that aren't allowed. The token argument can be a CSRF cookie
    secret or non-cookie CSRF token, and either masked or unmasked.
    """
    if len(token) not in (CSRF_TOKEN_LENGTH, CSRF_SECRET_LENGTH):
        raise InvalidTokenFormat(REASON_INCORRECT_LENGTH)
    # Make sure all characters are in CSRF_ALLOWED_CHARS.
    if invalid_token_chars_re.search(token):
        raise InvalidTokenFormat(REASON_INVALID_CHARACTERS)
'''

# tests/csrf_tests/tests.py:149-157 (Django 5.2.19), and the same table with a row the loop skips.
CSRF_TESTS = """
from unittest import TestCase

from csrf.core import InvalidTokenFormat, _check_token_format


class CsrfFunctionTests(TestCase):
    def test_check_token_format_invalid(self):
        cases = [
            (64 * "*", "has invalid characters"),
            (16 * "a", "has incorrect length"),
        ]
        for token, expected_message in cases:
            with self.subTest(token=token):
                with self.assertRaisesMessage(InvalidTokenFormat, expected_message):
                    _check_token_format(token)

    def test_check_token_format_some_rows(self):
        for token, expected_message in [(64 * "*", "has invalid characters"), (None, "has incorrect length")]:
            if token is None:
                continue
            with self.assertRaisesMessage(InvalidTokenFormat, expected_message):
                _check_token_format(token)
"""


def test_a_loop_over_the_tests_own_table_triggers_each_rows_message_with_its_call(git_repo) -> None:
    """Round 21's card 08: the message is the loop's `expected_message`, which the harvest could not read, and of a
    type alone the test's call raises two entries."""
    evidence = package_evidence(git_repo, "csrf", CSRF, CSRF_TESTS)
    [test] = triggering(evidence, "has incorrect length")
    assert (test["name"], test["how"], test["call"]) == (
        "CsrfFunctionTests.test_check_token_format_invalid",
        "message",
        "_check_token_format(16 * 'a')",
    )
    [test] = triggering(evidence, "has invalid characters")
    assert test["call"] == "_check_token_format(64 * '*')"


def test_a_loop_that_may_skip_its_assertion_gives_no_rows() -> None:
    [assertion] = [a for a in read_assertions(CSRF_TESTS, "t.py") if a.name.endswith("some_rows")]
    assert assertion.chunks == ()


def test_a_long_table_in_a_loop_is_read_in_time() -> None:
    rows = ", ".join(f'("{i}", "message number {i}")' for i in range(20_000))
    text = (
        "def test_rows(self):\n"
        f"    for value, message in [{rows}]:\n"
        "        with self.assertRaisesMessage(ValueError, message):\n"
        "            f(value)\n"
    )
    with guard():
        found = read_assertions(text, "t.py")
    assert [a.chunks for a in found] == [()]


# django/core/validators.py:18-56, 76-79 (RegexValidator and validate_slug) and django/contrib/auth/validators.py:8-25
# (Django 5.2.19), in one module; `deconstructible`, `_lazy_re_compile` and the translation left out.
VALIDATORS = '''
import re


class ValidationError(Exception):
    def __init__(self, message, code=None, params=None):
        super().__init__(message, code, params)
        self.message = message


class RegexValidator:
    regex = ""
    message = "Enter a valid value."
    code = "invalid"
    inverse_match = False
    flags = 0

    def __init__(
        self, regex=None, message=None, code=None, inverse_match=None, flags=None
    ):
        if regex is not None:
            self.regex = regex
        if message is not None:
            self.message = message
        if code is not None:
            self.code = code
        if inverse_match is not None:
            self.inverse_match = inverse_match
        if flags is not None:
            self.flags = flags
        if self.flags and not isinstance(self.regex, str):
            raise TypeError(
                "If the flags are set, regex must be a regular expression string."
            )

        self.regex = re.compile(self.regex, self.flags)

    def __call__(self, value):
        """
        Validate that the input contains (or does *not* contain, if
        inverse_match is True) a match for the regular expression.
        """
        regex_matches = self.regex.search(str(value))
        invalid_input = regex_matches if self.inverse_match else not regex_matches
        if invalid_input:
            raise ValidationError(self.message, code=self.code, params={"value": value})


slug_re = re.compile(r"^[-a-zA-Z0-9_]+\\Z")
validate_slug = RegexValidator(
    slug_re,
    "Enter a valid “slug” consisting of letters, numbers, underscores or hyphens.",
    "invalid",
)


class ASCIIUsernameValidator(RegexValidator):
    regex = r"^[\\w.@+-]+\\Z"
    message = (
        "Enter a valid username. This value may contain only unaccented lowercase a-z "
        "and uppercase A-Z letters, numbers, and @/./+/-/_ characters."
    )
    flags = re.ASCII


class UnicodeUsernameValidator(RegexValidator):
    regex = r"^[\\w.@+-]+\\Z"
    message = (
        "Enter a valid username. This value may contain only letters, "
        "numbers, and @/./+/-/_ characters."
    )
    flags = 0
'''

# tests/auth_tests/test_validators.py:371-389 (Django 5.2.19), the ASCII test's lists shortened; then the same
# validator given a message of its own, and the base class, whose wording the test does not say.
VALIDATORS_TESTS = """
from unittest import TestCase

from validators import core as validators
from validators.core import ValidationError


class UsernameValidatorsTests(TestCase):
    def test_unicode_validator(self):
        valid_usernames = ["joe", "René", "ᴮᴵᴳᴮᴵᴿᴰ", "أحمد"]
        invalid_usernames = [
            "o'connell",
            "عبد ال",
            "zerowidth\\u200bspace",
            "nonbreaking\\u00a0space",
            "en\\u2013dash",
            "trailingnewline\\u000a",
        ]
        v = validators.UnicodeUsernameValidator()
        for valid in valid_usernames:
            with self.subTest(valid=valid):
                v(valid)
        for invalid in invalid_usernames:
            with self.subTest(invalid=invalid):
                with self.assertRaises(ValidationError):
                    v(invalid)

    def test_ascii_validator(self):
        invalid_usernames = ["o'connell", "Éric"]
        v = validators.ASCIIUsernameValidator()
        for invalid in invalid_usernames:
            with self.subTest(invalid=invalid):
                with self.assertRaises(ValidationError):
                    v(invalid)

    def test_unicode_validator_worded_by_the_test(self):
        v = validators.UnicodeUsernameValidator(message="Not a name.")
        with self.assertRaises(ValidationError):
            v("o'connell")

    def test_regex_validator(self):
        v = validators.RegexValidator()
        with self.assertRaises(ValidationError):
            v(None)
"""


@pytest.fixture
def usernames(git_repo) -> dict[str, dict]:
    return package_evidence(git_repo, "validators", VALIDATORS, VALIDATORS_TESTS)


UNICODE = "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters."
ASCII = (
    "Enter a valid username. This value may contain only unaccented lowercase a-z and uppercase A-Z letters, "
    "numbers, and @/./+/-/_ characters."
)


def test_a_validator_built_bare_and_called_in_a_loop_triggers_its_own_classes_wording(usernames) -> None:
    """Round 21's card 01: `v(invalid)` named a local, not `UnicodeUsernameValidator.__call__`, which is
    `RegexValidator.__call__`, where every validator's wording is raised."""
    [test] = triggering(usernames, UNICODE)
    assert (test["name"], test["how"], test["call"]) == (
        "UsernameValidatorsTests.test_unicode_validator",
        "type-and-call",
        'v("o\'connell")',
    )
    [test] = triggering(usernames, ASCII)
    assert test["name"] == "UsernameValidatorsTests.test_ascii_validator"


def test_a_validator_given_a_wording_or_the_base_class_triggers_none_of_the_wordings(usernames) -> None:
    for signature in (UNICODE, ASCII, "Enter a valid value."):
        assert [t["name"] for t in triggering(usernames, signature)] in (
            [],
            ["UsernameValidatorsTests.test_unicode_validator"],
            ["UsernameValidatorsTests.test_ascii_validator"],
        )


# django/db/models/query.py:1489-1497, 1599-1612 (QuerySet.filter, QuerySet.select_related) and
# django/test/utils.py:249-267 (iter_test_cases, a generator), Django 5.2.19, the query itself left out; a
# logging filter of the same name (django/utils/log.py:162-163), so that `filter` names no one function.
QUERIES = '''
class TestCase:
    pass


class QuerySet:
    def __init__(self, fields=None):
        self._fields = fields

    def __iter__(self):
        return iter([])

    def filter(self, *args, **kwargs):
        """
        Return a new QuerySet instance with the args ANDed to the existing
        set.
        """
        self._not_support_combined_queries("filter")
        return self._filter_or_exclude(False, args, kwargs)

    def values(self, *fields, **expressions):
        return QuerySet(fields)

    def select_related(self, *fields):
        """
        Return a new QuerySet instance that will select related objects.

        If fields are specified, they must be ForeignKey fields and only those
        related objects are included in the selection.

        If select_related(None) is called, clear the list.
        """
        self._not_support_combined_queries("select_related")
        if self._fields is not None:
            raise TypeError(
                "Cannot call select_related() after .values() or .values_list()"
            )
        return self


class RequireDebugFalse:
    def filter(self, record):
        return True


def iter_test_cases(tests):
    """
    Return an iterator over a test suite's unittest.TestCase objects.

    The tests argument can also be an iterable of TestCase objects.
    """
    for test in tests:
        if isinstance(test, str):
            # Prevent an unfriendly RecursionError that can happen with
            # strings.
            raise TypeError(
                f"Test {test!r} must be a test case or test suite not string "
                f"(was found in {tests!r})."
            )
        if isinstance(test, TestCase):
            yield test
        else:
            # Otherwise, assume it is a test suite.
            yield from iter_test_cases(test)
'''

# tests/select_related/tests.py:196-203 and tests/test_runner/tests.py:109-116 (Django 5.2.19).
QUERIES_TESTS = """
from unittest import TestCase

from queries.core import QuerySet, iter_test_cases


class Species:
    objects = QuerySet()


class SelectRelatedTests(TestCase):
    def test_select_related_after_values(self):
        \"\"\"
        Running select_related() after calling values() raises a TypeError
        \"\"\"
        message = "Cannot call select_related() after .values() or .values_list()"
        with self.assertRaisesMessage(TypeError, message):
            list(Species.objects.values("name").select_related("genus"))


class TestSuiteTests(TestCase):
    def test_iter_test_cases_string_input(self):
        msg = (
            "Test 'a' must be a test case or test suite not string (was found "
            "in 'abc')."
        )
        with self.assertRaisesMessage(TypeError, msg):
            list(iter_test_cases("abc"))
"""


@pytest.fixture
def queries(git_repo) -> dict[str, dict]:
    return package_evidence(git_repo, "queries", QUERIES, QUERIES_TESTS)


def test_a_call_in_a_builtin_that_raises_before_the_builtin_runs_is_shown_alone(queries) -> None:
    """Round 21's card 09 kept `len(...)` around the call that raises: `select_related()` raises in its own body,
    which the test's call resolves to, so `list(...)` never runs."""
    [test] = triggering(queries, "Cannot call select_related() after .values() or .values_list()")
    shown = 'Species.objects.values("name").select_related("genus")'
    assert (test["call"], test["pinned"]) == (shown, _line_of(QUERIES_TESTS, f"list({shown})"))


def test_a_generator_called_in_a_builtin_keeps_the_builtin(queries) -> None:
    """A generator's call runs nothing of its body: `list(...)` is what raises."""
    [test] = triggering(queries, "Test {test} must be a test case or test suite not string (was found in {tests}).")
    assert test["call"] == 'list(iter_test_cases("abc"))'


def _line_of(text: str, code: str) -> int:
    """The line of a test module (as `git_repo.write` stores it, dedented) that holds `code`."""
    return next(n for n, line in enumerate(textwrap.dedent(text).lstrip("\n").split("\n"), 1) if code in line)

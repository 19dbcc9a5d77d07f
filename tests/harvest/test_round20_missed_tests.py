"""Round 20's missed triggering tests (issue 29, T): a test that checks the caught error's message after the block
beside its code, a message the test builds with `%` from literals, and a warning caught by
`warnings.catch_warnings(record=True)` and checked on the record. Each is reduced from Django 5.2.19 or DRF
3.18.3 and their tests."""

from kb.harvest.evidence.assertions import read_assertions
from kb.harvest.evidence.recorded import read_recorded
from tests.adversarial_inputs import LARGE
from tests.counted_work import stall_guard as guard
from tests.harvest.test_tests_docs import triggering
from tests.harvest.test_type_only_tests_by_their_call import package_evidence

# django/contrib/auth/password_validation.py:263-280 (Django 5.2.19), the translation left out.
VALIDATORS = '''
class ValidationError(Exception):
    def __init__(self, message, code=None):
        self.messages = [message]
        self.code = code


class NumericPasswordValidator:
    """
    Validate that the password is not entirely numeric.
    """

    def validate(self, password, user=None):
        if password.isdigit():
            raise ValidationError(
                self.get_error_message(),
                code="password_entirely_numeric",
            )

    def get_error_message(self):
        return "This password is entirely numeric."
'''

# tests/auth_tests/test_validators.py:344-352 (Django 5.2.19).
VALIDATORS_TESTS = """
from unittest import TestCase

from validators.core import NumericPasswordValidator, ValidationError


class NumericPasswordValidatorTest(TestCase):
    def test_validate(self):
        expected_error = "This password is entirely numeric."
        self.assertIsNone(NumericPasswordValidator().validate("a-safe-password"))

        with self.assertRaises(ValidationError) as cm:
            NumericPasswordValidator().validate("42424242")
        self.assertEqual(cm.exception.messages, [expected_error])
        self.assertEqual(cm.exception.error_list[0].code, "password_entirely_numeric")
"""


def test_a_message_checked_after_the_block_beside_the_errors_code_triggers_its_entry(git_repo) -> None:
    """Round 20's card 05: the code compared on the next line is no part of the message, and counted as one it
    made the asserted text fit no message."""
    evidence = package_evidence(git_repo, "validators", VALIDATORS, VALIDATORS_TESTS)
    [test] = triggering(evidence, "This password is entirely numeric.")
    assert (test["name"], test["call"]) == (
        "NumericPasswordValidatorTest.test_validate",
        'NumericPasswordValidator().validate("42424242")',
    )


# django/db/backends/base/operations.py:116-181 (Django 5.2.19), docstrings left out; a backend that defines
# `time_trunc_sql` (django/db/backends/sqlite3/operations.py:110), so that the test's call names no one function.
OPERATIONS = """
class BaseDatabaseOperations:
    def date_trunc_sql(self, lookup_type, sql, params, tzname=None):
        raise NotImplementedError(
            "subclasses of BaseDatabaseOperations may require a date_trunc_sql() method."
        )

    def datetime_trunc_sql(self, lookup_type, sql, params, tzname):
        raise NotImplementedError(
            "subclasses of BaseDatabaseOperations may require a datetime_trunc_sql() "
            "method"
        )

    def time_trunc_sql(self, lookup_type, sql, params, tzname=None):
        raise NotImplementedError(
            "subclasses of BaseDatabaseOperations may require a time_trunc_sql() method"
        )


class DatabaseOperations(BaseDatabaseOperations):
    def time_trunc_sql(self, lookup_type, sql, params, tzname=None):
        return f"django_time_trunc(%s, {sql})", (lookup_type.lower(), *params)
"""

# tests/backends/base/test_operations.py:23-27, 128-132 (Django 5.2.19).
OPERATIONS_TESTS = """
from unittest import TestCase

from operations.core import BaseDatabaseOperations


class SimpleDatabaseOperationTests(TestCase):
    may_require_msg = "subclasses of BaseDatabaseOperations may require a %s() method"

    def setUp(self):
        self.ops = BaseDatabaseOperations()

    def test_time_trunc_sql(self):
        with self.assertRaisesMessage(
            NotImplementedError, self.may_require_msg % "time_trunc_sql"
        ):
            self.ops.time_trunc_sql(None, None, None)
"""


def test_a_message_built_with_percent_from_literals_triggers_the_one_entry_it_makes(git_repo) -> None:
    """Round 20's card 13: cut at its `%s` the message fits the three entries, and `time_trunc_sql` names two
    functions, so the test was shown for none."""
    evidence = package_evidence(git_repo, "operations", OPERATIONS, OPERATIONS_TESTS)
    [test] = triggering(evidence, "subclasses of BaseDatabaseOperations may require a time_trunc_sql() method")
    assert test["call"] == "self.ops.time_trunc_sql(None, None, None)"
    assert triggering(evidence, "subclasses of BaseDatabaseOperations may require a date_trunc_sql() method.") == []


# rest_framework/schemas/openapi.py:63-85 (DRF 3.18.3), the paths and the permissions left out.
SCHEMAS = '''
import warnings


class SchemaGenerator:
    def __init__(self, views):
        self.views = views

    def get_schema(self, request=None, public=False):
        """
        Generate a OpenAPI schema.
        """
        components_schemas = {}
        for view in self.views:
            components = view.schema.get_components()
            for k in components.keys():
                if k not in components_schemas:
                    continue
                if components_schemas[k] == components[k]:
                    continue
                warnings.warn(f'Schema component "{k}" has been overridden with a different value.')
            components_schemas.update(components)
        return components_schemas
'''

# tests/schemas/test_openapi.py:1366-1385 (DRF 3.18.3), and a record checked for its length alone
# (Django 5.2.19's tests/pagination/tests.py:566-568).
SCHEMAS_TESTS = """
import warnings

from schemas.core import SchemaGenerator
from tests import views


class TestGenerator:
    def test_duplicate_component_name(self):
        generator = SchemaGenerator([views.Duplicate1(), views.Duplicate2()])

        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter('always')
            schema = generator.get_schema(request=None)

            assert len(w) == 1
            assert issubclass(w[-1].category, UserWarning)
            assert 'has been overridden with a different value.' in str(w[-1].message)

        assert 'Duplicate' in schema

    def test_no_warning(self):
        generator = SchemaGenerator([views.Duplicate1()])
        with warnings.catch_warnings(record=True) as recorded:
            generator.get_schema(request=None)
        assert len(recorded) == 0
"""


def test_a_warning_recorded_and_checked_on_the_record_triggers_its_entry(git_repo) -> None:
    """Round 20's card 18: `warnings.catch_warnings(record=True)` was no assertion the harvest knew."""
    evidence = package_evidence(git_repo, "schemas", SCHEMAS, SCHEMAS_TESTS)
    [test] = triggering(evidence, 'Schema component "{k}" has been overridden with a different value.')
    assert (test["name"], test["call"]) == (
        "TestGenerator.test_duplicate_component_name",
        "schema = generator.get_schema(request=None)",
    )


# Hostile test files: each reader in linear time ----------------------------------------------------------------


def test_a_64_kib_template_filled_with_a_literal_is_read_in_time() -> None:
    zeros = "0" * (LARGE - 100)
    test = (
        "def test_zeros(self):\n"
        f'    with self.assertRaisesMessage(ValueError, "%{zeros}! %s" % "x"):\n        f()\n'
        f'    with self.assertRaisesMessage(ValueError, "{{{zeros}}} {{}}".format("x")):\n        f()\n'
    )
    with guard():
        first, second = read_assertions(test, "tests/test_zeros.py")
    assert first.exact is None and first.chunks  # `%0…0!` is no plain conversion: cut, not filled
    assert second.exact is None


def test_a_64_kib_run_of_recorded_warnings_is_read_in_time() -> None:
    text = "import warnings\n\ndef test_runs(self):\n" + "    with warnings.catch_warnings(record=True) as w: f()\n" * (
        LARGE // 60
    )
    with guard():
        assert read_recorded(text, "tests/test_runs.py") == []

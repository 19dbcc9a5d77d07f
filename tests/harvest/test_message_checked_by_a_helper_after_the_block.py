"""A test's own helper that catches the error and then compares its message with a parameter asserts, at each
call, the message the call passes: Django's `_test_validation_messages(field, value, expected)` does `with
self.assertRaises(ValidationError) as cm: field.clean(value, None)`, then `assertEqual(cm.exception.messages,
expected)`. Round 23's card 16 (`BooleanField.to_python`'s nullable message) found no test."""

from tests.harvest.published import harvest_published

# Reduced from Django 5.2.19's django/db/models/fields/__init__.py: `Field.clean` (lines 818-831) and
# `BooleanField` (1153-1183), the error messages written in place of their `gettext_lazy` calls.
FIELDS = '''
from django.core import exceptions


class Field:
    empty_values = [None, "", [], (), {}]

    def __init__(self, null=False, error_messages=None):
        self.null = null
        self.error_messages = dict(self.default_error_messages, **(error_messages or {}))

    def to_python(self, value):
        return value

    def clean(self, value, model_instance):
        """
        Convert the value's type and run validation. Validation errors
        from to_python() and validate() are propagated. Return the correct
        value if no error is raised.
        """
        value = self.to_python(value)
        return value


class BooleanField(Field):
    empty_strings_allowed = False
    default_error_messages = {
        "invalid": "“%(value)s” value must be either True or False.",
        "invalid_nullable": "“%(value)s” value must be either True, False, or None.",
    }

    def to_python(self, value):
        if self.null and value in self.empty_values:
            return None
        if value in (True, False):
            return bool(value)
        if value in ("t", "True", "1"):
            return True
        if value in ("f", "False", "0"):
            return False
        raise exceptions.ValidationError(
            self.error_messages["invalid_nullable" if self.null else "invalid"],
            code="invalid",
            params={"value": value},
        )
'''

# Reduced from Django 5.2.19's tests/validation/test_error_messages.py (lines 1-31).
TESTS = """
from unittest import TestCase

from django.core.exceptions import ValidationError
from django.db import models


class ValidationMessagesTest(TestCase):
    def _test_validation_messages(self, field, value, expected):
        with self.assertRaises(ValidationError) as cm:
            field.clean(value, None)
        self.assertEqual(cm.exception.messages, expected)

    def test_nullable_boolean_field_raises_error_message(self):
        f = models.BooleanField(null=True)
        self._test_validation_messages(
            f, "fõo", ["“fõo” value must be either True, False, or None."]
        )

    def test_boolean_field_code(self):
        f = models.BooleanField(null=True)
        with self.assertRaises(ValidationError) as cm:
            f.clean("fõo", None)
        self.assertEqual(cm.exception.code, "invalid")
"""


def test_each_call_of_a_helper_checking_the_caught_message_triggers_the_raise(db, git_repo) -> None:
    files = {"django/__init__.py": "", "django/db/models/fields/__init__.py": FIELDS}
    cards = harvest_published(git_repo, files | {"tests/validation/test_error_messages.py": TESTS})
    card = cards["“{value}” value must be either True, False, or None."]
    names = [test["name"] for test in card.evidence["tests"]]
    assert "ValidationMessagesTest.test_nullable_boolean_field_raises_error_message" in names
    assert "ValidationMessagesTest._test_validation_messages" not in names  # the helper is no test
    assert "test_nullable_boolean_field_raises_error_message" in card.generated["how_to_trigger"]


def test_the_card_shows_what_the_helper_runs_with_the_test_s_arguments(db, git_repo) -> None:
    """Round 25's card 13: the test's call of the helper hid `field.clean(value, None)`; the card shows it with the
    test's arguments in place, after the line that builds `f`."""
    files = {"django/__init__.py": "", "django/db/models/fields/__init__.py": FIELDS}
    cards = harvest_published(git_repo, files | {"tests/validation/test_error_messages.py": TESTS})
    card = cards["“{value}” value must be either True, False, or None."]
    [test] = [t for t in card.evidence["tests"] if t["name"].endswith("raises_error_message")]
    assert test["bound"] == 'f.clean("fõo", None)'
    shown = card.generated["how_to_trigger"]
    assert "f = models.BooleanField(null=True)\n    # what self._test_validation_messages(...) runs:\n" in shown
    assert '    f.clean("fõo", None)\n' in shown


def test_a_helper_that_does_more_first_or_is_given_a_call_binds_nothing() -> None:
    """Bound only when the helper's block is what it does first and each argument put in is a plain value: a
    helper that prepares the value first, or a call handed in (it would run at another time), gives nothing."""
    from kb.harvest.evidence.assertions import read_assertions

    prepared = TESTS.replace(
        "        with self.assertRaises(ValidationError) as cm:\n            field.clean(value, None)\n        self",
        "        value = value.strip()\n        with self.assertRaises(ValidationError) as cm:\n"
        "            field.clean(value, None)\n        self",
        1,
    )
    handed = TESTS.replace('f, "fõo", ["', 'f, make("fõo"), ["', 1)
    for text in (prepared, handed):
        found = read_assertions(text, "tests/validation/test_error_messages.py")
        [call] = [a for a in found if a.form == "_test_validation_messages"]
        assert call.bound == ""
    [call] = [a for a in read_assertions(TESTS, "tests/validation/test_error_messages.py") if a.form != "assertRaises"]
    assert call.bound == 'f.clean("fõo", None)'

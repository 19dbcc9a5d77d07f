"""Of the tests that name a message, one whose call raises it comes before one that reads it back from a form's
errors: the raising call is the trigger itself, trimmed to one line, where the other shows what produced the data
(round 30's review, point 3: a trimmed call gets T=3, a whole test T=2). Reduced from Django 5.2.19:
django/contrib/auth/password_validation.py:218-246, tests/auth_tests/test_forms.py:236-251 and
tests/auth_tests/test_validators.py:126-135."""

from tests.harvest.test_tests_docs import evidence_of, triggering

VALIDATION = """
class ValidationError(Exception):
    pass


class MinimumLengthValidator:
    def __init__(self, min_length=8):
        self.min_length = min_length

    def validate(self, password, user=None):
        if len(password) < self.min_length:
            raise ValidationError("This password is too short.")
"""

FORM_TESTS = """
from django.test import TestCase


class UserCreationFormTest(TestCase):
    def test_validates_password(self):
        data = {"username": "otherclient", "password1": "other", "password2": "other"}
        form = UserCreationForm(data)
        self.assertFalse(form.is_valid())
        self.assertEqual(form.errors["password2"], ["This password is too short."])
"""

VALIDATOR_TESTS = """
from django.test import SimpleTestCase

from auth.password_validation import MinimumLengthValidator, ValidationError


class MinimumLengthValidatorTest(SimpleTestCase):
    def test_validate(self):
        with self.assertRaisesMessage(ValidationError, "This password is too short."):
            MinimumLengthValidator().validate("1234567")
"""


def test_the_test_that_raises_the_message_leads_the_one_that_reads_it_from_data(git_repo) -> None:
    git_repo.write("pyproject.toml", "[project]\nname = 'auth'\n")
    git_repo.write("auth/__init__.py", "")
    git_repo.write("auth/password_validation.py", VALIDATION)
    git_repo.write("tests/test_forms.py", FORM_TESTS)
    git_repo.write("tests/test_validators.py", VALIDATOR_TESTS)
    evidence = evidence_of(git_repo.root / "auth", "auth")
    raising, read_back = triggering(evidence, "This password is too short.")
    assert (raising["name"], raising["call"]) == (
        "MinimumLengthValidatorTest.test_validate",
        'MinimumLengthValidator().validate("1234567")',
    )
    assert (read_back["name"], read_back["returned_in"]) == (
        "UserCreationFormTest.test_validates_password",
        "form.errors['password2']",
    )

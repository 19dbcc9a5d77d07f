"""A test that compares a form's errors with a message it names by its key in the form's table
(`[str(form.error_messages["inactive"])]` of a `form = AuthenticationForm(None, data)`) triggers the raise of that
form's own method that reads `error_messages["inactive"]` (round 30's review, point 3: Django's auth forms have no
"how to trigger it" though their tests check each message). A key another class raises, a class the package
defines twice, or a name the test binds to anything but a class it builds, triggers nothing.

Reduced from Django 5.2.19: django/contrib/auth/forms.py:288-301, 376-392 and 540-562;
tests/auth_tests/test_forms.py:503-513 and 919-933."""

from tests.harvest.test_tests_docs import evidence_of, triggering

FORMS = """
class ValidationError(Exception):
    pass


class AuthenticationForm:
    error_messages = {
        "invalid_login": "Please enter a correct %(username)s and password.",
        "inactive": "This account is inactive.",
    }

    def confirm_login_allowed(self, user):
        if not user.is_active:
            raise ValidationError(
                self.error_messages["inactive"],
                code="inactive",
            )


class PasswordChangeForm:
    error_messages = {
        "password_incorrect": "Your old password was entered incorrectly. Please enter it again.",
    }

    def clean_old_password(self):
        old_password = self.cleaned_data["old_password"]
        if not self.user.check_password(old_password):
            raise ValidationError(
                self.error_messages["password_incorrect"],
                code="password_incorrect",
            )
        return old_password
"""

TESTS = """
from django.test import TestCase

from auth.forms import AuthenticationForm, PasswordChangeForm


class AuthenticationFormTest(TestCase):
    def test_inactive_user(self):
        # The user is inactive.
        data = {
            "username": "inactive",
            "password": "password",
        }
        form = AuthenticationForm(None, data)
        self.assertFalse(form.is_valid())
        self.assertEqual(
            form.non_field_errors(), [str(form.error_messages["inactive"])]
        )


class PasswordChangeFormTest(TestCase):
    def test_incorrect_password(self):
        user = User.objects.get(username="testclient")
        data = {
            "old_password": "test",
            "new_password1": "abc123",
            "new_password2": "abc123",
        }
        form = PasswordChangeForm(user, data)
        self.assertFalse(form.is_valid())
        self.assertEqual(
            form["old_password"].errors,
            [str(form.error_messages["password_incorrect"])],
        )

    def test_a_form_made_elsewhere(self):
        form = make_form()
        self.assertEqual(form.errors["old_password"], [form.error_messages["password_incorrect"]])
"""


def checkout(git_repo, forms: str = FORMS):
    git_repo.write("pyproject.toml", "[project]\nname = 'auth'\n")
    git_repo.write("auth/__init__.py", "")
    git_repo.write("auth/forms.py", forms)
    git_repo.write("tests/test_forms.py", TESTS)
    return evidence_of(git_repo.root / "auth", "auth")


def test_a_form_s_errors_compared_with_its_message_by_key_trigger_the_raise_that_reads_it(git_repo) -> None:
    evidence = checkout(git_repo)
    [inactive] = triggering(evidence, "This account is inactive.")
    assert (inactive["name"], inactive["returned_in"]) == (
        "AuthenticationFormTest.test_inactive_user",
        "form.non_field_errors()",
    )
    assert inactive["call"].startswith("data = {")  # what the form is given, then the form
    assert inactive["call"].endswith("form = AuthenticationForm(None, data)\nself.assertFalse(form.is_valid())")
    [incorrect] = triggering(evidence, "Your old password was entered incorrectly. Please enter it again.")
    assert incorrect["name"] == "PasswordChangeFormTest.test_incorrect_password"
    assert incorrect["returned_in"] == "form['old_password'].errors"


def test_a_key_two_classes_of_that_name_raise_triggers_neither(git_repo) -> None:
    twice = FORMS + "\n\n" + FORMS.split("class PasswordChangeForm:")[1].join(["class PasswordChangeForm:", ""])
    evidence = checkout(git_repo, twice)
    assert triggering(evidence, "Your old password was entered incorrectly. Please enter it again.") == []
    assert len(triggering(evidence, "This account is inactive.")) == 1

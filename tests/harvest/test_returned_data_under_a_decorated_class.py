"""A test that reads an error back from a form's errors, in a class whose decorator changes settings, is kept with
its class's decorated header, which the card shows: Django's login form is asked about an inactive user only under
`AllowAllUsersModelBackend` (the default backend refuses the user first, with another message). Reduced from
Django 5.2.19: django/contrib/auth/forms.py:376-392 and tests/admin_views/test_forms.py:1-28."""

import io

from django.core.management import call_command

from kb.models import ErrorEntry
from tests.harvest.test_tests_docs import evidence_of, triggering

FORMS = """
class ValidationError(Exception):
    pass


class AuthenticationForm:
    def confirm_login_allowed(self, user):
        if not user.is_active:
            raise ValidationError("This account is inactive.", code="inactive")
"""

TESTS = """
from django.test import TestCase, override_settings

from auth.forms import AuthenticationForm


# To verify that the login form rejects inactive users, use an authentication
# backend that allows them.
@override_settings(
    AUTHENTICATION_BACKENDS=["django.contrib.auth.backends.AllowAllUsersModelBackend"]
)
class AdminAuthenticationFormTests(TestCase):
    def test_inactive_user(self):
        data = {
            "username": "inactive",
            "password": "password",
        }
        form = AuthenticationForm(None, data)
        self.assertEqual(form.errors["__all__"], ["This account is inactive."])
"""


def write(git_repo) -> None:
    git_repo.write("pyproject.toml", "[project]\nname = 'auth'\n")
    git_repo.write("auth/__init__.py", "")
    git_repo.write("auth/forms.py", FORMS)
    git_repo.write("tests/test_forms.py", TESTS)


def test_the_test_is_kept_with_its_class_s_settings_decorator(git_repo) -> None:
    write(git_repo)
    [test] = triggering(evidence_of(git_repo.root / "auth", "auth"), "This account is inactive.")
    assert test["head"].startswith("@override_settings(\n    AUTHENTICATION_BACKENDS=[")
    assert test["head"].endswith("class AdminAuthenticationFormTests(TestCase):")


def test_the_card_shows_the_test_under_its_class_s_decorator(db, git_repo) -> None:
    write(git_repo)
    git_repo.commit("auth")
    call_command("harvest", str(git_repo.root), "--repo", "example/auth", "--no-progress", stdout=io.StringIO())
    shown = ErrorEntry.objects.get(message="This account is inactive.").generated["how_to_trigger"]
    assert "```python\n@override_settings(\n    AUTHENTICATION_BACKENDS=[" in shown
    assert "    def test_inactive_user(self):\n" in shown

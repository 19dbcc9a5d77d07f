"""A test that reads an error back from a form's errors under `@override_settings(...)` is kept with its decorator,
which the card shows (Django's password validators run only under the test's `AUTH_PASSWORD_VALIDATORS`); a test
too long to keep whole, whose kept lines leave the decorator out, triggers nothing: its lines alone would not
give the error. Reduced from Django 5.2.19: django/contrib/auth/password_validation.py:179-199 and
tests/auth_tests/test_forms.py:218-251."""

from tests.harvest.test_tests_docs import evidence_of, triggering

VALIDATION = """
class ValidationError(Exception):
    pass


class UserAttributeSimilarityValidator:
    def validate(self, password, user=None):
        if password == user.username:
            raise ValidationError("The password is too similar to the username.")
"""

DECORATOR = """
    @override_settings(
        AUTH_PASSWORD_VALIDATORS=[
            {
                "NAME": (
                    "django.contrib.auth.password_validation."
                    "UserAttributeSimilarityValidator"
                )
            },
        ]
    )"""

TEST = """
    def test_validates_password(self):{checks}
        data = {
            "username": "otherclient",
            "password1": "otherclient",
            "password2": "otherclient",
        }
        form = UserCreationForm(data)
        self.assertEqual(
            form.errors["password2"], ["The password is too similar to the username."]
        )
"""


def harvested(git_repo, checks: str = "") -> list[dict]:
    tests = "from django.test import TestCase, override_settings\n\n\nclass UserCreationFormTest(TestCase):"
    git_repo.write("pyproject.toml", "[project]\nname = 'auth'\n")
    git_repo.write("auth/__init__.py", "")
    git_repo.write("auth/password_validation.py", VALIDATION)
    git_repo.write("tests/test_forms.py", tests + DECORATOR + TEST.replace("{checks}", checks))
    return triggering(evidence_of(git_repo.root / "auth", "auth"), "The password is too similar to the username.")


def test_the_test_is_kept_with_the_decorator_that_changes_its_settings(git_repo) -> None:
    [test] = harvested(git_repo)
    assert test["code"].startswith("    @override_settings(\n        AUTH_PASSWORD_VALIDATORS=[")
    assert test["call"].endswith("form = UserCreationForm(data)")


def test_a_long_test_kept_without_its_settings_decorator_triggers_nothing(git_repo) -> None:
    checks = "".join(f"\n        self.assertIn('password{n}', UserCreationForm.base_fields)" for n in range(1, 40))
    assert harvested(git_repo, checks) == []

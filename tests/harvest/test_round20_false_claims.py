"""Round 20's false claims (/work/review/round20, docs/card-review.md), each on reduced Django code of its shape."""

from tests.harvest.published import django_files, harvest_published

# Django 5.2.19's tests/auth_tests/test_login.py (sdist): lines 1-16 and 28-75, without the two tests that log a
# user in (17-26).
LOGIN_TESTS = """
from django.contrib import auth
from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest
from django.test import TestCase
from django.utils.deprecation import RemovedInDjango61Warning


class TestLogin(TestCase):
    @classmethod
    def setUpTestData(cls):
        cls.user = User.objects.create_user(username="testuser", password="password")

    def setUp(self):
        self.request = HttpRequest()
        self.request.session = self.client.session

    # RemovedInDjango61Warning: When the deprecation ends, replace with:
    # def test_without_user(self):
    def test_without_user_no_request_user(self):
        # RemovedInDjango61Warning: When the deprecation ends, replace with:
        # with self.assertRaisesMessage(
        #     AttributeError,
        #     "'NoneType' object has no attribute 'get_session_auth_hash'",
        # ):
        #     auth.login(self.request, None)
        with (
            self.assertRaisesMessage(
                AttributeError,
                "'HttpRequest' object has no attribute 'user'",
            ),
            self.assertWarnsMessage(
                RemovedInDjango61Warning,
                "Fallback to request.user when user is None will be removed.",
            ),
        ):
            auth.login(self.request, None)

    # RemovedInDjango61Warning: When the deprecation ends, remove completely.
    def test_without_user_anonymous_request(self):
        self.request.user = AnonymousUser()
        with (
            self.assertRaisesMessage(
                AttributeError,
                "'AnonymousUser' object has no attribute '_meta'",
            ),
            self.assertWarnsMessage(
                RemovedInDjango61Warning,
                "Fallback to request.user when user is None will be removed.",
            ),
        ):
            auth.login(self.request, None)

    # RemovedInDjango61Warning: When the deprecation ends, remove completely.
    def test_without_user_authenticated_request(self):
        self.request.user = self.user
        self.assertNotIn(auth.SESSION_KEY, self.request.session)

        msg = "Fallback to request.user when user is None will be removed."
        with self.assertWarnsMessage(RemovedInDjango61Warning, msg):
            auth.login(self.request, None)
        self.assertEqual(self.request.session[auth.SESSION_KEY], str(self.user.pk))
"""


def test_a_warning_asserted_inside_an_assertion_of_another_error_is_not_triggered_by_the_test(db, git_repo) -> None:
    # Round 20's card 11: `login(request, None)` reads `request.user` before it warns
    # (django/contrib/auth/__init__.py:163-166); on a bare `HttpRequest()` that is an AttributeError, which the test
    # asserts around `assertWarnsMessage` (which lets an error through unchecked): the warning is never issued.
    files = {**django_files("contrib/auth/__init__.py"), "tests/auth_tests/test_login.py": LOGIN_TESTS}
    card = harvest_published(git_repo, files)["Fallback to request.user when user is None will be removed."]
    named = [test["name"] for test in card.evidence["tests"]]
    assert "TestLogin.test_without_user_no_request_user" not in named
    assert "TestLogin.test_without_user_authenticated_request" in named
    assert "test_without_user_no_request_user" not in card.generated["situations"] + card.generated["how_to_trigger"]

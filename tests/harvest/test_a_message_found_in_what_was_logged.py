"""A test that finds an error's message in what its call logged (`with self.assertLogs(...) as cm:`, then a check
of `cm`'s records against a name it imports from the package) triggers the one raise that passes that name as its
message (round 35's card 02: the middleware catches the `RejectRequest` and logs its reason, so no test asserts a
raise). The check may be the test's own or a method of the test file handed the log and the name, and the block
may be a helper's that the test hands the name. A name the module
also hands its logger without a raise (`REASON_BAD_ORIGIN`), or a literal, triggers nothing: a log line holds more
than an error's message.

Reduced from Django 5.2.19: django/middleware/csrf.py:29-33, 353-386, 430-441, 455-470;
tests/csrf_tests/tests.py:59-72, 357-371, 487-500, 868-884 and 898-910."""

from tests.harvest.test_tests_docs import evidence_of, triggering

MIDDLEWARE = """
import logging

logger = logging.getLogger("django.security.csrf")

REASON_BAD_ORIGIN = "Origin checking failed - %s does not match any trusted origins."
REASON_NO_CSRF_COOKIE = "CSRF cookie not set."
REASON_CSRF_TOKEN_MISSING = "CSRF token missing."


class RejectRequest(Exception):
    def __init__(self, reason):
        self.reason = reason


class CsrfViewMiddleware:
    def _reject(self, request, reason):
        logger.warning("Forbidden (%s): %s", reason, request.path)
        return 403

    def _check_token(self, request):
        csrf_secret = self._get_secret(request)
        if csrf_secret is None:
            raise RejectRequest(REASON_NO_CSRF_COOKIE)
        request_csrf_token = request.POST.get("csrfmiddlewaretoken", "")
        if request_csrf_token == "":
            try:
                request_csrf_token = request.META["HTTP_X_CSRFTOKEN"]
            except KeyError:
                raise RejectRequest(REASON_CSRF_TOKEN_MISSING)

    def process_view(self, request, callback, callback_args, callback_kwargs):
        if "HTTP_ORIGIN" in request.META:
            if not self._origin_verified(request):
                return self._reject(request, REASON_BAD_ORIGIN % request.META["HTTP_ORIGIN"])
        try:
            self._check_token(request)
        except RejectRequest as exc:
            return self._reject(request, exc.reason)
"""

TESTS = """
import logging

from django.test import SimpleTestCase

from csrf.middleware import (
    REASON_BAD_ORIGIN,
    REASON_CSRF_TOKEN_MISSING,
    REASON_NO_CSRF_COOKIE,
    CsrfViewMiddleware,
)


class CsrfViewMiddlewareTests(SimpleTestCase):
    def assertForbiddenReason(
        self, response, logger_cm, reason, levelno=logging.WARNING
    ):
        self.assertEqual(len(logger_cm.records), 1)
        record = logger_cm.records[0]
        self.assertEqual(record.getMessage(), "Forbidden (%s): " % reason)
        self.assertEqual(record.levelno, levelno)
        self.assertEqual(response.status_code, 403)

    def _check_bad_or_missing_cookie(self, cookie, expected):
        req = self._get_request(method="POST", cookie=cookie)
        mw = CsrfViewMiddleware(post_form_view)
        with self.assertLogs("django.security.csrf", "WARNING") as cm:
            resp = mw.process_view(req, post_form_view, (), {})
        self.assertForbiddenReason(resp, cm, expected)

    def test_no_csrf_cookie(self):
        self._check_bad_or_missing_cookie(None, REASON_NO_CSRF_COOKIE)

    def test_bad_csrf_cookie_length(self):
        self._check_bad_or_missing_cookie(16 * "a", "CSRF cookie not set.")

    def test_put_and_delete_rejected(self):
        req = self._get_request(method="PUT")
        mw = CsrfViewMiddleware(post_form_view)
        with self.assertLogs("django.security.csrf", "WARNING") as cm:
            resp = mw.process_view(req, post_form_view, (), {})
        self.assertForbiddenReason(resp, cm, REASON_NO_CSRF_COOKIE)

    def test_reading_post_data_raises_unreadable_post_error(self):
        req = self._get_POST_request_with_token(request_class=PostErrorRequest)
        req.post_error = UnreadablePostError("Error reading input data.")
        mw = CsrfViewMiddleware(post_form_view)
        with self.assertLogs("django.security.csrf", "WARNING") as cm:
            resp = mw.process_view(req, post_form_view, (), {})
        self.assertEqual(cm.records[0].getMessage(), "Forbidden (%s): " % REASON_CSRF_TOKEN_MISSING)

    def test_bad_origin_bad_domain(self):
        req = self._get_POST_request_with_token()
        req.META["HTTP_ORIGIN"] = "https://www.evil.org"
        mw = CsrfViewMiddleware(post_form_view)
        with self.assertLogs("django.security.csrf", "WARNING") as cm:
            response = mw.process_view(req, post_form_view, (), {})
        self.assertForbiddenReason(response, cm, REASON_BAD_ORIGIN)

    def test_a_literal_in_the_log(self):
        req = self._get_request(method="PUT")
        mw = CsrfViewMiddleware(post_form_view)
        with self.assertLogs("django.security.csrf", "WARNING") as cm:
            mw.process_view(req, post_form_view, (), {})
        self.assertIn("CSRF token missing.", cm.output[0])

    def test_the_level_alone(self):
        req = self._get_request(method="PUT")
        mw = CsrfViewMiddleware(post_form_view)
        with self.assertLogs("django.security.csrf", "WARNING") as cm:
            mw.process_view(req, post_form_view, (), {})
        self.assertEqual(cm.records[0].levelno, REASON_NO_CSRF_COOKIE)
"""


def checkout(git_repo, middleware: str = MIDDLEWARE):
    git_repo.write("pyproject.toml", "[project]\nname = 'csrf'\n")
    git_repo.write("csrf/__init__.py", "")
    git_repo.write("csrf/middleware.py", middleware)
    git_repo.write("tests/test_csrf.py", TESTS)
    return evidence_of(git_repo.root / "csrf", "csrf")


def test_a_logged_reason_named_by_the_package_s_name_triggers_the_raise_that_passes_it(git_repo) -> None:
    evidence = checkout(git_repo)
    [missing] = triggering(evidence, "CSRF token missing.")
    assert (missing["name"], missing["returned_in"]) == (
        "CsrfViewMiddlewareTests.test_reading_post_data_raises_unreadable_post_error",
        "cm.records",
    )
    assert missing["call"].startswith("req = self._get_POST_request_with_token(")  # what the call is given
    assert missing["call"].endswith("    resp = mw.process_view(req, post_form_view, (), {})")
    # Through the file's own check, and through a helper whose block logs and whose check reads its parameter.
    helped, put = triggering(evidence, "CSRF cookie not set.")  # in the order of the file
    assert put["name"] == "CsrfViewMiddlewareTests.test_put_and_delete_rejected"
    assert (helped["name"], helped["call"]) == (
        "CsrfViewMiddlewareTests.test_no_csrf_cookie",
        "self._check_bad_or_missing_cookie(None, REASON_NO_CSRF_COOKIE)",
    )


def test_a_name_the_module_also_reads_elsewhere_triggers_nothing(git_repo) -> None:
    # A second read of the name that is no raise: the log may come from it.
    evidence = checkout(git_repo, MIDDLEWARE + "\n\ndef note(request):\n    logger.warning(REASON_NO_CSRF_COOKIE)\n")
    assert triggering(evidence, "CSRF cookie not set.") == []
    assert len(triggering(evidence, "CSRF token missing.")) == 1

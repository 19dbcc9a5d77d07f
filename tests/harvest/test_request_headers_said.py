"""A local read from the request's environ is said as the header the reader sent (issue 29, round 23's CSRF cards):
`request.META.get("HTTP_REFERER")` is "the request's `Referer` header", never the code. The process's own
environment (`os.environ`) is no request header."""

import pytest

from kb.cards.headers import header_test, request_header
from tests.harvest.published import harvest_published

# django/middleware/csrf.py:297-300 (Django 5.2.19), reduced.
CSRF = """
REASON_NO_REFERER = "Referer checking failed - no Referer."


class RejectRequest(Exception):
    def __init__(self, reason):
        self.reason = reason


class CsrfViewMiddleware:
    def _check_referer(self, request):
        referer = request.META.get("HTTP_REFERER")
        if referer is None:
            raise RejectRequest(REASON_NO_REFERER)
"""
# django/http/multipartparser.py:58-75 (Django 5.2.19), reduced.
MULTIPART = '''
class MultiPartParserError(Exception):
    pass


class MultiPartParser:
    def __init__(self, META, input_data, upload_handlers, encoding=None):
        """
        Initialize the MultiPartParser object.
        """
        content_type = META.get("CONTENT_TYPE", "")
        if not content_type.startswith("multipart/"):
            raise MultiPartParserError("Invalid Content-Type: %s" % content_type)
'''


@pytest.mark.django_db
def test_a_local_read_from_the_request_environ_is_the_header(git_repo) -> None:
    entries = harvest_published(
        git_repo, {"django/middleware/csrf.py": CSRF, "django/http/multipartparser.py": MULTIPART}
    )
    referer = entries["Referer checking failed - no Referer."].generated
    said = "`referer` is the request's `Referer` header, `None` when the request has none"
    assert said in referer.get("meaning", "")
    assert said in referer.get("trigger", "")
    assert "HTTP_REFERER" not in referer.get("meaning", "")
    content_type = entries["Invalid Content-Type: {content_type}"].generated.get("meaning", "")
    assert "`content_type` is the request's `Content-Type` header, `''` when the request has none" in content_type


def test_only_a_request_s_environ_holds_headers() -> None:
    assert request_header("request.META['HTTP_X_FORWARDED_FOR']") == "the request's `X-Forwarded-For` header"
    assert request_header("request.headers.get('Authorization')").startswith("the request's `Authorization` header")
    assert request_header("self.environ.get('HTTP_HOST', 'x')") == (
        "the request's `Host` header, `'x'` when the request has none"
    )
    for written in (
        "os.environ.get('HTTP_PROXY')",  # the process's variables (httpoxy), not the request's
        "environ.get('HTTP_PROXY')",  # maybe `from os import environ`
        "request.META.get('REMOTE_ADDR')",  # a CGI variable, no header
        "request.META.get(key)",
        "request.META.get('HTTP_HOST', default)",
    ):
        assert request_header(written) == "", written


def test_a_test_for_a_header_in_the_request_environ_is_said_as_the_header_sent() -> None:
    # django/middleware/csrf.py:436 and django/http/request.py:173 (Django 5.2.19).
    assert header_test("'HTTP_ORIGIN' not in request.META") == "the request has no `Origin` header"
    assert header_test('"HTTP_HOST" in self.META') == "the request has the `Host` header"
    for written in (
        "'Content-Type' in self.headers",  # a response's headers (django/http/response.py:122): nothing was sent
        "'CSRF_COOKIE' in request.META",  # django/middleware/csrf.py:106: set by the middleware, no header
        "'HTTP_PROXY' in os.environ",  # the process's variables
        "key in request.META",
    ):
        assert header_test(written) == "", written

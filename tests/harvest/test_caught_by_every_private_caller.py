"""`harvest --publish` keeps a draft the raise of a private function that every caller catches (issue 29, rounds
19-21: a card then advised calling a private helper), counted on the repository's page; `with suppress(E):`
around a call catches as `except E:` does. One caller that lets the error out to public code publishes it.

The trees are reduced from django/middleware/csrf.py (Django 5.2.19): lines 38-42, 125-141, 160-163, 209-250,
349-412 and 461-469, the code between cut; `process_request` rewritten by the variants."""

import functools
import io
import re
from pathlib import Path
from types import SimpleNamespace

from django.core.management import call_command

from kb.harvest.pipeline.kept import CAUGHT, kept_unpublished
from kb.models import ErrorEntry
from tests.harvest.reach_sources import django_sites

CSRF = """
REASON_INCORRECT_LENGTH = "has incorrect length"
REASON_INVALID_CHARACTERS = "has invalid characters"
CSRF_SECRET_LENGTH = 32
CSRF_TOKEN_LENGTH = 2 * CSRF_SECRET_LENGTH


class InvalidTokenFormat(Exception):
    def __init__(self, reason):
        self.reason = reason


def _check_token_format(token):
    if len(token) not in (CSRF_TOKEN_LENGTH, CSRF_SECRET_LENGTH):
        raise InvalidTokenFormat(REASON_INCORRECT_LENGTH)
    if invalid_token_chars_re.search(token):
        raise InvalidTokenFormat(REASON_INVALID_CHARACTERS)


class RejectRequest(Exception):
    def __init__(self, reason):
        self.reason = reason


class CsrfViewMiddleware:
    def _reject(self, request, reason):
        return _get_failure_view()(request, reason=reason)

    def _get_secret(self, request):
        try:
            csrf_secret = request.COOKIES[settings.CSRF_COOKIE_NAME]
        except KeyError:
            csrf_secret = None
        else:
            # This can raise InvalidTokenFormat.
            _check_token_format(csrf_secret)
        return csrf_secret

    def _check_token(self, request):
        try:
            csrf_secret = self._get_secret(request)
        except InvalidTokenFormat as exc:
            raise RejectRequest(f"CSRF cookie {exc.reason}.")
        request_csrf_token = request.META[settings.CSRF_HEADER_NAME]
        try:
            _check_token_format(request_csrf_token)
        except InvalidTokenFormat as exc:
            reason = self._bad_token_message(exc.reason, token_source)
            raise RejectRequest(reason)

    def process_request(self, request):
        try:
            csrf_secret = self._get_secret(request)
        except InvalidTokenFormat:
            _add_new_csrf_cookie(request)
        else:
            if csrf_secret is not None:
                request.META["CSRF_COOKIE"] = csrf_secret

    def process_view(self, request, callback, callback_args, callback_kwargs):
        try:
            self._check_token(request)
        except RejectRequest as exc:
            return self._reject(request, exc.reason)
"""
# The method as the source above writes it, replaced whole by the variants below.
PROCESS_REQUEST = CSRF[CSRF.index("    def process_request") : CSRF.index("    def process_view")]
# `process_request` calling `_get_secret` outside any `try`: the error reaches the public method.
LETTING_OUT = """    def process_request(self, request):
        csrf_secret = self._get_secret(request)
        if csrf_secret is not None:
            request.META["CSRF_COOKIE"] = csrf_secret
"""
SUPPRESSING = """    def process_request(self, request):
        csrf_secret = None
        with contextlib.suppress(InvalidTokenFormat):
            csrf_secret = self._get_secret(request)
        if csrf_secret is not None:
            request.META["CSRF_COOKIE"] = csrf_secret
"""


def publish(tmp_path: Path, source: str) -> None:
    package = tmp_path / "django"
    (package / "middleware").mkdir(parents=True)
    (package / "__init__.py").touch()
    (package / "middleware" / "__init__.py").touch()
    (package / "middleware" / "csrf.py").write_text(source)
    arguments = [str(package), "--repo", "django/django", "--commit", "1.0", "--path-prefix", "django"]
    call_command("harvest", *arguments, "--publish", "--no-progress", stdout=io.StringIO())


def cards(*messages: str) -> list[ErrorEntry]:
    return [ErrorEntry.objects.get(exception_type__endswith="InvalidTokenFormat", message=m) for m in messages]


def test_the_token_format_check_every_caller_catches_stays_a_draft_counted_on_the_repository_page(client, db, tmp_path):
    publish(tmp_path, CSRF)
    for card in cards("has incorrect length", "has invalid characters"):
        assert card.status == "draft" and card.evidence["unpublished"] == "caught-by-every-caller"
    page = client.get("/repos/django/django/").content.decode()
    assert re.search(r"<li>Raised in private code whose every caller catches it: 2</li>", page)


def test_a_caller_that_lets_it_out_to_public_code_publishes_it(db, tmp_path):
    publish(tmp_path, CSRF.replace(PROCESS_REQUEST, LETTING_OUT))
    assert {card.status for card in cards("has incorrect length", "has invalid characters")} == {"published"}


def test_with_suppress_around_the_call_catches_it(db, tmp_path):
    publish(tmp_path, "import contextlib\n" + CSRF.replace(PROCESS_REQUEST, SUPPRESSING))
    assert {card.status for card in cards("has incorrect length", "has invalid characters")} == {"draft"}


def test_suppress_bound_to_another_function_catches_nothing(db, tmp_path):
    # A `suppress` of the module's own is not contextlib's: what it does is not read.
    own = "def suppress(*kinds):\n    return open(kinds)\n\n\n"
    source = own + CSRF.replace(PROCESS_REQUEST, SUPPRESSING.replace("contextlib.suppress", "suppress"))
    publish(tmp_path, source)
    assert {card.status for card in cards("has incorrect length", "has invalid characters")} == {"published"}


def test_a_message_the_handler_hands_on_stays_published(db, tmp_path):
    # `process_view` returns a 403 page worded by `exc.reason`: the user reads "CSRF cookie has incorrect length."
    publish(tmp_path, CSRF)
    card = ErrorEntry.objects.get(exception_type__endswith="RejectRequest", message__startswith="CSRF cookie")
    assert card.status == "published" and "unpublished" not in card.evidence


def test_a_handler_raising_what_a_method_returns_may_raise_the_error_itself():
    # `except Exception as e: raise self.error(token, e)`: `Parser.error` returns `e` itself when it is an
    # Exception (django/template/base.py, 5.2.19), so `Parser.parse` still lets compile_filter's error out.
    [found] = [
        s
        for s in django_sites()
        if s.function == "FilterExpression.__init__" and s.signature.startswith("Could not parse some characters")
    ]
    assert "Parser.parse" in {caller["function"] for caller in found.evidence["callers"]}


def test_a_test_that_triggers_it_through_a_public_call_publishes_it():
    site = SimpleNamespace(path="django/middleware/csrf.py", function="_check_token_format", evidence={})
    site.evidence.update(conditions=[{"code": "len(token) not in (...)"}], caught_on_the_way=True)
    kept = functools.partial(kept_unpublished, exception_type="InvalidTokenFormat", signature="has incorrect length")
    assert kept(sites=[site]) == CAUGHT
    assert kept(sites=[site], tests=[{"call": "csrf._check_token_format('x' * 10)"}]) == CAUGHT
    assert kept(sites=[site], tests=[{"call": "mw.process_view(req, view, (), {})"}]) is None
    assert kept(sites=[site], tests=[{"path": "tests/csrf_tests/tests.py"}]) is None  # its call not read

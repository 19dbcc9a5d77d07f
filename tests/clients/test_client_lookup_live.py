"""The errorkb client against a live errorkb (pytest-django's live_server, real HTTP, entries in the database):
a real Django error and a pasted traceback find the right card with every typed field; the server's refusals
become the client's exceptions; a draft stays out of an anonymous client's answers."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import FieldError
from pytest_django.live_server_helper import LiveServer

import errorkb
from errorkb.results import Source

FIELD_ERROR = "2f70a93935f33691"
DRAFT = "433daf4471e9c6be"  # click's BadOptionUsage, a draft in the fixtures
TRACEBACK = """Traceback (most recent call last):
  File "/home/dev/blog/views.py", line 12, in post_list
    posts = Post.objects.filter(titel="Hello")
  File "/home/dev/.venv/lib/python3.12/site-packages/django/db/models/query.py", line 1476, in filter
    return self._filter_or_exclude(False, args, kwargs)
  File "/home/dev/.venv/lib/python3.12/site-packages/django/db/models/sql/query.py", line 1813, in names_to_path
    raise FieldError(
django.core.exceptions.FieldError: Cannot resolve keyword 'titel' into field. Choices are: author, author_id, id, \
published_at, title
"""


@pytest.fixture
def cards(cards: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The shared fixture's cards (tests/clients/conftest.py), and no errorkb setting from outside."""
    for name in ("ERRORKB_URL", "ERRORKB_BUNDLE", "ERRORKB_REDACT"):
        monkeypatch.delenv(name, raising=False)


def test_a_pasted_traceback_finds_its_card_with_typed_fields(cards: None, live_server: LiveServer) -> None:
    result = errorkb.lookup(TRACEBACK, url=live_server.url)
    best = result.best
    assert best is not None
    assert best.id == FIELD_ERROR
    assert best.url == f"{live_server.url}/errors/{FIELD_ERROR}/"
    assert best.title == "Cannot resolve keyword 'titel' into field. Choices are…"
    assert best.exception_type == "django.core.exceptions.FieldError" and best.status == "published"
    assert best.summary and best.summary.startswith("A queryset lookup uses a name that is not a field")
    assert best.first_solution
    assert best.review_state in ("generated", "ai-assisted", "reviewed")
    assert best.params["name"] == "titel"
    assert (
        Source(
            path="django/db/models/sql/query.py",
            line=1813,
            function="Query.names_to_path",
            commit=best.sources[0].commit,
            url=best.sources[0].url,
        )
        in best.sources
    )
    assert best.confident and result.origin == live_server.url


def test_a_real_django_error_finds_its_card(cards: None, live_server: LiveServer) -> None:
    with pytest.raises(FieldError) as raised:
        User.objects.filter(titel="Hello").exists()
    result = errorkb.lookup(raised.value, url=live_server.url)
    assert result.best is not None and result.best.id == FIELD_ERROR


def test_the_template_shape_alone_still_finds_it(cards: None, live_server: LiveServer) -> None:
    result = errorkb.lookup(TRACEBACK, url=live_server.url, redact="values")
    assert result.best is not None and result.best.id == FIELD_ERROR


def test_explain_gives_the_whole_card(cards: None, live_server: LiveServer) -> None:
    card = errorkb.explain(FIELD_ERROR, url=live_server.url)
    assert card is not None
    assert (card.id, card.repository, card.status) == (FIELD_ERROR, "django/django", "published")
    assert card.meaning.startswith("A queryset lookup uses a name that is not a field")
    assert card.solutions and card.sources[0].path == "django/db/models/sql/query.py"


def test_an_unknown_id_is_none_and_a_bad_request_an_http_error(cards: None, live_server: LiveServer) -> None:
    assert errorkb.explain("0000000000000000", url=live_server.url) is None
    assert errorkb.explain("../../admin", url=live_server.url) is None
    with pytest.raises(errorkb.HTTPStatusError) as refused:
        errorkb.lookup("   ", url=live_server.url)
    assert (refused.value.status, refused.value.title) == (400, "Bad Request")
    assert "The text is empty" in str(refused.value) and "text" in refused.value.errors


def test_a_draft_is_not_in_an_anonymous_answer(cards: None, live_server: LiveServer) -> None:
    result = errorkb.lookup(
        "click.exceptions.BadOptionUsage: Option '--name' requires an argument.", url=live_server.url
    )
    assert DRAFT not in [match.id for match in result.matches]
    assert errorkb.explain(DRAFT, url=live_server.url) is None


def test_a_server_path_that_is_not_errorkb_is_a_protocol_or_http_error(cards: None, live_server: LiveServer) -> None:
    with pytest.raises((errorkb.ProtocolError, errorkb.HTTPStatusError)):
        errorkb.lookup(TRACEBACK, url=f"{live_server.url}/static")

"""While the database is away: pages and the API answer 503 with Retry-After, lookups answer from memory,
and the log says so once when it goes and once when it is back.

The outage is real: the connection is pointed at a closed port on this machine (refused at once), and
pointed back afterwards."""

import importlib
import json
import logging
import socket
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.contrib.auth.models import Group, Permission
from django.core.cache import cache
from django.core.management import call_command
from django.db import close_old_connections, connection
from django.test import Client, override_settings

from kb.matching import live
from kb.models import Catalogue, ErrorEntry
from kb.runtime.outage import database, is_database_unavailable
from kb.runtime.ratelimit import throttle_cache
from tests.factories import ErrorEntryFactory, RepositoryFactory
from tests.samples import CARD, CARD_MESSAGE

DRAFT_MESSAGE = "Widget size must be positive, got -1"


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def database_away() -> Iterator[None]:
    saved = {key: connection.settings_dict[key] for key in ("HOST", "PORT", "OPTIONS")}
    connection.close()
    options = {**saved["OPTIONS"], "connect_timeout": 1}
    connection.settings_dict.update(HOST="127.0.0.1", PORT=str(closed_port()), OPTIONS=options)
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict.update(saved)


def ensure_curators_group() -> None:
    """The migration's group: an earlier transactional test's flush may have removed it."""
    grants = importlib.import_module("api.migrations.0002_curators_group").GRANTS
    group, _ = Group.objects.get_or_create(name="curators")
    codenames = [f"{action}_{model}" for model, actions in grants.items() for action in actions]
    group.permissions.add(*Permission.objects.filter(content_type__app_label="kb", codename__in=codenames))


@pytest.fixture
def catalogue(transactional_db) -> Iterator[None]:
    """The seed card and a draft, committed (the connection is closed mid-test); no outage left behind."""
    call_command("import_errors", "fixtures/sglang.json")
    ensure_curators_group()
    cache.clear()  # throttle counts of earlier tests
    ErrorEntryFactory(
        repository=RepositoryFactory(owner="acme", name="widgets"),
        message=DRAFT_MESSAGE,
        draft=True,
        sites=[{"path": "widgets/core.py", "line": 12, "function": "Widget.__init__", "commit": "abc1"}],
    )
    database.reset()
    throttle_cache.local.clear()
    yield
    database.reset()
    throttle_cache.local.clear()


@pytest.fixture
def stranger() -> Client:
    # Middleware failures reach Django's handler500 with a signal the test client would re-raise.
    return Client(raise_request_exception=False)


def look_up(client: Client, text: str, **headers):
    return client.post("/api/match", json.dumps({"text": text}), content_type="application/json", headers=headers)


def test_a_card_page_is_a_plain_503_page_with_retry_after(stranger: Client, catalogue) -> None:
    with database_away():
        response = stranger.get(f"/errors/{CARD}/")
    assert response.status_code == 503
    assert response["Content-Type"].startswith("text/html")
    assert response["Retry-After"] == "10"
    assert "no-store" in response["Cache-Control"]
    assert "unavailable" in response.content.decode()


def test_every_page_that_needs_the_database_is_a_503(stranger: Client, catalogue) -> None:
    with database_away():
        responses = [stranger.get(path) for path in ("/", "/search/?q=NIXL", "/repos/sgl-project/sglang/")]
    assert [(response.status_code, response["Retry-After"]) for response in responses] == [(503, "10")] * 3


def test_the_api_is_a_503_problem_with_retry_after(stranger: Client, catalogue) -> None:
    with database_away():
        responses = [
            stranger.get(path) for path in (f"/api/errors/{CARD}", "/api/errors?search=NIXL", "/api/repositories")
        ]
    for response in responses:
        assert response.status_code == 503
        assert response["Content-Type"] == "application/problem+json"
        assert response["Retry-After"] == "10"
        body = response.json()
        assert body["status"] == 503 and "database" in body["detail"]


@override_settings(DATABASE_RETRY_AFTER=42)
def test_retry_after_is_a_setting(stranger: Client, catalogue) -> None:
    with database_away():
        assert stranger.get(f"/api/errors/{CARD}")["Retry-After"] == "42"


PROSE = ("summary", "first_solution", "review_state")


def without_search(answer: dict) -> dict:
    """The answer without what needs the database: search hits, and each match's prose."""
    matches = [{k: v for k, v in match.items() if k not in PROSE} for match in answer["matches"]]
    return {key: value for key, value in answer.items() if key != "search"} | {"matches": matches}


def test_lookups_answer_from_the_index_in_memory_as_they_did_before(stranger: Client, catalogue) -> None:
    before = [look_up(stranger, text).json() for text in (CARD_MESSAGE, f"ValueError: {DRAFT_MESSAGE}")]
    with database_away():
        during = [look_up(stranger, text) for text in (CARD_MESSAGE, f"ValueError: {DRAFT_MESSAGE}")]
        by_query = stranger.get("/api/match", {"q": CARD_MESSAGE})
    assert [response.status_code for response in during] == [200, 200]
    # The same matches; search results for a text nothing matched need the database and are left out.
    assert [without_search(response.json()) for response in during] == [without_search(body) for body in before]
    assert [response.json()["search"] for response in during] == [[], []]
    assert during[0].json()["matches"][0]["id"] == CARD
    assert during[0].json()["matches"][0]["title"] == before[0]["matches"][0]["title"]
    assert during[0].json()["matches"][0]["summary"] is None
    assert by_query.status_code == 200 and by_query.json()["matches"][0]["id"] == CARD


def test_an_anonymous_lookup_gets_no_more_of_a_draft_during_an_outage(stranger: Client, catalogue) -> None:
    before = look_up(stranger, f"ValueError: {DRAFT_MESSAGE}").json()  # the index is built while the database is up
    with database_away():
        during = look_up(stranger, f"ValueError: {DRAFT_MESSAGE}").json()
    assert without_search(during) == without_search(before)
    assert [match for match in during["matches"] if match["status"] == "draft"] == []


def test_a_token_or_session_that_cannot_be_checked_is_a_503_not_anonymous_or_elevated(
    stranger: Client, catalogue, curator_key: str, staff_curator_client: Client
) -> None:
    look_up(stranger, CARD_MESSAGE)
    staff_curator_client.raise_request_exception = False
    with database_away():
        with_token = look_up(stranger, CARD_MESSAGE, Authorization=f"Token {curator_key}")
        with_session = look_up(staff_curator_client, CARD_MESSAGE)
    for response in (with_token, with_session):
        assert response.status_code == 503
        assert response["Content-Type"] == "application/problem+json"
        assert response["Retry-After"] == "10"


def test_lookups_are_still_rate_limited_during_an_outage(stranger: Client, catalogue, settings) -> None:
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"match": "3/minute"}}
    look_up(stranger, CARD_MESSAGE)
    with database_away():
        statuses = [look_up(stranger, CARD_MESSAGE).status_code for _ in range(4)]
    # The process counted the lookup made before the outage itself: three in all.
    assert statuses == [200, 200, 429, 429]


def test_the_freshness_check_backs_off_and_resumes_once_the_database_is_back(
    stranger: Client, catalogue, monkeypatch
) -> None:
    look_up(stranger, CARD_MESSAGE)
    attempts = []
    real_connect = connection.get_new_connection

    def counted(params):
        attempts.append(params)
        return real_connect(params)

    monkeypatch.setattr(connection, "get_new_connection", counted)
    monkeypatch.setattr(live, "OUTAGE_BACKOFF_FIRST", 60.0)  # however slow this machine, no retry falls due
    with database_away():
        statuses = {look_up(stranger, CARD_MESSAGE).status_code for _ in range(30)}
    assert statuses == {200}
    assert len(attempts) <= 2  # the throttle's first try, then the index's: then neither until it is back
    # Back: the next lookup checks at once (a page has seen the database), and finds what changed meanwhile.
    assert stranger.get(f"/errors/{CARD}/").status_code == 200
    ErrorEntry.objects.filter(repository__owner="acme").update(status=ErrorEntry.Status.PUBLISHED)
    ErrorEntry.objects.get(repository__owner="acme").save()
    Catalogue.touch()
    match = look_up(stranger, f"ValueError: {DRAFT_MESSAGE}").json()["matches"][0]
    assert match["status"] == "published" and match["url"]


def test_without_an_index_yet_a_lookup_is_a_503(stranger: Client, catalogue) -> None:
    with database_away():
        response = look_up(stranger, CARD_MESSAGE)
    assert response.status_code == 503
    assert response["Content-Type"] == "application/problem+json"


def test_a_middleware_that_needs_the_database_answers_503_too(catalogue, staff_curator_client: Client) -> None:
    # The session is saved on the way out, by SessionMiddleware, after a view that needs no database.
    staff_curator_client.raise_request_exception = False
    with override_settings(SESSION_SAVE_EVERY_REQUEST=True), database_away():
        page = staff_curator_client.get("/healthz")
    assert page.status_code == 503
    assert page["Retry-After"] == "10"


def test_the_probes_behave_as_before(stranger: Client, catalogue) -> None:
    with database_away():
        assert stranger.get("/healthz").status_code == 200
        ready = stranger.get("/readyz")
    assert ready.status_code == 503
    assert ready.json() == {"status": "unavailable", "database": "down"}
    assert stranger.get("/readyz").status_code == 200


def test_the_log_says_once_that_the_database_went_and_once_that_it_is_back(
    stranger: Client, catalogue, staff_curator_client: Client, caplog
) -> None:
    look_up(stranger, CARD_MESSAGE)
    staff_curator_client.raise_request_exception = False
    caplog.set_level(logging.INFO)
    with database_away():
        for _ in range(5):
            stranger.get(f"/errors/{CARD}/")
            stranger.get(f"/api/errors/{CARD}")
            stranger.get("/search/?q=NIXL")
            stranger.get("/readyz")
            look_up(stranger, CARD_MESSAGE)
            staff_curator_client.get(f"/api/errors/{CARD}")
    assert stranger.get(f"/errors/{CARD}/").status_code == 200
    assert stranger.get(f"/api/errors/{CARD}").status_code == 200
    messages = [(record.levelname, record.getMessage()) for record in caplog.records]
    went = [m for m in messages if m[1].startswith("database unavailable: ")]
    back = [m for m in messages if m[1] == "database available again"]
    assert [level for level, _ in went] == ["WARNING"] and [level for level, _ in back] == ["INFO"]
    assert not [record for record in caplog.records if record.exc_info or record.levelno >= logging.ERROR]
    assert not [m for m in messages if "Service Unavailable" in m[1]]
    assert "\n" not in went[0][1]


def test_a_connection_the_server_drops_is_a_503_and_the_next_request_reconnects(stranger: Client, catalogue) -> None:
    import psycopg

    connection.ensure_connection()
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [connection.connection.info.backend_pid])
    dropped = stranger.get(f"/errors/{CARD}/")
    close_old_connections()  # what the server does at the end of every request: a broken connection is closed
    assert dropped.status_code == 503 and dropped["Retry-After"] == "10"
    assert stranger.get(f"/errors/{CARD}/").status_code == 200
    assert not database.is_down


def test_a_refresh_cut_short_by_the_outage_leaves_the_index_as_it_was(stranger: Client, catalogue, monkeypatch) -> None:
    from django.db import OperationalError
    from psycopg import OperationalError as DriverError

    before = look_up(stranger, f"ValueError: {DRAFT_MESSAGE}").json()
    ErrorEntry.objects.filter(repository__owner="acme").delete()  # gone from the table: to be removed
    Catalogue.touch()

    def lost(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly") from DriverError("lost")

    monkeypatch.setattr(live, "_entries", lost)
    during = look_up(stranger, f"ValueError: {DRAFT_MESSAGE}")
    assert during.status_code == 200 and without_search(during.json()) == without_search(before)
    assert look_up(stranger, CARD_MESSAGE).json()["matches"][0]["id"] == CARD


def wrapped(driver_error: Exception) -> Exception:
    """The error as Django raises it: its own class, the driver's error as the cause."""
    from django.db import OperationalError

    try:
        raise OperationalError(str(driver_error)) from driver_error
    except OperationalError as exc:
        return exc


def test_only_a_database_out_of_reach_counts_as_an_outage() -> None:
    from psycopg import OperationalError as DriverError
    from psycopg import errors

    assert is_database_unavailable(wrapped(DriverError("connection failed: Connection refused")))
    assert is_database_unavailable(wrapped(errors.AdminShutdown("terminating connection")))
    assert is_database_unavailable(wrapped(errors.TooManyConnections("sorry, too many clients already")))
    # A query that failed is a bug or load to look into: a 500 with its traceback, as before.
    assert not is_database_unavailable(wrapped(errors.QueryCanceled("canceling statement due to statement timeout")))
    assert not is_database_unavailable(wrapped(errors.DeadlockDetected("deadlock detected")))
    assert not is_database_unavailable(ValueError("not a database error"))


def test_a_lookup_during_an_outage_is_answered_and_its_hit_written_once_the_database_is_back(
    stranger: Client, catalogue
) -> None:
    look_up(stranger, CARD_MESSAGE)  # the index is built, and the hit counted, while the database is up
    with database_away():
        during = look_up(stranger, CARD_MESSAGE)
    assert during.status_code == 200 and during.json()["matches"][0]["id"] == CARD
    assert stranger.get(f"/errors/{CARD}/").status_code == 200  # a page sees the database back
    look_up(stranger, CARD_MESSAGE)
    assert ErrorEntry.objects.get(public_id=CARD).lookup_hits == 3

"""A lookup stops after its time budget (MATCH_TIME_BUDGET): a 503 problem from the API, a message on the home
page, a one-line error from `manage.py lookup`. A safety net: no lookup should come near it."""

import io
import json
import logging
import os
import subprocess
import sys
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import override_settings

from config.env import env_seconds
from config.settings import base
from errorkb.matching import rank
from errorkb.matching.deadline import CANDIDATE_BATCH, Deadline, LookupTimeout
from errorkb.matching.index import Entry, MatchIndex
from errorkb.matching.rank import match_text
from tests.samples import CARD

# About 60 KiB of traceback: milliseconds of work, thousands of times the tiny budget below.
SLOW = (
    "Traceback (most recent call last):\n"
    + '  File "/app/handlers.py", line 12, in handle\n    return view(request)\n' * 800
    + "NotImplementedError: NIXL PD transfer does not support HiSparse combined with decode-only speculative decoding."
)
TINY = 0.000001  # a microsecond


def post_json(client, text: str):
    return client.post("/api/match", data=json.dumps({"text": text}), content_type="application/json")


# The API -----------------------------------------------------------------------------------------------------


@override_settings(MATCH_TIME_BUDGET=TINY)
def test_a_lookup_past_its_budget_is_a_503_problem_with_retry_after(client, seed):
    response = post_json(client, SLOW)
    assert response.status_code == 503
    assert response["Content-Type"] == "application/problem+json"
    assert response["Retry-After"] == "5"
    body = response.json()
    assert body["status"] == 503
    assert body["title"] == "Service Unavailable"
    assert body["type"] == "https://errorkb.dev/problems/service-unavailable"
    assert "took longer than its 1e-06 s budget" in body["detail"]
    assert "Try again in a moment" in body["detail"]


@override_settings(MATCH_TIME_BUDGET=TINY)
def test_a_plain_text_or_query_string_lookup_past_its_budget_is_a_503_too(client, seed):
    plain = client.post("/api/match", data=SLOW, content_type="text/plain")
    query = client.get("/api/match", {"q": SLOW})
    for response in (plain, query):
        assert response.status_code == 503
        assert response["Content-Type"] == "application/problem+json"
        assert response.json()["status"] == 503


def test_the_default_budget_is_one_second() -> None:
    assert base.MATCH_TIME_BUDGET == 1.0


def test_the_same_lookup_within_the_budget_is_answered(client, seed, settings):
    response = post_json(client, SLOW)
    assert response.status_code == 200
    assert response.json()["matches"][0]["id"] == CARD


@override_settings(MATCH_TIME_BUDGET=TINY)
def test_a_lookup_stopped_on_the_web_is_logged_in_one_line(client, seed, caplog):
    with caplog.at_level(logging.WARNING, logger="kb.matching.service"):
        post_json(client, SLOW)
        client.post("/", {"text": SLOW})
    records = [r for r in caplog.records if r.name == "kb.matching.service"]
    assert [r.getMessage() for r in records] == [
        f"A lookup of {len(SLOW)} bytes ran past its 1e-06 s budget and was stopped."
    ] * 2
    assert [r.exc_info for r in records] == [None, None]


# The home page and the command -------------------------------------------------------------------------------


@override_settings(MATCH_TIME_BUDGET=TINY)
def test_the_home_page_says_the_lookup_took_too_long_instead_of_showing_results(client, seed):
    response = client.post("/", {"text": SLOW})
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    html = response.content.decode()
    assert '<p class="notice notice-error" role="alert">The lookup took longer than its 1e-06 s budget' in html
    assert "Try again in a moment, or paste a shorter part of the text." in html
    assert 'id="lookup-results"' not in html
    assert "decode-only speculative decoding.</textarea>" in html  # the paste is kept, to try again


@override_settings(MATCH_TIME_BUDGET=TINY)
def test_manage_py_lookup_past_its_budget_is_a_one_line_command_error(seed):
    with pytest.raises(CommandError) as stopped:
        call_command("lookup", SLOW, stdout=io.StringIO())
    message = str(stopped.value)
    assert "\n" not in message
    assert message == (
        "The lookup took longer than its 1e-06 s budget and was stopped. "
        "Set MATCH_TIME_BUDGET (seconds) to give lookups more time."
    )


@override_settings(MATCH_TIME_BUDGET=TINY)
def test_a_jsonl_line_past_its_budget_gets_an_error_object_and_the_next_lines_are_still_read(seed, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps({"text": SLOW}) + "\n" + json.dumps({"text": SLOW})))
    out = io.StringIO()
    call_command("lookup", "--jsonl", stdout=out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [answer["line"] for answer in answers] == [1, 2]
    assert all("budget" in answer["error"] for answer in answers)


def test_manage_py_lookup_past_its_budget_exits_non_zero_with_one_line_on_stderr(db):
    if connection.vendor != "postgresql" or "DATABASE_URL" not in os.environ:
        pytest.skip("the command's own process reaches the test database only on PostgreSQL")
    test_database = urlsplit(os.environ["DATABASE_URL"])._replace(path="/" + connection.settings_dict["NAME"])
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_URL": urlunsplit(test_database),
        "MATCH_TIME_BUDGET": str(TINY),
    }
    done = subprocess.run(
        [sys.executable, "manage.py", "lookup", "-"], input=SLOW, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode != 0
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "CommandError: The lookup took longer than its 1e-06 s budget and was stopped. "
        "Set MATCH_TIME_BUDGET (seconds) to give lookups more time."
    ]


# The setting and the checks ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("given", "read"), [("0.5", 0.5), ("2", 2.0), (" 1.5 ", 1.5)])
def test_the_budget_is_read_from_the_environment_in_seconds(monkeypatch, given, read):
    monkeypatch.setenv("MATCH_TIME_BUDGET", given)
    assert env_seconds("MATCH_TIME_BUDGET", 1.0) == read


@pytest.mark.parametrize("given", ["soon", "0", "-1", "nan", "inf", ""])
def test_a_budget_that_is_not_a_positive_number_of_seconds_fails_at_start_up(monkeypatch, given):
    monkeypatch.setenv("MATCH_TIME_BUDGET", given)
    with pytest.raises(ImproperlyConfigured, match="MATCH_TIME_BUDGET"):
        env_seconds("MATCH_TIME_BUDGET", 1.0)


def test_the_budget_is_one_second_when_the_environment_says_nothing(monkeypatch):
    monkeypatch.delenv("MATCH_TIME_BUDGET", raising=False)
    assert env_seconds("MATCH_TIME_BUDGET", 1.0) == 1.0


def sharing_one_key(count: int) -> list[Entry]:
    """Entries whose signatures share their only literal: a text with it makes every one a candidate."""
    signature = "{a} shared words {b}"
    return [Entry(n, f"{n:016x}", "ValueError", "", "published", "https://x", signature, (), ()) for n in range(count)]


def test_a_lookup_stops_within_a_batch_of_candidates_once_past_its_deadline(monkeypatch):
    """Cooperative: the deadline is looked at between candidates too, not only between exceptions."""
    index = MatchIndex.build(sharing_one_key(1000))
    ticks = iter(range(10**6))
    deadline = Deadline(3, clock=lambda: next(ticks))  # the clock moves one tick a look: three looks pass
    checked = []
    monkeypatch.setattr(rank, "match_template", lambda template, text: checked.append(1))
    with pytest.raises(LookupTimeout):
        match_text(index, "nothing shared words fit", limit=5, deadline=deadline)
    # Looks: the exception, the reading, then every CANDIDATE_BATCH candidates; the fourth is past the deadline.
    assert len(checked) == 2 * CANDIDATE_BATCH - 1


def test_without_a_deadline_every_candidate_is_checked(monkeypatch):
    checked = []
    monkeypatch.setattr(rank, "match_template", lambda template, text: checked.append(1))
    match_text(MatchIndex.build(sharing_one_key(1000)), "nothing shared words fit", limit=5)
    assert len(checked) == 1000

"""Lookup hits are counted in memory and written in one statement every few seconds: no UPDATE per lookup, and
the curators' review queue still puts the most looked-up cards first."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from kb.models import ErrorEntry
from kb.runtime import lookup_hits as lookup_hits_module
from kb.runtime.lookup_hits import lookup_hits
from tests.factories import ErrorEntryFactory, RepositoryFactory


@pytest.fixture
def widgets(db) -> list[ErrorEntry]:
    repository = RepositoryFactory(owner="acme", name="widgets")
    return [
        ErrorEntryFactory(
            repository=repository,
            message=f"Widget {name} failed",
            signature=f"Widget {name} failed",
            review_state=ErrorEntry.Review.GENERATED,
        )
        for name in ("alpha", "beta", "gamma")
    ]


def look_up(client, text: str):
    return client.post("/api/match", json.dumps({"text": text}), content_type="application/json")


def hits() -> dict[str, int]:
    return dict(ErrorEntry.objects.filter(repository__name="widgets").values_list("message", "lookup_hits"))


def test_lookups_within_the_interval_write_nothing(client, widgets, production_intervals):
    look_up(client, "ValueError: Widget alpha failed")
    with CaptureQueriesContext(connection) as queries:
        for _ in range(3):
            look_up(client, "ValueError: Widget beta failed")
    assert not [query for query in queries if query["sql"].startswith("UPDATE")]
    assert set(hits().values()) == {0}


def test_the_hits_of_several_entries_are_written_in_one_statement(client, widgets, production_intervals):
    for text in ("Widget alpha failed", "Widget beta failed", "Widget beta failed", "Widget gamma failed"):
        look_up(client, f"ValueError: {text}")
    production_intervals.now += 5.0
    with CaptureQueriesContext(connection) as queries:
        look_up(client, "ValueError: Widget beta failed")
    assert len([query for query in queries if query["sql"].startswith("UPDATE")]) == 1
    assert hits() == {"Widget alpha failed": 1, "Widget beta failed": 3, "Widget gamma failed": 1}


def test_the_review_queue_follows_the_written_hits(client, admin_client, widgets, production_intervals):
    for text in ("Widget gamma failed", "Widget gamma failed", "Widget alpha failed"):
        look_up(client, f"ValueError: {text}")
    lookup_hits.flush()
    page = admin_client.get("/admin/kb/errorentry/", {"queue": "unreviewed"}).content.decode()
    assert page.index("Widget gamma failed") < page.index("Widget alpha failed") < page.index("Widget beta failed")


def test_hits_counted_when_the_process_ends_are_written(client, widgets, production_intervals):
    look_up(client, "ValueError: Widget alpha failed")
    assert hits()["Widget alpha failed"] == 0
    assert lookup_hits.flush()  # what the process's exit runs
    assert hits()["Widget alpha failed"] == 1


def test_every_lookup_is_written_when_the_interval_is_zero_whatever_the_clock(client, widgets, monkeypatch):
    # The suite's setting (tests/conftest.py): no lookup may wait on a clock, even one that reads before the last write.
    monkeypatch.setattr(lookup_hits_module, "clock", lambda: 1.0e9)
    lookup_hits.flush()
    monkeypatch.setattr(lookup_hits_module, "clock", lambda: 1.0)
    look_up(client, "ValueError: Widget alpha failed")
    assert hits()["Widget alpha failed"] == 1


def test_forgetting_counts_the_interval_from_now_on_the_clock_in_use(client, widgets, settings, monkeypatch):
    """A write stamped by another clock (a test's, far ahead of a machine booted minutes ago) holds no write back."""
    settings.LOOKUP_HITS_FLUSH_SECONDS = 5.0
    monkeypatch.setattr(lookup_hits_module, "clock", lambda: 1.0e9)
    lookup_hits.flush()
    now = [600.0]  # this machine's monotonic clock, ten minutes after it booted
    monkeypatch.setattr(lookup_hits_module, "clock", lambda: now[0])
    lookup_hits.forget()
    look_up(client, "ValueError: Widget alpha failed")
    assert hits()["Widget alpha failed"] == 0  # within the interval
    now[0] += 5.0
    look_up(client, "ValueError: Widget alpha failed")
    assert hits()["Widget alpha failed"] == 2

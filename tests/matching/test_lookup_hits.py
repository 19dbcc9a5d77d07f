"""Every lookup from a reader or a tool (POST/GET /api/match, the home page) counts one hit on its best match: the
order of the curators' review queue. A counter, not an edit: the card's version, caches and history stay."""

import json
import logging

import pytest
from django.db import connection

from kb.models import ErrorEntry
from tests.factories import ErrorEntryFactory, RepositoryFactory

LONG = "Widget size must be positive, got -1"


@pytest.fixture
def two_entries(db) -> tuple[ErrorEntry, ErrorEntry]:
    """The long message fits both; the first, with more literal text, comes first."""
    repository = RepositoryFactory(owner="acme", name="widgets")
    best = ErrorEntryFactory(repository=repository, message=LONG, signature="Widget size must be positive, got {size}")
    looser = ErrorEntryFactory(
        repository=repository, message=LONG, signature="Widget {name} must be positive, got {size}"
    )
    return best, looser


def hits(entry: ErrorEntry) -> int:
    return ErrorEntry.objects.values_list("lookup_hits", flat=True).get(pk=entry.pk)


def look_up(client, text: str):
    return client.post("/api/match", json.dumps({"text": text}), content_type="application/json")


def test_an_api_lookup_counts_one_hit_on_its_best_match_only(client, two_entries):
    whole, other = two_entries
    response = look_up(client, f"ValueError: {LONG}")
    assert [match["id"] for match in response.json()["matches"]] == [whole.public_id, other.public_id]
    assert (hits(whole), hits(other)) == (1, 0)


def test_a_lookup_by_query_string_counts_too(client, two_entries):
    whole, _ = two_entries
    client.get("/api/match", {"q": LONG})
    client.get("/api/match", {"q": LONG})
    assert hits(whole) == 2


def test_a_lookup_on_the_home_page_counts_one_hit(client, two_entries):
    whole, _ = two_entries
    response = client.post("/", {"text": LONG})
    assert response.status_code == 200 and whole.public_id in response.content.decode()
    assert hits(whole) == 1


def test_a_lookup_that_matches_nothing_counts_nothing(client, two_entries):
    look_up(client, "KeyError: nothing of the kind was ever raised here")
    assert ErrorEntry.objects.filter(lookup_hits__gt=0).count() == 0


def test_counting_a_hit_keeps_the_cards_version_and_writes_no_history(client, two_entries):
    whole, _ = two_entries
    before = (whole.updated_at, whole.history.count())
    look_up(client, LONG)
    whole.refresh_from_db()
    assert (whole.updated_at, whole.history.count()) == before
    assert whole.lookup_hits == 1


@pytest.fixture
def read_only_database(transactional_db, settings):
    """Every transaction from here on read-only, as on a replica. No throttle counts (they are written to the
    database cache, which has its own outage handling)."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {}}
    with connection.cursor() as cursor:
        cursor.execute("SET default_transaction_read_only = on")
    yield
    with connection.cursor() as cursor:
        cursor.execute("SET default_transaction_read_only = off")


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a read-only session is PostgreSQL's")
def test_a_read_only_database_answers_lookups_uncounted_and_says_so_once(
    client, two_entries, read_only_database, caplog, monkeypatch
):
    whole, _ = two_entries
    with caplog.at_level(logging.WARNING, logger="kb.runtime.lookup_hits"):
        responses = [look_up(client, LONG), client.post("/", {"text": LONG})]
    assert [response.status_code for response in responses] == [200, 200]
    assert responses[0].json()["matches"][0]["id"] == whole.public_id
    assert len([record for record in caplog.records if "not counted" in record.message]) == 1
    connection.cursor().execute("SET default_transaction_read_only = off")
    assert hits(whole) == 0

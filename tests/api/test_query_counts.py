"""The API's reads take a fixed number of queries whatever the catalogue's size and however large a card is."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from kb.cards import responses as cards
from kb.matching.answers import kept_details
from tests.factories import grow_card, grow_catalogue
from tests.samples import CARD, CARD_MESSAGE


@pytest.mark.parametrize("extra", [0, 8])
def test_the_card_json_built_afresh_takes_the_same_queries_however_large_the_card(
    client, seed, settings, django_assert_num_queries, production_intervals, extra
):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    grow_card(CARD, extra)
    production_intervals.now += 1.0
    client.get(f"/api/errors/{CARD}")  # the catalogue's revision read for this second
    cards.memory.clear()
    # The card's version, then the card: the entry with its repository, sites, solutions, wordings, links.
    with django_assert_num_queries(6):
        assert client.get(f"/api/errors/{CARD}").status_code == 200


@pytest.mark.parametrize("extra", [0, 12])
def test_the_list_takes_the_same_queries_however_many_entries(
    client, seed, django_assert_num_queries, production_intervals, extra
):
    grow_catalogue(extra)
    # The page's entries with their repositories, and their count.
    with django_assert_num_queries(2):
        assert client.get("/api/errors").status_code == 200


def look_up(client, text: str):
    return client.post("/api/match", json.dumps({"text": text}), content_type="application/json")


@pytest.mark.parametrize("extra", [0, 12])
def test_a_lookup_takes_the_same_queries_however_many_entries_and_makes_no_update(
    client, seed, production_intervals, extra
):
    grow_catalogue(extra)
    production_intervals.now += 5.0
    look_up(client, CARD_MESSAGE)  # the index built, the throttle's count read for this second, the hits written
    with CaptureQueriesContext(connection) as queries:
        assert look_up(client, CARD_MESSAGE).json()["matches"][0]["id"] == CARD
    assert [query["sql"] for query in queries if "UPDATE" in query["sql"]] == []
    assert len(queries) == 0  # the matches' prose is kept for the catalogue's revision


@pytest.mark.parametrize("extra", [0, 12])
def test_a_lookup_of_entries_not_yet_seen_reads_their_prose_in_two_queries(client, seed, production_intervals, extra):
    grow_catalogue(extra)
    production_intervals.now += 5.0
    look_up(client, CARD_MESSAGE)
    kept_details.clear()
    with CaptureQueriesContext(connection) as queries:
        assert look_up(client, CARD_MESSAGE).json()["matches"][0]["id"] == CARD
    assert len(queries) == 2  # the matches' prose: the entries, then their solutions

"""Pages take a fixed number of queries whatever the catalogue's size and however large a card is."""

import pytest

from kb.actions.writes import finish_write
from kb.cards import responses as cards
from kb.runtime import freshness
from tests.factories import ErrorEntryFactory, RepositoryFactory, grow_card, grow_catalogue
from tests.samples import CARD, CARD_MESSAGE


@pytest.mark.parametrize("extra", [0, 8])
def test_the_card_page_built_afresh_takes_the_same_queries_however_large_the_card(
    client, seed, settings, django_assert_num_queries, production_intervals, extra
):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    grow_card(CARD, extra)
    production_intervals.now += 1.0
    client.get(f"/errors/{CARD}/")  # the catalogue's revision read for this second
    cards.memory.clear()
    # The card's version, then the card: the entry with its repository, sites, solutions, wordings, links.
    with django_assert_num_queries(6):
        assert client.get(f"/errors/{CARD}/").status_code == 200


@pytest.mark.parametrize("extra", [0, 12])
def test_the_home_page_takes_the_same_queries_however_many_entries(
    client, seed, django_assert_num_queries, production_intervals, extra
):
    grow_catalogue(extra)
    production_intervals.now += 1.0
    client.get("/")  # the catalogue's revision read for this second
    freshness.per_revision.clear()
    # The newest entries, and the repositories with their counts.
    with django_assert_num_queries(2):
        assert client.get("/").status_code == 200


def test_the_home_page_kept_for_the_catalogues_revision_takes_no_query(
    client, seed, django_assert_num_queries, production_intervals
):
    client.get("/")
    with django_assert_num_queries(0):
        assert client.get("/").status_code == 200


def test_a_new_card_is_on_the_home_page_within_a_second(client, seed, production_intervals):
    client.get("/")
    entry = ErrorEntryFactory(message="Gadget 7 is broken", repository=RepositoryFactory(name="gadgets"))
    finish_write(entries=[entry])
    assert "Gadget 7 is broken" not in client.get("/").content.decode()  # within the second: the kept page
    production_intervals.now += 1.0
    page = client.get("/").content.decode()
    assert "Gadget 7 is broken" in page and "gadgets" in page


@pytest.mark.parametrize("extra", [0, 12])
def test_a_lookup_on_the_home_page_takes_the_same_queries_however_many_entries(
    client, seed, django_assert_num_queries, production_intervals, extra
):
    grow_catalogue(extra)
    production_intervals.now += 5.0
    client.get("/", {"q": CARD_MESSAGE})  # the index built, the throttle's count read for this second
    # The matches' prose, the newest entries and the repositories are kept for the catalogue's revision.
    with django_assert_num_queries(0):
        assert CARD in client.get("/", {"q": CARD_MESSAGE}).content.decode()

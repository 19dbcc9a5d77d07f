"""Pages take a fixed number of queries whatever the catalogue's size and however large a card is."""

import pytest

from kb import cards, freshness
from kb.models import ErrorEntry
from kb.services import finish_write
from tests.factories import (
    ErrorEntryFactory,
    MessageVariantFactory,
    RaiseSiteFactory,
    RelatedLinkFactory,
    RepositoryFactory,
    SolutionFactory,
)
from tests.samples import CARD, CARD_MESSAGE


def grow_card(extra: int) -> None:
    entry = ErrorEntry.objects.get(public_id=CARD)
    for n in range(extra):
        RaiseSiteFactory(entry=entry, path=f"x{n}.py", line=n + 1, position=10 + n)
        SolutionFactory(entry=entry, body=f"try {n}", position=10 + n)
        MessageVariantFactory(entry=entry)
        RelatedLinkFactory(source=entry, target=ErrorEntryFactory(), position=10 + n)


@pytest.mark.parametrize("extra", [0, 8])
def test_the_card_page_built_afresh_takes_the_same_queries_however_large_the_card(
    client, seed, settings, django_assert_num_queries, production_intervals, extra
):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    grow_card(extra)
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
    for n in range(extra):
        ErrorEntryFactory(repository=RepositoryFactory(name=f"more{n % 5}"), message=f"Gadget {n} is broken")
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
    for n in range(extra):
        ErrorEntryFactory(repository=RepositoryFactory(name=f"more{n % 5}"), message=f"Gadget {n} is broken")
    production_intervals.now += 5.0
    client.get("/", {"q": CARD_MESSAGE})  # the index built, the throttle's count read for this second
    # The matches' prose, the newest entries and the repositories are kept for the catalogue's revision.
    with django_assert_num_queries(0):
        assert CARD in client.get("/", {"q": CARD_MESSAGE}).content.decode()

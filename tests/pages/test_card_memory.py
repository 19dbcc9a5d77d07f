"""Cards kept in each process's memory for anonymous readers: served with no query, fresh within a second of a
write (kb.runtime.freshness), never for drafts or curators, bounded in bytes."""

import pytest

from kb.actions.writes import finish_write
from kb.cards import responses as cards
from kb.models import ErrorEntry
from tests.samples import CARD

PAGE, JSON = f"/errors/{CARD}/", f"/api/errors/{CARD}"


@pytest.fixture
def clock(production_intervals):
    return production_intervals


def rewrite_meaning(text: str) -> None:
    entry = ErrorEntry.objects.get(public_id=CARD)
    entry.meaning = text
    finish_write(entries=[entry], save=True)


@pytest.mark.parametrize("path", [PAGE, JSON])
def test_a_kept_card_is_served_without_a_query(client, seed, clock, django_assert_num_queries, path):
    etag = client.get(path)["ETag"]
    with django_assert_num_queries(0):
        assert client.get(path).status_code == 200
        assert client.get(path, headers={"If-None-Match": etag}).status_code == 304


@pytest.mark.parametrize("path", [PAGE, JSON])
def test_a_write_is_served_within_a_second(client, seed, clock, path):
    before = client.get(path)
    rewrite_meaning("Rewritten by a curator a moment ago.")
    clock.now += 1.0
    after = client.get(path, headers={"If-None-Match": before["ETag"]})
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    assert "Rewritten by a curator a moment ago." in after.content.decode()


def test_within_the_second_the_kept_card_is_still_served(client, seed, clock):
    before = client.get(PAGE)
    rewrite_meaning("Not yet seen.")
    clock.now += 0.5
    assert client.get(PAGE, headers={"If-None-Match": before["ETag"]}).status_code == 304


def test_a_card_taken_back_to_draft_is_gone_for_readers_after_the_check(client, seed, clock):
    assert client.get(PAGE).status_code == 200
    entry = ErrorEntry.objects.get(public_id=CARD)
    entry.status = ErrorEntry.Status.DRAFT
    finish_write(entries=[entry], save=True)
    clock.now += 1.0
    assert client.get(PAGE).status_code == 404
    assert client.get(JSON).status_code == 404


def test_a_curator_is_never_served_the_readers_copy(client, staff_curator_client, seed, clock):
    client.get(PAGE)
    response = staff_curator_client.get(PAGE)
    assert response["Cache-Control"] == "private, no-store"


def test_drafts_and_curators_cards_are_not_kept(staff_curator_client, token_client, seed, clock):
    ErrorEntry.objects.filter(public_id=CARD).update(status=ErrorEntry.Status.DRAFT)
    assert staff_curator_client.get(PAGE).status_code == 200
    assert token_client.get(JSON).status_code == 200
    assert len(cards.memory) == 0


def test_the_memory_drops_the_least_recently_used_cards_past_its_size():
    memory = cards.CardMemory(max_bytes=10)
    version = cards.CardVersion("0" * 16, "published", None)  # type: ignore[arg-type]
    for name in ("a", "b", "c"):
        memory.put((name, "page", "host"), cards.Served((1, None), version, "page", b"four", "text/html", ()))
        memory.get(("a", "page", "host"))  # a stays in use
    assert memory.get(("b", "page", "host")) is None
    assert memory.get(("a", "page", "host")) is not None
    assert memory.size <= 10


@pytest.mark.parametrize("path", [PAGE, JSON])
def test_a_kept_answer_carries_the_same_headers_and_bytes_as_the_one_built(client, seed, clock, path):
    built = client.get(path)
    kept = client.get(path)
    assert kept.content == built.content
    assert {name: kept[name] for name in kept.headers if name != "Content-Security-Policy"} == {
        name: built[name] for name in built.headers if name != "Content-Security-Policy"
    }


def test_a_json_304_from_memory_carries_the_validators(client, seed, clock):
    etag = client.get(JSON)["ETag"]
    again = client.get(JSON, headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again["ETag"] == etag and again["Cache-Control"] == "public, max-age=300"

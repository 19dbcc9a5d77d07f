"""Conditional writes: PUT, PATCH and retire answer 412 when the client's copy of the card (its ETag, in If-Match)
is stale; If-Unmodified-Since, which counts whole seconds, is refused with 428."""

import pytest
from django.test import Client

from kb.models import ErrorEntry
from tests.api.test_write import new_entry
from tests.samples import CARD


def write(client: Client, method: str, headers: dict[str, str] | None = None):
    """One write of each kind, to the seed card; each would change it."""
    url = f"/api/errors/{CARD}"
    if method == "put":
        body = new_entry(message="Replaced: widget size must be positive, got -1")
        return client.put(url, body, content_type="application/json", headers=headers)
    if method == "patch":
        return client.patch(
            url, {"meaning": "Changed by a stale copy."}, content_type="application/json", headers=headers
        )
    return client.post(f"{url}/retire", headers=headers)


def change_elsewhere() -> None:
    """Another curator's edit, made after the client read the card."""
    entry = ErrorEntry.objects.get(public_id=CARD)
    entry.trigger = "Another curator's edit."
    entry.save()


def assert_refused_and_kept(response) -> None:
    assert response.status_code == 412, response.content
    assert response["Content-Type"] == "application/problem+json"
    assert "If-" in response.json()["detail"]
    entry = ErrorEntry.objects.get(public_id=CARD)
    assert (entry.trigger, entry.status) == ("Another curator's edit.", "published")
    assert entry.meaning != "Changed by a stale copy." and not entry.message.startswith("Replaced")


def if_match_of_the_card_now(client: Client) -> dict:
    return {"If-Match": client.get(f"/api/errors/{CARD}")["ETag"]}


def last_modified_of_the_card_now(client: Client) -> dict:
    return {"If-Unmodified-Since": client.get(f"/api/errors/{CARD}")["Last-Modified"]}


def card_now() -> tuple[str, str, str]:
    entry = ErrorEntry.objects.get(public_id=CARD)
    return entry.meaning, entry.message, entry.status


@pytest.mark.parametrize("method", ["put", "patch", "retire"])
def test_a_write_whose_copy_is_stale_is_a_412_and_changes_nothing(token_client: Client, seed, method: str) -> None:
    headers = if_match_of_the_card_now(token_client)
    change_elsewhere()
    assert_refused_and_kept(write(token_client, method, headers))


@pytest.mark.parametrize("method", ["put", "patch", "retire"])
def test_if_unmodified_since_alone_is_a_428_that_says_to_send_if_match(token_client: Client, seed, method: str) -> None:
    before = card_now()
    response = write(token_client, method, last_modified_of_the_card_now(token_client))
    assert response.status_code == 428, response.content
    assert response["Content-Type"] == "application/problem+json"
    assert "If-Match" in response.json()["detail"] and "second" in response.json()["detail"]
    assert card_now() == before


def test_five_stale_writes_in_one_second_are_all_refused_with_if_unmodified_since(token_client: Client, seed) -> None:
    """Each carries the Last-Modified of the version before it: none lands, whatever the clock says."""
    before = card_now()
    for number in range(5):
        headers = last_modified_of_the_card_now(token_client)
        response = token_client.patch(
            f"/api/errors/{CARD}", {"meaning": f"Write {number}."}, content_type="application/json", headers=headers
        )
        assert response.status_code == 428, (number, response.content)
    assert card_now() == before


def test_five_writes_from_one_copy_in_one_second_land_once_with_if_match(token_client: Client, seed) -> None:
    headers = if_match_of_the_card_now(token_client)
    statuses = [
        token_client.patch(
            f"/api/errors/{CARD}", {"meaning": f"Write {n}."}, content_type="application/json", headers=headers
        ).status_code
        for n in range(5)
    ]
    assert statuses == [200, 412, 412, 412, 412]
    assert ErrorEntry.objects.get(public_id=CARD).meaning == "Write 0."


def test_if_match_decides_when_if_unmodified_since_comes_with_it(token_client: Client, seed) -> None:
    headers = {**last_modified_of_the_card_now(token_client), **if_match_of_the_card_now(token_client)}
    assert write(token_client, "patch", headers).status_code == 200


@pytest.mark.parametrize("method", ["put", "patch", "retire"])
def test_a_write_with_a_fresh_if_match_succeeds_and_answers_the_new_etag(
    token_client: Client, seed, method: str
) -> None:
    etag = token_client.get(f"/api/errors/{CARD}")["ETag"]
    response = write(token_client, method, {"If-Match": etag})
    assert response.status_code == 200, response.content
    assert response["ETag"] != etag
    assert response["ETag"] == token_client.get(f"/api/errors/{CARD}")["ETag"]


def test_the_etag_a_reader_got_without_a_token_is_as_good_for_a_write(token_client: Client, seed) -> None:
    etag = Client().get(f"/api/errors/{CARD}")["ETag"]
    assert write(token_client, "patch", {"If-Match": etag}).status_code == 200
    assert write(token_client, "patch", {"If-Match": etag}).status_code == 412  # that write made it stale


def test_if_match_star_succeeds(token_client: Client, seed) -> None:
    assert write(token_client, "retire", {"If-Match": "*"}).status_code == 200


def test_the_etag_of_a_write_chains_into_the_next_one(token_client: Client, seed) -> None:
    etag = token_client.get(f"/api/errors/{CARD}")["ETag"]
    first = token_client.patch(
        f"/api/errors/{CARD}", {"meaning": "One."}, content_type="application/json", headers={"If-Match": etag}
    )
    second = token_client.patch(
        f"/api/errors/{CARD}", {"trigger": "Two."}, content_type="application/json", headers={"If-Match": first["ETag"]}
    )
    assert second.status_code == 200
    stale = token_client.patch(
        f"/api/errors/{CARD}", {"trigger": "Three."}, content_type="application/json", headers={"If-Match": etag}
    )
    assert stale.status_code == 412
    assert ErrorEntry.objects.get(public_id=CARD).trigger == "Two."

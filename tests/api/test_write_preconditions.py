"""Conditional writes: PUT, PATCH and retire answer 412 when the client's copy of the card is stale."""

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

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


def if_unmodified_since_the_card_now(client: Client) -> dict:
    # An HTTP date counts whole seconds: the copy is read an hour before the other edit.
    ErrorEntry.objects.update(updated_at=timezone.now() - timedelta(hours=1))
    return {"If-Unmodified-Since": client.get(f"/api/errors/{CARD}")["Last-Modified"]}


@pytest.mark.parametrize("method", ["put", "patch", "retire"])
@pytest.mark.parametrize("precondition", [if_match_of_the_card_now, if_unmodified_since_the_card_now])
def test_a_write_whose_copy_is_stale_is_a_412_and_changes_nothing(
    token_client: Client, seed, method: str, precondition: Callable[[Client], dict]
) -> None:
    headers = precondition(token_client)
    change_elsewhere()
    assert_refused_and_kept(write(token_client, method, headers))


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


def test_a_fresh_if_unmodified_since_and_if_match_star_succeed(token_client: Client, seed) -> None:
    last_modified = token_client.get(f"/api/errors/{CARD}")["Last-Modified"]
    assert write(token_client, "patch", {"If-Unmodified-Since": last_modified}).status_code == 200
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

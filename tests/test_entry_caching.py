"""HTTP validators and server-side caching of entry pages."""

import pytest

from kb.models import ErrorEntry

CARD = "b774bfdff5235dcd"
PAGE = f"/errors/{CARD}/"


def test_entry_page_carries_etag_last_modified_and_a_public_cache_control(client, seed):
    response = client.get(PAGE)
    assert response["ETag"].startswith('"')
    assert response["Last-Modified"].endswith("GMT")
    assert response["Cache-Control"] == "public, max-age=300"
    assert "csrftoken" not in response.cookies


def test_a_conditional_request_for_an_unchanged_page_gets_304(client, seed):
    etag = client.get(PAGE)["ETag"]
    assert client.get(PAGE, headers={"If-None-Match": etag}).status_code == 304
    last_modified = client.get(PAGE)["Last-Modified"]
    assert client.get(PAGE, headers={"If-Modified-Since": last_modified}).status_code == 304


@pytest.mark.parametrize("change", ["entry", "solution", "site", "related title"])
def test_any_change_to_the_card_gives_a_new_etag_and_a_fresh_page(client, seed, change):
    first = client.get(PAGE)
    entry = ErrorEntry.objects.get(public_id=CARD)
    if change == "entry":
        entry.meaning = "Freshly rewritten meaning."
        expected = "Freshly rewritten meaning."
    elif change == "solution":
        solution = entry.solutions.first()
        solution.body = "A brand new first solution."
        solution.save()
        expected = "A brand new first solution."
    elif change == "site":
        site = entry.sites.first()
        site.path = "python/sglang/moved/conn.py"
        site.save()
        expected = "python/sglang/moved/conn.py"
    else:
        target = entry.outgoing_links.first().target
        target.message = "A retitled related error"
        target.save()
        expected = "A retitled related error"
    if change != "related title":
        entry.save()  # every writer saves the entry after its parts, as the admin and imports do
    second = client.get(PAGE, headers={"If-None-Match": first["ETag"]})
    assert second.status_code == 200
    assert second["ETag"] != first["ETag"]
    assert expected in second.content.decode()


def test_a_draft_is_never_cached_publicly(admin_client, seed):
    ErrorEntry.objects.filter(public_id=CARD).update(status="draft")
    response = admin_client.get(PAGE)
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"


def test_a_curator_gets_a_private_page(admin_client, seed):
    assert admin_client.get(PAGE)["Cache-Control"] == "private, no-store"


def test_the_cached_page_is_served_without_rebuilding_the_card(client, seed, django_assert_max_num_queries):
    client.get(PAGE)
    with django_assert_max_num_queries(2):
        response = client.get(PAGE)
    assert "NIXL PD transfer does not support HiSparse" in response.content.decode()


def test_entry_json_carries_validators_and_answers_304(client, seed):
    response = client.get(f"/api/errors/{CARD}")
    assert response.status_code == 200 and response["Cache-Control"] == "public, max-age=300"
    again = client.get(f"/api/errors/{CARD}", headers={"If-None-Match": response["ETag"]})
    assert again.status_code == 304


def test_entry_json_changes_with_the_card(client, seed):
    first = client.get(f"/api/errors/{CARD}")
    entry = ErrorEntry.objects.get(public_id=CARD)
    entry.meaning = "Changed in the admin."
    entry.save()
    second = client.get(f"/api/errors/{CARD}", headers={"If-None-Match": first["ETag"]})
    assert second.status_code == 200
    assert second.json()["meaning"]["markdown"] == "Changed in the admin."


def test_page_and_json_have_different_etags(client, seed):
    assert client.get(PAGE)["ETag"] != client.get(f"/api/errors/{CARD}")["ETag"]

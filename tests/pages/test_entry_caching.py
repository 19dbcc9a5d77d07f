"""HTTP validators and server-side caching of entry pages."""

import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from kb.actions.writes import finish_write
from kb.models import ErrorEntry, Repository
from tests.samples import CARD

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
        expected = "A retitled related error"
        entry = target
    # Every writer saves the entry after its parts and ends in finish_write, as the admin and imports do.
    finish_write(entries=[entry], save=True)
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


def test_a_curator_token_gets_a_draft_privately(token_client, seed):
    ErrorEntry.objects.filter(public_id=CARD).update(status="draft")
    response = token_client.get(f"/api/errors/{CARD}")
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"
    assert "Authorization" in response["Vary"]


def test_a_staff_curator_gets_a_draft_page_privately(staff_curator_client, seed):
    ErrorEntry.objects.filter(public_id=CARD).update(status="draft")
    response = staff_curator_client.get(PAGE)
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"


def test_what_a_curator_was_served_is_never_served_to_the_public(token_client, staff_curator_client, client, seed):
    ErrorEntry.objects.filter(public_id="2afe80e9746fae65").update(status="draft")
    curators_json = token_client.get(f"/api/errors/{CARD}")
    curators_page = staff_curator_client.get(PAGE)
    assert "2afe80e9746fae65" in [r["id"] for r in curators_json.json()["related"]]
    assert "/errors/2afe80e9746fae65/" in curators_page.content.decode()
    public_json = client.get(f"/api/errors/{CARD}", headers={"If-None-Match": curators_json["ETag"]})
    public_page = client.get(PAGE, headers={"If-None-Match": curators_page["ETag"]})
    assert public_json.status_code == public_page.status_code == 200
    assert "2afe80e9746fae65" not in [r["id"] for r in public_json.json()["related"]]
    assert "/errors/2afe80e9746fae65/" not in public_page.content.decode()
    assert public_json["Cache-Control"] == public_page["Cache-Control"] == "public, max-age=300"


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
    finish_write(entries=[entry], save=True)
    second = client.get(f"/api/errors/{CARD}", headers={"If-None-Match": first["ETag"]})
    assert second.status_code == 200
    assert second.json()["meaning"]["markdown"] == "Changed in the admin."


def test_page_and_json_have_different_etags(client, seed):
    assert client.get(PAGE)["ETag"] != client.get(f"/api/errors/{CARD}")["ETag"]


# Curators' changes that do not go through the entry's own form must still move its card's version.

SUGGESTED = """
class Client:
    def connect(self, url):
        if not url:
            raise ValueError("Empty URL")
        raise RuntimeError("Could not connect")
"""


def served(client, public_id: str, first: dict | None = None) -> dict:
    """The page and the JSON of a card, sent as conditional requests when `first` holds earlier answers."""
    answers = {}
    for name, url in (("page", f"/errors/{public_id}/"), ("json", f"/api/errors/{public_id}")):
        headers = {"If-None-Match": first[name]["ETag"]} if first else {}
        answers[name] = client.get(url, headers=headers)
    return answers


def test_accepting_suggested_related_errors_in_the_admin_gives_a_new_card(client, admin_client, git_repo):
    git_repo.write("client.py", SUGGESTED)
    git_repo.commit("v1")
    call_command("harvest", str(git_repo.root), "--repo", "acme/client", "--no-progress", stdout=io.StringIO())
    source, target = ErrorEntry.objects.get(message="Empty URL"), ErrorEntry.objects.get(message="Could not connect")
    assert source.suggestions.get().target == target
    # Published for everyone to read (and cache), the source changed last: a new link alone moves no stamp.
    now = timezone.now()
    ErrorEntry.objects.update(status=ErrorEntry.Status.PUBLISHED, updated_at=now - timedelta(hours=2))
    ErrorEntry.objects.filter(pk=source.pk).update(updated_at=now - timedelta(hours=1))
    first = served(client, source.public_id)
    assert first["page"].status_code == first["json"].status_code == 200
    # The harvest relates the two (same function) before a curator does.
    assert [(r["id"], r["origin"]) for r in first["json"].json()["related"]] == [(target.public_id, "generated")]

    response = admin_client.post(
        "/admin/kb/errorentry/", {"action": "accept_suggested_related", "_selected_action": [source.pk]}, follow=True
    )
    assert "1 related link added." in response.content.decode()

    second = served(client, source.public_id, first)
    for name in ("page", "json"):
        assert second[name].status_code == 200, name
        assert second[name]["ETag"] != first[name]["ETag"], name
    for answer in (second, served(client, source.public_id)):  # conditional or not: the new card, not a cached one
        assert f"/errors/{target.public_id}/" in answer["page"].content.decode()
        related = answer["json"].json()["related"]
        assert [(r["id"], r["origin"]) for r in related] == [(target.public_id, "curated")]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"url": "https://gitlab.example.org/mirrors/sglang"}, "https://gitlab.example.org/mirrors/sglang"),
        ({"owner": "sgl-labs", "url": ""}, "https://github.com/sgl-labs/sglang"),  # moved; its URL follows
    ],
)
def test_editing_a_repository_in_the_admin_gives_its_entries_new_cards(client, admin_client, seed, change, expected):
    repository = Repository.objects.get(owner="sgl-project", name="sglang")
    first = served(client, CARD)
    assert expected not in first["page"].content.decode()
    form = {"host": repository.host, "owner": repository.owner, "name": repository.name, "url": repository.url}
    response = admin_client.post(f"/admin/kb/repository/{repository.pk}/change/", {**form, **change, "description": ""})
    assert response.status_code == 302, response.content.decode()[:2000]

    second = served(client, CARD, first)
    for name in ("page", "json"):
        assert second[name].status_code == 200, name
        assert second[name]["ETag"] != first[name]["ETag"], name
    for answer in (second, served(client, CARD)):  # conditional or not: the new card, not a cached one
        page, card = answer["page"].content.decode(), answer["json"].json()
        assert f"{expected}/blob/" in page  # the raise sites' pinned links
        assert card["repository"]["url"] == expected
        assert card["sites"] and all(site["url"].startswith(f"{expected}/blob/") for site in card["sites"])

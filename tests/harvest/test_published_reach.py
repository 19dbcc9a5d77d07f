"""What `harvest --publish` makes public reaches readers everywhere a curated card does: its page, search, the
sitemap, lookups and the repository's listing; the entry it left a draft reaches none of them."""

import io
import json

import pytest
from django.core.management import call_command

from kb.models import ErrorEntry

SOURCE = """
def connect(url):
    if not url:
        raise ValueError("Empty URL given to the frobnicator")
    return url


def _unsupported():
    raise NotImplementedError("Frobnicator not supported on this platform")
"""


@pytest.fixture
def harvested(db, git_repo) -> tuple[ErrorEntry, ErrorEntry]:
    """(the published entry, the draft)."""
    git_repo.write("client.py", SOURCE)
    git_repo.commit("v1")
    call_command(
        "harvest", str(git_repo.root), "--repo", "acme/client", "--no-progress", "--publish", stdout=io.StringIO()
    )
    published = ErrorEntry.objects.get(exception_type="ValueError")
    draft = ErrorEntry.objects.get(exception_type="NotImplementedError")
    assert (published.status, draft.status) == ("published", "draft")
    return published, draft


def test_a_reader_opens_the_published_card_and_not_the_draft(client, harvested):
    published, draft = harvested
    assert client.get(published.get_absolute_url()).status_code == 200
    assert client.get(draft.get_absolute_url()).status_code == 404


def test_search_finds_the_published_card_only(client, harvested):
    published, draft = harvested
    page = client.get("/search/", {"q": "frobnicator"}).content.decode()
    assert published.get_absolute_url() in page and draft.get_absolute_url() not in page
    found = client.get("/api/errors", {"search": "frobnicator"}).json()
    assert [item["id"] for item in found["results"]] == [published.public_id]


def test_the_sitemap_lists_the_published_card_and_its_repository(client, harvested):
    published, draft = harvested
    sitemap = client.get("/sitemap.xml").content.decode()
    assert published.get_absolute_url() in sitemap and draft.get_absolute_url() not in sitemap
    assert "/repos/acme/client/" in sitemap


def test_a_lookup_links_to_the_published_card(client, harvested):
    published, _ = harvested
    text = 'Traceback (most recent call last):\n  File "client.py", line 3, in connect\n'
    text += "ValueError: Empty URL given to the frobnicator"
    response = client.post("/api/match", json.dumps({"text": text}), content_type="application/json")
    best = response.json()["matches"][0]
    assert best["id"] == published.public_id
    assert best["url"] == f"http://testserver{published.get_absolute_url()}"


def test_the_repositorys_page_lists_the_published_card_for_readers(client, harvested):
    published, draft = harvested
    page = client.get("/repos/acme/client/").content.decode()
    assert published.get_absolute_url() in page and draft.get_absolute_url() not in page

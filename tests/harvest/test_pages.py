"""A harvested entry's page and JSON: its signature, sites and snippets, and that nobody reviewed it."""

import io

import pytest
from django.core.management import call_command
from django.utils import timezone

from kb.models import ErrorEntry

SOURCE = """
class Client:
    def connect(self, url):
        if ":" not in url:
            raise ValueError(f"No scheme supplied in {url}")
        if url.startswith("ftp:"):
            raise ValueError(f"Bad scheme in {url}")
"""


@pytest.fixture
def harvested(db, git_repo):
    git_repo.write("client.py", SOURCE)
    git_repo.sha = git_repo.commit("v1")
    call_command("harvest", str(git_repo.root), "--repo", "acme/client", "--no-progress", stdout=io.StringIO())
    return git_repo


def test_the_page_shows_signature_sites_snippet_and_says_unreviewed(admin_client, harvested):
    entry = ErrorEntry.objects.get(signature="No scheme supplied in {url}")
    html = admin_client.get(entry.get_absolute_url()).content.decode()
    assert "harvested from source, nobody has reviewed it yet" in html
    assert "Signature: <code>No scheme supplied in {url}</code>" in html
    assert "<code>client.py:4</code>" in html and "<code>Client.connect</code>" in html
    assert 'class="highlight"' in html and f"pinned to {harvested.sha[:10]}" in html


def test_the_json_shows_signature_sites_snippet_and_says_unreviewed(admin_client, harvested):
    entry = ErrorEntry.objects.get(signature="No scheme supplied in {url}")
    body = admin_client.get(entry.get_api_url()).json()
    assert body["signature"] == "No scheme supplied in {url}"
    assert body["reviewed"] is False and body["status"] == "draft"
    assert body["provenance"] == {
        "method": "harvested",
        "commit": harvested.sha,
        "analysed_at": timezone.localdate().isoformat(),  # the day of the harvest
    }
    [site] = body["sites"]
    assert (site["path"], site["line"], site["function"], site["snippet_start"]) == (
        "client.py",
        4,
        "Client.connect",
        2,
    )
    assert 'raise ValueError(f"No scheme supplied in {url}")' in site["snippet"]
    assert body["removed_in_commit"] == ""


def test_drafts_stay_hidden_from_the_public(client, harvested):
    entry = ErrorEntry.objects.get(signature="No scheme supplied in {url}")
    assert client.get(entry.get_absolute_url()).status_code == 404


def test_an_entry_no_longer_raised_stays_reachable_with_a_note_and_its_older_wordings(admin_client, harvested):
    entry = ErrorEntry.objects.get(signature="Bad scheme in {url}")
    harvested.write("client.py", SOURCE.replace("Bad scheme", "Bad URL scheme"))
    harvested.commit("v2")
    call_command("harvest", str(harvested.root), "--repo", "acme/client", "--no-progress", stdout=io.StringIO())
    html = admin_client.get(entry.get_absolute_url()).content.decode()
    assert "Other wordings" in html and "<code>Bad scheme in {url}</code>" in html

    harvested.write("client.py", SOURCE.split("        if url.startswith")[0])
    third = harvested.commit("v3")
    call_command("harvest", str(harvested.root), "--repo", "acme/client", "--no-progress", stdout=io.StringIO())
    html = admin_client.get(entry.get_absolute_url()).content.decode()
    assert f"No longer raised since {third[:10]}" in html
    assert admin_client.get(entry.get_api_url()).json()["removed_in_commit"] == third

"""Harvesting a newer commit: moved, reworded, removed and restored errors, and curators' text kept."""

import io

import pytest
from django.core.management import call_command

from kb.models import ErrorEntry, MessageVariant, RaiseSite
from tests.factories import ErrorEntryFactory, RepositoryFactory

V1 = """
def connect(url):
    if not url:
        raise ValueError("Empty URL")
    if ":" not in url:
        raise ValueError(f"No scheme supplied in {url}")
    raise RuntimeError("Could not connect to the server")
"""


def run(repo) -> str:
    out = io.StringIO()
    call_command("harvest", str(repo.root), "--repo", "acme/client", "--no-progress", stdout=out)
    return out.getvalue()


@pytest.fixture
def harvested(db, git_repo):
    git_repo.write("client.py", V1)
    git_repo.first = git_repo.commit("v1")
    run(git_repo)
    return git_repo


def entry(signature: str) -> ErrorEntry:
    return ErrorEntry.objects.get(signature=signature)


def test_a_moved_site_gets_its_new_line_and_snippet_pinned_to_the_new_commit(harvested):
    before = entry("Empty URL").public_id
    harvested.write("client.py", '"""A docstring that pushes everything down."""\n\n' + V1)
    second = harvested.commit("v2")
    output = run(harvested)
    moved = entry("Empty URL")
    [site] = moved.sites.all()
    assert moved.public_id == before
    assert (site.line, site.commit, site.snippet_start) == (6, second, 4)
    assert "3 sites moved" in output and "entries: 0 new, 3 updated" in output


def test_an_unmoved_site_keeps_its_commit_when_nothing_around_it_changed(harvested):
    harvested.write("client.py", V1 + "\n\ndef unrelated():\n    return 1\n")
    harvested.commit("v2")
    assert "entries: 0 new, 0 updated, 3 unchanged" in run(harvested)
    assert set(RaiseSite.objects.values_list("commit", flat=True)) == {harvested.first}


def test_a_reworded_message_keeps_the_old_wording_as_a_variant_of_the_same_entry(harvested):
    original = entry("Could not connect to the server")
    harvested.write("client.py", V1.replace("Could not connect to the server", "Could not connect to the host"))
    harvested.commit("v2")
    output = run(harvested)
    reworded = ErrorEntry.objects.get(pk=original.pk)
    assert (reworded.public_id, reworded.signature) == (original.public_id, "Could not connect to the host")
    assert reworded.message == "Could not connect to the host"
    assert list(reworded.variants.values_list("message", "last_seen_commit")) == [
        ("Could not connect to the server", harvested.first)
    ]
    assert "1 reworded" in output and ErrorEntry.objects.count() == 3


def test_a_different_message_in_the_same_function_is_a_new_entry_not_a_rewording(harvested):
    harvested.write("client.py", V1.replace("Could not connect to the server", "Quota exhausted, try tomorrow"))
    harvested.commit("v2")
    output = run(harvested)
    assert entry("Could not connect to the server").removed_in_commit
    assert entry("Quota exhausted, try tomorrow").method == "harvested"
    assert "0 reworded, 1 no longer raised" in output


def test_an_error_whose_last_site_disappeared_is_kept_and_marked_then_unmarked_when_it_returns(harvested):
    harvested.write("client.py", V1.replace('        raise ValueError("Empty URL")\n', "        return None\n"))
    second = harvested.commit("v2")
    assert "1 no longer raised" in run(harvested)
    gone = entry("Empty URL")
    assert gone.removed_in_commit == second
    assert gone.sites.get().commit == harvested.first  # where it was last raised, still readable

    harvested.write("client.py", V1)
    harvested.commit("v3")
    assert "1 raised again" in run(harvested)
    assert entry("Empty URL").removed_in_commit == ""


def test_one_of_two_sites_disappearing_only_drops_that_site(harvested):
    harvested.write("client.py", V1 + '\n\ndef send(url):\n    if not url:\n        raise ValueError("Empty URL")\n')
    harvested.commit("v2")
    run(harvested)
    assert entry("Empty URL").sites.count() == 2
    harvested.write("client.py", V1)
    harvested.commit("v3")
    run(harvested)
    assert [s.function for s in entry("Empty URL").sites.all()] == ["connect"]


def test_reharvest_never_overwrites_what_a_curator_wrote(harvested):
    curated = entry("Could not connect to the server")
    curated.meaning = "The server is **down**."
    curated.status = ErrorEntry.Status.PUBLISHED
    curated.method = ErrorEntry.Method.CURATED
    curated.message = "Could not connect to the server"
    curated.save()
    harvested.write("client.py", V1.replace("the server", "the remote server"))
    harvested.commit("v2")
    run(harvested)
    after = ErrorEntry.objects.get(pk=curated.pk)
    assert (after.meaning, after.status, after.method) == ("The server is **down**.", "published", "curated")
    assert after.message == "Could not connect to the server"  # the curator's example stays
    assert after.signature == "Could not connect to the remote server"  # the code's template moves on
    assert MessageVariant.objects.filter(entry=after, signature="Could not connect to the server").exists()


def test_an_older_wording_coming_back_returns_to_its_entry(harvested):
    original = entry("Could not connect to the server")
    harvested.write("client.py", V1.replace("the server", "the host"))
    harvested.commit("v2")
    run(harvested)
    harvested.write("client.py", V1)
    harvested.commit("v3")
    run(harvested)
    back = ErrorEntry.objects.get(pk=original.pk)
    assert back.signature == "Could not connect to the server"
    assert list(back.variants.values_list("signature", flat=True)) == ["Could not connect to the host"]
    assert ErrorEntry.objects.count() == 3


def test_a_curated_entry_templated_differently_is_matched_not_duplicated(db, git_repo):
    curated = ErrorEntryFactory(
        repository=RepositoryFactory(owner="acme", name="client"),
        message="No scheme supplied in example.com",
        signature="No scheme supplied in {address}",
        method="curated",
        sites=[{"path": "client.py", "line": 5, "function": "connect", "commit": "old"}],
    )
    git_repo.write("client.py", V1)
    git_repo.commit("v1")
    output = run(git_repo)
    curated.refresh_from_db()
    assert curated.signature == "No scheme supplied in {address}" and curated.sites.get().line == 5
    assert ErrorEntry.objects.filter(signature__startswith="No scheme").count() == 1
    assert "0 reworded" in output


def test_harvesting_a_subdirectory_does_not_mark_entries_elsewhere_as_removed(harvested):
    harvested.write("sub/other.py", 'def f():\n    raise KeyError("only here")\n')
    harvested.commit("v2")
    out = io.StringIO()
    call_command(
        "harvest",
        str(harvested.root / "sub"),
        "--repo",
        "acme/client",
        "--path-prefix",
        "sub",
        "--no-progress",
        stdout=out,
    )
    assert "0 no longer raised" in out.getvalue()
    assert not ErrorEntry.objects.exclude(removed_in_commit="").exists()


PLURAL = """
from django.utils.translation import ngettext


def take(items, limit):
    if len(items) > limit:
        message = ngettext("Take at most %(limit)d item.", "Take at most %(limit)d items.", limit)
        raise ValueError(message % {"limit": limit})
"""


def test_ngettext_s_plural_is_kept_as_a_variant_that_reharvests_neither_reword_nor_churn(db, git_repo, token_client):
    git_repo.write("shop.py", PLURAL)
    first = git_repo.commit("v1")
    run(git_repo)
    taken = entry("Take at most {limit} item.")
    assert taken.message == "Take at most {limit} item."
    variants = list(taken.variants.values_list("pk", "signature", "last_seen_commit"))
    assert [v[1:] for v in variants] == [("Take at most {limit} items.", first)]

    again = run(git_repo)
    assert "0 new, 0 updated, 1 unchanged" in again
    git_repo.write("shop.py", "# a comment that moves the raise\n" + PLURAL)
    git_repo.commit("v2")
    moved = run(git_repo)
    assert "0 new, 1 updated, 0 unchanged" in moved
    assert "1 sites moved, 0 reworded, 0 no longer raised" in moved
    after = ErrorEntry.objects.get(pk=taken.pk)
    assert (after.signature, after.removed_in_commit) == ("Take at most {limit} item.", "")
    assert list(after.variants.values_list("pk", "signature", "last_seen_commit")) == variants
    assert "0 new, 0 updated, 1 unchanged" in run(git_repo)

    response = token_client.post(
        "/api/match", {"text": "ValueError: Take at most 3 items."}, content_type="application/json"
    )
    best = response.json()["matches"][0]
    assert (best["id"], best["exact"], best["params"]) == (taken.public_id, True, {"limit": "3"})


def test_a_plural_the_code_no_longer_has_stays_an_older_wording_and_a_new_one_is_added(db, git_repo):
    git_repo.write("shop.py", PLURAL)
    first = git_repo.commit("v1")
    run(git_repo)
    git_repo.write("shop.py", PLURAL.replace("items.", "things."))
    second = git_repo.commit("v2")
    output = run(git_repo)
    assert "0 new, 1 updated" in output and "0 reworded, 0 no longer raised" in output
    taken = entry("Take at most {limit} item.")
    assert sorted(taken.variants.values_list("signature", "last_seen_commit")) == [
        ("Take at most {limit} items.", first),
        ("Take at most {limit} things.", second),
    ]


def test_an_entry_harvested_before_plurals_were_kept_gets_its_plural_once(db, git_repo):
    git_repo.write("shop.py", PLURAL)
    git_repo.commit("v1")
    run(git_repo)
    taken = entry("Take at most {limit} item.")
    taken.variants.all().delete()  # as an older harvest left it
    stamp = taken.updated_at
    assert "0 new, 1 updated, 0 unchanged" in run(git_repo)
    assert list(taken.variants.values_list("signature", flat=True)) == ["Take at most {limit} items."]
    assert entry("Take at most {limit} item.").updated_at > stamp  # so cached cards and ETags follow
    assert "0 new, 0 updated, 1 unchanged" in run(git_repo)

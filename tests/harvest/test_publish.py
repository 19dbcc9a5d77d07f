"""`harvest --publish` and a repository's `publish_harvested`: every entry readers may hit (a condition, a raise
public code reaches, or a curator's text) becomes public, marked "not yet reviewed"; nothing else changes its
visibility. tests/harvest/test_publish_what_readers_hit.py has the rule on Django and DRF."""

import io

import pytest
from django.core.management import call_command

from kb.harvest.pipeline.plan import make_plan
from kb.harvest.pipeline.scan import Scan
from kb.harvest.pipeline.store import save_plan
from kb.harvest.reading.extract import FoundSite
from kb.models import ErrorEntry, Repository

SOURCE = """
def connect(url):
    if not url:
        raise ValueError("Empty URL")
    return url


def _unsupported():
    raise NotImplementedError("Not supported on this platform")
"""
UNDER_A_CONDITION = "Empty URL"
UNCONDITIONAL = "Not supported on this platform"


def harvest(repo, *options: str) -> str:
    out = io.StringIO()
    call_command("harvest", str(repo.root), "--repo", "acme/client", "--no-progress", *options, stdout=out)
    return out.getvalue()


def entry(signature: str) -> ErrorEntry:
    return ErrorEntry.objects.get(signature=signature)


@pytest.fixture
def checkout(db, git_repo):
    git_repo.write("client.py", SOURCE)
    git_repo.commit("v1")
    return git_repo


def test_an_entry_raised_under_a_condition_is_published_not_yet_reviewed(checkout):
    harvest(checkout, "--publish")
    published = entry(UNDER_A_CONDITION)
    assert (published.status, published.review_state) == ("published", "generated")
    assert [c["code"] for c in published.sites.get().evidence["conditions"]] == ["not url"]


def test_an_entry_with_no_condition_in_private_code_no_public_caller_reaches_stays_a_draft(checkout):
    harvest(checkout, "--publish")
    assert entry(UNCONDITIONAL).status == "draft"


def test_without_publish_every_harvested_entry_stays_a_draft(checkout):
    harvest(checkout)
    assert set(ErrorEntry.objects.values_list("status", flat=True)) == {"draft"}


def test_the_repositorys_setting_publishes_as_the_option_does(checkout):
    Repository.objects.create(owner="acme", name="client", publish_harvested=True)
    harvest(checkout)
    assert (entry(UNDER_A_CONDITION).status, entry(UNCONDITIONAL).status) == ("published", "draft")


def test_a_later_harvest_with_publish_publishes_drafts_of_an_earlier_one(checkout):
    harvest(checkout)
    harvest(checkout, "--publish")
    assert entry(UNDER_A_CONDITION).status == "published"


def test_a_draft_a_curator_reviewed_stays_a_draft(checkout):
    harvest(checkout)
    ErrorEntry.objects.filter(signature=UNDER_A_CONDITION).update(review_state=ErrorEntry.Review.REVIEWED)
    harvest(checkout, "--publish")
    assert entry(UNDER_A_CONDITION).status == "draft"


def test_a_curators_text_publishes_an_unconditional_entry_and_survives_the_next_harvest(checkout):
    harvest(checkout)
    draft = entry(UNCONDITIONAL)
    draft.meaning = "This client cannot run on Windows."
    draft.save()
    harvest(checkout, "--publish")
    checkout.write("client.py", '"""Moved down a line."""\n' + SOURCE)
    checkout.commit("v2")
    harvest(checkout, "--publish")
    kept = entry(UNCONDITIONAL)
    assert kept.status == "published"
    assert kept.meaning == "This client cannot run on Windows."
    assert "Windows" in kept.meaning_html and kept.sites.get().line == 10  # moved: the new harvest read it


def test_a_retired_entry_stays_retired(checkout):
    harvest(checkout)
    ErrorEntry.objects.filter(signature=UNDER_A_CONDITION).update(status=ErrorEntry.Status.RETIRED)
    harvest(checkout, "--publish")
    assert entry(UNDER_A_CONDITION).status == "retired"


def test_the_summary_counts_what_was_published(checkout):
    output = harvest(checkout, "--publish")
    assert "  published: 1 (marked 'not yet reviewed')" in output.splitlines()


# --- the store's own rule, without extract: a site's conditions, or a public function, make it publishable -----


def found(message: str, *, line: int, conditions: list[dict], function: str = "_connect") -> FoundSite:
    return FoundSite(
        exception_type="ValueError",
        kind="error",
        message=message,
        signature=message,
        path="client.py",
        line=line,
        function=function,
        snippet=f'raise ValueError("{message}")',
        snippet_start=line,
        evidence={"conditions": conditions, "under_condition": bool(conditions)},
    )


def test_the_store_publishes_the_entries_with_conditions_or_raised_in_public_code(db):
    repository = Repository.objects.create(owner="acme", name="client")
    scan = Scan(prefix="", excludes=[])
    condition = {"kind": "if", "code": "not url", "sentence": "`url` is empty or false", "line": 2}
    scan.sites = [
        found("Empty URL", line=3, conditions=[condition]),
        found("Bad URL", line=5, conditions=[]),
        found("No URL", line=7, conditions=[], function="connect"),
    ]
    plan = make_plan(scan, ErrorEntry.objects.filter(repository=repository).prefetch_related("sites", "variants"))
    outcome = save_plan(plan=plan, repository=repository, commit="abc123", publish=True)
    assert outcome.published == 2
    assert dict(ErrorEntry.objects.values_list("signature", "status")) == {
        "Empty URL": "published",
        "Bad URL": "draft",
        "No URL": "published",
    }


def test_what_harvest_publishes_says_so_in_its_history(checkout):
    harvest(checkout, "--publish")
    rows = entry(UNDER_A_CONDITION).history.values_list("status", "history_change_reason")
    assert [(status, reason[:22]) for status, reason in rows] == [("published", "published by harvest a")]
    assert entry(UNCONDITIONAL).history.get().history_change_reason.startswith("harvested at ")

"""`make demo` after `make fixtures`, then `make run`'s fixture load again: every curated card of the fixtures keeps
its words, solutions, status and review state (harvested sites may join it), says nothing of a history no release
comparison showed, and the second load finds nothing changed. Run with the demo's own harvest command lines, whatever
they harvest (the installed packages or their source distributions)."""

import glob
import io
import re
from pathlib import Path

import pytest
from django.core.management import call_command

from kb.matching import lookup
from kb.models import ErrorEntry
from tests.deploy.test_demo import demo_harvests

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted(glob.glob(str(ROOT / "fixtures" / "*.json")))


def load_fixtures() -> str:
    out = io.StringIO()
    call_command("import_errors", *FIXTURES, stdout=out)
    return out.getvalue()


def card(entry: ErrorEntry) -> dict:
    """What a curator wrote and decided, as a reader sees it."""
    return {
        "words": (
            entry.exception_type,
            entry.message,
            entry.signature,
            *(getattr(entry, f) for f in entry.MARKDOWN_FIELDS),
        ),
        "solutions": [solution.body for solution in entry.solutions.all()],
        "status": entry.status,
        "review_state": entry.review_state,
        "sites": [(site.path, site.line, site.function) for site in entry.sites.all()],
    }


def curated() -> dict[str, dict]:
    return {entry.public_id: card(entry) for entry in ErrorEntry.objects.exclude(method=ErrorEntry.Method.HARVESTED)}


@pytest.fixture
def demo_after_fixtures(db) -> dict[str, dict]:
    """The curated cards as the fixtures load them; the demo's harvests run after."""
    load_fixtures()
    before = curated()
    for arguments in demo_harvests():
        call_command(*arguments, stdout=io.StringIO())
    return before


def test_the_demo_leaves_every_curated_card_as_its_curator_wrote_it(demo_after_fixtures):
    before, after = demo_after_fixtures, curated()
    assert set(after) == set(before)
    for public_id, was in before.items():
        now = after[public_id]
        assert {k: v for k, v in now.items() if k != "sites"} == {k: v for k, v in was.items() if k != "sites"}
        assert now["sites"][: len(was["sites"])] == was["sites"], f"{public_id} lost a site"
    entries = ErrorEntry.objects.exclude(method=ErrorEntry.Method.HARVESTED)
    assert [e.public_id for e in entries if e.removed_in_commit] == []
    assert [(e.public_id, e.raised_in) for e in entries if re.search(r"no longer|reworded", e.raised_in)] == []
    # TemplateDoesNotExist keeps both its sites; no empty draft took one.
    template_missing = ErrorEntry.objects.get(public_id="893aaa1e9f94c0cd")
    assert {s.path for s in template_missing.sites.all()} == {"django/template/loader.py", "django/template/engine.py"}


def test_make_run_after_the_demo_reports_nothing_changed(demo_after_fixtures):
    assert re.fullmatch(r"0 created, 0 updated, \d+ unchanged\.\n", load_fixtures())


def test_after_the_demo_the_reviewed_cards_answer_first(demo_after_fixtures):
    asked = {
        "blog.models.Post.DoesNotExist: Post matching query does not exist.": "900aab95de91b465",
        "blog.models.Post.MultipleObjectsReturned: get() returned more than one Post -- it returned 2!": (
            "0eccb05a29141c22"
        ),
    }
    assert {message: lookup(message).matches[0].entry.public_id for message in asked} == asked


def test_one_release_harvested_gives_no_card_a_history(demo_after_fixtures):
    claims = [
        (e.public_id, e.raised_in) for e in ErrorEntry.objects.filter(method=ErrorEntry.Method.HARVESTED) if e.raised_in
    ]
    assert claims == []

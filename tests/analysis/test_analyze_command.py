"""`manage.py analyze`: what a curator sees after a run, and which entries a run takes."""

import os
import subprocess
import sys

import pytest
from django.core.management import CommandError
from django.utils import timezone

from kb.models import ErrorEntry
from tests.analysis.helpers import COLOUR, MARKERS, NEGATIVE, TOO_BIG, answer_all_well, entry_of, run_analyze
from tests.conftest import WIDGETS_COMMIT
from tests.factories import SolutionFactory


def test_a_good_answer_becomes_the_cards_ai_assisted_text_marked_with_model_commit_and_date(
    widgets_harvest, analysis_endpoint
) -> None:
    answer_all_well(analysis_endpoint)
    output, status = run_analyze()
    entry = entry_of(NEGATIVE)
    meaning = entry.sections["meaning"]
    assert (status, meaning.origin) == (0, "ai-assisted")
    assert "<code>Widget.resize</code> raises <code>ValueError</code>" in meaning.html
    assert entry.shown_solutions()[0].markdown == "Pass a `size` of 0 or more."
    assert entry.sections["how_to_trigger"].origin == "ai-assisted"
    assert {key: entry.assisted[key] for key in ("model", "commit", "at", "dropped")} == {
        "model": "test-model-7b",
        "commit": WIDGETS_COMMIT,
        "at": timezone.localdate().isoformat(),
        "dropped": 0,
    }
    # Not yet reviewed, still a draft, still harvested: the pass changes whose text it is, nothing else.
    assert (entry.review_state, entry.status, entry.method) == ("ai-assisted", "draft", "harvested")
    assert entry.history.first().history_change_reason == "AI-assisted analysis (test-model-7b)"
    assert "3 selected, 3 written, 0 failed" in output
    assert "tokens: 3,000 prompt + 600 completion = 3,600" in output


def test_the_request_carries_the_evidence_and_asks_for_the_schema(widgets_harvest, analysis_endpoint) -> None:
    answer_all_well(analysis_endpoint)
    run_analyze("--limit", "1")
    [request] = analysis_endpoint.received
    evidence = request.payload["messages"][1]["content"]
    for shown in (
        "size < 0",
        "def resize(self, size, strict=False)",
        "resize_command",
        "test_negative_size",
        "docs/widgets.rst",
        "Change the widget's size.",
    ):
        assert shown in evidence
    schema = request.payload["response_format"]["json_schema"]["schema"]
    assert set(schema["required"]) == {*ErrorEntry.SECTIONS, "solutions", "related"}


def test_a_curators_text_is_never_overwritten(widgets_harvest, analysis_endpoint) -> None:
    entry = entry_of(TOO_BIG)
    entry.meaning = "The size is above the configured maximum."
    entry.save()
    SolutionFactory(entry=entry, body="Lower the size.")
    answer_all_well(analysis_endpoint)
    run_analyze()
    entry = entry_of(TOO_BIG)
    assert entry.meaning == "The size is above the configured maximum."
    assert entry.sections["meaning"].origin == "curated"
    assert [(s.markdown, s.origin) for s in entry.shown_solutions()] == [("Lower the size.", "curated")]
    assert entry.sections["trigger"].origin == "ai-assisted"  # a section the curator left empty
    assert entry.assisted["meaning"].startswith("`Widget.resize` raises")  # kept beside, for the admin


def test_a_second_run_resumes_taking_only_entries_not_yet_analysed_at_their_commit_by_this_model(
    widgets_harvest, analysis_endpoint, settings
) -> None:
    answer_all_well(analysis_endpoint)
    run_analyze("--limit", "2")
    output, _ = run_analyze()
    assert "1 selected, 1 written" in output and "2 already analysed" in output
    assert len(analysis_endpoint.received) == 3
    ErrorEntry.objects.filter(message__startswith=COLOUR).update(analysed_commit="fedcba9876")  # harvested again
    settings.ANALYSIS_MODEL = "another-model"
    output, _ = run_analyze()
    assert "3 selected, 3 written" in output
    output, _ = run_analyze("--force")
    assert "3 selected, 3 written" in output and len(analysis_endpoint.received) == 9
    assert entry_of(COLOUR).assisted["commit"] == "fedcba9876"


def test_limit_takes_the_entries_lookups_hit_most_first(widgets_harvest, analysis_endpoint) -> None:
    ErrorEntry.objects.filter(message__startswith=COLOUR).update(lookup_hits=7)
    answer_all_well(analysis_endpoint)
    run_analyze("--limit", "1")
    assert [request.marker for request in analysis_endpoint.received] == [COLOUR]
    assert entry_of(COLOUR).assisted and not entry_of(NEGATIVE).assisted


def test_a_reviewed_entry_is_left_to_its_curator_and_only_unreviewed_leaves_it_out(
    widgets_harvest, analysis_endpoint
) -> None:
    ErrorEntry.objects.filter(message__startswith=NEGATIVE).update(review_state=ErrorEntry.Review.REVIEWED)
    answer_all_well(analysis_endpoint)
    output, _ = run_analyze("--limit", "2")
    assert "2 selected, 1 written, 0 failed, 1 reviewed (left to their curator)" in output
    assert NEGATIVE not in [request.marker for request in analysis_endpoint.received]
    reviewed = entry_of(NEGATIVE)
    assert (reviewed.review_state, reviewed.assisted) == ("reviewed", {})
    output, _ = run_analyze("--limit", "2", "--only-unreviewed")
    assert "1 selected, 1 written, 0 failed, 0 reviewed" in output
    assert {request.marker for request in analysis_endpoint.received} == {TOO_BIG, COLOUR}
    assert set(MARKERS) - {NEGATIVE} == {m for m in MARKERS if entry_of(m).review_state == "ai-assisted"}


def test_without_an_endpoint_the_command_says_how_to_configure_it(widgets_harvest, settings) -> None:
    settings.ANALYSIS_API_BASE = ""
    says = r"\(ANALYSIS_API_BASE is not set\)\. Set ANALYSIS_API_BASE .*ANALYSIS_MODEL.*ANALYSIS_API_KEY"
    with pytest.raises(CommandError, match=says):
        run_analyze()


def test_from_the_shell_an_unconfigured_run_exits_non_zero_with_one_plain_line() -> None:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("ANALYSIS_")}
    environment["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    finished = subprocess.run(
        [sys.executable, "manage.py", "analyze", "--repo", "acme/widgets"],
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
    )
    assert finished.returncode == 1
    assert "Traceback" not in finished.stderr
    says = "CommandError: No analysis endpoint is configured (ANALYSIS_API_BASE is not set)."
    assert finished.stderr.startswith(says)

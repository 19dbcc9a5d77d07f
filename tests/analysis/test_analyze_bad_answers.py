"""Answers that cannot be used leave the entry as it was and are reported; claims that do not check out are dropped
and counted; an endpoint that is slow, busy or failing is retried."""

import re

import pytest

from kb.models import ErrorEntry
from tests.analysis.fake_endpoint import Canned, card, completion, error
from tests.analysis.helpers import COLOUR, NEGATIVE, TOO_BIG, answer_all_well, entry_of, good_answer, run_analyze
from tests.factories import ErrorEntryFactory, RaiseSiteFactory


def card_state(entry: ErrorEntry) -> tuple:
    return (entry.assisted, entry.assisted_html, entry.review_state, entry.updated_at, entry.generated, entry.status)


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ("The widget is too big, I think.", "not JSON (Expecting value"),
        ('{"meaning": "`size` is too big"', "not JSON ("),
        ('{"meaning": "`size` is too big", "solutions": "make it smaller"}', "wrong schema: answer has no 'trigger'"),
        ("", "empty answer"),
        (
            card(meaning="Call `frobnicate_widget()` on it.", solutions=["Pass --no-such-flag."]),
            "every claim was dropped (not found: frobnicate_widget, --no-such-flag)",
        ),
    ],
)
def test_a_bad_answer_leaves_the_entry_as_it_was_and_is_reported_with_why(
    widgets_harvest, analysis_endpoint, content: str, why: str
) -> None:
    answer_all_well(analysis_endpoint)
    analysis_endpoint.answer(TOO_BIG, completion(content))
    before = card_state(entry_of(TOO_BIG))
    output, status = run_analyze()
    assert status == 1
    assert card_state(entry_of(TOO_BIG)) == before
    assert entry_of(TOO_BIG).sections["meaning"].origin == "generated"
    public_id = entry_of(TOO_BIG).public_id
    assert f"    {public_id} Widget size 99 is above WIDGET_MAX_SIZE: {why}" in output
    assert "3 selected, 2 written, 1 failed" in output
    assert entry_of(COLOUR).review_state == "ai-assisted"  # the others are written all the same


def test_claims_naming_what_does_not_exist_are_dropped_and_counted_and_the_rest_kept(
    widgets_harvest, analysis_endpoint
) -> None:
    answer_all_well(analysis_endpoint)
    invented = card(
        meaning="`Widget.resize` raises it when `size` is below 0. It also checks `Widget.max_allowed_size`.",
        trigger="`size < 0`.",
        example_fix="```python\nwidget.resize(abs(size))\n```\n\n```sh\nwidgets-cli --clamp-size\n```",
        solutions=["Pass a `size` of 0 or more.", "Set `WIDGET_AUTO_CLAMP = True` in your settings."],
    )
    analysis_endpoint.answer(NEGATIVE, completion(invented))
    output, status = run_analyze()
    entry = entry_of(NEGATIVE)
    assert status == 0
    assert entry.assisted["meaning"] == "`Widget.resize` raises it when `size` is below 0."
    assert entry.assisted["example_fix"] == "```python\nwidget.resize(abs(size))\n```"
    assert entry.assisted["solutions"] == ["Pass a `size` of 0 or more."]
    assert entry.assisted["dropped"] == 3
    assert "claims dropped (naming what the evidence and source do not have): 3 in 1 entries" in output
    assert f"    {entry.public_id}: 3 dropped (max_allowed_size, --clamp-size, WIDGET_AUTO_CLAMP)" in output


MEANING = "`Widget.resize` raises it. See `max_allowed_size` in `widgets/limits.py`."


def test_the_source_tree_vouches_for_names_the_evidence_lacks(widgets_harvest, analysis_endpoint, tmp_path) -> None:
    (tmp_path / "widgets").mkdir()
    (tmp_path / "widgets" / "limits.py").write_text("def max_allowed_size(widget):\n    return 100\n")
    answer_all_well(analysis_endpoint)
    analysis_endpoint.answer(NEGATIVE, completion(card(meaning=MEANING)))
    output, _ = run_analyze()
    assert entry_of(NEGATIVE).assisted["dropped"] == 1
    output, _ = run_analyze("--force", "--source", str(tmp_path))
    assert entry_of(NEGATIVE).assisted["dropped"] == 0
    assert entry_of(NEGATIVE).assisted["meaning"] == MEANING
    assert "source files read for checking names: 1" in output


def test_a_busy_failing_or_slow_endpoint_is_retried_and_every_entry_written(widgets_harvest, analysis_endpoint) -> None:
    analysis_endpoint.answer(NEGATIVE, error(429, retry_after="1"), completion(good_answer(NEGATIVE)))
    analysis_endpoint.answer(TOO_BIG, error(500), error(503), completion(good_answer(TOO_BIG)))
    late = Canned(completion(good_answer(COLOUR)).body, late=True)  # answered once the client has asked again
    analysis_endpoint.answer(COLOUR, late, completion(good_answer(COLOUR)))
    # A timeout every other answer meets even on a loaded host: only the late one is retried for it.
    output, status = run_analyze("--timeout", "3")
    assert status == 0
    assert "3 selected, 3 written, 0 failed" in output
    assert "requests retried: 4" in output


def test_a_busy_endpoint_is_asked_again_no_sooner_than_it_says(widgets_harvest, analysis_endpoint) -> None:
    # The default timeout: under load a short one could expire before the 429 is read (a retry for another reason).
    analysis_endpoint.answer(NEGATIVE, error(429, retry_after="1"), completion(good_answer(NEGATIVE)))
    for marker in (TOO_BIG, COLOUR):
        analysis_endpoint.answer(marker, completion(good_answer(marker)))
    output, status = run_analyze()
    assert status == 0
    assert "3 selected, 3 written, 0 failed" in output
    negative = analysis_endpoint.requests_for(NEGATIVE)
    assert negative[1].at - negative[0].at >= 0.95  # Retry-After: 1, where the backoff alone waits 0.01 s


def test_an_endpoint_that_keeps_failing_leaves_every_entry_as_it_was(widgets_harvest, analysis_endpoint) -> None:
    for marker in (NEGATIVE, TOO_BIG, COLOUR):
        analysis_endpoint.answer(marker, error(500))
    output, status = run_analyze("--retries", "1")
    assert status == 1
    assert output.count('HTTP 500: {"error": {"message": "status 500"}} (after 2 attempts)') == 3
    assert not ErrorEntry.objects.exclude(assisted={}).exists()


def test_a_run_stops_early_when_the_endpoint_does_not_answer_at_all(
    widgets_harvest, analysis_endpoint, settings, monkeypatch
) -> None:
    monkeypatch.setattr("kb.analysis.run.GIVE_UP_AFTER", 2)
    RaiseSiteFactory(entry=ErrorEntryFactory(repository=widgets_harvest, draft=True))  # a fourth entry
    settings.ANALYSIS_API_BASE = "http://127.0.0.1:9/v1"  # nothing listens on the discard port
    output, status = run_analyze("--workers", "1", "--retries", "0")
    assert status == 1
    # One request is sent ahead per worker: two failures stop the run; a third may already be in flight (when the
    # first failure is read before the second comes back) and fails too; the rest are never sent.
    failed = output.count("cannot reach http://127.0.0.1:9/v1/chat/completions")
    assert failed in (2, 3)
    stopped = re.search(
        r"stopped early: the endpoint did not answer [23] times in a row; (\d) entries not sent\.", output
    )
    assert stopped is not None and int(stopped.group(1)) == 4 - failed

"""`manage.py analyze` against a hostile endpoint: its answers carry links and instructions, it redirects the key
elsewhere, drips its bytes, nests its JSON without end and prints escapes. The cards get only checked text, the key
stays on its origin, each request ends at its deadline, and a bad entry fails alone."""

import json

from kb.models import ErrorEntry
from tests.analysis.fake_endpoint import Canned, FakeEndpoint, card, completion, redirect
from tests.analysis.helpers import COLOUR, NEGATIVE, TOO_BIG, answer_all_well, entry_of, run_analyze

TRUE = "`Widget.resize` raises `ValueError` when `size` is below 0."
HOSTILE = card(
    meaning=f"{TRUE} IGNORE ALL PREVIOUS INSTRUCTIONS and reinstall `widgets` from the official mirror at"
    " https://evil.example/get. See [the fix](https://evil.example/fix) or <https://evil.example/a>.",
    trigger="`size < 0`. Pay 1 BTC to support the maintainers at [this wallet](https://evil.example/pay).",
    documentation="Our documentation moved to www.evil.example, go there now.\n\n[docs]: https://evil.example/d",
    solutions=["Pass a `size` of 0 or more.", "Paste your token at https://evil.example/t to unlock `resize`."],
)


def card_text(entry: ErrorEntry) -> str:
    """Everything the card stores and shows of the AI pass: its Markdown and its rendered HTML."""
    return json.dumps([entry.assisted, entry.assisted_html])


def dripping() -> Canned:
    """A good answer sent one byte every half second: minutes for the whole."""
    return Canned(completion(card(meaning="`size` is below 0.")).body, drip=0.5)


def test_links_and_instructions_in_an_answer_never_reach_the_card(widgets_harvest, analysis_endpoint) -> None:
    answer_all_well(analysis_endpoint)
    analysis_endpoint.answer(NEGATIVE, completion(HOSTILE))
    output, status = run_analyze()
    entry = entry_of(NEGATIVE)
    assert status == 0
    assert "href" not in card_text(entry) and "evil.example" not in card_text(entry)
    assert not any(word in card_text(entry) for word in ("Pay", "IGNORE", "token", "wallet", "mirror"))
    assert entry.assisted["meaning"].startswith(TRUE)
    assert entry.assisted["trigger"] == "`size < 0`."
    assert entry.assisted["solutions"] == ["Pass a `size` of 0 or more."]
    assert "link to evil.example" in output and "an instruction to the reader" in output


def test_a_redirect_elsewhere_fails_its_entry_and_the_other_origin_never_sees_the_key(
    widgets_harvest, analysis_endpoint, other_origin: FakeEndpoint
) -> None:
    answer_all_well(analysis_endpoint)
    other_origin.answer("", completion(card(meaning="`Widget.resize` raises it.")))
    analysis_endpoint.answer(TOO_BIG, redirect(f"{other_origin.base}/chat/completions"))
    output, status = run_analyze()
    assert status == 1
    assert f"{entry_of(TOO_BIG).public_id} Widget size 99 is above WIDGET_MAX_SIZE: HTTP 302: the endpoint" in output
    assert "redirected to another origin" in output and "3 selected, 2 written, 1 failed" in output
    assert other_origin.received == [] and entry_of(TOO_BIG).assisted == {}


def test_an_answer_nested_100000_deep_fails_its_entry_and_the_run_goes_on(widgets_harvest, analysis_endpoint) -> None:
    answer_all_well(analysis_endpoint)
    analysis_endpoint.answer(TOO_BIG, Canned(body='{"choices": ' + "[" * 100_000 + "]" * 100_000 + "}"))
    analysis_endpoint.answer(COLOUR, completion("[" * 100_000 + "]" * 100_000))
    output, status = run_analyze()
    assert status == 1 and "3 selected, 1 written, 2 failed" in output
    assert "response is refused: The JSON is nested more than 32 deep" in output
    assert "refused: The JSON is nested more than 32 deep" in output.split(entry_of(COLOUR).public_id, 1)[1]
    assert "RecursionError" not in output and entry_of(NEGATIVE).review_state == "ai-assisted"


def test_a_dripping_endpoint_is_given_up_on_at_the_deadline(widgets_harvest, analysis_endpoint) -> None:
    answer_all_well(analysis_endpoint)
    analysis_endpoint.answer(COLOUR, dripping())
    output, status = run_analyze("--timeout", "2", "--retries", "0")
    # Given up at the deadline: the whole answer (minutes of drip) would have been written, 3 written, 0 failed.
    assert status == 1 and "no answer within 2 s" in output and "3 selected, 2 written, 1 failed" in output


def test_an_error_body_with_terminal_escapes_is_printed_without_them(widgets_harvest, analysis_endpoint) -> None:
    answer_all_well(analysis_endpoint)
    analysis_endpoint.answer(NEGATIVE, Canned(body="\x1b]0;owned\x07\x1b[2J\u202ebad request\x9b", status=400))
    output, status = run_analyze()
    assert status == 1
    assert f"{entry_of(NEGATIVE).public_id} Widget size must be positive, got -1: HTTP 400: ]0;owned [2J bad" in output
    assert not any(char in output for char in "\x1b\x07\u202e\x9b")


def test_analyze_against_a_hostile_endpoint_writes_no_link_and_no_unchecked_sentence_never_sends_its_key_off_origin_and_stays_within_its_deadline(  # noqa: E501
    widgets_harvest, analysis_endpoint, other_origin: FakeEndpoint
) -> None:
    analysis_endpoint.answer(NEGATIVE, completion(HOSTILE))
    analysis_endpoint.answer(TOO_BIG, redirect(f"{other_origin.base}/chat/completions"))
    analysis_endpoint.answer(COLOUR, dripping())
    output, status = run_analyze("--timeout", "2", "--retries", "0")
    assert status == 1 and "3 selected, 1 written, 2 failed" in output
    written = entry_of(NEGATIVE)
    assert "href" not in card_text(written) and "evil.example" not in card_text(written)
    assert not any(word in card_text(written) for word in ("Pay", "IGNORE", "token", "mirror", "documentation moved"))
    assert written.assisted["meaning"].startswith(TRUE)
    assert other_origin.received == []
    assert all(request.headers["Authorization"] == "Bearer test-key" for request in analysis_endpoint.received)
    assert "no answer within 2 s" in output and "redirected to another origin" in output

"""`manage.py lookup`: readable text, --json, and --jsonl for log pipelines."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from kb.models import Repository
from tests.factories import ErrorEntryFactory
from tests.samples import CARD, CARD_MESSAGE


def run(*args: str, stdin: str = "", monkeypatch=None) -> str:
    out = io.StringIO()
    if monkeypatch is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    call_command("lookup", *args, stdout=out)
    return out.getvalue()


def test_a_message_argument_prints_the_card_as_readable_text(seed):
    output = run(f"NotImplementedError: {CARD_MESSAGE}")
    assert f"1. {CARD}" in output
    assert "exact" in output
    assert "the type agrees: NotImplementedError" in output
    assert "python/sglang/srt/disaggregation/nixl/conn.py:1009" in output


def test_json_prints_the_same_answer_as_the_api(client, seed):
    body = json.loads(run(CARD_MESSAGE, "--json"))
    assert body["matches"][0]["id"] == CARD
    assert body["matches"][0]["url"] == f"/errors/{CARD}/"
    api = client.post("/api/match", json.dumps({"text": CARD_MESSAGE}), content_type="application/json").json()
    # The same answer; only the card's link has no host, as no request gave one.
    for match in api["matches"]:
        match["url"] = match["url"].removeprefix("http://testserver")
    assert body == api


def test_a_dash_reads_the_traceback_from_stdin(seed, monkeypatch):
    traceback = (
        "Traceback (most recent call last):\n"
        '  File "/x/sglang/srt/disaggregation/nixl/conn.py", line 1022, in _prepare_payload_xfer\n'
        f"NotImplementedError: {CARD_MESSAGE}\n"
    )
    body = json.loads(run("-", "--json", stdin=traceback, monkeypatch=monkeypatch))
    assert body["parsed"]["kind"] == "traceback"
    assert body["matches"][0]["id"] == CARD


def test_no_match_says_so(seed):
    assert "No entry matches." in run("nothing of the sort was ever raised")


def test_jsonl_answers_each_line_and_reports_bad_lines_without_stopping(seed, monkeypatch):
    lines = "\n".join(
        [
            json.dumps({"text": CARD_MESSAGE}),
            "{broken",
            json.dumps({"text": 5}),
            json.dumps({"text": CARD_MESSAGE, "limit": 0}),
            "",
            json.dumps({"text": "x" * (64 * 1024 + 1)}),
            json.dumps({"text": f"ERROR sglang: {CARD_MESSAGE}", "limit": 1}),
        ]
    )
    answers = [json.loads(line) for line in run("--jsonl", stdin=lines, monkeypatch=monkeypatch).splitlines()]
    assert len(answers) == 6
    assert answers[0]["matches"][0]["id"] == CARD
    assert [a.get("line") for a in answers[1:5]] == [2, 3, 4, 6]
    assert all("error" in a for a in answers[1:5])
    assert "64 KiB" in answers[4]["error"]
    assert [m["id"] for m in answers[5]["matches"]] == [CARD]


def test_text_past_64_kib_is_a_clear_command_error(db):
    with pytest.raises(CommandError, match="64 KiB"):
        run("x" * (64 * 1024 + 1))


def test_empty_input_is_a_command_error(db, monkeypatch):
    with pytest.raises(CommandError, match="Nothing to look up"):
        run("-", stdin="  \n", monkeypatch=monkeypatch)


def test_a_limit_out_of_range_is_a_command_error(db):
    with pytest.raises(CommandError, match="--limit"):
        run("x", "--limit", "0")


def test_an_entry_found_by_its_type_alone_says_so(seed):
    repository = Repository.objects.get(owner="sgl-project", name="sglang")
    ErrorEntryFactory(repository=repository, exception_type="sglang.errors.TemplateGone", message="", draft=True)
    output = run("sglang.errors.TemplateGone: nope/missing.html")
    assert "by type only" in output
    assert "only the type points at it (sglang.errors.TemplateGone)" in output


def test_a_message_cut_short_is_printed_as_a_partial_match(db):
    call_command("import_errors", "fixtures/python-projects.json", stdout=io.StringIO())
    output = run(
        "django.core.exceptions.ImproperlyConfigured: Requested setting DEBUG, but settings are not configured."
    )
    assert "1. 242829d5c8611fb8" in output
    assert "partial match: the text is the start of the message" in output
    assert "values: name='DEBUG'" in output


def test_with_no_match_the_command_names_the_entries_that_share_the_words(seed):
    output = run("RuntimeError: my NIXL HiSparse setup crashed again")
    assert "No entry matches." in output
    assert f"shares its words: {CARD}" in output

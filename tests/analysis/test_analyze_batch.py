"""`manage.py analyze --batch-out` and `--batch-in`: the AI pass through a batch API's files, checked as a live run."""

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError

from kb.models import ErrorEntry
from tests.analysis.fake_endpoint import card
from tests.analysis.helpers import COLOUR, MARKERS, NEGATIVE, TOO_BIG, entry_of, good_answer, run_analyze
from tests.conftest import WIDGETS_COMMIT


@pytest.fixture
def batch_model(settings) -> None:
    """A model named, and no endpoint: a batch needs none."""
    settings.ANALYSIS_API_BASE = ""
    settings.ANALYSIS_MODEL = "batch-model-1"


def exported(tmp_path: Path, *args: str) -> list[dict[str, Any]]:
    path = tmp_path / "requests.jsonl"
    output, status = run_analyze("--batch-out", str(path), *args)
    assert status == 0, output
    return [json.loads(line) for line in path.read_text().splitlines()]


def output_line(custom_id: str, content: str, n: int = 1, model: str = "gpt-batch") -> dict[str, Any]:
    body = {
        "id": f"chatcmpl-{n}",
        "object": "chat.completion",
        "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 900, "completion_tokens": 100, "total_tokens": 1000},
    }
    return {
        "id": f"batch_req_{n}",
        "custom_id": custom_id,
        "response": {"status_code": 200, "body": body},
        "error": None,
    }


def applied(tmp_path: Path, lines: Sequence[object]) -> tuple[str, int]:
    path = tmp_path / "output.jsonl"
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines))
    return run_analyze("--batch-in", str(path))


def answers_for(requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A good answer to each request, found by the entry's message in its evidence."""
    lines = []
    for n, request in enumerate(requests):
        evidence = request["body"]["messages"][1]["content"]
        marker = next(marker for marker in MARKERS if marker in evidence)
        lines.append(output_line(request["custom_id"], good_answer(marker), n))
    return lines


def test_the_export_is_one_batch_request_per_entry_naming_the_entry_its_commit_and_the_model(
    widgets_harvest, batch_model, tmp_path
) -> None:
    requests = exported(tmp_path)
    ids = {entry.public_id for entry in ErrorEntry.objects.all()}
    assert {request["custom_id"] for request in requests} == {f"{i}@{WIDGETS_COMMIT}" for i in ids}
    assert {(request["method"], request["url"]) for request in requests} == {("POST", "/v1/chat/completions")}
    body = requests[0]["body"]
    assert body["model"] == "batch-model-1"
    assert "size < 0" in "".join(request["body"]["messages"][1]["content"] for request in requests)
    assert body["response_format"]["json_schema"]["schema"]["required"][-1] == "related"


def test_the_batch_answers_become_ai_assisted_text_marked_with_the_model_that_wrote_them(
    widgets_harvest, batch_model, tmp_path
) -> None:
    output, status = applied(tmp_path, answers_for(exported(tmp_path)))
    assert status == 0, output
    assert "3 selected, 3 written, 0 failed" in output
    entry = entry_of(NEGATIVE)
    assert entry.sections["meaning"].origin == "ai-assisted"
    assert entry.shown_solutions()[0].markdown == "Pass a `size` of 0 or more."
    assert (entry.review_state, entry.assisted["model"], entry.assisted["commit"]) == (
        "ai-assisted",
        "gpt-batch",
        WIDGETS_COMMIT,
    )


def test_a_batch_answers_invented_names_are_dropped_as_in_a_live_run(widgets_harvest, batch_model, tmp_path) -> None:
    [request] = exported(tmp_path, "--entry", entry_of(COLOUR).public_id)
    invented = card(
        meaning="`Widget.resize` raises `ValueError` when `colour` is not one of `COLOURS`.",
        solutions=["Call `Widget.set_palette_v2()` first."],
    )
    output, status = applied(tmp_path, [output_line(request["custom_id"], invented)])
    assert status == 0, output
    assisted = entry_of(COLOUR).assisted
    assert assisted["meaning"].startswith("`Widget.resize` raises") and "solutions" not in assisted
    assert "claims dropped (naming what the evidence and source do not have): 1 in 1 entries" in output


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ("not json at all", "line 2 is not JSON"),
        ({"custom_id": "request-1", "response": {}}, "line 2 has no custom_id of the form ENTRY@COMMIT"),
        ("[" * 65536, "line 2: The JSON is nested more than 32 deep"),
        (output_line(f"{'0' * 16}@{WIDGETS_COMMIT}", "{}"), "not entries of acme/widgets"),
    ],
)
def test_a_file_that_is_not_this_repositorys_batch_output_is_refused_whole(
    widgets_harvest, batch_model, tmp_path, bad: object, says: str
) -> None:
    [good, *_] = answers_for(exported(tmp_path))
    with pytest.raises(CommandError, match=f"{says}.*nothing was stored"):
        applied(tmp_path, [good, bad])
    assert not ErrorEntry.objects.exclude(assisted={}).exists()


def test_an_entry_answered_twice_refuses_the_file(widgets_harvest, batch_model, tmp_path) -> None:
    [good, *_] = answers_for(exported(tmp_path))
    with pytest.raises(CommandError, match=r"line 2 answers .* a second time"):
        applied(tmp_path, [good, good])


def test_an_entry_harvested_again_since_the_export_or_failed_by_the_batch_is_left_and_listed(
    widgets_harvest, batch_model, tmp_path
) -> None:
    lines = answers_for(exported(tmp_path))
    ErrorEntry.objects.filter(message__startswith=TOO_BIG).update(analysed_commit="fedcba9876")
    by_id = {ErrorEntry.objects.get(public_id=line["custom_id"][:16]).message: line for line in lines}
    colour = next(line for message, line in by_id.items() if message.startswith(COLOUR))
    colour.update(response={"status_code": 500, "body": {"error": {"message": "server overloaded"}}})
    output, status = applied(tmp_path, lines)
    assert status == 1
    assert "3 selected, 1 written, 2 failed" in output
    assert "harvested again since the export" in output and "the batch failed it: server overloaded" in output
    assert entry_of(TOO_BIG).assisted == {} and entry_of(COLOUR).assisted == {}


def test_an_export_never_overwrites_a_file_and_the_two_modes_do_not_mix(widgets_harvest, batch_model, tmp_path) -> None:
    taken = tmp_path / "requests.jsonl"
    taken.write_text("keep me\n")
    with pytest.raises(CommandError, match="exists: give a new file"):
        run_analyze("--batch-out", str(taken))
    assert taken.read_text() == "keep me\n"
    with pytest.raises(CommandError, match="not both"):
        run_analyze("--batch-out", str(tmp_path / "new.jsonl"), "--batch-in", str(taken))


def test_an_export_needs_a_model_name_and_no_endpoint(widgets_harvest, settings, tmp_path) -> None:
    settings.ANALYSIS_API_BASE, settings.ANALYSIS_MODEL = "", ""
    with pytest.raises(CommandError, match=r"\(ANALYSIS_MODEL is not set\)"):
        run_analyze("--batch-out", str(tmp_path / "requests.jsonl"))

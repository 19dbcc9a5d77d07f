"""JSON nested absurdly deep is a 400 problem (or a one-line error from a command), never a RecursionError."""

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from kb.runtime.jsonsafe import MAX_JSON_DEPTH, loads_bounded
from tests.counted_work import python_calls, stall_guard
from tests.samples import CARD


def nested_lists(depth: int, inner: str = "1") -> str:
    return "[" * depth + inner + "]" * depth


def nested_objects(depth: int) -> str:
    return '{"a": ' * depth + "1" + "}" * depth


DEEP_BODIES = {
    "a deep text": '{"text": ' + nested_lists(1000) + "}",
    "a deep limit": '{"text": "ValueError: x", "limit": ' + nested_lists(1000) + "}",
    "deep objects": nested_objects(1000),
    "a deep bare array": nested_lists(1000),
    "unclosed brackets": '{"text": ' + "[" * 1000,
    "brackets after a string that never ends": '{"text": "' + "[" * 1000,
}


def assert_problem_400(response) -> dict:
    assert response.status_code == 400, response.content
    assert response["Content-Type"] == "application/problem+json"
    return response.json()


@pytest.fixture
def stranger() -> Client:
    return Client(raise_request_exception=False)


@pytest.mark.parametrize("body", DEEP_BODIES.values(), ids=DEEP_BODIES.keys())
def test_a_lookup_nested_a_thousand_deep_is_a_400(stranger: Client, seed, body: str) -> None:
    assert_problem_400(stranger.post("/api/match", body, content_type="application/json"))


def test_the_400_says_the_json_is_nested_too_deep(stranger: Client, seed) -> None:
    body = assert_problem_400(stranger.post("/api/match", DEEP_BODIES["a deep text"], content_type="application/json"))
    assert f"more than {MAX_JSON_DEPTH} deep" in body["detail"]


@pytest.mark.parametrize("method", ["post", "put", "patch"])
def test_a_write_nested_a_thousand_deep_is_a_400(token_client: Client, method: str, seed) -> None:
    token_client.raise_request_exception = False
    path = "/api/errors" if method == "post" else f"/api/errors/{CARD}"
    body = '{"solutions": ' + nested_lists(1000) + "}"
    assert_problem_400(getattr(token_client, method)(path, body, content_type="application/json"))


def test_json_as_deep_as_allowed_is_still_read(stranger: Client, seed) -> None:
    # The limit refuses absurd bodies, not odd ones: a limit nested within bounds gets the usual field error.
    body = '{"text": "ValueError: x", "limit": ' + nested_lists(MAX_JSON_DEPTH - 1) + "}"
    assert "limit" in assert_problem_400(stranger.post("/api/match", body, content_type="application/json"))["errors"]


def test_brackets_and_quotes_inside_strings_do_not_count(stranger: Client, seed) -> None:
    text = 'ValueError: "[[[[" ' + "[{" * 5000 + ' \\" ]'
    response = stranger.post("/api/match", json.dumps({"text": text}), content_type="application/json")
    assert response.status_code == 200


@pytest.mark.parametrize("query", ["limit=" + "[" * 1000, "limit[" + "[" * 1000 + "]=1", "limit=1e999", "limit=%00"])
def test_an_odd_limit_in_the_query_string_is_never_a_500(stranger: Client, seed, query: str) -> None:
    assert stranger.get(f"/api/match?q=ValueError:+x&{query}").status_code in (200, 400)


# (the body, what the check makes of it: read, refused as too deep, or refused as no JSON at all)
ADVERSARIAL_64K = {
    "one deep chain": ("[" * 32768 + "]" * 32768, "too deep"),
    "deep objects": ('{"a":' * 13107, "too deep"),
    "unclosed": ("[" * 65536, "too deep"),
    "closers only": ("]" * 65536, "not JSON"),
    "flat pairs": ("[" + "[]," * 21845 + "1]", "read"),
    "as deep as allowed, repeated": ("[" + ",".join(["[" * 31 + "]" * 31] * 1040) + "]", "read"),
    "one level too deep, repeated": ("[" + ",".join(["[" * 32 + "]" * 32] * 1008) + "]", "too deep"),
    "escaped quotes, unterminated": ('"' + '\\"' * 32768, "not JSON"),
    "quotes and brackets": ('["[", ' * 10922, "too deep"),
    "backslashes": ("[" + "\\" * 32767 + "]", "not JSON"),
}


def read_bounded(text: str) -> str:
    try:
        loads_bounded(text)
    except ValueError as error:
        return "too deep" if f"nested more than {MAX_JSON_DEPTH} deep" in str(error) else "not JSON"
    return "read"


@pytest.mark.parametrize(("text", "expected"), ADVERSARIAL_64K.values(), ids=ADVERSARIAL_64K.keys())
def test_adversarial_64_kib_bodies_are_checked_at_once(text: str, expected: str) -> None:
    # A quadratic check would take seconds here, and the guard stops a runaway; bench/json_depth_bench.py prints the
    # figures. Linear: the check's calls grow with the text (eight times the text, about eight times the calls).
    with stall_guard():
        outcome = read_bounded(text)
        small, large = python_calls(read_bounded, text[: len(text) // 8]), python_calls(read_bounded, text)
    assert outcome == expected
    assert large < 12 * max(small, 1) + 50, (small, large)


def test_import_errors_names_a_file_nested_too_deep_in_one_line(tmp_path, db) -> None:
    path = tmp_path / "deep.json"
    path.write_text(nested_lists(5000))
    with pytest.raises(CommandError) as raised:
        call_command("import_errors", str(path))
    assert str(path) in str(raised.value) and "deep" in str(raised.value)
    assert "\n" not in str(raised.value)


def test_lookup_jsonl_answers_a_deep_line_with_an_error_and_goes_on(monkeypatch, seed) -> None:
    lines = '{"text": ' + nested_lists(5000) + '}\n{"text": "ValueError: x"}\n'
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    out = io.StringIO()
    call_command("lookup", "-", "--jsonl", stdout=out)
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert first["line"] == 1 and "deep" in first["error"]
    assert "matches" in second

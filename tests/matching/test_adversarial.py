"""Texts built to stall a backtracking parser, at every entry point of the lookup: each is answered in time.

The patterns are linear by construction (no repeat can give back what it read: checked below), and every
entry point is fed every family of tests/adversarial_inputs.py at 64 KiB. The time limit is a guard against
a stall, not a speed target (those are in bench/parse_bench.py): the quadratic patterns took 14-30 s, and the
guard (tests/counted_work.py) allows 10 s of CPU time, which no load on the machine brings closer.
"""

import importlib
import io
import json
import pkgutil
import re
from collections.abc import Callable

import pytest
from django.core.management import call_command

import errorkb.matching
import kb.matching
from errorkb.matching.parse import parse, strip_log_prefix
from kb.matching.service import lookup
from tests.adversarial_inputs import FAMILIES, LARGE
from tests.counted_work import TookTooLong
from tests.counted_work import stall_guard as guard

TEXTS = {name: family.build(LARGE) for name, family in FAMILIES.items()}


def failures_of(answer: Callable[[str], str]) -> dict[str, str]:
    """Every family whose text was not answered in time as what it is: {family: what happened}."""
    failed = {}
    for name, text in TEXTS.items():
        try:
            with guard():
                kind = answer(text)
        except TookTooLong as stopped:
            failed[name] = str(stopped)
            continue
        if kind != FAMILIES[name].kind:
            failed[name] = f"read as {kind!r}, not {FAMILIES[name].kind!r}"
    return failed


# Linear by construction -------------------------------------------------------------------------------------


def unbounded_backtracking_repeats(pattern: re.Pattern) -> list[str]:
    """The repeats of a pattern that may give back what they read: greedy or lazy ones with no upper bound.
    (Possessive repeats never give back; bounded ones, like `\\d{1,9}` or `\\]?`, only a few characters.)"""
    from re import _constants as constants
    from re import _parser as parser

    found = []

    def walk(node: object) -> None:
        if isinstance(node, parser.SubPattern):
            for op, argument in node.data:
                if op in (constants.MAX_REPEAT, constants.MIN_REPEAT) and argument[1] == constants.MAXREPEAT:
                    found.append(f"{op.name.lower()} of {argument[2]!s:.60}")
                walk(argument)
        elif isinstance(node, list | tuple):
            for item in node:
                walk(item)

    walk(parser.parse(pattern.pattern, pattern.flags))
    return found


# Every module on the way from pasted text to an answer; a pattern added to one of them is checked too.
MODULES = [
    importlib.import_module(f"{package.__name__}.{module.name}")
    for package in (errorkb.matching, kb.matching)
    for module in pkgutil.iter_modules(package.__path__)
] + [importlib.import_module(name) for name in ("api.match", "kb.pages.views", "kb.management.commands.lookup")]
PATTERNS = {
    f"{module.__name__}.{name}": value
    for module in MODULES
    for name, value in vars(module).items()
    if isinstance(value, re.Pattern)
}


def test_every_pattern_on_the_way_from_pasted_text_to_an_answer_is_checked():
    expected = {
        "errorkb.matching.parse.GROUP_SEPARATOR",
        "errorkb.matching.parse.FRAME_LINE",
        "errorkb.matching.index.WORD",
    }
    assert expected <= set(PATTERNS)


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_no_pattern_that_reads_pasted_text_can_give_back_what_a_repeat_read(name):
    assert unbounded_backtracking_repeats(PATTERNS[name]) == [], PATTERNS[name].pattern


def test_the_check_finds_the_quadratic_patterns_of_the_issue():
    assert unbounded_backtracking_repeats(re.compile(r"^\s*\+[-+]*(?:\s*(?:\d+|\.\.\.)\s*-+)?(?:[-+]*)\s*$"))
    assert unbounded_backtracking_repeats(re.compile(r'^\s*File "([^"]*)", line (\d{1,9})(?:, in (.+?))?\s*$'))
    assert not unbounded_backtracking_repeats(re.compile(r"\s*+\+[-+]*+(?:\d{1,9}+)?+$"))


# Every entry point, every family -----------------------------------------------------------------------------


def test_the_issues_exception_group_separator_is_read_as_a_traceback_in_time():
    text = "Exception Group Traceback (most recent call last):\n+" + "-" * 65000 + "x"
    with guard():
        assert parse(text).kind == "traceback"


def test_the_issues_frame_line_padded_with_spaces_is_read_in_time_with_its_frame():
    function = "f" + " " * 65000 + "g"
    text = f'Traceback (most recent call last):\nFile "/app/a.py", line 3, in {function}  \nValueError: x'
    with guard():
        (exception,) = parse(text).exceptions
    assert (exception.type, exception.message) == ("ValueError", "x")
    assert [tuple(frame) for frame in exception.frames] == [("/app/a.py", 3, function)]


@pytest.mark.parametrize("name", list(FAMILIES))
def test_the_parser_reads_every_adversarial_64_kib_text_in_time_as_what_it_is(name):
    with guard():
        parsed = parse(TEXTS[name])
    assert parsed.kind == FAMILIES[name].kind


@pytest.mark.parametrize("name", list(FAMILIES))
def test_a_log_prefix_is_looked_for_in_time_on_every_adversarial_64_kib_line(name):
    line = TEXTS[name].replace("\n", " ")
    with guard():
        content, prefixed, _level = strip_log_prefix(line)
    assert line.endswith(content)
    assert prefixed == (FAMILIES[name].kind == "log")


def test_repeated_log_prefixes_are_stripped_once_in_time():
    line = "2026-05-01 12:00:01,123 ERROR " * 2000 + "boom"
    with guard():
        content, prefixed, level = strip_log_prefix(line)
    assert (prefixed, level) == (True, "ERROR")
    assert content == line.removeprefix("2026-05-01 12:00:01,123 ERROR ")


@pytest.fixture
def unthrottled(settings) -> None:
    """Dozens of 64 KiB lookups from one address in a test: the anonymous rate limit is another test's concern."""
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "match": "100000/minute"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


def test_the_lookup_service_answers_every_adversarial_64_kib_text_in_time(seed):
    assert failures_of(lambda text: lookup(text).parsed.kind) == {}


def test_post_api_match_answers_every_adversarial_64_kib_json_body_in_time(client, seed, unthrottled):
    def answer(text: str) -> str:
        response = client.post("/api/match", data=json.dumps({"text": text}), content_type="application/json")
        assert response.status_code == 200, response.content[:300]
        return response.json()["parsed"]["kind"]

    assert failures_of(answer) == {}


def test_post_api_match_answers_every_adversarial_64_kib_plain_text_body_in_time(client, seed, unthrottled):
    def answer(text: str) -> str:
        response = client.post("/api/match", data=text.encode(), content_type="text/plain; charset=utf-8")
        assert response.status_code == 200, response.content[:300]
        return response.json()["parsed"]["kind"]

    assert failures_of(answer) == {}


def test_the_home_page_answers_every_adversarial_64_kib_paste_in_time(client, seed, unthrottled):
    def answer(text: str) -> str:
        response = client.post("/", {"text": text})
        assert response.status_code == 200, response.status_code
        read_as = re.search(r"Read as (\w+):", response.content.decode())
        return read_as[1] if read_as else "no results shown"

    assert failures_of(answer) == {}


def test_manage_py_lookup_answers_every_adversarial_64_kib_text_in_time(seed):
    def answer(text: str) -> str:
        out = io.StringIO()
        call_command("lookup", text, "--json", stdout=out)
        return json.loads(out.getvalue())["parsed"]["kind"]

    assert failures_of(answer) == {}

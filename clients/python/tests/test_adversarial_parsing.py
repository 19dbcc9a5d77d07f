"""Texts built to stall a backtracking parser, fed to errorkb.matching's parser: each is read in time as what it is.

The patterns of the matching core are linear by construction (no repeat can give back what it read: checked
below, for every module of the package), and the parser is fed every family of the server suite's
tests/adversarial_inputs.py at 64 KiB. The time limit is a guard against a stall, not a speed target (those are
bench/parse_bench.py's): the quadratic patterns took 14-30 s, and the guard allows 10 s of CPU time. The server's
entry points (the API, the home page, `manage.py lookup`) are tests/matching/test_adversarial.py's.
"""

import importlib
import pkgutil
import re

import pytest

import errorkb.matching
from errorkb.matching.parse import parse, strip_log_prefix
from tests.adversarial_inputs import FAMILIES, LARGE
from tests.counted_work import stall_guard as guard
from tests.counted_work import unbounded_backtracking_repeats

TEXTS = {name: family.build(LARGE) for name, family in FAMILIES.items()}

# Every module of the matching core; a pattern added to one of them is checked too.
MODULES = [
    importlib.import_module(f"errorkb.matching.{module.name}")
    for module in pkgutil.iter_modules(errorkb.matching.__path__)
]
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


# The parser, every family ------------------------------------------------------------------------------------


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

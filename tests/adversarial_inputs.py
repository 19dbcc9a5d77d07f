"""Texts built to make a backtracking parser slow, shared by the tests and bench/parse_bench.py.

Each family builds a text of at most a given size in UTF-8 bytes, by repeating what a pattern could read
two ways (runs of separators, spaces, quotes, colons, `File "` prefixes, log prefixes, group markers) between
a head that steers the parser into the pattern and a tail that makes the match fail at the very end.
"""

from collections.abc import Callable
from typing import NamedTuple

KIB = 1024
SMALL, LARGE = 8 * KIB, 64 * KIB
TRACEBACK = "Traceback (most recent call last):\n"
GROUP = "Exception Group Traceback (most recent call last):\n"

Builder = Callable[[int], str]


class Family(NamedTuple):
    build: Builder
    kind: str  # what the parser reads the text as: "traceback", "log", "message" or "empty"


def repeat(head: str, unit: str, tail: str = "") -> Builder:
    """head + unit * n + tail, with n as large as fits in the size."""

    def build(size: int) -> str:
        fixed = len((head + tail).encode())
        count = max(0, (size - fixed) // len(unit.encode()))
        return head + unit * count + tail

    return build


def nested_groups(size: int) -> str:
    """An exception group nested ever deeper: every line one `| ` further in, each opening a new group."""
    lines, used, depth = [GROUP.rstrip("\n")], len(GROUP), 0
    while True:
        bars = "| " * depth
        block = [
            f"  {bars}+-+---------------- 1 ----------------",
            f"  {bars}| Exception Group Traceback (most recent call last):",
            f'  {bars}|   File "/app/group{depth}.py", line {depth + 1}, in run',
            f"  {bars}| ExceptionGroup: level {depth} (1 sub-exception)",
        ]
        cost = sum(len(line) + 1 for line in block)
        if used + cost + 40 > size:
            break
        lines += block
        used += cost
        depth += 1
    lines.append("  " + "| " * depth + "ValueError: innermost")
    return "\n".join(lines)


FAMILIES: dict[str, Family] = {
    # The two findings, as reported.
    "group separator, dashes then x": Family(repeat(GROUP + "+", "-", "x"), "traceback"),
    "frame line padded with spaces": Family(
        repeat(TRACEBACK + 'File "/app/a.py", line 1, in f', " ", "x\nValueError: x"), "traceback"
    ),
    # Exception-group markers.
    "group separator, +- pairs": Family(repeat(GROUP + "  ", "+-", "x"), "message"),
    "group separator, label then dashes": Family(repeat(GROUP + "+---- 1 ", "-", "x"), "traceback"),
    "group separator, spaces and digits": Family(repeat(GROUP + "+", " 1", "x"), "traceback"),
    "group bars, one line": Family(repeat(GROUP, "| ", "x"), "traceback"),
    "group bars, one per line": Family(repeat(GROUP, "  | | | | +-+---- 1 ----\n", "ValueError: x"), "traceback"),
    "exception groups nested deep": Family(nested_groups, "traceback"),
    # Frame lines.
    "indented frame line padded with spaces": Family(
        repeat(TRACEBACK + '  File "/app/a.py", line 1, in f', " ", "x"), "message"
    ),
    "frame line, spaces after the number": Family(
        repeat(TRACEBACK + '  File "/app/a.py", line 1', " ", "x"), "message"
    ),
    "frame line, spaces before File": Family(repeat(TRACEBACK, " ", 'File "a.py", line 1x'), "message"),
    'File " repeated on one line': Family(repeat(TRACEBACK + "  ", 'File "', "x"), "message"),
    'File " repeated, one per line': Family(repeat(TRACEBACK, '  File "x\n', "ValueError: x"), "traceback"),
    'File " repeated, unindented lines': Family(repeat(TRACEBACK, 'File "x\n', "ValueError: x"), "traceback"),
    "frame path of quotes and commas": Family(repeat(TRACEBACK + '  File "', '", line 1, in ', "x"), "message"),
    "frame lines, 10,000 short": Family(repeat(TRACEBACK, '  File "a", line 1\n', "ValueError: x"), "traceback"),
    "frame function of spaces and dots": Family(
        repeat(TRACEBACK + '  File "a.py", line 1, in ', " .", "x\nE: x"), "traceback"
    ),
    # Exception lines.
    "dotted type, no colon": Family(repeat(TRACEBACK + '  File "a.py", line 1\n', "a.", "!"), "traceback"),
    "dotted capitalised type, no colon": Family(repeat("", "Ab.", "!"), "message"),
    "type then spaces": Family(repeat(TRACEBACK + '  File "a.py", line 1\nValueError', " ", "!"), "traceback"),
    "colons": Family(repeat("", ":"), "message"),
    "word then colon, repeated": Family(repeat("", "ValueError:"), "message"),
    "quotes, double": Family(repeat("", '"'), "message"),
    "quotes, single, as a KeyError": Family(repeat("KeyError: '", "'", "x"), "message"),
    "quotes and colons, mixed": Family(repeat("KeyError: ", "\": '", "x"), "message"),
    "brackets, as a ValidationError": Family(repeat("ValidationError: ", "[", "'x'"), "message"),
    "a long printed list, as a ValidationError": Family(repeat("ValidationError: [", "'x', ", "'y']"), "message"),
    "a long printed dict of lists": Family(repeat("ValidationError: {", "'a': ['x'], ", "'b': ['y']}"), "message"),
    "printed lists in every log record": Family(
        repeat("", "2026-05-01 12:00:01 ERROR a: ValidationError: ['x', 'y', 'z']\n", "x"), "log"
    ),
    # Warnings.
    "warning line, dotted type": Family(repeat("app.py:1: ", "a.", "x"), "message"),
    "warning line, long path": Family(repeat("", "a", ".py:1: UserWarning x"), "message"),
    "warning line, .py repeated": Family(repeat("", "a.py", ":1: x"), "message"),
    # Log prefixes.
    "log timestamps repeated": Family(repeat("", "2026-05-01 12:00:01,123 ", "x"), "log"),
    "log levels repeated": Family(repeat("", "[ERROR] ", "x"), "log"),
    "log details repeated": Family(repeat("2026-05-01 12:00:01 ERROR ", "a.b-c ", "x"), "log"),
    "log pids repeated": Family(repeat("2026-05-01 12:00:01 ERROR ", "app[1]", "x"), "log"),
    "log lines, 10,000 short": Family(repeat("", "2026-05-01 12:00:01 ERROR a: x\n", "ValueError: x"), "log"),
    "syslog prefix then spaces": Family(repeat("May  1 12:00:01 host ", " ", "x"), "log"),
    # Whitespace and plain text.
    "one huge line": Family(repeat("", "x"), "message"),
    "one huge capitalised word": Family(repeat("", "A"), "message"),
    "spaces then x": Family(repeat("", " ", "x"), "message"),
    "spaces inside a traceback": Family(repeat(TRACEBACK, " ", "x"), "message"),
    "blank lines inside a traceback": Family(
        repeat(TRACEBACK + '  File "a.py", line 1\n', " \n", "ValueError: x"), "traceback"
    ),
    "short lines, 10,000": Family(repeat("", "E: x\n"), "message"),
    "heads repeated": Family(repeat("", TRACEBACK), "message"),
    "escape sequences": Family(repeat("\x1b[", "1;", "x"), "empty"),
    "carriage returns": Family(repeat("ValueError: x", "\r"), "message"),
    "three-byte characters": Family(repeat("", "€"), "message"),
}

# Texts a repository (source, tests, docs, paths) or a model's answer may hold, built to stall the harvest's and
# the analysis' patterns (tests/harvest/test_adversarial_patterns.py, bench/regex_bench.py): runs one pattern's
# repeats could split two ways (zeros after `%`), and runs a search would start at every character of.
REPOSITORY_FAMILIES: dict[str, Builder] = {
    # %-formatting, as the harvest reads `"..." % x` in a raise and in `pytest.raises(match=...)`.
    "a percent sign then zeros": repeat("%", "0", "!"),
    "percent signs and zeros": repeat("", "%0", "!"),
    "a percent key then zeros": repeat("%(x)", "0", "!"),
    "a percent sign then flags": repeat("%", "-0 #+", "!"),
    "a percent width then a dot": repeat("%", "1", ".1!"),
    "percent keys never closed": repeat("", "%("),
    "one percent key never closed": repeat("%(", "a"),
    "open braces": repeat("", "{"),
    "one brace never closed": repeat("{", "a"),
    # Words and names.
    "one long word then !": repeat("", "a", "!"),
    "an assertion's name repeated": repeat("", "raises", "!"),
    "an assertion's name then underscores": repeat("assertRaises", "_", "!"),
    "an assertion's name then spaces": repeat("pytest.raises", " ", "!"),
    "a dotted name, no extension": repeat("", "a.", "!"),
    "dotted names ending .py, run together": repeat("", "a.py."),
    "dots doubled": repeat("", "a.."),
    "dashes and dots": repeat("", "a-."),
    "dots": repeat("", "."),
    "words and underscores": repeat("", "a_", "!"),
    "a setting's parts, then lowercase": repeat("", "A_", "a"),
    "a setting's name, then lowercase": repeat("A_", "A", "a"),
    "settings. then capitals": repeat("settings.", "A", "a"),
    "an at sign then digits": repeat("@", "1", "x"),
    "at signs and digits": repeat("", "@1", "x"),
    "digits then x": repeat("", "1", "x"),
    "call openings": repeat("", "x("),
    # Paths.
    "a path of one-letter directories": repeat("", "/a", "!"),
    "directories and no file": repeat("", "a/", "!"),
    "a path of dotted directories": repeat("", "a.b/", "c"),
    # Lines: headers, indentation, directives, list markers.
    "class headers never closed": repeat("", "class A(\n"),
    "def headers then spaces": repeat("\n", "def ", "("),
    "a line of spaces": repeat("\n", " ", "x"),
    "a line of tabs": repeat("\n", "\t", "x"),
    "a directive then spaces": repeat(".. ", " ", "x"),
    "hashes": repeat("", "#", "x"),
    "numbered list markers": repeat("", "1."),
    "bullets": repeat("", " -"),
    "dashes": repeat("", "-"),
    "backticks": repeat("", "`"),
    # Links and markup in an answer.
    "URL schemes repeated": repeat("", "http://"),
    "https repeated": repeat("", "https"),
    "www. repeated": repeat("", "www."),
    "schemes of colons": repeat("", "a:"),
    "brackets never closed": repeat("", "[a"),
    "a link's destination never closed": repeat("[a](", "a"),
    "angle brackets never closed": repeat("", "<a "),
    "an address never closed": repeat("<", "a@"),
    "instructions' first word repeated": repeat("", "ignore "),
    "escapes": repeat("", "\\N"),
}

"""Running one case: the error it raises, its traceback as Python prints it, and the raise site the traceback names.

A case is a callable that should raise. Its record holds the text a user would paste (the whole traceback, and
the last line alone) and the expected site: the innermost frame inside the library's installed source, with
whether that line is a `raise` or `assert` statement (only those can be harvested)."""

import ast
import json
import re
import sys
import sysconfig
import traceback
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

# One wording raised with many values ("“x” value must be an integer.") would weigh as much as dozens of other
# errors: at most this many of its messages are kept per site (values, quoted or numbers, left out to compare).
PER_WORDING = 2
VALUES = re.compile(r"'[^'\n]{0,24}+'|\"[^\"\n]{0,24}+\"|“[^”\n]{0,24}+”|\d++")
SITE_PACKAGES = Path(sysconfig.get_paths()["purelib"]).resolve()


@cache
def raise_lines(path: str) -> frozenset[int]:
    """Every line of the file inside a `raise` or `assert` statement."""
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return frozenset()
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Raise, ast.Assert)):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return frozenset(lines)


def _expected(exc: BaseException, packages: tuple[str, ...]) -> dict | None:
    innermost = None
    for frame in traceback.extract_tb(exc.__traceback__):
        try:
            relative = Path(frame.filename).resolve().relative_to(SITE_PACKAGES).as_posix()
        except ValueError:
            continue
        if relative.split("/", 1)[0] in packages:
            innermost = (frame, relative)
    if innermost is None:
        return None
    frame, relative = innermost
    return {
        "path": relative,
        "line": frame.lineno,
        "function": frame.name,
        "is_raise": frame.lineno in raise_lines(frame.filename),
    }


class Recorder:
    def __init__(self, library: str, packages: tuple[str, ...]) -> None:
        self.library, self.packages = library, packages
        self.seen: set[tuple] = set()
        self.per_wording: dict[tuple[str, int, str], int] = {}
        self.count = 0

    def run(self, case: str, call: Callable[[], object]) -> None:
        try:
            call()
        except Exception as exc:  # every kind is a case
            self._record(case, exc)

    def run_all(self, cases: Iterable[tuple[str, Callable[[], object]]]) -> None:
        for case, call in cases:
            self.run(case, call)

    def _record(self, case: str, exc: Exception) -> None:
        expected = _expected(exc, self.packages)
        if expected is None:
            return  # raised by the corpus's own code or the standard library: not the library's error
        last_line = "".join(traceback.format_exception_only(exc)).strip()
        key = (expected["path"], expected["line"], last_line)
        if key in self.seen:
            return  # the same error from another input: counted once
        self.seen.add(key)
        wording = (expected["path"], expected["line"], VALUES.sub("", last_line))
        if self.per_wording.get(wording, 0) >= PER_WORDING:
            return
        self.per_wording[wording] = self.per_wording.get(wording, 0) + 1
        self.count += 1
        record = {
            "library": self.library,
            "case": case,
            "type": type(exc).__module__ + "." + type(exc).__qualname__,
            "message": last_line,
            "traceback": "".join(traceback.format_exception(exc)),
            "expected": expected,
        }
        sys.stdout.write(json.dumps(record) + "\n")

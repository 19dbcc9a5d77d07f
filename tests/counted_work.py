"""What a test holds linear-time code to, on any machine however busy: the work counted, never a duration.

`python_calls` counts the function calls (Python's and C's, as the profiler sees them) that running something makes:
the same figure on every machine and under any load, so eight times the text may cost about eight times the calls
(linear) and never sixty-four (quadratic). What a single C call does inside (one regex's backtracking) is not
counted; `stall_guard` stops such a runaway, and `unbounded_backtracking_repeats` finds the repeats that could make
one. The figures in seconds are the benchmarks' (bench/linear_bench.py and the others it names). Django-free: the
client distribution's tests (clients/python/tests) use it too."""

import re
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

# CPU seconds of this process, not wall time: other processes on a busy machine do not bring it closer. Linear code
# on 64 KiB takes milliseconds to a few tenths of a second even under the profiler; the quadratic or backtracking
# forms it replaced took tens of seconds to hours. Ten seconds is far from both.
STALL_SECONDS = 10.0


def python_calls(function: Callable[..., Any], *args: Any) -> int:
    """How many calls `function(*args)` makes, its own included."""
    calls = 0

    def profile(_frame: object, event: str, _arg: object) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        function(*args)
    finally:
        sys.setprofile(previous)
    return calls


class TookTooLong(BaseException):
    """Not an Exception, so that no handler on the way (DRF's, Django's) turns it into a 500 answer."""


@contextmanager
def stall_guard(seconds: float = STALL_SECONDS) -> Iterator[None]:
    """Stops what runs inside after `seconds` of this process's CPU time (the regex engine checks for signals as it
    runs): a guard against a runaway, not a speed target."""

    def stop(_signum: int, _frame: object) -> None:
        raise TookTooLong(f"still running after {seconds:g} s of CPU time")

    previous = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


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

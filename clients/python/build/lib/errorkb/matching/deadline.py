"""A lookup's time budget: a deadline the matcher checks between its steps.

A safety net, not the defence: every pattern that reads pasted text is linear (see parse.py) and a 64 KiB
text is read in tens of milliseconds. Should a lookup still run long (a huge catalogue, a starved machine, a
case nobody foresaw), it stops at the next check and the caller answers "try again later" rather than hold a
worker. The checks are cooperative, between stages, per exception, per reading and per batch of candidates:
Python offers no safe way to stop a thread from outside, and a signal would only fire in the main thread.
"""

import time
from collections.abc import Callable

# Candidates checked between two looks at the clock: a look costs about as much as one template check.
CANDIDATE_BATCH = 64
# What a stopped lookup tells its caller (Retry-After): long enough for a passing overload to pass.
RETRY_AFTER_SECONDS = 5


class LookupTimeout(Exception):
    """The lookup ran past its budget and was stopped between two steps."""

    def __init__(self, budget: float) -> None:
        super().__init__(f"The lookup took longer than its {budget:g} s budget and was stopped.")
        self.budget = budget


class Deadline:
    __slots__ = ("at", "budget", "clock")

    def __init__(self, budget: float, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.budget, self.clock = budget, clock
        self.at = clock() + budget

    def check(self) -> None:
        if self.clock() > self.at:
            raise LookupTimeout(self.budget)

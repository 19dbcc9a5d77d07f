"""Lookup hits (the review queue's order) counted in process memory and written in one statement at most every
LOOKUP_HITS_FLUSH_SECONDS, when a lookup finds the last write old enough, and at the process's exit.

A lookup never waits on an UPDATE of a hot row, and many lookups of one error cost one statement. What a process
counted and has not written yet is lost if it is killed (SIGKILL, OOM): the counts order a queue, they are not
billing. While the database is away the counts are kept (up to MAX_PENDING entries) and written once it is back;
a read-only database refuses them, which is said once per process and the counts are dropped."""

import atexit
import logging
import threading
import time
from collections import Counter
from collections.abc import Callable

from django.conf import settings
from django.db import DatabaseError, transaction

from kb.runtime.outage import database, is_database_unavailable

# Tests move time forward by replacing these.
clock = time.monotonic
FLUSH_SECONDS = 5.0
MAX_PENDING = 100_000

logger = logging.getLogger(__name__)


class LookupHits:
    def __init__(self) -> None:
        self._pending: Counter[int] = Counter()
        self._flushed_at = clock()
        self._lock = threading.Lock()
        # What writes the counts is the models' (`write_with`, given by kb.models when it loads): the runtime sits
        # below the models and imports none of them.
        self._writer: Callable[[Counter[int]], None] | None = None

    def write_with(self, writer: Callable[[Counter[int]], None]) -> None:
        self._writer = writer
        self._said_uncounted = False

    def count(self, pk: int) -> None:
        """One more lookup whose best match was entry `pk`."""
        with self._lock:
            if pk in self._pending or len(self._pending) < MAX_PENDING:
                self._pending[pk] += 1
        interval = getattr(settings, "LOOKUP_HITS_FLUSH_SECONDS", FLUSH_SECONDS)
        # An interval of 0 writes every lookup, whatever any clock says.
        if interval <= 0 or clock() - self._flushed_at >= interval:
            self.flush()

    def pending(self) -> int:
        return sum(self._pending.values())

    def flush(self) -> bool:
        """Writes what was counted, in one UPDATE; whether it was written (nothing to write counts as written)."""
        if database.is_down:
            return False  # not asked again until something sees it back: each try could wait for a timeout
        with self._lock:
            counts, self._pending = self._pending, Counter()
            self._flushed_at = clock()
        if not counts:
            return True
        try:
            with transaction.atomic():  # a savepoint inside a request's transaction: a failure leaves it usable
                if self._writer is not None:
                    self._writer(counts)
        except DatabaseError as exc:
            if is_database_unavailable(exc):
                database.went_away(exc)
                with self._lock:
                    self._pending.update(counts)  # kept for when it is back
            elif not self._said_uncounted:  # a read-only database refuses every one: say so once per process
                self._said_uncounted = True
                logger.warning("lookup hits are not counted: %s", (str(exc).strip().splitlines() or [repr(exc)])[0])
            return False
        return True

    def forget(self) -> None:
        """Back to as it was when the process started (tests): nothing pending, and the interval counted from now
        on the clock in use now, not from a time read on another clock (a test's stands at 1000 s, which a machine
        up for less than that has not reached: every lookup would find the last write still to come)."""
        with self._lock:
            self._pending.clear()
            self._flushed_at = clock()
            self._said_uncounted = False


lookup_hits = LookupHits()


@atexit.register
def _flush_at_exit() -> None:
    try:
        lookup_hits.flush()
    except Exception:  # the interpreter is going away: a count is not worth a traceback at exit
        logger.warning("lookup hits counted at exit were not written", exc_info=True)

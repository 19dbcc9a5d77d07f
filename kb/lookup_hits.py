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

from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import Case, F, IntegerField, Value, When

from config.outage import database, is_database_unavailable

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
        self._said_uncounted = False

    def count(self, pk: int) -> None:
        """One more lookup whose best match was entry `pk`."""
        with self._lock:
            if pk in self._pending or len(self._pending) < MAX_PENDING:
                self._pending[pk] += 1
        interval = getattr(settings, "LOOKUP_HITS_FLUSH_SECONDS", FLUSH_SECONDS)
        if clock() - self._flushed_at >= interval:
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
                _add(counts)
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
        with self._lock:
            self._pending.clear()
            self._said_uncounted = False


def _add(counts: Counter[int]) -> None:
    """A counter, not an edit: no save, so `updated_at` (and with it every cached card) stays, and no history row."""
    from kb.models import ErrorEntry

    by_amount: dict[int, list[int]] = {}
    for pk, amount in counts.items():
        by_amount.setdefault(amount, []).append(pk)
    added = Case(
        *(When(pk__in=pks, then=Value(amount)) for amount, pks in by_amount.items()), output_field=IntegerField()
    )
    ErrorEntry.objects.filter(pk__in=list(counts)).update(lookup_hits=F("lookup_hits") + added)


lookup_hits = LookupHits()


@atexit.register
def _flush_at_exit() -> None:
    try:
        lookup_hits.flush()
    except Exception:  # the interpreter is going away: a count is not worth a traceback at exit
        logger.warning("lookup hits counted at exit were not written", exc_info=True)

"""The catalogue's revision as this process last read it, read again at most once a second.

Every writer ends in `kb.actions.writes.finish_write`, which bumps `Catalogue.revision` in its transaction. Whatever a
process keeps in memory from the catalogue (rendered cards, a lookup index) stays valid while the revision it was
built at is the one this watcher reports; a write is seen by every process within CHECK_SECONDS of its commit.
While the database is away the last revision read stands (the memory keeps serving what it had) and it is not
asked again until something sees the database back (config.outage)."""

import threading
import time
from collections.abc import Callable, Hashable
from typing import TypeVar

from cachetools import LRUCache
from django.conf import settings
from django.db import DatabaseError

from kb.runtime.outage import database, is_database_unavailable

T = TypeVar("T")
# Tests move time forward by replacing these.
clock = time.monotonic
CHECK_SECONDS = 1.0
# A token no real revision equals: memory built before the first read is never trusted.
UNKNOWN: tuple[int, object] = (-1, None)


class RevisionWatcher:
    """The catalogue's revision as this process last read it. What reads it is the models' (`read_with`, given by
    kb.models when it loads): the runtime sits below the models and imports none of them."""

    def __init__(self) -> None:
        self._token: tuple[int, object] = UNKNOWN
        self._checked_at = float("-inf")
        self._lock = threading.Lock()
        self._reader: Callable[[], tuple[int, object] | None] = lambda: None

    def read_with(self, reader: Callable[[], tuple[int, object] | None]) -> None:
        self._reader = reader

    def current(self) -> tuple[int, object]:
        """(revision, changed_at): changed_at as well, since a database reset to an earlier state may repeat a
        revision number. Reads the database when the last read is older than CATALOGUE_CHECK_SECONDS."""
        interval = getattr(settings, "CATALOGUE_CHECK_SECONDS", CHECK_SECONDS)
        now = clock()
        if now - self._checked_at < interval or database.is_down:
            return self._token
        with self._lock:
            if now - self._checked_at >= interval:
                self._token = self._read()
                self._checked_at = clock()
        return self._token

    def _read(self) -> tuple[int, object]:
        try:
            row = self._reader()
        except DatabaseError as exc:
            if not is_database_unavailable(exc):
                raise
            database.went_away(exc)
            return self._token
        return row if row is not None else (0, None)

    def forget(self) -> None:
        """Read the revision again on the next call (tests; a writer in this process that wants its own write seen
        at once)."""
        with self._lock:
            self._token = UNKNOWN
            self._checked_at = float("-inf")


catalogue = RevisionWatcher()


class KeptPerRevision:
    """Values computed from the catalogue (the home page's lists, a search's facet counts), kept while the revision
    they were computed at stands: a reader then costs no query, and a write is seen within CHECK_SECONDS. At most
    `size` of them, the least recently used dropped first (cachetools' LRU, behind the lock: it is not thread-safe);
    all of them when the revision moves."""

    def __init__(self, size: int) -> None:
        self._token: tuple[int, object] = UNKNOWN
        self._kept: LRUCache[Hashable, object] = LRUCache(size)
        self._lock = threading.Lock()

    def get(self, key: Hashable, build: Callable[[], T]) -> T:
        token = catalogue.current()
        with self._lock:
            if token != self._token:
                self._kept.clear()
                self._token = token
            elif key in self._kept and token != UNKNOWN:
                return self._kept[key]  # type: ignore[return-value]  # (reading it makes it the most recently used)
        value = build()  # outside the lock: a slow build holds up no other reader
        with self._lock:
            if self._token == token and token != UNKNOWN:
                self._kept[key] = value  # the least recently used dropped when past `size`
        return value

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._token = UNKNOWN


per_revision = KeptPerRevision(size=16)  # the home page's lists; keys named by their readers

"""The index of this process, built once from the database and then kept up to date.

Freshness. Every writer (admin, API, import, harvest, suggestions) ends in `kb.services.finish_write`, which
bumps `Catalogue.revision` via `Catalogue.touch()` in the writer's transaction. A lookup
reads that revision (one indexed single-row query) at most every REFRESH_SECONDS; when it moved, the one
thread that wins the lock brings the index up to date while the others go on answering from it as it is.

What changed is found without trusting any single column, since harvest may bulk_update sites or add
variants without saving the entry: the refresh reads every entry's (id, updated_at), every site and every
variant (narrow rows, no Markdown), and re-indexes only the entries whose stamp, sites or variants differ;
ids gone from the table are removed. The automaton work is proportional to the change (see index.py).

Outages. When the database cannot be reached, the index it last gave goes on answering (config.outage),
and the freshness check backs off: it tries again after 1 s, then 2, 4, ... up to 30 s, or at once when
another request has seen the database come back. Without an index yet, the lookup fails (a 503).
"""

import gc
import threading
import time
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime

from django.conf import settings

from config.outage import database, is_database_unavailable
from kb.matching.index import Entry, MatchIndex, Site
from kb.models import Catalogue, ErrorEntry, MessageVariant, RaiseSite

REFRESH_SECONDS = 1.5
OUTAGE_BACKOFF_FIRST, OUTAGE_BACKOFF_MAX = 1.0, 30.0
CHUNK = 2000
# In the order of Entry's fields, so that a row is its first arguments.
ENTRY_FIELDS = ("id", "public_id", "exception_type", "message", "status", "repository__url", "signature")
_EntryRow = tuple[int, str, str, str, str, str, str]


def _token() -> tuple[int, object]:
    # changed_at as well as the revision: a database reset to an earlier state may repeat a revision number.
    row = Catalogue.objects.filter(pk=1).values_list("revision", "changed_at").first()
    return row if row is not None else (0, None)


def _sites() -> dict[int, tuple[Site, ...]]:
    rows = RaiseSite.objects.order_by("entry_id", "position", "id").values_list(
        "entry_id", "path", "line", "function", "commit"
    )
    sites: dict[int, list[Site]] = defaultdict(list)
    for entry_id, path, line, function, commit in rows.iterator(chunk_size=CHUNK):
        sites[entry_id].append(Site(path, line, function, commit))
    return {key: tuple(value) for key, value in sites.items()}


def _variants() -> dict[int, tuple[tuple[str, str], ...]]:
    rows = MessageVariant.objects.order_by("entry_id", "id").values_list("entry_id", "message", "signature")
    variants: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for entry_id, message, signature in rows.iterator(chunk_size=CHUNK):
        variants[entry_id].append((message, signature))
    return {key: tuple(value) for key, value in variants.items()}


def _entries(ids: Iterable[int] | None, sites: dict, variants: dict) -> list[Entry]:
    queryset = ErrorEntry.objects.order_by("id").values_list(*ENTRY_FIELDS)
    chunks: list[Iterable[_EntryRow]]
    if ids is None:
        chunks = [queryset.iterator(chunk_size=CHUNK)]
    else:
        ids = sorted(ids)
        chunks = [queryset.filter(id__in=ids[i : i + CHUNK]) for i in range(0, len(ids), CHUNK)]
    return [
        Entry(*row, variants=variants.get(row[0], ()), sites=sites.get(row[0], ())) for chunk in chunks for row in chunk
    ]


class LiveIndex:
    def __init__(self) -> None:
        self._index: MatchIndex | None = None
        self._stamps: dict[int, datetime] = {}
        self._token: tuple[int, object] | None = None
        self._checked = 0.0
        self._failures = 0  # freshness checks failed in a row for want of the database
        self._retry_at = 0.0
        self._lock = threading.Lock()

    def get(self) -> MatchIndex:
        index = self._index
        if index is not None and not self._due():
            return index
        # The first build makes everyone wait; after that, one thread refreshes and the rest read the old index.
        if index is None:
            self._lock.acquire()
        elif not self._lock.acquire(blocking=False):
            return index
        try:
            if self._index is None or self._due():
                return self._try_bringing_up_to_date()
            return self._index
        finally:
            self._lock.release()

    def reset(self) -> None:
        with self._lock:
            self._index, self._stamps, self._token, self._checked = None, {}, None, 0.0
            self._failures, self._retry_at = 0, 0.0

    def _due(self) -> bool:
        if self._failures:
            return not database.is_down or time.monotonic() >= self._retry_at
        interval = getattr(settings, "MATCHING_REFRESH_SECONDS", REFRESH_SECONDS)
        return time.monotonic() - self._checked >= interval

    def _try_bringing_up_to_date(self) -> MatchIndex:
        try:
            index = self._bring_up_to_date()
        except Exception as exc:
            if self._index is None or not is_database_unavailable(exc):
                raise
            database.went_away(exc)  # logged once; the index as it was goes on answering
            self._failures += 1
            backoff = min(OUTAGE_BACKOFF_FIRST * 2 ** min(self._failures - 1, 16), OUTAGE_BACKOFF_MAX)
            self._retry_at = time.monotonic() + backoff
            return self._index
        self._failures = 0
        return index

    def _bring_up_to_date(self) -> MatchIndex:
        token = _token()  # read before the rows: a change landing meanwhile is seen again next time
        index = self._index
        changed = index is None or token != self._token
        if index is None:
            self._stamps = dict(ErrorEntry.objects.values_list("id", "updated_at").iterator(chunk_size=CHUNK))
            index = self._index = MatchIndex.build(_entries(None, _sites(), _variants()))
        elif changed:
            self._refresh(index)
        self._token, self._checked = token, time.monotonic()
        if changed:
            # Hundreds of thousands of long-lived index objects would make every full garbage collection walk
            # them all, a pause in the middle of some request: move them out of the collector's sight. Only
            # after a build or refresh, and after a collection, so that no garbage is frozen with them.
            gc.collect()
            gc.freeze()
        return index

    def _refresh(self, index: MatchIndex) -> None:
        stamps = dict(ErrorEntry.objects.values_list("id", "updated_at").iterator(chunk_size=CHUNK))
        sites, variants = _sites(), _variants()
        changed = {
            key
            for key, stamp in stamps.items()
            if self._stamps.get(key) != stamp
            or (entry := index.entries.get(key)) is None
            or entry.sites != sites.get(key, ())
            or entry.variants != variants.get(key, ())
        }
        removed = self._stamps.keys() - stamps.keys()
        # Every read before the first change: a database lost halfway leaves the index as it was.
        entries = _entries(changed, sites, variants)
        index.remove(removed)
        index.upsert(entries)
        index.commit()
        self._stamps = stamps


live_index = LiveIndex()

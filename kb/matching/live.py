"""The index of this process: a base built once from the database, and an overlay of what changed since.

One base per machine. Under gunicorn (config/gunicorn.py) the master builds the base before it forks, then
freezes it out of the collector's sight, so every worker shares its pages. The base is a `FrozenIndex`
(errorkb.matching.frozen): flat buffers that lookups read without writing, so each worker only pays for the objects
its lookups make and for its own overlay. Without gunicorn's hooks (tests, runserver, commands) the first lookup
builds it, as before.

Freshness. Every writer ends in `kb.actions.writes.finish_write`, which bumps `Catalogue.revision` in the writer's
transaction. The revision is read (one single-row query) at most every REFRESH_SECONDS: under gunicorn by a
thread of each worker (`start_refresher`), so that no lookup ever waits for it; elsewhere by the lookup that
finds it due, while other threads answer from the index as it is.

What changed is found without trusting any single column, since harvest may bulk_update sites or add
variants without saving the entry, and without reading the catalogue into Python: PostgreSQL hashes every
entry's stamp, sites and variants into one 64-bit fingerprint and sums them by blocks of BLOCK ids. Only
blocks whose sum moved are read again, entry by entry; only entries whose fingerprint moved are read whole.
They go into a new overlay (errorkb.matching.overlay), swapped in once built; the base is never written to, so
its shared pages stay shared. Past REBASE_SHARE of the base in the overlay, the worker builds a new base of
its own (in the background too).

Compiled code. With the index, what harvests recorded of each tree's compiled code (`Repository.compiled`) is read
again whenever the revision moves, so that a lookup tells an error raised there from that record
(errorkb.matching.compiled), not from a type's name.

Outages. When the database cannot be reached, the index it last gave goes on answering (config.outage),
and the freshness check backs off: it tries again after 1 s, then 2, 4, ... up to 30 s, or at once when
another request has seen the database come back. Without an index yet, the lookup fails (a 503).
"""

import gc
import logging
import threading
import time
from array import array
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from hashlib import blake2b

from django.conf import settings
from django.db import close_old_connections, connection, connections
from django.db.models import Q

from errorkb.matching.compiled import CompiledCode
from errorkb.matching.frozen import FrozenIndex
from errorkb.matching.index import Entry, LookupIndex, Site
from errorkb.matching.overlay import layered
from kb.models import Catalogue, ErrorEntry, MessageVariant, RaiseSite, Repository
from kb.runtime.outage import database, is_database_unavailable

REFRESH_SECONDS = 1.5
OUTAGE_BACKOFF_FIRST, OUTAGE_BACKOFF_MAX = 1.0, 30.0
CHUNK = 2000
BLOCK_BITS = 10  # fingerprints are summed by blocks of 1,024 ids
REBASE_SHARE, REBASE_MIN = 0.1, 1000  # an overlay past this many entries is folded into a new base
# In the order of Entry's fields, so that a row is its first arguments.
ENTRY_FIELDS = ("id", "public_id", "exception_type", "message", "status", "repository__url", "signature")
_EntryRow = tuple[int, str, str, str, str, str, str, str]  # ENTRY_FIELDS, then the review state

logger = logging.getLogger(__name__)


def _fingerprint_sql() -> str:
    """(id, fingerprint) of every entry: its stamp, its sites and its variants, as the index reads them."""
    entry, site, variant = (model._meta.db_table for model in (ErrorEntry, RaiseSite, MessageVariant))
    return f"""
        SELECT e.id, hashtextextended(concat_ws('|', e.updated_at::text,
            (SELECT string_agg(concat_ws(',', s.path, coalesce(s.line::text, '-'), s.function, s.commit), ';'
                    ORDER BY s.position, s.id) FROM {site} s WHERE s.entry_id = e.id),
            (SELECT string_agg(concat_ws(',', v.message, v.signature), ';' ORDER BY v.id)
               FROM {variant} v WHERE v.entry_id = e.id)), 0) AS print
        FROM {entry} e"""


def _fingerprints(blocks: Iterable[int] | None = None) -> list[tuple[int, int]]:
    """(id, fingerprint) ordered by id: of every entry, or of those in the given blocks."""
    if connection.vendor != "postgresql":
        return _fingerprints_in_python(blocks)
    sql, params = _fingerprint_sql(), []
    if blocks is not None:
        sql += f" JOIN unnest(%s::bigint[]) AS b(n) ON e.id >= b.n << {BLOCK_BITS} AND e.id < (b.n + 1) << {BLOCK_BITS}"
        params = [sorted(blocks)]
    with connection.cursor() as cursor:
        cursor.execute(sql + " ORDER BY e.id", params)
        return [(key, fingerprint) for key, fingerprint in cursor.fetchall()]


def _fingerprints_in_python(blocks: Iterable[int] | None) -> list[tuple[int, int]]:
    """The same on another database (SQLite, for small set-ups): the rows read here, and hashed."""
    entries = ErrorEntry.objects.order_by("id")
    if blocks is not None:
        ranges = Q()
        for block in blocks:
            ranges |= Q(id__gte=block << BLOCK_BITS, id__lt=(block + 1) << BLOCK_BITS)
        entries = entries.filter(ranges)
    stamps = list(entries.values_list("id", "updated_at"))
    ids = None if blocks is None else [key for key, _stamp in stamps]
    sites, variants = _sites(ids), _variants(ids)
    prints = []
    for key, stamp in stamps:
        text = repr((stamp, sites.get(key, ()), variants.get(key, ())))
        prints.append((key, int.from_bytes(blake2b(text.encode(), digest_size=8).digest(), "little", signed=True)))
    return prints


def _block_sums() -> dict[int, int]:
    if connection.vendor != "postgresql":
        sums: dict[int, int] = defaultdict(int)
        for key, fingerprint in _fingerprints_in_python(None):
            sums[key >> BLOCK_BITS] += fingerprint
        return dict(sums)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id >> {BLOCK_BITS}, sum(print) FROM ({_fingerprint_sql()}) p GROUP BY 1")
        return {block: int(total) for block, total in cursor.fetchall()}


def _token() -> tuple[int, object]:
    # changed_at as well as the revision: a database reset to an earlier state may repeat a revision number.
    row = Catalogue.objects.filter(pk=1).values_list("revision", "changed_at").first()
    return row if row is not None else (0, None)


def _sites(ids: list[int] | None) -> dict[int, tuple[Site, ...]]:
    rows = RaiseSite.objects.order_by("entry_id", "position", "id")
    rows = rows if ids is None else rows.filter(entry_id__in=ids)
    sites: dict[int, list[Site]] = defaultdict(list)
    for entry_id, path, line, function, commit in rows.values_list(
        "entry_id", "path", "line", "function", "commit"
    ).iterator(chunk_size=CHUNK):
        sites[entry_id].append(Site(path, line, function, commit))
    return {key: tuple(value) for key, value in sites.items()}


def _variants(ids: list[int] | None) -> dict[int, tuple[tuple[str, str], ...]]:
    rows = MessageVariant.objects.order_by("entry_id", "id")
    rows = rows if ids is None else rows.filter(entry_id__in=ids)
    variants: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for entry_id, message, signature in rows.values_list("entry_id", "message", "signature").iterator(chunk_size=CHUNK):
        variants[entry_id].append((message, signature))
    return {key: tuple(value) for key, value in variants.items()}


def _entries(ids: Iterable[int] | None) -> list[Entry]:
    """Whole entries, with their sites and variants: every entry, or those of `ids` (read by chunks)."""
    queryset = ErrorEntry.objects.order_by("id").values_list(*ENTRY_FIELDS, "review_state")
    if ids is None:
        sites, variants = _sites(None), _variants(None)
        every: Iterable[_EntryRow] = queryset.iterator(chunk_size=CHUNK)
        return [_entry(row, variants, sites) for row in every]
    ids = sorted(ids)
    found = []
    for i in range(0, len(ids), CHUNK):
        chunk = ids[i : i + CHUNK]
        sites, variants = _sites(chunk), _variants(chunk)
        rows: Iterable[_EntryRow] = queryset.filter(id__in=chunk)
        found += [_entry(row, variants, sites) for row in rows]
    return found


def read_entries(ids: Iterable[int]) -> list[Entry]:
    """The entries of `ids` as the index holds them: export_bundle writes them so."""
    return _entries(ids)


def _entry(
    row: _EntryRow, variants: dict[int, tuple[tuple[str, str], ...]], sites: dict[int, tuple[Site, ...]]
) -> Entry:
    key, public_id, exception_type, message, status, repository_url, signature, review_state = row
    return Entry(
        key,
        public_id,
        exception_type,
        message,
        status,
        repository_url,
        signature,
        variants=variants.get(key, ()),
        sites=sites.get(key, ()),
        reviewed=review_state == ErrorEntry.Review.REVIEWED,
    )


def _compiled_code() -> CompiledCode:
    """Every repository's record of its compiled code, as one `CompiledCode` (one query)."""
    records = Repository.objects.exclude(compiled={}).values_list("compiled", flat=True)
    return CompiledCode.from_records(record for record in records if isinstance(record, dict))


@dataclass(slots=True)
class _Base:
    """A base index and the fingerprints it was built from, in arrays: no Python object per entry."""

    index: LookupIndex
    ids: array  # sorted
    prints: array
    blocks: dict[int, int]

    @classmethod
    def build(cls) -> "_Base":
        prints = _fingerprints()  # before the rows: a change landing meanwhile is seen again next time
        index = FrozenIndex.build(_entries(None))
        blocks: dict[int, int] = defaultdict(int)
        for key, fingerprint in prints:
            blocks[key >> BLOCK_BITS] += fingerprint
        return cls(index, array("q", (key for key, _ in prints)), array("q", (p for _, p in prints)), dict(blocks))

    def print_of(self, key: int) -> int | None:
        i = bisect_left(self.ids, key)
        return self.prints[i] if i < len(self.ids) and self.ids[i] == key else None

    def keys_in(self, block: int) -> list[int]:
        low, high = block << BLOCK_BITS, (block + 1) << BLOCK_BITS
        return list(self.ids[bisect_left(self.ids, low) : bisect_left(self.ids, high)])


@dataclass(slots=True)
class _Changes:
    """Since the base: the entries changed or added (whole) and their fingerprints; None for a removed one."""

    entries: dict[int, Entry] = field(default_factory=dict)
    prints: dict[int, int | None] = field(default_factory=dict)
    blocks: dict[int, int] = field(default_factory=dict)  # the sums as last read, once anything changed

    def removed(self) -> set[int]:
        return {key for key, fingerprint in self.prints.items() if fingerprint is None}


class LiveIndex:
    def __init__(self) -> None:
        self._index: LookupIndex | None = None  # what lookups read: the base, or the base and an overlay
        self._base: _Base | None = None
        self._changes = _Changes()
        # What harvests recorded of compiled code (`Repository.compiled`): read with the index, when the revision moves.
        self.compiled: CompiledCode | None = None
        self._token: tuple[int, object] | None = None
        self._checked = 0.0
        self._failures = 0  # freshness checks failed in a row for want of the database
        self._retry_at = 0.0
        self._lock = threading.Lock()
        self._refresher: threading.Thread | None = None
        self._stopping = threading.Event()

    def get(self) -> LookupIndex:
        index = self._index
        if index is not None and (self._refresher is not None or not self._due()):
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

    def prebuild(self) -> bool:
        """Build the base now (gunicorn's master, before forking); False when the database cannot be reached,
        and each worker builds its own at its first lookup. Leaves no connection for the workers to inherit."""
        try:
            self.get()
        except Exception as exc:
            if not is_database_unavailable(exc):
                raise
            logger.warning("The lookup index was not built before forking: the database is away (%s).", exc)
            return False
        finally:
            connections.close_all()
        return True

    def start_refresher(self) -> None:
        """Keep the index fresh from a thread of this process (each gunicorn worker, after the fork), so that
        lookups never wait for a refresh: they answer from the index as it is until the next one is swapped in."""
        if self._refresher is not None and self._refresher.is_alive():
            return
        self._stopping = threading.Event()
        self._refresher = threading.Thread(
            target=self._refresh_forever, args=(self._stopping,), name="lookup-index-refresh", daemon=True
        )
        self._refresher.start()

    def reset(self) -> None:
        thread, self._refresher = self._refresher, None
        if thread is not None:
            self._stopping.set()
            thread.join(timeout=30)
        with self._lock:
            self._index, self._base, self._changes, self._token, self._checked = None, None, _Changes(), None, 0.0
            self.compiled = None
            self._failures, self._retry_at = 0, 0.0

    def stop_refresher(self) -> None:
        """Stop the refresher thread (tests); lookups then bring the index up to date themselves, as before it."""
        refresher = self._refresher
        if refresher is None:
            return
        self._stopping.set()
        refresher.join(timeout=10)
        self._refresher = None

    def _refresh_forever(self, stopping: threading.Event) -> None:
        try:
            while not stopping.wait(min(self._interval(), 0.5)):
                close_old_connections()  # the thread's own connection: CONN_MAX_AGE and health checks apply
                try:
                    with self._lock:
                        if self._due():
                            self._try_bringing_up_to_date()
                except Exception:
                    logger.exception("The lookup index could not be refreshed; it answers as it was.")
                    self._checked = time.monotonic()
                    connection.close()
        finally:
            connection.close()

    def _interval(self) -> float:
        return getattr(settings, "MATCHING_REFRESH_SECONDS", REFRESH_SECONDS)

    def _due(self) -> bool:
        if self._failures:
            return not database.is_down or time.monotonic() >= self._retry_at
        return time.monotonic() - self._checked >= self._interval()

    def _try_bringing_up_to_date(self) -> LookupIndex:
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

    def _bring_up_to_date(self) -> LookupIndex:
        token = _token()  # read before the rows: a change landing meanwhile is seen again next time
        changed = self._index is None or token != self._token
        if self._base is None or self._index is None:
            self._base, self._changes = _Base.build(), _Changes()
            self._index = self._base.index
        elif changed:
            self._index = self._refresh(self._base)
        if changed:
            self.compiled = _compiled_code()  # a harvest that records another tree moves the revision
        self._token, self._checked = token, time.monotonic()
        if changed:
            # Hundreds of thousands of long-lived index objects would make every full garbage collection walk
            # them all, a pause in the middle of some request: move them out of the collector's sight. Only
            # after a build or refresh, and after a collection, so that no garbage is frozen with them.
            gc.collect()
            gc.freeze()
        return self._index

    def _print_of(self, key: int) -> int | None:
        changes = self._changes
        return changes.prints[key] if key in changes.prints else self._base.print_of(key) if self._base else None

    def _refresh(self, base: _Base) -> LookupIndex:
        """The index with what changed since the last look: a new overlay over the same base, or a new base."""
        changes = self._changes
        known = changes.blocks or base.blocks
        now = _block_sums()
        moved = {block for block in known.keys() | now.keys() if known.get(block) != now.get(block)}
        if not moved:
            return self._index or base.index
        prints = dict(_fingerprints(moved))
        current = {key for block in moved for key in base.keys_in(block)} | {
            key for key in changes.prints if key >> BLOCK_BITS in moved
        }
        current -= changes.removed()
        differ = {key for key, print_ in prints.items() if self._print_of(key) != print_}
        gone = current - prints.keys()
        if not differ and not gone:
            self._changes.blocks = now  # a change already read, or one undone
            return self._index or base.index
        # Every read before the first change: a database lost halfway leaves the index as it was.
        fresh = {entry.key: entry for entry in _entries(differ)}
        gone |= differ - fresh.keys()  # deleted between the two reads
        entries = {key: entry for key, entry in changes.entries.items() if key not in gone} | fresh
        marks = changes.prints | {key: prints[key] for key in fresh} | dict.fromkeys(gone)
        if len(entries) > max(REBASE_MIN, REBASE_SHARE * len(base.ids)):
            logger.info("The lookup index's overlay holds %d entries: building a new base.", len(entries))
            self._base, self._changes = _Base.build(), _Changes()
            return self._base.index
        self._changes = _Changes(entries, marks, now)
        return layered(base.index, entries.values(), self._changes.removed())


live_index = LiveIndex()

"""The harvest's worker processes: forked, so that they start with what the main process has read."""

import gc
import multiprocessing
import os
import traceback
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection
from multiprocessing.pool import Pool
from multiprocessing.sharedctypes import Synchronized
from typing import Any, TypeVar

# Below this many files (or entries) a pool costs more than it saves: the tests' small repositories run inline.
MIN_ITEMS = 64
CHUNK = 8  # items handed to a worker at once: small enough to share the work evenly, large enough to batch
WORKERS_ENV = "HARVEST_WORKERS"
_WATCH_SECONDS = 1.0  # how long this process waits for the work counter before it looks at its helpers
T = TypeVar("T")


def pool_size(items: int) -> int:
    """How many workers: `os.cpu_count()`, or HARVEST_WORKERS when set (1: no pool); 1 for small jobs or where
    processes cannot be forked."""
    if items < MIN_ITEMS or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    wanted = os.environ.get(WORKERS_ENV, "")
    return max(1, int(wanted) if wanted.isdigit() else os.cpu_count() or 1)


@contextmanager
def forked_pool(workers: int) -> Iterator[Pool]:
    """A pool of `workers` processes forked from this one. They never touch the database: the main process's
    connection is inherited but not used, and they leave through `os._exit`, which does not close it."""
    with _frozen():
        pool = multiprocessing.get_context("fork").Pool(workers)
    try:
        yield pool
    finally:
        pool.terminate()
        pool.join()


@contextmanager
def _frozen() -> Iterator[None]:
    """What processes forked meanwhile inherit, frozen: the garbage collector in each would otherwise walk every
    object of this process (millions after a scan) at its first full collection, and write to each one's header,
    copying the memory they share page by page. Left frozen when the caller froze it."""
    frozen_before = gc.get_freeze_count()
    gc.freeze()
    try:
        yield
    finally:
        if not frozen_before:
            gc.unfreeze()


# What the helpers of `shared_map` run and count with: set before they are forked, so that they inherit it.
_work: Callable[[int], Any] | None = None
_count = 0
_claims: Synchronized | None = None  # the next number to claim
# In this process: each helper forked and the end its results come from (watched while it waits for the counter).
_helpers: list[tuple[Any, Connection]] = []


def shared_map(work: Callable[[int], T], count: int, *, workers: int) -> Generator[tuple[int, T], None, None]:
    """(n, `work(n)`) for each n in range(count), by this process and `workers - 1` helpers forked now, which
    read what `work` reads as this process holds it in memory (nothing is pickled on the way in; each result is,
    on the way back). Each process claims the next CHUNK of numbers from a shared counter whenever it is free,
    so that none waits while work is left; a helper sends its results when all is claimed.

    Plain processes and pipes, not a `Pool`: a pool's threads in this process (handing out tasks, taking results
    in) wait for the interpreter's lock, which the work here holds, and a worker waited up to a quarter of a
    second between tasks. A helper reads what it inherits more slowly than this process does: on a first harvest
    of Django a file's extraction costs it about half as much again (25,000 pages copied as it writes reference
    counts, 0.05 s of that; the rest, colder memory). Each helper parsing every file itself instead, beside this
    process, was tried: 0.05 s sooner on a 1.5 s scan, for 0.5 CPU s more and the syntax trees twice in memory."""
    global _work, _count, _claims
    if workers <= 1 or count <= CHUNK:
        yield from ((n, work(n)) for n in range(count))
        return
    context = multiprocessing.get_context("fork")
    _work, _count, _claims = work, count, context.Value("q", 0)
    # No more helpers than chunks beyond this process's first: one with nothing to claim is a fork for nothing.
    wanted = min(workers - 1, -(-count // CHUNK) - 1)
    try:
        with _frozen():
            for _ in range(wanted):
                receiving, sending = context.Pipe(duplex=False)
                process = context.Process(target=_help, args=(sending,), daemon=True)
                try:
                    process.start()
                except BaseException:
                    receiving.close()
                    raise
                finally:
                    sending.close()
                _helpers.append((process, receiving))
        while (start := _claim()) < count:
            yield from ((n, work(n)) for n in range(start, min(start + CHUNK, count)))
        for _, receiving in _helpers:
            yield from _received(receiving)
    finally:
        for process, receiving in _helpers:
            receiving.close()
            process.terminate()
            process.join()
        _work, _count, _claims = None, 0, None
        _helpers.clear()


def _received(receiving: Connection) -> list[tuple[int, Any]]:
    try:
        failure, items = receiving.recv()
    except EOFError:
        raise RuntimeError("a harvest helper process ended without its results") from None
    if failure is not None:
        raise RuntimeError(f"a harvest helper process failed:\n{failure}")
    return items


def _help(sending: Connection) -> None:
    """A helper's whole life: claim chunks while any are left, then send back what it did (or why it could not)."""
    try:
        assert _work is not None
        done: list[tuple[int, Any]] = []
        while (start := _claim()) < _count:
            done.extend((n, _work(n)) for n in range(start, min(start + CHUNK, _count)))
        sending.send((None, done))
    except BaseException:  # sent as text: the exception itself may not pickle
        sending.send((traceback.format_exc(), []))
    finally:
        sending.close()


def _claim() -> int:
    assert _claims is not None
    lock = _claims.get_lock()
    # A helper killed while it held the lock (by the OOM killer, say) would hold it for good: this process looks at
    # the helpers between waits rather than wait forever. (A helper waits as long as it must: its parent is alive.)
    while not lock.acquire(timeout=_WATCH_SECONDS):
        if any(process.exitcode not in (None, 0) for process, _ in _helpers):
            raise RuntimeError("a harvest helper process was stopped while it held the work counter")
    try:
        start = _claims.value
        _claims.value = start + CHUNK
    finally:
        lock.release()
    return start

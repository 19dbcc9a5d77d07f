"""The harvest's worker processes: forked, so that they start with what the main process has read."""

import gc
import multiprocessing
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing.pool import Pool
from multiprocessing.sharedctypes import Synchronized
from typing import TypeVar, cast

# Below this many files (or entries) a pool costs more than it saves: the tests' small repositories run inline.
MIN_ITEMS = 64
CHUNK = 8  # items handed to a worker at once: small enough to share the work evenly, large enough to batch
WORKERS_ENV = "HARVEST_WORKERS"
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
    # What the workers inherit is frozen as they are forked: the garbage collector in each would otherwise walk
    # every object of the main process (millions after a scan) at its first full collection, and write to
    # each one's header, copying the memory they share page by page. (Left frozen when the caller froze it.)
    frozen_before = gc.get_freeze_count()
    gc.freeze()
    try:
        pool = multiprocessing.get_context("fork").Pool(workers)
    finally:
        if not frozen_before:
            gc.unfreeze()
    try:
        yield pool
    finally:
        pool.terminate()
        pool.join()


# What the processes of `shared_map` read: set before the others are forked, so that they inherit it.
_work: Callable[[int], object] | None = None
_claims: Synchronized | None = None
_count = 0


def shared_map(work: Callable[[int], T], count: int, *, workers: int) -> Iterator[tuple[int, T]]:
    """(n, `work(n)`) for each n in range(count), as they are done, by `workers` processes of which this one is
    one: the others are forked from it, so `work` reads what this process holds in memory, as it is. Each process
    claims the next CHUNK of numbers from a shared counter whenever it is free, so that none waits while work is
    left. This process's share costs nothing more than doing it inline; a forked worker's costs the pages it
    touches, copied (the reference counts it writes), and its results pickled back: on a first harvest of
    Django, half as much again as the work itself, which this process's share does not pay."""
    global _work, _claims, _count
    _work, _count = work, count
    _claims = multiprocessing.get_context("fork").Value("q", 0)
    try:
        with forked_pool(workers - 1) as pool:
            # One task per chunk at most: a task that finds every chunk claimed ends at once.
            pending = [pool.apply_async(_claimed_chunk) for _ in range(-(-count // CHUNK))]
            while (start := _claim()) < count:
                yield from ((n, work(n)) for n in range(start, min(start + CHUNK, count)))
                waiting = []
                for result in pending:  # one look at each: one that becomes ready meanwhile is kept for later
                    if result.ready():
                        yield from cast("list[tuple[int, T]]", result.get())
                    else:
                        waiting.append(result)
                pending = waiting
            for result in pending:
                yield from cast("list[tuple[int, T]]", result.get())
    finally:
        _work, _claims, _count = None, None, 0


def _claim() -> int:
    assert _claims is not None
    with _claims.get_lock():
        start = _claims.value
        _claims.value = start + CHUNK
    return start


def _claimed_chunk() -> list[tuple[int, object]]:
    assert _work is not None
    start = _claim()
    return [(n, _work(n)) for n in range(start, min(start + CHUNK, _count))]

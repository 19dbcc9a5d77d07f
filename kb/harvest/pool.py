"""The harvest's worker processes, forked: a pool that starts with what this process holds (rendering cards), and
helpers forked before the reading, which read the same input for themselves and then share the work (extracting)."""

import functools
import gc
import multiprocessing
import os
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection
from multiprocessing.pool import Pool
from multiprocessing.sharedctypes import SynchronizedArray
from typing import Any, TypeVar

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


Work = tuple[int, Callable[[int], Any]]  # (how many items, what does item n)
Share = Callable[[int, Callable[[int], T]], Iterator[tuple[int, T]]]

# What the helpers of `forked_helpers` run and count with: set before they are forked, so that they inherit it.
_prepare: Callable[[], Work] | None = None
# [0]: the next number to claim; [k]: whether helper k has claimed any of the work.
_claims: SynchronizedArray | None = None


@contextmanager
def forked_helpers(prepare: Callable[[], Work], *, workers: int) -> Iterator[Share]:
    """`workers - 1` helper processes forked now, each of which runs `prepare()` itself (what this process is
    about to do: read the same input into its own memory, alongside), and the function that shares the work
    with them: `share(count, work)` gives (n, `work(n)`) for each n in range(count), by this process and the
    helpers. Each claims the next CHUNK of numbers from a shared counter whenever it is free, so that none waits
    while work is left; a helper sends its results when the work is all claimed. `prepare` must give every
    process the same count and the same meaning to each number (the same input, read the same way).

    Why helpers prepare for themselves rather than inherit what this process has read: a process forked after a
    scan shares millions of objects with it, and copies each page whose reference counts it writes, which made
    its share of the extraction half as dear again; and reading (parsing every file) is the harvest's one step
    on a single core, so a helper's reading costs another core's idle time, not the harvest's. Plain processes
    and pipes rather than a `Pool`: a pool's threads in this process wait for the interpreter's lock, which the
    work here holds, and a helper waited up to a quarter of a second for its next task."""
    global _prepare, _claims
    if workers <= 1:
        yield _inline
        return
    context = multiprocessing.get_context("fork")
    _prepare, _claims = prepare, context.Array("q", workers)
    helpers: list[tuple[Any, Connection]] = []  # (a forked process, the end its results come from)
    frozen_before = gc.get_freeze_count()
    try:
        gc.freeze()  # as in `forked_pool`: no helper's collector walks what it inherits
        try:
            for number in range(1, workers):
                receiving, sending = context.Pipe(duplex=False)
                process = context.Process(target=_help, args=(number, sending), daemon=True)
                process.start()
                sending.close()
                helpers.append((process, receiving))
        finally:
            if not frozen_before:
                gc.unfreeze()
        yield functools.partial(_shared, [receiving for _, receiving in helpers])
    finally:
        for process, receiving in helpers:
            receiving.close()
            process.terminate()
            process.join()
        _prepare, _claims = None, None


def _inline(count: int, work: Callable[[int], T]) -> Iterator[tuple[int, T]]:
    return ((n, work(n)) for n in range(count))


def _shared(helpers: list[Connection], count: int, work: Callable[[int], T]) -> Iterator[tuple[int, T]]:
    while (start := _claim()) < count:
        yield from ((n, work(n)) for n in range(start, min(start + CHUNK, count)))
    for number, receiving in enumerate(helpers, start=1):
        if not _has_claimed(number):
            continue  # and never will, all being claimed: not waited for (it may still be reading)
        try:
            failure, helper_count, items = receiving.recv()
        except EOFError:
            raise RuntimeError("a harvest helper process ended without its results") from None
        if failure is not None:
            raise RuntimeError(f"a harvest helper process failed:\n{failure}")
        if helper_count != count:
            raise RuntimeError(f"a harvest helper prepared {helper_count} items where this process has {count}")
        yield from items


def _help(number: int, sending: Connection) -> None:
    """A helper's whole life: prepare, claim chunks while any are left, send back what it did (or why not)."""
    try:
        assert _prepare is not None
        count, work = _prepare()
        done: list[tuple[int, Any]] = []
        while (start := _claim(number, count)) < count:
            done.extend((n, work(n)) for n in range(start, min(start + CHUNK, count)))
        sending.send((None, count, done))
    except BaseException:  # sent as text: the exception itself may not pickle
        sending.send((traceback.format_exc(), 0, []))
    finally:
        sending.close()


def _claim(helper: int = 0, count: int = 0) -> int:
    """The first number of the next chunk; `helper` (its number, with the count it prepared) marks that it has
    claimed some of the work, under the same lock, so that this process knows which helpers to wait for."""
    assert _claims is not None
    with _claims.get_lock():
        start = _claims[0]
        _claims[0] = start + CHUNK
        if helper and start < count:
            _claims[helper] = 1
    return start


def _has_claimed(helper: int) -> bool:
    assert _claims is not None
    with _claims.get_lock():
        return bool(_claims[helper])

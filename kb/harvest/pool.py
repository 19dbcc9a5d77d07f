"""The harvest's worker processes: forked, so that they start with what the main process has read."""

import gc
import multiprocessing
import os
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.pool import Pool

# Below this many files (or entries) a pool costs more than it saves: the tests' small repositories run inline.
MIN_ITEMS = 64
CHUNK = 8  # items handed to a worker at once: small enough to share the work evenly, large enough to batch
WORKERS_ENV = "HARVEST_WORKERS"


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

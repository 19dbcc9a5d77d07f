"""The harvest's worker processes: forked, so that they start with what the main process has read."""

import gc
import multiprocessing
import os
import queue
import threading
import traceback
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from multiprocessing.reduction import ForkingPickler
from multiprocessing.sharedctypes import Synchronized
from typing import Any, Generic, Protocol, TypeVar, cast

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
def frozen() -> Iterator[None]:
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
_helpers: list[tuple[BaseProcess, Connection]] = []


class Afterwards(Protocol):
    """More work for a helper of `shared_map` once its share is done: the rest of the caller's pipeline."""

    def run(self) -> None:
        """In the first helper, once its share is done and sent."""

    def adopt(self, process: BaseProcess) -> None:
        """In this process, once every result has come: the helper running `run` is the caller's to stop."""


def shared_map(
    work: Callable[[int], T], count: int, *, workers: int, afterwards: Afterwards | None = None
) -> Generator[tuple[int, T], None, None]:
    """(n, `work(n)`) for each n in range(count), in no set order, by this process and `workers - 1` helpers forked
    now, which read what `work` reads as this process holds it in memory (nothing is pickled on the way in; each
    result is, on the way back). Each process claims the next CHUNK of numbers from a shared counter whenever it is
    free, so that none waits while work is left. A helper sends each chunk's results as it finishes it, and this
    process yields them between its own chunks: the caller can use (and write) them while the rest is worked on.

    Plain processes and pipes, not a `Pool`: a pool's threads in this process (handing out tasks, taking results
    in) wait for the interpreter's lock, which the work here holds, and a worker waited up to a quarter of a
    second between tasks; and this process works too, rather than wait for results. A helper reads what it
    inherits more slowly than this process does: on a first harvest of Django a file's extraction costs it about
    half as much again (25,000 pages copied as it writes reference counts, 0.05 s of that; the rest, colder
    memory). Each helper parsing every file itself instead, beside this process, was tried: 0.05 s sooner on a
    1.5 s scan, for 0.5 CPU s more and the syntax trees twice in memory.

    `afterwards`: run by the first helper when its share is done, and that helper handed to it once all results
    are in (rather than stopped), so that the caller's next step has a process without forking one (a fork after
    a scan copies the page tables of all the syntax trees: 0.05 s of this process's time on Django)."""
    global _work, _count, _claims, _helpers
    if workers <= 1 or count <= CHUNK:
        yield from ((n, work(n)) for n in range(count))
        return
    context = multiprocessing.get_context("fork")
    _work, _count, _claims = work, count, context.Value("q", 0)
    # This map's own: the global is only for `_claim` to watch them while this map runs.
    helpers: list[tuple[BaseProcess, Connection]] = []
    _helpers = helpers
    finished = False
    # No more helpers than chunks beyond this process's first: one with nothing to claim is a fork for nothing.
    wanted = min(workers - 1, -(-count // CHUNK) - 1)
    try:
        with frozen():
            for number in range(wanted):
                then = afterwards if number == 0 else None  # inherited as it is, as the work is
                helpers.append(_started(context, _help, then))
        open_ends = [receiving for _, receiving in helpers]
        while (start := _claim()) < count:
            yield from ((n, work(n)) for n in range(start, min(start + CHUNK, count)))
            for receiving in list(open_ends):
                while receiving in open_ends and receiving.poll():
                    yield from _received(receiving, open_ends)
        while open_ends:
            # Whichever helper has something, a second at a time: a helper killed while it held the counter would
            # leave the others waiting for it for good, and nothing would come.
            ready = wait(open_ends, timeout=_WATCH_SECONDS)
            if not ready:
                _watch(helpers)
            for end in ready:
                yield from _received(cast(Connection, end), open_ends)
        finished = True
    finally:
        kept: BaseProcess | None = None
        for number, (helper, receiving) in enumerate(helpers):
            receiving.close()
            if finished and number == 0 and afterwards is not None:
                kept = helper
            else:
                helper.terminate()
                helper.join()
        _work, _count, _claims, _helpers = None, 0, None, []
        if kept is not None:
            try:
                cast(Afterwards, afterwards).adopt(kept)
            except BaseException:
                kept.terminate()
                kept.join()
                raise


def _watch(helpers: list[tuple[BaseProcess, Connection]]) -> None:
    if any(process.exitcode not in (None, 0) for process, _ in helpers):
        raise RuntimeError("a harvest helper process was stopped before its share was done")


def _received(receiving: Connection, open_ends: list[Connection]) -> list[tuple[int, Any]]:
    """One message of a helper: a chunk's results, or its end (taken out of `open_ends`), or why it failed."""
    try:
        failure, items = receiving.recv()
    except (EOFError, OSError):  # ended, or ended in the middle of a message
        raise RuntimeError("a harvest helper process ended without all its results") from None
    if failure is not None:
        raise RuntimeError(f"a harvest helper process failed:\n{failure}")
    if items is None:
        open_ends.remove(receiving)
        return []
    return items


def _help(sending: Connection, afterwards: "Afterwards | None") -> None:
    """A helper's whole life: claim chunks while any are left, each chunk's results sent as it is done, then the
    end (or why it could not go on); then, for the first, what comes `afterwards`."""
    outbox = Outbox(sending)
    try:
        assert _work is not None
        while (start := _claim()) < _count:
            outbox.put((None, [(n, _work(n)) for n in range(start, min(start + CHUNK, _count))]))
        outbox.put((None, None))
    except BaseException:  # sent as text: the exception itself may not pickle
        outbox.put((traceback.format_exc(), None))
        return
    finally:
        outbox.close()
    if afterwards is not None:
        afterwards.run()


class Outbox:
    """A forked process's messages to its parent, written to the pipe by a thread of their own: the process goes on
    with its work when the pipe is full because the parent is busy with something else (writing what it has)."""

    def __init__(self, sending: Connection) -> None:
        self._sending = sending
        self._queue: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._send_all)
        self._thread.start()

    def put(self, message: object) -> None:
        self._queue.put(bytes(ForkingPickler.dumps(message)))  # pickled here, so that the thread only writes

    def close(self) -> None:
        """Once all is sent (or the parent has stopped listening)."""
        self._queue.put(None)
        self._thread.join()
        self._sending.close()

    def _send_all(self) -> None:
        while (message := self._queue.get()) is not None:
            try:
                self._sending.send_bytes(message)
            except OSError:  # the parent closed its end: it has stopped listening
                return


def _claim() -> int:
    assert _claims is not None
    lock = _claims.get_lock()
    # A helper killed while it held the lock (by the OOM killer, say) would hold it for good: this process looks at
    # the helpers between waits rather than wait forever. (A helper waits as long as it must: its parent is alive.)
    while not lock.acquire(timeout=_WATCH_SECONDS):
        _watch(_helpers)
    try:
        start = _claims.value
        _claims.value = start + CHUNK
    finally:
        lock.release()
    return start


def _started(context: Any, target: Callable[..., None], argument: object) -> tuple[BaseProcess, Connection]:
    """A process forked to run `target(sending, argument)`, and the end of its pipe this process reads; both ends
    closed here if it cannot start."""
    receiving, sending = context.Pipe(duplex=False)
    process = context.Process(target=target, args=(sending, argument), daemon=True)
    try:
        process.start()
    except BaseException:
        receiving.close()
        raise
    finally:
        sending.close()
    return process, receiving


class Beside(Generic[T]):
    """`work()` run by a process forked now, beside this one, which goes on with what does not need the result;
    `result()` takes it when needed (pickled on the way back; what `work` reads is this process's memory as it is
    now). Done here instead when `fork` is False or no process can be forked, and when the process forked ends
    without its result (killed, or failed: the same fault then raises here, as it would have with no helper)."""

    def __init__(self, work: Callable[[], T], *, fork: bool) -> None:
        self._work = work
        self._process: BaseProcess | None = None
        self._receiving: Connection | None = None
        if not fork or "fork" not in multiprocessing.get_all_start_methods():
            return
        context = multiprocessing.get_context("fork")
        with frozen():
            self._process, self._receiving = _started(context, _beside, work)

    @property
    def forked(self) -> bool:
        """Whether a process is doing the work (else `result` does it)."""
        return self._receiving is not None

    def result(self) -> T:
        if self._receiving is not None:
            try:
                failure, value = self._receiving.recv()  # or EOFError once the process has ended without sending
            except (EOFError, OSError):
                failure, value = "ended", None
            finally:
                self.close()
            if failure is None:
                return cast(T, value)
        return self._work()

    def close(self) -> None:
        """Stop the process (the result is not wanted, or has come)."""
        if self._receiving is not None:
            self._receiving.close()
            self._receiving = None
        if self._process is not None:
            self._process.terminate()
            self._process.join()
            self._process = None


def _beside(sending: Connection, work: Callable[[], Any]) -> None:
    try:
        message: tuple[str | None, Any] = (None, work())
    except BaseException:  # sent as text: the exception itself may not pickle
        message = (traceback.format_exc(), None)
    try:
        sending.send(message)
    finally:
        sending.close()

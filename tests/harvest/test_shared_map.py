"""The harvest's work shared between this process and forked helpers: every item done once, none lost, each
helper working from what this process held when it forked, and a helper's failure is the caller's."""

import multiprocessing
import os
import signal
import time

import pytest

from kb.harvest.pipeline import pool
from kb.harvest.pipeline.pool import shared_map

# What the helpers read: they are forked, and inherit it as this process has it.
TABLE = {n: n * n for n in range(500)}


def slow_square(n: int) -> tuple[int, int]:
    time.sleep(0.001)  # long enough that every process gets a share, even on a busy machine
    return TABLE[n], os.getpid()


def test_every_item_is_done_once_with_its_own_result():
    done = list(shared_map(slow_square, len(TABLE), workers=2))
    assert sorted(n for n, _ in done) == list(range(len(TABLE)))
    assert all(result == n * n for n, (result, _) in done)


def test_this_process_and_a_forked_helper_both_take_a_share():
    done = list(shared_map(slow_square, len(TABLE), workers=2))
    assert len({pid for _, (_, pid) in done}) == 2
    assert os.getpid() in {pid for _, (_, pid) in done}


def test_three_processes_share_the_work():
    done = list(shared_map(slow_square, len(TABLE), workers=3))
    assert sorted(n for n, _ in done) == list(range(len(TABLE)))
    assert len({pid for _, (_, pid) in done}) == 3


def test_a_helper_reads_what_this_process_held_when_it_forked():
    before = dict(TABLE)
    TABLE.update((n, -n) for n in TABLE)  # after the module was imported, before the fork
    try:
        done = list(shared_map(slow_square, len(TABLE), workers=2))
    finally:
        TABLE.update(before)
    by_helper = [(n, result) for n, (result, pid) in done if pid != os.getpid()]
    assert by_helper
    assert all(result == -n for n, result in by_helper)


def fails_at_the_end(n: int) -> int:
    if n == len(TABLE) - 1:
        raise ValueError(f"item {n} is broken")
    time.sleep(0.0005)
    return TABLE[n]


def test_a_failure_in_any_process_reaches_the_caller():
    with pytest.raises((ValueError, RuntimeError), match="item 499 is broken"):
        list(shared_map(fails_at_the_end, len(TABLE), workers=2))


def test_a_helper_s_failure_reaches_the_caller_with_its_traceback():
    main = os.getpid()

    def work(n: int) -> int:
        time.sleep(0.0005)
        if os.getpid() != main:
            raise OSError("the helper's share is broken")
        return n

    with pytest.raises(RuntimeError, match=r"(?s)Traceback.*the helper's share is broken"):
        list(shared_map(work, len(TABLE), workers=2))


def test_one_worker_runs_inline_and_forks_nothing():
    done = list(shared_map(slow_square, len(TABLE), workers=1))
    assert {pid for _, (_, pid) in done} == {os.getpid()}


def test_nothing_to_do_gives_nothing():
    assert list(shared_map(slow_square, 0, workers=2)) == []


def test_a_helper_killed_while_it_holds_the_counter_stops_the_work_with_a_clear_error():
    main = os.getpid()

    def work(n: int) -> int:
        time.sleep(0.001)
        if os.getpid() != main:
            pool._claims.get_lock().acquire()  # as if the OOM killer struck inside the counter's lock
            os.kill(os.getpid(), signal.SIGKILL)
        return n

    with pytest.raises(RuntimeError, match="helper process"):  # rather than waiting for ever on the held lock
        list(shared_map(work, len(TABLE), workers=2))


def test_a_helper_s_results_reach_the_caller_while_this_process_is_still_working():
    main = os.getpid()
    seen: list[int] = []  # the pids of the results, in the order the caller gets them
    for _, (_, pid) in shared_map(slow_square, len(TABLE), workers=2):
        seen.append(pid)
    last_of_mine = max(n for n, pid in enumerate(seen) if pid == main)
    assert any(pid != main for pid in seen[:last_of_mine])


class Recorded:
    """What comes after the map: the helper writes its pid to a pipe; this process keeps the helper it is given."""

    def __init__(self) -> None:
        self.receiving, self.sending = multiprocessing.get_context("fork").Pipe(duplex=False)
        self.adopted = None

    def run(self) -> None:
        self.sending.send(os.getpid())

    def adopt(self, process) -> None:
        self.adopted = process


def test_the_first_helper_goes_on_to_what_comes_afterwards_and_is_the_caller_s_to_stop():
    afterwards = Recorded()
    done = list(shared_map(slow_square, len(TABLE), workers=2, afterwards=afterwards))
    helper = {pid for _, (_, pid) in done} - {os.getpid()}
    assert afterwards.adopted is not None
    assert afterwards.receiving.poll(10) and {afterwards.receiving.recv()} == helper
    afterwards.adopted.join(10)
    assert afterwards.adopted.exitcode == 0


def test_a_failed_map_hands_no_helper_over():
    afterwards = Recorded()
    with pytest.raises((ValueError, RuntimeError)):
        list(shared_map(fails_at_the_end, len(TABLE), workers=2, afterwards=afterwards))
    assert afterwards.adopted is None


def test_with_more_helpers_only_the_first_goes_on_and_the_others_are_stopped():
    afterwards = Recorded()
    list(shared_map(slow_square, len(TABLE), workers=3, afterwards=afterwards))
    assert afterwards.adopted is not None
    assert afterwards.receiving.poll(10)
    afterwards.receiving.recv()
    assert not afterwards.receiving.poll(0.5)  # no second helper ran it
    afterwards.adopted.join(10)
    assert multiprocessing.active_children() == []

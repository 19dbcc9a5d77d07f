"""The harvest's work shared between this process and forked helpers that prepare for themselves: every item
done once, none lost, each helper working from what it read itself, and a helper's failure is the caller's."""

import os
import time

import pytest

from kb.harvest.pool import Work, forked_helpers

TABLE = list(range(500))
SIZE = len(TABLE)


def slow_square(n: int) -> tuple[int, int]:
    time.sleep(0.0005)  # long enough that every process gets a share
    return TABLE[n] * TABLE[n], os.getpid()


def ready() -> Work:
    return len(TABLE), slow_square


def shared(prepare, count=SIZE, work=slow_square, workers=2):
    with forked_helpers(prepare, workers=workers) as share:
        return list(share(count, work))


def test_every_item_is_done_once_with_its_own_result():
    done = shared(ready)
    assert sorted(n for n, _ in done) == list(range(len(TABLE)))
    assert all(result == n * n for n, (result, _) in done)


def test_this_process_and_a_forked_helper_both_take_a_share():
    done = shared(ready)
    assert len({pid for _, (_, pid) in done}) == 2
    assert os.getpid() in {pid for _, (_, pid) in done}


def test_a_helper_works_from_what_it_prepared_itself():
    def prepare() -> Work:
        mine = os.getpid()  # what only the process that prepares can know

        def work(n: int) -> tuple[int, int]:
            time.sleep(0.0005)
            return n, mine

        return len(TABLE), work

    done = shared(prepare, work=prepare()[1])
    assert all(result == n for n, (result, _) in done)
    assert len({pid for _, (_, pid) in done}) == 2  # the helper's share names the helper, as it prepared it


def test_three_processes_share_the_work():
    done = shared(ready, workers=3)
    assert sorted(n for n, _ in done) == list(range(len(TABLE)))
    assert len({pid for _, (_, pid) in done}) == 3


def fails_at_the_end(n: int) -> int:
    if n == len(TABLE) - 1:
        raise ValueError(f"item {n} is broken")
    time.sleep(0.0005)
    return TABLE[n]


def test_a_failure_in_any_process_reaches_the_caller():
    with pytest.raises((ValueError, RuntimeError), match="item 499 is broken"):
        shared(lambda: (len(TABLE), fails_at_the_end), work=fails_at_the_end)


def test_a_helper_that_fails_to_prepare_leaves_the_work_to_this_process():
    main = os.getpid()

    def prepare() -> Work:
        if os.getpid() != main:
            raise OSError("cannot read the tree")
        return ready()

    done = shared(prepare)
    assert sorted(n for n, _ in done) == list(range(SIZE))
    assert {pid for _, (_, pid) in done} == {main}


def test_a_helper_still_reading_when_the_work_is_done_is_not_waited_for():
    main = os.getpid()

    def prepare() -> Work:
        if os.getpid() != main:
            time.sleep(30)
        return SIZE, lambda n: (n * n, os.getpid())

    started = time.monotonic()
    done = shared(prepare, work=lambda n: (n * n, os.getpid()))
    assert len(done) == SIZE
    assert time.monotonic() - started < 10


def test_a_helper_that_fails_in_its_share_is_the_callers_failure():
    main = os.getpid()

    def work(n: int) -> int:
        time.sleep(0.0005)
        if os.getpid() != main:
            raise OSError("the helper's share is broken")
        return n

    with pytest.raises(RuntimeError, match="the helper's share is broken"):
        shared(lambda: (SIZE, work), work=work)


def test_a_helper_that_prepares_another_count_is_refused():
    with pytest.raises(RuntimeError, match="prepared 499 items where this process has 500"):
        shared(lambda: (len(TABLE) - 1, slow_square))


def test_one_worker_runs_inline_and_forks_nothing():
    done = shared(ready, workers=1)
    assert {pid for _, (_, pid) in done} == {os.getpid()}


def test_nothing_to_do_gives_nothing():
    assert shared(lambda: (0, slow_square), count=0) == []

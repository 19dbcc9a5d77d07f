"""The harvest's work shared between this process and forked workers: every item done once, none lost, and a
worker's failure is the caller's."""

import os
import time

import pytest

from kb.harvest.pool import shared_map

# What the workers read: they are forked, and inherit it as this process has it.
TABLE = {n: n * n for n in range(500)}


def slow_square(n: int) -> tuple[int, int]:
    time.sleep(0.0005)  # long enough that both processes get a share
    return TABLE[n], os.getpid()


def test_every_item_is_done_once_with_its_own_result():
    done = list(shared_map(slow_square, len(TABLE), workers=2))
    assert sorted(n for n, _ in done) == list(range(len(TABLE)))
    assert all(result == n * n for n, (result, _) in done)


def test_this_process_and_a_forked_worker_both_take_a_share():
    done = list(shared_map(slow_square, len(TABLE), workers=2))
    assert len({pid for _, (_, pid) in done}) == 2
    assert os.getpid() in {pid for _, (_, pid) in done}


def fails_at_the_end(n: int) -> int:
    if n == len(TABLE) - 1:
        raise ValueError(f"item {n} is broken")
    return TABLE[n]


def test_a_failure_in_any_process_reaches_the_caller():
    with pytest.raises(ValueError, match="item 499 is broken"):
        list(shared_map(fails_at_the_end, len(TABLE), workers=2))


def test_nothing_to_do_gives_nothing():
    assert list(shared_map(slow_square, 0, workers=2)) == []

"""Throttles count in process memory and share their counts through the cache at most once a second per key:
no round trip per request, and workers still hold one limit between them."""

import pytest
from django.core.cache import cache

from kb.runtime import ratelimit

KEY = "throttle_match_203.0.113.9"


@pytest.fixture
def wall(monkeypatch) -> list[float]:
    """Wall-clock time standing still in the middle of a period, moved by the test."""
    now = [60_000.0 + 30]
    monkeypatch.setattr(ratelimit, "wall_clock", lambda: now[0])
    return now


@pytest.fixture(autouse=True)
def empty_cache(db) -> None:
    cache.clear()


def admitted(counter: ratelimit.Counter, times: int, limit: int = 10) -> int:
    return sum(counter.hit(KEY, limit, 60) is None for _ in range(times))


def test_requests_after_the_first_of_a_second_cost_no_query(production_intervals, wall, django_assert_num_queries):
    counter = ratelimit.Counter()
    counter.hit(KEY, 100, 60)
    with django_assert_num_queries(0):
        assert admitted(counter, 20, limit=100) == 20


def test_another_worker_sees_the_counts_within_a_second(production_intervals, wall):
    first, second = ratelimit.Counter(), ratelimit.Counter()
    assert admitted(first, 6) == 6
    production_intervals.now += 1.0
    admitted(first, 1)  # its next request shares the six it counted; this seventh is shared a second later
    assert admitted(second, 10) == 4


def test_a_worker_shares_its_counts_even_when_the_client_moved_on(production_intervals, wall):
    first, second = ratelimit.Counter(), ratelimit.Counter()
    assert admitted(first, 6) == 6
    production_intervals.now += 1.0
    first.hit("throttle_match_198.51.100.1", 10, 60)  # another client: the sweep shares the first client's count
    assert admitted(second, 10) == 4


def test_the_last_periods_count_fades_out_over_the_next(production_intervals, wall):
    counter = ratelimit.Counter()
    assert admitted(counter, 10) == 10
    wall[0] += 60  # the same point of the next period: half of the last one's count still weighs
    production_intervals.now += 60
    assert admitted(counter, 10) == 5


def test_an_over_limit_client_is_told_to_wait_no_longer_than_a_period(production_intervals, wall):
    counter = ratelimit.Counter()
    admitted(counter, 10)
    wait = counter.hit(KEY, 10, 60)
    assert wait is not None and 0 < wait <= 60

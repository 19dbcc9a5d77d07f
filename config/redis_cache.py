"""Django's RedisCache that keeps serving while Redis cannot be reached.

The cache holds cards (a miss only costs a render) and the throttles' counts. Redis going away must cost neither a
500 nor the rate limits: while it is away, each process keeps its cards and counts in its own memory (a limit then
holds per process, as during a database outage: kb/ratelimit.py). It is asked again after 1 s, then 2, 4, ... up to
30 s; one log line when it goes, one when it is back. Entries written to memory meanwhile are not copied back.
"""

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

FIRST_RETRY, LONGEST_RETRY = 1.0, 30.0
UNREACHABLE = (RedisConnectionError, RedisTimeoutError)
# Every operation of BaseCache that reaches the server; the others are built on these.
OPERATIONS = (
    "add", "get", "set", "touch", "delete", "get_many", "has_key", "incr", "set_many", "delete_many", "clear",
)  # fmt: skip


class FallbackRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self.local = LocMemCache(f"errorkb-redis-fallback-{id(self)}", {**params, "OPTIONS": {"MAX_ENTRIES": 10_000}})
        self._lock = threading.Lock()
        self._away_since: float | None = None
        self._retry_at = 0.0
        self._wait = FIRST_RETRY

    @property
    def is_away(self) -> bool:
        return self._away_since is not None

    def _went_away(self, error: Exception) -> None:
        with self._lock:
            if self._away_since is None:
                self._away_since = time.monotonic()
                self._wait = FIRST_RETRY
                logger.error("Redis cannot be reached (%s); caching and counting in each process's memory.", error)
            else:
                self._wait = min(self._wait * 2, LONGEST_RETRY)
            self._retry_at = time.monotonic() + self._wait

    def _came_back(self) -> None:
        with self._lock:
            if self._away_since is not None:
                logger.warning("Redis is back after %.0f s.", time.monotonic() - self._away_since)
                self._away_since = None

    def _call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        if self._away_since is not None and time.monotonic() < self._retry_at:
            return getattr(self.local, name)(*args, **kwargs)
        try:
            result = getattr(super(), name)(*args, **kwargs)
        except UNREACHABLE as error:
            self._went_away(error)
            return getattr(self.local, name)(*args, **kwargs)
        if self._away_since is not None:
            self._came_back()
        return result


def _operation(name: str) -> Callable[..., Any]:
    def operation(self: FallbackRedisCache, *args: Any, **kwargs: Any) -> Any:
        return self._call(name, *args, **kwargs)

    operation.__name__ = name
    return operation


for _name in OPERATIONS:
    setattr(FallbackRedisCache, _name, _operation(_name))

"""Django's RedisCache that keeps serving while Redis cannot be reached or refuses its commands.

The cache holds cards (a miss only costs a render) and the throttles' counts. Redis going away must cost neither a
500 nor the rate limits, and neither must a Redis that answers but refuses: full under `noeviction` (OOM), a
read-only replica after a failover (READONLY), a failed snapshot (MISCONF) and the like (`is_refusal`). Either way,
each process keeps its cards and counts in its own memory (a limit then holds per process, as during a database
outage: kb/ratelimit.py). Redis is asked again after 1 s, then 2, 4, ... up to 30 s, with a write (a probe key, set
and deleted) since a refusing Redis still answers reads. One log line when it goes, one when it is back; a Redis
that keeps going and coming back (memory hovering at its limit) is retried no more often than the last wait, so
it costs a few lines a minute, not a line per request. Entries written to memory meanwhile are not copied back.
"""

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError, ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

# Tests move time forward by replacing this.
clock = time.monotonic
FIRST_RETRY, LONGEST_RETRY = 1.0, 30.0
# Connection refused or lost, LOADING, too many clients, a wrong password: redis-py raises ConnectionError for each.
UNREACHABLE = (RedisConnectionError, RedisTimeoutError)
# Error replies of a Redis that is up but refuses commands in the state it is in, whatever the command's arguments:
# out of memory under noeviction (redis-py's OutOfMemoryError), a read-only replica (ReadOnlyError), a failed
# snapshot with stop-writes-on-bgsave-error (MISCONF), too few replicas for min-replicas-to-write, a replica cut
# from its primary (MASTERDOWN), a cluster that is down or resharding, a script running too long (BUSY), an ACL
# that denies the command (NOPERM). Other error replies (WRONGTYPE, a bad argument) are the caller's bug and stay
# errors.
REFUSALS = frozenset(
    {"OOM", "READONLY", "MISCONF", "NOREPLICAS", "MASTERDOWN", "CLUSTERDOWN", "TRYAGAIN", "BUSY", "NOPERM"}
)
PROBE_KEY = "errorkb-redis-probe"
# Every operation of BaseCache that reaches the server; the others are built on these.
OPERATIONS = (
    "add",
    "get",
    "set",
    "touch",
    "delete",
    "get_many",
    "has_key",
    "incr",
    "set_many",
    "delete_many",
    "clear",
)


def is_refusal(error: Exception) -> bool:
    """Whether `error` is Redis refusing a command for its state (REFUSALS), as opposed to a bad command."""
    if not isinstance(error, ResponseError):
        return False
    # redis-py keeps the reply's code on the classes it knows (OOM, READONLY, ...); others (MISCONF, BUSY) only
    # start their message with it, which a pipeline prefixes with "Command # 1 (SET ...) of pipeline caused error: ".
    code = getattr(error, "status_code", None) or str(error).rpartition("caused error: ")[2].split(" ", 1)[0]
    return code in REFUSALS


def is_away(error: Exception) -> bool:
    return isinstance(error, UNREACHABLE) or is_refusal(error)


class Availability:
    """Whether the Redis at one location is away, and when to ask it again: one per process and location, shared
    by every FallbackRedisCache on it (Django makes one per thread), so that a process says each change once."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.away_since: float | None = None
        self.back_at = float("-inf")
        self.retry_at = 0.0
        self.wait = FIRST_RETRY

    def went_away(self, error: Exception) -> None:
        with self.lock:
            now = clock()
            if self.away_since is None:
                self.away_since = now
                # Back only briefly (a Redis at its memory limit): keep backing off rather than start again at 1 s.
                flapping = now - self.back_at < LONGEST_RETRY
                self.wait = min(self.wait * 2, LONGEST_RETRY) if flapping else FIRST_RETRY
                if is_refusal(error):
                    logger.error("Redis refuses commands (%s); caching and counting in each process's memory.", error)
                else:
                    logger.error("Redis cannot be reached (%s); caching and counting in each process's memory.", error)
            else:
                self.wait = min(self.wait * 2, LONGEST_RETRY)
            self.retry_at = now + self.wait

    def came_back(self) -> None:
        with self.lock:
            if self.away_since is not None:
                self.back_at = clock()
                logger.warning("Redis is back after %.0f s.", self.back_at - self.away_since)
                self.away_since = None

    def retry_claimed(self) -> bool:
        """Whether this caller is the one to ask Redis again now (the wait is over; the others keep to memory)."""
        with self.lock:
            now = clock()
            if now < self.retry_at:
                return False
            self.retry_at = now + self.wait
            return True


_availabilities: dict[str, Availability] = {}
_availabilities_lock = threading.Lock()


class FallbackRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        location = server if isinstance(server, str) else ",".join(server)
        with _availabilities_lock:
            self.availability = _availabilities.setdefault(location, Availability())
        # LocMemCache instances of one name share their entries: every thread's cache counts in the same memory.
        self.local = LocMemCache(f"errorkb-redis-fallback-{location}", {**params, "OPTIONS": {"MAX_ENTRIES": 10_000}})

    @property
    def is_away(self) -> bool:
        return self.availability.away_since is not None

    def _asked_again(self) -> bool:
        """Whether Redis, away, takes commands again. Once the wait is over one call asks, with a write (a probe key
        set and deleted: a full Redis or a read-only replica still answers reads); the others keep to memory."""
        if not self.availability.retry_claimed():
            return False
        key = self.make_and_validate_key(PROBE_KEY)
        try:
            with self._cache.get_client(key, write=True).pipeline(transaction=False) as pipeline:
                pipeline.set(key, b"1", px=10_000)
                pipeline.delete(key)
                pipeline.execute()
        except RedisError as error:  # whatever it answers, Redis is no use yet: keep to memory, ask again later
            self.availability.went_away(error)
            return False
        self.availability.came_back()
        return True

    def _call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        if self.is_away and not self._asked_again():
            return getattr(self.local, name)(*args, **kwargs)
        try:
            return getattr(super(), name)(*args, **kwargs)
        except RedisError as error:
            if not is_away(error):
                raise
            self.availability.went_away(error)
            return getattr(self.local, name)(*args, **kwargs)


def _operation(name: str) -> Callable[..., Any]:
    def operation(self: FallbackRedisCache, *args: Any, **kwargs: Any) -> Any:
        return self._call(name, *args, **kwargs)

    operation.__name__ = name
    return operation


for _name in OPERATIONS:
    setattr(FallbackRedisCache, _name, _operation(_name))

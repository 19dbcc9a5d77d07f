"""Rate limits for anonymous readers, counted in process memory and shared through the cache every worker shares.

The pages (the search page, the home page's lookups, readers' reports) and the API (api/throttling.py builds
its DRF throttles on this module) count the same way, under the same keys: a reader's searches on the page and
through `?search=` share one limit. Rates are REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], read per request so
that settings can change them.

The count (`Counter`) is a sliding window estimated from two fixed ones (the count of the current period, plus
the previous period's weighted by how much of it still lies within one period from now), kept per key as
"throttle_<scope>_<address>_<period number>". A request costs no round trip: each process counts in its own
memory and, at most once a second per key (when that key is seen again, or when a request finds it due), adds
what it counted to the shared cache (`incr`, atomic on Redis) and reads the total back. The slack: a burst that
reaches several workers within one second may pass the limit by what the other workers admitted in that second
(at most (workers - 1) x the limit's remainder); sustained, the limit holds, since every count reaches the shared
cache within a second.

While the database (which holds the shared cache) is away, the additions go to this process's memory instead,
so that lookups answered from the index in memory stay rate-limited. On Redis (REDIS_URL), config/redis_cache.py
does the same while Redis cannot be reached or refuses writes (full, a read-only replica).
"""

import atexit
import functools
import threading
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache as shared_cache
from django.core.cache.backends.locmem import LocMemCache
from django.http import HttpRequest
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle, SimpleRateThrottle

from kb.runtime.outage import database, is_database_unavailable

CACHE_FORMAT = "throttle_%(scope)s_%(ident)s"


class OutageTolerantCache:
    """The shared cache, or this process's memory while the database is away (not asked again until it is
    seen back: each try could wait for a connection timeout)."""

    def __init__(self) -> None:
        self.local = LocMemCache("errorkb-throttle-outage", {"OPTIONS": {"MAX_ENTRIES": 10_000}})

    def _call(self, method: str, *args: Any) -> Any:
        if not database.is_down:
            try:
                return getattr(shared_cache, method)(*args)
            except Exception as exc:
                if not is_database_unavailable(exc):
                    raise
                database.went_away(exc)
        return getattr(self.local, method)(*args)

    def get(self, key: str, default: Any = None) -> Any:
        return self._call("get", key, default)

    def set(self, key: str, value: Any, timeout: float | None = None) -> None:
        self._call("set", key, value, timeout)

    def get_many(self, keys: list[str]) -> dict[str, Any]:
        return self._call("get_many", keys)

    def add_to(self, key: str, amount: int, timeout: float) -> None:
        """Adds `amount` to the count under `key`, creating it (with `timeout`) when it is not there."""
        try:
            self._call("incr", key, amount)
        except ValueError:  # not there: the first count of this period anywhere
            if not self._call("add", key, amount, timeout):
                self._call("incr", key, amount)  # another worker created it meanwhile


throttle_cache = OutageTolerantCache()

# Tests move time forward by replacing these.
clock = time.monotonic
wall_clock = time.time
SYNC_SECONDS = 1.0
MAX_KEYS = 10_000


@dataclass
class _Count:
    period: int  # which period (time // duration) `shared` and `pending` are of
    duration: int
    shared: int = 0  # the period's count in the shared cache, as last read (this process's flushed counts included)
    previous: int = 0  # the previous period's, as last read
    pending: int = 0  # counted here, not yet added to the shared cache
    synced_at: float = float("-inf")


class Counter:
    """Per-process counts of requests per key, shared at most once a second (see the module's docstring)."""

    def __init__(self) -> None:
        self._counts: dict[str, _Count] = {}
        self._lock = threading.Lock()
        self._swept_at = 0.0

    def hit(self, key: str, limit: int, duration: int) -> float | None:
        """Counts one request under `key` unless it is over `limit` per `duration` seconds; then the seconds to
        wait, else None."""
        now = wall_clock()
        period, into = divmod(now, duration)
        with self._lock:
            count = self._counts.get(key)
            if count is None or count.period != int(period) or clock() - count.synced_at >= SYNC_SECONDS:
                count = self._sync(key, count, int(period), duration)
            weight = 1 - into / duration
            used = count.previous * weight + count.shared + count.pending
            if used + 1 > limit:
                return self._wait(count, limit, duration, into)
            count.pending += 1
            self._sweep()
            return None

    def _sync(self, key: str, count: _Count | None, period: int, duration: int) -> _Count:
        if count is not None and count.pending:
            throttle_cache.add_to(f"{key}_{count.period}", count.pending, 2 * duration + 1)
        names = [f"{key}_{period}", f"{key}_{period - 1}"]
        found = throttle_cache.get_many(names)
        shared, previous = int(found.get(names[0], 0)), int(found.get(names[1], 0))
        fresh = _Count(period, duration, shared, previous, synced_at=clock())
        if key not in self._counts and len(self._counts) >= MAX_KEYS:
            self._drop_oldest()
        self._counts[key] = fresh
        return fresh

    def _sweep(self) -> None:
        """At most once a second: every key's pending count that is due goes to the shared cache, so that a client
        that moved to another worker is counted there too."""
        now = clock()
        if now - self._swept_at < SYNC_SECONDS:
            return
        self._swept_at = now
        for key, count in list(self._counts.items()):
            if count.pending and now - count.synced_at >= SYNC_SECONDS:
                throttle_cache.add_to(f"{key}_{count.period}", count.pending, 2 * count.duration + 1)
                count.shared += count.pending
                count.pending = 0

    def _drop_oldest(self) -> None:
        key = min(self._counts, key=lambda name: self._counts[name].synced_at)
        count = self._counts.pop(key)
        if count.pending:
            throttle_cache.add_to(f"{key}_{count.period}", count.pending, 2 * count.duration + 1)

    @staticmethod
    def _wait(count: _Count, limit: int, duration: int, into: float) -> float:
        room = limit - 1 - count.shared - count.pending
        if room < 0 or count.previous == 0:
            return duration - into  # not before the next period
        # When the previous period's weighted share has shrunk enough: previous * (1 - t / duration) <= room.
        return max(0.0, duration * (1 - room / count.previous) - into)

    def flush(self) -> None:
        """Every pending count to the shared cache: at a process's exit, so that its last second is counted too."""
        with self._lock:
            for key, count in self._counts.items():
                if count.pending:
                    try:
                        throttle_cache.add_to(f"{key}_{count.period}", count.pending, 2 * count.duration + 1)
                    except Exception:
                        return
                    count.shared += count.pending
                    count.pending = 0

    def clear(self) -> None:
        with self._lock:
            self._counts.clear()


counter = Counter()
atexit.register(counter.flush)


def client_ident(request: Any) -> str:
    """DRF's reading of X-Forwarded-For under NUM_PROXIES, from META: DRF's reads request.headers, which Django
    builds from every META key on first use (a tenth of an anonymous lookup's time)."""
    xff = request.META.get("HTTP_X_FORWARDED_FOR")
    remote_addr = request.META.get("REMOTE_ADDR")
    num_proxies = api_settings.NUM_PROXIES
    if num_proxies is not None:
        if num_proxies == 0 or xff is None:
            return remote_addr
        addrs = xff.split(",")
        return addrs[-min(num_proxies, len(addrs))].strip()
    return "".join(xff.split()) if xff else remote_addr


@functools.lru_cache(maxsize=32)
def parsed_rate(text: str) -> tuple[int, int]:
    """(requests, seconds) of a rate such as "60/minute": DRF's reading of it, kept per text."""
    return ScopedRateThrottle().parse_rate(text)  # type: ignore[return-value]  # its __init__ reads no settings


def anonymous_wait(request: Any, scope: str) -> float | None:
    """What CountedThrottle decides for this request under `scope` (the same key, the same count), without a
    throttle object: None to go on, else the seconds to wait. For the pages and for a view that settled who the
    caller is without DRF (request.user set)."""
    text = rate(scope)
    if text is None:
        return None
    key = anonymous_key(request, scope, client_ident(request))
    if key is None:
        return None
    limit, duration = parsed_rate(text)
    return counter.hit(key, limit, duration)


def rate(scope: str) -> str | None:
    """The scope's rate as settings give it now ("60/minute"), or None for no limit."""
    return settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"].get(scope)


def anonymous_key(request: Any, scope: str, ident: str | None) -> str | None:
    """The cache key of an anonymous reader's count; None for a signed-in user (curators and their tools are
    trusted with lookups and searches)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return None
    return CACHE_FORMAT % {"scope": scope, "ident": ident}


class CountedThrottle(SimpleRateThrottle):
    """DRF's throttle (its reading of X-Forwarded-For under NUM_PROXIES, its rate strings), counting with `counter`
    instead of a list of request times read and written in the shared cache on every request."""

    _wait_seconds: float | None = None
    # Set by SimpleRateThrottle from the rate; the stubs do not declare them.
    num_requests: int | None
    duration: int | None

    def get_ident(self, request: Any) -> str:
        return client_ident(request)

    def allow_request(self, request: Any, view: Any) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        assert self.num_requests is not None and self.duration is not None  # a rate was given
        self._wait_seconds = counter.hit(self.key, self.num_requests, self.duration)
        return self._wait_seconds is None

    def wait(self) -> float | None:
        return self._wait_seconds


def page_throttled(request: HttpRequest, scope: str) -> int | None:
    """Seconds to wait when this anonymous reader is over the scope's limit (and so not counted), else None: the
    API's throttles count under the same keys, so a reader's page and API requests share one limit."""
    wait = anonymous_wait(request, scope)
    return None if wait is None else max(1, int(wait or 1))

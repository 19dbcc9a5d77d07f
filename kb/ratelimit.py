"""Rate limits for anonymous readers, counted in the cache every worker shares.

The pages (the search page, the home page's lookups, readers' reports) and the API (api/throttling.py builds
its DRF throttles on this module) count the same way, under the same keys: a reader's searches on the page and
through `?search=` share one limit. Rates are REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], read per request so
that settings can change them.

The count is DRF's: a list of the request times within the last period, kept under
"throttle_<scope>_<address>". While the database (which holds the shared cache) is away, each process counts
in its own memory instead, so that lookups answered from the index in memory stay rate-limited.
"""

import time
from typing import Any

from django.conf import settings
from django.core.cache import cache as shared_cache
from django.core.cache.backends.locmem import LocMemCache
from django.http import HttpRequest

from config.outage import database, is_database_unavailable

CACHE_FORMAT = "throttle_%(scope)s_%(ident)s"
_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


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


throttle_cache = OutageTolerantCache()


def rate(scope: str) -> str | None:
    """The scope's rate as settings give it now ("60/minute"), or None for no limit."""
    return settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"].get(scope)


def address(request: HttpRequest) -> str:
    """The client's address as DRF's throttles tell clients apart: X-Forwarded-For counts only as far as our
    own proxies wrote it (NUM_PROXIES); without proxies it is REMOTE_ADDR."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    remote = request.META.get("REMOTE_ADDR") or ""
    proxies = settings.REST_FRAMEWORK.get("NUM_PROXIES")
    if proxies is not None:
        if proxies == 0 or forwarded is None:
            return remote
        hops = forwarded.split(",")
        return hops[-min(proxies, len(hops))].strip()
    return "".join(forwarded.split()) if forwarded else remote


def anonymous_key(request: Any, scope: str, ident: str) -> str | None:
    """The cache key of an anonymous reader's count; None for a signed-in user (curators and their tools are
    trusted with lookups and searches)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return None
    return CACHE_FORMAT % {"scope": scope, "ident": ident}


def page_throttled(request: HttpRequest, scope: str) -> int | None:
    """Seconds to wait when this anonymous reader is over the scope's limit (and so not counted), else None."""
    limit = rate(scope)
    key = anonymous_key(request, scope, address(request))
    if limit is None or key is None:
        return None
    number, _, period = limit.partition("/")
    allowed, duration = int(number), _PERIODS[period[0]]
    now = time.time()
    history = [moment for moment in throttle_cache.get(key, []) if moment > now - duration]
    if len(history) >= allowed:
        # As DRF words its wait: the time until the oldest request leaves the window, spread over what is left.
        remaining = duration - (now - history[-1]) if history else duration
        return max(1, int(remaining / max(1, allowed - len(history) + 1)))
    throttle_cache.set(key, [now, *history], duration)
    return None

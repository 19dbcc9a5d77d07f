"""Rate limits for anonymous readers, counted in the cache every worker shares.

The pages (the search page, the home page's lookups, readers' reports) and the API (api/throttling.py builds
its DRF throttles on this module) count the same way, under the same keys: a reader's searches on the page and
through `?search=` share one limit. Rates are REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], read per request so
that settings can change them.

The count is DRF's own (PageThrottle): a list of the request times within the last period, kept under
"throttle_<scope>_<address>". While the database (which holds the shared cache) is away, each process counts
in its own memory instead, so that lookups answered from the index in memory stay rate-limited.
"""

from typing import Any

from django.conf import settings
from django.core.cache import cache as shared_cache
from django.core.cache.backends.locmem import LocMemCache
from django.http import HttpRequest
from rest_framework.throttling import SimpleRateThrottle

from config.outage import database, is_database_unavailable

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


throttle_cache = OutageTolerantCache()


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


class PageThrottle(SimpleRateThrottle):
    """DRF's own count (its window, its reading of X-Forwarded-For under NUM_PROXIES, its wait), for a page's
    scope: the API's throttles count under the same keys, so a reader's page and API requests share one limit."""

    cache = throttle_cache  # type: ignore[assignment]  # DRF only calls get() and set() on it

    def __init__(self, scope: str) -> None:
        self.scope = self.page_scope = scope  # DRF's `scope` may be None; a page's never is
        super().__init__()

    def get_rate(self) -> str | None:
        return rate(self.page_scope)

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        return anonymous_key(request, self.page_scope, self.get_ident(request))


def page_throttled(request: HttpRequest, scope: str) -> int | None:
    """Seconds to wait when this anonymous reader is over the scope's limit (and so not counted), else None."""
    throttle = PageThrottle(scope)
    if throttle.allow_request(request, None):  # type: ignore[arg-type]  # reads only request.META and .user
        return None
    return max(1, int(throttle.wait() or 1))

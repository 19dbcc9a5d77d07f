"""Rate limits, counted in the default cache that every worker shares. Rates: REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"].

Scopes: "match" (a view's `throttle_scope`, anonymous clients), "search" (?search=, anonymous clients) and
"write" (every unsafe request, anonymous attempts included: by address, or by curator for a token).

While the database (which holds the shared cache) is away, each process counts in its own memory instead, so
that lookups answered from the index in memory stay rate-limited."""

from typing import Any

from django.core.cache import cache as shared_cache
from django.core.cache.backends.locmem import LocMemCache
from rest_framework import throttling
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.settings import api_settings

from config.outage import database, is_database_unavailable


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


class _LiveRates:
    """DRF copies the rates into the class when it is defined; reading them per request lets settings change them."""

    scope: str | None
    cache = throttle_cache

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)


def _anonymous_key(throttle: throttling.SimpleRateThrottle, request: Request) -> str | None:
    if request.user and request.user.is_authenticated:
        return None  # curators and their tools are trusted with lookups and searches
    return throttle.cache_format % {"scope": throttle.scope, "ident": throttle.get_ident(request)}


class AnonymousScopedThrottle(_LiveRates, throttling.ScopedRateThrottle):
    """Anonymous clients of any view that names a `throttle_scope` (e.g. "match"), by address."""

    def get_cache_key(self, request: Request, view) -> str | None:
        return _anonymous_key(self, request)


class SearchThrottle(_LiveRates, throttling.SimpleRateThrottle):
    """Anonymous searches (`?search=`): they cost far more than a plain listing."""

    scope = "search"

    def allow_request(self, request: Request, view) -> bool:
        if "search" not in request.query_params:
            return True
        return super().allow_request(request, view)

    def get_cache_key(self, request: Request, view) -> str | None:
        return _anonymous_key(self, request)


class WriteThrottle(_LiveRates, throttling.SimpleRateThrottle):
    """Every write attempt: a curator's token by its user, anything else by address."""

    scope = "write"

    def allow_request(self, request: Request, view) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return super().allow_request(request, view)

    def get_cache_key(self, request: Request, view) -> str:
        user = request.user
        ident = f"user-{user.pk}" if user and user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


class PageThrottle(_LiveRates, throttling.SimpleRateThrottle):
    """The same anonymous limits for the HTML pages that do the same work (search page, home lookups)."""

    def __init__(self, scope: str) -> None:
        self.scope = scope
        super().__init__()

    def get_cache_key(self, request, view) -> str | None:
        return _anonymous_key(self, request)


def page_throttled(request, scope: str) -> int | None:
    """Seconds to wait when this anonymous reader is over the scope's limit, else None."""
    throttle = PageThrottle(scope)
    if throttle.allow_request(request, None):
        return None
    return max(1, int(throttle.wait() or 1))

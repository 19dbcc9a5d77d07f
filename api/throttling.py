"""The API's rate limits: DRF throttles over kb.runtime.ratelimit's counts (the same keys and cache as the pages').

Scopes: "match" (a view's `throttle_scope`, anonymous clients), "search" (?search=, anonymous clients) and
"write" (every unsafe request, anonymous attempts included: by address, or by curator for a token).

Counted in process memory and shared at most once a second (kb.runtime.ratelimit.Counter): no round trip per request.
While the database (which holds the shared cache) is away, each process counts in its own memory alone, so that
lookups answered from the index in memory stay rate-limited."""

from rest_framework import throttling
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request

from kb.runtime.ratelimit import CountedThrottle, anonymous_key, rate


class _LiveRates:
    """DRF copies the rates into the class when it is defined; reading them per request lets settings change them."""

    scope: str | None

    def get_rate(self) -> str | None:
        return rate(self.scope) if self.scope else None


def _anonymous_key(throttle: CountedThrottle, request: Request) -> str | None:
    return anonymous_key(request, str(throttle.scope), throttle.get_ident(request))


class AnonymousScopedThrottle(_LiveRates, throttling.ScopedRateThrottle, CountedThrottle):
    """Anonymous clients of any view that names a `throttle_scope` (e.g. "match"), by address."""

    def get_cache_key(self, request: Request, view) -> str | None:
        return _anonymous_key(self, request)


class SearchThrottle(_LiveRates, CountedThrottle):
    """Anonymous searches (`?search=`): they cost far more than a plain listing."""

    scope = "search"

    def allow_request(self, request: Request, view) -> bool:
        if "search" not in request.query_params:
            return True
        return super().allow_request(request, view)

    def get_cache_key(self, request: Request, view) -> str | None:
        return _anonymous_key(self, request)


class WriteThrottle(_LiveRates, CountedThrottle):
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

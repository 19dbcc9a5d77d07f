"""Responses built for a signed-in user stay out of shared caches.

A curator sees drafts: a repository with only drafts, a card that links to one, search results and counts with them,
the API with a token. Such a response must never be kept by a CDN or a proxy and given to the public, so every
response to a request whose user is signed in (session cookie or API token) gets `Cache-Control: private` (dropping a
`public`), and `Vary` on the credential it came with. Done here, once, rather than in each view: a view added later is
covered without remembering to. Anonymous responses are left exactly as the views made them."""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.functional import SimpleLazyObject


def signed_in(request: HttpRequest) -> bool:
    """Whether the response was built for a signed-in user. The session's user is looked up only when a session cookie
    was sent (without one it is anonymous, and looking would mark the session read: `Vary: Cookie` on every anonymous
    answer); a user DRF authenticated from a token has replaced the lazy one and is read as it is."""
    user = getattr(request, "user", None)
    if user is None:
        return False
    if isinstance(user, SimpleLazyObject) and settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return False
    return bool(user.is_authenticated)


class PrivateForSignedInMiddleware:
    """After AuthenticationMiddleware: marks what a signed-in user was answered `private` (see the module)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if signed_in(request):
            patch_cache_control(response, private=True)
            credentials = [
                header
                for header, sent in (
                    ("Cookie", settings.SESSION_COOKIE_NAME in request.COOKIES),
                    ("Authorization", "HTTP_AUTHORIZATION" in request.META),
                )
                if sent
            ]
            patch_vary_headers(response, credentials)
        return response

"""`Authorization: Token <key>` (or `Bearer <key>`): the request acts as the token's curator."""

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from api.models import CuratorToken

KEYWORDS = ("token", "bearer")
# Recording every use would make each API call a write; once a minute says enough about a token's use.
LAST_USED_RESOLUTION = timedelta(minutes=1)


class TokenAuthentication(authentication.BaseAuthentication):
    keyword = "Token"

    def authenticate(self, request: Request):
        # DRF's get_authorization_header() reads request.headers, which Django builds from every META key on first
        # use: a tenth of an anonymous lookup's time, for a header that is almost never there.
        header = request.META.get("HTTP_AUTHORIZATION", "")
        if isinstance(header, bytes):  # as the test client may give it
            header = header.decode("latin-1")
        keyword, _, key = header.partition(" ")
        if keyword.lower() not in KEYWORDS:
            return None
        key = key.strip()
        if not key or " " in key:
            raise exceptions.AuthenticationFailed("Give one token: Authorization: Token <key>.")
        prefix = key.partition(".")[0]
        token = CuratorToken.objects.get_usable_keys().select_related("user").filter(prefix=prefix).first()
        if token is None or not token.is_valid(key):
            raise exceptions.AuthenticationFailed("Unknown or revoked token.")
        if token.has_expired:
            raise exceptions.AuthenticationFailed("This token has expired.")
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed("This token's user is inactive.")
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at > LAST_USED_RESOLUTION:
            CuratorToken.objects.filter(pk=token.pk).update(last_used_at=now)
        return token.user, token

    def authenticate_header(self, request: Request) -> str:
        return f'{self.keyword} realm="api"'


class SessionAuthentication(authentication.SessionAuthentication):
    """DRF's, not asked when the request carries no session cookie: nobody is signed in then, and asking loads
    Django's lazy user and an empty session on every anonymous call. The session is then not touched, so Django
    does not add `Vary: Cookie`: a view whose answer depends on who asks adds it itself (api.match)."""

    def authenticate(self, request: Request):
        if settings.SESSION_COOKIE_NAME not in request._request.COOKIES:
            return None
        return super().authenticate(request)

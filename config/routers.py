"""Reads on the replicas, everything else on the primary (settings: DATABASE_REPLICA_URLS).

Only a web request's reads may go to a replica, and only when the request is a read (GET, HEAD, OPTIONS)
from a session that has not written in the last DATABASE_PRIMARY_PIN_SECONDS: PrimaryPinMiddleware marks
such a request, and sets a short-lived cookie on every write's response, so that the page a form redirects
to, or a curator's next look at what they saved, reads their own write rather than a replica a moment
behind. Management commands (harvest, import, analyze), the shell and anything outside a request read from
the primary. Within a transaction (`transaction.atomic`, select_for_update) every read is on the primary,
and so is the database cache's table: throttles count there, and a count read from a replica lags.
"""

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.http import HttpRequest, HttpResponse

PIN_COOKIE = "errorkb_primary"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

# False by default: a new thread, a management command or the shell reads from the primary.
_replicas_allowed: ContextVar[bool] = ContextVar("errorkb_replicas_allowed", default=False)


def replica_aliases() -> list[str]:
    return [alias for alias in settings.DATABASES if alias != DEFAULT_DB_ALIAS]


@contextmanager
def replica_reads(allowed: bool = True) -> Iterator[None]:
    """Within this block, this thread's reads may (or may not) use the replicas."""
    token = _replicas_allowed.set(allowed)
    try:
        yield
    finally:
        _replicas_allowed.reset(token)


class PrimaryReplicaRouter:
    def db_for_read(self, model: type, **hints: Any) -> str:
        instance = hints.get("instance")
        if instance is not None and instance._state.db:
            return instance._state.db  # an object's related rows come from where the object did
        replicas = replica_aliases()
        if (
            not replicas
            or not _replicas_allowed.get()
            or model._meta.app_label == "django_cache"  # type: ignore[attr-defined]
            or connections[DEFAULT_DB_ALIAS].in_atomic_block
        ):
            return DEFAULT_DB_ALIAS
        return random.choice(replicas)

    def db_for_write(self, model: type, **hints: Any) -> str:
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool:
        return True  # every alias holds the same rows

    def allow_migrate(self, db: str, app_label: str, model_name: str | None = None, **hints: Any) -> bool:
        return db == DEFAULT_DB_ALIAS  # replicas follow the primary's schema by replication


class PrimaryPinMiddleware:
    """Lets a reading request's queries go to the replicas, unless its session wrote moments ago."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        writes = request.method not in SAFE_METHODS
        with replica_reads(not writes and PIN_COOKIE not in request.COOKIES):
            response = self.get_response(request)
        if writes:
            response.set_cookie(
                PIN_COOKIE,
                "1",
                max_age=settings.DATABASE_PRIMARY_PIN_SECONDS,
                secure=request.is_secure(),
                httponly=True,
                samesite="Lax",
            )
        return response

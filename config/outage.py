"""While the database is away: 503 with Retry-After, one log line when it goes and one when it is back.

Pages answer a plain 503 page (templates/503.html, which needs nothing from the database) and the API a
problem+json 503. Lookups go on answering from the index in memory (kb.matching.live) and their throttle
counts fall back to this process's memory (api.throttling). `/healthz` never touches the database and
`/readyz` says 503 while it is away, as before.

A database is "away" when the connection itself failed: connecting was refused or timed out, the server went
away mid-query or is shutting down. A deadlock, a statement timeout or a bad query is not an outage: those
stay 500s with their traceback, since they are bugs or load to look into.

The state is per process (each gunicorn worker logs its own pair of lines). While it says "away", the
middleware watches the queries of every request: the first one that succeeds says the database is back.
"""

import logging
import sqlite3
import sys
import threading
from collections.abc import Callable
from typing import Any

# Imported unconditionally, SQLite or not: django.contrib.postgres, an installed app, cannot load without it.
import psycopg
from django.conf import settings
from django.db import InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse
from django.template import loader

logger = logging.getLogger(__name__)

# SQLSTATE classes and codes that mean the server, not the query: connection exceptions (08...), the server
# shutting down or starting up (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), and
# no connection slot left for us (53300 too_many_connections).
_OUTAGE_SQLSTATES = ("08", "57P01", "57P02", "57P03", "53300")
_SQLITE_OUTAGES = {"SQLITE_CANTOPEN", "SQLITE_BUSY"}
_INTERFACE_ERRORS: tuple[type[Exception], ...] = (InterfaceError, psycopg.InterfaceError)
_OPERATIONAL_ERRORS: tuple[type[Exception], ...] = (OperationalError, psycopg.OperationalError)
DEFAULT_RETRY_AFTER = 10


def is_database_unavailable(exc: BaseException) -> bool:
    """True when `exc` says the database cannot be reached, rather than that a query failed."""
    current: BaseException | None = exc
    seen = 0
    while current is not None and seen < 5:  # Django's error wraps the driver's as its __cause__
        if isinstance(current, _INTERFACE_ERRORS):
            return True
        if isinstance(current, psycopg.Error):
            state = current.sqlstate
            # No SQLSTATE: the client library's own failure (refused, timed out, connection lost).
            return isinstance(current, psycopg.OperationalError) and (
                state is None or state.startswith(_OUTAGE_SQLSTATES)
            )
        if isinstance(current, sqlite3.Error):
            return getattr(current, "sqlite_errorname", None) in _SQLITE_OUTAGES
        if not isinstance(current, _OPERATIONAL_ERRORS):
            return False
        current, seen = current.__cause__, seen + 1
    return False


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


class DatabaseState:
    """Whether this process has found the database away: flips, and logs, once each way."""

    def __init__(self) -> None:
        self._down = False
        self._lock = threading.Lock()

    @property
    def is_down(self) -> bool:
        return self._down

    def went_away(self, exc: BaseException) -> None:
        with self._lock:
            if self._down:
                return
            self._down = True
        logger.warning("database unavailable: %s", _first_line(exc))

    def came_back(self) -> None:
        if not self._down:
            return
        with self._lock:
            if not self._down:
                return
            self._down = False
        logger.info("database available again")

    def reset(self) -> None:
        """For tests: forget an outage without logging."""
        with self._lock:
            self._down = False


database = DatabaseState()


def retry_after() -> int:
    return getattr(settings, "DATABASE_RETRY_AFTER", DEFAULT_RETRY_AFTER)


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/") or request.path == "/api"


def unavailable_response(request: HttpRequest, exc: BaseException) -> HttpResponse:
    """The 503 for a request that needed the database while it is away; notes the outage (logged once)."""
    from api.problems import problem_response  # api.problems imports this module: import it when answering

    database.went_away(exc)
    wait = retry_after()
    response: HttpResponse
    if _is_api(request):
        response = problem_response(503, detail=f"The database is not answering; try again in {wait} seconds.")
    else:
        # Rendered without the request: no context processor (session, user, messages) may touch the database.
        response = HttpResponse(loader.render_to_string("503.html", {"retry_after": wait}), status=503)
    response["Retry-After"] = str(wait)
    response["Cache-Control"] = "no-store"
    # The outage is logged once, above; Django would otherwise log every 503 (with a traceback when it
    # came from a middleware rather than a view).
    mark_logged(response)
    return response


def mark_logged(response: HttpResponse) -> None:
    """Tells Django's request logging (django.utils.log.log_response) that this response is logged already."""
    response._has_been_logged = True  # type: ignore[attr-defined]  # Django's private flag; django-stubs omit it


def _notice_recovery(execute: Callable, sql: str, params: Any, many: bool, context: dict) -> Any:
    result = execute(sql, params, many, context)
    database.came_back()  # reached only when the query succeeded
    return result


class DatabaseOutageMiddleware:
    """A view that fails for want of the database answers 503. Failures inside other middleware (a session
    saved, a throttle counted) reach config.errors.server_error, which answers the same way."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not database.is_down:
            return self.get_response(request)
        with connection.execute_wrapper(_notice_recovery):
            return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if is_database_unavailable(exception):
            return unavailable_response(request, exception)
        return None


def unavailable_response_for_current_exception(request: HttpRequest) -> HttpResponse | None:
    """For handler500: the 503, when the exception being handled is the database's absence."""
    exc = sys.exc_info()[1]
    if exc is not None and is_database_unavailable(exc):
        return unavailable_response(request, exc)
    return None

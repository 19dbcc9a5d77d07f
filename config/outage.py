"""While the database is away: 503 with Retry-After, one log line when it goes and one when it is back.

Pages answer a plain 503 page (templates/503.html, which needs nothing from the database) and the API a
problem+json 503. Lookups go on answering from the index in memory (kb.matching.live) and their throttle
counts fall back to this process's memory (api.throttling). `/healthz` never touches the database and
`/readyz` says 503 while it is away, as before.

What counts as away, and the per-process state, are kb.runtime.outage's (the domain reads them too). While it
says "away", the middleware watches the queries of every request: the first one that succeeds says the database
is back.
"""

import logging
import sys
from collections.abc import Callable
from typing import Any

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.template import loader

from kb.runtime.outage import database, is_database_unavailable, retry_after

logger = logging.getLogger(__name__)


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

"""Probes for the orchestrator. They name no versions and render no templates."""

import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config.outage import mark_logged
from kb.runtime.outage import database, is_database_unavailable

logger = logging.getLogger(__name__)


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """The process is up and answering; touches nothing else, so a database outage does not restart it."""
    return JsonResponse({"status": "ok"})


@never_cache
@require_GET
def readyz(request: HttpRequest) -> JsonResponse:
    """Ready for traffic: the database answers."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as exc:
        response = JsonResponse({"status": "unavailable", "database": "down"}, status=503)
        if is_database_unavailable(exc):
            database.went_away(exc)
            mark_logged(response)  # one line per outage, not a line (or a traceback) per probe
        else:
            logger.exception("Readiness check: the database is not answering")
        return response
    return JsonResponse({"status": "ok", "database": "ok"})

"""RFC 9457 problem details: every API error is application/problem+json."""

import logging
from http import HTTPStatus

from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import Http404, JsonResponse
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from kb.pages.not_found import NotFound, api_detail

logger = logging.getLogger(__name__)

PROBLEM_CONTENT_TYPE = "application/problem+json"
PROBLEM_TYPE_BASE = "https://errorkb.dev/problems/"


class ProblemSerializer(serializers.Serializer):
    """The body of every API error (RFC 9457). `errors` says what was wrong with each field of a request."""

    type = serializers.URLField(help_text="Identifies the kind of problem.")
    title = serializers.CharField(help_text="The status's phrase.")
    status = serializers.IntegerField(min_value=400, max_value=599)
    detail = serializers.CharField(help_text="What went wrong with this request, for a person.")
    # The metaclass moves declared fields off the class; the stubs see this shadow Serializer.errors.
    errors = serializers.JSONField(  # type: ignore[assignment]
        required=False, help_text="Validation errors: by field (an object) or as a list of 'field: message' lines."
    )


def problem_body(status: int, *, detail: str, errors: dict | list | None = None) -> dict:
    phrase = HTTPStatus(status).phrase
    body = {
        "type": PROBLEM_TYPE_BASE + phrase.lower().replace(" ", "-").replace("'", ""),
        "title": phrase,
        "status": status,
        "detail": detail,
    }
    if errors is not None:
        body["errors"] = errors
    return body


def problem_response(status: int, *, detail: str, errors: dict | list | None = None) -> JsonResponse:
    """For plain Django views (handler404, handler500): no DRF renderer involved."""
    return JsonResponse(
        problem_body(status, detail=detail, errors=errors), status=status, content_type=PROBLEM_CONTENT_TYPE
    )


def _detail_text(detail) -> str:
    if isinstance(detail, str):
        return detail
    if isinstance(detail, list) and detail and isinstance(detail[0], str):
        return " ".join(detail)
    return "The request is not valid; see errors."


def exception_handler(exc: Exception, context: dict) -> Response | None:
    from kb.runtime.outage import is_database_unavailable

    if is_database_unavailable(exc):
        return None  # DRF raises it again, and config.outage.DatabaseOutageMiddleware answers 503, logged once
    if isinstance(exc, RequestDataTooBig):
        # Django would answer an HTML 400; the client needs to know that only the size is wrong.
        body = problem_body(413, detail="The request body is larger than this server accepts.")
        return Response(body, status=413, content_type=PROBLEM_CONTENT_TYPE)
    if isinstance(exc, SuspiciousOperation):
        logger.warning("Suspicious request refused: %s", exc)
        body = problem_body(400, detail="The request was refused as malformed.")
        return Response(body, status=400, content_type=PROBLEM_CONTENT_TYPE)
    response = drf_exception_handler(exc, context)
    if response is None:
        logger.exception("Unhandled error in %s", context.get("view"), exc_info=exc)
        body = problem_body(500, detail="The server failed to answer this request; it has been logged.")
        return Response(body, status=500, content_type=PROBLEM_CONTENT_TYPE)
    detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
    if isinstance(exc, Http404) and not isinstance(exc, NotFound):
        # get_object_or_404 says "No ErrorEntry matches the given query.": name what the URL asked for instead.
        view = context.get("view")
        detail = api_detail(getattr(view, "kwargs", None) or {}) or "Nothing was found at this address."
    errors = exc.detail if isinstance(exc, exceptions.ValidationError) else None
    body = problem_body(response.status_code, detail=_detail_text(detail), errors=errors)
    response.data = body
    response.content_type = PROBLEM_CONTENT_TYPE
    return response

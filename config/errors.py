"""Error views: problem+json under /api/, the site's own pages elsewhere."""

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.defaults import bad_request as html_bad_request
from django.views.defaults import page_not_found
from django.views.defaults import permission_denied as html_permission_denied
from django.views.defaults import server_error as html_server_error

from api.problems import problem_response
from config.outage import unavailable_response_for_current_exception
from kb.pages.not_found import NotFound


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/") or request.path == "/api"


# Django calls handler400, handler403 and handler404 with the exception always, as its own views expect.


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's answer to a suspicious request (a bad Host, too many fields, too large a body) outside DRF."""
    if _is_api(request):
        if isinstance(exception, RequestDataTooBig):
            return problem_response(413, detail="The request body is larger than this server accepts.")
        return problem_response(400, detail="The request was refused as malformed.")
    return html_bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return problem_response(403, detail="You may not do this.")
    return html_permission_denied(request, exception)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return problem_response(404, detail=f"No endpoint at {request.path}.")
    if isinstance(exception, NotFound):  # says what was not found ("No error with id ..."): the page shows it
        return render(request, "404.html", {"detail": str(exception)}, status=404)
    return page_not_found(request, exception, template_name="404.html")


def server_error(request: HttpRequest) -> HttpResponse:
    # A middleware that failed for want of the database (a session saved, say) lands here, not in a view.
    if (unavailable := unavailable_response_for_current_exception(request)) is not None:
        return unavailable
    if _is_api(request):
        return problem_response(500, detail="The server failed to answer this request; it has been logged.")
    return html_server_error(request, template_name="500.html")

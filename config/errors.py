"""Error views: problem+json under /api/, the site's own pages elsewhere."""

from django.http import HttpRequest, HttpResponse
from django.views.defaults import page_not_found
from django.views.defaults import server_error as html_server_error

from api.problems import problem_response


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/") or request.path == "/api"


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _is_api(request):
        return problem_response(404, detail=f"No endpoint at {request.path}.")
    return page_not_found(request, exception, template_name="404.html")


def server_error(request: HttpRequest) -> HttpResponse:
    if _is_api(request):
        return problem_response(500, detail="The server failed to answer this request; it has been logged.")
    return html_server_error(request, template_name="500.html")

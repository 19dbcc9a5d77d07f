"""What crawlers and browsers read about the site: robots.txt, the OpenSearch description and the favicon."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET


def site_root(request: HttpRequest) -> str:
    return settings.SITE_URL or f"{request.scheme}://{request.get_host()}"


@require_GET
@cache_control(public=True, max_age=86400)
def robots_txt(request: HttpRequest) -> HttpResponse:
    lines = [
        "User-agent: *",
        "Disallow: /admin/",
        "Disallow: /api/",
        "Disallow: /search/",
        f"Sitemap: {site_root(request)}{reverse('sitemap')}",
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")


@require_GET
@cache_control(public=True, max_age=86400)
def opensearch(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "kb/opensearch.xml",
        {"root": site_root(request)},
        content_type="application/opensearchdescription+xml; charset=utf-8",
    )


@require_GET
@cache_control(public=True, max_age=86400)
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers and crawlers ask for /favicon.ico whatever the pages link: the static icon (hashed and kept
    for a year by whitenoise in production), resolved per request so that a missing manifest is no import error."""
    return HttpResponsePermanentRedirect(static("favicon.ico"))

from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path, re_path

from api.match import MatchView
from config import health
from kb.pages import seo
from kb.pages.sitemaps import SITEMAPS

# Tried in order: the API first (tools call it far more often than anything else here), the pages' catch-all last.
urlpatterns = [
    # The lookup, the most frequent call, here rather than in api.urls: an include resolves each request to it a second
    # time (a resolver and a match of its own, about 2% of a lookup's work in the interpreter).
    re_path(r"^api/match/?$", MatchView.as_view()),  # reversed as "api:match" (api/urls.py)
    path("api/", include("api.urls")),
    path("admin/", admin.site.urls),
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("robots.txt", seo.robots_txt, name="robots"),
    path("opensearch.xml", seo.opensearch, name="opensearch"),
    path("favicon.ico", seo.favicon, name="favicon"),
    path("sitemap.xml", sitemap, {"sitemaps": SITEMAPS}, name="sitemap"),
    path("", include("kb.pages.urls")),
]

handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.not_found"
handler500 = "config.errors.server_error"

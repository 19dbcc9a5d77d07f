from django.urls import re_path
from rest_framework.routers import SimpleRouter

from api import docs, views
from api.match import MatchView
from kb.pages.converters import NAME_PART_PATTERN

app_name = "api"

router = SimpleRouter()
# Answer /api/errors/<id> and /api/errors/<id>/ alike, with no redirect.
router.trailing_slash = "/?"
router.register("errors", views.ErrorEntryViewSet, basename="error")

repository_list = views.RepositoryViewSet.as_view({"get": "list"})
repository_detail = views.RepositoryViewSet.as_view({"get": "retrieve"})

# /api/match is answered in config/urls.py, ahead of this include. The cards first here, the most frequent call: the
# router's patterns themselves, not an include of them, which was one more resolver for every card.
urlpatterns = [
    *router.urls,
    re_path(r"^schema/?$", docs.SchemaView.as_view(), name="schema"),
    re_path(r"^docs/?$", docs.DocsView.as_view(), name="docs"),
    re_path(r"^repositories/?$", repository_list, name="repository-list"),
    re_path(
        rf"^repositories/(?P<owner>{NAME_PART_PATTERN})/(?P<name>{NAME_PART_PATTERN})/?$",
        repository_detail,
        name="repository-detail",
    ),
    # Never reached by a request (config/urls.py answers /api/match first): here so that "api:match" still reverses.
    re_path(r"^match/?$", MatchView.as_view(), name="match"),
]

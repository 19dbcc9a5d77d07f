from django.urls import path, register_converter

from kb.pages import search as search_views
from kb.pages import views
from kb.pages.converters import NamePartConverter, PublicIdConverter

register_converter(PublicIdConverter, "public_id")
register_converter(NamePartConverter, "name_part")

app_name = "kb"

urlpatterns = [
    path("", views.home, name="home"),
    path("search/", search_views.search_page, name="search"),
    path("errors/<public_id:public_id>/", views.entry_detail, name="entry"),
    path("errors/<public_id:public_id>/report/", views.report_entry, name="report"),
    path("repos/", views.repository_list, name="repositories"),
    path("repos/<name_part:owner>/<name_part:name>/", views.repository_detail, name="repository"),
    # Segments that cannot be an id or a name: the same 404 wording, without asking the database.
    path("errors/<str:public_id>/", views.no_such_entry),
    path("repos/<str:owner>/<str:name>/", views.no_such_repository),
]

from django.urls import path

from kb import search_views, views

app_name = "kb"

urlpatterns = [
    path("", views.home, name="home"),
    path("search/", search_views.search_page, name="search"),
    path("errors/<str:public_id>/", views.entry_detail, name="entry"),
    path("errors/<str:public_id>/report/", views.report_entry, name="report"),
    path("repos/", views.repository_list, name="repositories"),
    path("repos/<str:owner>/<str:name>/", views.repository_detail, name="repository"),
]

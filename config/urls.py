from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("api.urls")),
    path("", include("kb.urls")),
]

handler404 = "config.errors.not_found"
handler500 = "config.errors.server_error"

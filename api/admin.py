"""API tokens in the admin: the key is shown once, in the message after "Save"; only its hash is kept."""

from django.contrib import admin
from rest_framework_api_key.admin import APIKeyModelAdmin
from rest_framework_api_key.models import APIKey

from api.models import CuratorToken
from kb.admin.safety import StrictQueryMixin

# The library's own key model has no user; ours replaces it.
if admin.site.is_registered(APIKey):
    admin.site.unregister(APIKey)


@admin.register(CuratorToken)
class CuratorTokenAdmin(StrictQueryMixin, APIKeyModelAdmin):
    # djangorestframework-api-key is typed inline, and its admin's unannotated tuples pin their exact lengths:
    # any other list of columns, filters or search fields reads as an incompatible override.
    list_display = ("prefix", "name", "user", "created", "last_used_at", "expiry_date", "_has_expired", "revoked")  # type: ignore[assignment]
    list_filter = ("revoked", "created")  # type: ignore[assignment]
    search_fields = ("name", "prefix", "user__username")  # type: ignore[assignment]
    list_select_related = ("user",)
    autocomplete_fields = ("user",)
    fields = ("name", "user", "prefix", "expiry_date", "revoked", "last_used_at")

    def get_readonly_fields(self, request, obj=None) -> tuple[str, ...]:
        readonly = (*super().get_readonly_fields(request, obj), "last_used_at")
        # A token changes hands never: make a new one for the other curator.
        return (*readonly, "user") if obj is not None else readonly

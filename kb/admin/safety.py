"""What the admin is sent by hand: odd URLs and filters get Django's own answers, never a 500.

Django's admin already answers a malformed object id with "does not exist" and a bad filter with its
"?e=1" page; two holes remain: a NUL byte in a filter value, which PostgreSQL refuses with a DataError,
and simple-history's history pages, which turn a non-numeric id into a ValueError."""

from django.contrib.admin.options import IncorrectLookupParameters
from django.http import Http404, HttpRequest, HttpResponse


class StrictQueryMixin:
    """For every ModelAdmin: a filter or search value with a NUL byte is an invalid lookup (the "?e=1" page)."""

    def get_changelist_instance(self, request: HttpRequest):
        if any("\x00" in value for values in request.GET.lists() for value in values[1]):
            raise IncorrectLookupParameters("A NUL byte cannot be looked up.")
        return super().get_changelist_instance(request)  # type: ignore[misc]


class StrictHistoryMixin(StrictQueryMixin):
    """For a SimpleHistoryAdmin of a model with integer keys: history pages of ids that cannot exist are 404s."""

    def history_view(self, request: HttpRequest, object_id: str, extra_context: dict | None = None) -> HttpResponse:
        _whole_number(object_id)
        return super().history_view(request, object_id, extra_context)  # type: ignore[misc]

    def history_form_view(
        self, request: HttpRequest, object_id: str, version_id: str, extra_context: dict | None = None
    ) -> HttpResponse:
        _whole_number(object_id)
        _whole_number(version_id)
        return super().history_form_view(request, object_id, version_id, extra_context)  # type: ignore[misc]


def _whole_number(value: str) -> None:
    if not (value.isascii() and value.isdigit()):
        raise Http404("No such entry or version.")

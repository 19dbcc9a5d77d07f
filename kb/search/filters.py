"""Narrowing entries by their facets: one filter for the search page and the API's list (which adds `search`)."""

import django_filters
from django.db.models import QuerySet

from kb.models import ErrorEntry, Repository


class ErrorEntryFilter(django_filters.FilterSet):
    repository = django_filters.CharFilter(method="filter_repository", label="owner/name")
    exception_type = django_filters.CharFilter()
    kind = django_filters.ChoiceFilter(choices=ErrorEntry.Kind.choices)
    status = django_filters.ChoiceFilter(choices=ErrorEntry.Status.choices, label="status (drafts for curators only)")

    class Meta:
        model = ErrorEntry
        fields = ["repository", "exception_type", "kind", "status"]

    def filter_repository(self, queryset: QuerySet[ErrorEntry], name: str, value: str) -> QuerySet[ErrorEntry]:
        # The id looked up first (one small query): inside a subquery the planner cannot see which repository it
        # is, guessed it common, and scanned tens of thousands of a search's matches to find its few.
        ids = list(Repository.objects.by_full_name(value).values_list("pk", flat=True))
        return queryset.filter(repository_id__in=ids) if ids else queryset.none()


def narrowed(entries: QuerySet[ErrorEntry], facets: dict[str, str]) -> QuerySet[ErrorEntry]:
    """`entries` with the chosen facets; a value no entry can have (an unknown kind) narrows to nothing."""
    chosen = ErrorEntryFilter(facets, queryset=entries)
    return chosen.qs if chosen.is_valid() else entries.none()

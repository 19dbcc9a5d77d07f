import django_filters
from django.db.models import QuerySet
from rest_framework.exceptions import ValidationError

from kb.models import ErrorEntry, Repository
from kb.search import SearchQueryError, clean_query, search


class ErrorEntryFilter(django_filters.FilterSet):
    search = django_filters.CharFilter(
        method="filter_search", label="words, as on the search page: quotes, or, -word; best first"
    )
    repository = django_filters.CharFilter(method="filter_repository", label="owner/name")
    exception_type = django_filters.CharFilter()
    kind = django_filters.ChoiceFilter(choices=ErrorEntry.Kind.choices)
    status = django_filters.ChoiceFilter(choices=ErrorEntry.Status.choices, label="status (drafts for curators only)")

    class Meta:
        model = ErrorEntry
        fields = ["search", "repository", "exception_type", "kind", "status"]

    def filter_repository(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        return queryset.filter(repository__in=Repository.objects.by_full_name(value))

    def filter_search(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        try:
            return search(queryset, clean_query(value))
        except SearchQueryError as exc:
            raise ValidationError({"search": [str(exc)]}) from None

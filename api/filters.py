import django_filters
from django.db.models import QuerySet
from rest_framework.exceptions import ValidationError

from kb import filters
from kb.models import ErrorEntry
from kb.search import SearchQueryError, clean_query, search


class ErrorEntryFilter(filters.ErrorEntryFilter):
    """The facets of kb.filters, plus `?search=` with the API's 400 for a query that cannot be searched."""

    search = django_filters.CharFilter(
        method="filter_search", label="words, as on the search page: quotes, or, -word; best first"
    )

    class Meta(filters.ErrorEntryFilter.Meta):
        fields = ["search", *filters.ErrorEntryFilter.Meta.fields]

    def filter_search(self, queryset: QuerySet[ErrorEntry], name: str, value: str) -> QuerySet[ErrorEntry]:
        try:
            return search(queryset, clean_query(value))
        except SearchQueryError as exc:
            raise ValidationError({"search": [str(exc)]}) from None

import django_filters
from django.db.models import QuerySet
from rest_framework.exceptions import ValidationError

from kb.models import ErrorEntry
from kb.search import filters
from kb.search.paging import RankedEntries
from kb.search.query import SearchQueryError, clean_query, ranked

# What a listed entry shows (api.serializers.EntrySummarySerializer): a search's page fetches these columns only.
LISTED = (
    "public_id",
    "kind",
    "exception_type",
    "title",
    "message",
    "status",
    "updated_at",
    "repository__host",
    "repository__owner",
    "repository__name",
)


class ErrorEntryFilter(filters.ErrorEntryFilter):
    """The facets of kb.search.filters, plus `?search=` with the API's 400 for a query that cannot be searched."""

    search = django_filters.CharFilter(
        method="filter_search",
        label="words, as on the search page: quotes, or, -word; best first, the best 1,000 matches at most",
    )

    class Meta(filters.ErrorEntryFilter.Meta):
        fields = ["search", *filters.ErrorEntryFilter.Meta.fields]

    def filter_search(self, queryset: QuerySet[ErrorEntry], name: str, value: str) -> QuerySet[ErrorEntry]:
        """Searched in filter_queryset, after the facets."""
        return queryset

    def filter_queryset(self, queryset: QuerySet[ErrorEntry]) -> QuerySet[ErrorEntry] | RankedEntries:
        # The search ranks a capped set of candidates: the facets must narrow the entries before it, not its result.
        narrowed = super().filter_queryset(queryset)
        if not (value := self.form.cleaned_data.get("search")):
            return narrowed
        try:
            return ranked(
                narrowed.only(*LISTED), clean_query(value), facets=False
            )  # counted and paged by api.pagination
        except SearchQueryError as exc:
            raise ValidationError({"search": [str(exc)]}) from None

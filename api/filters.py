import django_filters
from django.db.models import QuerySet

from kb.models import ErrorEntry


class ErrorEntryFilter(django_filters.FilterSet):
    repository = django_filters.CharFilter(method="filter_repository", label="owner/name")
    exception_type = django_filters.CharFilter()
    kind = django_filters.ChoiceFilter(choices=ErrorEntry.Kind.choices)
    status = django_filters.ChoiceFilter(choices=ErrorEntry.Status.choices, label="status (drafts for curators only)")

    class Meta:
        model = ErrorEntry
        fields = ["repository", "exception_type", "kind", "status"]

    def filter_repository(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        owner, _, repo_name = value.partition("/")
        return queryset.filter(repository__owner=owner, repository__name=repo_name)

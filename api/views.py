from django.db.models import Count, Q, QuerySet
from django.shortcuts import get_object_or_404
from rest_framework import viewsets

from api.filters import ErrorEntryFilter
from api.serializers import EntryCardSerializer, EntrySummarySerializer, RepositoryDetailSerializer
from kb.models import ErrorEntry, Repository


class ErrorEntryViewSet(viewsets.ReadOnlyModelViewSet):
    """Error entries. Drafts exist only for curators: to everyone else they are 404."""

    lookup_field = "public_id"
    lookup_url_kwarg = "public_id"
    lookup_value_regex = "[^/]+"
    filterset_class = ErrorEntryFilter

    def get_queryset(self) -> QuerySet[ErrorEntry]:
        entries = ErrorEntry.objects.visible_to(self.request.user)
        if self.action == "retrieve":
            return entries.with_card()
        return entries.select_related("repository").order_by("-created_at", "public_id")

    def get_serializer_class(self):
        return EntryCardSerializer if self.action == "retrieve" else EntrySummarySerializer


class RepositoryViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = RepositoryDetailSerializer

    def get_queryset(self) -> QuerySet[Repository]:
        visible = Q() if self.request.user.is_staff else Q(entries__status__in=ErrorEntry.PUBLIC_STATUSES)
        return Repository.objects.annotate(error_count=Count("entries", filter=visible)).order_by("owner", "name")

    def get_object(self) -> Repository:
        return get_object_or_404(self.get_queryset(), owner=self.kwargs["owner"], name=self.kwargs["name"])

from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import status, viewsets
from rest_framework.request import Request

from api.filters import ErrorEntryFilter
from api.negotiation import anonymous_plain_json
from api.permissions import EntryPermissions
from api.serializers import EntryCardSerializer, EntrySummarySerializer, RepositoryDetailSerializer
from api.throttling import SearchThrottle, WriteThrottle
from api.writes import WRITE_ACTIONS, EntryWriteMixin, PreconditionFailed
from kb.cards import responses as cards
from kb.models import PUBLIC_ID_PATTERN, ErrorEntry, Repository


@extend_schema_view(
    list=extend_schema(summary="List entries, or search them (?search=), newest or best first"),
    retrieve=extend_schema(summary="An entry's whole card"),
)
class ErrorEntryViewSet(EntryWriteMixin, viewsets.ReadOnlyModelViewSet):
    """Error entries. Drafts exist only for curators: to everyone else they are 404."""

    lookup_field = "public_id"
    lookup_url_kwarg = "public_id"
    # Only what an id can be: anything else is a 404 without a query (a NUL byte would be a DataError).
    lookup_value_regex = PUBLIC_ID_PATTERN
    filterset_class = ErrorEntryFilter
    permission_classes = [EntryPermissions]
    throttle_classes = [SearchThrottle, WriteThrottle]

    def dispatch(self, request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
        """A card kept in memory is answered before DRF's negotiation, authentication, permissions and throttles when
        none of them can change the answer: a GET or HEAD with no credentials (so an anonymous reader, who may read
        any public card), no query string (no ?format= or ?search=) and an Accept that can only mean this JSON."""
        if (
            self.action_map.get(request.method.lower() if request.method else "") == "retrieve"
            and anonymous_plain_json(request)
            and (kept := cards.from_memory(request, kwargs["public_id"], "json")) is not None
            and kept.status_code != status.HTTP_412_PRECONDITION_FAILED  # a problem, which DRF's handler words
        ):
            kept["Allow"] = self.default_response_headers["Allow"]  # as DRF's finalize_response sets it
            return kept
        return super().dispatch(request, *args, **kwargs)

    def check_permissions(self, request) -> None:
        # Throttles first: anonymous write attempts are counted and limited too, not only refused.
        super().check_throttles(request)
        super().check_permissions(request)

    def check_throttles(self, request) -> None:
        """Done in check_permissions, before the permissions."""

    def get_queryset(self) -> QuerySet[ErrorEntry]:
        if self.action in WRITE_ACTIONS:
            # Whoever holds the permission to write may write to drafts. The row stays locked until the write commits.
            return ErrorEntry.objects.select_related("repository").locked_for_write()
        entries = ErrorEntry.objects.visible_to(self.request.user)
        if self.action == "retrieve":
            return entries.with_card()
        return entries.select_related("repository").order_by("-created_at", "public_id")

    def get_serializer_class(self):
        return EntrySummarySerializer if self.action == "list" else EntryCardSerializer

    # DRF answers any HttpResponse a view returns (here a 304); the stubs narrow retrieve's to a DRF Response.
    def retrieve(self, request: Request, *args, **kwargs) -> HttpResponse:  # type: ignore[override]
        """The card, with ETag and Last-Modified; serialised once per card version and audience."""
        # Rendered once per version: the bytes are kept. Parameters of the media type (DRF's `; indent=4`) change
        # the bytes, so such a request is rendered for itself.
        plain = ";" not in (request.accepted_media_type or "")
        response = cards.serve(
            request,
            kwargs["public_id"],
            lambda: ErrorEntry.objects.visible_to(request.user),
            representation="json",
            cacheable=plain,
            respond=self._json_response,
            build=self._rendered_card,
        )
        if response is None:
            self.get_object()  # the usual 404 problem
            raise Http404  # the same 404, when the entry became visible between the two reads
        if response.status_code == status.HTTP_412_PRECONDITION_FAILED:
            raise PreconditionFailed()  # as a problem, like every API error
        return response

    def _rendered_card(self) -> str | bytes:
        data = self.get_serializer(self.get_object()).data
        request = self.request
        return request.accepted_renderer.render(data, request.accepted_media_type, self.get_renderer_context())

    def _json_response(self, body: str | bytes) -> HttpResponse:
        return HttpResponse(body, content_type=self.request.accepted_renderer.media_type)


@extend_schema_view(
    list=extend_schema(summary="Repositories, with how many entries each has"),
    retrieve=extend_schema(summary="One repository"),
)
class RepositoryViewSet(viewsets.ReadOnlyModelViewSet):
    """A repository with only drafts is 404, and not listed, to all but curators."""

    serializer_class = RepositoryDetailSerializer

    def get_queryset(self) -> QuerySet[Repository]:
        user = self.request.user
        return Repository.objects.visible_to(user).with_entry_count(user).order_by("owner", "name")

    def get_object(self) -> Repository:
        return get_object_or_404(self.get_queryset(), owner=self.kwargs["owner"], name=self.kwargs["name"])

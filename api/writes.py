"""Writes to entries through the API: the validation and write path of `import_errors`, one entry at a time."""

from collections.abc import Iterator
from contextlib import contextmanager

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from simple_history.models import HistoricalRecords

from api.exchange import EntryInput, InvalidImport, validate_entry, write_entry
from api.problems import ProblemSerializer
from api.serializers import EntryCardSerializer
from kb.models import ErrorEntry

WRITE_ACTIONS = {"create", "update", "partial_update", "retire"}
_NONE = object()


class Conflict(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = "The request conflicts with the entry's current state."
    default_code = "conflict"


def _conflict(description: str) -> OpenApiResponse:
    return OpenApiResponse(ProblemSerializer, description=f"Conflict. {description}")


@contextmanager
def _recorded_as(request: Request) -> Iterator[None]:
    """History is written under the request's user. The middleware exposes the request before DRF has
    authenticated the token; DRF then sets the token's user on it. Setting it here holds without the middleware."""
    previous = getattr(HistoricalRecords.context, "request", _NONE)
    request._request.user = request.user
    HistoricalRecords.context.request = request._request
    try:
        yield
    finally:
        if previous is _NONE:
            del HistoricalRecords.context.request
        else:
            HistoricalRecords.context.request = previous


def _validated(raw) -> dict:
    try:
        return validate_entry(raw)
    except InvalidImport as exc:
        raise exceptions.ValidationError(exc.problems) from None


class EntryWriteMixin:
    """Create, replace, amend and retire entries. Entries are never deleted: DELETE answers 405."""

    def _card(self, entry: ErrorEntry) -> dict:
        entry = ErrorEntry.objects.with_card().get(pk=entry.pk)
        return EntryCardSerializer(entry, context=self.get_serializer_context()).data

    def _save(self, request: Request, raw, *, entry: ErrorEntry | None = None) -> ErrorEntry:
        data = _validated(raw)
        with _recorded_as(request):
            saved, _ = write_entry(data=data, entry=entry)
        return saved

    @extend_schema(
        summary="Create an entry",
        description="The body is an entry as `GET /api/errors/{id}` gives it (or as `export_errors` writes it); "
        "derived fields (title, html, urls) are ignored. Without an `id`, one is derived from the message. "
        "Needs `kb.add_errorentry`.",
        request=EntryInput,
        responses={201: EntryCardSerializer, 409: _conflict("An entry with this id exists: PUT to replace it.")},
    )
    def create(self, request: Request, *args, **kwargs) -> Response:
        given = request.data.get("id") if isinstance(request.data, dict) else None
        if isinstance(given, str) and ErrorEntry.objects.filter(public_id=given).exists():
            raise Conflict(f"Entry {given} exists: PUT /api/errors/{given} replaces it.")
        entry = self._save(request, request.data)
        location = request.build_absolute_uri(entry.get_api_url())
        return Response(self._card(entry), status=status.HTTP_201_CREATED, headers={"Location": location})

    @extend_schema(
        summary="Replace an entry",
        description="The whole entry, as for create: what the body leaves out takes its default "
        "(`status` included: send it). Needs `kb.change_errorentry`.",
        request=EntryInput,
        responses={200: EntryCardSerializer},
    )
    def update(self, request: Request, *args, **kwargs) -> Response:
        entry = self.get_object()
        return Response(self._card(self._save(request, self._with_id(request.data, entry), entry=entry)))

    @extend_schema(
        summary="Amend an entry",
        description="The fields given replace the entry's own, whole (a list or object is not merged); the "
        "result is checked as a full entry. Needs `kb.change_errorentry`.",
        request=EntryInput(partial=True),
        responses={200: EntryCardSerializer},
    )
    def partial_update(self, request: Request, *args, **kwargs) -> Response:
        entry = self.get_object()
        raw = self._with_id(request.data, entry)
        merged = {**self._current(entry), **raw}
        return Response(self._card(self._save(request, merged, entry=entry)))

    @extend_schema(
        summary="Retire an entry",
        description="It stays readable, marked as retired; nothing is deleted. Retiring a retired entry changes "
        "nothing. Needs `kb.change_errorentry`.",
        request=None,
        responses={200: EntryCardSerializer, 409: _conflict("A draft was never published, so it cannot be retired.")},
    )
    @action(detail=True, methods=["post"])
    def retire(self, request: Request, *args, **kwargs) -> Response:
        entry = self.get_object()
        if entry.is_draft:
            raise Conflict("A draft was never published, so it cannot be retired; it stays a draft.")
        if not entry.is_retired:
            entry = self._save(request, {**self._current(entry), "status": ErrorEntry.Status.RETIRED}, entry=entry)
        return Response(self._card(entry))

    def _current(self, entry: ErrorEntry) -> dict:
        """The entry as input: the card with every link, drafts' included (no request: no viewer to hide them from)."""
        card = EntryCardSerializer(ErrorEntry.objects.with_card().get(pk=entry.pk), context={}).data
        card.pop("created_at", None)
        return card

    @staticmethod
    def _with_id(raw, entry: ErrorEntry):
        if not isinstance(raw, dict):
            raise exceptions.ValidationError(["entry: expected an object"])
        if raw.get("id", entry.public_id) != entry.public_id:
            raise exceptions.ValidationError({"id": [f"The id is {entry.public_id}, as in the URL; it never changes."]})
        return {**raw, "id": entry.public_id}

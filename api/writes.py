"""Writes to entries through the API: the validation of `import_errors` and the write path of `kb.actions.writes`, one
entry at a time; here only HTTP: the row lock taken with the request's preconditions (412, 428), and 409 problems
(an id that exists; a create without an id of an error that has an entry already)."""

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from django.db import IntegrityError, connection, transaction
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from simple_history.models import HistoricalRecords

from api.exchange import EntryInput, InvalidImport, validate_entry
from api.problems import ProblemSerializer
from api.serializers import EntryCardSerializer
from kb import actions
from kb.actions.writes import EntryData, LinkTargetsGone, write_entry
from kb.cards import responses as cards
from kb.models import ErrorEntry

WRITE_ACTIONS = {"create", "update", "partial_update", "retire"}
_NONE = object()


class Conflict(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = "The request conflicts with the entry's current state."
    default_code = "conflict"


class PreconditionFailed(exceptions.APIException):
    status_code = status.HTTP_412_PRECONDITION_FAILED
    default_detail = (
        "The card changed since the copy named by If-Match (or, for a read, If-Unmodified-Since): read it again, "
        "then apply your change to what it is now."
    )
    default_code = "precondition_failed"


class PreconditionRequired(exceptions.APIException):
    """If-Unmodified-Since names a whole second: writes made within one second of the client's copy would all pass
    it (four of five stale writes did). A write names its copy by its ETag instead, which changes with every write."""

    status_code = status.HTTP_428_PRECONDITION_REQUIRED
    default_detail = (
        "If-Unmodified-Since is not accepted on writes: it counts whole seconds, so a change made in the same second "
        "as your copy would go unseen. Send If-Match with the card's ETag (from GET /api/errors/<id> or your last "
        "write) instead."
    )
    default_code = "precondition_required"


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


def _validated(raw) -> EntryData:
    try:
        return validate_entry(raw)
    except InvalidImport as exc:
        raise exceptions.ValidationError(exc.problems) from None


def _exists(public_id: str) -> str:
    return f"Entry {public_id} exists: PUT /api/errors/{public_id} replaces it."


@contextmanager
def _unique_violation_as_conflict(public_id: str | None) -> Iterator[None]:
    """Two writers inserting one id: the database lets one in and refuses the other, which is a 409, never a 500.
    Used outside the transaction, which the violation has rolled back."""
    try:
        yield
    except IntegrityError:
        if public_id and ErrorEntry.objects.filter(public_id=public_id).exists():
            raise Conflict(_exists(public_id)) from None
        raise Conflict("Another write made at the same moment conflicts with this one; nothing was written.") from None


def _write(request: Request, data: EntryData, *, entry: ErrorEntry | None = None) -> ErrorEntry:
    try:
        if entry is not None:  # a PUT or PATCH may change the status only as the actions may (no draft retired)
            actions.check_change(entry, data["status"])
        with _recorded_as(request):
            saved, _ = write_entry(data=data, entry=entry)
    except LinkTargetsGone as gone:
        raise Conflict(f"Related entries {', '.join(gone.ids)} were deleted meanwhile; nothing was written.") from None
    except actions.StatusChangeRefused as refused:
        raise Conflict(_refused(refused)) from None
    return saved


def _refused(refused: actions.StatusChangeRefused) -> str:
    return f"{refused.why[:1].upper()}{refused.why[1:]}; nothing was written."


def _same_error(data: EntryData) -> dict:
    """What identifies an error without its id: repository, type and signature (without a signature, the message)."""
    repository = data["repository"]
    key = {
        "repository__owner": repository["owner"],
        "repository__name": repository["name"],
        "exception_type": data["exception_type"],
        "signature": data["signature"],
    }
    return key if data["signature"] else {**key, "message": data["message"]}


def _refuse_a_second_entry_of(data: EntryData) -> None:
    """A create without an id, retried (or sent twice at once), must not make a second entry of one error: 409 naming
    the first. On PostgreSQL a transaction-scoped advisory lock on the error's key makes creates of one error take
    turns, so the second sees the first's committed entry (READ COMMITTED reads anew after the wait)."""
    key = _same_error(data)
    if connection.vendor == "postgresql":
        digest = hashlib.blake2b(repr(sorted(key.items())).encode(), digest_size=8).digest()
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [int.from_bytes(digest, "big", signed=True)])
    existing = ErrorEntry.objects.filter(**key).order_by("pk").values_list("public_id", flat=True).first()
    if existing is not None:
        raise Conflict(
            f"Entry {existing} is this error already (same repository, type and signature); nothing was written: "
            f"PUT or PATCH /api/errors/{existing} to change it."
        )


if TYPE_CHECKING:
    _EntryViewSet = viewsets.GenericViewSet[ErrorEntry]
else:
    _EntryViewSet = object  # the view set that mixes this in gives the real bases


def _version(entry: ErrorEntry) -> cards.CardVersion:
    """The version of a card just read or written: every entry, draft or not, is in ErrorEntry.objects."""
    version = cards.card_version(ErrorEntry.objects.all(), entry.public_id)
    if version is None:
        raise LookupError(f"Entry {entry.public_id} is not in the database.")
    return version


class EntryWriteMixin(_EntryViewSet):
    """Create, replace, amend and retire entries. Entries are never deleted: DELETE answers 405.

    A change of an entry holds its row lock from reading it to committing: writers at the same moment take turns,
    and each applies its change to the state the one before it left."""

    def _card(self, entry: ErrorEntry) -> dict:
        entry = ErrorEntry.objects.with_card().get(pk=entry.pk)
        return EntryCardSerializer(entry, context=self.get_serializer_context()).data

    def _answer(self, entry: ErrorEntry, *, code: int = status.HTTP_200_OK, headers: dict | None = None) -> Response:
        """The card as written, with its validators: its ETag is the `If-Match` of a next write."""
        response = Response(self._card(entry), status=code, headers=headers)
        cards.set_validators(response, _version(entry), "json", self.request)
        return response

    def _locked(self) -> ErrorEntry:
        """The entry, its row locked until the transaction ends (the write actions' queryset locks), after the
        client's preconditions are checked against its current version. If-Unmodified-Since alone is refused before
        anything is read (PreconditionRequired); with If-Match it is ignored, as RFC 9110 says."""
        if "HTTP_IF_UNMODIFIED_SINCE" in self.request.META and "HTTP_IF_MATCH" not in self.request.META:
            raise PreconditionRequired()
        entry = self.get_object()
        if cards.write_precondition_failed(self.request, _version(entry)):
            raise PreconditionFailed()
        return entry

    def _save(self, request: Request, raw, *, entry: ErrorEntry | None = None) -> ErrorEntry:
        return _write(request, _validated(raw), entry=entry)

    @extend_schema(
        summary="Create an entry",
        description="The body is an entry as `GET /api/errors/{id}` gives it (or as `export_errors` writes it); "
        "derived fields (title, html, urls) are ignored. Without an `id`, one is derived from the repository, type "
        "and signature. A create without an `id` is safe to retry: when an entry of the same repository, "
        "`exception_type` and `signature` (with an empty signature, the same `message`) exists, whatever its status, "
        "the answer is 409 naming that entry's id and nothing is written, also when two such creates race. "
        "Needs `kb.add_errorentry`.",
        request=EntryInput,
        responses={
            201: EntryCardSerializer,
            409: _conflict(
                "An entry with this id exists, or was created by another request at the same moment: PUT to replace "
                "it. Or, for a create without an id, an entry of the same repository, type and signature exists: the "
                "detail names its id."
            ),
        },
    )
    def create(self, request: Request, *args, **kwargs) -> Response:
        given = request.data.get("id") if isinstance(request.data, dict) else None
        if isinstance(given, str) and ErrorEntry.objects.filter(public_id=given).exists():
            raise Conflict(_exists(given))
        data = _validated(request.data)
        with _unique_violation_as_conflict(data.get("id")):
            return self._create(request, data)

    def _create(self, request: Request, data: EntryData) -> Response:
        with transaction.atomic():
            if "id" not in data:
                _refuse_a_second_entry_of(data)
            entry = _write(request, data)
            location = request.build_absolute_uri(entry.get_api_url())
            return self._answer(entry, code=status.HTTP_201_CREATED, headers={"Location": location})

    @extend_schema(
        summary="Replace an entry",
        description="The whole entry, as for create: what the body leaves out takes its default "
        "(`status` included: send it). Needs `kb.change_errorentry`.",
        request=EntryInput,
        responses={200: EntryCardSerializer},
    )
    def update(self, request: Request, *args, **kwargs) -> Response:
        with _unique_violation_as_conflict(None), transaction.atomic():
            entry = self._locked()
            return self._answer(self._save(request, self._with_id(request.data, entry), entry=entry))

    @extend_schema(
        summary="Amend an entry",
        description="The fields given replace the entry's own, whole (a list or object is not merged); the "
        "result is checked as a full entry. Fields not given keep their current values, including changes "
        "made at the same moment by another writer. Needs `kb.change_errorentry`.",
        request=EntryInput(partial=True),
        responses={200: EntryCardSerializer},
    )
    def partial_update(self, request: Request, *args, **kwargs) -> Response:
        with _unique_violation_as_conflict(None), transaction.atomic():
            entry = self._locked()
            merged = {**self._current(entry), **self._with_id(request.data, entry)}
            return self._answer(self._save(request, merged, entry=entry))

    @extend_schema(
        summary="Retire an entry",
        description="It stays readable, marked as retired; nothing is deleted. Retiring a retired entry changes "
        "nothing. Needs `kb.change_errorentry`.",
        request=None,
        responses={200: EntryCardSerializer, 409: _conflict("A draft was never published, so it cannot be retired.")},
    )
    @action(detail=True, methods=["post"])
    def retire(self, request: Request, *args, **kwargs) -> Response:
        with transaction.atomic():
            entry = self._locked()
            try:
                with _recorded_as(request):
                    actions.retire(entry, by=request.user, reason="retired through the API")
            except actions.DraftCannotBeRetired as refused:
                raise Conflict(_refused(refused)) from None
            return self._answer(entry)

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

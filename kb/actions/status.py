"""Each status change of entries, written once: publish, retire, restore, mark reviewed and not reviewed, accept a
suggested related error. The admin (buttons, form and list actions), the API, harvest and the commands call these;
none sets `status` or `review_state` itself.

Every action runs in one transaction (the caller's, or its own): it reads its entries under their row locks
(`locked_for_write()`, in the primary key's order, as every writer takes them), checks each change is allowed before
it writes anything (a refused change refuses the whole call: `StatusChangeRefused`, which the API answers with a 409
and the admin with an error message), saves each changed entry with its reason and user in the entry's history, and
ends in the one step after every write, `finish_write`. Entries already in the state asked for are left as they are
(no history row, no new version), so that an action repeated changes nothing."""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from django.db import transaction
from django.db.models import Max, QuerySet
from django.utils import timezone

from kb.actions.writes import finish_write
from kb.models import ErrorEntry, RelatedLink, RelatedSuggestion

if TYPE_CHECKING:
    from django.contrib.auth.base_user import AbstractBaseUser
    from django.contrib.auth.models import AnonymousUser

    User = Union[AbstractBaseUser, AnonymousUser, None]  # noqa: UP007  (a string annotation elsewhere)

# What an action takes: entries (read again under their locks), their primary keys, or a QuerySet of them.
Entries = Union[ErrorEntry, int, Iterable[ErrorEntry | int], QuerySet[ErrorEntry]]  # noqa: UP007

Status = ErrorEntry.Status
Review = ErrorEntry.Review

# The changes of `status` there are, as (from, to): anything else is refused. A draft is never retired: `RETIRED` is
# public, so a retired draft would be read by everyone without ever having been published.
ALLOWED: dict[tuple[str, str], str] = {
    (Status.DRAFT, Status.PUBLISHED): "published",
    (Status.PUBLISHED, Status.RETIRED): "retired",
    (Status.RETIRED, Status.PUBLISHED): "restored",
    # Taken back from the readers (the change form's status field; the API's PUT and PATCH).
    (Status.PUBLISHED, Status.DRAFT): "unpublished",
    (Status.RETIRED, Status.DRAFT): "unpublished",
}
WHY_NOT: dict[tuple[str, str], str] = {
    (Status.DRAFT, Status.RETIRED): "a draft was never published, so it cannot be retired; it stays a draft",
}


class StatusChangeRefused(Exception):
    """A change of status that is not allowed; nothing was written. `entries` are the public ids refused."""

    def __init__(self, why: str, entries: list[str]) -> None:
        self.why, self.entries = why, entries
        super().__init__(f"{', '.join(entries)}: {why}" if entries else why)


class DraftCannotBeRetired(StatusChangeRefused):
    """Retiring a draft would make it public: refused everywhere."""


def refusal(current: str, wanted: str) -> str:
    """Why `current` may not become `wanted`; "" when it may (or nothing changes)."""
    if current == wanted or (current, wanted) in ALLOWED:
        return ""
    return WHY_NOT.get((current, wanted), f"an entry that is {current} cannot become {wanted}")


def check_change(entry: ErrorEntry, wanted: str) -> None:
    """Raises StatusChangeRefused (DraftCannotBeRetired for a draft) when the entry may not become `wanted`: the rule
    for writers of whole entries (the API's PUT and PATCH, the admin's change form) as for the actions."""
    if why := refusal(entry.status, wanted):
        refused = DraftCannotBeRetired if entry.is_draft and wanted == Status.RETIRED else StatusChangeRefused
        raise refused(why, [entry.public_id])


@dataclass(frozen=True)
class _Change:
    to: str
    from_: frozenset[str]
    why_not: str  # for an entry in none of `from_` nor already `to`


_PUBLISH = _Change(Status.PUBLISHED, frozenset({Status.DRAFT}), "retired: restore it instead of publishing it")
_RETIRE = _Change(Status.RETIRED, frozenset({Status.PUBLISHED}), WHY_NOT[(Status.DRAFT, Status.RETIRED)])
_RESTORE = _Change(Status.PUBLISHED, frozenset({Status.RETIRED}), "a draft was never retired: publish it instead")
_UNPUBLISH = _Change(Status.DRAFT, frozenset({Status.PUBLISHED, Status.RETIRED}), "")


def publish(entries: Entries, *, by: "User", reason: str = "published") -> list[ErrorEntry]:
    """Drafts made public. A retired entry is refused (`restore` brings it back). Returns the entries changed."""
    return _set_status(entries, _PUBLISH, by=by, reason=reason)


def retire(entries: Entries, *, by: "User", reason: str = "retired") -> list[ErrorEntry]:
    """Published entries retired: still readable, marked as no longer maintained. A draft is refused
    (DraftCannotBeRetired), and with it the whole call. Returns the entries changed."""
    return _set_status(entries, _RETIRE, by=by, reason=reason)


def restore(entries: Entries, *, by: "User", reason: str = "restored") -> list[ErrorEntry]:
    """Retired entries published again. A draft is refused (`publish` it). Returns the entries changed."""
    return _set_status(entries, _RESTORE, by=by, reason=reason)


def unpublish(entries: Entries, *, by: "User", reason: str = "unpublished") -> list[ErrorEntry]:
    """Published or retired entries taken back from the readers: drafts again. Returns the entries changed."""
    return _set_status(entries, _UNPUBLISH, by=by, reason=reason)


def change_status(entries: Entries, wanted: str, *, by: "User", reason: str) -> list[ErrorEntry]:
    """The action that takes entries to `wanted` from where they are (the change form's status field, whose entry
    is one): publish a draft, restore a retired entry, retire, unpublish."""
    pks = _pks(entries)
    if wanted == Status.RETIRED:
        return retire(pks, by=by, reason=reason)
    if wanted == Status.DRAFT:
        return unpublish(pks, by=by, reason=reason)
    with transaction.atomic():
        retired = [e.pk for e in _locked(pks) if e.is_retired]
        changed = restore(retired, by=by, reason=reason) if retired else []
        return changed + publish(pks, by=by, reason=reason)


def mark_reviewed(entries: Entries, *, by: "User", reason: str = "reviewed") -> list[ErrorEntry]:
    """A curator has read the cards as readers see them: their badge says "Reviewed". Returns the entries changed."""

    def review(entry: ErrorEntry) -> bool:
        if entry.is_reviewed:
            return False
        entry.review_state = Review.REVIEWED
        entry.reviewed_at = timezone.now()
        entry.reviewed_by = by if _known(by) else None  # type: ignore[assignment]
        return True

    return _change(entries, review, by=by, reason=reason)


def mark_not_reviewed(entries: Entries, *, by: "User", reason: str = "marked not reviewed") -> list[ErrorEntry]:
    """A review taken back: the card is again whose text it shows, the AI pass's when it ran, else the generated
    text. Returns the entries changed."""

    def unreview(entry: ErrorEntry) -> bool:
        if not entry.is_reviewed:
            return False
        entry.review_state = Review.AI_ASSISTED if entry.assisted else Review.GENERATED
        entry.reviewed_at = None
        entry.reviewed_by = None
        return True

    return _change(entries, unreview, by=by, reason=reason)


def accept_suggestion(suggestion: RelatedSuggestion, *, by: "User") -> int:
    """One suggested related error made a related link; returns 1 when a link was made, 0 when it existed."""
    return accept_suggestions([suggestion], by=by)


def accept_suggestions(
    suggestions: Iterable[RelatedSuggestion], *, by: "User", reason: str = "accepted suggested related errors"
) -> int:
    """Suggestions made related links (after each entry's existing ones) and marked accepted; returns how many links
    were made. Each entry given a link is saved, so that its card's version (ETag, caches) and history follow."""
    made = 0
    with transaction.atomic():
        suggestions = list(suggestions)
        # The sources are locked before their links are read: two curators accepting at once take turns, and neither
        # saves back a card older than the other's links.
        entries = {entry.pk: entry for entry in _locked(suggestion.source_id for suggestion in suggestions)}
        linked: set[int] = set()
        for suggestion in suggestions:
            if suggestion.source_id not in entries:
                continue  # deleted meanwhile: nothing to link
            position = RelatedLink.objects.filter(source_id=suggestion.source_id).aggregate(p=Max("position"))["p"] or 0
            _, created = RelatedLink.objects.get_or_create(
                source_id=suggestion.source_id, target_id=suggestion.target_id, defaults={"position": position + 1}
            )
            made += created
            if created:
                linked.add(suggestion.source_id)
            if suggestion.state != RelatedSuggestion.State.ACCEPTED:
                suggestion.state = RelatedSuggestion.State.ACCEPTED
                suggestion.save(update_fields=["state"])
        changed = [entries[pk] for pk in sorted(linked)]
        for entry in changed:
            _record(entry, by=by, reason=reason)
        if made:
            finish_write(entries=changed, save=True)
    return made


def published_by_bulk_writer(entry: ErrorEntry, *, reason: str) -> None:
    """`publish` for a writer that holds the entries' row locks, writes them in bulk with their history and ends in
    `finish_write` itself (harvest's store, `--publish`): the same change, checked the same way, made in memory with
    its reason; the writer's bulk write records it."""
    _refuse([entry], _PUBLISH)
    entry.status = _PUBLISH.to
    entry._change_reason = reason[:100]


def _set_status(entries: Entries, change: _Change, *, by: "User", reason: str) -> list[ErrorEntry]:
    def apply(entry: ErrorEntry) -> bool:
        if entry.status == change.to:
            return False
        entry.status = change.to
        return True

    return _change(entries, apply, by=by, reason=reason, check=lambda locked: _refuse(locked, change))


def _refuse(entries: list[ErrorEntry], change: _Change) -> None:
    refused = [e.public_id for e in entries if e.status != change.to and e.status not in change.from_]
    if refused:
        raise (DraftCannotBeRetired if change is _RETIRE else StatusChangeRefused)(change.why_not, refused)


def _change(entries: Entries, apply, *, by: "User", reason: str, check=None) -> list[ErrorEntry]:
    """`apply` (which says whether it changed the entry) to each entry read under its row lock, after `check` has
    seen them all; the changed ones saved with their reason and ended in `finish_write`."""
    with transaction.atomic():
        locked = _locked(_pks(entries))
        if check is not None:
            check(locked)
        changed = [entry for entry in locked if apply(entry)]
        for entry in changed:
            _record(entry, by=by, reason=reason)
        if changed:
            finish_write(entries=changed, save=True)
    return changed


def _locked(pks: Iterable[int] | QuerySet) -> list[ErrorEntry]:
    wanted = pks if isinstance(pks, QuerySet) else sorted(set(pks))
    return list(ErrorEntry.objects.locked_for_write().filter(pk__in=wanted).select_related("repository").order_by("pk"))


def _pks(entries: Entries) -> Iterable[int] | QuerySet:
    if isinstance(entries, QuerySet):
        return entries.values("pk")
    if isinstance(entries, ErrorEntry | int):
        entries = [entries]
    return [entry.pk if isinstance(entry, ErrorEntry) else entry for entry in entries]


def _record(entry: ErrorEntry, *, by: "User", reason: str) -> None:
    """The reason (and, when known, the user) of the history row the entry's next save writes."""
    entry._change_reason = reason[:100]  # the history's column holds 100 characters
    if _known(by):
        entry._history_user = by  # type: ignore[attr-defined]


def _known(user: "User") -> bool:
    return user is not None and user.is_authenticated

"""The domain's read rules, on QuerySets: who sees what, and what a card or a listing loads.

`kb.models.entries` attaches them as managers and re-exports them; the models they name are imported lazily (they
are defined in `kb.models.entries`, which imports this module first)."""

from collections import Counter
from typing import TYPE_CHECKING, Any, Self, TypedDict, TypeVar

from django.apps import apps
from django.db import models, transaction
from django.db.models import Case, Count, Exists, F, IntegerField, OuterRef, Prefetch, Q, Subquery, Value, When

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractUser, AnonymousUser
    from django_stubs_ext import WithAnnotations  # a development dependency: for the type checker only

    from kb.models.entries import ErrorEntry, Repository
    from kb.models.queues import Report

    User = AbstractUser | AnonymousUser | None


# Whoever may view or change entries reads drafts, as the admin shows its entries to whoever may view or
# change them: the "curators" group (and so its API tokens), staff given either permission, superusers.
def _model(name: str) -> Any:
    """A model of this app, found when asked: its module defines these QuerySets, so importing it here would be a
    cycle."""
    return apps.get_model("kb", name)


DRAFT_READER_PERMISSIONS = ("kb.view_errorentry", "kb.change_errorentry")


def may_see_drafts(user: "User") -> bool:
    """The one rule for who sees drafts (pages, API, caching, lookups); drafts are not public."""
    return bool(
        user is not None
        and user.is_authenticated
        and any(user.has_perm(permission) for permission in DRAFT_READER_PERMISSIONS)
    )


def split_full_name(full_name: str) -> tuple[str, str] | None:
    """("owner", "name") of "owner/name", or None when it is not of that shape (one slash, both parts given)."""
    owner, slash, name = full_name.partition("/")
    if not (slash and owner and name) or "/" in name:
        return None
    return owner, name


class EntryCount(TypedDict):
    error_count: int


class EntryCounts(EntryCount):
    reviewed_count: int
    unreviewed_count: int
    published_count: int


# Generic, so that a method that annotates (with_entry_count) can say so in its type and callers can filter on it.
_Repository = TypeVar("_Repository", bound="Repository", covariant=True)


class RepositoryQuerySet(models.QuerySet[_Repository]):
    def visible_to(self, user: "User") -> Self:
        """For those who may not see drafts, only repositories with a published or retired entry: one that
        has only drafts (or nothing yet) does not exist for them."""
        if may_see_drafts(user):
            return self
        return self.filter(Exists(_model("ErrorEntry").objects.public().filter(repository=OuterRef("pk"))))

    def with_entry_count(self, user: "User") -> "RepositoryQuerySet[WithAnnotations[Repository, EntryCount]]":
        """`error_count`: how many of each repository's entries the user may see (no user: what the public sees)."""
        counted = Q() if may_see_drafts(user) else Q(entries__status__in=_model("ErrorEntry").PUBLIC_STATUSES)
        return self.annotate(error_count=Count("entries", filter=counted))

    def with_entry_counts(self, user: "User") -> "RepositoryQuerySet[WithAnnotations[Repository, EntryCounts]]":
        """`error_count` as with_entry_count gives it, and of those: `reviewed_count` (a curator's word),
        `unreviewed_count` (generated or AI-assisted text) and `published_count`. One query, one join."""
        entry = _model("ErrorEntry")
        visible = Q() if may_see_drafts(user) else Q(entries__status__in=entry.PUBLIC_STATUSES)
        unreviewed = (entry.Review.GENERATED, entry.Review.AI_ASSISTED)
        return self.annotate(
            error_count=Count("entries", filter=visible),
            reviewed_count=Count("entries", filter=visible & Q(entries__review_state=entry.Review.REVIEWED)),
            unreviewed_count=Count("entries", filter=visible & Q(entries__review_state__in=unreviewed)),
            published_count=Count("entries", filter=Q(entries__status=entry.Status.PUBLISHED)),
        )

    def by_full_name(self, full_name: str) -> Self:
        """The repository named "owner/name" (none when the text is not of that shape)."""
        parts = split_full_name(full_name)
        return self.none() if parts is None else self.filter(owner=parts[0], name=parts[1])


class ErrorEntryQuerySet(models.QuerySet["ErrorEntry"]):
    def published(self) -> Self:
        return self.filter(status=_model("ErrorEntry").Status.PUBLISHED)

    def public(self) -> Self:
        """What anyone may read: published entries, and retired ones, which stay reachable."""
        return self.filter(status__in=_model("ErrorEntry").PUBLIC_STATUSES)

    def visible_to(self, user: "User") -> Self:
        return self if may_see_drafts(user) else self.public()

    def locked_for_write(self) -> Self:
        """Its rows locked until the transaction ends: writers of one entry take turns, each reading what the one
        before it wrote. Only the entries' own rows, not their repositories'. FOR NO KEY UPDATE, as an UPDATE takes:
        a link to a locked entry (its foreign key takes KEY SHARE) can still be made, so that two entries linked to
        each other at the same moment do not deadlock."""
        return self.select_for_update(of=("self",), no_key=True)

    def with_first_path(self) -> Self:
        """`first_path`: the path of each entry's first raise site (None without one), in the same query, for
        listings grouped by module."""
        first = _model("RaiseSite").objects.filter(entry=OuterRef("pk")).order_by("position", "id").values("path")
        return self.annotate(first_path=Subquery(first[:1]))

    def with_card(self) -> Self:
        """Everything a card shows, in a fixed number of queries however large the entry."""
        related = Prefetch(
            "outgoing_links",
            queryset=_model("RelatedLink").objects.select_related("target").order_by("position", "id"),
        )
        return self.select_related("repository").prefetch_related(
            Prefetch("sites", queryset=_model("RaiseSite").objects.order_by("position", "id")),
            Prefetch("solutions", queryset=_model("Solution").objects.order_by("position", "id")),
            Prefetch("variants", queryset=_model("MessageVariant").objects.order_by("-created_at", "-id")),
            related,
        )


class ErrorEntryManager(models.Manager.from_queryset(ErrorEntryQuerySet)):  # type: ignore[misc]
    """`ErrorEntry.objects`: the QuerySet's read rules, and what is not a query."""

    def count_lookup_hit(self, pk: int) -> None:
        """One more lookup whose best match was entry `pk` (the review queue's order): counted in memory and written
        with others in one statement every few seconds (`lookup_hits`). Best effort: a lookup answers whether or not
        it is counted, also while the database is away or read-only. On the manager, not the QuerySet: a lookup
        then builds no QuerySet to count itself."""
        from kb.runtime.lookup_hits import lookup_hits

        lookup_hits.count(pk)


class ReportQuerySet(models.QuerySet["Report"]):
    def file(self, *, entry: "ErrorEntry", reason: str, details: str, email: str) -> "Report":
        """A reader's report, folded into an open one with the same entry, reason and details (its count goes
        up): a report sent again, or by many readers, is one item in the curators' queue."""
        with transaction.atomic():
            open_state = _model("Report").State.OPEN
            same = self.select_for_update().filter(entry=entry, reason=reason, details=details, state=open_state)
            report = same.order_by("created_at", "id").first()
            if report is None:
                return self.create(entry=entry, reason=reason, details=details, email=email)
            report.count = models.F("count") + 1
            report.email = report.email or email
            report.save(update_fields=["count", "email"])
            report.refresh_from_db(fields=["count"])
            return report


def add_lookup_hits(counts: "Counter[int]") -> None:
    """A counter, not an edit: no save, so `updated_at` (and with it every cached card) stays, and no history row.
    What `kb.runtime.lookup_hits` writes its counts with."""
    by_amount: dict[int, list[int]] = {}
    for pk, amount in counts.items():
        by_amount.setdefault(amount, []).append(pk)
    added = Case(
        *(When(pk__in=pks, then=Value(amount)) for amount, pks in by_amount.items()), output_field=IntegerField()
    )
    _model("ErrorEntry").objects.filter(pk__in=list(counts)).update(lookup_hits=F("lookup_hits") + added)

"""Write a plan in one transaction, in bulk, with history rows only for what changed."""

import secrets
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from kb.harvest.extract import FoundSite
from kb.harvest.plan import EntryPlan, Plan
from kb.models import (
    ErrorEntry,
    MessageVariant,
    RaiseSite,
    Repository,
    derive_public_id,
    render_snippets,
    short_ref,
)
from kb.services import finish_write

_ENTRY_FIELDS = [
    "kind", "message", "signature", "site_key", "title", "removed_in_commit", "analysed_commit", "analysed_at",
    "updated_at",
]  # fmt: skip
_SITE_FIELDS = ["path", "line", "function", "commit", "snippet", "snippet_start", "snippet_html", "position"]


@dataclass
class Outcome:
    new: int = 0
    updated: int = 0
    unchanged: int = 0
    moved: int = 0
    reworded: list[ErrorEntry] = field(default_factory=list)
    removed: list[ErrorEntry] = field(default_factory=list)
    restored: list[ErrorEntry] = field(default_factory=list)
    unverifiable: int = 0  # lost their sites where a raise of a run-time type remains: left as they are

    @property
    def changed(self) -> bool:
        return bool(self.new or self.updated)


def harvest_id(*, repository: Repository, found: FoundSite) -> str:
    """The derived id; an entry without a signature is keyed by its site instead (never pooled per type)."""
    key = found.signature or f"\x00{found.site_key}"
    return derive_public_id(
        host=repository.host, owner=repository.owner, name=repository.name,
        exception_type=found.exception_type, signature=key,
    )  # fmt: skip


def curator_owns_message(entry: ErrorEntry) -> bool:
    """A curated (or AI-assisted) entry's message is an example a person chose: harvest keeps it as it is."""
    return entry.method != ErrorEntry.Method.HARVESTED


def save_plan(*, plan: Plan, repository: Repository, commit: str) -> Outcome:
    writer = _Writer(repository=repository, commit=commit)
    with transaction.atomic():
        outcome = writer.write(plan)
        if outcome.changed:
            # Each entry's fields were derived as it was written in bulk (`derive_fields`, `derived_title`);
            # harvest changes no solutions, so no `search_extra` moves.
            finish_write()
    return outcome


class _Writer:
    def __init__(self, *, repository: Repository, commit: str) -> None:
        self.repository = repository
        self.commit = commit
        self.today = timezone.localdate()
        self.now = timezone.now()
        self.reason = f"harvested at {short_ref(commit)}"[:100]
        self.entries_to_update: list[ErrorEntry] = []
        self.sites_to_create: list[RaiseSite] = []
        self.sites_to_update: dict[int, RaiseSite] = {}
        self.sites_to_delete: list[int] = []
        self.variants_to_create: list[MessageVariant] = []
        self.variants_to_delete: list[int] = []

    def write(self, plan: Plan) -> Outcome:
        outcome = Outcome()
        created = self._create_entries([item for item in plan.entries if item.is_new])
        outcome.new = len(created)
        for item in plan.entries:
            if item.is_new:
                continue
            entry = item.current
            variants_added = self._variants(item)
            if not (item.is_change or variants_added):
                outcome.unchanged += 1
                continue
            outcome.updated += 1
            outcome.moved += len(item.moved)
            if item.wording_changed:
                outcome.reworded.append(entry)
            if item.restored:
                outcome.restored.append(entry)
            self._update_entry(item)
            self._update_sites(entry, item)
        for entry in plan.removed:
            entry.removed_in_commit = self.commit
            self._touch(entry)
            outcome.removed.append(entry)
        outcome.updated += len(plan.removed)
        outcome.unverifiable = len(plan.unverifiable)
        for item, entry in created:
            self._add_sites(entry, item.found, start=0)
            self.variants_to_create.extend(self._alternatives(entry, item, known=set()))
        self._flush()
        return outcome

    # --- entries ---------------------------------------------------------------------------------

    def _create_entries(self, items: list[EntryPlan]) -> list[tuple[EntryPlan, ErrorEntry]]:
        wanted = [harvest_id(repository=self.repository, found=item.head) for item in items]
        taken = set(ErrorEntry.objects.filter(public_id__in=wanted).values_list("public_id", flat=True))
        created = []
        for item, public_id in zip(items, wanted, strict=True):
            if public_id in taken:
                # The id an entry got for a wording it has since changed: this one must not take it over.
                public_id = secrets.token_hex(8)
            taken.add(public_id)
            head = item.head
            entry = ErrorEntry(
                public_id=public_id, repository=self.repository, kind=head.kind, exception_type=head.exception_type,
                message=head.message, signature=head.signature, site_key="" if head.signature else head.site_key,
                status=ErrorEntry.Status.DRAFT, method=ErrorEntry.Method.HARVESTED,
                analysed_commit=self.commit, analysed_at=self.today,
            )  # fmt: skip
            entry.derive_fields()
            created.append((item, entry))
        bulk_create_with_history(
            [entry for _, entry in created], ErrorEntry, batch_size=500, default_change_reason=self.reason
        )
        return created

    def _update_entry(self, item: EntryPlan) -> None:
        entry, head = item.current, item.head
        if item.signature_changed:
            entry.signature = head.signature
            entry.site_key = "" if head.signature else head.site_key
            if not curator_owns_message(entry):
                entry.message = head.message
                entry.kind = head.kind
        if item.restored:
            entry.removed_in_commit = ""
        if entry.method == ErrorEntry.Method.HARVESTED:
            entry.analysed_commit = self.commit
            entry.analysed_at = self.today
        self._touch(entry)

    def _touch(self, entry: ErrorEntry) -> None:
        entry.title = entry.derived_title()
        entry.updated_at = self.now
        self.entries_to_update.append(entry)

    # --- variants --------------------------------------------------------------------------------

    def _variants(self, item: EntryPlan) -> bool:
        """Keep the wording being replaced; drop the variant that has become the current wording again."""
        entry, head = item.current, item.head
        known: dict[tuple[str, str], MessageVariant | None] = {
            (v.signature, v.message): v for v in entry.variants.all()
        }
        added = []
        if item.wording_changed and entry.signature:
            old = (entry.signature, entry.message)
            if old not in known:
                last_seen = next((s.commit for s in entry.sites.all()), entry.analysed_commit)
                added.append(MessageVariant(entry=entry, signature=old[0], message=old[1], last_seen_commit=last_seen))
                known[old] = None
        for (signature, _message), variant in known.items():
            if variant is not None and signature == head.signature and item.signature_changed:
                self.variants_to_delete.append(variant.pk)
        added.extend(self._alternatives(entry, item, known=set(known)))
        self.variants_to_create.extend(added)
        return bool(added)

    def _alternatives(self, entry: ErrorEntry, item: EntryPlan, *, known: set) -> list[MessageVariant]:
        """Other wordings of the same raise (ngettext's plural, `a if c else b`), so that lookups find them."""
        found = []
        for site in item.found:
            for message, signature in site.variants:
                if signature != item.head.signature and (signature, message) not in known:
                    known.add((signature, message))
                    found.append(
                        MessageVariant(entry=entry, signature=signature, message=message, last_seen_commit=self.commit)
                    )
        return found

    # --- sites -----------------------------------------------------------------------------------

    def _update_sites(self, entry: ErrorEntry, item: EntryPlan) -> None:
        if not (item.changed or item.added or item.dropped):
            return
        for site, found in item.changed:
            _copy(found, site, commit=self.commit)
            self.sites_to_update[site.pk] = site
        dropped = {s.pk for s in item.dropped}
        self.sites_to_delete.extend(dropped)
        remaining = [s for s in entry.sites.all() if s.pk not in dropped]
        start = max((s.position for s in remaining), default=-1) + 1
        added = self._add_sites(entry, item.added, start=start)
        self._render(remaining + added, fresh=set(map(id, added)))

    def _add_sites(self, entry: ErrorEntry, found_sites: list[FoundSite], *, start: int) -> list[RaiseSite]:
        added = []
        for position, found in enumerate(found_sites, start=start):
            site = RaiseSite(entry=entry, position=position)
            _copy(found, site, commit=self.commit)
            added.append(site)
        if not start:
            self._render(added, fresh=set(map(id, added)))
        self.sites_to_create.extend(added)
        return added

    def _render(self, sites: list[RaiseSite], *, fresh: set[int]) -> None:
        """Highlight in memory, every raise line of the sites sharing a snippet marked; save what differs."""
        for site in render_snippets(sites):
            if id(site) not in fresh:
                self.sites_to_update[site.pk] = site

    def _flush(self) -> None:
        reason = self.reason
        if self.entries_to_update:
            bulk_update_with_history(
                self.entries_to_update, ErrorEntry, _ENTRY_FIELDS, batch_size=500, default_change_reason=reason
            )
        if self.sites_to_delete:
            RaiseSite.objects.filter(pk__in=self.sites_to_delete).delete()
        if self.sites_to_create:
            bulk_create_with_history(self.sites_to_create, RaiseSite, batch_size=500, default_change_reason=reason)
        if self.sites_to_update:
            bulk_update_with_history(
                list(self.sites_to_update.values()), RaiseSite, _SITE_FIELDS, batch_size=500,
                default_change_reason=reason,
            )  # fmt: skip
        if self.variants_to_delete:
            MessageVariant.objects.filter(pk__in=self.variants_to_delete).delete()
        if self.variants_to_create:
            bulk_create_with_history(self.variants_to_create, MessageVariant, default_change_reason=reason)


def _copy(found: FoundSite, site: RaiseSite, *, commit: str) -> None:
    site.path = found.path
    site.line = found.line
    site.function = found.function
    site.commit = commit
    site.snippet = found.snippet
    site.snippet_start = found.snippet_start

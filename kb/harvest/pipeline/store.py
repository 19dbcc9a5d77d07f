"""Write a plan in one transaction, in bulk, with history rows only for what changed."""

import itertools
import secrets
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from typing import TextIO, TypeVar, cast

from django.db import connection, transaction
from django.utils import timezone
from simple_history.utils import bulk_create_with_history, bulk_update_with_history
from tqdm import tqdm

from kb.actions import published_by_bulk_writer
from kb.actions.writes import finish_write
from kb.cards.explain import generate_sections
from kb.cards.related import Related, ranked_related
from kb.harvest.evidence.releases import advance, is_release, order_releases
from kb.harvest.pipeline.bulk_copy import create_with_history, draw_ids
from kb.harvest.pipeline.kept import kept_unpublished
from kb.harvest.pipeline.plan import EntryKey, EntryPlan, Plan
from kb.harvest.pipeline.render import SnippetsAhead, rendered_cards
from kb.harvest.pipeline.suggest import first_suggestions
from kb.harvest.reading.extract import FoundSite
from kb.models import (
    ErrorEntry,
    MessageVariant,
    RaiseSite,
    Repository,
    derive_public_id,
    render_snippets,
    short_ref,
)

_ENTRY_FIELDS = [
    "kind",
    "message",
    "signature",
    "site_key",
    "title",
    "removed_in_commit",
    "analysed_commit",
    "analysed_at",
    "updated_at",
    "evidence",
    "generated",
    "generated_html",
    "status",
]
BATCH = 500  # rows per statement
_Row = TypeVar("_Row", ErrorEntry, RaiseSite, MessageVariant)
_SITE_FIELDS = [
    "path",
    "line",
    "function",
    "commit",
    "snippet",
    "snippet_start",
    "snippet_html",
    "position",
    "evidence",
]


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
    published: int = 0
    # Every entry still raised, as written, with its sites' evidence: for the harvest's coverage figures.
    explained: list[tuple[ErrorEntry, list[dict]]] = field(default_factory=list)
    # The coverage figures as the last harvest stored them, when this one found nothing changed and read nothing.
    stored_coverage: dict | None = None
    # The related-error suggestions a first harvest wrote with its entries (`first_suggestions`); None: not written.
    suggested: int | None = None

    @property
    def changed(self) -> bool:
        return bool(self.new or self.updated)

    def coverage(self) -> dict:
        """How much of what is still raised the evidence explains: the issue's figures, on every harvest."""
        if self.stored_coverage is not None:
            return self.stored_coverage
        explained = self.explained
        entries = [entry for entry, _ in explained]
        under = [site for _, sites in explained for site in sites if site.get("under_condition")]
        return {
            "entries": len(entries),
            # Pairs, not a mapping: stored as JSON, whose keys the database may reorder.
            "shares": [
                ["with at least one condition", sum(any(s.get("conditions") for s in sites) for _, sites in explained)],
                ["with callers", sum(any(s.get("callers") for s in sites) for _, sites in explained)],
                ["with a triggering test", sum(bool(entry.evidence.get("tests")) for entry in entries)],
                ["with a docs mention", sum(bool(entry.evidence.get("docs")) for entry in entries)],
                ["with a derived solution", sum(bool(entry.generated.get("solutions")) for entry in entries)],
            ],
            "under_condition": len(under),
            "conditions_read": sum(bool(site.get("conditions")) for site in under),
            "published": self.published,
        }


def harvest_id(*, repository: Repository, found: FoundSite) -> str:
    """The derived id; an entry without a signature is keyed by its site instead (never pooled per type)."""
    key = found.signature or f"\x00{found.site_key}"
    return derive_public_id(
        host=repository.host,
        owner=repository.owner,
        name=repository.name,
        exception_type=found.exception_type,
        signature=key,
    )


def curator_owns_message(entry: ErrorEntry) -> bool:
    """A curated (or AI-assisted) entry's message is an example a person chose: harvest keeps it as it is."""
    return entry.method != ErrorEntry.Method.HARVESTED


def compared_before(plan: Plan, commit: str) -> str | None:
    """The latest release before `commit` that an earlier harvest of the repository read, as its entries' histories
    name it: a wording new at `commit` was not raised there. None when `commit` is no release or none is known."""
    if not is_release(commit):
        return None
    entries = [item.entry for item in plan.entries if item.entry is not None] + plan.removed + plan.unverifiable
    labels = {
        label
        for entry in entries
        for field in ("first_release", "last_release", "absent_in", "removed_in")
        if isinstance(label := ((entry.evidence or {}).get("history") or {}).get(field), str) and label != commit
    }
    earlier = [label for label in labels if is_release(label)]
    ordered = order_releases([*earlier, commit])
    position = ordered.index(commit)
    return ordered[position - 1] if position else None


def save_plan(
    *,
    plan: Plan,
    repository: Repository,
    commit: str,
    extras: Mapping[EntryKey, dict] | Callable[[], Mapping[EntryKey, dict]] | None = None,
    publish: bool = False,
    progress: bool | None = False,
    progress_file: TextIO | None = None,
    ahead: SnippetsAhead | None = None,
    first: bool = False,
) -> Outcome:
    """`extras`: each entry's evidence beyond its sites (tests, docs, history), keyed as the plan keys entries; or
    what reads it, called once the new entries are made and the related errors ranked (which do not need it).
    `publish`: make public every draft that harvest wrote and can explain; a curator's draft stays one.
    `progress`: bars on `progress_file` (stderr) as the reading phase shows them; None: only on a terminal.
    `ahead`: the new sites' snippets, being highlighted since they were found. `first`: the repository has no entry
    yet, so that the suggestions are written with the entries, from memory (`first_suggestions`)."""
    bar = {"disable": None if progress is None else not progress, "file": progress_file or sys.stderr}
    writer = _Writer(
        repository=repository, commit=commit, extras=extras or {}, publish=publish, bar=bar, ahead=ahead, first=first
    )
    with transaction.atomic():
        outcome = writer.write(plan)
        if outcome.changed:
            # Each entry's fields were derived as it was written in bulk (`derive_fields`, `derived_title`);
            # harvest changes no solutions, so no `search_extra` moves.
            finish_write()
    return outcome


class _Writer:
    def __init__(
        self,
        *,
        repository: Repository,
        commit: str,
        extras: Mapping[EntryKey, dict] | Callable[[], Mapping[EntryKey, dict]],
        publish: bool,
        bar: dict,
        ahead: SnippetsAhead | None = None,
        first: bool = False,
    ) -> None:
        self.repository = repository
        self.ahead = ahead
        self.first = first
        self.suggested: int | None = None
        self.bar = bar
        # Entries whose generated text changed, with their new sites: rendered together (`kb.harvest.pipeline.render`).
        self.cards: list[tuple[ErrorEntry, list[RaiseSite]]] = []
        self.commit = commit
        self.extras: Mapping[EntryKey, dict] = {}
        self.read_extras = extras if callable(extras) else lambda: extras
        self.publish = publish
        self.published = 0
        self.today = timezone.localdate()
        self.now = timezone.now()
        self.reason = f"harvested at {short_ref(commit)}"[:100]
        self.entries_to_update: list[ErrorEntry] = []
        self.sites_to_create: list[RaiseSite] = []
        self.sites_to_update: dict[int, RaiseSite] = {}
        self.sites_to_delete: list[int] = []
        self.variants_to_create: list[MessageVariant] = []
        self.entries_to_create: list[ErrorEntry] = []
        self.variants_to_delete: list[int] = []
        self.previous: str | None = None  # the release an earlier harvest compared just before this one
        self.related: dict[str, list[dict]] = {}  # public id -> its related entries (`kb.cards.related`)

    def write(self, plan: Plan) -> Outcome:
        outcome = Outcome()
        self.previous = compared_before(plan, self.commit)
        created = self._create_entries([item for item in plan.entries if item.is_new])
        outcome.new = len(created)
        self.related = _related(plan, created)
        self.extras = self.read_extras()
        bar = tqdm(total=len(plan.entries), desc="explaining", unit=" entries", **self.bar)
        for item in plan.entries:
            bar.update()
            if item.is_new:
                continue
            entry = item.current
            variants_added = self._variants(item)
            moved = len(item.moved)  # read before the sites take their new places
            sites = self._update_sites(entry, item) if item.is_change else list(entry.sites.all())
            explained = self._explain(item, entry, sites)
            outcome.explained.append((entry, [site.evidence for site in sites]))
            if not (item.is_change or variants_added or explained):
                outcome.unchanged += 1
                continue
            outcome.updated += 1
            outcome.moved += moved
            if item.wording_changed:
                outcome.reworded.append(entry)
            if item.restored:
                outcome.restored.append(entry)
            if item.is_change or variants_added:
                self._update_entry(item)
            else:
                self._touch(entry)
        for entry in plan.removed:
            entry.removed_in_commit = self.commit
            entry.evidence = {**entry.evidence, "history": self._history(entry, {}, removed=True)}
            self._touch(entry)
            outcome.removed.append(entry)
        outcome.updated += len(plan.removed)
        outcome.unverifiable = len(plan.unverifiable)
        for item, entry in created:
            sites = self._add_sites(entry, item.found, start=0, render=False)
            self.variants_to_create.extend(self._alternatives(entry, item, known=set()))
            self._explain(item, entry, sites, created=True, sections=False)  # written by the workers
            self.cards.append((entry, sites))
            outcome.explained.append((entry, [site.evidence for site in sites]))
        bar.close()
        outcome.published = self.published
        self._flush()
        outcome.suggested = self.suggested
        return outcome

    # --- explanations ----------------------------------------------------------------------------

    def _explain(
        self,
        item: EntryPlan,
        entry: ErrorEntry,
        sites: list[RaiseSite],
        *,
        created: bool = False,
        sections: bool = True,
    ) -> bool:
        """Give the entry and its sites what the code says now (evidence, generated sections; publish it when asked
        and it can be explained). The curator's own fields are never touched. Whether anything changed.
        `sections` False: a new entry's, written with its HTML by the rendering workers (`rendered_cards`)."""
        found_by_place: dict[tuple[str, int | None, str], FoundSite] = {
            (f.path, f.line, f.function): f for f in item.found
        }
        for site in sites:
            found = found_by_place.get((site.path, site.line, site.function))
            evidence = found.evidence if found is not None else {}
            if site.evidence != evidence:
                site.evidence = evidence
                if site.pk is not None:
                    self.sites_to_update[site.pk] = site
        extra = dict(self.extras.get(item.head.key, {}))
        if related := self.related.get(entry.public_id):
            extra["related"] = related
        history = self._history(entry, extra.pop("history", {}), created=created, reworded=item.wording_changed)
        evidence = {**extra, "history": history} if history else extra
        kept = None
        if entry.method == ErrorEntry.Method.HARVESTED:
            kept = kept_unpublished(
                exception_type=entry.exception_type,
                signature=entry.signature,
                sites=sites,
                tests=evidence.get("tests") or (),
            )
            if kept is not None:
                evidence["unpublished"] = kept  # why --publish leaves it a draft: counted on the repository's page
        before = (entry.evidence, entry.generated, entry.status)
        entry.evidence = evidence
        if sections:
            entry.generated = generate_sections(entry=entry, sites=sites)
        if self.publish and self._publishable(entry, kept):
            published_by_bulk_writer(entry, reason=f"published by harvest at {short_ref(self.commit)}")
            self.published += 1
        return before != (entry.evidence, entry.generated, entry.status)

    def _history(
        self, entry: ErrorEntry, found: dict, *, created: bool = False, reworded: bool = False, removed: bool = False
    ) -> dict:
        old = entry.evidence.get("history", {}) if entry.evidence else {}
        return advance(
            old, found, commit=self.commit, created=created, reworded=reworded, removed=removed, previous=self.previous
        )

    @staticmethod
    def _publishable(entry: ErrorEntry, kept: str | None) -> bool:
        """A draft nobody has reviewed, with a curator's text or what readers hit (`kept` None: a raise under a
        condition, or one public code reaches; `kept_unpublished`): a reviewed draft is a curator's decision to
        keep it unpublished."""
        if entry.status != ErrorEntry.Status.DRAFT or entry.review_state == ErrorEntry.Review.REVIEWED:
            return False
        return kept is None or any(getattr(entry, field) for field in ErrorEntry.MARKDOWN_FIELDS)

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
                public_id=public_id,
                repository=self.repository,
                kind=head.kind,
                exception_type=head.exception_type,
                message=head.message,
                signature=head.signature,
                site_key="" if head.signature else head.site_key,
                status=ErrorEntry.Status.DRAFT,
                method=ErrorEntry.Method.HARVESTED,
                review_state=ErrorEntry.Review.GENERATED,
                analysed_commit=self.commit,
                analysed_at=self.today,
            )
            entry.derive_fields()
            created.append((item, entry))
        self.entries_to_create = [entry for _, entry in created]
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
        self.cards.append((entry, []))  # its generated_html: rendered with the others as they are written
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

    def _update_sites(self, entry: ErrorEntry, item: EntryPlan) -> list[RaiseSite]:
        """The entry's sites after the change, in memory."""
        if not (item.changed or item.added or item.dropped):
            return list(entry.sites.all())
        for site, found in item.changed:
            _copy(found, site, commit=self.commit)
            self.sites_to_update[site.pk] = site
        dropped = {s.pk for s in item.dropped}
        self.sites_to_delete.extend(dropped)
        remaining = [s for s in entry.sites.all() if s.pk not in dropped]
        start = max((s.position for s in remaining), default=-1) + 1
        added = self._add_sites(entry, item.added, start=start)
        self._render(remaining + added, fresh=set(map(id, added)))
        return remaining + added

    def _add_sites(
        self, entry: ErrorEntry, found_sites: list[FoundSite], *, start: int, render: bool = True
    ) -> list[RaiseSite]:
        """`render` False: a new entry's sites, whose snippets are rendered with its card."""
        added = []
        for position, found in enumerate(found_sites, start=start):
            site = RaiseSite(entry=entry, position=position)
            _copy(found, site, commit=self.commit)
            added.append(site)
        if not start and render:
            self._render(added, fresh=set(map(id, added)))
        self.sites_to_create.extend(added)
        return added

    def _render(self, sites: list[RaiseSite], *, fresh: set[int]) -> None:
        """Highlight in memory, every raise line of the sites sharing a snippet marked; save what differs."""
        for site in render_snippets(sites):
            if id(site) not in fresh:
                self.sites_to_update[site.pk] = site

    def _flush(self) -> None:
        rows = len(self.entries_to_create) + len(self.entries_to_update) + len(self.sites_to_create)
        rows += len(self.sites_to_update) + len(self.variants_to_create)
        bar = tqdm(total=rows, desc="saving", unit=" rows", **self.bar)
        with server_side_binding():
            self._write_rows(bar)
        bar.close()

    def _write_cards(self, cards: Iterator[tuple[ErrorEntry, list[RaiseSite]]], new: set[int], bar: tqdm) -> None:
        """The cards' entries (the new ones with their sites) written as they come rendered, a batch at a time, while
        the helpers render the next: the database's work and theirs overlap."""
        reason = self.reason
        while batch := list(itertools.islice(cards, BATCH)):
            created = [entry for entry, _ in batch if id(entry) in new]
            if created:
                create_with_history(created, ErrorEntry, reason=reason, batch=BATCH)
            updated = [entry for entry, _ in batch if id(entry) not in new]
            if updated:
                bulk_update_with_history(
                    updated, ErrorEntry, _ENTRY_FIELDS, batch_size=BATCH, default_change_reason=reason
                )
            bar.update(len(batch))
            sites = [site for entry, sites in batch if id(entry) in new for site in sites]
            for chunk in _batches(sites, bar):
                create_with_history(chunk, RaiseSite, reason=reason, batch=BATCH)
            self._suggest(new)
        self._suggest(new)

    def _suggest(self, new: set[int]) -> None:
        """A first harvest's suggestions, once its entries have ids: on PostgreSQL with the first batch, while the
        helpers render the next cards (the entries they name are checked at the commit); else after the last."""
        if not self.first or self.suggested is not None or any(entry.pk is None for entry in self.entries_to_create):
            return
        sites = [
            (entry.pk, site.path, site.function, site.line)
            for entry, entry_sites in self.cards
            if id(entry) in new
            for site in entry_sites
        ]
        drafts = {entry.pk for entry in self.entries_to_create if entry.status == ErrorEntry.Status.DRAFT}
        self.suggested = first_suggestions(sites=sites, drafts=drafts)

    def _write_rows(self, bar: tqdm) -> None:
        reason = self.reason
        new = {id(entry) for entry in self.entries_to_create}
        draw_ids(self.entries_to_create, ErrorEntry)  # in the plan's order: the cards come in no set order
        done = self.ahead.take() if self.ahead is not None else None
        # Closed however the loop ends, so that the helpers rendering the cards end with it.
        with closing(rendered_cards(self.cards, self.bar, to_write=frozenset(new), ahead=done)) as cards:
            self._write_cards(cards, new, bar)
        if self.sites_to_delete:
            RaiseSite.objects.filter(pk__in=self.sites_to_delete).delete()
        # The sites added to entries that were there before (highlighted as they were planned).
        for chunk in _batches([site for site in self.sites_to_create if id(site.entry) not in new], bar):
            bulk_create_with_history(chunk, RaiseSite, batch_size=BATCH, default_change_reason=reason)
        for sites in _batches(list(self.sites_to_update.values()), bar):
            bulk_update_with_history(sites, RaiseSite, _SITE_FIELDS, batch_size=BATCH, default_change_reason=reason)
        if self.variants_to_delete:
            MessageVariant.objects.filter(pk__in=self.variants_to_delete).delete()
        for variants in _batches(self.variants_to_create, bar):
            bulk_create_with_history(variants, MessageVariant, batch_size=BATCH, default_change_reason=reason)


def _related(plan: Plan, created: list[tuple[EntryPlan, ErrorEntry]]) -> dict[str, list[dict]]:
    """Every entry still raised, ranked against the others once per harvest (`kb.cards.related`)."""
    pairs = [(item, item.current) for item in plan.entries if not item.is_new] + created
    return ranked_related(
        [
            Related(
                entry.public_id,
                [(f.path, f.function, f.line) for f in item.found],
                item.head.signature or item.head.message,
            )
            for item, entry in pairs
        ]
    )


@contextmanager
def server_side_binding() -> Iterator[None]:
    """PostgreSQL's bulk inserts (Django's UNNEST of one array per column) with the values sent apart from the
    statement, and the arrays in binary: psycopg's client-side binding quotes every element of those arrays in
    Python, and so does its text format for arrays (a regular expression per element), which cost the first
    harvest of Django more than its database round trips did. Binary arrays only copy each element's bytes."""
    raw = connection.connection
    if connection.vendor != "postgresql" or raw is None:
        yield
        return
    before = raw.cursor_factory
    raw.cursor_factory = _binary_arrays_cursor()
    try:
        yield
    finally:
        raw.cursor_factory = before


def _binary_arrays_cursor() -> type:
    from django.db.backends.postgresql.base import ServerBindingCursor
    from psycopg import Cursor
    from psycopg.types.array import ListBinaryDumper

    class BinaryArraysCursor(ServerBindingCursor):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)
            # The cursor's own copy of the adapters: `%s` (auto) then picks the binary dumper for lists.
            cast(Cursor, self).adapters.register_dumper(list, ListBinaryDumper)

    return BinaryArraysCursor


def _batches(rows: list[_Row], bar: tqdm) -> Iterator[list[_Row]]:
    for start in range(0, len(rows), BATCH):
        batch = rows[start : start + BATCH]
        yield batch
        bar.update(len(batch))


def _copy(found: FoundSite, site: RaiseSite, *, commit: str) -> None:
    site.path = found.path
    site.line = found.line
    site.function = found.function
    site.commit = commit
    site.snippet = found.snippet
    site.snippet_start = found.snippet_start
    site.evidence = found.evidence

"""Compare what a scan found with what the knowledge base holds: new, moved, reworded, removed, restored.

Pure: it reads model instances and changes nothing, so `verify` shares it with `harvest`."""

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from rapidfuzz.distance import Indel

from errorkb.matching.template import compile_template, match_template
from kb.harvest.pipeline.scan import Scan
from kb.harvest.pipeline.sources import in_scope
from kb.harvest.reading.extract import FoundSite
from kb.models import ErrorEntry, RaiseSite

# How alike two signatures, placeholders blanked, must be to count as one reworded message: 2 * their longest common
# subsequence / their total length (difflib's ratio, computed exactly and in C by rapidfuzz).
REWORD_SIMILARITY = 0.6

# How much of a reviewed entry's literal text a wording that produces its message must spell to join it.
SPECIFIC = 0.9

EntryKey = tuple[str, str, str]  # (exception type, signature, site key when there is no signature)


@dataclass
class EntryPlan:
    found: list[FoundSite]
    entry: ErrorEntry | None = None  # None: a new entry
    reworded: bool = False  # matched through similar text, or through one of its older wordings
    kept: list[tuple[RaiseSite, FoundSite]] = field(default_factory=list)
    changed: list[tuple[RaiseSite, FoundSite]] = field(default_factory=list)  # moved, or code around it edited
    added: list[FoundSite] = field(default_factory=list)
    dropped: list[RaiseSite] = field(default_factory=list)

    @property
    def head(self) -> FoundSite:
        return self.found[0]

    @property
    def current(self) -> ErrorEntry:
        """The entry this plan changes: only plans of existing entries have one."""
        if self.entry is None:
            raise ValueError("a new entry has no current state")
        return self.entry

    @property
    def is_new(self) -> bool:
        return self.entry is None

    @property
    def restored(self) -> bool:
        return self.entry is not None and bool(self.entry.removed_in_commit)

    @property
    def wordings(self) -> list[str]:
        return wordings_of(self.found)

    @property
    def wording_changed(self) -> bool:
        """The code's wording differs from the entry's in more than placeholder names.

        A signature harvest could not rebuild says nothing about the wording; and an entry whose wording one of the
        found sites still raises (a curator's whose example message the code's template still produces, however it
        was templated) is the same message."""
        if self.entry is None or not self.head.signature or self.entry.signature == self.head.signature:
            return False
        if raises_wording_of(self.entry, self.wordings):
            return False
        return _shape(self.entry.signature) != _shape(self.head.signature)

    @property
    def signature_changed(self) -> bool:
        """Harvest keeps its own entries' signatures exactly as the code has them, placeholder names too; a
        reviewed entry's stay as the curator left them while its wording is raised."""
        if self.entry is None or not self.head.signature or self.entry.signature == self.head.signature:
            return False
        return self.wording_changed or (self.entry.method == ErrorEntry.Method.HARVESTED and not reviewed(self.entry))

    @property
    def moved(self) -> list[tuple[RaiseSite, FoundSite]]:
        return [(site, found) for site, found in self.changed if site.line != found.line]

    @property
    def is_change(self) -> bool:
        return self.is_new or self.restored or self.wording_changed or bool(self.changed or self.added or self.dropped)


@dataclass
class Plan:
    entries: list[EntryPlan] = field(default_factory=list)
    removed: list[ErrorEntry] = field(default_factory=list)  # every site gone: marked, kept
    unverifiable: list[ErrorEntry] = field(default_factory=list)  # its place still raises something unknown
    known: int = 0  # the repository's entries when it was planned: none, for its first harvest


def entry_key(entry: ErrorEntry) -> EntryKey:
    return (entry.exception_type, entry.signature, "" if entry.signature else entry.site_key)


def wordings_of(found: list[FoundSite]) -> list[str]:
    """Every wording the sites raise: each one's message, then its other wordings (ngettext's plural, the arms of
    `a if c else b`, a message completed under a condition)."""
    signatures = (signature for site in found for signature in (site.signature, *(s for _, s in site.variants)))
    return list(dict.fromkeys(signature for signature in signatures if signature))


def reviewed(entry: ErrorEntry) -> bool:
    """A curator's word: a harvest joins its sites to it and never rewords, demotes or empties it while the code
    raises its wording."""
    return entry.review_state == ErrorEntry.Review.REVIEWED or entry.method == ErrorEntry.Method.CURATED


def raises_wording_of(entry: ErrorEntry, wordings: list[str], *, specific: bool = False) -> bool:
    """Whether one of the wordings is the entry's: its example message as the wording's template produces it
    (a curator's entry), or its signature, placeholder names aside. `specific`: a template that produces it must
    also spell about as much of it as the entry's signature does (`{name}: {reason}` produces almost anything)."""
    if not entry.signature:
        return False
    if entry.method != ErrorEntry.Method.HARVESTED:
        own = compile_template(entry.signature) if specific else None
        for wording in wordings:
            if not produces(wording, entry.message):
                continue
            template = compile_template(wording) if own is not None else None
            if own is None or (template is not None and template.literal_length >= SPECIFIC * own.literal_length):
                return True
    shape = _shape(entry.signature)
    return any(_shape(w) == shape for w in wordings)


def _shape(signature: str) -> str:
    return re.sub(r"\{[^{}]*+\}", "{}", signature)


def produces(signature: str, message: str) -> bool:
    """Whether `signature`, its placeholders filled in, gives `message`: as lookup matches it."""
    template = compile_template(signature)
    return template is not None and match_template(template, message.strip()) is not None


def similarity(a: str, b: str) -> float:
    return Indel.normalized_similarity(_shape(a), _shape(b))


def make_plan(scan: Scan, entries: Iterable[ErrorEntry]) -> Plan:
    """`entries`: the repository's, with `sites` and `variants` prefetched."""
    entries = list(entries)
    groups: dict[EntryKey, list[FoundSite]] = defaultdict(list)
    for site in scan.sites:
        groups[site.key].append(site)

    by_key: dict[EntryKey, ErrorEntry] = {}
    by_shape: dict[tuple[str, str], ErrorEntry] = {}
    by_variant: dict[tuple[str, str], ErrorEntry] = {}
    for entry in entries:
        by_key.setdefault(entry_key(entry), entry)
        if entry.signature:
            by_shape.setdefault((entry.exception_type, _shape(entry.signature)), entry)
        for variant in entry.variants.all():
            if variant.signature:
                by_variant.setdefault((entry.exception_type, variant.signature), entry)

    plan = Plan(known=len(entries))
    claimed: dict[int, EntryPlan] = {}

    def scoped(entry: ErrorEntry) -> list[RaiseSite]:
        return [s for s in entry.sites.all() if in_scope(s.path, prefix=scan.prefix, excludes=scan.excludes)]

    def claim(stage: list[list[FoundSite]], find, *, reworded: bool = False, join: bool = False):
        """`find(group)`: its entry or None. `join`: a reviewed entry takes every group found for it."""
        left = []
        for found in stage:
            entry = find(found)
            if entry is not None and entry.pk in claimed and join:
                claimed[entry.pk].found.extend(found)
            elif entry is not None and entry.pk not in claimed:
                claimed[entry.pk] = EntryPlan(found=list(found), entry=entry, reworded=reworded)
                plan.entries.append(claimed[entry.pk])
            else:
                left.append(found)
        return left

    def keyed(mapping, key):
        return mapping.get(key) if key[1] else None

    # A reviewed entry first: what the code raises where its sites are, in its wording, joins it (whatever type
    # harvest reads there: `self.model.DoesNotExist` for a curator's ObjectDoesNotExist), so that no generated
    # entry takes its site, its wording or its rank.
    kept = _ReviewedSites([e for e in entries if reviewed(e)], scoped)
    unmatched = claim(list(groups.values()), kept.at_its_sites, join=True)
    unmatched = claim(unmatched, lambda found: by_key.get(found[0].key))
    # The same message templated with other placeholder names (a curator's `{model}` for the code's `{name}`).
    unmatched = claim(unmatched, lambda found: keyed(by_shape, (found[0].exception_type, _shape(found[0].signature))))
    # One of its other wordings is an entry's (the longer message a condition completes, ngettext's plural).
    unmatched = claim(unmatched, lambda found: _by_other_wording(found, by_key))
    # An older wording coming back: the entry it was recorded on, unless that entry is still raised as it is now.
    unmatched = claim(
        unmatched, lambda found: keyed(by_variant, (found[0].exception_type, found[0].signature)), reworded=True
    )
    # A reviewed entry's wording raised elsewhere (its raise moved): the same type, the same message.
    unmatched = claim(unmatched, kept.anywhere, join=True)

    lost = [e for e in entries if e.pk not in claimed and scoped(e)]
    done: set[int] = set()
    for found, entry in _reworded(unmatched, lost):
        claimed[entry.pk] = EntryPlan(found=found, entry=entry, reworded=True)
        done.add(id(found))
        plan.entries.append(claimed[entry.pk])
    unmatched = [found for found in unmatched if id(found) not in done]
    # A raise harvest cannot rebuild, where an entry (a curator's, typically) of its type was raised: that entry.
    places: dict[tuple[str, str, str], ErrorEntry] = {}
    for entry in sorted((e for e in lost if e.pk not in claimed), key=lambda e: not e.signature):
        for raised_at in scoped(entry):
            places.setdefault((entry.exception_type, raised_at.path, raised_at.function), entry)
    unmatched = claim(
        unmatched,
        lambda found: (
            None if found[0].signature else places.get((found[0].exception_type, found[0].path, found[0].function))
        ),
    )
    plan.entries.extend(EntryPlan(found=found) for found in unmatched)
    for entry in lost:
        if entry.pk in claimed or entry.removed_in_commit:
            continue
        unknown = any((s.path, s.function) in scan.unresolved for s in scoped(entry))
        (plan.unverifiable if unknown else plan.removed).append(entry)

    for item in plan.entries:
        item.found.sort(key=lambda s: (s.path, s.line))
        if item.entry is not None:
            _pair_sites(item, scoped(item.entry), scan.lines)
        else:
            item.added = list(item.found)
    return plan


def _by_other_wording(found: list[FoundSite], by_key: dict[EntryKey, ErrorEntry]) -> ErrorEntry | None:
    head = found[0]
    others = (signature for site in found for _, signature in site.variants)
    return next((e for s in others if (e := by_key.get((head.exception_type, s, ""))) is not None), None)


class _ReviewedSites:
    """Where the reviewed entries are raised, to find what the code raises there in their wording."""

    def __init__(self, entries: list[ErrorEntry], scoped) -> None:
        self.places: dict[tuple[str, str], list[ErrorEntry]] = defaultdict(list)
        self.by_type: dict[str, list[ErrorEntry]] = defaultdict(list)
        for entry in entries:
            for site in scoped(entry):
                if entry not in self.places[(site.path, site.function)]:
                    self.places[(site.path, site.function)].append(entry)
            if entry.signature:
                self.by_type[entry.exception_type].append(entry)

    def at_its_sites(self, found: list[FoundSite]) -> ErrorEntry | None:
        """The reviewed entry raised where one of the group's sites is, in the group's wording; a group harvest
        could not word, of the entry's own type."""
        wordings = wordings_of(found)
        for site in found:
            for entry in self.places.get((site.path, site.function), ()):
                if not _types_agree(site.exception_type, entry.exception_type):
                    continue
                if raises_wording_of(entry, wordings, specific=True) or (
                    not wordings and site.exception_type == entry.exception_type
                ):
                    return entry
        return None

    def anywhere(self, found: list[FoundSite]) -> ErrorEntry | None:
        wordings = wordings_of(found)
        candidates = self.by_type.get(found[0].exception_type, ()) if wordings else ()
        return next((entry for entry in candidates if raises_wording_of(entry, wordings, specific=True)), None)


def _types_agree(found: str, known: str) -> bool:
    """The same type, or one named as the other's kind where harvest reads a class attribute (`self.model.DoesNotExist`
    raised where a curator names `ObjectDoesNotExist`, its base)."""
    a, b = found.rpartition(".")[2], known.rpartition(".")[2]
    return found == known or a.endswith(b) or b.endswith(a)


def _reworded(unmatched: list[list[FoundSite]], lost: list[ErrorEntry]) -> list[tuple[list[FoundSite], ErrorEntry]]:
    """Pairs of (new wording, entry that lost its sites): same type, same function, similar text; best first."""
    where: dict[tuple[str, str, str], list[ErrorEntry]] = defaultdict(list)
    for entry in lost:
        if entry.signature:
            for site in entry.sites.all():
                where[(entry.exception_type, site.path, site.function)].append(entry)
    candidates = []
    for found in unmatched:
        if not found[0].signature:
            continue
        near = {e.pk: e for s in found for e in where.get((s.exception_type, s.path, s.function), ())}
        for entry in near.values():
            ratio = similarity(entry.signature, found[0].signature)
            if ratio >= REWORD_SIMILARITY:
                candidates.append((ratio, id(found), found, entry))
    pairs, used_found, used_entries = [], set(), set()
    for _ratio, found_id, found, entry in sorted(candidates, key=lambda c: -c[0]):
        if found_id not in used_found and entry.pk not in used_entries:
            used_found.add(found_id)
            used_entries.add(entry.pk)
            pairs.append((found, entry))
    return pairs


def site_unchanged(site: RaiseSite, found: FoundSite, lines: dict[str, list[str]]) -> bool:
    """Same place, and the file still reads as the stored snippet says (whatever window a curator chose)."""
    if (site.path, site.line, site.function) != (found.path, found.line, found.function):
        return False
    if not site.snippet or site.snippet_start is None:
        return not found.snippet
    stored = site.snippet.splitlines()
    current = lines.get(site.path, [])[site.snippet_start - 1 : site.snippet_start - 1 + len(stored)]
    return current == stored


def _pair_sites(item: EntryPlan, old_sites: list[RaiseSite], lines: dict[str, list[str]]) -> None:
    """Match old sites to found ones within each (path, function): same line first, then in order."""
    old_by_place: dict[tuple[str, str], list[RaiseSite]] = defaultdict(list)
    for site in sorted(old_sites, key=lambda s: (s.line or 0, s.pk or 0)):
        old_by_place[(site.path, site.function)].append(site)
    found_by_place: dict[tuple[str, str], list[FoundSite]] = defaultdict(list)
    for found in item.found:
        found_by_place[(found.path, found.function)].append(found)
    for place, found_here in found_by_place.items():
        old_here = old_by_place.pop(place, [])
        pairs = []
        for found in list(found_here):
            same = next((s for s in old_here if s.line == found.line), None)
            if same is not None:
                old_here.remove(same)
                found_here.remove(found)
                pairs.append((same, found))
        pairs.extend(zip(old_here, found_here, strict=False))
        item.added.extend(found_here[len(old_here) :])
        item.dropped.extend(old_here[len(found_here) :])
        for site, found in pairs:
            (item.kept if site_unchanged(site, found, lines) else item.changed).append((site, found))
    item.dropped.extend(s for rest in old_by_place.values() for s in rest)

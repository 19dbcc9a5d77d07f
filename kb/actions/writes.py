"""The one write path for entries: every writer (the admin, the API, imports, harvest, suggestions) ends in
`finish_write`, and writers of whole entries (the API, imports) go through `write_entry`/`import_entries`.

Input is already validated (the API's `EntryInput` is one validator; see `EntryData` for its shape): these
functions only write. Each runs in the caller's transaction or opens one; a create only inserts, so that an id
taken meanwhile fails with IntegrityError (the caller says what that means to its user: a 409, a message)."""

import datetime
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import NotRequired, TypedDict, cast

from django.db import transaction

from kb.models import Catalogue, ErrorEntry, RaiseSite, RelatedLink, Repository, Solution


class RepositoryData(TypedDict):
    host: str
    owner: str
    name: str
    url: str


class SiteData(TypedDict):
    path: str
    line: int | None
    function: str
    commit: str
    snippet: str
    snippet_start: int | None


class ProvenanceData(TypedDict):
    method: str
    commit: NotRequired[str]
    analysed_at: NotRequired[datetime.date | None]


class LinkData(TypedDict):
    id: str


class MachineData(TypedDict):
    """Harvest's and the AI pass's part of a card, carried by an export: absent, a write leaves it as it is."""

    review_state: str
    reviewed_at: datetime.datetime | None
    generated: dict
    assisted: dict
    evidence: dict
    site_evidence: list[dict]


class EntryData(TypedDict):
    """One entry as a writer gives it, validated: the card without what is derived from it (title, HTML, urls)."""

    id: NotRequired[str]
    repository: RepositoryData
    kind: str
    exception_type: str
    message: str
    signature: str
    meaning: NotRequired[str]
    trigger: NotRequired[str]
    situations: NotRequired[str]
    example_fix: NotRequired[str]
    sites: list[SiteData]
    solutions: list[str]
    related: list[LinkData]
    provenance: ProvenanceData
    status: str
    created_at: NotRequired[datetime.datetime]
    machine: NotRequired[MachineData]


@dataclass
class ImportResult:
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    # Existing entries that differ from the file, left as they are: a curator or a tool may have changed them.
    skipped: list[str] = field(default_factory=list)


def finish_write(*, entries: Collection[ErrorEntry] = (), save: bool = False, sites_changed: bool = False) -> None:
    """The one step that ends every write to entries, in the writer's transaction.

    For each entry written through the ORM: its sites re-highlighted together when they changed (a snippet that
    several sites share marks all their lines); with `save=True` ("save them for me": the writer changed them in
    memory and left them unsaved) the entry saved here (`save()` derives the title, the Markdown HTML and the id,
    and moves `updated_at`, which card versions, ETags and caches follow), without it left as the writer saved it;
    `search_extra` refreshed from its solutions. Then the catalogue's revision moves, so that every
    process's lookup index follows. A bulk writer (harvest) derives each entry's fields with `derive_fields()` before
    its bulk writes and passes no entries."""
    for entry in entries:
        if sites_changed:
            entry.render_sites()
        if save:
            entry.save()
        entry.refresh_search_extra()
    Catalogue.touch()


def record_compiled(*, repository: Repository, record: dict, touched: bool = False) -> bool:
    """What a harvest found of compiled code in the repository's tree (`kb.harvest.pipeline.compiled`), stored with
    the repository; the catalogue moves when it changed, so that every lookup index reads it (`touched`: the caller's
    transaction moved it already, with the entries it wrote). Whether it changed."""
    if repository.compiled == record:
        return False
    repository.compiled = record
    repository.save(update_fields=["compiled"])
    if not touched:
        Catalogue.touch()
    return True


def _repository(data: RepositoryData) -> Repository:
    repo, _ = Repository.objects.get_or_create(
        owner=data["owner"], name=data["name"], defaults={"host": data["host"], "url": data["url"]}
    )
    return repo


_ENTRY_FIELDS = (
    "kind",
    "exception_type",
    "message",
    "signature",
    *ErrorEntry.MARKDOWN_FIELDS,
    "status",
    "method",
    "analysed_commit",
    "analysed_at",
)
_SITE_FIELDS = ("path", "line", "function", "commit", "snippet", "snippet_start")
_MACHINE_FIELDS = ("review_state", "reviewed_at", "generated", "assisted", "evidence")


def _state(entry: ErrorEntry, *, machine: bool = False) -> dict:
    """What a write can change, in a comparable form; the machine's part only when the write gives it."""
    repo = entry.repository
    sites = list(entry.sites.all())
    fields = {f: getattr(entry, f) for f in _ENTRY_FIELDS}
    if machine:
        fields.update({f: getattr(entry, f) for f in _MACHINE_FIELDS})
    return {
        "repository": (repo.host, repo.owner, repo.name),
        "fields": fields,
        "sites": [tuple(getattr(s, f) for f in _SITE_FIELDS) for s in sites],
        "site_evidence": [s.evidence for s in sites] if machine else None,
        "solutions": [s.body for s in entry.solutions.all()],
        "related": [link.target.public_id for link in entry.outgoing_links.all()],
    }


def _incoming_state(data: EntryData, repo: Repository) -> dict:
    provenance = data["provenance"]
    fields: dict[str, object] = {
        "kind": data["kind"],
        "exception_type": data["exception_type"],
        "message": data["message"],
        "signature": data["signature"],
        "status": data["status"],
        "method": provenance["method"],
        "analysed_commit": provenance.get("commit", ""),
        "analysed_at": provenance.get("analysed_at"),
    }
    for name in ErrorEntry.MARKDOWN_FIELDS:
        fields[name] = data.get(name, "")
    machine = data.get("machine")
    if machine is not None:
        fields.update({f: machine[f] for f in _MACHINE_FIELDS})  # type: ignore[literal-required]
    return {
        "repository": (repo.host, repo.owner, repo.name),
        "fields": fields,
        "sites": [tuple(cast(Mapping[str, object], site)[f] for f in _SITE_FIELDS) for site in data["sites"]],
        "site_evidence": (machine["site_evidence"] or [{} for _ in data["sites"]]) if machine is not None else None,
        "solutions": list(data["solutions"]),
        "related": [link["id"] for link in data["related"]],
    }


def differs(*, entry: ErrorEntry, data: EntryData) -> bool:
    """Whether writing `data` would change the entry (its links included), beyond the raise sites a harvest
    joined to it after the file's own (a curator's entry keeps its sites, and the code's other raises of its
    wording join them): the file says nothing new then."""
    given = data["repository"]
    repo = Repository.objects.filter(owner=given["owner"], name=given["name"]).first()
    if repo is None:
        return True
    current, incoming = _state(entry, machine="machine" in data), _incoming_state(data, repo)
    sites = current["sites"]
    if incoming["site_evidence"] is None and sites[: len(incoming["sites"])] == incoming["sites"]:
        current["sites"] = incoming["sites"]
    return current != incoming


def save_entry(*, data: EntryData, entry: ErrorEntry | None = None) -> tuple[ErrorEntry, bool]:
    """Create (without `entry`) or replace one entry, its sites and solutions; returns (entry, changed). Links are
    set after (`set_related`: a link may name an entry the same import creates later), and `finish_write` ends it."""
    repo = _repository(data["repository"])
    incoming = _incoming_state(data, repo)
    if entry is not None:
        current = _state(entry, machine="machine" in data)
        if {**current, "related": None} == {**incoming, "related": None}:
            return entry, False
    entry = entry or ErrorEntry(public_id=data.get("id", ""))
    entry.repository = repo
    for name, value in incoming["fields"].items():
        setattr(entry, name, value)
    created = entry.pk is None
    entry.save(force_insert=created)
    if created and data.get("created_at"):
        ErrorEntry.objects.filter(pk=entry.pk).update(created_at=data["created_at"])
    entry.solutions.all().delete()
    # A write without the machine's part keeps each site's evidence where the site stays the same.
    kept = {tuple(getattr(s, f) for f in _SITE_FIELDS): s.evidence for s in entry.sites.all()}
    given = incoming["site_evidence"]
    entry.sites.all().delete()
    for position, values in enumerate(incoming["sites"]):
        evidence = given[position] if given is not None else kept.get(values, {})
        site = RaiseSite(
            entry=entry, position=position, evidence=evidence, **dict(zip(_SITE_FIELDS, values, strict=True))
        )
        site.save()
    for position, body in enumerate(incoming["solutions"]):
        Solution(entry=entry, position=position, body=body).save()
    return entry, True


class LinkTargetsGone(Exception):
    """Entries a write links to were deleted after it was validated (a superuser's delete at the same moment)."""

    def __init__(self, ids: list[str]) -> None:
        super().__init__(f"related entries deleted while this was written: {', '.join(ids)}")
        self.ids = ids


def set_related(*, entry: ErrorEntry, target_ids: list[str]) -> bool:
    """The entry's related links, in this order; True when they changed. Raises LinkTargetsGone (the caller's
    transaction then writes nothing) when a target no longer exists."""
    current = list(entry.outgoing_links.order_by("position", "id").values_list("target__public_id", flat=True))
    if current == target_ids:
        return False
    targets = {e.public_id: e for e in ErrorEntry.objects.filter(public_id__in=target_ids)}
    if gone := [target_id for target_id in target_ids if target_id not in targets]:
        raise LinkTargetsGone(gone)
    entry.outgoing_links.all().delete()
    for position, target_id in enumerate(target_ids):
        RelatedLink.objects.create(source=entry, target=targets[target_id], position=position)
    return True


def _link(*, entry: ErrorEntry, data: EntryData, changed: bool) -> bool:
    """Sets the entry's related links; True when they changed (the entry's `updated_at` then moves too)."""
    links_changed = set_related(entry=entry, target_ids=[link["id"] for link in data["related"]])
    if links_changed and not changed:
        entry.save(update_fields=["updated_at"])
    return links_changed


def write_entry(*, data: EntryData, entry: ErrorEntry | None = None) -> tuple[ErrorEntry, bool]:
    """Create (without `entry`) or replace one entry and its links; returns (entry, changed).

    A caller replacing an entry read it with `ErrorEntry.objects.locked_for_write()` in the transaction this joins,
    and checked its preconditions under that lock: writers of one entry then take turns, and none writes back an
    older state."""
    with transaction.atomic():
        entry, changed = save_entry(data=data, entry=entry)
        links_changed = _link(entry=entry, data=data, changed=changed)
        if changed or links_changed:
            finish_write(entries=[entry] if changed else [], sites_changed=True)
    return entry, changed or links_changed


def import_entries(*, entries: list[EntryData], overwrite: bool = False) -> ImportResult:
    """Adds the entries that do not exist yet. An existing entry that differs is skipped (a curator or a tool may
    have changed it since it was loaded) unless `overwrite`. All or nothing: an id another writer creates meanwhile
    fails the whole import with IntegrityError."""
    ids = [data["id"] for data in entries if "id" in data]
    result = ImportResult()
    with transaction.atomic():
        # Locked (in one order, as every import takes them), so that a write through the API or the admin waits
        # for the import instead of crossing it.
        locked = ErrorEntry.objects.with_card().locked_for_write().filter(public_id__in=ids).order_by("pk")
        existing = {entry.public_id: entry for entry in locked}
        saved = []
        for data in entries:
            entry = existing.get(data.get("id", ""))
            if entry is not None and not overwrite:
                (result.skipped if differs(entry=entry, data=data) else result.unchanged).append(entry.public_id)
                continue
            entry, changed = save_entry(data=data, entry=entry)
            saved.append((entry, changed, data.get("id") in existing, data))
        for entry, changed, existed, data in saved:
            links_changed = _link(entry=entry, data=data, changed=changed)
            bucket = (
                result.unchanged if not (changed or links_changed) else result.updated if existed else result.created
            )
            bucket.append(entry.public_id)
        if result.created or result.updated:
            finish_write(entries=[entry for entry, changed, *_ in saved if changed], sites_changed=True)
    return result

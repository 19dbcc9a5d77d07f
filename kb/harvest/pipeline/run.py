"""The two services behind the commands: `harvest` writes, `verify` only reads."""

import gc
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import TextIO

from django.db import transaction

from kb.actions import record_compiled
from kb.harvest.evidence.releases import read_history
from kb.harvest.evidence.tests_docs import read_tests_and_docs
from kb.harvest.pipeline.fingerprint import Tree, read_tree, remember, unchanged
from kb.harvest.pipeline.plan import EntryKey, Plan, make_plan
from kb.harvest.pipeline.render import SnippetsAhead
from kb.harvest.pipeline.scan import Scan, scan
from kb.harvest.pipeline.sources import SourceFile, collect_files
from kb.harvest.pipeline.store import Outcome, save_plan, server_side_binding
from kb.harvest.pipeline.suggest import refresh_suggestions
from kb.harvest.pipeline.target import Target
from kb.harvest.reading import container_uses, walked
from kb.harvest.reading.extract import FoundSite
from kb.harvest.reading.files import Refusals, clean_json
from kb.models import ErrorEntry, HarvestState, RaiseSite, Repository


@dataclass
class HarvestResult:
    scan: Scan
    outcome: Outcome
    suggestions_changed: int
    # When the last harvest found every file, option and entry as this one does: this one read and wrote nothing.
    unchanged_since: datetime | None = None


@dataclass
class VerifyResult:
    scan: Scan
    moved: list[tuple[ErrorEntry, RaiseSite, FoundSite | None]] = field(default_factory=list)  # None: the site is gone
    reworded: list[tuple[ErrorEntry, FoundSite]] = field(default_factory=list)
    gone: list[ErrorEntry] = field(default_factory=list)
    new: int = 0

    @property
    def problems(self) -> int:
        return len(self.moved) + len(self.reworded) + len(self.gone)


def _scan(
    target: Target,
    progress: bool | None,
    progress_file: TextIO | None,
    files: list[SourceFile] | None = None,
    then: SnippetsAhead | None = None,
    refusals: Refusals | None = None,
    later: bool = False,
) -> Scan:
    return scan(
        target.root,
        prefix=target.prefix,
        excludes=list(target.excludes),
        progress=progress,
        progress_file=progress_file,
        evidence=target.evidence,
        files=files,
        then=then,
        refusals=refusals,
        later=later,
    )


def _plan(found: Scan, repository: Repository, *, lock: bool) -> Plan:
    """`lock`: a harvest holds the rows of the repository's entries from reading them to writing them, so that a
    curator's save committed meanwhile is not written over with what was read (verify writes nothing)."""
    entries = ErrorEntry.objects.filter(repository=repository)
    if lock:
        entries = entries.locked_for_write().order_by("pk")
    return make_plan(found, entries.prefetch_related("sites", "variants"))


def entry_evidence(*, target: Target, scan: Scan) -> dict[EntryKey, dict]:
    """What the repository says about each entry beyond its raise sites: the tests that trigger it and the docs
    that mention it (`tests_docs`), and when it was raised (`history`). Keyed as the plan keys entries."""
    groups: dict[EntryKey, list[FoundSite]] = {}
    for site in scan.sites:
        groups.setdefault(site.key, []).append(site)
    extras: dict[EntryKey, dict] = {key: {} for key in groups}
    if not target.evidence:
        return extras
    evidence = read_tests_and_docs(root=target.root, prefix=target.prefix, groups=groups, refusals=scan.refused)
    for key, found in evidence.items():
        extras[key].update(found)
    history = read_history(
        root=target.root,
        groups=groups,
        releases=target.releases,
        pickaxe=target.pickaxe,
        prefix=target.prefix,
        excludes=target.excludes,
    )
    for key, found in history.items():
        extras[key]["history"] = found
    # Test code, documents and git's output may hold what the database refuses (a NUL, a lone surrogate).
    return {key: clean_json(extra) for key, extra in extras.items()}  # type: ignore[misc]


# One harvest (or verify) at a time in a process: the workers it forks read what it set in module globals just
# before forking them (the trees, the jobs), which a second one in another thread would overwrite.
_one_at_a_time = threading.Lock()


def harvest(*, target: Target, progress: bool | None = None, progress_file: TextIO | None = None) -> HarvestResult:
    """Read, plan and write; or, when every file, option and entry is as the last harvest left them, nothing."""
    with _one_at_a_time, collector_paused():
        try:
            return _harvest(target, progress, progress_file)
        finally:
            # The readers' caches let go of the trees: freed with the harvest's result rather than at the process's
            # end, where the collector's last full pass walked them all (a million objects for Django).
            container_uses.let_go()
            walked.let_go()


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off for the harvest (and so in the workers it forks): what a harvest builds
    lives to its end (sites, lines, entries), and each of the collector's full passes walked all of it again,
    a sixth of the main process's time on Django. Reference counting still frees what is let go."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _harvest(target: Target, progress: bool | None, progress_file: TextIO | None) -> HarvestResult:
    refusals = Refusals()
    files = collect_files(target.root, prefix=target.prefix, excludes=list(target.excludes), refusals=refusals)
    tree = read_tree(target, files)
    state = unchanged(tree, target.owner, target.name)
    if state is not None:
        return _as_before(target, state)
    # On a first harvest, every site is new: their snippets are highlighted by a process of their own from the
    # moment they are found, while this one reads their callers, plans and prepares the rows (`SnippetsAhead`).
    # Again, most sites are known and their snippets not rendered anew: that work would be thrown away.
    first = not ErrorEntry.objects.filter(repository__owner=target.owner, repository__name=target.name).exists()
    ahead = SnippetsAhead() if first else None
    found: Scan | None = None
    try:
        # A first harvest plans its rows while a helper reads the sites' callers (`scan`'s `later`): there are no
        # rows of the repository to lock meanwhile.
        found = _scan(target, progress, progress_file, files, then=ahead, refusals=refusals, later=first)
        return _write(target, tree, found, ahead, progress, progress_file)
    finally:
        if found is not None:
            found.close()
        if ahead is not None:
            ahead.close()


def _write(
    target: Target,
    tree: Tree,
    found: Scan,
    ahead: SnippetsAhead | None,
    progress: bool | None,
    progress_file: TextIO | None,
) -> HarvestResult:
    # What the tests and docs say needs each site's entry points: read once the scan has them all, after the new
    # rows are made when a helper is still reading them (those rows do not need them).
    extras: dict[EntryKey, dict] | Callable[[], dict[EntryKey, dict]]
    if found.reading is None:
        extras = entry_evidence(target=target, scan=found)
    else:
        extras = lambda: entry_evidence(target=target, scan=found.complete())  # noqa: E731
    with transaction.atomic():
        repository, _ = Repository.objects.get_or_create(owner=target.owner, name=target.name)
        plan = _plan(found, repository, lock=True)
        outcome = save_plan(
            plan=plan,
            repository=repository,
            commit=target.commit,
            extras=extras,
            publish=target.publish or repository.publish_harvested,
            progress=progress,
            progress_file=progress_file,
            ahead=ahead,
            first=not plan.known,  # as the rows it locked say, whatever was there before the scan
        )
        suggestions = outcome.suggested
        if suggestions is None:
            with server_side_binding():  # thousands of suggestions, inserted as the entries are
                suggestions = refresh_suggestions(repository=repository)
        # "root": where the tree was read, so that `manage.py analyze` checks names against it by default;
        # "skipped": sites no entry holds (bare asserts), which the repository's page counts.
        figures = {
            "files_read": found.files_read,
            "coverage": outcome.coverage() | {"published": 0},
            "root": str(target.root),
            "skipped": dict(found.skipped),
        }
        remember(tree, repository, figures)
        if found.complete().compiled:  # taken in with the callers (nothing is left to wait for by now)
            record_compiled(repository=repository, record=found.compiled, touched=outcome.changed)
    return HarvestResult(scan=found, outcome=outcome, suggestions_changed=suggestions)


def _as_before(target: Target, state: HarvestState) -> HarvestResult:
    found = Scan(prefix=target.prefix, excludes=list(target.excludes), files_read=state.figures.get("files_read", 0))
    coverage = state.figures.get("coverage")
    outcome = Outcome(unchanged=coverage["entries"] if coverage else 0, stored_coverage=coverage)
    return HarvestResult(scan=found, outcome=outcome, suggestions_changed=0, unchanged_since=state.harvested_at)


def verify(
    *, target: Target, repository: Repository, progress: bool | None = None, progress_file: TextIO | None = None
) -> VerifyResult:
    with _one_at_a_time:
        found = _scan(target, progress, progress_file)
    plan = _plan(found, repository, lock=False)
    result = VerifyResult(scan=found, gone=list(plan.removed))
    for item in plan.entries:
        if item.is_new:
            result.new += 1
            continue
        if item.wording_changed:
            result.reworded.append((item.current, item.head))
        result.moved.extend((item.current, site, site_found) for site, site_found in item.changed)
        if item.dropped and not item.changed and not item.wording_changed:
            # A site gone while the entry is still raised elsewhere: its page points at code that is not there.
            result.moved.extend((item.current, site, None) for site in item.dropped)
    return result

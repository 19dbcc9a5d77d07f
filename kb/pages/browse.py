"""A repository's errors as readers browse them: by module (of the first raise site) and exception type, and by
review state."""

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import groupby

from django.db.models import Count

from kb.harvest.pipeline.kept import BARE_ASSERT, LABELS
from kb.models import ErrorEntry, HarvestState, Repository

NO_SOURCE = "(no source)"
# `?review=` values, in the order the page offers them.
REVIEW_FILTERS = {state.value: state.label for state in ErrorEntry.Review}


def module_of(path: str | None) -> str:
    """The dotted module of a path relative to the repository root: django/db/models/query.py is
    django.db.models.query, a package's __init__.py is the package. A file that is not Python keeps its path."""
    if not path:
        return NO_SOURCE
    if not path.endswith(".py"):
        return path
    return path.removesuffix(".py").removesuffix("/__init__").strip("/").replace("/", ".")


@dataclass
class ModuleGroup:
    module: str
    types: list[tuple[str, list[ErrorEntry]]] = field(default_factory=list)


def by_module(entries: Iterable[ErrorEntry]) -> list[ModuleGroup]:
    """Entries annotated with `first_path` (ErrorEntry.objects.with_first_path), ordered by it and then by type,
    grouped under their module and, within it, their exception type."""
    groups = []
    for module, in_module in groupby(entries, key=lambda entry: module_of(entry.first_path)):  # type: ignore[attr-defined]
        group = ModuleGroup(module)
        group.types = [(kind, list(items)) for kind, items in groupby(in_module, key=lambda e: e.exception_type)]
        groups.append(group)
    return groups


def kept_unpublished(repository: Repository) -> list[tuple[str, int]]:
    """What the last harvest left unpublished and why, as (what it is, how many), in `LABELS`' order: its drafts by
    the reason harvest stored (`kb.harvest.pipeline.kept`), and the bare asserts its scan skipped. Counts only:
    no draft is shown."""
    drafts = ErrorEntry.objects.filter(
        repository=repository, status=ErrorEntry.Status.DRAFT, method=ErrorEntry.Method.HARVESTED
    )
    rows = drafts.filter(evidence__has_key="unpublished").values("evidence__unpublished").annotate(n=Count("id"))
    counts = {row["evidence__unpublished"]: row["n"] for row in rows}
    state = HarvestState.objects.filter(repository=repository).values_list("figures", flat=True).first() or {}
    counts[BARE_ASSERT] = (state.get("skipped") or {}).get(BARE_ASSERT, 0)
    return [(label, counts[reason]) for reason, label in LABELS.items() if counts.get(reason)]

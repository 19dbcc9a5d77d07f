"""A repository's errors as readers browse them: by module (of the first raise site) and exception type, and by
review state."""

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import groupby

from kb.models import ErrorEntry

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

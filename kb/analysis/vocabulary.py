"""What errorkb knows of a repository's names: identifiers, command-line flags and file paths, read from an entry's
evidence, the repository's other entries, and (optionally) the harvested source tree. An answer's claims are checked
against it (`kb.analysis.verify`)."""

import builtins
import keyword
import os
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from kb.models import ErrorEntry, RaiseSite, Repository

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*+")
FLAG = re.compile(r"(?<![\w-])--[A-Za-z0-9][\w-]*+")
# Files whose text may name things: code, docs, configuration. Others count only by their path.
TEXT_SUFFIXES = {".py", ".pyi", ".rst", ".txt", ".md", ".cfg", ".toml", ".ini", ".html", ".json", ".yaml", ".yml"}
LARGEST_TEXT = 1024 * 1024
SKIPPED_DIRS = {"node_modules", "__pycache__"}


def _python_names() -> set[str]:
    """Names any Python answer may use without the repository defining them: builtins, keywords, the standard
    library's modules and the methods of the builtin types."""
    names = {*dir(builtins), *keyword.kwlist, *keyword.softkwlist, *sys.stdlib_module_names, "self", "cls"}
    for kind in (str, bytes, int, float, list, dict, set, tuple, object, BaseException):
        names.update(dir(kind))
    return names


PYTHON_NAMES = frozenset(_python_names())


@dataclass
class Vocabulary:
    names: set[str] = field(default_factory=set)
    flags: set[str] = field(default_factory=set)
    # Every path and every tail of one ("django/db/models/base.py", "db/models/base.py", ..., "base.py").
    paths: set[str] = field(default_factory=set)
    base: "Vocabulary | None" = None

    def read(self, text: str) -> None:
        self.names.update(IDENTIFIER.findall(text))
        self.flags.update(FLAG.findall(text))

    def add_path(self, path: str) -> None:
        parts = [part for part in path.strip().strip("/").split("/") if part not in ("", ".")]
        for start in range(len(parts)):
            self.paths.add("/".join(parts[start:]))
        for part in parts:
            # Module names: `django.db.models.base` names the file django/db/models/base.py.
            self.names.update(IDENTIFIER.findall(part.rsplit(".", 1)[0]))

    def on(self, base: "Vocabulary") -> "Vocabulary":
        """This vocabulary with `base` behind it: an entry's own names over the repository's, without copying."""
        return Vocabulary(self.names, self.flags, self.paths, base)

    def knows_name(self, dotted: str) -> bool:
        return all(self._has("names", part) or part in PYTHON_NAMES for part in dotted.split(".") if part)

    def knows_flag(self, flag: str) -> bool:
        return self._has("flags", flag.split("=", 1)[0])

    def knows_path(self, path: str) -> bool:
        return self._has("paths", path.strip().removeprefix("./").strip("/"))

    def _has(self, kind: str, value: str) -> bool:
        return value in getattr(self, kind) or (self.base is not None and self.base._has(kind, value))


def entry_vocabulary(entry: ErrorEntry, sites: list[RaiseSite]) -> Vocabulary:
    """The names in one entry's own evidence: its message, its sites' code, conditions, callers, tests and docs."""
    vocabulary = Vocabulary()
    for text in (entry.exception_type, entry.message, entry.signature):
        vocabulary.read(text)
    for site in sites:
        vocabulary.add_path(site.path)
        for text in (site.function, site.snippet, *_strings(site.evidence)):
            vocabulary.read(text)
        for caller in (site.evidence or {}).get("callers") or []:
            if isinstance(caller, dict) and isinstance(caller.get("path"), str):
                vocabulary.add_path(caller["path"])
    for text in _strings(entry.evidence):
        vocabulary.read(text)
    for kind in ("tests", "docs"):
        for item in (entry.evidence or {}).get(kind) or []:
            if isinstance(item, dict) and isinstance(item.get("path"), str):
                vocabulary.add_path(item["path"])
    return vocabulary


def repository_vocabulary(repository: Repository, source: Path | None = None) -> Vocabulary:
    """The names of every entry of the repository (types, sites' files and functions), and with `source` every name,
    flag and file of the harvested tree."""
    vocabulary = Vocabulary()
    for exception_type in ErrorEntry.objects.filter(repository=repository).values_list("exception_type", flat=True):
        vocabulary.read(exception_type)
    for path, function in RaiseSite.objects.filter(entry__repository=repository).values_list("path", "function"):
        vocabulary.add_path(path)
        vocabulary.read(function)
    if source is not None:
        read_source(vocabulary, source)
    return vocabulary


def read_source(vocabulary: Vocabulary, root: Path) -> int:
    """Adds a source tree's paths and the names in its text files; returns how many files it read."""
    read = 0
    for path in _files(root):
        relative = path.relative_to(root).as_posix()
        vocabulary.add_path(relative)
        if path.suffix in TEXT_SUFFIXES:
            try:
                if path.stat().st_size <= LARGEST_TEXT:
                    vocabulary.read(path.read_text(encoding="utf-8", errors="replace"))
                    read += 1
            except OSError:
                continue
    return read


def _files(root: Path) -> Iterator[Path]:
    for directory, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIPPED_DIRS)
        for name in sorted(files):
            yield Path(directory, name)


def _strings(value: object) -> Iterable[str]:
    """Every string in a JSON value, keys left out."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)

"""Read every file once, index the modules and classes, then extract the raise sites: no database here."""

import ast
import functools
import gc
import io
import sys
import tokenize
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from tqdm import tqdm

from kb.harvest.callers import Called, CallGraph, Defined
from kb.harvest.classes import ClassIndex, read_classes
from kb.harvest.extract import FoundSite, ModuleExtractor, ModuleResult
from kb.harvest.imports import ModuleInfo, Resolver, imported_names, read_module
from kb.harvest.pool import pool_size, shared_map
from kb.harvest.sources import SourceFile, collect_files, with_namespaces


@dataclass
class Scan:
    prefix: str
    excludes: list[str]
    files_read: int = 0
    unparsable: list[tuple[str, str]] = field(default_factory=list)  # (path, why)
    sites: list[FoundSite] = field(default_factory=list)
    skipped: Counter = field(default_factory=Counter)
    lines: dict[str, list[str]] = field(default_factory=dict)  # recorded path -> its lines, to compare snippets
    # (path, function) of raises whose type is only known at run time: an entry there may still be raised.
    unresolved: set[tuple[str, str]] = field(default_factory=set)


@dataclass
class _Parsed:
    source: SourceFile
    tree: ast.Module
    lines: list[str]
    info: ModuleInfo


def read_source(raw: bytes) -> str:
    encoding, _ = tokenize.detect_encoding(io.BytesIO(raw).readline)
    return raw.decode(encoding)


def split_lines(text: str) -> list[str]:
    # As the parser counts lines: str.splitlines would also break at form feeds and other separators.
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def scan(
    root: Path, *, prefix: str = "", excludes: Sequence[str] = (), progress: bool | None = None,
    progress_file: TextIO | None = None, evidence: bool = True, files: list[SourceFile] | None = None,
) -> Scan:  # fmt: skip
    """`progress` None shows the bar only on a terminal; `evidence` False reads the sites alone (no conditions,
    function, callers: `kb.harvest.evidence`); `files`: the files under `root` when the caller has listed them
    already (the harvest does, to fingerprint them), so that the tree is not walked twice."""
    # The syntax trees of every file stay alive to the end, millions of objects that never form garbage: each
    # full collection of the cyclic garbage collector walked them all again (a third of the scan's time).
    # Frozen as they are read, the collector skips them; given back to it when the scan is done.
    gc.freeze()
    try:
        return _scan(root, prefix, excludes, progress, progress_file, evidence, files)
    finally:
        gc.unfreeze()


def _scan(
    root: Path, prefix: str, excludes: Sequence[str], progress: bool | None, progress_file: TextIO | None,
    evidence: bool, files: list[SourceFile] | None,
) -> Scan:  # fmt: skip
    result = Scan(prefix=prefix, excludes=list(excludes))
    if files is None:
        files = collect_files(root, prefix=prefix, excludes=list(excludes))
    bar = {"disable": None if progress is None else not progress, "file": progress_file or sys.stderr}
    read: list[tuple[SourceFile, ast.Module, str]] = []
    for source in tqdm(files, desc="parsing", unit=" files", **bar):
        try:
            text = read_source(source.absolute.read_bytes())
            tree = ast.parse(text, filename=source.path)
        except (SyntaxError, ValueError, UnicodeDecodeError, RecursionError, OSError) as exc:
            result.unparsable.append((source.path, _why(exc)))
            continue
        read.append((source, tree, text))
        gc.freeze()
    if any(source.namespaces for source, _, _ in read):
        imported = {name for _, tree, _ in read for name in imported_names(tree.body)}
        renamed = with_namespaces([source for source, _, _ in read], imported)
        read = [(source, tree, text) for source, (_, tree, text) in zip(renamed, read, strict=True)]
    parsed: list[_Parsed] = []
    for (source, tree, text), name in zip(read, distinct_names(read), strict=True):
        info = read_module(tree, name=name, is_package=source.absolute.name == "__init__.py")
        info.path, info.lines = source.path, split_lines(text)
        parsed.append(_Parsed(source, tree, info.lines, info))
    result.files_read = len(parsed)
    modules: dict[str, ModuleInfo] = {}
    for item in parsed:
        modules.setdefault(item.info.name, item.info)
    resolver = Resolver(modules)
    index = ClassIndex([c for item in parsed for c in read_classes(item.tree, item.info)], resolver)
    gc.freeze()
    defined: list[Defined] = []
    called: list[Called] = []
    for item, found in zip(parsed, _extract_all(parsed, index, evidence, bar), strict=True):
        defined += found.defined
        called += found.called
        result.sites.extend(found.sites)
        result.skipped.update(found.skipped)
        result.unresolved.update(found.unresolved)
        result.lines[item.source.path] = item.lines
    # A helper's raise is a second site of each message handed to it: once per entry, however many calls.
    result.sites = list(dict.fromkeys(result.sites))
    if evidence:
        add_callers(result.sites, CallGraph(defined, called, inherits=_inherits(index)))
    return result


# What the extracting workers read: set before they are forked, so that each inherits the trees and the class
# index as they are in memory (nothing pickled on the way in), and only the small per-file results come back.
_shared: tuple[list[_Parsed], ClassIndex, bool] | None = None


def _extract_one(number: int) -> ModuleResult:
    assert _shared is not None
    parsed, index, evidence = _shared
    item = parsed[number]
    return ModuleExtractor(
        tree=item.tree, lines=item.lines, path=item.source.path, info=item.info, index=index, evidence=evidence
    ).extract()


def _extract_all(parsed: list[_Parsed], index: ClassIndex, evidence: bool, bar: dict) -> Iterator[ModuleResult]:
    """Each file's sites, in the files' order: shared with forked workers when there are enough files to pay for
    it (a file's extraction reads the class index of all of them, never another file's results)."""
    global _shared
    _shared = (parsed, index, evidence)
    try:
        workers = pool_size(len(parsed))
        if workers <= 1:
            yield from (_extract_one(n) for n in tqdm(range(len(parsed)), desc="extracting", unit=" files", **bar))
            return
        # The longest files first: the last chunks claimed are then short, and no process is left with a long one
        # while the others have finished.
        order = sorted(range(len(parsed)), key=lambda number: -len(parsed[number].lines))
        results: dict[int, ModuleResult] = {}
        for rank, result in tqdm(
            shared_map(lambda rank: _extract_one(order[rank]), len(parsed), workers=workers), total=len(parsed),
            desc="extracting", unit=" files", **bar,
        ):  # fmt: skip
            results[order[rank]] = result
        yield from (results[number] for number in range(len(parsed)))
    finally:
        _shared = None


def add_callers(sites: list[FoundSite], graph: CallGraph) -> None:
    """Each site's callers, read once per function (a function often raises several errors)."""
    read: dict[tuple[str, str], list[dict]] = {}
    for site in sites:
        if not site.evidence or not site.function:
            continue
        key = (site.path, site.function)
        if key not in read:
            read[key] = graph.callers(*key)
        site.evidence["callers"] = [dict(caller) for caller in read[key]]


def _inherits(index: ClassIndex) -> Callable[[str, str], bool]:
    @functools.cache
    def ancestors(qualname: str) -> frozenset[str]:
        return frozenset(info.qualname for info in index.mro(qualname)) | {qualname}

    return lambda cls, base: base in ancestors(cls)


def distinct_names(read: list[tuple[SourceFile, ast.Module, str]]) -> list[str]:
    """Each file's module name as the harvest knows it internally: scripts outside any package with the same
    file name (`scripts/deploy.py`, `tools/deploy.py`) are both `deploy`, and each must read its own classes.
    The first keeps the name (what `import deploy` finds); the others get `deploy@2`, ..., which
    `visible_name` takes back off the types recorded."""
    seen: Counter = Counter()
    names = []
    for source, _, _ in read:
        seen[source.module] += 1
        names.append(source.module if seen[source.module] == 1 else f"{source.module}@{seen[source.module]}")
    return names


def _why(exc: Exception) -> str:
    if isinstance(exc, SyntaxError):
        return f"line {exc.lineno}: {exc.msg}"
    return f"{type(exc).__name__}: {exc}"

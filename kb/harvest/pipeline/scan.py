"""Read every file once, index the modules and classes, then extract the raise sites: no database here."""

import ast
import builtins
import dataclasses
import functools
import gc
import re
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TextIO

from tqdm import tqdm

from kb.harvest.pipeline.compiled import compiled_record
from kb.harvest.pipeline.pool import Afterwards, Beside, pool_size, shared_map
from kb.harvest.pipeline.sources import SourceFile, collect_files, with_namespaces
from kb.harvest.reading.bound import bound_methods
from kb.harvest.reading.callers import Called, CallGraph, Defined
from kb.harvest.reading.classes import ClassIndex, ClassInfo, read_classes
from kb.harvest.reading.extract import FoundSite, ModuleExtractor, ModuleResult
from kb.harvest.reading.files import (
    MAX_FUNCTION,
    MAX_TYPE,
    TOO_MANY_SITES,
    Caps,
    Refusals,
    Refused,
    parse_source,
    read_bytes,
    real_root,
    refusal,
)
from kb.harvest.reading.imports import ModuleInfo, Resolver, imported_names, read_module, visible_name
from kb.harvest.reading.reach import add_reach
from kb.harvest.reading.switches import Declared, SwitchIndex, declared_settings


@dataclass
class Scan:
    prefix: str
    excludes: list[str]
    files_read: int = 0
    refused: Refusals = field(default_factory=Refusals)  # the files not taken, by reason (`kb.harvest.reading.files`)
    sites: list[FoundSite] = field(default_factory=list)
    skipped: Counter = field(default_factory=Counter)
    lines: dict[str, list[str]] = field(default_factory=dict)  # recorded path -> its lines, to compare snippets
    # (path, function) of raises whose type is only known at run time: an entry there may still be raised.
    unresolved: set[tuple[str, str]] = field(default_factory=set)
    # The tree's compiled modules and the names imported from them (`kb.harvest.pipeline.compiled`).
    compiled: dict = field(default_factory=dict)
    # The sites' callers and entry points, when a helper is still reading them (`scan(later=True)`): per site, what
    # that reading took out of its evidence and put in (`_read_in`).
    reading: "Beside[list[tuple[list[str], dict]]] | None" = field(default=None, repr=False, compare=False)
    # The rest of the scan, read by this process at `complete` before it waits for the helper.
    meanwhile: Callable[[], None] | None = field(default=None, repr=False, compare=False)
    # Run once nothing more is read from the trees (at `complete` or `close`): lets go of the readings kept.
    finished: Callable[[], None] | None = field(default=None, repr=False, compare=False)

    def complete(self) -> "Scan":
        """The scan with each site's callers and entry points in its evidence: taken from the helper reading them,
        if one is. Before anything reads the sites' evidence or `compiled`."""
        if self.meanwhile is not None:
            meanwhile, self.meanwhile = self.meanwhile, None
            meanwhile()
        if self.reading is not None:
            reading, self.reading = self.reading, None
            # The helper's changes, made again here (read here instead, they are made already: nothing changes).
            for site, (dropped, changed) in zip(self.sites, reading.result(), strict=True):
                for key in dropped:
                    site.evidence.pop(key, None)
                site.evidence.update(changed)
        self._finish()
        return self

    def close(self) -> None:
        """Stop the helper reading the callers, if one still is (the harvest ends without them)."""
        self.meanwhile = None
        if self.reading is not None:
            self.reading.close()
            self.reading = None
        self._finish()

    def _finish(self) -> None:
        if self.finished is not None:
            finished, self.finished = self.finished, None
            finished()


class AfterExtraction(Afterwards, Protocol):
    def start(self, sites: list[FoundSite]) -> None:
        """In this process, with the sites found."""


@dataclass
class _Parsed:
    source: SourceFile
    tree: ast.Module
    lines: list[str]
    info: ModuleInfo


def split_lines(text: str) -> list[str]:
    # As the parser counts lines: str.splitlines would also break at form feeds and other separators.
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def scan(
    root: Path,
    *,
    prefix: str = "",
    excludes: Sequence[str] = (),
    progress: bool | None = None,
    progress_file: TextIO | None = None,
    evidence: bool = True,
    files: list[SourceFile] | None = None,
    then: "AfterExtraction | None" = None,
    refusals: Refusals | None = None,
    later: bool = False,
) -> Scan:
    """`progress` None shows the bar only on a terminal; `evidence` False reads the sites alone (no conditions,
    function, callers: `reading.site_evidence`); `files`: the files under `root` when the caller has listed them
    already (the harvest does, to fingerprint them), so that the tree is not walked twice; `then`: the next step,
    which the first helper of the extraction goes on to (`shared_map`'s `afterwards`), started with the sites as
    soon as they are found, before their callers are read (the harvest's `SnippetsAhead`); `refusals`: where the
    files not taken are counted, with those the caller's listing refused already; `later`: the sites' callers and
    entry points read by a forked helper (when the extraction had helpers) while the caller goes on with what
    does not need them, and the tree's compiled code read at `Scan.complete()`, which takes them in (before
    waiting for them); `Scan.close()` stops the helper."""
    # The syntax trees of every file stay alive to the end, millions of objects that never form garbage: each
    # full collection of the cyclic garbage collector walked them all again (a third of the scan's time).
    # Frozen as they are read, the collector skips them; given back to it when the scan is done.
    gc.freeze()
    try:
        result = Scan(prefix=prefix, excludes=list(excludes), refused=Refusals() if refusals is None else refusals)
        return _scan(root, result, progress, progress_file, evidence, files, then, later)
    finally:
        gc.unfreeze()


def _scan(
    root: Path,
    result: Scan,
    progress: bool | None,
    progress_file: TextIO | None,
    evidence: bool,
    files: list[SourceFile] | None,
    then: "AfterExtraction | None",
    later: bool,
) -> Scan:
    caps = Caps.from_settings()
    if files is None:
        files = collect_files(root, prefix=result.prefix, excludes=result.excludes, refusals=result.refused, caps=caps)
    bar = {"disable": None if progress is None else not progress, "file": progress_file or sys.stderr}
    read = _Read(files, result, evidence, bar, root=real_root(root), caps=caps)

    def compiled() -> None:
        result.compiled = compiled_record(
            root,
            prefix=result.prefix,
            excludes=result.excludes,
            files=files,
            modules=[(item.info, item.tree) for item in read.parsed],
            caps=caps,
        )

    found: dict[int, ModuleResult] = {}
    # Closed however the loop ends, so that the helpers end with it (not when the generator is collected).
    workers = pool_size(len(read.parsed))
    with closing(shared_map(read.extract, len(read.parsed), workers=workers, afterwards=then)) as extracted:
        for rank, module in tqdm(extracted, total=len(read.parsed), desc="extracting", unit=" files", **bar):
            found[read.order[rank]] = module
    defined: list[Defined] = []
    called: list[Called] = []
    declared: list[Declared] = []
    for number, item in enumerate(read.parsed):
        module = found[number]
        if module.refused is not None:
            result.refused.add(item.source.path, module.refused)
            continue
        defined += module.defined
        called += module.called
        declared += module.declared
        result.sites.extend(module.sites)
        result.skipped.update(module.skipped)
        result.unresolved.update(module.unresolved)
        result.lines[item.source.path] = item.lines
    # A helper's raise is a second site of each message handed to it: once per entry, however many calls.
    result.sites = own_cards_of_unraised(unique([site for site in result.sites if not test_module(site.path)]))
    result.sites = one_wording_per_shape(resurfaced(result.sites, _inherits(read.index)))
    if then is not None:
        then.start(result.sites)
    if evidence:
        sites = result.sites

        def reach() -> list[tuple[list[str], dict]]:
            before = [dict(site.evidence) for site in sites]
            locate = _locate(read)
            bound = bound_methods(read.index.classes.values(), locate, _function_node(read))
            resolves, resolves_above = _resolves(read.index, {(b.alias.owner, b.alias.name) for b in bound})
            graph = CallGraph(
                defined,
                called,
                inherits=_inherits(read.index),
                resolves=resolves,
                resolves_above=resolves_above,
                locate=locate,
                constructs=_constructs(read),
                catches=_catches(read.index),
                binds=_binds(read),
                bound=bound,
            )
            add_callers(sites, graph)
            switches = SwitchIndex(declared + [row for item in read.parsed for row in declared_settings(item.info)])
            add_reach(sites, graph, read.index, switches, {item.source.path: item.tree for item in read.parsed})
            return [_read_in(was, site.evidence) for was, site in zip(before, sites, strict=True)]

        # `later`, with helpers: read by one more process, forked now with all it needs in memory, while this one
        # plans and makes the rows (which need none of it); the fork costs this process a few hundredths of a
        # second, reading the graph about 0.35 CPU s on Django, which this process did alone while the others
        # highlighted.
        # The index's readings kept scopes, which name it: let go once the sites are complete (the helper has its own).
        result.finished = read.index.let_go
        result.reading = Beside(reach, fork=later and workers > 1)
        if result.reading.forked:
            result.meanwhile = compiled  # needed only at the end: read while the helper reads the graph
            return result
        result.complete()
    else:
        read.index.let_go()
    compiled()
    return result


def _read_in(before: dict, after: dict) -> tuple[list[str], dict]:
    """The keys an evidence dict lost, and those it gained or holds a new value under: what a helper sends back
    (the rest of each site's evidence, its conditions and definitions, the process it was forked from has)."""
    dropped = [key for key in before if key not in after]
    return dropped, {key: value for key, value in after.items() if key not in before or before[key] is not value}


class _Read:
    """Every file parsed, its module read, the classes of all of them indexed: what extracting any one file needs
    (forked helpers inherit it, `shared_map`)."""

    def __init__(
        self, files: list[SourceFile], result: Scan, evidence: bool, bar: dict, *, root: str, caps: Caps
    ) -> None:
        self.evidence = evidence
        self.caps = caps
        read: list[tuple[SourceFile, ast.Module, str]] = []
        # Nor is the collector run while a file is parsed: a tree's nodes are no garbage either (a tenth of the
        # parse); it runs again, as it was, with the next step.
        collecting = gc.isenabled()
        gc.disable()
        try:
            for source in tqdm(files, desc="parsing", unit=" files", **bar):
                try:
                    text, tree = parse_source(read_bytes(source.absolute, root=root, cap=caps.file_bytes), source.path)
                except Refused as refused:
                    result.refused.add(source.path, refused)
                    continue
                read.append((source, tree, text))
                gc.freeze()
        finally:
            if collecting:
                gc.enable()
        if any(source.namespaces for source, _, _ in read):
            imported = {name for _, tree, _ in read for name in imported_names(tree.body)}
            renamed = with_namespaces([source for source, _, _ in read], imported)
            read = [(source, tree, text) for source, (_, tree, text) in zip(renamed, read, strict=True)]
        self.parsed: list[_Parsed] = []
        classes: list[ClassInfo] = []
        for (source, tree, text), name in zip(read, distinct_names(read), strict=True):
            try:
                info = read_module(tree, name=name, is_package=source.absolute.name == "__init__.py")
                info.path, info.lines = source.path, split_lines(text)
                classes += read_classes(tree, info)
            except Exception as error:  # as in `extract`: one file's fault is that file's
                result.refused.add(source.path, refusal(error, "reading its imports and classes"))
                continue
            self.parsed.append(_Parsed(source, tree, info.lines, info))
        result.files_read = len(self.parsed)
        modules: dict[str, ModuleInfo] = {}
        for item in self.parsed:
            modules.setdefault(item.info.name, item.info)
        self.index = ClassIndex(classes, Resolver(modules))
        gc.freeze()
        # The longest files first: the last chunks claimed are then short, and no process is left with a long one
        # while the others have finished.
        self.order = sorted(range(len(self.parsed)), key=lambda number: -len(self.parsed[number].lines))

    def extract(self, rank: int) -> ModuleResult:
        """One file's sites; a file that no step can read to the end (nested too deep, too many raises, a fault of
        the extractor's on odd code) is refused whole, so that one file never ends the harvest."""
        item = self.parsed[self.order[rank]]
        try:
            module = ModuleExtractor(
                tree=item.tree,
                lines=item.lines,
                path=item.source.path,
                info=item.info,
                index=self.index,
                evidence=self.evidence,
            ).extract()
        except Exception as error:  # any fault on one hostile file is that file's, not the run's
            return ModuleResult(refused=refusal(error, "the extraction"))
        return within_caps(module, self.caps)


def within_caps(module: ModuleResult, caps: Caps) -> ModuleResult:
    """The module's result, its sites within what the database holds: a file with more raises than the cap is
    refused whole; a site whose message, type or function is longer than its column is skipped."""
    if len(module.sites) > caps.file_sites:
        return ModuleResult(refused=Refused(TOO_MANY_SITES, f"{len(module.sites):,}, the cap is {caps.file_sites:,}"))
    if all(_fits(site, caps) for site in module.sites):
        return module
    kept = [site for site in module.sites if _fits(site, caps)]
    module.skipped[f"message longer than {caps.message_chars:,} characters, or a name longer than its column"] += len(
        module.sites
    ) - len(kept)
    module.sites = kept
    return module


def _fits(site: FoundSite, caps: Caps) -> bool:
    return (
        len(site.message) <= caps.message_chars
        and len(site.signature) <= caps.message_chars
        and len(site.exception_type) <= MAX_TYPE
        and len(site.function) <= MAX_FUNCTION
    )


def own_cards_of_unraised(sites: list[FoundSite]) -> list[FoundSite]:
    """The card an exception class words for itself (`FoundSite.class_card`) is kept only for a class no raise of the
    harvest was found for: a raise's entry is the better answer, and the class is reachable through it."""
    raised = {site.exception_type for site in sites if not site.class_card}
    return [site for site in sites if not site.class_card or site.exception_type not in raised]


def test_module(path: str) -> bool:
    """A test module a package ships inside itself (`glom/test/test_scope_vars.py`, `conftest.py`): its raises are
    its tests' own (`raise Exception("nope")` in a fixture), never an error the package gives its users, and a
    message of theirs would answer another library's lookup. Read for evidence, never for sites."""
    name = path.rpartition("/")[2]
    return name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py"


def unique(sites: list[FoundSite]) -> list[FoundSite]:
    """Each site once, in order; of two that differ only in that one resurfaces a caught error (`raise err` where
    `err` is `GlomError.wrap(e)` on one way and `copy.copy(e)` on another), the one that resurfaces."""
    kept: dict[FoundSite, FoundSite] = {}
    for site in sites:
        if site not in kept or (site.resurfaces and not kept[site].resurfaces):
            kept[site] = site
    return list(kept.values())


def resurfaced(sites: list[FoundSite], inherits: Callable[[str, str], bool]) -> list[FoundSite]:
    """A raise that clears the traceback of the error it caught (`FoundSite.resurfaces`) is where a traceback of
    that error ends, whichever raise of the caught class (or a subclass) made it: a site of each of their entries,
    with the entry's type and wording. With none of them found, it stays a site of the caught class."""
    raised = [s for s in sites if s.kind == "error" and not s.resurfaces and not s.class_card]
    out: list[FoundSite] = []
    for site in sites:
        if not site.resurfaces:
            out.append(site)
            continue
        family = {s.key: s for s in raised if inherits(s.exception_type, site.exception_type)}
        out += [
            dataclasses.replace(
                site,
                exception_type=s.exception_type,
                message=s.message,
                signature=s.signature,
                variants=s.variants,
                written_at="" if s.signature else s.site_key,
                evidence=dict(site.evidence),
                resurfaces=False,
            )
            for s in family.values()
        ] or [site]
    return out


def one_wording_per_shape(sites: list[FoundSite]) -> list[FoundSite]:
    """Raises of one type whose wordings differ only by their placeholders' names (`Index out of range: {i}`,
    `Index out of range: {index}`) print the same messages: one entry, in the wording most of them have (the first
    site's at a tie), since no message tells them apart."""
    groups: dict[tuple[str, str], list[FoundSite]] = {}
    for site in sites:
        if site.signature:
            groups.setdefault((site.exception_type, _placeholders_unnamed(site.signature)), []).append(site)
    chosen: dict[tuple[str, str], FoundSite] = {}
    for key, group in groups.items():
        if len({site.signature for site in group}) > 1:
            counts = Counter(site.signature for site in group)
            chosen[key] = max(group, key=lambda site: counts[site.signature])
    if not chosen:
        return sites
    out = []
    for site in sites:
        wording = chosen.get((site.exception_type, _placeholders_unnamed(site.signature))) if site.signature else None
        if wording is None or wording.signature == site.signature:
            out.append(site)
            continue
        variants = tuple(v for v in (*wording.variants, *site.variants) if v[1] != wording.signature)
        out.append(
            dataclasses.replace(
                site, message=wording.message, signature=wording.signature, variants=tuple(dict.fromkeys(variants))
            )
        )
    return out


def _placeholders_unnamed(signature: str) -> str:
    return re.sub(r"\{[^{}]*+\}", "{}", signature)


def add_callers(sites: list[FoundSite], graph: CallGraph) -> None:
    """Each site's callers, read once per function (a function often raises several errors)."""
    read: dict[tuple[str, str, str], list[dict]] = {}
    for site in sites:
        if not site.evidence or not site.function:
            continue
        key = (site.path, site.function, site.exception_type)
        if key not in read:
            read[key] = graph.callers(*key)
        site.evidence["callers"] = [dict(caller) for caller in read[key]]


def _inherits(index: ClassIndex) -> Callable[[str, str], bool]:
    @functools.cache
    def ancestors(qualname: str) -> frozenset[str]:
        return frozenset(info.qualname for info in index.mro(qualname)) | {qualname}

    return lambda cls, base: base in ancestors(cls)


def _resolves(
    index: ClassIndex, bound: frozenset[tuple[str, str]] | set[tuple[str, str]] = frozenset()
) -> tuple[Callable[[str, str], str | None], Callable[[str, str], str | None]]:
    """The class whose method `self.<name>` runs for an instance of `owner`, and the one `super().<name>` runs in
    a method of `owner`. `bound`: (class, name) of the methods a class body binds to a function defined elsewhere
    (`reading.bound`), which stand as the class's own: `DatabaseWrapper.ensure_connection = complain` in Django's
    dummy backend replaces `BaseDatabaseWrapper.ensure_connection`."""

    def defines(info: ClassInfo, name: str) -> bool:
        return name in info.methods or (info.qualname, name) in bound

    @functools.cache
    def resolves(owner: str, name: str) -> str | None:
        return next((info.qualname for info in index.mro(owner) if defines(info, name)), None)

    @functools.cache
    def resolves_above(owner: str, name: str) -> str | None:
        return next((info.qualname for info in index.mro(owner)[1:] if defines(info, name)), None)

    return resolves, resolves_above


def _locate(read: "_Read") -> Callable[[str, str], tuple[str, str] | None]:
    """What a module's top level binds a called name to: (path, name) of a function of the harvest, ("", "")
    for anything else it binds (a class, a value, a function from outside), None when it binds nothing. With no
    path, what a qualified name a function imports names (`Called.receiver`)."""
    modules = {item.source.path: item.info for item in read.parsed}
    resolver = read.index.resolver

    @functools.cache
    def locate(path: str, name: str) -> tuple[str, str] | None:
        if not path:  # a name a function imports, qualified (`Called.receiver`)
            return _imported_function(resolver, name)
        info = modules.get(path)
        if info is None:
            return None
        if name in info.imports:
            return _imported_function(resolver, resolver.canonical(info.imports[name]))
        if name in info.function_nodes and name not in info.classes:
            return (path, name)
        return ("", "") if info.defines(name) else None

    return locate


def _function_node(read: "_Read") -> Callable[[str, str], ast.FunctionDef | ast.AsyncFunctionDef | None]:
    """The `def` of a module function of the harvest by (path, name)."""
    modules = {item.source.path: item.info for item in read.parsed}

    def function_node(path: str, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        info = modules.get(path)
        return info.function_nodes.get(name) if info is not None else None

    return function_node


def _imported_function(resolver: Resolver, qualified: str) -> tuple[str, str]:
    """(path, name) of the harvest's module function an import names (canonical), else ("", ""): a name
    imported from outside the package is never one of its functions."""
    module_name, _, function = qualified.rpartition(".")
    module = resolver.modules.get(module_name)
    if module is not None and function in module.function_nodes and function not in module.classes:
        return (module.path, function)
    return ("", "")


def _catches(index: ClassIndex) -> Callable[[str, tuple[str, ...]], bool]:
    """Whether an exception is one of the caught types or a subclass of one: through the harvest's classes, then
    the builtin exceptions their bases name (a class whose ancestry leaves both is caught by its own name only)."""

    @functools.cache
    def ancestors(raised: str) -> frozenset[str]:
        names = {raised, *_builtin_ancestors(raised)}
        for info in index.mro(raised)[:20]:
            names.add(visible_name(info.qualname))
            for base in info.bases:
                if len(base) == 1:
                    names.update(_builtin_ancestors(base[0]))
        return frozenset(names)

    return lambda raised, caught: not ancestors(raised).isdisjoint(caught)


def _builtin_ancestors(name: str) -> tuple[str, ...]:
    found = getattr(builtins, name, None)
    if isinstance(found, type) and issubclass(found, BaseException):
        return tuple(kind.__name__ for kind in found.__mro__ if kind is not object)
    return ()


def _binds(read: "_Read") -> Callable[[str, str], tuple[str, str, ast.AST | None] | None]:
    """What a dotted name written in a module names (`CallGraph.binds`): its qualified name, and where the harvest
    binds it at a module's top level, that module's path and the `def` or the value assigned (a class: None)."""
    modules = {item.source.path: item.info for item in read.parsed}
    resolver = read.index.resolver

    @functools.cache
    def binds(path: str, dotted: str) -> tuple[str, str, ast.AST | None] | None:
        info = modules.get(path)
        if info is None:
            return None
        qualified = resolver.qualify(dotted.split("."), info)
        if qualified is None:
            return None
        module_name, _, name = qualified.rpartition(".")
        module = resolver.modules.get(module_name)
        if module is None or not module.defines(name):
            return (qualified, "", None)
        value = module.function_nodes.get(name) if name in module.functions else module.assigned.get(name)
        return (qualified, module.path, None if name in module.classes else value)

    return binds


def _constructs(read: "_Read") -> Callable[[str, str], str | None]:
    """The class of the harvest (qualified) that a module's top level binds a called name to, its own or
    imported; "" when it binds the name to something else, None when it binds nothing."""
    modules = {item.source.path: item.info for item in read.parsed}
    index = read.index

    @functools.cache
    def constructs(path: str, name: str) -> str | None:
        info = modules.get(path)
        if info is None:
            return None
        if name in info.imports:
            qualified = index.resolver.canonical(info.imports[name])
            return qualified if index.get(qualified) is not None else ""
        if name in info.classes:
            return f"{info.name}.{name}"
        return "" if info.defines(name) else None

    return constructs


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

"""After the whole scan: each site's entry points, switches and callee raises (issue 29), from what its module
noted (the private "_reach" key of its evidence, taken off here) and what the repository declares.

Everything is read once per function or per declaration, never per site: a function's entry points are
searched once (`EntryPoints`), the switches are looked up in one index of the repository's declarations."""

import ast
import re
from collections.abc import Callable
from functools import partial

from kb.harvest.reading.called_when import CalledWhen
from kb.harvest.reading.callees import callee_raises
from kb.harvest.reading.callers import CallGraph, is_private
from kb.harvest.reading.classes import ClassIndex
from kb.harvest.reading.conditions import tested
from kb.harvest.reading.entry_points import MAX_ENTRIES, EntryPoints
from kb.harvest.reading.handlers import caught_by, handled_by
from kb.harvest.reading.implied_nones import implied_nones
from kb.harvest.reading.never_empty import NOT_NONE, TRUTHY, Arms, NeverEmpty, arms
from kb.harvest.reading.site_evidence import condition_row
from kb.harvest.reading.switches import MAX_ROWS, SwitchIndex, switch_row


def add_reach(
    sites: list, graph: CallGraph, index: ClassIndex, switches: SwitchIndex, trees: dict[str, ast.Module]
) -> None:
    """`sites`: the scan's FoundSites, their evidence completed in place."""
    by_function: dict[tuple[str, str], list] = {}
    for site in sites:
        by_function.setdefault((site.path, site.function), []).append(site)
    entries = EntryPoints(graph, trees, index)
    sure = NeverEmpty(graph, trees)
    called = CalledWhen(graph, trees)
    for site in sites:
        evidence = site.evidence
        reach = evidence.pop("_reach", None) if evidence else None
        if reach is None:
            continue
        try:
            _complete(site, evidence, reach, entries, by_function, index, switches, sure)
            if site.function and not evidence["entry_points"] and not evidence.get("callers"):
                # No way out to the user: what the callers that catch it do instead, when plain.
                if handled := handled_by(graph, trees, site.path, site.function, site.exception_type):
                    evidence["handled_by"] = handled
            if site.function and not evidence.get("handled_by"):
                # Some ways in let it out, others keep it: what those do instead, when plain.
                if kept := caught_by(graph, trees, site.path, site.function, site.exception_type):
                    evidence["caught_by"] = kept
            if site.function and not evidence["entry_points"] and _caught_on_the_way(graph, site):
                evidence["caught_on_the_way"] = True  # kept unpublished (`kb.harvest.pipeline.kept`)
            if site.function and (when := called.of(site.path, site.function)):
                evidence["called_when"] = when  # the one caller's tests before it calls the raising function
            if site.function.startswith("Command.") and _run_by_handle(graph, site, evidence):
                evidence["run_by_handle"] = True
        except Exception:  # odd code one step did not foresee: that site says less, the harvest goes on
            evidence.update(entry_points=[], switches=[], callee_raises=[])


def _run_by_handle(graph: CallGraph, site, evidence: dict) -> bool:
    """Whether a method of a `Command` class (a management command's) is reached from that class's `handle()`
    through its own methods, deeper than the callers the evidence records (`CallGraph.run_by`): the card says the
    command the reader ran rather than the method (`kb.cards.explain._command_first`)."""
    if site.function == "Command.handle" or any(
        isinstance(row, dict) and row.get("function") == "Command.handle" for row in evidence.get("callers") or ()
    ):
        return False
    handle = graph.definition(site.path, "Command.handle")
    target = graph.definition(site.path, site.function)
    if handle is None or target is None or not target.method or target.owner != handle.owner:
        return False
    return graph.run_by(target, handle, site.exception_type)


def _caught_on_the_way(graph: CallGraph, site) -> bool:
    """A raise in a private function (its name or its class's starts with `_`, or it is nested) that every
    resolved caller keeps quiet, directly or through private callers (`CallGraph.caught_on_the_way`)."""
    target = graph.definition(site.path, site.function)
    if target is None:
        return False
    nested = not target.method and "." in target.qualname
    return (is_private(target.qualname) or nested) and graph.caught_on_the_way(target, site.exception_type)


def _complete(
    site,
    evidence: dict,
    reach: dict,
    entries: EntryPoints,
    by_function: dict,
    index: ClassIndex,
    switches: SwitchIndex,
    sure: NeverEmpty,
) -> None:
    # The parameters the conditions (not the guards above) read, directly or through the definitions.
    raised = site.exception_type
    found_empty = _empty_arms(site, evidence, reach, entries, sure) if site.function else []
    found = entries.of(site.path, site.function, reach.get("parameters", []), raised) if site.function else []
    # Each row's function, kept beside it through the filter below (a row dropped takes its function with it).
    functions = entries.functions(site.path, site.function, raised) if site.function else []
    # A caller that leaves on the value the raise needs, or hands on what cannot be of the type it needs, cannot
    # reach it.
    required, instances, truths = _required(evidence), _instances(evidence), _truths(evidence)
    classes = _classes(evidence)
    nones = [parameter for parameter, value in required if value == "None"]  # `if parameter is None:`
    if (truths or classes or nones) and site.function and evidence.get("callers"):
        evidence["callers"] = [
            caller
            for caller in evidence["callers"]
            if caller.get("level") != 1
            or not (
                any(entries.caller_passes(site.path, site.function, caller, p, truth, site.line) for p, truth in truths)
                or any(entries.caller_refused(site.path, site.function, caller, p, names) for p, names in classes)
                or any(entries.caller_not_none(site.path, site.function, caller, p) for p in nones)
            )
        ]
    if nones and site.function and evidence.get("callers"):  # a caller that used it as an object first
        evidence["callers"] = [
            caller
            for caller in evidence["callers"]
            if not any(entries.caller_used(site.path, site.function, raised, caller, p) for p in nones)
        ]
    typed = bool(found or evidence.get("callers")) and _typed(evidence)
    if site.function and evidence.get("callers"):  # a literal sending the function on the way elsewhere
        evidence["callers"] = [
            caller
            for caller in evidence["callers"]
            if not entries.caller_sent_elsewhere(site.path, site.function, raised, caller, site.line)
            and not entries.caller_leaves_refused(site.path, site.function, raised, caller, site.line)
            and not entries.caller_loops_over_nothing(site.path, site.function, raised, caller, site.line)
            and not entries.caller_guarded(site.path, site.function, raised, caller, site.line)
            and not entries.caller_keys_put(site.path, site.function, raised, caller, site.line)
            and not (typed and entries.caller_typed(site.path, site.function, raised, caller, site.line))
        ]
    # A local tested for emptiness that a call never empty binds, on every way or on the way some arguments take.
    empty = _empty_locals(site, evidence, entries, raised, found_empty) if found_empty else None
    if found:
        kept_rows = [
            index
            for index in range(len(found))
            if not (empty and empty(index))
            and not entries.sent_elsewhere(site.path, site.function, raised, index, site.line)
            and not entries.leaves_refused(site.path, site.function, raised, index, site.line)
            and not entries.loops_over_nothing(site.path, site.function, raised, index, site.line)
            and not entries.guarded_by_caller(site.path, site.function, raised, index, site.line)
            and not entries.keys_put_by_caller(site.path, site.function, raised, index, site.line)
            and not (typed and entries.typed_by_caller(site.path, site.function, raised, index, site.line))
            and not any(
                entries.leaves_first(site.path, site.function, raised, index, parameter, value)
                for parameter, value in required
            )
            and not any(
                entries.hands_other(site.path, site.function, raised, index, parameter, kinds)
                for parameter, kinds in instances
            )
            and not any(
                entries.hands_literal(site.path, site.function, raised, index, parameter, truth, site.line)
                for parameter, truth in truths
            )
            and not any(
                entries.hands_refused(site.path, site.function, raised, index, parameter, names)
                for parameter, names in classes
            )
            and not any(entries.hands_not_none(site.path, site.function, raised, index, p) for p in nones)
        ]
        # A package's name found in place of its inside that hands on nothing the tests read is no way the card
        # names (`kb.cards.reader`): the raising function itself, last in `found`, keeps its place.
        for row in found:
            if row.get("made_from") and _tested_whole(evidence, row["made_from"]):
                del row["made_from"]  # what it makes of its argument may never be what the test wants of it
        kept_rows = [
            i for i in kept_rows if not found[i].get("exported") or "made_from" in found[i] or found[i]["arguments"]
        ]
        found, functions = [found[i] for i in kept_rows], [functions[i] for i in kept_rows]
    # Raised in `@x.setter` (or `@x.deleter`): reached by assigning to `x` (or deleting it), whatever the getter does.
    accessor = "setter" if evidence.get("setter") else "deleter" if evidence.get("accessor") == "delete" else ""
    if accessor:
        own = evidence.get("function") or {}
        for row in found:
            if row["function"] == site.function and row["kind"] in ("method", "property"):
                row.update(kind=accessor, doc=str(own.get("doc") or ""))
    hooks = [
        hook for hook in evidence.get("entry_points", []) if hook["function"] not in {f["function"] for f in found}
    ]
    # A hook the site depends on goes before the farther callers: it is what the user wrote.
    evidence["entry_points"] = [*found[:1], *hooks[:1], *found[1:]][:MAX_ENTRIES]
    if site.function and evidence.get("callers"):
        # A constructor and its `__init__` are one entry point: `MigrationLoader()` is not repeated as the caller
        # `MigrationLoader.__init__` (other callers keep their row: the card names them once by their name).
        kept = evidence["entry_points"]
        pairs = zip(functions, found, strict=True)
        named = {pair for pair, row in pairs if row in kept and pair[1].endswith(".__init__")}
        evidence["callers"] = [c for c in evidence["callers"] if (c.get("path"), c.get("function")) not in named]
    evidence["switches"] = _switches(site, reach, switches, evidence.get("switches", []))
    if reach.get("tried"):
        evidence["callee_raises"] = callee_raises(reach["tried"], by_function, index)


def _empty_arms(site, evidence: dict, reach: dict, entries: EntryPoints, sure: NeverEmpty) -> list[tuple[str, Arms]]:
    """For a raise under `if not local:` (or `local is None`, `else` of `if local:`, past `if local: return`): how
    the function binds each such local (`never_empty.arms`), where a binding is a call never empty. Its definition
    says so ("never_empty"); when the bindings that may leave it empty sit in one `elif`, that arm's test is a
    condition of the raise too, and the parameters it reads are read by the site (before its entry points are)."""
    tests = _emptiness(evidence)
    function = entries.node(site.path, site.function) if tests else None
    if function is None:
        return []
    found_all = []
    for local, strength, line in tests:
        found = arms(function, local, line, partial(_sure, sure, site.path, strength))
        if not found.sure:
            continue
        found_all.append((local, found))
        # New rows, not the old ones changed: the scan sends back only the keys whose values differ.
        evidence["definitions"] = [
            {**row, "never_empty": True}
            if isinstance(row, dict) and row.get("name") == local and row.get("line") in found.sure
            else row
            for row in evidence.get("definitions") or []
        ]
        if found.rest is not None and not found.never:
            _arm_held(evidence, reach, function, found.rest)
    return found_all


def _empty_locals(site, evidence: dict, entries: EntryPoints, raised: str, found_all: list) -> Callable | None:
    """The ways in that reach the raise only through bindings of a tested local that are never empty
    (`_empty_arms`) left out: the callers here, the entry points by the predicate returned (by the index of
    `EntryPoints.of`'s row). None when nothing is left out."""
    for _local, found in found_all:
        if found.never:
            # No binding can leave the local empty: the test never holds, so `--publish` keeps the raise a draft.
            evidence["callers"] = evidence["entry_points"] = []
            evidence["never_holds"] = True
            return lambda index: True
        if found.taken is None:
            continue
        parameter, names = found.taken
        named = {bound[0] for name in names if (bound := entries.graph.binds(site.path, name)) is not None}
        accepts = partial(_accepts, entries.graph, named)
        taken = entries.callers_taken(site.path, site.function, raised, parameter, accepts)
        evidence["callers"] = [
            row
            for row in evidence.get("callers") or []
            if not (row.get("level") == 1 and row.get("function") in taken)
            and not (row.get("level") == 2 and row.get("via") in taken)
        ]
        return lambda index: entries.hands_taken(site.path, site.function, raised, index, parameter, accepts)
    return None


def _arm_held(evidence: dict, reach: dict, function: ast.FunctionDef | ast.AsyncFunctionDef, arm: ast.If) -> None:
    """The test of the one `elif` whose bindings may leave the local empty, a condition of the raise too: only
    `ds = ds_input` under `elif isinstance(ds_input, self.ptr_type) and isinstance(ds_driver, Driver.ptr_type):`
    empties `ds` in `DataSource.__init__` (django/contrib/gis/gdal/datasource.py:78-91, 5.2.19; round 21's card
    02), so an empty string, which takes the path's arm, never gets there. Its parameters join the site's."""
    held = tested(arm.test, arm.lineno)
    evidence["conditions"] = [*(evidence.get("conditions") or []), condition_row(held)]
    given = [a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)]
    for rows in (evidence, reach):
        known = list(rows.get("parameters") or [])
        rows["parameters"] = known + [p for p in given if p in held.names and p not in known and p not in _SELF]


_SELF = ("self", "cls")


def _sure(sure: NeverEmpty, path: str, strength: int, value: ast.expr) -> bool:
    return sure.of_call(path, value) >= strength


def _accepts(graph: CallGraph, named: set[str], path: str, name: str) -> bool:
    """Whether a class written `name` in the module at `path` is one of `named` (qualified)."""
    bound = graph.binds(path, name)
    return bound is not None and bound[0] in named


_NAME = re.compile(r"[A-Za-z_]\w*+")
_TESTS = ("if", "else", "assert", "guard")  # a guard's row is the negation of its exit's test
_EMPTY = re.compile(r"^not ([A-Za-z_]\w*+)$|^([A-Za-z_]\w*+) is None$")


def _emptiness(evidence: dict) -> list[tuple[str, int, int]]:
    """(local, how sure its bindings must be, line) for each `if not local` (or `local is None`) the raise sits in,
    or past `if local: return ...` (a guard), the local not a parameter, and every condition row naming it such a
    test."""
    parameters = set(evidence.get("parameters") or [])
    rows = [row for row in evidence.get("conditions") or [] if isinstance(row, dict)]
    found = []
    for row in rows:
        test = _EMPTY.fullmatch(str(row.get("code"))) if row.get("kind") in _TESTS else None
        if test is None or not isinstance(row.get("line"), int):
            continue
        local = test[1] or test[2]
        if local in parameters or any(
            other is not row and local in _NAME.findall(str(other.get("code"))[:500]) for other in rows
        ):
            continue
        found.append((local, TRUTHY if test[1] else NOT_NONE, row["line"]))
    return found[:2]


def _switches(site, reach: dict, switches: SwitchIndex, env: list[dict]) -> list[dict]:
    rows: dict[tuple[str, str], dict] = {}
    for name in reach.get("settings", ()):
        declared = switches.setting(name)
        row = switch_row(declared) if declared is not None else _undeclared(name)
        rows.setdefault(("setting", name), row)
    for name in reach.get("options", ()):
        if (declared := switches.flag(name, site.path, anywhere=False)) is not None:
            rows.setdefault(("flag", name), switch_row(declared))
    for name in reach.get("arguments", ()):
        if (declared := switches.flag(name, site.path, anywhere=True)) is not None:
            rows.setdefault(("flag", name), switch_row(declared))
    for name in reach.get("parameters", ()):
        if (declared := switches.click(name, site.path, site.function)) is not None:
            rows.setdefault(("flag", name), switch_row(declared))
    for row in env:
        rows.setdefault(("env", row["name"]), row)
    return list(rows.values())[:MAX_ROWS]


def _undeclared(name: str) -> dict:
    """A setting the repository reads but does not declare (the user's own settings module does)."""
    return {"name": name, "kind": "setting", "declared": name, "help": "", "path": "", "line": 0}


_EQUALS = re.compile(r"^([A-Za-z_]\w*+) (?:==|is) ([A-Za-z_][\w.]*+|'[^']{0,80}+'|\"[^\"]{0,80}+\"|-?\d++)")


def _tested_whole(evidence: dict, made: dict) -> bool:
    """Whether a test of the raise reads a parameter an entry point makes from its argument as a whole (`not
    stream`, `stream is None`, `f(stream)`), not only into it (`stream.peek()`): a value built by calls says nothing
    of whether it is empty or None, where the tokens it holds are the reader's (cssselect/parser.py:578)."""
    codes = [str(row.get("code")) for row in evidence.get("conditions") or [] if isinstance(row, dict)]
    return any(re.search(rf"(?<![\w.]){re.escape(name)}(?![\w.(\[])", code) for name in made for code in codes)


def _required(evidence: dict) -> list[tuple[str, str]]:
    """(parameter, value) for each `if parameter == value` (or `is`) the raise sits in: a value it needs; and
    (parameter, "None") for each parameter its `is None` tests together leave None (`implied_nones`)."""
    parameters = set(evidence.get("parameters") or [])
    found = []
    for row in evidence.get("conditions") or []:
        if isinstance(row, dict) and row.get("kind") == "if" and (equal := _EQUALS.fullmatch(str(row.get("code")))):
            if equal[1] in parameters:
                found.append((equal[1], equal[2]))
    implied = implied_nones(evidence.get("conditions"), evidence.get("parameters") or [])
    found += [(name, "None") for name in implied if (name, "None") not in found]
    return found[:4]


_BUILTIN_TYPES: dict[str, type] = {
    kind.__name__: kind
    for kind in (bytes, bytearray, str, int, float, complex, bool, list, tuple, dict, set, frozenset)
}
_ISINSTANCE = re.compile(r"^isinstance\(([A-Za-z_]\w*+), (?:\(([\w, ]{1,200}+)\)|(\w{1,100}+))\)$")
_CLASSES = re.compile(r"^isinstance\(([A-Za-z_]\w*+), (?:\(([\w., ]{1,200}+)\)|([\w.]{1,100}+))\)$")


def _instances(evidence: dict) -> list[tuple[str, tuple[type, ...]]]:
    """(parameter, builtin types) for each `if isinstance(parameter, T)` the raise sits in, T builtin types only."""
    parameters = set(evidence.get("parameters") or [])
    found: list[tuple[str, tuple[type, ...]]] = []
    for row in evidence.get("conditions") or []:
        if isinstance(row, dict) and row.get("kind") == "if" and (test := _ISINSTANCE.fullmatch(str(row.get("code")))):
            names = [name.strip() for name in (test[2] or test[3]).split(",") if name.strip()]
            if test[1] in parameters and names and all(name in _BUILTIN_TYPES for name in names):
                found.append((test[1], tuple(_BUILTIN_TYPES[name] for name in names)))
    return found[:4]


def _typed(evidence: dict) -> bool:
    """Whether a condition of the raise tests a parameter with `isinstance` (most do not), which a caller's own type
    check may rule out (`type_guards`)."""
    codes = [
        code
        for row in evidence.get("conditions") or []
        if isinstance(row, dict) and "isinstance(" in (code := str(row.get("code")))
    ]
    return bool(codes) and any(f"isinstance({p}," in code for code in codes for p in evidence.get("parameters") or [])


def _classes(evidence: dict) -> list[tuple[str, tuple[str, ...]]]:
    """(parameter, class names as written) for each `if isinstance(parameter, C)` the raise sits in."""
    parameters = set(evidence.get("parameters") or [])
    found: list[tuple[str, tuple[str, ...]]] = []
    for row in evidence.get("conditions") or []:
        if isinstance(row, dict) and row.get("kind") == "if" and (test := _CLASSES.fullmatch(str(row.get("code")))):
            names = tuple(name.strip() for name in (test[2] or test[3]).split(",") if name.strip())
            if test[1] in parameters and names:
                found.append((test[1], names))
    return found[:4]


_TRUTH = re.compile(r"^(not )?+([A-Za-z_]\w*+)$")


def _truths(evidence: dict) -> list[tuple[str, bool]]:
    """(parameter, truth) for each `if parameter:` (True) or `if not parameter:` (False) the raise sits in, an
    `and`'s parts each: `if input_srid and srid and input_srid != srid:` needs `srid` true (round 22's card 15)."""
    parameters = set(evidence.get("parameters") or [])
    found: list[tuple[str, bool]] = []
    for row in evidence.get("conditions") or []:
        if not isinstance(row, dict) or row.get("kind") != "if":
            continue
        parts = row.get("all")
        for part in parts if isinstance(parts, list) else [row]:
            if isinstance(part, dict) and (test := _TRUTH.fullmatch(str(part.get("code")))) and test[2] in parameters:
                found.append((test[2], not test[1]))
    return found[:4]

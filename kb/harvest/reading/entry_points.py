"""The public functions a user calls that reach a raise (issue 29): `QuerySet.get()`, `manage.py runserver`.

From the site's function up the call graph through resolved calls only (`CallGraph.resolved_callers`: never a
match by name alone), at most MAX_LEVELS levels, nearest first; the site's own function first when it is
public. Where a parameter the site reads is handed down unchanged from an entry point's parameter, the entry
names it (`arguments`). Read once per function (`EntryPoints.of`), whatever the number of its sites."""

import ast
import re
from collections.abc import Callable
from functools import partial
from itertools import islice
from typing import NamedTuple

from kb.harvest.reading.attribute_guards import falsy_attributes, guarded
from kb.harvest.reading.callers import CallGraph, Defined, is_private, is_test
from kb.harvest.reading.classes import ClassIndex
from kb.harvest.reading.docstrings import documented_raises
from kb.harvest.reading.exported import all_of, made_from, published_names
from kb.harvest.reading.fixed_values import kept_unchanged, literal_of, module_patterns
from kb.harvest.reading.handed_values import (
    Test,
    calls_by_name,
    default_left,
    default_of_left,
    exit_before,
    handed_as,
    hands_no_keywords,
    keys_added,
    left_when,
    literal_against,
    new_values,
    returns_other,
    tests_holding,
    unconditional,
    used_unlike,
)
from kb.harvest.reading.implied_nones import binds, closed_not_none
from kb.harvest.reading.key_guards import Needed, keys_put, missing_keys, passes_on_mappings, refuted
from kb.harvest.reading.known_types import known_type, not_none, refuses
from kb.harvest.reading.never_empty import takes
from kb.harvest.reading.scopes import statements
from kb.harvest.reading.sentinels import Markers, marker_test, module_markers
from kb.harvest.reading.site_evidence import defaults_of, first_paragraph
from kb.harvest.reading.spread import refused_on_the_way
from kb.harvest.reading.type_guards import (
    BUILTINS,
    NeededTypes,
    always_raises,
    dereferenced,
    needed_types,
    rebound,
    types_held,
)
from kb.harvest.reading.type_guards import refuted as types_refuted
from kb.harvest.reading.walked import body_of, docstring, empty_literal, nodes_of_kind, unparsed
from kb.harvest.reading.walked import code as unparse
from kb.text import breadth

MAX_ENTRIES = 3
MAX_LEVELS = 3
MAX_DEEPER = 6  # levels searched for the package's own name past its inside (`_internal`)
MAX_FANOUT = 12  # callers of one function followed
MAX_VISITED = 60  # functions visited per site function
MAX_CALLEE_STATEMENTS = 300  # statements of a called function read for a raise of its own
MAX_DECLARING = 3  # classes named as declaring a metaclass (`metaclass=ModelBase`), shortest names first
_CALL_STATEMENTS = (ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign)
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)


Accepts = Callable[[str, str], bool]  # whether a class written so in the module at that path is one a test names


class _Step(NamedTuple):
    caller: Defined
    line: int
    callee: Defined


MAX_STATEMENTS = 400  # top-level statements of a module read for what it publishes
MAX_NAMES = 200  # names of one import


_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
_HOLDING_DEFS = (ast.ClassDef, ast.If, ast.Try)  # the statements whose blocks `_function` reads for `def`s


class _Found(NamedTuple):
    entry: Defined
    steps: tuple[_Step, ...]  # from the entry down to the site's function
    # The entry returns the call of a generator on the way, iterated over by none of them: calling it runs none of
    # the generator's body, iterating over what it returns does (`QuerySet.iterator()` returns `self._iterator()`).
    handed: bool = False
    # Found in place of the package's inside (`_internal`): the functions its `__init__` names lead.
    replaced: bool = False


class EntryPoints:
    def __init__(self, graph: CallGraph, trees: dict[str, ast.Module], classes: ClassIndex | None = None) -> None:
        self.graph = graph
        self.trees = trees
        self.classes = classes  # the harvest's classes: whether a class is a metaclass, and which classes name it
        self._found: dict[tuple[str, str, str], list[_Found]] = {}
        self._functions: dict[str, dict[tuple[int, str], ast.FunctionDef | ast.AsyncFunctionDef]] = {}
        self._rows: dict[tuple[str, str, str, tuple[str, ...]], list[dict]] = {}
        self._exported: set[tuple[str, str]] | None = None  # (private module's stem, name) a public module imports
        self._published: dict[str, frozenset[str]] | None = None  # module path -> names its package publishes
        self._assignments: dict[int, dict[str, int]] = {}  # id(function) -> name -> the first line assigning it
        self._bindings: dict[int, dict[str, int]] = {}  # id(function) -> every name it binds (`_bound`)
        self._rebinding: dict[tuple[int, str], bool] = {}  # (id(function), name) -> `binds` (`_rebinds`)
        self._tests: dict[tuple[int, int], list[Test]] = {}  # by (id(function node), line): `_tests_at`
        self._calls: dict[tuple[int, int], list[ast.Call]] = {}  # by (id(function node), line): `_calls_at`
        self._patterns: dict[str, dict[str, re.Pattern[str]]] = {}  # by path: a module's regexes (`_patterns_of`)
        self._markers: dict[str, Markers] = {}  # by path: a module's markers (`_markers_of`)
        self._needed: dict[tuple[int, int], dict[str, str]] = {}  # by (id(Defined), line): `_needs`
        self._missing: dict[tuple[int, int], Needed | None] = {}  # by (id(Defined), line): `_missing_keys`
        self._types: dict[tuple[int, int], NeededTypes | None] = {}  # by (id(Defined), line): `_needed_types`
        self._builtins: dict[str, frozenset[str]] = {}  # by path: the builtin type names a module leaves as they are
        self._never_returns: dict[int, bool] = {}  # by the id of a function's node: `type_guards.always_raises`
        self._filled: dict[int, bool] = {}  # by the id of a function's node: whether it adds to its `**kwargs`
        self._raising: dict[int, bool] = {}  # by the id of a function's node: whether it has a raise of its own
        # By the id of a function's node: its docstring's first paragraph and the raises it names (`_said`).
        self._docs: dict[int, tuple[str, dict[str, dict[str, str | int]]]] = {}
        self._generates: dict[int, bool] = {}  # by the id of a function's node: whether its own body yields
        self._getters: dict[str, bool] = {}  # by a decorator class (qualified): `_runs_on_get`

    def of(self, path: str, qualname: str, parameters: list[str], raised: str = "") -> list[dict]:
        """The rows, made once per function, exception and parameters read (a function's sites mostly read the
        same). `raised`: the site's exception; a call in a `try` that catches it leads no further."""
        key = (path, qualname, raised)
        rows_key = (path, qualname, raised, tuple(parameters))
        rows = self._rows.get(rows_key)
        if rows is None:
            if key not in self._found:
                self._found[key] = self._search(path, qualname, raised)
            rows = self._rows[rows_key] = [self._row(found, parameters) for found in self._found[key]]
        return [dict(row, via=list(row["via"]), arguments=dict(row["arguments"])) for row in rows]

    def functions(self, path: str, qualname: str, raised: str = "") -> list[tuple[str, str]]:
        """(path, qualname) of each entry point `of` found for the function, in the order of its rows:
        `MigrationLoader.__init__` for the entry `MigrationLoader()`, which callers must not name a second time."""
        return [(found.entry.path, found.entry.qualname) for found in self._found.get((path, qualname, raised), ())]

    def _search(self, path: str, qualname: str, raised: str) -> list[_Found]:
        target = self.graph.definition(path, qualname)
        if target is None:
            return []
        # A function nested in a factory that class bodies bind as methods is reached by their names alone.
        made = not target.method and "." in target.qualname and bool(self.graph.bound_as(target))
        found = [_Found(target, ())] if self._public(target) and not made else self._aliases(target)
        # Public by its name alone in a module whose package names what users call (`parse_attrib` beside the
        # exported `parse`): the package's own names further up lead, where the search finds one (`exported`).
        inside = [f for f in found if self._internal(f.entry)]
        # Or written in a private module the package publishes names of (tomli's `_parser.py`, `loads` alone).
        hiding = bool(inside) or (not found and self._internal(target) and _private_path(target.path))
        # Each function reached, the steps down to the target, and the methods below it reached through calls on
        # `self` alone (a caller's class must run those, not its own overrides).
        frontier: list[tuple[Defined, tuple[_Step, ...], list[Defined], bool]] = [(target, (), [], False)]
        seen = {id(target)}
        for level in range(MAX_DEEPER):
            if level >= MAX_LEVELS and not (hiding and sum(map(self._exported_found, found)) < MAX_ENTRIES):
                break  # deeper only while the package's inside hides its own names
            following = []
            for callee, steps, on_self, handed in frontier:
                for caller, line, by_self in self.graph.resolved_callers(callee, raised)[:MAX_FANOUT]:
                    if id(caller) in seen or len(seen) >= MAX_VISITED:
                        continue
                    if (
                        self.graph.definition(caller.path, caller.qualname) is not caller
                        and not self.graph.bound_to(caller)  # a property's setter: its name is the getter's
                        and not self._always_calls(caller, line)
                    ):
                        continue  # an ancestor's method named as the class's: only where it always makes the call
                    # A generator's call runs none of its body: only iterating over what it returns does, or what
                    # a caller returns is, iterated over by its own callers (`return self._iterator(chunk_size)`).
                    lazy = (handed or self._lazy(callee)) and not self._iterates(caller, line, callee)
                    if lazy and not self._returns(caller, line, callee):
                        continue
                    if steps and self._sent_away(caller, line, steps[0], raised):
                        continue  # the literal it passes takes the callee down other branches
                    below = [callee, *on_self] if by_self else []
                    if below and not self.graph.runs(caller, below):
                        continue
                    seen.add(id(caller))
                    reached = (_Step(caller, line, callee), *steps)
                    if self._public(caller) and (level < MAX_LEVELS or self._user_named(caller)):
                        found.append(_Found(caller, reached, lazy))
                        if self._internal(caller):
                            inside.append(found[-1])
                            hiding = True
                        elif hiding and sum(map(self._exported_found, found)) >= MAX_ENTRIES:
                            return self._replaced(found, inside)
                        if len(found) >= MAX_ENTRIES and not hiding:
                            return found
                    following.append((caller, reached, below, lazy))
            frontier = following
        # Nearest first, as before, where the package's own names are not met: its inside is all there is to say.
        if hiding and any(map(self._exported_found, found)):
            return self._replaced(found, inside)
        return [f for f in found if f.steps[MAX_LEVELS:] == ()][:MAX_ENTRIES]  # as far as ever searched

    def _replaced(self, found: list[_Found], inside: list[_Found]) -> list[_Found]:
        """The package's own names in place of its inside, nearest first; the raising function itself last: where
        the checks on the way rule out each of them (`reach`), it still says what it said."""
        own = [f for f in inside if not f.steps]
        exported = [f._replace(replaced=True) for f in found if self._exported_found(f)]
        return [*exported[:MAX_ENTRIES], *own]

    def _exported_found(self, found: _Found) -> bool:
        return self._user_named(found.entry)

    def _user_named(self, defined: Defined) -> bool:
        """Named by its package for users: its module's published names hold it (or its class)."""
        names = self._published_of(defined.path)
        return (
            names is not None and defined.qualname.split(".")[0] in names
        )  # `reach` keeps MAX_ENTRIES rows of those its checks leave

    def _internal(self, defined: Defined) -> bool:
        """Public by its name, in a module its package names the users' functions of, and not one of them
        (`exported.published_names`): cssselect's `parse_attrib` and `TokenStream.next_ident`, beside `parse`."""
        names = self._published_of(defined.path)
        return names is not None and defined.qualname.split(".")[0] not in names

    def _published_of(self, path: str) -> frozenset[str] | None:
        """The names the module's package publishes from it (`exported.published_names`, read once a harvest)."""
        if self._published is None:
            self._published = published_names(self.trees)
        return self._published.get(path)

    def _sent_elsewhere(self, caller: Defined, line: int, callee: Defined, below: int) -> bool:
        """Whether every call of `callee` on the caller's `line` hands a parameter a literal (or leaves it at a
        literal default) that a test of the callee's own, under which it makes its call on line `below`, refuses:
        prettytable's setter calls `self._validate_option("right_padding_width", val)`, which calls
        `_validate_true_or_false` only under `elif option in ("header", ...)` (round 23's card 21)."""
        callee_node = self._holding(callee, below)
        tests = self._tests_at(callee_node, below, callee.path) if callee_node is not None else []
        caller_node = self._holding(caller, line) if tests else None
        if callee_node is None or caller_node is None:
            return False
        calls = [call for call in self._calls_at(caller_node, line) if calls_by_name(call, callee, callee_node)]

        kwargs = callee_node.args.kwarg.arg if callee_node.args.kwarg else ""

        def refused(call: ast.Call) -> bool:
            for parameter, holds, needed in tests:
                if parameter == kwargs:  # `if option in kwargs:`, a call handing no keyword arguments
                    verdict = holds({}) if hands_no_keywords(call, callee_node) else None
                else:
                    given = handed_as(call, callee_node, parameter) or default_left(call, callee_node, parameter)
                    known, value = literal_of(given)  # a constant, or a list or dict of them left as it is
                    if known and not isinstance(given, ast.Constant):
                        known = kept_unchanged(callee_node, parameter, below)
                    verdict = holds(value) if known else None
                if verdict is not None and verdict is not needed:
                    return True
            return False

        return bool(calls) and all(refused(call) for call in calls)

    def leaves_refused(self, path: str, qualname: str, raised: str, index: int, line: int) -> bool:
        """Whether the calls from `of`'s row `index` down to the site's function hand a parameter a test of the raise
        reads only values the test refuses (`spread.refused_on_the_way`): deepdiff's `diff` command calls
        `DeepDiff(**kwargs)` with its click options, none of them `multiprocessing`, so `DeepDiff.__init__` hands
        `normalize_mp_config` its default `False`, which `multiprocessing not in (True, False, 0, 1)` refuses
        (deepdiff 9.1.0, `commands.py:26-101`; round 25's AI-assisted card 22)."""
        found = self._found.get((path, qualname, raised), [])
        if index >= len(found) or len(found[index].steps) < 2:
            return False  # one step, into the site's function: `sent_elsewhere`
        return self._refused_through(found[index].steps, path, qualname, line)

    def caller_leaves_refused(self, path: str, qualname: str, raised: str, row: dict, line: int) -> bool:
        """`leaves_refused` for a caller row of level 2, through each call of the site's function in its `via`."""
        routes = self._caller_routes(path, qualname, raised, row) if row.get("level") == 2 else []
        return bool(routes) and all(self._refused_through(steps, path, qualname, line) for steps in routes)

    def _caller_routes(self, path: str, qualname: str, raised: str, row: dict) -> list[tuple[_Step, ...]]:
        """The steps from a caller row down to the site's function: one for a row of level 1, one through each call
        of the site's function in its `via` for a row of level 2; none when they cannot be told."""
        target = self.graph.definition(path, qualname)
        outer = self.graph.definition(str(row.get("path")), str(row.get("function")))
        at = row.get("line")
        if target is None or outer is None or not isinstance(at, int):
            return []
        if row.get("level") == 1:
            return [(_Step(outer, at, target),)]
        if row.get("level") != 2 or not row.get("via"):
            return []
        calls = [(c, below) for c, below, _ in self.graph.resolved_callers(target, raised) if c.qualname == row["via"]]
        if not 0 < len(calls) <= MAX_FANOUT:
            return []
        return [(_Step(outer, at, via), _Step(via, below, target)) for via, below in calls]

    def _refused_through(self, steps: tuple[_Step, ...], path: str, qualname: str, line: int) -> bool:
        site = self.graph.definition(path, qualname)
        node = self._holding(site, line) if site is not None else None
        if node is None:
            return False
        kwargs = node.args.kwarg.arg if node.args.kwarg else ""
        tests = [test for test in self._tests_at(node, line, path) if test[0] != kwargs]
        if not tests:
            return False
        levels = []
        callee = node
        for step in reversed(steps):
            caller = self._holding(step.caller, step.line)
            if caller is None:
                return False
            calls = [c for c in self._calls_at(caller, step.line) if calls_by_name(c, step.callee, callee)]
            levels.append((caller, self._bound(caller), step.line, calls))
            callee = caller
        return any(refused_on_the_way(node, levels, test) for test in tests)

    def loops_over_nothing(self, path: str, qualname: str, raised: str, index: int, line: int) -> bool:
        """Whether the raise on `line` runs only inside a `for` over a parameter that the steps from `of`'s row
        `index` down to the site's function hand on unchanged from a function's `*args`, and every call of that
        function on the way hands its `*args` nothing: `QuerySet.dates()` calls `self.annotate(datefield=...)`,
        with keyword arguments alone, and `_annotate()` raises only in its `for arg in args:` (round 28)."""
        found = self._found.get((path, qualname, raised), [])
        return index < len(found) and self._starved(found[index].steps, path, qualname, line)

    def caller_loops_over_nothing(self, path: str, qualname: str, raised: str, row: dict, line: int) -> bool:
        """`loops_over_nothing` for a caller row of level 1, or of level 2 through each of its calls of `via`."""
        routes = self._caller_routes(path, qualname, raised, row)
        return bool(routes) and all(self._starved(steps, path, qualname, line) for steps in routes)

    def _starved(self, steps: tuple[_Step, ...], path: str, qualname: str, line: int) -> bool:
        site = self.graph.definition(path, qualname)
        node = self._holding(site, line) if site is not None else None
        name = _looped_parameter(node, line, self._bound(node)) if node is not None and steps else ""
        if node is not None and name and self._rebinds(node, name):
            name = ""  # given a new value by a `:=` (`if not (args := args or defaults):`), which `_bound` leaves out
        for step in reversed(steps):
            if not name or node is None:
                return False
            vararg = node.args.vararg
            if vararg is not None and vararg.arg == name:
                calls = [c for c in self._calls_at_step(step) if calls_by_name(c, step.callee, node)]
                return bool(calls) and all(_no_more_positional(call, node) for call in calls)
            calls = [c for c in self._calls_at_step(step) if calls_by_name(c, step.callee, node)]
            if calls and all(
                (left := default_of_left(call, node, name)) is not None and empty_literal(left) for call in calls
            ):
                # Left at an empty default: SQLite's `_remake_table` builds `Apps()`, whose `installed_apps=()`
                # `populate()` loops over (django/db/backends/sqlite3/schema.py:186, apps/registry.py:20-23, 87).
                return True
            # One call on the line (`_handed` reads the first): what it hands on is what the callee loops over.
            handed = self._handed(step).get(name, "").lstrip("*") if len(calls) == 1 else ""
            node = self._holding(step.caller, step.line)
            # Handed on as it is: the caller's own parameter, never bound again in the caller (not even converted, nor
            # by a `:=`, an `except ... as` or a `match` capture, which `_bound` leaves out).
            kept = node is not None and handed not in self._bound(node) and not self._rebinds(node, handed)
            name = handed if kept else ""
        return False

    def _calls_at_step(self, step: _Step) -> list[ast.Call]:
        caller = self._holding(step.caller, step.line)
        return self._calls_at(caller, step.line) if caller is not None else []

    def _sent_away(self, caller: Defined, line: int, below: _Step, raised: str) -> bool:
        """`_sent_elsewhere` for each line on which the step's caller calls its callee, not the step's alone."""
        lines = [at for c, at, _ in self.graph.resolved_callers(below.callee, raised) if c is below.caller]
        return len(lines) <= MAX_FANOUT and all(
            self._sent_elsewhere(caller, line, below.caller, at) for at in lines or [below.line]
        )

    def sent_elsewhere(self, path: str, qualname: str, raised: str, index: int, line: int) -> bool:
        """Whether each call from `of`'s row `index` into the site's function (on every line its caller makes one)
        hands it what a test of its own holding the raise's `line` refuses (`_sent_elsewhere`):
        `PrettyTable.__getitem__` calls `PrettyTable()` with no keyword argument, and `__init__` validates an
        option only `if option in kwargs` (round 23)."""
        found = self._found.get((path, qualname, raised), [])
        if index >= len(found) or not found[index].steps:
            return False
        step = found[index].steps[-1]
        lines = [at for c, at, _ in self.graph.resolved_callers(step.callee, raised) if c is step.caller]
        return len(lines) <= MAX_FANOUT and all(
            self._sent_elsewhere(step.caller, at, step.callee, line) for at in lines or [step.line]
        )

    def caller_sent_elsewhere(self, path: str, qualname: str, raised: str, row: dict, site_line: int = 0) -> bool:
        """Whether a caller row of level 2 hands the function it calls through (`via`) a literal that sends it
        down another branch than each of its calls of the site's function (`_sent_elsewhere`); or a row of level 1
        hands the site's function what a test holding the raise's `site_line` refuses."""
        target = self.graph.definition(path, qualname)
        outer = self.graph.definition(str(row.get("path")), str(row.get("function")))
        if target is None or outer is None:
            return False
        if row.get("level") == 1:
            return (
                bool(site_line)
                and isinstance(at := row.get("line"), int)
                and self._sent_elsewhere(outer, at, target, site_line)
            )
        if row.get("level") != 2 or not row.get("via"):
            return False
        calls = [(c, line) for c, line, _ in self.graph.resolved_callers(target, raised) if c.qualname == row["via"]]
        line = row.get("line")
        return (
            0 < len(calls) <= MAX_FANOUT
            and isinstance(line, int)
            and all(self._sent_elsewhere(outer, line, via, below) for via, below in calls)
        )

    def guarded_by_caller(self, path: str, qualname: str, raised: str, index: int, line: int) -> bool:
        """Whether each call from `of`'s row `index` into the site's function (on every line its caller makes one)
        sits behind a guard on `self` that the raise's own test on `line` needs broken (`attribute_guards`):
        `ScopedRateThrottle.allow_request` returns before `self.get_rate()` when `self.scope` is empty, the one
        case `get_rate` raises for (round 29's AI-assisted card 19)."""
        return self._row_ruled_out(path, qualname, raised, index, line, self._needs_any, self._guarded_at)

    def caller_guarded(self, path: str, qualname: str, raised: str, row: dict, line: int) -> bool:
        """`guarded_by_caller` for a caller row: of level 1, its call on its line; of level 2, every call of the
        site's function in the function it calls through (`via`), on every line."""
        return self._caller_ruled_out(path, qualname, raised, row, line, self._needs_any, self._guarded_at)

    def _row_ruled_out(
        self, path: str, qualname: str, raised: str, index: int, line: int, needs: Callable, check: Callable[..., bool]
    ) -> bool:
        """`check` on every line the caller of `of`'s row `index` calls the site's function, where `needs(callee,
        line)` finds what the raise needs: None for most raises, and then no caller is read."""
        found = self._found.get((path, qualname, raised), [])
        if index >= len(found) or not found[index].steps:
            return False
        step = found[index].steps[-1]
        return needs(step.callee, line) is not None and self._every_line(step, raised, line, check)

    def _caller_ruled_out(
        self, path: str, qualname: str, raised: str, row: dict, line: int, needs: Callable, check: Callable[..., bool]
    ) -> bool:
        """`_row_ruled_out` for a caller row: of level 1, its call on its line; of level 2, every call of the site's
        function in the function it calls through (`via`), on every line."""
        target = self.graph.definition(path, qualname)
        if target is None or needs(target, line) is None:
            return False
        routes = self._caller_routes(path, qualname, raised, row)
        return bool(routes) and all(check(s[-1].caller, s[-1].line, target, line) for s in routes)

    def _every_line(self, step: _Step, raised: str, line: int, check: Callable[..., bool]) -> bool:
        """`check(caller, at, callee, line)` of each line `at` on which the step's caller calls its callee."""
        lines = [at for c, at, _ in self.graph.resolved_callers(step.callee, raised) if c is step.caller]
        return 0 < len(lines) <= MAX_FANOUT and all(check(step.caller, at, step.callee, line) for at in lines)

    def keys_put_by_caller(self, path: str, qualname: str, raised: str, index: int, line: int) -> bool:
        """Whether each call from `of`'s row `index` into the site's function (on every line its caller makes one)
        puts into the dict it hands on a key that the raise on `line` needs missing (`key_guards`): `GDALRaster.warp`
        sets `width` and `height` in `ds_input` before `GDALRaster(ds_input, write=True)` (round 30's card 08)."""
        return self._row_ruled_out(path, qualname, raised, index, line, self._missing_keys, self._keyed_at)

    def caller_keys_put(self, path: str, qualname: str, raised: str, row: dict, line: int) -> bool:
        """`keys_put_by_caller` for a caller row: of level 1, its call on its line; of level 2, every call of the
        site's function in the function it calls through (`via`), on every line."""
        return self._caller_ruled_out(path, qualname, raised, row, line, self._missing_keys, self._keyed_at)

    def _keyed_at(self, caller: Defined, at: int, callee: Defined, line: int) -> bool:
        """Whether every call of `callee` on the caller's line `at` hands on dicts holding keys that rule out what
        the raise on the callee's `line` needs missing."""
        needed = self._missing_keys(callee, line)
        callee_node = self._holding(callee, line)
        caller_node = self._holding(caller, at) if needed is not None else None
        if needed is None or callee_node is None or caller_node is None:
            return False
        calls = [call for call in self._calls_at(caller_node, at) if calls_by_name(call, callee, callee_node)]

        def ruled_out(call: ast.Call) -> bool:
            if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
                return False
            put: dict[str, set[str]] = {}
            for parameter in {name for name, _ in needed.keys}:
                given = handed_as(call, callee_node, parameter)
                if isinstance(given, ast.Name):
                    keys = {key for name, key in needed.keys if name == parameter}
                    put[parameter] = keys_put(caller_node, call, given.id, keys)
            return refuted(needed, put)

        return bool(calls) and all(ruled_out(call) for call in calls)

    def typed_by_caller(self, path: str, qualname: str, raised: str, index: int, line: int) -> bool:
        """Whether each call from `of`'s row `index` into the site's function (on every line its caller makes one)
        comes only past the caller's own `isinstance` check of what it hands on, which the raise on `line` needs
        broken (`type_guards`): `IPAddressField.to_internal_value` fails unless `data` is a `str` before
        `super().to_internal_value(data)`, whose raise needs it no `str` (round 31's AI-assisted card 17)."""
        return self._row_ruled_out(path, qualname, raised, index, line, self._needed_types, self._typed_at)

    def caller_typed(self, path: str, qualname: str, raised: str, row: dict, line: int) -> bool:
        """`typed_by_caller` for a caller row: of level 1, its call on its line; of level 2, every call of the
        site's function in the function it calls through (`via`), on every line."""
        return self._caller_ruled_out(path, qualname, raised, row, line, self._needed_types, self._typed_at)

    def _typed_at(self, caller: Defined, at: int, callee: Defined, line: int) -> bool:
        """Whether every call of `callee` on the caller's line `at` hands on values of types that rule out those
        the raise on the callee's `line` needs. What costs most is read last, once a call rules them out: that
        neither function binds a name read anew, nor either module a builtin type's name."""
        needed = self._needed_types(callee, line)
        callee_node = self._holding(callee, line)
        caller_node = self._holding(caller, at) if needed is not None else None
        if needed is None or callee_node is None or caller_node is None:
            return False
        calls = [call for call in self._calls_at(caller_node, at) if calls_by_name(call, callee, callee_node)]

        def exits(call: ast.Call) -> bool:
            return self._never_returns_at(caller, call)

        def ruled_out(call: ast.Call) -> bool:
            if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
                return False
            held: dict[str, frozenset[str]] = {}
            names: set[str] = set()
            for parameter in {atom.parameter for atom in needed.every_atom()}:
                given = handed_as(call, callee_node, parameter)
                if isinstance(given, ast.Name):
                    if kinds := types_held(caller_node, call, given.id, exits, lambda name: False):
                        held[parameter] = kinds
                        names.add(given.id)
            return (
                types_refuted(needed, held)
                and not any(self._rebinds(caller_node, name) for name in names)
                and not rebound(needed, callee_node, line)
                and BUILTINS <= self._builtins_of(caller.path)
                and BUILTINS <= self._builtins_of(callee.path)
            )

        return bool(calls) and all(ruled_out(call) for call in calls)

    def _needed_types(self, defined: Defined, line: int) -> NeededTypes | None:
        """`type_guards.needed_types` of a function, once per line."""
        key = (id(defined), line)
        if key not in self._types:
            node = self._holding(defined, line)
            self._types[key] = needed_types(node, line) if node is not None else None
        return self._types[key]

    def _builtins_of(self, path: str) -> frozenset[str]:
        """The builtin type names (`type_guards.BUILTINS`) the module at `path` does not bind anew."""
        found = self._builtins.get(path)
        if found is None:
            tree = self.trees.get(path)
            found = self._builtins[path] = BUILTINS - _module_bound(tree) if tree is not None else frozenset()
        return found

    def _never_returns_at(self, caller: Defined, call: ast.Call) -> bool:
        """Whether the call, made in `caller`, is of a function or method of the repository that always raises
        (`type_guards.always_raises`), no other class's method of that name running instead."""
        through = self._callee(caller, call.func)
        function = self._function(through) if through is not None else None
        if through is None or function is None:
            return False
        if through.method and self.graph.methods_named(through.name) != 1:
            return False  # a subclass's own may run instead
        if id(function) not in self._never_returns:
            self._never_returns[id(function)] = always_raises(function)
        return self._never_returns[id(function)]

    def _missing_keys(self, defined: Defined, line: int) -> Needed | None:
        """`key_guards.missing_keys` of a function, once per line; `p = self.m(p)` on the way read through a
        method or function of the repository that hands a mapping back as it is."""
        key = (id(defined), line)
        if key not in self._missing:
            node = self._holding(defined, line)
            self._missing[key] = (
                missing_keys(node, line, lambda call: self._passes_on(defined, call)) if node is not None else None
            )
        return self._missing[key]

    def _passes_on(self, defined: Defined, call: ast.Call) -> bool:
        """Whether the call, made in `defined`, is of a function of the repository that hands a mapping back as it
        is (`key_guards.passes_on_mappings`)."""
        through = self._callee(defined, call.func)
        function = self._function(through) if through is not None else None
        if through is None or function is None:
            return False
        if through.method and self.graph.methods_named(through.name) != 1:
            return False  # a subclass's own may run instead
        return passes_on_mappings(function, _not_mappings(through.path, self.trees))

    def _guarded_at(self, caller: Defined, at: int, callee: Defined, line: int) -> bool:
        """Whether every call of `callee` on the caller's line `at` is guarded (`attribute_guards.guarded`)
        against what the raise on the callee's `line` needs of `self`."""
        callee_node = self._holding(callee, line)
        needed = self._needs(callee, line)
        # A method or property of that name runs code of its own on each read: no guard on it is sure.
        needed = {
            name: need
            for name, need in needed.items()
            if not any(self.graph.method(owner, name) for owner in (caller.owner, callee.owner) if owner)
        }
        caller_node = self._holding(caller, at) if needed and caller.method else None
        if callee_node is None or caller_node is None:
            return False
        calls = [call for call in self._calls_at(caller_node, at) if calls_by_name(call, callee, callee_node)]
        return bool(calls) and all(guarded(caller_node, call, needed) for call in calls)

    def _needs_any(self, defined: Defined, line: int) -> dict[str, str] | None:
        """`_needs`, None where the raise needs nothing of `self`."""
        return self._needs(defined, line) or None

    def _needs(self, defined: Defined, line: int) -> dict[str, str]:
        """`attribute_guards.falsy_attributes` of a method (never a static or class method), once per line."""
        key = (id(defined), line)
        if key not in self._needed:
            node = self._holding(defined, line) if defined.method else None
            plain = node is not None and not any(
                isinstance(d, ast.Name) and d.id in ("staticmethod", "classmethod") for d in node.decorator_list
            )
            self._needed[key] = falsy_attributes(node, line) if node is not None and plain else {}
        return self._needed[key]

    def _holding(self, defined: Defined, line: int) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        """The `def` of a function holding `line`: the call graph names a property's getter, setter and deleter
        (and any other `def`s of one name in one body) by the first, so the one whose lines hold `line`."""
        node = self._function(defined)
        if node is None or node.lineno <= line <= (node.end_lineno or node.lineno) or self.graph.bound_to(defined):
            return node
        holding = [
            other
            for (_, name), other in self._functions.get(defined.path, {}).items()
            if name == defined.name and other.lineno <= line <= (other.end_lineno or other.lineno)
        ]
        return max(holding, key=lambda other: other.lineno) if holding else None

    def _tests_at(self, node: ast.FunctionDef | ast.AsyncFunctionDef, line: int, path: str) -> list[Test]:
        """The tests of a parameter (never bound anew in the function) that the `if`s holding `line` make, read
        once per function and line: (parameter, the test's value for a literal, the value needed to get there).
        A regex of the module at `path` read too: `if not _NAME.match(name):` (`fixed_values`); and a test of its
        markers, `if value is UNSET:` (`sentinels`)."""
        key = (id(node), line)
        found = self._tests.get(key)
        if found is None:
            parameters = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
            star = node.args.kwarg.arg if node.args.kwarg else ""
            other = partial(marker_test, node, self._markers_of(path))
            read = tests_holding(node.body, line, star, self._patterns_of(path), other, guards=True)
            if (kwargs := node.args.kwarg) and any(t[0] == kwargs.arg for t in read) and not self._added(node):
                parameters.add(kwargs.arg)  # `if option in kwargs:`, while `kwargs` holds only what was given
            parameters -= self._bound(node).keys()
            found = self._tests[key] = [t for t in read if t[0] in parameters]
        return found

    def _patterns_of(self, path: str) -> dict[str, re.Pattern[str]]:
        """`fixed_values.module_patterns` of the module at `path`, read once per module."""
        if path not in self._patterns:
            self._patterns[path] = module_patterns(self.trees.get(path))
        return self._patterns[path]

    def _markers_of(self, path: str) -> Markers:
        """`sentinels.module_markers` of the module at `path`, read once per module."""
        if path not in self._markers:
            self._markers[path] = module_markers(self.trees.get(path))
        return self._markers[path]

    def _added(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """`keys_added` for the function's `**kwargs`, read once per function."""
        if id(node) not in self._filled:
            self._filled[id(node)] = node.args.kwarg is None or keys_added(node, node.args.kwarg.arg)
        return self._filled[id(node)]

    def _always_calls(self, caller: Defined, line: int) -> bool:
        """Whether every run of the caller that gets to `line` makes its call (not under an `if`, a loop or a `match`,
        nor in an `except`): `Field.clean` calls `self.validate(value)` on every run, where `BaseRouter.register`
        calls `self.get_default_basename(viewset)` only when no `basename` is given, a case the card would not say."""
        node = self._holding(caller, line)
        return node is not None and unconditional(node.body, line)

    def _aliases(self, target: Defined) -> list[_Found]:
        """A private module-level function the module publishes under another name: `path = partial(_path,
        Pattern=RoutePattern)`, `get = _get`. The public name is its entry point; the arguments are its own."""
        tree = self.trees.get(target.path)
        if tree is None or target.method or "." in target.qualname:
            return []
        found = []
        for statement in tree.body:
            if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1):
                continue
            name, value = statement.targets[0], statement.value
            if isinstance(value, ast.Call) and _is_partial(value.func) and value.args:
                value = value.args[0]
            if not (isinstance(name, ast.Name) and isinstance(value, ast.Name) and value.id == target.qualname):
                continue
            alias = Defined(target.path, name.id, "", False, statement.lineno)
            if self._public(alias):
                found.append(_Found(alias, ()))
            if len(found) >= MAX_ENTRIES:
                break
        return found

    def _public(self, defined: Defined) -> bool:
        """Public, not a test, and not in a private module (`_internal.py`, `_impl/`) unless a public module of the
        tree imports its class or function by name: httpx writes `Client` in `_client.py` and publishes it in
        `__init__.py` (`from ._client import Client`), as many libraries do."""
        folders = defined.path.split("/")
        private = [part for part in folders if part.startswith("_") and not part.startswith("__")]
        if not private:
            return self.graph.public(defined)
        stem = folders[-1].removesuffix(".py")
        exported = (
            len(private) == 1
            and private[0] == folders[-1]
            and (stem, defined.qualname.split(".")[0]) in (self.exported())
        )
        return exported and self.graph.public(defined)

    def exported(self) -> set[tuple[str, str]]:
        """(module stem, name) of each `from ._mod import Name` (or `from pkg._mod import Name`) in a package's
        `__init__.py` whose path has no private part: read once per harvest, over its top-level statements."""
        if self._exported is None:
            self._exported = set()
            for path, tree in self.trees.items():
                # A package's `__init__.py` publishes; another module importing a helper only uses it.
                if not path.endswith("__init__.py") or any(
                    p.startswith("_") and not p.startswith("__") for p in path.split("/")
                ):
                    continue
                for statement in tree.body[:MAX_STATEMENTS]:
                    if isinstance(statement, ast.ImportFrom) and statement.module:
                        stem = statement.module.rpartition(".")[2]
                        if stem.startswith("_") and not stem.startswith("__"):
                            self._exported.update((stem, alias.name) for alias in statement.names[:MAX_NAMES])
        stars = {stem for stem, name in self._exported if name == "*"}
        for path, tree in self.trees.items() if stars else ():
            stem = path.rpartition("/")[2].removesuffix(".py")
            if stem in stars:  # `from ._client import *`: what `_client.__all__` lists, else its public names
                self._exported.update((stem, name) for name in _published(tree))
        return self._exported

    def _row(self, found: _Found, parameters: list[str]) -> dict:
        entry = found.entry
        node = self._holding(entry, found.steps[0].line) if found.steps else self._function(entry)
        kind, name = _kind(entry)
        if kind == "method" and node is not None and not found.steps and parameters and not _is_setter(node):
            # The call graph names a property once, by its getter; a site reading an argument is in its setter.
            node = self._setter(entry, node) or node
        if kind == "method" and node is not None and _is_setter(node):
            kind = "setter"  # `@content.setter`: reached by `obj.content = value`, not by a call
        elif kind == "method" and node is not None and (read := _accessed(node) or self._descriptor(entry, node)):
            # `@property`, `@cached_property` (functools' or Django's), `@x.deleter`: reached by reading (or deleting)
            # `obj.name`, never by a call (round 26: makemessages' `Command.gettext_version` shown as a method).
            kind = read
        if kind == "constructor" and self._made_elsewhere(entry):
            kind, name = "initializer", entry.qualname  # `FormField.__init__`, not "Calling `FormField()`"
        arguments = self._arguments(found.steps, parameters, site=found.steps[-1].callee if found.steps else entry)
        # The entry's own default of each argument it hands on (`unparse(..., full_document=True)`), "" for none.
        defaults = defaults_of(node, set(arguments.values())) if found.steps and node is not None and arguments else {}
        declared: list[str] | None = None
        named = ""  # a metaclass's parameter holding the name of the class being defined
        if entry.method and entry.name in ("__new__", "__init__") and (declared := self._metaclass(entry)) is not None:
            # `ModelBase.__new__` runs when a class whose metaclass it is gets defined: nobody calls `ModelBase()`.
            kind, name, named = "metaclass", entry.qualname.rpartition(".")[0], _class_name(node)
        fields: list[str] | None = None
        if kind == "method" and entry.name in _POST_INIT and (fields := self._dataclass_fields(entry)) is not None:
            # The `__init__` a dataclass (or attrs) writes runs `__post_init__`: `Config(...)` is the entry point.
            kind, name = "constructor", entry.qualname.rpartition(".")[0]
        lazy = _used_by(node) if node is not None and self._generator(node) else "iterating" if found.handed else ""
        bound = self.graph.bound_to(entry)
        if bound is not None and bound[1] in ("property", "setter", "deleter"):
            kind = bound[1]  # `x = property(_get_x, _set_x)`: reached by reading `obj.x`, or assigning to it
        before = _before_star(node, entry.method and not (bound is not None and bound[1] == "staticmethod"))
        doc, raises = self._said(node) if node is not None else ("", {})
        if not doc and found.steps and node is not None and _is_setter(node):
            doc, raises = self._said(self._function(entry) or node)  # the property's own, on its getter
        return (
            {
                "function": name,
                "path": entry.path,
                "line": entry.line,
                "kind": kind,
                "doc": doc,
                "via": [step.callee.qualname for step in found.steps[:-1]][:MAX_LEVELS],
                "arguments": arguments,
            }
            | ({"defaults": defaults} if defaults else {})
            | ({"raises": {raised: dict(said) for raised, said in raises.items()}} if raises else {})
            | self._exported_row(found, parameters)
            | ({"exits_before": True} if self._exits_on_the_way(found.steps) else {})
            | ({"branched": True} if self._branched(found.steps) else {})
            | ({"before_star": before} if before else {})
            | ({"fields": fields} if fields else {})
            | ({"declared_by": declared} if declared else {})
            | ({"class_name": named} if named else {})
            | ({"bound": bound[0].qualname} if bound is not None and not found.steps[1:] else {})
            | ({"generator": lazy} if kind in ("function", "method") and lazy and not _special(entry.name) else {})
        )

    def _metaclass(self, entry: Defined) -> list[str] | None:
        """For the `__new__` or `__init__` of a metaclass (`ClassIndex.is_metaclass`), the public classes of the
        harvest whose statement names it (`Model` for `ModelBase`), shortest names first; None for another class's."""
        owner = entry.owner or entry.qualname.rpartition(".")[0]
        if self.classes is None or not owner or not self.classes.is_metaclass(owner):
            return None
        names = {
            short
            for info in self.classes.declaring(owner)
            if not is_private(short := info.qualname.removeprefix(f"{info.module.name}."))
            and not is_test(info.module.path, short)
        }
        return sorted(names, key=lambda name: (len(name), name))[:MAX_DECLARING]

    def _descriptor(self, entry: Defined, node: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
        """ "property" for a method a decorator makes a property-like descriptor of: a class of the harvest
        (`@NonDataProperty`) whose `__get__` (its own or inherited) runs the function it holds on the instance or
        its class (`return self.fget(obj)`), and that defines no `__call__`: the name is read, not called. ""
        otherwise: a `__get__` that hands on to another (`classonlymethod`'s `super().__get__(instance, cls)`)
        gives back a method, which is called."""
        for decorator in node.decorator_list:
            if not isinstance(decorator, ast.Name):
                continue
            made = self.graph.constructs(entry.path, decorator.id)
            if made and not self.graph.resolves(made, "__call__") and self._runs_on_get(made):
                return "property"
        return ""

    def _runs_on_get(self, made: str) -> bool:
        """Whether the class's `__get__` calls an attribute of `self` with its instance or owner argument."""
        found = self._getters.get(made)
        if found is None:
            getter = self.graph.method(made, "__get__")
            node = self._function(getter) if getter is not None else None
            found = self._getters[made] = node is not None and _runs_held(node)
        return found

    def _generator(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """Whether its own body yields (its nested functions aside): calling it runs none of its body, iterating
        over what the call returns does. Once per function."""
        found = self._generates.get(id(node))
        if found is None:
            found = self._generates[id(node)] = generates(node)
        return found

    def _lazy(self, defined: Defined) -> bool:
        """A generator no decorator wraps: its callers run it only where they iterate over what it returns."""
        node = self._function(defined)
        return node is not None and self._generator(node) and _used_by(node) == "iterating"

    def _iterates(self, caller: Defined, line: int, callee: Defined) -> bool:
        """Whether the caller's call of a generator on `line` is iterated over: the iterable of a `for` or of a
        comprehension, `yield from` it, handed to a builtin that exhausts it (`list(self.gen())`) or to a lazy one
        that is (`groupby(gen(), type)` in a comprehension), there or through the one local it is assigned to
        (`all_tests = iter_test_cases(suite)`, django/test/runner.py:1227-1228); a call kept or returned runs
        nothing of it (`return self._iterator(...)`)."""
        node = self._holding(caller, line)
        if node is None:
            return False
        kept = ""
        for statement in body_of(node).statements:
            first = getattr(statement, "lineno", None)
            if first is None or not first <= line <= (getattr(statement, "end_lineno", None) or first):
                continue
            if any(_calls(each, callee.name) and each.lineno == line for each in _iterated(statement, whole=False)):
                return True
            if isinstance(statement, ast.Assign) and _calls(statement.value, callee.name):
                target = statement.targets[0] if len(statement.targets) == 1 else None
                kept = target.id if isinstance(target, ast.Name) else ""
        return bool(kept) and any(
            isinstance(each, ast.Name) and each.id == kept and each.lineno > line for each in _iterated(node)
        )

    def _returns(self, caller: Defined, line: int, callee: Defined) -> bool:
        """Whether the caller returns the call of `callee` on `line` as it is (`return self._iterator(chunk_size)`,
        django/db/models/query.py:529): what its own callers get is the generator, theirs to iterate over. Not under
        a decorator (`@property`: reading it would be said to raise), not from a coroutine (what it returns is
        awaited) nor from a generator (what it returns ends the iteration)."""
        node = self._holding(caller, line)
        if not isinstance(node, ast.FunctionDef) or _used_by(node) != "iterating" or self._generator(node):
            return False
        return any(
            s.value is not None and s.value.lineno == line and _calls(s.value, callee.name)
            for s in body_of(node).of(_RETURNS)
        )

    def _said(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, dict[str, dict[str, str | int]]]:
        """The first paragraph of a function's docstring and what it says the function raises: read once per
        function, which is the entry point of many sites."""
        found = self._docs.get(id(node))
        if found is None:
            found = self._docs[id(node)] = (first_paragraph(docstring(node) or ""), documented_raises(node))
        return found

    def _dataclass_fields(self, entry: Defined) -> list[str] | None:
        """The fields a dataclass's (or an attrs class's) `__init__` takes, in order, for a `__post_init__` of one;
        None when its class is no such class."""
        owner = entry.qualname.rpartition(".")[0]
        node = _class(self.trees.get(entry.path), owner)
        if node is None or not any(_DATACLASS.search(unparse(d)[:MAX_DECORATOR]) for d in node.decorator_list):
            return None
        return [
            statement.target.id
            for statement in node.body[:MAX_STATEMENTS]
            if isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and "ClassVar" not in unparse(statement.annotation)[:MAX_DECORATOR]
            and not _not_in_init(statement.value)
        ][:MAX_FIELDS]

    def _exits_on_the_way(self, steps: tuple[_Step, ...]) -> bool:
        """Whether a function on the way down may return or raise before its call of the next one: the entry then
        reaches the site only on some calls (tinydb's `upsert()` raises or updates before it calls `insert()`), or
        calls first a function of the repository's own that raises (`QuerySet.annotate()` calls
        `self._not_support_combined_queries("annotate")` before `self._annotate(...)`, round 18's card 15)."""
        for step in steps:
            if self.graph.bound_to(step.caller):
                continue  # a class's name for the function: no call, nothing before it
            node = self._holding(step.caller, step.line)
            if node is None or exit_before(node, step.line) or self._raising_call_before(step.caller, node, step.line):
                return True
        return False

    def _branched(self, steps: tuple[_Step, ...]) -> bool:
        """Whether a function on the way makes its call of the next one only under a test of its own (an `if`, a
        loop, a `match`, an `except`): DRF's `check_permissions()` calls `permission_denied()` only when a
        permission refuses, so the raise's own test is not the whole story for it (round 21's card 20)."""
        for step in steps:
            node = self._holding(step.caller, step.line)
            if not self.graph.bound_to(step.caller) and (node is None or not unconditional(node.body, step.line)):
                return True
        return False

    def _raising_call_before(self, caller: Defined, node: ast.FunctionDef | ast.AsyncFunctionDef, line: int) -> bool:
        """Whether a statement of `node` above `line` is a call (`self.m(...)` or `f(...)`) the call graph resolves,
        without guessing, to a function with a `raise` of its own; each callee read once."""
        for statement in body_of(node).of(_CALL_STATEMENTS):
            if getattr(statement, "lineno", line) >= line:
                continue
            call = statement.value.value if isinstance(statement.value, ast.Await) else statement.value
            if not isinstance(call, ast.Call) or (callee := self._callee(caller, call.func)) is None:
                continue
            function = self._function(callee)
            if function is None:
                continue
            if id(function) not in self._raising:
                found = any(isinstance(n, ast.Raise) for n in islice(statements(function.body), MAX_CALLEE_STATEMENTS))
                self._raising[id(function)] = found
            if self._raising[id(function)]:
                return True
        return False

    def _callee(self, caller: Defined, func: ast.expr) -> Defined | None:
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
            return self.graph.method(caller.owner, func.attr) if caller.owner else None
        if isinstance(func, ast.Name) and (located := self.graph.locate(caller.path, func.id)):
            return self.graph.definition(*located)
        return None

    def leaves_first(self, path: str, qualname: str, raised: str, index: int, parameter: str, value: str) -> bool:
        """Whether the call from `of`'s row `index` into the site's function comes only after its caller has left
        when the argument it hands on as `parameter` is `value`: `find_fixtures` does `if fixture_label ==
        READ_STDIN: return ...` before `self.parse_name(fixture_label)`, whose raise needs `fixture_name ==
        READ_STDIN` (round 11's card 13). Such an entry point cannot reach the raise."""
        return any(
            left_when(caller, line, unparse(given), value)
            for caller, line, given in self._handed_at(path, qualname, raised, index, parameter)
        )

    def hands_other(self, path: str, qualname: str, raised: str, index: int, parameter: str, kinds: tuple) -> bool:
        """Whether the call from `of`'s row `index` hands on as `parameter` a name its caller has already used as
        no instance of `kinds` (builtin types) can be: `warp(ds_input)` calls `ds_input.setdefault(...)` before
        `GDALRaster(ds_input)`, whose raise needs `isinstance(ds_input, bytes)` (round 14's card 03). Such an
        entry point cannot reach the raise."""
        return any(
            isinstance(given, ast.Name) and used_unlike(caller, line, given.id, kinds)
            for caller, line, given in self._handed_at(path, qualname, raised, index, parameter)
        )

    def hands_literal(
        self, path: str, qualname: str, raised: str, index: int, parameter: str, truth: bool, line: int = 0
    ) -> bool:
        """Whether the call from `of`'s row `index` hands on as `parameter` a literal whose truth is not `truth`,
        where the raise sits under `if parameter:` (or `if not parameter:`, or an `and` of it), or leaves it out
        where its default is such a literal: `convert_extent()` calls `GEOSGeometry(box)`, whose raise needs `srid`
        (default `None`) true (round 22's card 15), when no statement above the raise's `line` binds it anew."""
        if any(
            literal_against(given, truth) for _, _, given in self._handed_at(path, qualname, raised, index, parameter)
        ):
            return True
        found = self._found.get((path, qualname, raised), [])
        if index >= len(found) or not found[index].steps:
            return False
        step = found[index].steps[-1]
        caller, callee = self._holding(step.caller, step.line), self._function(step.callee)
        if caller is None or callee is None:
            return False
        if self._bound(callee).get(parameter, line) < line:
            return False
        return any(
            (default := default_left(call, callee, parameter)) is not None and literal_against(default, truth)
            for call in self._calls_at(caller, step.line)
            if calls_by_name(call, step.callee, callee)
        )

    def hands_refused(self, path: str, qualname: str, raised: str, index: int, parameter: str, names: tuple) -> bool:
        """Whether the call from `of`'s row `index` hands on as `parameter` a value of a type the code shows
        (`path.name` of `path = Path(path)`: a `str`) that the raise's `isinstance(parameter, names)` refuses."""
        found = self._found.get((path, qualname, raised), [])
        if index >= len(found) or not found[index].steps:
            return False
        tree = self.trees.get(found[index].steps[-1].caller.path)
        return any(
            (kind := known_type(given, caller, line, tree)) is not None and refuses(kind, names)
            for caller, line, given in self._handed_at(path, qualname, raised, index, parameter)
        )

    def hands_not_none(self, path: str, qualname: str, raised: str, index: int, parameter: str) -> bool:
        """Whether the call from `of`'s row `index` hands on as `parameter` a value never None (`not_none`), where
        the raise sits under `if parameter is None:` (round 20's card 23)."""
        found = self._found.get((path, qualname, raised), [])
        if index >= len(found) or not found[index].steps:
            return False
        step = found[index].steps[-1]
        tree, callee = self.trees.get(step.caller.path), self._function(step.callee)
        return (
            any(
                not_none(given, caller, line, tree, callee, parameter)
                for caller, line, given in self._handed_at(path, qualname, raised, index, parameter)
            )
            or self._nested_not_none(step.caller, step.line, step.callee, parameter)
            or self._used_on_the_way(found[index].steps, parameter)
        )

    def caller_used(self, path: str, qualname: str, raised: str, row: dict, parameter: str) -> bool:
        """`_used_on_the_way` for a caller row of level 1, or of level 2 through each of its calls of `via`."""
        routes = self._caller_routes(path, qualname, raised, row)
        return bool(routes) and all(self._used_on_the_way(steps, parameter) for steps in routes)

    def _used_on_the_way(self, steps: tuple[_Step, ...], parameter: str) -> bool:
        """Whether a caller on the way (from the site's up) hands on as the site's `parameter` a parameter of its
        own that it has used as an object first (`type_guards.dereferenced`), each call below it handing that on
        as it is: `force_login(user)` sets `user.backend` before `self._login(user, backend)`, which hands `user`
        to `login()`, whose warning needs `user is None` (round 34's card 13)."""
        name, callee = parameter, self._function(steps[-1].callee) if steps else None
        for step in reversed(steps):
            caller = self._holding(step.caller, step.line)
            if caller is None or callee is None:
                return False
            calls = [call for call in self._calls_at(caller, step.line) if calls_by_name(call, step.callee, callee)]
            names = {given.id if isinstance(given := handed_as(c, callee, name), ast.Name) else "" for c in calls}
            name = names.pop() if len(names) == 1 else ""
            own = {a.arg for a in (*caller.args.posonlyargs, *caller.args.args, *caller.args.kwonlyargs)}
            if not name or name not in own or self._rebinds(caller, name):
                return False  # not handed on as it is: a value the caller made, or bound anew
            if dereferenced(caller, step.line, name):
                return True
            callee = caller
        return False

    def caller_not_none(self, path: str, qualname: str, caller: dict, parameter: str) -> bool:
        """Whether every call of a direct caller row hands on as `parameter` a value never None."""
        handed, caller_node = self._caller_hands(path, qualname, caller, parameter)
        defined = self.graph.definition(path, qualname)
        callee = self._function(defined) if defined is not None else None
        tree = self.trees.get(str(caller.get("path")))
        line = caller.get("line")
        if not handed and defined is not None and isinstance(line, int):  # a nested function's call
            calling = self.graph.definition(str(caller.get("path")), str(caller.get("function")))
            return calling is not None and self._nested_not_none(calling, line, defined, parameter)
        return bool(handed) and all(
            given is not None and isinstance(line, int) and not_none(given, caller_node, line, tree, callee, parameter)
            for given in handed
        )

    def _nested_not_none(self, caller: Defined, line: int, callee: Defined, parameter: str) -> bool:
        """Whether `caller`, a function nested in another, hands on as `parameter` on `line` only a parameter of
        the function it is defined in, which defines it only where that is not None (`closed_not_none`)."""
        outer_name, _, own_name = caller.qualname.rpartition(".")
        outer_defined = self.graph.definition(caller.path, outer_name) if outer_name else None
        outer = self._function(outer_defined) if outer_defined is not None else None
        callee_node = self._function(callee)
        if outer is None or callee_node is None:
            return False
        holding = [
            node
            for node in nodes_of_kind(outer, _DEFS)
            if node is not outer and node.name == own_name and node.lineno <= line <= (node.end_lineno or node.lineno)
        ]
        if not holding:
            return False
        nested = max(holding, key=lambda node: node.lineno)
        handed = [handed_as(call, callee_node, parameter) for call in self._calls_at(nested, line)]
        return bool(handed) and all(given is not None and closed_not_none(outer, nested, given) for given in handed)

    def node(self, path: str, qualname: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        """The `def` of a function of the call graph."""
        defined = self.graph.definition(path, qualname)
        return self._function(defined) if defined is not None else None

    def hands_taken(self, path: str, qualname: str, raised: str, index: int, parameter: str, accepts: Accepts) -> bool:
        """Whether every call from `of`'s row `index` into the site's function hands on as `parameter` a value an
        `isinstance` test of the site's surely takes (`never_empty.takes`; `accepts(path, name)`: whether a class
        so written in that module is one the test names): `LayerMapping()` hands `DataSource()` a path, whose arm
        binds `ds` to a call that never returns an empty value (round 21's AI-assisted card 02)."""
        found = self._found.get((path, qualname, raised), [])
        if index >= len(found) or not found[index].steps:
            return False
        step = found[index].steps[-1]
        return self._all_take(step.caller, step.line, step.callee, parameter, accepts)

    def callers_taken(self, path: str, qualname: str, raised: str, parameter: str, accepts: Accepts) -> set[str]:
        """The qualnames of the resolved callers of the site's function every call of which hands on as
        `parameter` a value its `isinstance` test surely takes (`hands_taken`)."""
        target = self.graph.definition(path, qualname)
        if target is None:
            return set()
        verdicts: dict[str, bool] = {}
        for caller, line, _ in self.graph.resolved_callers(target, raised)[:MAX_FANOUT]:
            taken = self._all_take(caller, line, target, parameter, accepts)
            verdicts[caller.qualname] = verdicts.get(caller.qualname, True) and taken
        return {name for name, taken in verdicts.items() if taken}

    def _all_take(self, caller: Defined, line: int, callee: Defined, parameter: str, accepts: Accepts) -> bool:
        caller_node, callee_node = self._holding(caller, line), self._function(callee)
        if caller_node is None or callee_node is None:
            return False
        # The calls of the callee on the line, by its name (a constructor's by its class's).
        name = callee.qualname.rpartition(".")[0].rpartition(".")[2] if callee_node.name == "__init__" else callee.name
        calls = [c for c in self._calls_at(caller_node, line) if unparsed(c.func).rpartition(".")[2] == name]
        handed = [handed_as(call, callee_node, parameter) for call in calls]
        tree = self.trees.get(caller.path)
        return bool(handed) and all(
            given is not None and takes(given, caller_node, line, tree, lambda n: accepts(caller.path, n))
            for given in handed
        )

    def caller_refused(self, path: str, qualname: str, caller: dict, parameter: str, names: tuple) -> bool:
        """Whether every call of a direct caller row hands on as `parameter` a value of a type the code shows that
        `isinstance(parameter, names)` refuses."""
        handed, caller_node = self._caller_hands(path, qualname, caller, parameter)
        tree = self.trees.get(str(caller.get("path")))
        line = caller.get("line")
        return bool(handed) and all(
            given is not None
            and isinstance(line, int)
            and (kind := known_type(given, caller_node, line, tree)) is not None
            and refuses(kind, names)
            for given in handed
        )

    def _caller_hands(
        self, path: str, qualname: str, caller: dict, parameter: str, *, defaults: int = 0
    ) -> tuple[list[ast.expr | None], ast.FunctionDef | ast.AsyncFunctionDef | None]:
        """What each call of a direct caller row on its line hands on as `parameter` (None: not told), and the
        caller's function. `defaults`, the raise's line: a call of the callee by its name that leaves the parameter
        out hands on its literal default, when the callee binds it anew on no line above."""
        callee = self.graph.definition(path, qualname)
        defined = self.graph.definition(str(caller.get("path")), str(caller.get("function")))
        line = caller.get("line")
        callee_node = self._function(callee) if callee is not None else None
        caller_node = self._holding(defined, line) if defined is not None and isinstance(line, int) else None
        if callee_node is None or caller_node is None or not isinstance(line, int):
            return [], None
        calls = self._calls_at(caller_node, line)
        if callee_node.name != "__init__":  # `self.real_models.append(X.from_model(...))`: the call by its name
            calls = [call for call in calls if unparsed(call.func).rpartition(".")[2] == callee_node.name]
        handed = [handed_as(call, callee_node, parameter) for call in calls]
        if defaults and callee is not None and self._bound(callee_node).get(parameter, defaults) >= defaults:
            handed = [
                default_left(call, callee_node, parameter)
                if given is None and calls_by_name(call, callee, callee_node)
                else given
                for call, given in zip(calls, handed, strict=True)
            ]
        return handed, caller_node

    def caller_passes(self, path: str, qualname: str, caller: dict, parameter: str, truth: bool, line: int = 0) -> bool:
        """Whether a direct caller row (`{"path", "function", "line"}`) calls the site's function handing on as
        `parameter` a literal whose truth is not `truth`: `StateApps.__init__` calls `from_model(model,
        exclude_rels=True)`, and the raise sits under `if not exclude_rels:` (round 15's AI-assisted card 08)."""
        handed, _ = self._caller_hands(path, qualname, caller, parameter, defaults=line)
        return bool(handed) and all(given is not None and literal_against(given, truth) for given in handed)

    def _handed_at(
        self, path: str, qualname: str, raised: str, index: int, parameter: str
    ) -> list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, int, ast.expr]]:
        """For `of`'s row `index`: its last step's caller, the line of the call, and what each call there hands on
        as `parameter` (nothing when that cannot be told)."""
        found = self._found.get((path, qualname, raised), [])
        if index >= len(found) or not found[index].steps:
            return []
        step = found[index].steps[-1]
        caller, callee = self._holding(step.caller, step.line), self._function(step.callee)
        if caller is None or callee is None:
            return []
        handed = [handed_as(call, callee, parameter) for call in self._calls_at(caller, step.line)]
        return [(caller, step.line, given) for given in handed if given is not None]

    def _made_elsewhere(self, entry: Defined) -> bool:
        """Whether the class's `__new__` (its own or an ancestor's) may return something other than a new instance
        of it: `X()` then does not run `X.__init__` (a field built lazily returns a placeholder object, a
        serializer with `many=True` a list serializer), so the raise is not "Calling `X()`"'s."""
        owner = entry.owner or entry.qualname.rpartition(".")[0]
        new = self.graph.method(owner, "__new__") if owner else None
        node = self._function(new) if new is not None else None
        return node is not None and returns_other(node)

    def _arguments(self, steps: tuple[_Step, ...], parameters: list[str], *, site: Defined) -> dict[str, str]:
        """Site parameter -> the entry's parameter it is, where each call on the way hands it on as it is; a
        parameter that is the entry's `*args` or `**kwargs` is written so."""
        mapping = {p: p for p in parameters}
        if not mapping:
            return mapping
        if not steps and (node := self._function(site)) is not None:
            for star, marked in ((node.args.vararg, "*"), (node.args.kwarg, "**")):
                if star is not None and star.arg in mapping:
                    mapping[star.arg] = marked + star.arg
        for step in reversed(steps):
            handed = self._handed(step)
            mapping = {
                site: handed[bare] for site, current in mapping.items() if (bare := current.lstrip("*")) in handed
            }
            if not mapping:
                break
        return mapping

    def _exported_row(self, found: _Found, parameters: list[str]) -> dict:
        """{"exported": True} for a function its package names for users, found in place of its inside (`_search`),
        with "made_from" where each parameter the raise's tests read is handed on, or made by calls alone, from one
        of its own arguments on the way down (`TokenStream(tokenize(css))` in cssselect's `parse(css)`)."""
        if not found.replaced or not self._user_named(found.entry):
            return {}
        if not found.steps:
            return {}  # the raising function itself: its arguments are its own (`arguments`)
        mapping = {p: (p, False) for p in parameters}
        for step in reversed(found.steps):
            if not mapping:
                break
            handed = self._made_at(step)
            mapping = {
                site: (handed[name][0], made or handed[name][1])
                for site, (name, made) in mapping.items()
                if name in handed
            }
        made = {site: name for site, (name, _) in mapping.items()}
        # Every parameter the tests read made from the entry's own (none read: the tests are on what it builds).
        # None read: its own call hands on something made from its arguments (`parse_selector_group(stream)`).
        whole = len(made) == len(parameters) and bool(parameters or self._made_at(found.steps[0]))
        return {"exported": True} | ({"made_from": made} if found.steps and whole else {})

    def _made_at(self, step: _Step) -> dict[str, tuple[str, bool]]:
        """The callee's parameters the call gives, each as the caller's parameter it is or is made from by calls
        (`exported.made_from`), and whether made."""
        caller, callee = self._holding(step.caller, step.line), self._function(step.callee)
        if caller is None or callee is None or self.graph.bound_to(step.caller):
            return {}
        assigned = self._assigned(caller)
        own = {
            a.arg: a.arg
            for a in (*caller.args.posonlyargs, *caller.args.args, *caller.args.kwonlyargs)
            if assigned.get(a.arg, step.line) >= step.line
        }
        positional = [a.arg for a in (*callee.args.posonlyargs, *callee.args.args)][1 if step.callee.method else 0 :]
        calls = [c for c in self._calls_at(caller, step.line) if calls_by_name(c, step.callee, callee)]
        if len(calls) != 1 or any(isinstance(a, ast.Starred) for a in calls[0].args):
            return {}
        given = [*zip(positional, calls[0].args, strict=False), *((k.arg, k.value) for k in calls[0].keywords if k.arg)]
        handed = {}
        for parameter, value in given:
            name, made = made_from(caller, value, own)
            if name:
                handed[parameter] = (name, made)
        return handed

    def _handed(self, step: _Step) -> dict[str, str]:
        """The callee's parameters that the call gives a parameter of the caller, as is."""
        caller, callee = self._holding(step.caller, step.line), self._function(step.callee)
        if caller is None or callee is None:
            return {}
        if self.graph.bound_to(step.caller):  # a class's name for the callee: its own parameters, as they are
            stars = ((callee.args.vararg, "*"), (callee.args.kwarg, "**"))
            return {a.arg: a.arg for a in (*callee.args.posonlyargs, *callee.args.args, *callee.args.kwonlyargs)} | {
                star.arg: marked + star.arg for star, marked in stars if star is not None
            }
        own = {a.arg: a.arg for a in (*caller.args.posonlyargs, *caller.args.args, *caller.args.kwonlyargs)}
        # `filter(self, *args, **kwargs)` handing `args` and `kwargs` on as they are: the caller's positional and
        # keyword arguments, marked so (`*args`, `**kwargs`) for the card to say them so.
        if caller.args.vararg is not None:
            own[caller.args.vararg.arg] = "*" + caller.args.vararg.arg
        if caller.args.kwarg is not None:
            own[caller.args.kwarg.arg] = "**" + caller.args.kwarg.arg
        # Given a new value before the call (`path = path or settings.GEOIP_PATH` in `GeoIP2.__init__`): what it
        # hands on is no longer what the reader passed.
        assigned = self._assigned(caller)
        own = {name: said for name, said in own.items() if assigned.get(name, step.line) >= step.line}
        positional = [a.arg for a in (*callee.args.posonlyargs, *callee.args.args)]
        if step.callee.method:
            positional = positional[1:]  # self, or cls
        for call in self._calls_at(caller, step.line):
            name = getattr(call.func, "attr", None) or getattr(call.func, "id", None)
            if name not in (step.callee.name, step.callee.qualname.rpartition(".")[0].rpartition(".")[2]):
                continue
            handed: dict[str, str] = {}
            for position, argument in enumerate(call.args):
                if isinstance(argument, ast.Starred):
                    break
                if position < len(positional) and isinstance(argument, ast.Name) and argument.id in own:
                    handed[positional[position]] = own[argument.id]
            for keyword in call.keywords:
                if keyword.arg and isinstance(keyword.value, ast.Name) and keyword.value.id in own:
                    handed[keyword.arg] = own[keyword.value.id]
            return handed
        return {}

    def _setter(
        self, defined: Defined, getter: ast.FunctionDef | ast.AsyncFunctionDef
    ) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        """The `@<name>.setter` of a property whose getter is `getter`, in the same file; None when there is not
        exactly one."""
        if not any(isinstance(d, ast.Name) and d.id == "property" for d in getter.decorator_list):
            return None
        self._function(defined)  # reads the file's functions
        found = [
            node
            for (_, name), node in self._functions.get(defined.path, {}).items()
            if name == defined.name and node is not getter and _is_setter(node)
        ]
        return found[0] if len(found) == 1 else None

    def _function(self, defined: Defined) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        if (bound := self.graph.bound_to(defined)) is not None:
            return self._function(bound[0])  # a class's name for a function defined elsewhere: that `def`
        if not defined.method and "." in defined.qualname and self.graph.bound_as(defined):
            return self._nested(defined)  # made by a factory a class body calls
        functions = self._functions.get(defined.path)
        if functions is None:
            functions = self._functions[defined.path] = {}
            tree = self.trees.get(defined.path)
            # Module and class bodies only: an entry point is no function nested in a function.
            stack: list[ast.stmt] = list(tree.body) if tree is not None else []
            while stack:
                node = stack.pop()
                if isinstance(node, _DEFS):  # tuples made once: a union type is built anew at each statement
                    functions[(node.lineno, node.name)] = node
                elif isinstance(node, _HOLDING_DEFS):
                    stack += [*node.body, *getattr(node, "orelse", ())]
        return functions.get((defined.line, defined.name))

    def _nested(self, defined: Defined) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        """The `def` of a function nested in a module's function (a factory's), among that function's own
        statements; None for one nested deeper, or in a method."""
        outer_name, _, name = defined.qualname.rpartition(".")
        outer = self.graph.definition(defined.path, outer_name)
        node = self._function(outer) if outer is not None and not outer.method and "." not in outer_name else None
        if node is None:
            return None
        found = [d for d in body_of(node).of(_DEFS) if d.name == name and d.lineno == defined.line]
        return found[0] if found else None

    def _assigned(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, int]:
        """`new_values` of a function, read once per function."""
        found = self._assignments.get(id(function))
        if found is None:
            found = self._assignments[id(function)] = new_values(function)
        return found

    def _bound(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, int]:
        """The first line where the function's own statements bind each name, conversions included, read once per
        function: a default left out may be replaced (`if requested is None: restricted = ...` in
        `get_related_selections()`)."""
        found = self._bindings.get(id(function))
        if found is None:
            found = self._bindings[id(function)] = new_values(function, conversions=True)
        return found

    def _rebinds(self, function: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
        """Whether anything in the function binds `name` again, `_bound`'s targets or not (a `:=`, an `except ... as`,
        a `match` capture, `global`, `nonlocal`): read once per function and name."""
        key = (id(function), name)
        found = self._rebinding.get(key)
        if found is None:
            found = self._rebinding[key] = bool(name) and binds(function, name, parameters=False)
        return found

    def _calls_at(self, function: ast.FunctionDef | ast.AsyncFunctionDef, line: int) -> list[ast.Call]:
        """The calls on `line` of a function: the innermost statement there is found by its statements alone,
        and only its own expressions are walked; once per line (each way to a raise asks again)."""
        key = (id(function), line)
        found = self._calls.get(key)
        if found is None:
            found = self._calls[key] = self._walk_calls_at(function, line)
        return found

    @staticmethod
    def _walk_calls_at(function: ast.FunctionDef | ast.AsyncFunctionDef, line: int) -> list[ast.Call]:
        inner: ast.AST | None = None
        for statement in body_of(function).statements:
            first = getattr(statement, "lineno", None)  # a `case` has no position of its own
            if first is not None and first <= line <= (getattr(statement, "end_lineno", None) or first):
                inner = statement
        if inner is None:
            return []
        stack = [child for child in ast.iter_child_nodes(inner) if not isinstance(child, ast.stmt)]
        found = []
        while stack:
            node = stack.pop()
            if isinstance(node, ast.Call) and node.lineno == line:
                found.append(node)
            stack += [c for c in ast.iter_child_nodes(node) if not isinstance(c, ast.stmt)]
        return found


def _module_bound(tree: ast.Module) -> set[str]:
    """The names a module's own top-level imports by name, `def`s, classes and assignments bind."""
    bound: set[str] = set()
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom):
            for alias in statement.names:
                bound.add(alias.asname or alias.name)
        elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(statement.name)
        elif isinstance(statement, ast.Assign):
            bound |= {t.id for t in statement.targets if isinstance(t, ast.Name)}
    return bound


def _not_mappings(path: str, trees: dict[str, ast.Module]) -> set[str]:
    """Types no mapping is an instance of, by their names in the module at `path`: builtin ones the module does not
    bind anew, and `pathlib`'s paths it imports by name."""
    tree = trees.get(path)
    if tree is None:
        return set()
    bound = _module_bound(tree)
    paths = {
        alias.asname or alias.name
        for statement in tree.body
        if isinstance(statement, ast.ImportFrom) and statement.module == "pathlib" and statement.level == 0
        for alias in statement.names
        if alias.name in _PATHS
    }
    return set(_NOT_MAPPING_BUILTINS - bound) | paths


_NOT_MAPPING_BUILTINS = frozenset(
    {"str", "bytes", "bytearray", "int", "float", "complex", "bool", "list", "tuple", "set", "frozenset"}
)
_PATHS = frozenset({"Path", "PurePath", "PosixPath", "WindowsPath", "PurePosixPath", "PureWindowsPath"})


def _looped_parameter(function: ast.FunctionDef | ast.AsyncFunctionDef, line: int, bound: dict[str, int]) -> str:
    """The parameter that a `for` of the function's own iterates as it is, where `line` sits in that loop's body
    (not its `else`) and the function binds the parameter nowhere; "" when none."""
    arguments = function.args
    named = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
    if arguments.vararg is not None:
        named.add(arguments.vararg.arg)
    for loop in body_of(function).of((ast.For, ast.AsyncFor)):
        iterated = loop.iter.id if isinstance(loop.iter, ast.Name) else ""
        first, last = loop.body[0].lineno, loop.body[-1].end_lineno or loop.body[-1].lineno
        if iterated in named and iterated not in bound and first <= line <= last:
            return iterated
    return ""


def _no_more_positional(call: ast.Call, callee: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether the call hands the callee's `*args` nothing: no `*x`, and no more positional arguments than the
    callee names (less `self` or `cls` where the call is on an object or a class's constructor)."""
    if any(isinstance(argument, ast.Starred) for argument in call.args):
        return False
    positional = [a.arg for a in (*callee.args.posonlyargs, *callee.args.args)]
    shift = int(
        bool(positional)
        and positional[0] in ("self", "cls")
        and (isinstance(call.func, ast.Attribute) or callee.name in ("__init__", "__new__"))
    )
    return len(call.args) <= len(positional) - shift


# Builtins and methods that iterate over their first argument to its end (or to its first item, `next`).
_EXHAUSTING = frozenset(
    {"list", "tuple", "set", "frozenset", "sorted", "dict", "next", "any", "all", "sum", "min", "max", "join"}
)
_EXHAUSTING |= {"extend", "update"}


_PLAIN = frozenset({"staticmethod", "classmethod"})
# A `@contextmanager`'s is entered by a `with` statement, an `@asynccontextmanager`'s only by `async with`.
_WITH = {"contextmanager": "with", "asynccontextmanager": "async with"}


def _used_by(node: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    """How a generator function's body is run: "iterating" over what a plain one returns, "with" (a `with`
    statement) for a `@contextmanager`'s, "async with" for an `@asynccontextmanager`'s; "" under another
    decorator, which may make of it anything."""
    names = {unparsed(d).rpartition(".")[2] for d in node.decorator_list} - _PLAIN
    return "iterating" if not names else _WITH.get(names.pop(), "") if len(names) == 1 else ""


def _runs_held(getter: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a `__get__` calls an attribute of `self` handed its instance or owner argument (`self.fget(obj)`)."""
    given = [a.arg for a in (*getter.args.posonlyargs, *getter.args.args)]
    if len(given) < 2:
        return False
    receiver, taken = given[0], set(given[1:3])
    return any(
        isinstance(each, ast.Call)
        and isinstance(each.func, ast.Attribute)
        and isinstance(each.func.value, ast.Name)
        and each.func.value.id == receiver
        and any(isinstance(argument, ast.Name) and argument.id in taken for argument in each.args)
        for each in breadth.walk(getter)
    )


def _special(name: str) -> bool:
    """`__iter__` and the like, said by their use already ("Iterating over a `ModelIterable`")."""
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def _exhausting(func: ast.expr) -> bool:
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    return name in _EXHAUSTING


# Builtins and `itertools` functions whose result iterates over its arguments as it is iterated over.
_LAZY = frozenset({"enumerate", "zip", "map", "filter", "reversed", "groupby", "chain", "islice", "from_iterable"})


def _iterated(node: ast.AST, *, whole: bool = True) -> list[ast.expr]:
    """The expressions iterated over in `node` (`whole`: its nested statements too): the iterable of a `for` or of
    a comprehension, of `yield from`, the first argument of a call that exhausts it, and the arguments of a lazy
    call iterated over so (`groupby(x, type)`)."""
    parts = [node] if whole else [node, *(c for c in ast.iter_child_nodes(node) if not isinstance(c, ast.stmt))]
    found: list[ast.expr] = []
    for part in parts:
        for each in breadth.walk(part) if whole or part is not node else [part]:
            if isinstance(each, (ast.For, ast.AsyncFor, ast.comprehension)):
                found.append(each.iter)
            elif isinstance(each, ast.YieldFrom):
                found.append(each.value)
            elif isinstance(each, ast.Call) and _exhausting(each.func) and each.args:
                found.append(each.args[0])
    for each in list(found):
        if isinstance(each, ast.Call) and _named(each.func) in _LAZY:
            found += each.args
    return found


def _named(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _calls(expr: ast.expr, name: str) -> bool:
    """Whether `expr` is a call of a function of that name (`gen(...)`, `self.gen(...)`)."""
    if not isinstance(expr, ast.Call):
        return False
    func = expr.func
    return (func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else "") == name


_YIELDS = (ast.Yield, ast.YieldFrom)
_RETURNS = (ast.Return,)
_HOLDING_VALUES = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return)


def generates(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether its own body yields (a generator's call runs nothing of it): a statement of its own (its nested
    functions and classes aside) that is a `yield` or `yield from`, or assigns or returns one (`x = yield`), read
    from the statements the other readers share (`body_of`). A `yield` deeper in an expression (`f((yield))`) is
    not seen: the function is then said as before, called."""
    return any(isinstance(s.value, _YIELDS) for s in body_of(node).of(_HOLDING_VALUES))


def _is_partial(func: ast.expr) -> bool:
    """`partial` or `functools.partial`."""
    return (isinstance(func, ast.Name) and func.id == "partial") or (
        isinstance(func, ast.Attribute) and func.attr == "partial" and isinstance(func.value, ast.Name)
    )


def _is_setter(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(isinstance(d, ast.Attribute) and d.attr == "setter" for d in node.decorator_list)


# What a decorator makes of a method that is read, not called: its kind of entry point.
_ACCESSED = {
    "property": "property",
    "cached_property": "property",
    "classproperty": "property",
    "getter": "property",
    "deleter": "deleter",
}


def _accessed(node: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    """ "property" for a method read as an attribute (`@property`, `@functools.cached_property`,
    `@django.utils.functional.cached_property`, `@x.getter`), "deleter" for `@x.deleter`; "" for one called."""
    for decorator in node.decorator_list:
        name = decorator.attr if isinstance(decorator, ast.Attribute) else getattr(decorator, "id", "")
        if name in _ACCESSED:
            return _ACCESSED[name]
    return ""


_POST_INIT = frozenset({"__post_init__", "__attrs_post_init__"})
# A class decorator that writes its `__init__` from the annotated fields: `@dataclass`, `@dataclasses.dataclass(...)`,
# attrs' `@define`, `@frozen`, `@attr.s`, `@attrs.define` (a prefix match on a short text: linear).
_DATACLASS = re.compile(r"^(?:dataclasses\.)?+dataclass\b|^(?:attrs?\.)?+(?:define|frozen|mutable|s|attrs)\b")
MAX_DECORATOR = 200
MAX_FIELDS = 100


def _class(tree: ast.Module | None, qualname: str) -> ast.ClassDef | None:
    """The class statement of `Outer.Inner` in a module, by its nesting."""
    body: list[ast.stmt] = tree.body if tree is not None else []
    found: ast.ClassDef | None = None
    for part in qualname.split(".") if qualname else []:
        found = next((s for s in body[:MAX_STATEMENTS] if isinstance(s, ast.ClassDef) and s.name == part), None)
        if found is None:
            return None
        body = found.body
    return found


def _not_in_init(value: ast.expr | None) -> bool:
    """`x: int = field(init=False)`: a field the `__init__` does not take."""
    return isinstance(value, ast.Call) and any(
        k.arg == "init" and isinstance(k.value, ast.Constant) and k.value.value is False for k in value.keywords
    )


def _kind(defined: Defined) -> tuple[str, str]:
    """(kind, the name a user knows it by)."""
    if defined.kind:
        return defined.kind, defined.named or defined.qualname
    if defined.method and defined.name == "__init__":
        return "constructor", defined.qualname.rpartition(".")[0]
    if defined.qualname == "Command.handle" and "/management/commands/" in f"/{defined.path}":
        return "command", defined.path.rpartition("/")[2].removesuffix(".py")
    return ("method" if defined.method else "function"), defined.qualname


def _class_name(node: ast.FunctionDef | ast.AsyncFunctionDef | None) -> str:
    """The parameter of a metaclass's `__new__` or `__init__` that holds the name of the class being defined: the
    one after `cls` (`name` of `ModelBase.__new__(cls, name, bases, attrs, **kwargs)`); "" when it has none."""
    named = [a.arg for a in (*node.args.posonlyargs, *node.args.args)] if node is not None else []
    return named[1] if len(named) > 1 else ""


def _private_path(path: str) -> bool:
    """Whether a folder or the module of the path is private (`_parser.py`, `_impl/`)."""
    return any(part.startswith("_") and not part.startswith("__") for part in path.split("/"))


def _published(tree: ast.Module) -> list[str]:
    """The names `from module import *` takes: its `__all__` when it lists strings, else its public top-level
    classes and functions."""
    listed = all_of(tree)
    if listed is not None:
        return listed
    return [
        s.name
        for s in tree.body[:MAX_STATEMENTS]
        if isinstance(s, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and not s.name.startswith("_")
    ]


def _before_star(node: ast.FunctionDef | ast.AsyncFunctionDef | None, method: bool) -> list[str]:
    """The named positional parameters ahead of the entry's `*args` (`converter` of `f(converter, *classes)`,
    without `self` or `cls`): a count of `classes` is not a count of all the positional arguments."""
    if node is None or node.args.vararg is None:
        return []
    named = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list)
    return named[1:] if method and not static else named

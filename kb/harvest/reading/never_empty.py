"""A local the raise tests for truth, bound from a call that never returns an empty value (issue 29, round 21's
AI-assisted card 02): `DataSource.__init__` binds `ds = capi.open_ds(...)` for a path, or `ds = ds_input` for a
pointer, then raises under `if not ds`. `open_ds` is a ctypes function built by `voidptr_output`, which sets its
`errcheck` to `check_pointer`, and `check_pointer` raises on a NULL result: only the pointer's arm reaches the raise,
so `LayerMapping(model, "path.shp", ...)`, which hands on a path, is no way in.

A callee never returns an empty value when every `return` of it hands back a name just tested (`if result: return
result`, or `if not result: raise ...` then `return result`) and it never falls off its end; or when it is a
module-level name built by a factory that sets its first argument's `errcheck` to such a function (ctypes returns
what `errcheck` returns) and returns it. A pattern's match that matches at the start of every string is never
None either (`always_matches`, round 22's card 22). Read lazily, only for a raise under a test of a local's truth
(or `is None`), each callee once."""

import ast
import builtins
from collections.abc import Callable, Iterator
from typing import NamedTuple

from kb.harvest.reading.always_matches import AlwaysMatches
from kb.harvest.reading.callers import CallGraph
from kb.harvest.reading.known_types import known_type
from kb.harvest.reading.scopes import statements
from kb.harvest.reading.walked import body_of, nodes_of_kind
from kb.text import breadth

TRUTHY, NOT_NONE = 2, 1  # what a callee's result is sure to be; 0: nothing known
MAX_STATEMENTS = 400  # of a module's top level, read for how often it binds a name
MAX_BODY = 300  # statements of a callee read


class NeverEmpty:
    """Whether a call's result is never empty, or never None, per callee (by its qualified name)."""

    def __init__(self, graph: CallGraph, trees: dict[str, ast.Module]) -> None:
        self.graph = graph
        self.trees = trees
        self._callees: dict[str, int] = {}
        self.matches = AlwaysMatches(trees)

    def of_call(self, path: str, value: ast.expr) -> int:
        """TRUTHY, NOT_NONE or 0 for `value`, an expression of the module at `path`: a call of a function or of a
        foreign function of the harvest, or a regular expression's match that never fails (`always_matches`)."""
        if self.matches.of_call(path, value):
            return TRUTHY  # a match object is true
        if not isinstance(value, ast.Call) or (dotted := _dotted(value.func)) is None:
            return 0
        bound = self.graph.binds(path, dotted)
        if bound is None or not bound[1]:
            return 0
        qualified, where, node = bound
        if qualified not in self._callees:
            self._callees[qualified] = 0  # a callee that reaches itself again is not known
            if self._once(where, qualified.rpartition(".")[2]):
                self._callees[qualified] = self._strength(where, node)
        return self._callees[qualified]

    def _strength(self, where: str, node: ast.AST | None) -> int:
        if isinstance(node, ast.FunctionDef):
            return guarded(node) if not node.decorator_list else 0  # a decorator may return anything
        if isinstance(node, ast.Call) and (dotted := _dotted(node.func)) is not None:
            factory = self.graph.binds(where, dotted)
            if factory is not None and isinstance(factory[2], ast.FunctionDef):
                checker = errcheck_of(factory[2], node)
                if checker is not None:
                    found = self.graph.binds(factory[1], checker)
                    if (
                        found is not None
                        and isinstance(found[2], ast.FunctionDef)
                        and not found[2].decorator_list
                        and self._once(factory[1], factory[0].rpartition(".")[2])
                        and self._once(found[1], found[0].rpartition(".")[2])
                    ):
                        return guarded(found[2])
        return 0

    def _once(self, path: str, name: str) -> bool:
        """Whether the module's top level binds `name` once (a fallback bound in an `except` may be anything)."""
        tree = self.trees.get(path)
        return tree is not None and sum(1 for _ in _bindings(tree.body[:MAX_STATEMENTS], name)) == 1


def guarded(function: ast.FunctionDef) -> int:
    """TRUTHY when every `return` of the function hands back a name just tested true (`if r: return r`; `if not
    r: raise ...` then `return r`) and it never falls off its end; NOT_NONE when some were tested only `is not
    None`; else 0. A generator's call returns a generator: 0."""
    if nodes_of_kind(function, (ast.Yield, ast.YieldFrom, ast.Await)):
        return 0
    if not _ends(function.body):
        return 0
    found = list(_returns(function.body, {}, [0]))
    if not found or min(found) == 0:
        return 0
    return min(found)


def _returns(body: list[ast.stmt], known: dict[str, int], read: list[int]) -> Iterator[int]:
    """Per `return` in the block (and the blocks inside it, not nested functions), in order: how sure its value is
    (`known`: the names tested on the way, with how sure). `read` counts the statements, MAX_BODY at most."""
    known = dict(known)
    for statement in body:
        read[0] += 1
        if read[0] > MAX_BODY:
            yield 0
            return
        if isinstance(statement, ast.Return):
            value = statement.value
            yield known.get(value.id, 0) if isinstance(value, ast.Name) else 0
            continue
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            known.pop(statement.name, None)
            continue
        stored = {n.id for n in breadth.walk(statement) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
        if isinstance(statement, ast.If):
            name, strength, negated = _tested(statement.test)
            inside, outside = ({name: strength}, {}) if not negated else ({}, {name: strength})
            yield from _returns(statement.body, known | inside if name else known, read)
            yield from _returns(statement.orelse, known | outside if name else known, read)
            for bound in stored:
                known.pop(bound, None)
            if name and negated and not statement.orelse and _leaves(statement.body):
                known[name] = strength  # `if not r: raise ...`: past it, `r` is true
            continue
        # Past the first statement of a compound one, any of its bindings may have run: a loop's next pass, a
        # `try`'s handlers, `else` and `finally`, a `match`'s cases (their captures too).
        reduced = {k: v for k, v in known.items() if k not in stored}
        looped = isinstance(statement, (ast.For, ast.AsyncFor, ast.While))
        yield from _returns(getattr(statement, "body", None) or [], reduced if looped else known, read)
        for field in ("orelse", "finalbody"):
            yield from _returns(getattr(statement, field, None) or [], reduced, read)
        for inner in [*getattr(statement, "handlers", []), *getattr(statement, "cases", [])]:
            yield from _returns(inner.body, reduced, read)
        known = reduced


def _tested(test: ast.expr) -> tuple[str, int, bool]:
    """`r` -> (r, TRUTHY, False); `not r` -> (r, TRUTHY, True); `r is not None` -> (r, NOT_NONE, False); `r is
    None` -> (r, NOT_NONE, True); anything else ("", 0, False)."""
    if isinstance(test, ast.Name):
        return test.id, TRUTHY, False
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and isinstance(test.operand, ast.Name):
        return test.operand.id, TRUTHY, True
    if (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.Is, ast.IsNot))
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    ):
        return test.left.id, NOT_NONE, isinstance(test.ops[0], ast.Is)
    return "", 0, False


def _leaves(body: list[ast.stmt]) -> bool:
    """Whether the block ends in a `raise` (or an `if`/`else` each of whose arms does)."""
    last = body[-1] if body else None
    if isinstance(last, ast.Raise):
        return True
    return isinstance(last, ast.If) and bool(last.orelse) and _leaves(last.body) and _leaves(last.orelse)


def _ends(body: list[ast.stmt]) -> bool:
    """Whether the block never runs off its end: its last statement returns or raises, or is an `if`/`else`
    each of whose arms ends so."""
    last = body[-1] if body else None
    if isinstance(last, (ast.Return, ast.Raise)):
        return True
    return isinstance(last, ast.If) and bool(last.orelse) and _ends(last.body) and _ends(last.orelse)


def errcheck_of(factory: ast.FunctionDef, call: ast.Call) -> str | None:
    """The function (as written in the factory's module) the factory sets as its first argument's `errcheck`,
    when it returns that argument and the call does not turn the setting off: `func.errcheck = check_pointer`,
    at the factory's top level or under `if errcheck:` whose parameter defaults to a true literal the call leaves
    alone (`voidptr_output(f, [...], errcheck=False)` sets none)."""
    positional = [*factory.args.posonlyargs, *factory.args.args]
    if not positional or not call.args or isinstance(call.args[0], ast.Starred):
        return None
    first = positional[0].arg
    own = [s for _, s in zip(range(MAX_BODY), statements(factory.body), strict=False)]
    returns = [s for s in own if isinstance(s, ast.Return)]
    if not returns or not _ends(factory.body):
        return None
    if any(not (isinstance(s.value, ast.Name) and s.value.id == first) for s in returns):
        return None
    setters = [s for s in own if isinstance(s, ast.Assign) and any(_is_errcheck(t, first) for t in s.targets)]
    if len(setters) != 1 or len(setters[0].targets) != 1 or (checker := _dotted(setters[0].value)) is None:
        return None
    setter = setters[0]
    if any(s is setter for s in factory.body):
        return checker
    for statement in factory.body:
        if isinstance(statement, ast.If) and any(s is setter for s in statement.body):
            if isinstance(statement.test, ast.Name) and _left_true(factory, call, statement.test.id):
                return checker
    return None


def _is_errcheck(target: ast.expr, first: str) -> bool:
    return (
        isinstance(target, ast.Attribute)
        and target.attr == "errcheck"
        and isinstance(target.value, ast.Name)
        and target.value.id == first
    )


def _left_true(factory: ast.FunctionDef, call: ast.Call, parameter: str) -> bool:
    """Whether the factory's `parameter` defaults to a true literal and the call hands it none (or a true one)."""
    positional = [a.arg for a in (*factory.args.posonlyargs, *factory.args.args)]
    defaults = dict(zip(positional[len(positional) - len(factory.args.defaults) :], factory.args.defaults, strict=True))
    default = defaults.get(parameter)
    if not (isinstance(default, ast.Constant) and default.value):
        return False
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return False
    given = [k.value for k in call.keywords if k.arg == parameter]
    if parameter in positional and positional.index(parameter) < len(call.args):
        given.append(call.args[positional.index(parameter)])
    return all(isinstance(g, ast.Constant) and bool(g.value) for g in given)


def _bindings(body: list[ast.stmt], name: str) -> Iterator[ast.stmt]:
    """The module's top-level statements (those under `if` and `try` too) that bind `name`."""
    for statement in body:
        if isinstance(statement, (ast.If, ast.Try, ast.TryStar)):
            handlers = [h.body for h in getattr(statement, "handlers", [])]
            for block in (statement.body, statement.orelse, getattr(statement, "finalbody", []), *handlers):
                yield from _bindings(block, name)
        elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if statement.name == name:
                yield statement
        elif isinstance(statement, (ast.Import, ast.ImportFrom)):
            if any((a.asname or a.name.split(".")[0]) == name for a in statement.names):
                yield statement
        elif any(
            isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)
            for n in breadth.walk(statement)
        ):
            yield statement


def _dotted(node: ast.expr) -> str | None:
    """`capi.open_ds` -> "capi.open_ds", `g` -> "g"; None for anything else (`self.f`, a call's result)."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name) or node.id in ("self", "cls") or len(parts) > 6:
        return None
    return ".".join([node.id, *reversed(parts)])


# --- the raise's function: which arms bind the local ----------------------------------------------------------


class Arms(NamedTuple):
    never: bool  # every binding of the local is sure: a test of its emptiness is never true
    taken: tuple[str, tuple[str, ...]] | None  # (parameter, classes as written) of the arm whose bindings are sure
    sure: tuple[int, ...]  # the lines of the bindings that are sure
    # The `elif` of that chain whose body holds every binding not sure: the only arm that can leave the local empty.
    rest: ast.If | None = None


def arms(
    function: ast.FunctionDef | ast.AsyncFunctionDef, local: str, line: int, sure: Callable[[ast.expr], bool]
) -> Arms:
    """How the function binds `local`, tested at `line`: `never` when every binding is a call `sure` says is
    never empty; else `taken` when the sure bindings sit in the first arm of an `if isinstance(parameter, names):`
    chain of the function's own body that holds every binding and ends above `line`: a value that arm takes
    never reaches the raise. Any other binding (a loop's, a tuple's, a nested function's) and nothing is said."""
    nothing = Arms(False, None, ())
    stores = sum(1 for n in nodes_of_kind(function, ast.Name) if n.id == local and not isinstance(n.ctx, ast.Load))
    assigned = [
        s
        for s in body_of(function).of(ast.Assign)
        if len(s.targets) == 1 and isinstance(s.targets[0], ast.Name)
        if s.targets[0].id == local
    ]
    parameters = {a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)}
    if not assigned or stores != len(assigned) or local in parameters:
        return nothing
    certain = [s for s in assigned if sure(s.value)]
    lines = tuple(s.lineno for s in certain)
    if len(certain) == len(assigned):
        return Arms(True, None, lines)
    for statement in function.body:
        if not (isinstance(statement, ast.If) and (statement.end_lineno or line) < line):
            continue
        tested = _isinstance(statement.test, parameters)
        inside = [s for s in assigned if _within(s, statement.body)]
        if tested is None or not inside or any(s not in certain for s in inside):
            continue
        if all(_within(s, statement.body) or _within(s, statement.orelse) for s in assigned):
            return Arms(False, tested, lines, _arm_holding([s for s in assigned if s not in certain], statement))
    return nothing


def _arm_holding(bindings: list[ast.Assign], chain: ast.If) -> ast.If | None:
    """The `elif` of `chain` whose body holds every one of `bindings` (`elif isinstance(ds_input, self.ptr_type)
    and ...: ds = ds_input`, django/contrib/gis/gdal/datasource.py:78-81, 5.2.19); None when they sit in several
    arms or in the `else`."""
    arm = chain
    while len(arm.orelse) == 1 and isinstance(arm.orelse[0], ast.If):
        arm = arm.orelse[0]
        if bindings and all(_within(b, arm.body) for b in bindings):
            return arm
    return None


def _isinstance(test: ast.expr, parameters: set[str]) -> tuple[str, tuple[str, ...]] | None:
    """`isinstance(p, (A, b.C))` of a parameter -> (p, ("A", "b.C"))."""
    if not (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Name)
        and test.func.id == "isinstance"
        and len(test.args) == 2
        and isinstance(test.args[0], ast.Name)
        and test.args[0].id in parameters
    ):
        return None
    written = test.args[1].elts if isinstance(test.args[1], ast.Tuple) else [test.args[1]]
    names = tuple(_dotted(n) or "" for n in written[:8])
    return (test.args[0].id, names) if all(names) else None


def _within(node: ast.AST, body: list[ast.stmt]) -> bool:
    line = getattr(node, "lineno", 0)
    return bool(body) and body[0].lineno <= line <= (body[-1].end_lineno or body[-1].lineno)


def takes(
    given: ast.expr,
    caller: ast.FunctionDef | ast.AsyncFunctionDef,
    line: int,
    tree: ast.Module | None,
    accepts: Callable[[str], bool],
) -> bool:
    """Whether `given`, handed on by a call on `line` of `caller`, is surely of a class the `isinstance` test
    accepts: a value of a known builtin type (`accepts(kind_name)`), or a name the call sits under `if
    isinstance(name, names):` for, every one of whose names the test accepts, never bound again on the way."""
    kind = known_type(given, caller, line, tree)
    if kind is not None:
        return any(accepts(k.__name__) for k in kind.__mro__[:-1] if getattr(builtins, k.__name__, None) is k)
    if not isinstance(given, ast.Name):
        return False
    for statement in body_of(caller).of(ast.If):
        if not _within_line(line, statement.body):
            continue
        tested = _isinstance(statement.test, {given.id})
        if tested is None or not all(accepts(name) for name in tested[1]):
            continue
        if not any(
            isinstance(n, ast.Name) and n.id == given.id and not isinstance(n.ctx, ast.Load) and n.lineno < line
            for s in statement.body
            for n in breadth.walk(s)
        ):
            return True
    return False


def _within_line(line: int, body: list[ast.stmt]) -> bool:
    return bool(body) and body[0].lineno <= line <= (body[-1].end_lineno or body[-1].lineno)

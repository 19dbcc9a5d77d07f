"""A caller that has left unless the value it hands on is of some builtin types, where the raise needs it of other
ones (round 31's AI-assisted card 17): DRF's `CharField.to_internal_value` raises "Not a valid string." only `if
isinstance(data, bool) or not isinstance(data, (str, int, float,)):`, and `IPAddressField.to_internal_value` calls
`super().to_internal_value(data)` only past `if not isinstance(data, str): self.fail('invalid', value=data)`
(rest_framework/fields.py:757-760, 867-878, DRF 3.18.3): `data` is a `str` there, so that call is no way in.

Read conservatively, on both sides, builtin types only (`str`, `bytes`, `int`, `float`, `bool`, `list`, `tuple`,
`dict`, `set`, `NoneType`: no class is an instance of two of them but of `bool` and `int`):
- the callee (`needed_types`): each `if` holding the raise (down a chain of `if`s) whose test needs a parameter in
  or out of such types: `isinstance(p, T)` taken true (in), taken false (out), an `or` of such tests taken true
  (each one then has to be refuted) or an `and` holding one (one refuted is enough); the needs of one parameter to
  be out of types joined, so that the final `else` of `if isinstance(p, str): ... elif isinstance(p, int): ...`
  needs `p` no `str` nor `int` (round 35: django/contrib/gis/gdal/srs.py:74-97 under geometries.py:487-488); the
  function never binds the parameter anew where that runs before the raise (`rebound`: not in a branch of the chain
  whose `else` holds it);
- the caller (`types_held`): the call hands that parameter a parameter of its own that it never binds anew (nor
  deletes, nor a function inside it), and runs only past `if not isinstance(d, T): <exit>` (no `else`, in its block
  or one around it), in the body of `if isinstance(d, T):` or in the `else` of `if not isinstance(d, T):`, where an
  exit is a `return` or `raise` ending the `if`'s body or a call that `always_raises` says always raises (DRF's
  `self.fail(...)`); the call not put off in a `lambda`, `def` or generator expression.
A need to be out of types is refuted by a value held in types each a subclass of one of them (`bool` of `int`); a
need to be in types by a value held in types none of which shares an instance with them.

A value used as an object before it is handed on is no None either (`dereferenced`, round 34's card 13):
`ClientMixin.force_login(user)` runs `user.backend = backend` before `self._login(user, backend)`, which hands
`user` on to `login()`, whose warning needs `user is None` (django/test/client.py:854-858, 5.2.19)."""

import ast
from collections.abc import Callable
from typing import NamedTuple

from kb.harvest.reading.implied_nones import binds
from kb.harvest.reading.key_guards import MAX_KEYS, _put_off, descent, ifs_holding

# Builtin types no class is an instance of two of, but for `bool`, a subclass of `int`.
# `type` for `type(None)`, the type of None.
BUILTINS = frozenset({"str", "bytes", "int", "float", "bool", "list", "tuple", "dict", "set", "type"})
_SUBCLASS = {("bool", "int")}  # (a subclass, its base)


class Atom(NamedTuple):
    parameter: str
    kinds: frozenset[str]
    inside: bool  # True: needed an instance of one of `kinds`; False: of none


class NeededTypes(NamedTuple):
    atoms: tuple[Atom, ...]
    every: bool  # True: each has to be refuted (an `or`); False: one refuted is enough (an `and`)
    also: tuple["NeededTypes", ...] = ()  # an `or` of another `if` holding the raise: one refuted is enough

    def every_atom(self) -> tuple[Atom, ...]:
        return (*self.atoms, *(atom for other in self.also for atom in other.atoms))


def _kinds(expr: ast.expr, builtins: frozenset[str]) -> frozenset[str] | None:
    names = expr.elts if isinstance(expr, ast.Tuple) else [expr]
    found = [kind for n in names if (kind := _kind(n, builtins))]
    return frozenset(found) if found and len(found) == len(names) else None


def _kind(expr: ast.expr, builtins: frozenset[str]) -> str:
    """`str` (a builtin type the module does not bind anew) or `type(None)`: its name; else ""."""
    if isinstance(expr, ast.Name):
        return expr.id if expr.id in builtins and expr.id != "type" else ""
    if (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Name)
        and expr.func.id == "type"
        and "type" in builtins
        and len(expr.args) == 1
        and not expr.keywords
        and isinstance(expr.args[0], ast.Constant)
        and expr.args[0].value is None
    ):
        return "NoneType"
    return ""


def _isinstance(test: ast.expr, truth: bool, names: set[str], builtins: frozenset[str]) -> Atom | None:
    """An `Atom` when the test taking the value `truth` says the named value is (or is not) of builtin types."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _isinstance(test.operand, not truth, names, builtins)
    if not (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Name)
        and test.func.id == "isinstance"
        and len(test.args) == 2
        and not test.keywords
        and isinstance(given := test.args[0], ast.Name)
        and given.id in names
    ):
        return None
    kinds = _kinds(test.args[1], builtins)
    return Atom(given.id, kinds, truth) if kinds is not None else None


def _needed(test: ast.expr, truth: bool, parameters: set[str], builtins: frozenset[str]) -> NeededTypes | None:
    if (atom := _isinstance(test, truth, parameters, builtins)) is not None:
        return NeededTypes((atom,), True)
    if not isinstance(test, ast.BoolOp) or len(test.values) > MAX_KEYS:
        return None
    atoms = [_isinstance(part, truth, parameters, builtins) for part in test.values]
    found = tuple(a for a in atoms if a)
    every = isinstance(test.op, ast.Or) is truth
    if not found or (every and not all(atoms)):
        return None  # an `or` that holds: each part has to be a type refuted; an `and`: one is enough
    return NeededTypes(found, every)


def needed_types(
    function: ast.FunctionDef | ast.AsyncFunctionDef, line: int, builtins: frozenset[str] = BUILTINS
) -> NeededTypes | None:
    """The builtin types parameters need to be in or out of for the raise on `line`, by the first `if` holding it
    whose test says so; None when there is none. Whoever rules the need out checks that the function never binds
    those parameters anew (`rebound`): most needs are never ruled out, and that check reads the whole function.
    `builtins`: the type names the module does not bind anew."""
    arguments = function.args
    parameters = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
    alone: list[Atom] = []  # each needed
    either: list[NeededTypes] = []  # an `or` that holds: one of its atoms needed
    for _, _, statement, inside in ifs_holding(function.body, line):
        needed = _needed(statement.test, inside, parameters, builtins)
        if needed is not None and needed.every and len(needed.atoms) > 1:
            either.append(needed)
        elif needed is not None:
            alone.extend(needed.atoms)
    needs = [NeededTypes(_none_of(alone), False), *either] if alone else either
    return needs[0]._replace(also=tuple(needs[1:])) if needs else None


def _none_of(atoms: list[Atom]) -> tuple[Atom, ...]:
    """The atoms, each needed, with the needs of one parameter to be out of types joined into one: out of `str` in
    one branch's test and out of `int` in the next is out of both (the `else` of `if isinstance(p, str): ... elif
    isinstance(p, int): ...`), which a value held a `str` or an `int` refutes and neither alone does."""
    out: dict[str, frozenset[str]] = {}
    for atom in atoms:
        if not atom.inside:
            out[atom.parameter] = out.get(atom.parameter, frozenset()) | atom.kinds
    inside = tuple(atom for atom in atoms if atom.inside)
    return (*inside, *(Atom(parameter, kinds, False) for parameter, kinds in out.items()))


def types_held(
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    call: ast.Call,
    name: str,
    always_raises: Callable[[ast.Call], bool],
    rebinds: Callable[[str], bool] | None = None,
    builtins: frozenset[str] = BUILTINS,
) -> frozenset[str] | None:
    """The builtin types the parameter `name` of `function` is surely an instance of (one of) when `call` runs, by
    the `isinstance` guards on the way to it (module docstring); None when none holds or the function binds `name`
    anew (`rebinds`, by default `implied_nones.binds`)."""
    arguments = function.args
    if name not in {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}:
        return None
    line = call.lineno
    held: frozenset[str] | None = None
    holding: ast.stmt | None = None

    def hold(atom: Atom | None) -> None:
        nonlocal held
        if atom is not None and atom.inside:
            held = atom.kinds if held is None else _both(held, atom.kinds)

    for block, position, statement, inner in descent(function.body, line):
        for earlier in block[:position]:  # `if not isinstance(d, T): return ...`
            if isinstance(earlier, ast.If) and not earlier.orelse and _exits(earlier.body, always_raises):
                hold(_isinstance(earlier.test, False, {name}, builtins))
        if inner is None:
            holding = statement
        elif isinstance(statement, ast.If):
            hold(_isinstance(statement.test, inner is statement.body, {name}, builtins))
    if held is None or holding is None or _put_off(holding, call):
        return None
    if rebinds(name) if rebinds is not None else binds(function, name, parameters=False):
        return None
    return held


def _exits(body: list[ast.stmt], always_raises: Callable[[ast.Call], bool]) -> bool:
    if not body:
        return False
    last = body[-1]
    if isinstance(last, (ast.Return, ast.Raise)):
        return True
    return isinstance(last, ast.Expr) and isinstance(last.value, ast.Call) and always_raises(last.value)


def rebound(needed: NeededTypes, function: ast.FunctionDef | ast.AsyncFunctionDef, line: int) -> bool:
    """Whether the function of `needed` binds one of the parameters it reads anew where that runs before the raise
    on `line`: its tests then read another value than the one handed to it. That is in the `if`s holding the raise
    (`ifs_holding`, no loop among them) their tests, the statements ahead of each in its block, and in the block
    holding the raise, the statements up to the one holding it; not an earlier branch of a chain whose `else` holds
    it (srs.py's `srs_input = "EPSG:%d" % srid` in the `str` branch), nor a statement past the raise."""
    names = {atom.parameter for atom in needed.every_atom()}
    parts: list[ast.AST] = []
    body = function.body
    for block, position, statement, inside in ifs_holding(function.body, line):
        parts += [*block[:position], statement.test]
        body = statement.body if inside else statement.orelse
    parts += [s for s in body if s.lineno <= line]
    return any(
        binds(part, name, parameters=True)
        or (isinstance(part, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and part.name == name)
        for part in parts
        for name in names
    )


def _both(one: frozenset[str], other: frozenset[str]) -> frozenset[str]:
    """The types a value of one of `one` and of one of `other` is of one of: those of each within the other's
    (`bool` and `int`: `bool`)."""
    return frozenset({k for k in one if _within(k, other)} | {k for k in other if _within(k, one)})


def _within(kind: str, kinds: frozenset[str]) -> bool:
    """Whether every instance of `kind` is an instance of one of `kinds`."""
    return kind in kinds or any((kind, other) in _SUBCLASS for other in kinds)


def _apart(kind: str, kinds: frozenset[str]) -> bool:
    """Whether no instance of `kind` is an instance of one of `kinds`."""
    return not any(kind == o or (kind, o) in _SUBCLASS or (o, kind) in _SUBCLASS for o in kinds)


def refuted(needed: NeededTypes, held: dict[str, frozenset[str]]) -> bool:
    """Whether the types a caller surely hands on (by parameter) rule the raise's test out."""

    def out(atom: Atom) -> bool:
        kinds = held.get(atom.parameter)
        if not kinds:
            return False
        if atom.inside:
            return all(_apart(kind, atom.kinds) for kind in kinds)
        return all(_within(kind, atom.kinds) for kind in kinds)

    hits = [out(atom) for atom in needed.atoms]
    return (all(hits) if needed.every else any(hits)) or any(refuted(other, held) for other in needed.also)


def always_raises(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a function never returns: its last statement is a `raise` and it has no `return`, `yield` or
    `await` of its own (DRF's `Field.fail`)."""
    if not function.body or not isinstance(function.body[-1], ast.Raise):
        return False
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Return, ast.Yield, ast.YieldFrom, ast.Await)):
            return False
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        stack.extend(ast.iter_child_nodes(node))
    return True


# The statements `dereferenced` reads: those with no block of their own, each wholly run before the next.
_SIMPLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)


def dereferenced(function: ast.FunctionDef | ast.AsyncFunctionDef, line: int, name: str) -> bool:
    """Whether, on the way to `line`, a plain statement that surely runs before it (one ahead of it in each block
    holding it: a branch's, a loop's, a `with`'s, a `try`'s body) reads or assigns an attribute of `name` (not a
    dunder: None has those), subscripts it or calls a method on it, where that part of the statement surely runs:
    None has no such attribute nor item, so `name` holds no None past it. A test that may skip the use proves
    nothing: an `and`'s or `or`'s later parts, an `if` expression's branches, a comprehension's body, a `lambda`;
    nor `getattr(name, "a", None)` or `hasattr`. The caller checks that the function never binds `name` anew."""
    for block, position, _, _ in descent(function.body, line):
        for earlier in block[:position]:
            if isinstance(earlier, _SIMPLE) and _uses(earlier, name):
                return True
    return False


def _uses(statement: ast.stmt, name: str) -> bool:
    stack: list[ast.AST] = [statement]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.value, ast.Name):
            if node.value.id == name and not (isinstance(node, ast.Attribute) and node.attr.startswith("__")):
                return True
        if isinstance(node, ast.BoolOp):
            stack.append(node.values[0])  # the later parts run only as the first one decides
        elif isinstance(node, ast.IfExp):
            stack.append(node.test)
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            stack.append(node.generators[0].iter)
        elif not isinstance(node, ast.Lambda):
            stack.extend(ast.iter_child_nodes(node))
    return False

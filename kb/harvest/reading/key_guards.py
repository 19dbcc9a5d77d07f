"""A caller that puts a key into the dict it hands on, where the raise needs that key missing (round 30's card 08):
Django's `GDALRaster.__init__` raises "Specify width and height attributes for JSON or dict input." only `if
"width" not in ds_input or "height" not in ds_input:`, and `GDALRaster.warp` calls `GDALRaster(ds_input, write=True)`
after `ds_input.setdefault("width", self.width)` and `ds_input.setdefault("height", self.height)`
(django/contrib/gis/gdal/raster/source.py:85-150, 461-479, Django 5.2.19), so that call is no way in.

Read conservatively, on both sides:
- the callee (`missing_keys`): the first `if` holding the raise (down a chain of `if`s) whose test needs a key
  missing from a parameter: `"k" not in p` taken true, `"k" in p` taken false, an `or` of such tests (each one then
  has to be refuted) or an `and` holding one (one refuted is enough); the test calls nothing but a reading builtin;
  on the way to it the parameter is only read (a test, a subscript, `p.get(...)`, `isinstance(p, ...)`) or bound
  anew by `p = f(p)` where `passes_on` says `f` hands a mapping back as it is;
- the caller (`keys_put`): the call hands that parameter a name `d` and runs, on every way to it, past a statement
  of the blocks holding it that puts the key in: `d.setdefault("k", ...)`, `d["k"] = ...`, `d.update({"k": ...})`,
  `d.update(k=...)`, `d = {"k": ...}`; and from there to the call (or to the end of a loop holding the call) `d` is
  only read, added to or handed to that call: no rebinding (a `case` pattern's too), `del`, `pop`, `clear`, alias or
  other call it is handed to, no `await` or `yield`; the call not put off in a `lambda`, `def` or generator
  expression (it would run past what follows)."""

import ast
from collections.abc import Callable, Iterator
from typing import NamedTuple

from kb.harvest.reading.attribute_guards import reading, simple_statements
from kb.text import breadth

# Methods of a dict that never take a key out.
_KEEPING = frozenset({"get", "keys", "items", "values", "copy", "setdefault", "update", "__contains__"})
MAX_KEYS = 8


class Needed(NamedTuple):
    keys: tuple[tuple[str, str], ...]  # (parameter, key) pairs the test reads
    every: bool  # True: each has to be refuted (an `or`); False: one refuted is enough (an `and`)


def _atom(test: ast.expr, truth: bool, parameters: set[str]) -> tuple[str, str] | None:
    """(parameter, key) when the test taking the value `truth` says the key is missing from the parameter."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _atom(test.operand, not truth, parameters)
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.In, ast.NotIn))):
        return None
    key, holder = test.left, test.comparators[0]
    if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
        return None
    if not (isinstance(holder, ast.Name) and holder.id in parameters):
        return None
    return (holder.id, key.value) if isinstance(test.ops[0], ast.NotIn) is truth else None


def needed_keys(test: ast.expr, truth: bool, parameters: set[str]) -> Needed | None:
    """What the test taking the value `truth` needs missing (module docstring); None when it needs no key. The
    test's parts read first, its calls only where one is such a test (most tests are not)."""
    if (atom := _atom(test, truth, parameters)) is not None:
        needed = Needed((atom,), True)
    elif not isinstance(test, ast.BoolOp) or len(test.values) > MAX_KEYS:
        return None
    else:
        atoms = [_atom(part, truth, parameters) for part in test.values]
        found = tuple(a for a in atoms if a)
        if not found or (isinstance(test.op, ast.Or) is truth and not all(atoms)):
            return None  # an `or` that holds: each part has to be a key refuted; an `and`: one is enough
        needed = Needed(found, isinstance(test.op, ast.Or) is truth)
    if any(isinstance(node, ast.Call) and not reading(node) for node in breadth.walk(test)):
        return None
    return needed


def missing_keys(
    function: ast.FunctionDef | ast.AsyncFunctionDef, line: int, passes_on: Callable[[ast.Call], bool]
) -> Needed | None:
    """The keys of parameters the raise on `line` needs missing, by the `if`s holding it; None when there are none
    or what runs before the test may take a key out of the parameter (module docstring)."""
    arguments = function.args
    parameters = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
    before: list[ast.AST] = []
    for block, position, statement, inside in ifs_holding(function.body, line):
        before += block[:position]
        needed = needed_keys(statement.test, inside, parameters)
        if needed is not None:
            names = {name for name, _ in needed.keys}
            return needed if all(_only_read(node, names, passes_on) for node in before) else None
        before.append(statement.test)
    return None


def descent(body: list[ast.stmt], line: int) -> Iterator[tuple[list[ast.stmt], int, ast.stmt, list[ast.stmt] | None]]:
    """The statements holding `line`, outside in, each with its block, its place in that block and the block the way
    goes on into: the branch of an `if` (past its test) holding the line, a loop's or a `with`'s body, a `try`'s body
    and `else`; None for the statement the way ends at, which holds the line (a caller's call)."""
    while body:
        position = next((i for i, s in enumerate(body) if s.lineno <= line <= (s.end_lineno or s.lineno)), None)
        if position is None:
            return
        statement = body[position]
        inner: list[ast.stmt] | None = None
        if isinstance(statement, ast.If) and line > (statement.test.end_lineno or statement.lineno):
            inside = bool(statement.body) and statement.body[0].lineno <= line <= (statement.body[-1].end_lineno or 0)
            inner = statement.body if inside else statement.orelse
        elif isinstance(statement, (ast.For, ast.AsyncFor, ast.While)) and statement.body[0].lineno <= line:
            inner = statement.body
        elif isinstance(statement, (ast.With, ast.AsyncWith)) and statement.body[0].lineno <= line:
            inner = statement.body
        elif isinstance(statement, (ast.Try, ast.TryStar)):
            inner = [*statement.body, *statement.orelse]
        yield body, position, statement, inner
        if inner is None:
            return
        body = inner


def ifs_holding(body: list[ast.stmt], line: int) -> Iterator[tuple[list[ast.stmt], int, ast.If, bool]]:
    """The `if` statements holding `line`, outside in, while each statement holding it is an `if` whose test ends
    above it: each with its block, its place in that block, and whether `line` is in its body (else its `else`)."""
    while body:
        position = next((i for i, s in enumerate(body) if s.lineno <= line <= (s.end_lineno or s.lineno)), None)
        if position is None:
            return
        statement = body[position]
        if not isinstance(statement, ast.If) or line <= (statement.test.end_lineno or statement.lineno):
            return
        inside = bool(statement.body) and statement.body[0].lineno <= line <= (statement.body[-1].end_lineno or 0)
        yield body, position, statement, inside
        body = statement.body if inside else statement.orelse


def _only_read(node: ast.AST, names: set[str], passes_on: Callable[[ast.Call], bool]) -> bool:
    """Whether `node` (a statement or a test run before the raise's test) leaves the named parameters' keys as they
    are: each one only read, or bound anew by `p = f(p)` that `passes_on` hands back as it is."""
    if (
        isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(target := node.targets[0], ast.Name)
        and target.id in names
        and isinstance(call := node.value, ast.Call)
        and len(call.args) == 1
        and not call.keywords
        and isinstance(given := call.args[0], ast.Name)
        and given.id == target.id
    ):
        return _only_read(call.func, names, passes_on) and passes_on(call)
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
        return not any(isinstance(n, ast.Name) and n.id in names for n in breadth.walk(node))
    return not _taken_out(node, names, set())


def _taken_out(node: ast.AST, names: set[str], allowed: set[int]) -> bool:
    """Whether `node` may take a key out of one of the named dicts, or rebind one: a name of them anywhere but in a
    test, a subscript read or set, a keeping method's call, a reading builtin's arguments or a call of `allowed`
    (by id); an `await` or `yield` (other code runs then)."""
    parents: dict[int, ast.AST] = {}
    for inner in breadth.walk(node):
        for child in ast.iter_child_nodes(inner):
            parents[id(child)] = inner
    for inner in breadth.walk(node):
        if isinstance(inner, (ast.Await, ast.Yield, ast.YieldFrom)):
            return True
        if isinstance(inner, (ast.MatchAs, ast.MatchStar)) and inner.name in names:
            return True  # `case {"raster": d}:` binds `d` anew
        if isinstance(inner, ast.MatchMapping) and inner.rest in names:
            return True
        if not (isinstance(inner, ast.Name) and inner.id in names):
            continue
        if not isinstance(inner.ctx, ast.Load):
            return True
        parent = parents.get(id(inner))
        if isinstance(parent, ast.Compare):
            continue
        if isinstance(parent, ast.Subscript) and parent.value is inner:
            if isinstance(parent.ctx, ast.Del):
                return True
            continue
        if isinstance(parent, ast.Attribute) and parent.attr in _KEEPING:
            call = parents.get(id(parent))
            if isinstance(call, ast.Call) and call.func is parent:
                continue
            return True
        if isinstance(parent, ast.Call) and inner is not parent.func and (reading(parent) or id(parent) in allowed):
            continue
        if isinstance(parent, ast.keyword) and id(parents.get(id(parent))) in allowed:
            continue  # handed to the call itself by keyword
        return True
    return False


def _put(statement: ast.stmt, name: str, key: str) -> bool:
    """Whether the statement surely puts `key` into the dict `name` (module docstring)."""
    if isinstance(statement, ast.Expr) and isinstance(call := statement.value, ast.Call):
        func = call.func
        if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == name):
            return False
        if func.attr == "setdefault":
            first = call.args[0] if call.args else None
            return isinstance(first, ast.Constant) and first.value == key and not call.keywords
        if func.attr == "update":
            given = call.args[0] if len(call.args) == 1 else None
            return (isinstance(given, ast.Dict) and _literal_key(given, key)) or any(
                keyword.arg == key for keyword in call.keywords
            )
        return False
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target = statement.targets[0]
        if isinstance(target, ast.Subscript):
            holder, index = target.value, target.slice
            return (
                isinstance(holder, ast.Name)
                and holder.id == name
                and isinstance(index, ast.Constant)
                and index.value == key
            )
        if isinstance(target, ast.Name) and target.id == name:
            return isinstance(statement.value, ast.Dict) and _literal_key(statement.value, key)
    return False


def _literal_key(mapping: ast.Dict, key: str) -> bool:
    return any(isinstance(k, ast.Constant) and k.value == key for k in mapping.keys)


def keys_put(function: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call, name: str, keys: set[str]) -> set[str]:
    """Of `keys`, those surely in the dict `name` when `call` (in `function`) runs (module docstring)."""
    line = call.lineno
    found: dict[str, int] = {}  # key: the last line of the last statement on the way that puts it in
    loop_end = 0
    holding: ast.stmt | None = None
    for block, position, statement, inner in descent(function.body, line):
        for earlier in block[:position]:
            for key in keys:
                if _put(earlier, name, key):
                    found[key] = earlier.end_lineno or earlier.lineno
        if inner is None:
            holding = statement
        elif isinstance(statement, (ast.For, ast.AsyncFor, ast.While)):
            loop_end = max(loop_end, statement.end_lineno or line)
    if holding is None or not found or _put_off(holding, call):
        return set()
    allowed = {id(call)}
    last = max(line, loop_end)
    statements = simple_statements(function.body)
    if any(_aliased(s, name) for s in statements if s.lineno < line and s is not holding):
        return set()  # another name for the dict may take the key out
    if _taken_out(holding, {name}, allowed):
        return set()  # the call's own statement may take every key out before the call
    kept = set()
    for key, after in found.items():
        between = [s for s in statements if after < s.lineno <= last and s is not holding]
        if not any(_taken_out(s, {name}, set()) for s in between):
            kept.add(key)
    return kept


def _put_off(holding: ast.stmt, call: ast.Call) -> bool:
    """Whether the call sits in a `lambda`, a `def` or a generator expression of the statement: it runs later, past
    statements that may take the key out (`make = lambda: GDALRaster(d)`, then `d.pop("width")`)."""
    deferring = (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef, ast.GeneratorExp)
    return any(
        isinstance(node, deferring) and any(inner is call for inner in breadth.walk(node))
        for node in breadth.walk(holding)
    )


def _aliased(statement: ast.stmt, name: str) -> bool:
    """Whether the statement may give the dict `name` another name: binds it to another name's value, or hands
    it on to anything but a test, a subscript, one of its own methods or a reading builtin."""
    if isinstance(statement, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in statement.targets):
        if isinstance(statement.value, (ast.Name, ast.Attribute, ast.Subscript)):
            return True
    parents: dict[int, ast.AST] = {}
    for inner in breadth.walk(statement):
        for child in ast.iter_child_nodes(inner):
            parents[id(child)] = inner
    for inner in breadth.walk(statement):
        if isinstance(inner, ast.Name) and inner.id == name and isinstance(inner.ctx, ast.Load):
            parent = parents.get(id(inner))
            if isinstance(parent, (ast.Compare, ast.Attribute)) or (
                isinstance(parent, ast.Subscript) and parent.value is inner
            ):
                continue
            if isinstance(parent, ast.Call) and inner is not parent.func and reading(parent):
                continue
            return True
    return False


def refuted(needed: Needed, put: dict[str, set[str]]) -> bool:
    """Whether the keys a caller surely puts in (by parameter) rule the raise's test out."""
    hits = [key in put.get(parameter, set()) for parameter, key in needed.keys]
    return all(hits) if needed.every else any(hits)


def passes_on_mappings(function: ast.FunctionDef | ast.AsyncFunctionDef, not_mappings: set[str]) -> bool:
    """Whether a function of one parameter (past `self` or `cls`) hands a mapping back as it is: its last statement
    and every `return` hand back that parameter, which it binds anew only under `isinstance(p, T)` (alone, or in an
    `and`) with `T` among `not_mappings` (types no mapping is an instance of)."""
    arguments = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    if arguments and arguments[0] in ("self", "cls"):
        arguments = arguments[1:]
    if len(arguments) != 1 or function.args.vararg or function.args.kwarg or function.args.kwonlyargs:
        return False
    name = arguments[0]
    if not function.body or not isinstance(function.body[-1], ast.Return):
        return False
    for node in breadth.walk(function):
        if isinstance(node, ast.Return) and not (isinstance(node.value, ast.Name) and node.value.id == name):
            return False
        if isinstance(node, (ast.Yield, ast.YieldFrom, ast.Await, ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef)):
            if node is not function:
                return False
    for statement in function.body[:-1]:  # the last: `return p`
        if (
            isinstance(statement, ast.If)
            and not statement.orelse
            and _not_a_mapping(statement.test, name, not_mappings)
        ):
            continue  # its body runs only for a value no mapping is
        if _taken_out(statement, {name}, set()):
            return False
    return True


def _not_a_mapping(test: ast.expr, name: str, not_mappings: set[str]) -> bool:
    """`isinstance(p, T)`, alone or first in an `and` (what follows it runs only for such a value)."""
    part = test.values[0] if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else test
    return (
        isinstance(part, ast.Call)
        and isinstance(part.func, ast.Name)
        and part.func.id == "isinstance"
        and len(part.args) == 2
        and isinstance(part.args[0], ast.Name)
        and part.args[0].id == name
        and isinstance(kind := part.args[1], ast.Name)
        and kind.id in not_mappings
    )

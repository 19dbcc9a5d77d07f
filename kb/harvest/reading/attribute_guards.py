"""A caller's guard on an attribute of `self` that rules a raise out (round 29's AI-assisted card 19): DRF's
`SimpleRateThrottle.get_rate` raises only `if not getattr(self, 'scope', None)`, and its one call in
`ScopedRateThrottle.allow_request` comes after `if not self.scope: return True` (rest_framework/throttling.py:
82-86, 219-226, DRF 3.18.3), so that call is no way in to the raise.

Read conservatively, on both sides:
- the callee (`falsy_attributes`): the outermost `if` holding the raise that needs something of `self`: the raise
  in its body under `not self.a`, `self.a is None` or `not getattr(self, "a", <falsy literal>)` (or an `and`
  holding one), or in its `else` under `self.a` or `self.a is not None`; `self` is the method's first parameter,
  the test calls nothing but a reading builtin, and nothing that runs before it may change the attribute (no
  call but a reading builtin, no store to it, no `await` or `yield`);
- the caller (`guarded`): the call is `self.method(...)` on the caller's own first parameter, and the statement
  holding it runs only past `if not self.a: return|raise ...` (no `else`, in its block or one around it) or in the
  body of `if self.a:` (or an `and` holding it), or the `else` of `if not self.a:`; between that test and the call
  no statement calls anything but a reading builtin, stores to the attribute, rebinds `self`, awaits or yields (a
  loop entered past the guard is read to its end: its next round comes after the call).
A guard that the attribute is not None rules out only a raise on `is None`; a truth test rules out both."""

import ast
from typing import NamedTuple

from kb.text import breadth

# What a test's value says of `self.a`.
FALSE, NONE, TRUE, NOT_NONE = "false", "none", "true", "not none"
# Which fact of a caller's guard rules out which need of the raise: true rules out false and None.
_RULES_OUT = {TRUE: (FALSE, NONE), NOT_NONE: (NONE,)}

# Builtins that read what they are handed and run none of the repository's code (on plain objects).
_READING = frozenset({"getattr", "hasattr", "isinstance", "len", "bool", "callable", "type"})
_FALSY_DEFAULTS = (None, False, "", 0)


class _Guard(NamedTuple):
    attribute: str
    fact: str  # TRUE or NOT_NONE
    after: int  # the last line of the guard's test (or of the exiting `if`)


def _self_name(function: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    arguments = [*function.args.posonlyargs, *function.args.args]
    return arguments[0].arg if arguments else ""


def _attribute(expr: ast.expr, self_name: str) -> str:
    """`self.a` or `getattr(self, "a"[, falsy literal])`: "a"; else ""."""
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == self_name:
        return expr.attr
    if not (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "getattr"):
        return ""
    args = expr.args
    if expr.keywords or not 2 <= len(args) <= 3 or not (isinstance(args[0], ast.Name) and args[0].id == self_name):
        return ""
    if not (isinstance(args[1], ast.Constant) and isinstance(args[1].value, str)):
        return ""
    if len(args) == 3 and not (isinstance(args[2], ast.Constant) and args[2].value in _FALSY_DEFAULTS):
        return ""
    return args[1].value


def facts(test: ast.expr, self_name: str, truth: bool) -> list[tuple[str, str]]:
    """What `test` taking the value `truth` surely says of attributes of `self`: (attribute, FALSE, NONE, TRUE or
    NOT_NONE). An `and` taken true, or an `or` taken false, says what each of its parts says; a test with a call
    other than a reading builtin says nothing (the call may change the attribute once it is read)."""
    if any(isinstance(node, ast.Call) and not reading(node) for node in breadth.walk(test)):
        return []
    return _facts(test, self_name, truth)


def _facts(test: ast.expr, self_name: str, truth: bool) -> list[tuple[str, str]]:
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And if truth else ast.Or):
        return [found for part in test.values for found in _facts(part, self_name, truth)]
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _facts(test.operand, self_name, not truth)
    if name := _attribute(test, self_name):
        return [(name, TRUE if truth else FALSE)]  # false: false, or missing by getattr's falsy default
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Is, ast.IsNot)):
        right = test.comparators[0]
        if (name := _attribute(test.left, self_name)) and isinstance(right, ast.Constant) and right.value is None:
            return [(name, NONE if truth is isinstance(test.ops[0], ast.Is) else NOT_NONE)]
    return []


def reading(call: ast.Call) -> bool:
    """Whether the call is of a builtin that only reads what it is handed (`len(x)`, `isinstance(x, T)`)."""
    return isinstance(call.func, ast.Name) and call.func.id in _READING


def _changes(node: ast.AST, self_name: str, attributes: set[str], allowed: set[int]) -> bool:
    """Whether `node` may change one of the attributes: a call other than a reading builtin (and the calls in
    `allowed`, by id), a store or `del` of `self.a`, a rebinding of `self`, an `await` or `yield`."""
    for inner in breadth.walk(node):
        if isinstance(inner, ast.Call) and id(inner) not in allowed:
            if not reading(inner):
                return True
        elif isinstance(inner, (ast.Await, ast.Yield, ast.YieldFrom)):
            return True
        elif isinstance(inner, ast.Attribute) and not isinstance(inner.ctx, ast.Load):
            if isinstance(inner.value, ast.Name) and inner.value.id == self_name and inner.attr in attributes:
                return True
        elif isinstance(inner, ast.Name) and inner.id == self_name and not isinstance(inner.ctx, ast.Load):
            return True
    return False


def _exits(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], (ast.Return, ast.Raise))


def falsy_attributes(function: ast.FunctionDef | ast.AsyncFunctionDef, line: int) -> dict[str, str]:
    """The attributes of `self` the raise on `line` needs false (FALSE) or None (NONE), by the `if`s holding it
    (module docstring); {} when there are none or what runs before the test may change them."""
    self_name = _self_name(function)
    if not self_name:
        return {}
    needed: dict[str, str] = {}
    before: list[ast.AST] = []  # what runs before the first test that says something
    body: list[ast.stmt] = function.body
    while body:
        position = next((i for i, s in enumerate(body) if s.lineno <= line <= (s.end_lineno or s.lineno)), None)
        if position is None:
            break
        statement = body[position]
        if not isinstance(statement, ast.If) or line <= (statement.test.end_lineno or statement.lineno):
            break
        if not needed:
            before += [s for s in body[:position] if not _docstring(s)]
        inside = bool(statement.body) and statement.body[0].lineno <= line <= (statement.body[-1].end_lineno or 0)
        for name, fact in facts(statement.test, self_name, inside):
            if fact in (FALSE, NONE) and needed.get(name) != FALSE:
                needed[name] = fact
        if needed:
            break  # the first test that needs something: what runs between it and a deeper one is not read
        before.append(statement.test)
        body = statement.body if inside else statement.orelse
    if needed and any(_changes(node, self_name, set(needed), set()) for node in before):
        return {}
    return needed


def _docstring(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def on_self(call: ast.Call, function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether the call is `self.method(...)` on the function's own first parameter."""
    func = call.func
    name = _self_name(function)
    return bool(name) and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == name


def guarded(function: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call, needed: dict[str, str]) -> bool:
    """Whether `call` (on `self`, in `function`) runs only where a guard on `self` rules out every raise reading
    `needed` (`falsy_attributes`): the attribute held true, or not None where the raise needs None."""
    self_name = _self_name(function)
    if not needed or not on_self(call, function):
        return False
    line = call.lineno
    guards: list[_Guard] = []
    until: dict[int, int] = {}  # by index in `guards`: the last line to read for changes (a loop's end)
    body: list[ast.stmt] = function.body
    holding: ast.stmt | None = None
    while body:
        position = next((i for i, s in enumerate(body) if s.lineno <= line <= (s.end_lineno or s.lineno)), None)
        if position is None:
            return False
        statement = body[position]
        for earlier in body[:position]:  # `if not self.a: return ...`
            if isinstance(earlier, ast.If) and _exits(earlier.body) and not earlier.orelse:
                guards += _guards(earlier.test, self_name, False, earlier.end_lineno or earlier.lineno)
        if isinstance(statement, ast.If) and line > (statement.test.end_lineno or statement.lineno):
            inside = bool(statement.body) and statement.body[0].lineno <= line <= (statement.body[-1].end_lineno or 0)
            guards += _guards(statement.test, self_name, inside, statement.test.end_lineno or statement.lineno)
            body = statement.body if inside else statement.orelse
        elif isinstance(statement, (ast.For, ast.AsyncFor, ast.While)) and statement.body[0].lineno <= line:
            for index in range(len(guards)):  # a guard above the loop must hold through all of it
                until[index] = max(until.get(index, 0), statement.end_lineno or line)
            body = statement.body
        elif isinstance(statement, (ast.With, ast.AsyncWith)) and statement.body[0].lineno <= line:
            body = statement.body
        elif isinstance(statement, (ast.Try, ast.TryStar)):
            body = [*statement.body, *statement.orelse]  # a `finally` runs past a guard's `return` too
        else:
            holding = statement
            break
    if holding is None:
        return False
    allowed = _enclosing(holding, call)
    statements = simple_statements(function.body) if guards else []
    for index, guard in enumerate(guards):
        need = needed.get(guard.attribute)
        if need not in _RULES_OUT[guard.fact]:
            continue
        end = until.get(index, 0)
        if not _changed_between(statements, guard.after, line, end, self_name, guard.attribute, holding, allowed):
            return True
    return False


def _guards(test: ast.expr, self_name: str, truth: bool, after: int) -> list[_Guard]:
    """The guards a test taking the value `truth` sets up: the attributes it holds true or not None."""
    return [_Guard(name, fact, after) for name, fact in facts(test, self_name, truth) if fact in (TRUE, NOT_NONE)]


def _enclosing(statement: ast.stmt, call: ast.Call) -> set[int]:
    """The ids of `call` and of the calls holding it in `statement`: they run it; any other call in the statement
    may run before it."""
    parents: dict[int, ast.AST] = {}
    for node in breadth.walk(statement):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    allowed = {id(call)}
    above: ast.AST | None = parents.get(id(call))
    while above is not None:
        if isinstance(above, ast.Call):
            allowed.add(id(above))
        above = parents.get(id(above))
    return allowed


def _changed_between(
    statements: list[ast.stmt],
    after: int,
    line: int,
    until: int,
    self_name: str,
    attribute: str,
    holding: ast.stmt,
    allowed: set[int],
) -> bool:
    """Whether a statement past line `after` and up to the call's statement (or to `until`, a loop's end) may
    change `self.<attribute>`; the call's own statement read for the calls that may run before it. `statements`:
    the function's, by `simple_statements`."""
    last = max(line, until)
    for statement in statements:
        first = statement.lineno
        if first <= after or first > last:
            continue
        if statement is holding:
            if _changes(statement, self_name, {attribute}, allowed):
                return True
        elif _changes(statement, self_name, {attribute}, set()):
            return True
    return False


def simple_statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of a body with those of compound statements taken apart, their tests and headers as the
    compound statement itself (an `if`'s test is read with the `if` minus its blocks)."""
    found: list[ast.stmt] = []
    stack = list(reversed(body))
    while stack:
        statement = stack.pop()
        blocks = [
            block
            for field in ("body", "orelse", "finalbody", "handlers")
            if isinstance(block := getattr(statement, field, None), list)
        ]
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) or not blocks:
            found.append(statement)
            continue
        found.append(_header(statement))
        for block in reversed(blocks):
            stack += reversed([s for s in block if isinstance(s, ast.stmt)] + _handler_bodies(block))
    return found


def _handler_bodies(block: list) -> list[ast.stmt]:
    return [s for handler in block if isinstance(handler, ast.ExceptHandler) for s in handler.body]


def _header(statement: ast.stmt) -> ast.stmt:
    """A compound statement's own expressions (an `if`'s test, a `for`'s target and iterable, a `with`'s items) as
    one statement placed on its first line."""
    parts: list[ast.expr] = []
    for field in ("test", "target", "iter"):
        if isinstance(value := getattr(statement, field, None), ast.expr):
            parts.append(value)
    for item in getattr(statement, "items", None) or []:
        parts.append(item.context_expr)
        if item.optional_vars is not None:
            parts.append(item.optional_vars)
    header = ast.Expr(value=ast.Tuple(elts=parts, ctx=ast.Load()))
    header.lineno, header.end_lineno = statement.lineno, statement.lineno
    header.col_offset = header.end_col_offset = 0
    return header

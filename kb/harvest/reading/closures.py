"""A raise inside a closure worded by the arguments of the function that made it: a decorator factory
(`@message("expected an email address", cls=EmailInvalid)` over `def Email(v)`, whose innermost `wrapper` does
`raise (clsoverride or cls or ValueInvalid)(msg or default or "invalid value")`). Each call of the outermost
enclosing module function binds its parameters; the closures' own parameters between hold their defaults. The
raise is then read once per call, as `reading.evaluate` reads a helper once per caller."""

import ast
import copy
from dataclasses import dataclass

from kb.harvest.reading.classes import ClassIndex
from kb.harvest.reading.evaluate import calls_named, module_function
from kb.harvest.reading.imports import dotted
from kb.harvest.reading.scopes import Scope, params_of
from kb.text import breadth


@dataclass(frozen=True)
class Held:
    """What a parameter of an enclosing function holds for one call: an expression, and the scope it is read in."""

    expr: ast.expr
    scope: Scope


def reads_enclosing(scope: Scope, names: set[str]) -> bool:
    """Whether `names` holds a parameter of a function enclosing `scope` that `scope` does not bind itself."""
    own = set(scope.params) | set(scope.bindings)
    outer = scope.parent
    while outer is not None:
        if (names - own) & set(outer.params):
            return True
        outer = outer.parent
    return False


def factory_calls(index: ClassIndex, scope: Scope, used: set[str]) -> list[dict[str, Held]]:
    """Per call of the outermost function enclosing `scope`, what the enclosing functions' parameters among `used`
    hold (a name the raise's own function binds is its own). Empty when no enclosing parameter is used, the
    outermost is not a module function, or it is never called with arguments."""
    chain: list[Scope] = []
    outer = scope.parent
    while outer is not None:
        chain.append(outer)
        outer = outer.parent
    own = set(scope.params) | set(scope.bindings)
    if not chain or not (used - own) & {p for s in chain for p in s.params}:
        return []
    root = chain[-1]
    function = root.info.function_nodes.get(root.qualname) if root.owner is None else None
    if function is None:
        return []
    defaults: dict[str, Held] = {}
    for closure in chain[:-1]:  # the closures between: their parameters hold their defaults
        for name, default in closure.params.items():
            if name in used and name not in own and name not in defaults:
                defaults[name] = Held(default if default is not None else ast.Constant(None), closure)
    found = []
    for call, caller in calls_named(index).get(function.name, ()):
        parts = dotted(call.func)
        if not parts or module_function(index, parts, caller) != (function, root.info):
            continue
        bound = _bind(function, call, caller)
        if bound is not None:
            found.append({**defaults, **{k: v for k, v in bound.items() if k in used and k not in own}})
    return found


def _bind(function: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call, caller: Scope) -> dict[str, Held] | None:
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    positional = [a.arg for a in [*function.args.posonlyargs, *function.args.args]]
    if len(call.args) > len(positional):
        return None
    held = {name: Held(arg, caller) for name, arg in zip(positional, call.args, strict=False)}
    held.update({k.arg: Held(k.value, caller) for k in call.keywords if k.arg is not None})
    for name, default in params_of(function.args).items():
        if name not in held:
            held[name] = Held(default if default is not None else ast.Constant(None), caller)
    return held


def substituted(expr: ast.expr, held: dict[str, Held]) -> ast.expr | None:
    """`expr` with each held name replaced by what it holds; None when a replacement reads a name (it would be
    read in the wrong scope): decorator arguments are literals."""
    for value in held.values():
        if any(isinstance(node, ast.Name) for node in breadth.walk(value.expr)) and _reads(expr, held, value):
            return None

    class Substitute(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            found = held.get(node.id)
            return copy.deepcopy(found.expr) if found is not None else node

    return Substitute().visit(copy.deepcopy(expr))


def _reads(expr: ast.expr, held: dict[str, Held], value: Held) -> bool:
    names = {node.id for node in breadth.walk(expr) if isinstance(node, ast.Name)}
    return any(held[name] is value for name in names if name in held)


def operands(expr: ast.expr) -> list[ast.expr]:
    """`a or b or c`: the operands in the order they are tried; anything else is its own one."""
    return list(expr.values) if isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.Or) else [expr]

"""The names a closure's tests read that are the arguments of the function enclosing it (round 34's card 19).

`def api_view(http_method_names=None): ... def decorator(func): assert not isinstance(http_method_names,
types.FunctionType)` (rest_framework/decorators.py:16-40, DRF 3.18.3): `http_method_names` is no parameter or local
of `decorator`, but the argument `api_view()` was called with, so the card can say "the `http_method_names`
argument of `api_view()`". Kept only where the enclosing function binds it no other way than a default filled in
for `None` (`http_method_names = ['GET'] if (http_method_names is None) else http_method_names`, said after it), and
never of a `*args` or `**kwargs` (no one argument) nor of a name the closure or any function nested in the enclosing
one binds (`nonlocal` included: django/test/testcases.py:1553-1588 rebinds `condition` in `decorator`)."""

import ast

from kb.harvest.reading.scopes import Scope
from kb.harvest.reading.walked import nodes_of_kind, unparsed

MAX_FILLED = 60  # a default filled in for `None` said up to this long; longer, the name is left unsaid


def enclosing_arguments(scope: Scope, read: set[str]) -> list[dict]:
    """[{"name", "function", "filled"?, "default"?}] for each name of `read` that is an argument of an enclosing
    function (`default`: its default's code, as a truth test on it reads by it)."""
    if scope.parent is None or scope.parent.is_module:
        return []  # no function encloses it: the common case, at no cost
    free = sorted(read - set(scope.params) - set(scope.bindings))
    rows = []
    for name in free:
        outer: Scope | None = scope.parent
        while outer is not None and not outer.is_module and name not in outer.params and name not in outer.bindings:
            outer = outer.parent
        if outer is None or outer.is_module or name not in outer.params:
            continue  # a module's name, or a local of the enclosing function: not what a caller passed
        node = outer.info.function_nodes.get(outer.qualname) if outer.owner is None else None  # a module's function
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or _starred(node.args, name):
            continue
        if any(name in statement.names for statement in nodes_of_kind(node, ast.Nonlocal)):
            continue  # a nested function gives it a new value (`nonlocal condition`): no longer the argument as given
        bound = [binding for binding in outer.bindings.get(name, []) if binding.line > node.lineno]
        filled = _filled(bound[0].expr, name) if len(bound) == 1 else "" if not bound else None
        if filled is None or len(filled) > MAX_FILLED:
            continue  # given another value on the way: no longer the argument as given
        default = outer.params.get(name)  # None: no default (always given)
        rows.append(
            {"name": name, "function": outer.qualname}
            | ({"filled": filled} if filled else {})
            | ({"default": unparsed(default)} if default is not None else {})
        )
    return rows


def _starred(arguments: ast.arguments, name: str) -> bool:
    return any(extra is not None and extra.arg == name for extra in (arguments.vararg, arguments.kwarg))


def _filled(expr: ast.expr | None, name: str) -> str | None:
    """`X if name is None else name` (or `name if name is not None else X`): X's code; None for any other value."""
    if not isinstance(expr, ast.IfExp) or not isinstance(test := expr.test, ast.Compare) or len(test.ops) != 1:
        return None
    subject, other = test.left, test.comparators[0]
    if not (_is_name(subject, name) and isinstance(other, ast.Constant) and other.value is None):
        return None
    if isinstance(test.ops[0], ast.Is) and _is_name(expr.orelse, name):
        return unparsed(expr.body)
    if isinstance(test.ops[0], ast.IsNot) and _is_name(expr.body, name):
        return unparsed(expr.orelse)
    return None


def _is_name(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name

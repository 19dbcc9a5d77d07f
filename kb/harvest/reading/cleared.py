"""A raise that clears the traceback of the error it caught, so that a user's traceback ends on it whichever raise
made the error: `raise exc.with_traceback(None)` in `except ParseBaseException as exc` (pyparsing), or the raise of
`copy.copy(exc)` bound after the handler (a copy carries no traceback: glom's `glom()`). The caught classes, an
`isinstance` test around the copy narrowing them; `extract` makes the line a site of each of their raises
(`FoundSite.resurfaces`, `scan.resurfaced`)."""

import ast

from kb.harvest.reading import scopes
from kb.harvest.reading.imports import ModuleInfo, dotted
from kb.harvest.reading.scopes import Scope
from kb.text import breadth


def cleared_classes(call: ast.Call, scope: Scope, line: int, info: ModuleInfo, function: ast.AST) -> list[ast.expr]:
    """The classes (as written) of the error whose traceback raising `call` at `line` clears, or []."""
    func = call.func
    if (
        isinstance(func, ast.Attribute)
        and func.attr == "with_traceback"
        and isinstance(func.value, ast.Name)
        and len(call.args) == 1
        and isinstance(call.args[0], ast.Constant)
        and call.args[0].value is None
    ):
        return scopes.handled_classes(func.value.id, scope, line)
    name = copied(call, scope, info)
    if name is None:
        return []
    return _narrowed_to(name, call, function) or scopes.handled_classes(name, scope, call.lineno)


def copied(call: ast.Call, scope: Scope, info: ModuleInfo) -> str | None:
    """`copy.copy(exc)` (or `copy(exc)` imported from `copy`) of an error an `except ... as exc` caught: the name,
    or None."""
    parts = dotted(call.func)
    if not parts or len(call.args) != 1 or not isinstance(name := call.args[0], ast.Name) or call.keywords:
        return None
    imported = scope.imported(parts[0]) or (info.imports.get(parts[0]) if parts[0] not in scope.local_names() else None)
    if imported is None or ".".join([imported, *parts[1:]]) != "copy.copy":
        return None
    return name.id if scopes.handled_classes(name.id, scope, call.lineno) else None


def _narrowed_to(name: str, node: ast.expr, function: ast.AST) -> list[ast.expr]:
    """The classes of the innermost `if isinstance(<name>, C)` in `function` whose body holds `node`, or []."""
    found: list[ast.expr] = []
    depth = -1
    for test in breadth.walk(function):
        if not (isinstance(test, ast.If) and test.body) or (classes := _isinstance_of(test.test, name)) is None:
            continue
        start, end = test.body[0].lineno, test.body[-1].end_lineno or test.body[-1].lineno
        if start <= node.lineno <= end and start > depth:
            found, depth = list(classes.elts) if isinstance(classes, ast.Tuple) else [classes], start
    return found


def _isinstance_of(test: ast.expr, name: str) -> ast.expr | None:
    """`C` in `isinstance(<name>, C)`, or None."""
    if (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Name)
        and test.func.id == "isinstance"
        and len(test.args) == 2
        and isinstance(test.args[0], ast.Name)
        and test.args[0].id == name
    ):
        return test.args[1]
    return None

"""Where a long test's lines up to its assertion must start so that they hold what those lines need (round 20's
card 09): every statement of the test's body above them that binds or changes a name they use (transitively), or
calls something on it for what the call does, and every decorated function or class defined there, whose decorator
does something when it runs (`@register(Tags.signals) def my_check(...)`). Whole statements only: the lines start
where a statement does.

Read only for a test longer than a card shows whole, once per assertion, over that test's own statements."""

import ast

from kb.harvest.evidence.excerpts import asserts


def needed_start(function: ast.FunctionDef | ast.AsyncFunctionDef, line: int) -> int:
    """The line (the function's numbering) from which the test's lines up to its assertion on `line` are shown:
    the first line of the statement that holds the assertion, or of the earliest statement above it that the lines
    from there on need."""
    above = [statement for statement in function.body if _last(statement) < line]
    holding = [statement for statement in function.body if _first(statement) <= line <= _last(statement)]
    start = min([line, *(_first(statement) for statement in holding)])
    used = {name for statement in holding for name in _loaded(statement)}
    between: set[str] = set()  # what the statements passed over read: shown too once one above them is needed
    for statement in reversed(above):
        if _needed(statement, used):
            used |= _loaded(statement) | between
            between = set()
            start = _first(statement)
        else:
            between |= _loaded(statement)
    return start


def _needed(statement: ast.stmt, used: set[str]) -> bool:
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return bool(statement.decorator_list) or statement.name in used
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call) and not asserts(statement):
        # `Site.objects.all().delete()` before `Site.objects.get_current()`: a call made for what it does to
        # something the lines use (not an assertion).
        return bool(_loaded(statement) & used)
    return bool(_bound(statement) & used)


def _bound(statement: ast.stmt) -> set[str]:
    """The names a statement binds or changes (`x = ...`, `x.attr = ...`, `x[k] = ...`, `import x`, a nested
    `def x`)."""
    found: set[str] = set()
    for node in ast.walk(statement):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            found.add(node.id)
        elif isinstance(node, ast.Attribute | ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del):
            base = node.value
            while isinstance(base, ast.Attribute | ast.Subscript):
                base = base.value
            if isinstance(base, ast.Name):
                found.add(base.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.alias):
            found.add(node.asname or node.name.split(".")[0])
    return found


def _loaded(statement: ast.stmt) -> set[str]:
    return {node.id for node in ast.walk(statement) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}


def _first(statement: ast.stmt) -> int:
    decorators = getattr(statement, "decorator_list", None) or []
    return min([statement.lineno, *(d.lineno for d in decorators)])


def _last(statement: ast.stmt) -> int:
    return statement.end_lineno or statement.lineno

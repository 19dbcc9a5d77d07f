"""A deprecation warning the raise's way passes first: the raise is then the deprecated form's own failure, and the
fix is what the warning asks, not a value that passes the raise's test (round 36's card 08: staticfiles' `find()`
warns "Passing the `all` argument to find() is deprecated. Use `find_all` instead." and then raises "got multiple
values for argument 'find_all'"; "Pass `False` as `find_all`" kept the deprecated `all=`, django/contrib/
staticfiles/finders.py:19-35, Django 5.2.19).

Only a `warnings.warn(...)` (or a bare `warn(...)`) statement earlier in a block that holds the raise's way, with
a category named as a deprecation (`DeprecationWarning`, `PendingDeprecationWarning`, `RemovedInDjango61Warning`),
and a message that is a literal, or a name the same block assigned a literal just before."""

import ast

MAX_MESSAGE = 300
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda, ast.Module)
_BLOCKS = ("body", "orelse", "finalbody")


def deprecated_before(statement: ast.stmt, parents: dict[ast.AST, ast.AST]) -> dict | None:
    """{"message", "line", "category"} of the deprecation warning on the way to `statement`; None for none."""
    child: ast.AST = statement
    while (parent := parents.get(child)) is not None and not isinstance(parent, _SCOPES):
        for field in _BLOCKS:
            block = getattr(parent, field, None)
            if isinstance(block, list) and child in block:
                earlier = block[: block.index(child)]
                for at, each in enumerate(earlier):
                    if (found := _warned(each, earlier[:at])) is not None:
                        return found
        child = parent
    return None


def _warned(statement: ast.stmt, before: list[ast.stmt]) -> dict | None:
    if not isinstance(statement, ast.Expr) or not isinstance(call := statement.value, ast.Call):
        return None
    func = call.func
    named = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    if named != "warn" or (isinstance(func, ast.Attribute) and not _is_name(func.value, "warnings")):
        return None
    category = (
        call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "category"), None)
    )
    last = (
        category.attr if isinstance(category, ast.Attribute) else category.id if isinstance(category, ast.Name) else ""
    )
    if not _deprecation(last) or not call.args:
        return None
    message = _text(call.args[0], before)
    if not message or len(message) > MAX_MESSAGE:
        return None
    return {"message": " ".join(message.split()), "line": statement.lineno, "category": last}


def _deprecation(category: str) -> bool:
    """`DeprecationWarning`, `PendingDeprecationWarning`, `RemovedInDjango61Warning`: a category named as one."""
    return category.endswith("Warning") and ("Deprecat" in category or category.startswith("RemovedIn"))


def _text(node: ast.expr, before: list[ast.stmt]) -> str:
    """A literal string, or a name the statements `before` last assigned one."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if not isinstance(node, ast.Name):
        return ""
    for statement in reversed(before):
        if isinstance(statement, ast.Assign) and any(_is_name(t, node.id) for t in statement.targets):
            value = statement.value
            return value.value if isinstance(value, ast.Constant) and isinstance(value.value, str) else ""
    return ""


def _is_name(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name

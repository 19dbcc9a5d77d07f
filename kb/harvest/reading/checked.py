"""A local an enclosing `if` checks with `issubclass` or `isinstance` before it is raised: under `if
isinstance(cached, type) and issubclass(cached, TemplateDoesNotExist): raise cached(template_name)` (Django 5.2
template/loaders/cached.py) the raise makes a `TemplateDoesNotExist`; under `if isinstance(token, Failure): raise
token(lineno, filename)` (Jinja2 3.1.6 lexer.py) the call runs `Failure.__call__`, whose own raise is the site.
Read only for a raise of a local that nothing else names (the walk's `if`s, found by the branch path's ids)."""

import ast

from kb.harvest.reading.messages import BranchPath

CHECKS = ("issubclass", "isinstance")


def checked_by(name: str, path: BranchPath, ifs: dict[int, ast.If], line: int) -> tuple[str, ast.expr, int] | None:
    """(the check, the class written in it, the `if`'s line) of the innermost `if` whose body holds the raise and
    whose test is, or is a conjunct of `and` with, `issubclass(name, C)` or `isinstance(name, C)`; None when none
    is."""
    for node_id, arm in reversed(path):
        node = ifs.get(node_id)
        if node is None or arm != 0 or node.lineno > line:
            continue
        test = node.test
        conjuncts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
        for conjunct in reversed(conjuncts):  # `isinstance(x, type) and issubclass(x, C)`: the last says most
            found = _check(conjunct, name)
            if found is not None:
                return found[0], found[1], node.lineno
    return None


def _check(test: ast.expr, name: str) -> tuple[str, ast.expr] | None:
    if not (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id in CHECKS):
        return None
    if len(test.args) != 2 or test.keywords or not isinstance(test.args[0], ast.Name) or test.args[0].id != name:
        return None
    written = test.args[1]
    if not isinstance(written, (ast.Name, ast.Attribute)) or (test.func.id == "isinstance" and _is_type(written)):
        return None
    return test.func.id, written


def _is_type(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Name) and expr.id == "type"

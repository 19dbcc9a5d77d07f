"""What a caller does instead when it catches a site's error (issue 29, review round 4 card 15): when every call
of the raising function sits in a `try` that catches the error, the user never sees it. What the handler does is
recorded only when it is plain from the handler itself: a lone `return <expression>`, `pass` or `continue`.

`CsrfViewMiddleware._check_token` raises RejectRequest("CSRF cookie not set."); its one caller, `process_view`,
does `except RejectRequest as exc: return self._reject(request, exc.reason)`."""

import ast

from kb.harvest.reading.callers import CallGraph, Defined
from kb.text import breadth

MAX_HANDLED = 3
MAX_CODE = 100  # a returned expression longer than this is not shown


def handled_by(graph: CallGraph, trees: dict[str, ast.Module], path: str, function: str, raised: str) -> list[dict]:
    """Rows {function, path, line, does, code} for the callers that catch `raised` from `function`, when all do and
    each handler is plain; else []."""
    target = graph.definition(path, function)
    if target is None:
        return []
    rows = []
    for caller, line in graph.catching_callers(target, raised)[:MAX_HANDLED]:
        row = _handler(caller, line, trees.get(caller.path), raised)
        if row is None:
            return []  # one handler not plain: what the user gets is not said at all
        rows.append(row)
    return rows


def _handler(caller: Defined, line: int, tree: ast.Module | None, raised: str) -> dict | None:
    node = _function(tree, caller.qualname) if tree is not None else None
    if node is None:
        return None
    short = raised.rpartition(".")[2]
    for inner in breadth.walk(node):
        if not isinstance(inner, ast.Try) or not any(_spans(s, line) for s in inner.body):
            continue
        handler = next((h for h in inner.handlers if short in _names(h.type)), None)
        if handler is None:
            continue
        body = [s for s in handler.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
        if len(body) != 1:
            return None
        only = body[0]
        row = {"function": caller.qualname, "path": caller.path, "line": handler.lineno, "code": ""}
        if isinstance(only, ast.Return) and only.value is not None:
            text = ast.unparse(only.value)
            if len(text) > MAX_CODE:
                return None
            # `return self._reject(request, exc.reason)`: the error's own details go on in what is returned.
            uses = handler.name is not None and any(
                isinstance(n, ast.Name) and n.id == handler.name for n in breadth.walk(only.value)
            )
            return {**row, "does": "return", "code": text, **({"uses_error": True} if uses else {})}
        if isinstance(only, ast.Pass):
            return {**row, "does": "pass"}
        if isinstance(only, ast.Continue):
            return {**row, "does": "continue"}
        return None
    return None


def _spans(statement: ast.stmt, line: int) -> bool:
    return statement.lineno <= line <= (statement.end_lineno or statement.lineno)


def _names(handler_type: ast.expr | None) -> set[str]:
    """The last parts of the names a handler catches (`RejectRequest`, `(ValueError, KeyError)`)."""
    if handler_type is None:
        return set()
    parts = handler_type.elts if isinstance(handler_type, ast.Tuple) else [handler_type]
    return {ast.unparse(part).rpartition(".")[2] for part in parts}


def _function(tree: ast.Module, qualname: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The function (or method) of a module by its qualified name as the scan writes it (`Class.method`)."""
    scope: list[ast.stmt] = tree.body
    found: ast.AST | None = None
    for part in qualname.split("."):
        found = next(
            (
                n
                for n in scope
                if isinstance(n, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == part
            ),
            None,
        )
        if found is None:
            return None
        scope = found.body
    return found if isinstance(found, (ast.FunctionDef, ast.AsyncFunctionDef)) else None

"""What a caller does instead when it catches a site's error (issue 29, review round 4 card 15): when every call
of the raising function sits in a `try` that catches the error, the user never sees it. What the handler does is
recorded only when it is plain from the handler itself: a lone `return <expression>`, `pass` or `continue`.

`CsrfViewMiddleware._check_token` raises RejectRequest("CSRF cookie not set."); its one caller, `process_view`,
does `except RejectRequest as exc: return self._reject(request, exc.reason)`."""

import ast
import builtins

from kb.harvest.reading.callers import CallGraph, Defined
from kb.harvest.reading.walked import code as unparse
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


def caught_by(graph: CallGraph, trees: dict[str, ast.Module], path: str, function: str, raised: str) -> list[dict]:
    """Rows {function, path, line, does, code, ...} for the public callers through which `raised` from `function`
    does not propagate (`CallGraph.keeping_callers`), each where the handler that catches it is plain (`_kept`):
    `get_reloader`'s `except WatchmanUnavailable: return StatReloader()` (django/utils/autoreload.py:640-646,
    5.2.19). Said of those callers alone, beside the ways in that let it out."""
    target = graph.definition(path, function)
    if target is None:
        return []
    rows: list[dict] = []
    keeping = graph.keeping_callers(target, raised)[:MAX_HANDLED]
    if not keeping:
        return rows  # most sites: then no walk up is needed
    # The functions through which the error may reach the caller: the raising one and those calling it, up.
    names = {target.name, *(defined.name for defined in graph.walked(target, raised) or ())}
    for caller, lines in keeping:
        tree = trees.get(caller.path)
        node = (_function(tree, caller.qualname) or _defined_at(tree, caller.line)) if tree is not None else None
        if node is None or _refers(node, names):
            continue
        each = [_kept(caller, node, line, raised, graph) for line in lines]
        first = each[0]
        if first is None or any(row is None for row in each):
            continue
        if any({**row, "line": 0} != {**first, "line": 0} for row in each if row is not None):
            # Each call's handler does something else (`get_language_from_request`: `pass`, `continue`, a
            # `return`): that it catches it at every call is what holds.
            first = {key: first[key] for key in ("function", "path", "line", "property") if key in first}
            first["does"] = "each"
        rows.append(first)
    return rows


def _refers(node: ast.FunctionDef | ast.AsyncFunctionDef, names: set[str]) -> bool:
    """Whether the caller names one of those functions other than by calling it: it hands it on to be called
    later (`map(check, values)`, `f = self.check`, `getattr(self, "check")`) or reads a property that runs it
    (`return self.helper`). The harvest sees calls alone: such a way may let the error out of the caller."""
    inside = [inner for statement in node.body for inner in breadth.walk(statement)]  # not the decorators' names
    called = {id(inner.func) for inner in inside if isinstance(inner, ast.Call)}
    for inner in inside:
        if id(inner) in called:
            continue
        if isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Load) and inner.id in names:
            return True
        if isinstance(inner, ast.Attribute) and isinstance(inner.ctx, ast.Load) and inner.attr in names:
            return True
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str) and inner.value in names:
            return True
    return False


_PROPERTIES = {"property", "cached_property"}


def _kept(
    caller: Defined, node: ast.FunctionDef | ast.AsyncFunctionDef, line: int, raised: str, graph: CallGraph
) -> dict | None:
    """What the handler that catches `raised` at `line` does, when one plain statement says it: the innermost `try`
    around the call, its first handler that catches the type (or a base, or bare). None when a handler before it
    names a type the harvest cannot place (it may catch it first and raise it again)."""
    tries = [
        inner
        for inner in breadth.walk(node)
        if isinstance(inner, ast.Try) and any(_spans(statement, line) for statement in inner.body)
    ]
    for attempt in sorted(tries, key=lambda t: -t.lineno):  # the innermost first
        for handler in attempt.handlers:
            said = [_catches(part, raised, caller.path, graph) for part in _parts(handler.type)]
            if handler.type is not None and not any(said):
                if None in said:
                    return None
                continue
            return _plain(caller, node, handler, raised)
    return None


def _parts(handler_type: ast.expr | None) -> list[ast.expr]:
    if handler_type is None:
        return []
    return list(handler_type.elts) if isinstance(handler_type, ast.Tuple) else [handler_type]


def _catches(part: ast.expr, raised: str, path: str, graph: CallGraph) -> bool | None:
    """Whether a handler's type catches `raised`: the class the module binds the name to (`CallGraph.binds`:
    through its imports, an alias, a package's re-export) is it or a base. None when that is not known: a name
    bound in the function, or a class from outside the harvest (its bases are not read)."""
    text = unparse(part)
    found = graph.binds(path, text)
    if found is None or (not found[1] and found[0] not in _BUILTINS):
        return None
    if graph.catches(raised, (found[0],)):
        return True
    return False


_BUILTINS = {name for name in dir(builtins) if isinstance(getattr(builtins, name), type)}


def _plain(
    caller: Defined, node: ast.FunctionDef | ast.AsyncFunctionDef, handler: ast.ExceptHandler, raised: str
) -> dict | None:
    body = [s for s in handler.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if len(body) != 1:
        return None
    only = body[0]
    row: dict = {"function": caller.qualname, "path": caller.path, "line": handler.lineno, "code": ""}
    if any(_decorator(d) in _PROPERTIES for d in node.decorator_list):
        row["property"] = True
    uses = handler.name is not None and any(
        isinstance(n, ast.Name) and n.id == handler.name for n in breadth.walk(only)
    )
    if isinstance(only, ast.Raise) and isinstance(only.exc, ast.Call) and not uses:
        other = unparse(only.exc.func).rpartition(".")[2]
        if other and other != raised.rpartition(".")[2] and other[:1].isupper():
            return {**row, "does": "raise", "code": other}
        return None
    if isinstance(only, ast.Assign) and all(isinstance(t, ast.Name) for t in only.targets) and not uses:
        text = unparse(only)
        return {**row, "does": "assign", "code": text} if len(text) <= MAX_CODE else None
    if isinstance(only, ast.Return) and only.value is None:
        return {**row, "does": "return"}
    if isinstance(only, (ast.Return, ast.Pass, ast.Continue)):
        return _handler_row(row, only, handler)
    return None


def _handler_row(row: dict, only: ast.stmt, handler: ast.ExceptHandler) -> dict | None:
    """What a handler's one statement does, or None: `return X` (with whether X reads the error, as in `return
    self._reject(request, exc.reason)`, where the error's own details go on in what is returned), `pass`,
    `continue`."""
    if isinstance(only, ast.Return) and only.value is not None:
        text = unparse(only.value)
        if len(text) > MAX_CODE:
            return None
        uses = handler.name is not None and any(
            isinstance(n, ast.Name) and n.id == handler.name for n in breadth.walk(only.value)
        )
        return {**row, "does": "return", "code": text, **({"uses_error": True} if uses else {})}
    if isinstance(only, ast.Pass):
        return {**row, "does": "pass"}
    if isinstance(only, ast.Continue):
        return {**row, "does": "continue"}
    return None


def _decorator(node: ast.expr) -> str:
    return unparse(node).rpartition(".")[2]


def _defined_at(tree: ast.Module, line: int) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The function whose `def` is at `line`: an ancestor's method named as run by a subclass (`IntegerField.
    has_changed` is `Field.has_changed`)."""
    return next(
        (n for n in breadth.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.lineno == line),
        None,
    )


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
        row = {"function": caller.qualname, "path": caller.path, "line": handler.lineno, "code": ""}
        return _handler_row(row, body[0], handler)
    return None


def _spans(statement: ast.stmt, line: int) -> bool:
    return statement.lineno <= line <= (statement.end_lineno or statement.lineno)


def _names(handler_type: ast.expr | None) -> set[str]:
    """The last parts of the names a handler catches (`RejectRequest`, `(ValueError, KeyError)`)."""
    if handler_type is None:
        return set()
    parts = handler_type.elts if isinstance(handler_type, ast.Tuple) else [handler_type]
    return {unparse(part).rpartition(".")[2] for part in parts}


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

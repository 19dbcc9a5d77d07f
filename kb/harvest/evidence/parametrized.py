"""pytest's table-driven tests: `@pytest.mark.parametrize(("value", "match"), [("#0000gg", "...six ASCII hex
digits"), ...])` above `with pytest.raises(ValueError, match=match): parse(value)`. Each row is a test of its
own: its message, and the call with the row's values put in (round 16's webcolors cards showed no call though
their tests held one row per message).

A file is parsed whole only when it names `parametrize`; the tables are read from the decorators of its
functions, by the line of each `def`."""

import ast
import copy

from kb.harvest.evidence.excerpts import clipped
from kb.text import breadth
from kb.text.written import unparse

MAX_ROWS = 50
Row = dict[str, ast.expr]


def tables(text: str) -> dict[int, list[Row]]:
    """The rows of each parametrized function of a test file, by the line of its `def` (rows of several
    `parametrize` decorators are not combined: each decorator's own rows, the first that names a value)."""
    if "parametrize" not in text:
        return {}
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    found: dict[int, list[Row]] = {}
    for node in breadth.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            rows = [row for decorator in node.decorator_list for row in _rows(decorator)]
            if rows:
                found[node.lineno] = rows[:MAX_ROWS]
    return found


def _rows(decorator: ast.expr) -> list[Row]:
    if not (isinstance(decorator, ast.Call) and unparse(decorator.func).endswith("mark.parametrize")):
        return []
    if len(decorator.args) < 2:
        return []
    names = _names(decorator.args[0])
    values = decorator.args[1]
    if not names or not isinstance(values, (ast.List, ast.Tuple)):
        return []
    rows: list[Row] = []
    for item in values.elts[:MAX_ROWS]:
        if isinstance(item, ast.Call) and unparse(item.func).endswith("param"):
            given = list(item.args)  # pytest.param(value, match, id=...)
        elif len(names) > 1 and isinstance(item, (ast.Tuple, ast.List)):
            given = list(item.elts)
        else:
            given = [item]
        if len(given) == len(names) and not any(isinstance(value, ast.Starred) for value in given):
            rows.append(dict(zip(names, given, strict=True)))
    return rows


def _names(node: ast.expr) -> list[str]:
    """`"value, match"`, `("value", "match")` or `["value", "match"]`: the names each row binds."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [name.strip() for name in node.value.split(",") if name.strip()]
    if isinstance(node, (ast.List, ast.Tuple)) and all(
        isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts
    ):
        return [str(e.value).strip() for e in node.elts]  # type: ignore[attr-defined]
    return []


class _PutIn(ast.NodeTransformer):
    def __init__(self, row: Row) -> None:
        self.row = row

    def visit_Name(self, node: ast.Name) -> ast.expr:
        return copy.deepcopy(self.row[node.id]) if isinstance(node.ctx, ast.Load) and node.id in self.row else node


def put_in(statements: list[ast.stmt], row: Row) -> list[ast.stmt]:
    """Copies of the statements with the row's values put in for the names they read."""
    return [_PutIn(row).visit(copy.deepcopy(statement)) for statement in statements]


def with_row(statements: list[ast.stmt], row: Row) -> str:
    """The last statement that calls something (as the trimmed call is chosen), the row's values put in for its
    names, as code: `webcolors.html5_parse_legacy_color('#0000gg')`; "" when there is none."""
    calling = [statement for statement in statements if any(isinstance(n, ast.Call) for n in breadth.walk(statement))]
    if not calling:
        return ""
    try:
        return clipped(unparse(put_in(calling[-1:], row)[0]))
    except (ValueError, RecursionError):
        return ""


def row_read(statements: list[ast.stmt], row: Row) -> str:
    """The row's values the statements read, one `name = value` line each (`args = ['--s']`): what a reader
    shown the test's own lines is not told by its parameters."""
    read = sorted({n.id for s in statements for n in breadth.walk(s) if isinstance(n, ast.Name) and n.id in row})
    try:
        return "\n".join(f"{name} = {unparse(row[name])}" for name in read)
    except (ValueError, RecursionError):
        return ""

"""A test that loops over a table it writes itself and asserts a raise for each row (round 21's card 08):

    cases = [(64 * "*", "has invalid characters"), (16 * "a", "has incorrect length")]
    for token, expected_message in cases:
        with self.subTest(token=token):
            with self.assertRaisesMessage(InvalidTokenFormat, expected_message):
                _check_token_format(token)

Each row is a test of its own, as a `parametrize` table's (`parametrized`): its message, and the call with its
values put in. Read only where every row reaches the assertion: the table is a literal in the loop's header, or a
local bound once to one above it and read nowhere else; the assertion sits in the loop's body, inside `with`
blocks alone (`self.subTest(...)`); and the body holds no `break`, `continue`, `return` or `raise`."""

import ast

from kb.harvest.evidence.parametrized import MAX_ROWS, Row, with_row
from kb.text import breadth

_LEAVES = (ast.Break, ast.Continue, ast.Return, ast.Raise)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_LITERAL = (
    ast.Constant, ast.Tuple, ast.List, ast.Set, ast.Dict, ast.BinOp, ast.UnaryOp, ast.Load,
    ast.operator, ast.unaryop,
)  # fmt: skip


def loop_rows(
    loop: ast.For, function: ast.FunctionDef | ast.AsyncFunctionDef, bound: dict[str, list[tuple[int, ast.expr]]]
) -> list[Row]:
    """The rows of the table `loop` runs over, each as {target name: value}; [] when they cannot all be read.
    `bound`: the test's local bindings (`_FunctionReader.strings`)."""
    targets = _targets(loop.target)
    if not targets or _leaves(loop.body):
        return []
    table = _table(loop.iter, loop.lineno, function, bound)
    if table is None or len(table) > MAX_ROWS:
        return []
    rows: list[Row] = []
    for item in table:
        if len(targets) == 1:
            values = [item]
        elif isinstance(item, (ast.Tuple, ast.List)) and len(item.elts) == len(targets):
            values = list(item.elts)
        else:
            return []
        if any(isinstance(value, ast.Starred) for value in values):
            return []
        rows.append(dict(zip(targets, values, strict=True)))
    return rows


def first_row(body: list[ast.stmt], row: Row) -> str:
    """The block's triggering statement with the row's values put in, when it reads any of them and each it reads
    is written with literals alone (`16 * "a"`, not a local such as `bad_map`'s `bad1`); else ""."""
    calling = [statement for statement in body if any(isinstance(n, ast.Call) for n in breadth.walk(statement))]
    read = {n.id for n in breadth.walk(calling[-1]) if isinstance(n, ast.Name) and n.id in row} if calling else set()
    if not read or not all(_written(row[name]) for name in read):
        return ""
    return with_row(body, row)


def _written(node: ast.expr) -> bool:
    """Whether a value is made of literals alone: constants and the operators and containers around them."""
    return all(isinstance(n, _LITERAL) for n in breadth.walk(node))


def _targets(target: ast.expr) -> list[str]:
    """`x` or `x, y` (in brackets or not): the names a row binds; [] for anything else (`*rest`, `a.b`)."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)) and all(isinstance(t, ast.Name) for t in target.elts):
        names = [t.id for t in target.elts]  # type: ignore[attr-defined]
        return names if len(set(names)) == len(names) else []
    return []


def _leaves(body: list[ast.stmt]) -> bool:
    """Whether a statement of the body may end a pass, or the loop, before the assertion."""
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, _LEAVES):
            return True
        if not isinstance(node, _SCOPES):
            stack.extend(ast.iter_child_nodes(node))
    return False


def _table(
    node: ast.expr, line: int, function: ast.FunctionDef | ast.AsyncFunctionDef, bound: dict
) -> list[ast.expr] | None:
    """The rows as written: `[...]`, `(...)`, `{...}.items()` (key and value), or a local bound once above the
    loop to one of those and read nowhere but in the loop's header (nothing adds to it or changes it)."""
    items = isinstance(node, ast.Call) and not node.args and not node.keywords and _method(node) == "items"
    if items:
        node = node.func.value  # type: ignore[attr-defined]
    if isinstance(node, ast.Name):
        bindings = bound.get(node.id, [])
        if len(bindings) != 1 or bindings[0][0] >= line or _reads(function, node.id) != 1:
            return None
        node = bindings[0][1]
    if items:
        if not isinstance(node, ast.Dict) or any(key is None for key in node.keys):
            return None
        return [ast.Tuple(elts=[key, value], ctx=ast.Load()) for key, value in zip(node.keys, node.values, strict=True)]  # type: ignore[list-item]
    if isinstance(node, (ast.List, ast.Tuple)):
        return list(node.elts)
    return None


def _method(call: ast.Call) -> str:
    return call.func.attr if isinstance(call.func, ast.Attribute) else ""


def _reads(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> int:
    """How many times the function reads or stores the name, its first binding aside."""
    uses = sum(1 for n in breadth.walk(function) if isinstance(n, ast.Name) and n.id == name)
    return uses - 1

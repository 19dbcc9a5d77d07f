"""`self.x` by the constructor argument it is set from (issue 29): `self.timeout = timeout or 5` in the
`__init__` of the class (or the nearest ancestor that has one) says that `self.timeout` is the `timeout` a user
passes. Each `__init__` is read once per harvest process, whatever the number of sites that ask."""

import ast
import weakref

from kb.harvest.reading.classes import ClassIndex
from kb.harvest.reading.definitions import CODE_LIMIT, clip
from kb.harvest.reading.scopes import statements

MAX_ROWS = 4
_MAX_STATEMENTS = 400  # statements of one `__init__` read

# `__init__` node id -> {attribute: (parameter, code, line)}, per class index (one per harvest).
_READ: "weakref.WeakKeyDictionary[ClassIndex, dict[int, dict[str, tuple[str, str, int]]]]" = weakref.WeakKeyDictionary()


def attributes(index: ClassIndex, owner: str, names: tuple[str, ...]) -> list[dict]:
    """Rows for the `self.<name>` of `names` that the constructor of `owner` (qualified) sets from a parameter."""
    if not owner or not names:
        return []
    found = index.method(owner, "__init__")
    if found is None:
        return []
    init, info = found
    assigned = _assigned(index, init)
    rows = []
    for name in names:
        if name in assigned:
            parameter, code, line = assigned[name]
            class_name = info.qualname.rpartition(".")[2]
            rows.append(
                {"name": f"self.{name}", "class": class_name, "parameter": parameter, "code": code, "line": line}
            )
            if len(rows) >= MAX_ROWS:
                break
    return rows


def _assigned(index: ClassIndex, init: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, tuple[str, str, int]]:
    per_index = _READ.setdefault(index, {})
    known = per_index.get(id(init))
    if known is None:
        known = per_index[id(init)] = _read(init)
    return known


def _read(init: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, tuple[str, str, int]]:
    arguments = init.args
    params = [a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)][1:]
    wanted = set(params)
    found: dict[str, tuple[str, str, int]] = {}
    for number, statement in enumerate(statements(init.body)):
        if number >= _MAX_STATEMENTS:
            break
        if not isinstance(statement, ast.Assign | ast.AnnAssign) or statement.value is None:
            continue
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        for target in targets:
            if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)):
                continue
            if target.value.id != "self" or target.attr in found:
                continue
            parameter = _parameter(statement.value, wanted)
            if parameter:
                found[target.attr] = (parameter, clip(ast.unparse(statement.value), CODE_LIMIT), statement.lineno)
    return found


def _parameter(value: ast.expr, params: set[str]) -> str:
    """The first parameter the value reads (`timeout or 5`: timeout), within its first nodes."""
    for number, node in enumerate(ast.walk(value)):
        if number > 50:
            break
        if isinstance(node, ast.Name) and node.id in params:
            return node.id
    return ""

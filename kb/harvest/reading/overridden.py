"""Calls under a test that the method they call is overridden: they never run the base's method the test names.

`LogEntryManager.log_actions` calls `self.log_action(...)` only under `if type(self).log_action !=
LogEntryManager.log_action:` (django/contrib/admin/models.py:57-78, 5.2.19): there, `self.log_action` is a
subclass's override, never `LogEntryManager.log_action`, so that call is no way in to the base method's warning
(round 30's AI-assisted card 03). The tests read: `type(self).m` or `self.__class__.m` (or `self.m.__func__`)
compared with `Base.m` by `!=` or `is not` (the branch taken when overridden), by `==` or `is` (its `else`), in
either order, through `not` and through `and` (in the branch where all hold) or `or` (in the `else`, where none
does). The call graph (`callers.CallGraph`) then drops the call as an edge to the method `Base` runs as `m`."""

import ast

_RECEIVERS = frozenset({"self", "cls"})  # `self.m.__func__`; never a base class's name
MAX_DEPTH = 8  # `not` and `and`/`or` read this deep into a test; deeper, it says nothing

# (first line, last line, method name, the base class as written: "LogEntryManager", "models.Base")
Span = tuple[int, int, str, str]


MAX_LINES = 6  # lines of a test read for `type(self).`, `__class__.` or `__func__`, one of which each test read has


def override_spans(ifs: list[ast.If], lines: list[str]) -> list[Span]:
    """The branches of a function's `if`s where a test says `type(self).m` is not `Base.m`, as line spans. A test
    whose lines (`lines`: the module's) hold none of its words is not read further: most tests compare no method."""
    found: list[Span] = []
    for node in ifs:
        test = node.test
        if type(test) not in _TESTS:
            continue
        first, last = test.lineno, getattr(test, "end_lineno", None) or test.lineno
        text = lines[first - 1] if last == first else "\n".join(lines[first - 1 : min(last, first + MAX_LINES)])
        if "type(self)." not in text and "__class__." not in text and "__func__" not in text:
            continue
        for block, holds in ((node.body, True), (node.orelse, False)):
            if not block:
                continue
            first, last = block[0].lineno, getattr(block[-1], "end_lineno", None) or block[-1].lineno
            found += [(first, last, method, base) for method, base in _overridden(test, holds, MAX_DEPTH)]
    return found


def overridden_at(spans: list[Span], line: int, name: str) -> str:
    """The base class (as written) whose `name` a call of `self.name()` at `line` surely does not run, or ""."""
    return next((base for first, last, method, base in spans if method == name and first <= line <= last), "")


_TESTS = (ast.Compare, ast.BoolOp, ast.UnaryOp)
_DIFFERS = {ast.NotEq: True, ast.IsNot: True, ast.Eq: False, ast.Is: False}


def _overridden(test: ast.expr, holds: bool, depth: int) -> list[tuple[str, str]]:
    """(method, base) of each comparison the test, true (`holds`) or false, says is an override."""
    if depth <= 0:
        return []
    kind = type(test)
    if kind is ast.UnaryOp and type(test.op) is ast.Not:  # type: ignore[attr-defined]
        return _overridden(test.operand, not holds, depth - 1)  # type: ignore[attr-defined]
    if kind is ast.BoolOp:
        # `a and b` true: each holds; `a or b` false: each fails. Otherwise no part is sure.
        if (type(test.op) is ast.And) is holds:  # type: ignore[attr-defined]
            return [found for value in test.values for found in _overridden(value, holds, depth - 1)]  # type: ignore[attr-defined]
        return []
    if kind is not ast.Compare or len(test.ops) != 1:  # type: ignore[attr-defined]
        return []
    differs = _DIFFERS.get(type(test.ops[0]))  # type: ignore[attr-defined]
    if differs is None or differs is not holds:
        return []
    left, right = test.left, test.comparators[0]  # type: ignore[attr-defined]
    for own, other in ((left, right), (right, left)):
        method = _own_method(own)
        if method and type(other) is ast.Attribute and other.attr == method and (base := _dotted(other.value)):
            return [(method, base)]
    return []


def _own_method(node: ast.expr) -> str:
    """`m` of `type(self).m`, `self.__class__.m`, `self.m.__func__`; "" for anything else."""
    if type(node) is not ast.Attribute:
        return ""
    if node.attr == "__func__":
        inner = node.value
        if type(inner) is ast.Attribute and type(inner.value) is ast.Name and inner.value.id in _RECEIVERS:
            return inner.attr
        return ""
    value = node.value
    if type(value) is ast.Attribute and value.attr == "__class__":
        return node.attr if type(value.value) is ast.Name and value.value.id == "self" else ""
    if type(value) is ast.Call and type(value.func) is ast.Name and value.func.id == "type" and len(value.args) == 1:
        arg = value.args[0]
        return node.attr if type(arg) is ast.Name and arg.id == "self" and not value.keywords else ""
    return ""


def _dotted(node: ast.expr) -> str:
    """`Base` or `module.Base` as written; "" for anything else (`self`, a call)."""
    parts: list[str] = []
    while type(node) is ast.Attribute:
        parts.append(node.attr)
        node = node.value
    if type(node) is not ast.Name or node.id in _RECEIVERS or len(parts) > 4:
        return ""
    return ".".join([node.id, *reversed(parts)])

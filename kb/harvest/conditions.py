"""The conditions under which a line raises, read from the code around it (issue 13's first piece of evidence).

For a raise (or an assert), from the innermost block out to its function: the `if`/`elif`/`else` and `while`
tests it sits under (negated on the `else` side), the `except` clause it is in with the calls of the `try` that
can have raised, the guard clauses above it in each block that must not have fired (`if not x: return`), and an
assert's own test. Each is code in the repository's own terms, and a plain sentence where a template can say it.
Nothing is imported or run: only the module's `ast`.
"""

import ast
from dataclasses import dataclass

_FLIPPED = {
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE, ast.LtE: ast.Gt,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.In: ast.NotIn, ast.NotIn: ast.In,
}  # fmt: skip
_EXITS = (ast.Return, ast.Raise, ast.Continue, ast.Break)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module, ast.Lambda)


@dataclass(frozen=True)
class Condition:
    kind: str  # "if", "else", "while", "except", "guard" or "assert"
    code: str  # what holds when the line raises, as code
    sentence: str  # the same in words, or "" where no template says it
    line: int


def parents_of(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    """Each node's parent, for a module walked once and asked about many raises."""
    return {child: parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)}


def conditions(node: ast.stmt, parents: dict[ast.AST, ast.AST]) -> list[Condition]:
    """What must hold for `node` (a raise or an assert) to raise, innermost first, up to its function."""
    found: list[Condition] = []
    if isinstance(node, ast.Assert):
        found.append(_condition("assert", negate(node.test), node.test.lineno))
    child: ast.AST = node
    while (parent := parents.get(child)) is not None and not isinstance(parent, _SCOPES):
        found += _guards_before(child, parent)
        if isinstance(parent, ast.If):
            if child in parent.body:
                found.append(_condition("if", parent.test, parent.lineno))
            elif child in parent.orelse:
                found.append(_condition("else", negate(parent.test), parent.lineno))
        elif isinstance(parent, ast.While) and child in parent.body:
            found.append(_condition("while", parent.test, parent.lineno))
        elif isinstance(parent, ast.ExceptHandler):
            found.append(_except(parent, parents.get(parent)))
        child = parent
    if parent is not None:
        found += _guards_before(child, parent)
    return found


def negate(test: ast.expr) -> ast.expr:
    """`not test`, written as a reader would: `x is not None` rather than `not x is None`."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return test.operand
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in _FLIPPED:
        return ast.Compare(left=test.left, ops=[_FLIPPED[type(test.ops[0])]()], comparators=test.comparators)
    if isinstance(test, ast.BoolOp):  # De Morgan, one level
        flipped: type[ast.boolop] = ast.Or if isinstance(test.op, ast.And) else ast.And
        return ast.BoolOp(op=flipped(), values=[negate(value) for value in test.values])
    return ast.UnaryOp(op=ast.Not(), operand=test)


def sentence(test: ast.expr) -> str:
    """A plain sentence for the common forms of a test; "" for the rest (the code says it)."""
    code = ast.unparse
    if isinstance(test, ast.BoolOp):
        parts = [sentence(value) for value in test.values]
        joiner = " and " if isinstance(test.op, ast.And) else " or "
        return joiner.join(parts) if all(parts) else ""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = test.operand
        if isinstance(inner, ast.Call) and _called(inner) == "isinstance" and len(inner.args) == 2:
            return f"`{code(inner.args[0])}` is not a `{code(inner.args[1])}`"
        if isinstance(inner, ast.Call):
            return f"`{code(inner)}` is false"
        return f"`{code(inner)}` is empty or false"
    if isinstance(test, ast.Call) and _called(test) == "isinstance" and len(test.args) == 2:
        return f"`{code(test.args[0])}` is a `{code(test.args[1])}`"
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        left, right, op = test.left, test.comparators[0], test.ops[0]
        if isinstance(left, ast.Call) and _called(left) == "len" and len(left.args) == 1:
            words = {ast.Lt: "fewer than", ast.LtE: "at most", ast.Gt: "more than", ast.GtE: "at least"}
            if type(op) in words:
                return f"`{code(left.args[0])}` has {words[type(op)]} {code(right)} items"
        phrases = {ast.Is: "is", ast.IsNot: "is not", ast.Eq: "equals", ast.NotEq: "is not", ast.In: "is one of"}
        phrases |= {ast.NotIn: "is not one of", ast.Lt: "is less than", ast.Gt: "is greater than"}
        phrases |= {ast.LtE: "is at most", ast.GtE: "is at least"}
        if type(op) in phrases:
            return f"`{code(left)}` {phrases[type(op)]} `{code(right)}`"
    if isinstance(test, ast.Name | ast.Attribute):
        return f"`{code(test)}` is true"
    return ""


def _condition(kind: str, test: ast.expr, line: int) -> Condition:
    return Condition(kind=kind, code=ast.unparse(test), sentence=sentence(test), line=line)


def _except(handler: ast.ExceptHandler, attempt: ast.AST | None) -> Condition:
    caught = ast.unparse(handler.type) if handler.type is not None else "any exception"
    calls = []
    if isinstance(attempt, ast.Try | ast.TryStar):
        calls = [ast.unparse(n.func) for stmt in attempt.body for n in ast.walk(stmt) if isinstance(n, ast.Call)]
    tried = ", ".join(f"`{c}`" for c in dict.fromkeys(calls))
    words = f"`{caught}` was raised" + (f" by {tried}" if tried else "")
    return Condition(kind="except", code=f"except {caught}", sentence=words, line=handler.lineno)


def _guards_before(child: ast.AST, parent: ast.AST) -> list[Condition]:
    """`if x: return` (or raise, continue, break) above `child` in the same block: x was false."""
    for field in ("body", "orelse", "finalbody", "handlers"):
        block = getattr(parent, field, None)
        if isinstance(block, list) and child in block:
            earlier = block[: block.index(child)]
            return [
                _condition("guard", negate(stmt.test), stmt.lineno)
                for stmt in reversed(earlier)
                if isinstance(stmt, ast.If) and not stmt.orelse and stmt.body and isinstance(stmt.body[-1], _EXITS)
            ]
    return []


def _called(call: ast.Call) -> str:
    return call.func.id if isinstance(call.func, ast.Name) else ""

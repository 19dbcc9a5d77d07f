"""A value an answer claims for a module constant, held to the one the harvest read (issue 29, round 21's card 08:
"`CSRF_TOKEN_LENGTH` ... (32)" where the code says `CSRF_TOKEN_LENGTH = 2 * CSRF_SECRET_LENGTH`, 64).

`values` folds the sites' definitions rows of upper-case names (`CSRF_SECRET_LENGTH = 32`, and arithmetic of such
rows) into values, never running the code: only small numbers and text, each step bounded. `wrong_value` finds
"`NAME` is `32`", "`NAME` equals `'-'`" and "`NAME` (32)" in a sentence and says which one the code refutes. A
sentence that hedges or negates is left alone. The patterns are linear (possessive repeats, bounded literals)."""

import ast
import operator
import re
from collections.abc import Callable, Iterable

from kb.analysis.facts import HEDGES, SPAN

_NAME = re.compile(r"[A-Z][A-Z0-9]*+(?:_[A-Z0-9]++)*+")
_LITERAL = r"-?+\d++(?:\.\d++)?+|'[^'\n`]{0,200}+'|\"[^\"\n`]{0,200}+\""
_VALUE = rf"(?:`({_LITERAL})`|({_LITERAL})(?![\w.`]))"
CLAIMS = (
    re.compile(rf"`([A-Z][A-Z0-9_]{{0,80}}+)`[ \t]++(?:is|equals|is set to)[ \t]++{_VALUE}"),
    re.compile(rf"`([A-Z][A-Z0-9_]{{0,80}}+)`[ \t]*+\([ \t]*+{_VALUE}[ \t]*+\)"),
)
LARGEST = 2**64  # the largest number folded
MOST_STEPS = 4  # names followed through other rows
MOST_TEXT = 200
_ARITHMETIC: dict[type, Callable[[int, int], int]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}

Value = int | float | str


def values(rows: Iterable[object]) -> dict[str, Value]:
    """The values of the upper-case names that definitions rows give one code for, where that code folds."""
    codes: dict[str, set[str]] = {}
    for row in rows:
        if isinstance(row, dict) and isinstance(row.get("name"), str) and isinstance(row.get("code"), str):
            if _NAME.fullmatch(row["name"]) and not row.get("changed"):
                codes.setdefault(row["name"], set()).add(row["code"])
    single = {name: next(iter(found)) for name, found in codes.items() if len(found) == 1}
    folded: dict[str, Value | None] = {}
    for name in single:
        _named(name, single, MOST_STEPS, folded)
    return {name: value for name, value in folded.items() if value is not None}


def wrong_value(text: str, known: dict[str, Value]) -> str:
    """ "`NAME` is `64`, not `32`" for the first value the sentence claims for a constant whose folded value differs;
    "" when none does, the value is not a literal, or the sentence hedges."""
    if not known or HEDGES.search(SPAN.sub(" ", text)):
        return ""
    for pattern in CLAIMS:
        for name, quoted, bare in pattern.findall(text):
            if name not in known:
                continue
            claimed = _fold(_parse(quoted or bare), {}, 0, {})
            if claimed is not None and claimed != known[name]:
                return f"`{name}` is `{known[name]!r}`, not `{quoted or bare}`"
    return ""


def _parse(code: str) -> ast.expr | None:
    if len(code) > 4 * MOST_TEXT:
        return None
    try:
        return ast.parse(code.strip(), mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _named(name: str, codes: dict[str, str], steps: int, folded: dict[str, Value | None]) -> Value | None:
    """A row's value, folded once (a name read twice, or in a cycle, costs no more walks)."""
    if name not in folded:
        folded[name] = None  # while it is folded: a cycle comes to nothing
        folded[name] = _fold(_parse(codes[name]), codes, steps, folded)
    return folded[name]


def _fold(node: ast.expr | None, codes: dict[str, str], steps: int, folded: dict[str, Value | None]) -> Value | None:
    """A small number or text the expression comes to, reading other rows' codes for names (`steps` deep)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float | str) and type(node.value) is not bool:
        return node.value if not isinstance(node.value, str) or len(node.value) <= MOST_TEXT else None
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        operand = _fold(node.operand, codes, steps, folded)
        return -operand if isinstance(operand, int | float) else None
    if isinstance(node, ast.Name) and node.id in codes and steps > 0:
        return _named(node.id, codes, steps - 1, folded)
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        left, right = _fold(node.left, codes, steps, folded), _fold(node.right, codes, steps, folded)
        if type(left) is int and type(right) is int and abs(left) <= LARGEST and abs(right) <= LARGEST:
            if right == 0 and isinstance(node.op, ast.FloorDiv | ast.Mod):
                return None
            result = _ARITHMETIC[type(node.op)](left, right)
            return result if abs(result) <= LARGEST else None
    return None

"""Placeholders whose values the code around a raise pins down: under `if data in ("}", ")", "]"):` (or
`data == "}"`) the message `f"unexpected '{data}'"` says one of those texts, not any. The entry then has one
wording per value, so that a message with another value ("unexpected '%'") is not taken for it."""

import ast

from kb.harvest.reading.messages import Field, Parts, _join
from kb.harvest.reading.site_evidence import Owner

MAX_VALUES = 8  # beyond a handful, the values are a vocabulary, not a narrowing


def narrowed(forms: list[Parts], node: ast.AST, owner: Owner | None) -> list[Parts]:
    """`forms` with each placeholder filled by a local name the enclosing `if`s pin to a few strings expanded
    into one form per value; unchanged when no condition pins one."""
    if owner is None or not any(isinstance(p, Field) for form in forms for p in form):
        return forms
    pinned = _pinned(node, owner.parents)
    if not pinned:
        return forms
    out: list[Parts] = []
    for form in forms:
        expanded: list[Parts] = [()]
        for part in form:
            values = _values_of(part, pinned)
            if values is None:
                expanded = [_join(done, (part,)) for done in expanded]
            else:
                expanded = [_join(done, (value,)) for done in expanded for value in values]
        out += expanded
    return list(dict.fromkeys(out))


def _values_of(part: str | Field, pinned: dict[str, tuple[str, ...]]) -> tuple[str, ...] | None:
    if isinstance(part, Field) and isinstance(part.source, ast.Name):
        return pinned.get(part.source.id)
    return None


def _pinned(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> dict[str, tuple[str, ...]]:
    """name -> the strings it is, by the tests of the `if`s whose body holds `node` (innermost wins)."""
    pinned: dict[str, tuple[str, ...]] = {}
    child = node
    while (parent := parents.get(child)) is not None:
        if isinstance(parent, ast.If) and child in parent.body:
            tests = (
                parent.test.values
                if isinstance(parent.test, ast.BoolOp) and isinstance(parent.test.op, ast.And)
                else [parent.test]
            )
            for test in tests:
                for name, values in _pins(test):
                    pinned.setdefault(name, values)
        child = parent
    return pinned


def _pins(test: ast.expr) -> list[tuple[str, tuple[str, ...]]]:
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.left, ast.Name)):
        return []
    op, right = test.ops[0], test.comparators[0]
    if isinstance(op, ast.Eq):
        values = [right]
    elif isinstance(op, ast.In) and isinstance(right, (ast.Tuple, ast.List, ast.Set)):
        values = right.elts
    else:
        return []
    texts = [v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)]
    if not texts or len(texts) != len(values) or len(texts) > MAX_VALUES:
        return []
    return [(test.left.id, tuple(texts))]

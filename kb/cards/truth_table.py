"""Conditions reduced by their truth table (left from session 15; round 25's card 02): the `else` of `if name is None
and filter_func is None: ... elif name is not None and filter_func is None: ... elif name is not None and filter_func
is not None: ...` (django/template/library.py:65-97, 5.2.19) holds when no arm's test does, and said arm by arm it
reads "A or B and C or D and E or F". Over the few yes-or-no tests the rows are made of (`x is None`, `x`, and their
negations), the assignments that make every row true are counted: where they are exactly those of one conjunction of
tests, that conjunction is said instead ("`name` is `None` and `filter_func` is not `None`"), in the evidence's own
sentences for those tests. Any other test, more than MAX_TESTS of them, or no such conjunction: the rows as they
were."""

import ast
import re
from collections.abc import Callable
from itertools import pairwise, product

from kb.cards.parsed import expression, walk
from kb.text.treedump import dump

MAX_TESTS = 4
_NAME = r"[A-Za-z_]\w*+(?:\.[A-Za-z_]\w*+)*+"
_IS_NONE = re.compile(rf"(?<![\w.])({_NAME}) is (not )?None")
_TRUTH = re.compile(rf"(not )?({_NAME})")

Literal = tuple[tuple[str, str], bool]  # ((kind, name), holds)


def reduced(rows: list[dict]) -> list[dict]:
    """`rows` (all of which hold) as one row where their truth table gives one conjunction; else `rows`."""
    if len(rows) < 2:
        return rows
    clauses: list[list[Literal]] = []
    said: dict[Literal, tuple[str, str]] = {}  # each literal's code and sentence, as the evidence words them
    for row in rows:
        found = row.get("any")
        parts: list = found if isinstance(found, list) else [row]
        clause = []
        for part in parts:
            literal = _literal(part) if isinstance(part, dict) else None
            if literal is None:
                return rows
            clause.append(literal)
            if isinstance(part.get("sentence"), str):
                said.setdefault(literal, (str(part["code"]), part["sentence"]))
        clauses.append(clause)
    tests = list(dict.fromkeys(test for clause in clauses for test, _ in clause))  # as the code first reads them
    if len(tests) > MAX_TESTS or len({name for _, name in tests}) != len(tests):
        return rows  # `x` and `x is None` of one name are not independent
    holding = [
        values
        for values in product((True, False), repeat=len(tests))
        if all(any(dict(zip(tests, values, strict=True))[test] == holds for test, holds in c) for c in clauses)
    ]
    fixed = (
        [(test, holding[0][i]) for i, test in enumerate(tests) if len({v[i] for v in holding}) == 1] if holding else []
    )
    if not fixed or len(holding) != 2 ** (len(tests) - len(fixed)) or not all(f in said for f in fixed):
        return rows
    if len(fixed) >= sum(len(clause) for clause in clauses):
        return rows  # no shorter than the rows
    last = rows[-1]
    return [
        {
            "kind": last.get("kind"),
            "line": last.get("line"),
            "code": " and ".join(said[f][0] for f in fixed),
            "sentence": " and ".join(said[f][1] for f in fixed),
        }
    ]


def absorbed(rows: list[dict], moved: Callable[[str, int], bool]) -> list[dict]:
    """`rows` (all of which hold) without a disjunction that another row makes true by requiring one of its tests,
    whole or as one part of its `and` (absorption: "A and (B or A)" is "A"). Django's `Field.validate` raises "This
    field cannot be blank." under `not self.blank and value in self.empty_values`, past `if self.choices is not None
    and value not in self.empty_values:` (django/db/models/fields/__init__.py:807-827, 5.2.19, round 30's card 14):
    "`choices` is `None` or `empty_values` contains `value`" then says nothing more. Exact logic only: a test is the
    same test where its code is the same tree, calls nothing (a call may give another value the second time), and
    reads no name that `moved(name, line)` says is given a new value or changed after the earlier row's line."""
    if len(rows) < 2:
        return rows
    required: list[tuple[int, _Test]] = []  # (row's index, test) of each test a row requires on its own
    clauses: list[frozenset[str]] = []  # each row's disjunction of tests (their trees), empty for any other row
    for index, row in enumerate(rows):
        found = row.get("any")
        if isinstance(found, list):
            tests = [_test_of(part) if isinstance(part, dict) else None for part in found]
            clauses.append(frozenset(t[0] for t in tests if t) if all(tests) else frozenset())
            continue
        clauses.append(frozenset())
        parts = row.get("all")
        for part in parts if isinstance(parts, list) and parts else [row]:
            if isinstance(part, dict) and (test := _test_of(part)):
                required.append((index, test))
    lines = [line if isinstance(line := row.get("line"), int) else None for row in rows]
    kept = [
        row
        for index, row in enumerate(rows)
        if not any(
            other != index and tree in clauses[index] and _same_values(names, lines[index], lines[other], moved)
            for other, (tree, names) in required
        )
    ]
    return kept if len(kept) != len(rows) else rows


_Test = tuple[str, frozenset[str]]  # a test's tree as text, and the names it reads


def _test_of(part: dict) -> _Test | None:
    """One test's tree and names, None where its code does not parse, calls something or assigns a name."""
    node = expression(str(part.get("code") or "").strip())
    if node is None:
        return None
    names = set()
    for inner in walk(node):
        if isinstance(inner, (ast.Call, ast.NamedExpr, ast.Await, ast.Yield, ast.YieldFrom)):
            return None
        if isinstance(inner, ast.Name):
            names.add(inner.id)
    return dump(node), frozenset(names)


def _same_values(
    names: frozenset[str], first: int | None, second: int | None, moved: Callable[[str, int], bool]
) -> bool:
    """Whether the names a test reads hold the same values on the lines `first` and `second`: none is given a new
    value or changed after the earlier of them (both lines must be known)."""
    if first is None or second is None:
        return False
    return not any(moved(name, min(first, second)) for name in names)


def _literal(part: dict) -> Literal | None:
    """`x is None` (or `is not None`), `x` or `not x`, as (the test, whether it holds); None for anything else."""
    written = str(part.get("code") or "").strip()
    if found := _IS_NONE.fullmatch(written):
        return ("none", found[1]), not found[2]
    if found := _TRUTH.fullmatch(written):
        return ("true", found[2]), not found[1]
    return None


_COMPARE: dict[type[ast.cmpop], Callable[[float, float], bool]] = {
    ast.Eq: lambda x, c: x == c,
    ast.NotEq: lambda x, c: x != c,
    ast.Lt: lambda x, c: x < c,
    ast.LtE: lambda x, c: x <= c,
    ast.Gt: lambda x, c: x > c,
    ast.GtE: lambda x, c: x >= c,
}
MAX_COMPARED = 200  # characters of a test read as a comparison with a number


def implies(held: object, other: object) -> bool:
    """Whether the test `held` (its code) makes the test `other` true: each compares the same expression with a
    number (`len(auth) > 2` makes `len(auth) != 1` true: the `elif` of rest_framework/authentication.py:69-74, DRF
    3.18.3, round 28's card 17). Checked at each number, between and beyond them, so it holds for any real value."""
    first, second = _compared(held), _compared(other)
    if first is None or second is None or first[0] != second[0]:
        return False
    marks = sorted({first[2], second[2]})
    points = [marks[0] - 1, *marks, *((a + b) / 2 for a, b in pairwise(marks)), marks[-1] + 1]
    return all(_COMPARE[second[1]](x, second[2]) for x in points if _COMPARE[first[1]](x, first[2]))


def _compared(test: object) -> tuple[str, type[ast.cmpop], float] | None:
    """`expr OP number` as (the expression's dump, the operator, the number); None for anything else."""
    if not isinstance(test, str) or len(test) > MAX_COMPARED:
        return None
    node = expression(test.strip())  # parsed once for every reader of the card (`kb.cards.parsed`)
    if not isinstance(node, ast.Compare) or len(node.ops) != 1 or type(node.ops[0]) not in _COMPARE:
        return None
    number = node.comparators[0]
    if not isinstance(number, ast.Constant) or type(number.value) not in (int, float):
        return None
    value = number.value
    return (dump(node.left), type(node.ops[0]), value) if isinstance(value, (int, float)) else None

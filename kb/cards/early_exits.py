"""The early exits above a raise, outside its own block, said by the test each one leaves false (round 34): where the
reader can say a guard's test, "the `model` argument does not contain `'.'`" takes the place of "no earlier check in
`resolve_relation` exits first". `resolve_relation()` returns for `"app.Model"` and raises "app_label must be
provided to resolve unscoped model relationships." only for a name with no `.` (django/db/migrations/utils.py:34-46,
Django 5.2.19): the exit is the condition a reader needs.

A guard's row is the negation of its `if`'s test (`if x: return`, `raise`, `continue` or `break`), read as at the
guard's own line (`Reader` reads each name as bound before it): every path to the raise passed it with its test
false. Said only where what it read still holds at the raise, as far as the card can know: an argument as given, a
module's name, a local not bound again below it; never an object's attribute, which the function may set between
the check and the raise (`if self.loading: raise ...` then `self.loading = True` above "Application labels aren't
unique", django/apps/registry.py:80-93, Django 5.2.19; the harvest records no assignments for a guard further out).
A guard the card does not say stays counted among the exits."""

import ast
from collections.abc import Callable

from kb.cards.reader import Reader
from kb.cards.truth_table import implies
from kb.text import breadth


def said_guards(
    rows: list[dict], said: list[dict], reader: Reader, kept: Callable[[dict], bool] | None = None
) -> list[dict]:
    """The guards among `rows` (outermost first) whose test `reader` can say, outermost first, but for those `said`
    already or whose test one of them makes true: `len(args) <= 2` beside `len(args) == 2`; `if ignore_conflicts and
    update_conflicts: raise` above `elif update_conflicts:`, read as `not ignore_conflicts`, which its `else` says
    too (django/db/models/query.py:696-707, Django 5.2.19). With `kept`, only those it keeps (the meaning's: a test
    on what the reader gave)."""
    tests = [row.get("code") for row in said]
    return [
        row
        for row in rows
        if row.get("kind") == "guard"
        and row not in said
        and not any(test == row.get("code") or implies(test, row.get("code")) for test in tests)
        and (kept is None or kept(row))
        and _steady(row, reader)
        and reader.condition(row) is not None
    ]


def _steady(row: dict, reader: Reader) -> bool:
    """Whether what the guard reads holds at the raise what it held at the check: no object's state (an attribute,
    an item, a method's answer, `hasattr`/`getattr`) of `self`, an argument or a local, and no local bound again or
    changed at or after the guard's line. A module's names (`settings.DEBUG`, `os.path`) and an argument as given
    hold still."""
    try:
        tree = ast.parse(str(row.get("code") or ""), mode="eval")
    except (SyntaxError, ValueError):
        return False
    line = _line(row)
    own = {"self", "cls", *reader.parameters, *reader.definitions}
    for node in breadth.walk(tree):
        if isinstance(node, (ast.Attribute, ast.Subscript)) and _root(node) in own:
            return False  # `self.loading`, `settings_dict["NAME"]`, `content_type.model_class()`
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _STATE:
            if node.args and _root(node.args[0]) in own:
                return False
        if isinstance(node, ast.Name) and node.id in reader.definitions and node.id not in reader.parameters:
            if reader.moved(node.id, line):
                return False
    return True


_STATE = frozenset({"hasattr", "getattr"})  # builtins that read an object's attributes


def _root(node: ast.AST) -> str:
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else ""


def by_line(rows: list[dict]) -> list[dict]:
    """`rows` in the order the code reads them (a row with no line first, as it came)."""
    return sorted(rows, key=_line)


def _line(row: dict) -> int:
    line = row.get("line")
    return line if isinstance(line, int) else 0

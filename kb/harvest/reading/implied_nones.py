"""Which parameters every way to a raise leaves None, where its conditions test `is None` on a few names together
(round 25's card 02): Django 5.2.19's `Library.filter(name=None, filter_func=None)` raises in the `else` of `if name
is None and filter_func is None:` and two `elif`s testing `name is not None` (django/template/library.py:65-97).
Each arm's negation alone says little ("`name` is None or `filter_func` is not None"); together they hold only
when `name is None`, which is what a caller handing on a value never None (`func.__name__`) cannot meet.

Read from the site's condition rows (`if`, `else`, guards) as the evidence holds them: one test, an `or` of tests
or an `and`, each test `x is None` or `x is not None`. An `or` with any other part is left out and an `and` keeps
only its tests of None, which only widens what may hold. A truth table over at most `MAX_NAMES` names; beyond, or
with no way through, nothing is said.

The same reading of a nested function's `def` says which parameters of the function it is defined in are not None
where it is defined: a closure handing one on, never bound anew, hands on no None (`closed_not_none`)."""

import ast
import itertools
import re

from kb.harvest.reading.conditions import conditions, parents_of
from kb.harvest.reading.walked import nodes_of

MAX_NAMES = 4
_KINDS = frozenset({"if", "else", "guard"})
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_TEST = re.compile(r"([A-Za-z_]\w{0,99}+) is (not )?None")

# A test as (name, whether it says the name is None); a row as ("all" or "any", its tests).
Test = tuple[str, bool]


def _test(code: object) -> Test | None:
    found = _TEST.fullmatch(code) if isinstance(code, str) else None
    return (found[1], not found[2]) if found else None


def _row(row: object) -> tuple[str, list[Test]] | None:
    """The row's tests, with how they join; None when the row is not one this reading can take whole."""
    if not isinstance(row, dict) or row.get("kind") not in _KINDS:
        return None
    for joined in ("all", "any"):
        parts = row.get(joined)
        if isinstance(parts, list):
            tests = [_test(part.get("code")) if isinstance(part, dict) else None for part in parts]
            if joined == "all":  # what an `and` holds, part by part: the parts read are each required
                return ("all", [t for t in tests if t is not None]) if any(tests) else None
            return ("any", [t for t in tests if t is not None]) if tests and all(tests) else None
    single = _test(row.get("code"))
    return ("all", [single]) if single is not None else None


def implied_nones(conditions: object, parameters: list[str]) -> list[str]:
    """The parameters that are None on every way the condition rows leave to the raise (`if x is None:` among
    them, the `else` of `if x is not None:`, and what the arms of a chain imply together)."""
    return [name for name, none in fixed(conditions).items() if none and name in parameters]


def fixed(conditions: object) -> dict[str, bool]:
    """Each name the rows' tests of None leave one way on every way through: True for None, False for not None."""
    if not isinstance(conditions, list):
        return {}
    rows = [read for row in conditions[:64] if (read := _row(row)) is not None]
    names = sorted({name for _, tests in rows for name, _ in tests})
    if not names or len(names) > MAX_NAMES:
        return {}
    at = {name: i for i, name in enumerate(names)}
    ways = [
        values
        for values in itertools.product((True, False), repeat=len(names))
        if all(
            (any if joined == "any" else all)(values[at[name]] == none for name, none in tests)
            for joined, tests in rows
        )
    ]
    if not ways:  # the tests contradict one another: no way through that this reading can tell
        return {}
    return {name: ways[0][at[name]] for name in names if len({values[at[name]] for values in ways}) == 1}


def closed_not_none(outer: ast.FunctionDef | ast.AsyncFunctionDef, nested: ast.AST, given: ast.expr) -> bool:
    """Whether `given`, handed on by `nested`, a function defined in `outer`'s own body, is a parameter of `outer`
    that neither binds anew (so the closure holds the value `outer` tested) and that `outer` defines `nested` only
    where it is not None: the second `Library.filter.dec` (django/template/library.py:76-78, Django 5.2.19) is
    defined under `elif name is not None and filter_func is None:` and calls `self.filter(name, func)`."""
    if not isinstance(given, ast.Name) or not isinstance(nested, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    name = given.id
    own = outer.args
    if name not in {a.arg for a in (*own.posonlyargs, *own.args, *own.kwonlyargs)}:
        return False
    if binds(outer, name, parameters=False) or binds(nested, name, parameters=True):
        return False
    parents = parents_of(outer)
    scope = parents.get(nested)
    while scope is not None and not isinstance(scope, _SCOPES):
        scope = parents.get(scope)
    if scope is not outer:
        return False
    rows = [
        {"kind": c.kind, "code": c.code} | ({c.joined: [{"code": code} for code, _ in c.parts]} if c.parts else {})
        for c in conditions(nested, parents)
    ]
    return fixed(rows).get(name) is False


def binds(function: ast.AST, name: str, *, parameters: bool) -> bool:
    """Whether anything in `function` binds `name` (its own parameters only when `parameters`): an assignment, a
    `def` or `class`, an import, an `except ... as`, a `match` capture, `global` or `nonlocal`, a nested parameter."""
    for node in nodes_of(function):
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            return True
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return True
        if node is not function and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.name == name:
                return True
        if isinstance(node, ast.alias) and (node.asname or node.name.partition(".")[0]) == name:
            return True
        if isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and node.name == name:
            return True
        if isinstance(node, ast.MatchMapping) and node.rest == name:
            return True
        if isinstance(node, ast.arg) and node.arg == name and (parameters or not _own(function, node)):
            return True
    return False


def _own(function: ast.AST, argument: ast.arg) -> bool:
    arguments = getattr(function, "args", None)
    if not isinstance(arguments, ast.arguments):
        return False
    every = (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg)
    return any(argument is a for a in every)

"""Solutions derived from a raise site's conditions, only where the code says what to do instead.

A raise needs every one of its conditions to hold, so making any one of them false avoids it. Where a condition
reads a parameter of a public function (`len(expressions) < 2` on `expressions` of `Func.__init__`), the card can
say what to pass instead ("Pass at least 2 items as `expressions` to `Func()`"); where it reads a setting
(`settings.USE_TZ`), which setting to check. Any other condition gives no solution: nothing is made up."""

import ast
from collections.abc import Callable, Sequence
from typing import TypeGuard

from kb.models import RaiseSite
from kb.text.escaping import code

MAX_SOLUTIONS = 5
MAX_CODE = 500  # a condition longer than this is not one a template can turn into advice

# (comparison, comparator is a number) → what to pass instead, given the parameter and the number.
_LENGTH: dict[type[ast.cmpop], Callable[[str, int], str]] = {
    ast.Lt: lambda p, n: f"at least {n} items as {p}",
    ast.LtE: lambda p, n: f"at least {n + 1} items as {p}",
    ast.Gt: lambda p, n: f"at most {n} items as {p}",
    ast.GtE: lambda p, n: f"at most {n - 1} items as {p}",
    ast.NotEq: lambda p, n: f"exactly {n} items as {p}",
}
_NUMBER: dict[type[ast.cmpop], Callable[[str, str], str]] = {
    ast.Lt: lambda p, v: f"{p} of at least {v}",
    ast.LtE: lambda p, v: f"{p} greater than {v}",
    ast.Gt: lambda p, v: f"{p} of at most {v}",
    ast.GtE: lambda p, v: f"{p} less than {v}",
}
_VALUE: dict[type[ast.cmpop], Callable[[str, str], str]] = {
    ast.Is: lambda p, v: f"a value other than {v} as {p}",
    ast.Eq: lambda p, v: f"a value other than {v} as {p}",
    ast.IsNot: lambda p, v: f"{v} as {p}",
    ast.NotEq: lambda p, v: f"{v} as {p}",
    ast.In: lambda p, v: f"a value that is not one of {v} as {p}",
    ast.NotIn: lambda p, v: f"one of {v} as {p}",
}


def derive_solutions(sites: Sequence[RaiseSite]) -> list[str]:
    found: list[str] = []
    for site in sites:
        evidence = site.evidence or {}
        function = str((evidence.get("function") or {}).get("name") or site.function)
        parameters = {str(p) for p in evidence.get("parameters") or []} - {"self", "cls"}
        call = shown_call(function) if is_public(function) and not _is_operator(function) else ""
        decisive = True  # conditions come innermost first: the first test is the one that decides to raise
        for condition in evidence.get("conditions") or []:
            kind = condition.get("kind") if isinstance(condition, dict) else None
            if kind in (None, "except"):
                continue
            written = str(condition.get("code", ""))
            # Parsed only when it may give advice (a harvest of Django reads thousands): a test that advises on no
            # parameter and reads no setting changes nothing below, whether it parses or not.
            if not ("settings" in written or (decisive and kind != "guard" and call and parameters)):
                continue
            test = _parse(written)
            if test is None:
                continue
            # The outer tests mostly choose the code path (`isinstance(k, int)` before `k < 0`), and a guard is a
            # test that did *not* fire: advice from them would send the reader down another path, not past this
            # error. So parameters are advised on from the innermost test alone; settings from any.
            advice = _for_parameters(test, parameters, call) if decisive and kind != "guard" else []
            if kind != "guard":
                decisive = False
            for solution in [*_settings(test, written), *advice]:
                if solution not in found:
                    found.append(solution)
    return found[:MAX_SOLUTIONS]


def _is_operator(function: str) -> bool:
    """`QuerySet.__getitem__` is reached as `qs[k]`, not called by name: no "pass ... to" advice fits it."""
    last = function.rpartition(".")[2]
    return last.startswith("__") and last.endswith("__") and last not in ("__init__", "__new__", "__call__")


def is_public(function: str) -> bool:
    """No part of the qualified name is private (`_helper`, `Class._method`); dunder methods are the class's API."""
    parts = function.split(".")
    return bool(function) and all(not p.startswith("_") or (p.startswith("__") and p.endswith("__")) for p in parts)


def shown_call(function: str) -> str:
    """How a reader calls it: `Func.__init__` → `Func()`, `QuerySet.filter` → `QuerySet.filter()`."""
    owner, _, last = function.rpartition(".")
    return code(f"{owner}()" if last in ("__init__", "__new__") and owner else f"{function}()")


def _parse(text: str) -> ast.expr | None:
    if not text or len(text) > MAX_CODE:
        return None
    try:
        return ast.parse(text, mode="eval").body
    except (SyntaxError, ValueError, RecursionError):
        return None


def _settings(test: ast.expr, condition: str) -> list[str]:
    names = [
        node.attr
        for node in ast.walk(test)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "settings"
    ]
    return [f"Check the {code(name)} setting: this is raised when {code(condition)}." for name in dict.fromkeys(names)]


def _for_parameters(test: ast.expr, parameters: set[str], call: str) -> list[str]:
    """What to pass instead, for each part of `test` (joined by `and`) that reads one parameter."""
    if not call or not parameters:
        return []
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return [s for value in test.values for s in _for_parameters(value, parameters, call)]
    instead = _instead(test, parameters)
    return [f"Pass {instead} to {call}."] if instead else []


def _instead(test: ast.expr, parameters: set[str]) -> str:
    """What to pass so that `test` is false, or "" when no template says it."""

    def parameter(node: ast.expr) -> str:
        return code(node.id) if isinstance(node, ast.Name) and node.id in parameters else ""

    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = test.operand
        if _is_isinstance(inner) and (p := parameter(inner.args[0])):
            return f"a {code(ast.unparse(inner.args[1]))} as {p}"
        if p := parameter(inner):
            return f"a {p} that is neither empty nor false"
        return ""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return ""
    left, op, right = test.left, type(test.ops[0]), test.comparators[0]
    number = right.value if isinstance(right, ast.Constant) and type(right.value) is int else None
    if isinstance(left, ast.Call) and _called(left) == "len" and len(left.args) == 1:
        if (p := parameter(left.args[0])) and number is not None and op in _LENGTH:
            return _LENGTH[op](p, number)
        return ""
    if not (p := parameter(left)) or not _is_literal(right):
        return ""
    if op in _NUMBER and isinstance(right, ast.Constant) and type(right.value) in (int, float):
        return _NUMBER[op](p, code(ast.unparse(right)))
    if op in _VALUE:
        return _VALUE[op](p, code(ast.unparse(right)))
    return ""


def _is_isinstance(node: ast.expr) -> TypeGuard[ast.Call]:
    return isinstance(node, ast.Call) and _called(node) == "isinstance" and len(node.args) == 2


def _called(call: ast.Call) -> str:
    return call.func.id if isinstance(call.func, ast.Name) else ""


def _is_literal(node: ast.expr) -> bool:
    """A value written in the code (`None`, `"x"`, `("a", "b")`), not a name whose value the card cannot know."""
    try:
        ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True

"""A test class's maker methods: `def _makeOne(self, ...): from colander import Email; return Email()` (colander
2.0's tests/test_colander.py:489-492), the Zope and Pylons habit of building the instance under test through a helper
of the test's class. A local the test binds once to `self._makeOne(...)` (`validator = self._makeOne()`) is then an
instance of that class, as if the test had written `Email()`: `validator(None, 'me@here.')` calls `Email.__call__`,
which one definition names where `__call__` alone names many.

A maker is a method of the class itself whose body, its docstring and imports aside, is one `return C(...)` of a
capitalized name, or `return self.<m>()(...)` where the class's `<m>` is one `return C` (`_getTargetClass`). A class
that defines the name twice, or a maker that does anything else, is no maker: say less."""

import ast
import dataclasses
import re
import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kb.harvest.evidence.assertions import Assertion

MAX_CLASS_LINES = 2_000  # a longer class is not parsed for its makers
_CALLED_ON_SELF = re.compile(r"=[ \t]*+self\.(\w++)\(")


def makers(lines: list[str], header: int, end: int, wanted: set[str]) -> dict[str, tuple[str, str]]:
    """{method: (the class it makes, its definition as written)} of the class on lines `header`..`end` (1-based),
    for the methods in `wanted` only. The definition (with `_getTargetClass`'s, when it goes through it) is shown
    with the test: without it, `typ = self._makeOne()` does not say what `typ` is."""
    if not wanted or end - header > MAX_CLASS_LINES:
        return {}
    try:
        tree = ast.parse(textwrap.dedent("\n".join(lines[header - 1 : end])))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    statement = tree.body[0] if len(tree.body) == 1 else None
    if not isinstance(statement, ast.ClassDef):
        return {}
    methods: dict[str, list[ast.stmt]] = {}  # each name the class's body binds: its statements
    for node in statement.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            methods.setdefault(node.name, []).append(node)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(target, ast.Name):
                    methods.setdefault(target.id, []).append(node)
    found: dict[str, tuple[str, str]] = {}
    for name in wanted:
        returned = _returned(methods.get(name, []))
        if isinstance(returned, ast.Call):
            made: str | None = _class_named(returned.func)
            used = [methods[name][0]]
            if made is None and (getter := _on_self(returned.func)):
                given = _returned(methods.get(getter, []))
                made = _class_named(given) if given is not None else None
                used = [*methods.get(getter, [])[:1], *used]
            if made is not None:
                written = [textwrap.dedent("\n".join(lines[header + n.lineno - 2 : header + (n.end_lineno or 0) - 1]))
                           for n in used]  # fmt: skip
                found[name] = (made, "\n\n".join(written))
    return found


def called_on_self(body: str) -> set[str]:
    """The methods a test's text binds a local to the result of (`x = self._makeOne(...)`): the makers to look for."""
    return set(_CALLED_ON_SELF.findall(body))


def made(bound: dict, found: dict[str, str]) -> dict:
    """The test's bindings (`called_names`' `bound`) with each local bound once to a maker's call written as a call
    of the class it makes (`self._makeOne(x)` as `Email(x)`), so that a method called on it is `Class.method`."""
    if not found:
        return bound
    rewritten = dict(bound)
    for name, bindings in bound.items():
        if len(bindings) != 1:
            continue
        line, node = bindings[0]
        if (maker := _self_call(node)) in found:
            # Given an argument whatever the maker is given: the maker may pass its own to the class, so the instance
            # is never taken for one built with no arguments (`built_bare`).
            given: list[ast.expr] = [ast.Starred(value=ast.Name(id="made", ctx=ast.Load()), ctx=ast.Load())]
            call = ast.Call(func=ast.Name(id=found[maker], ctx=ast.Load()), args=given, keywords=[])
            rewritten[name] = [(line, ast.copy_location(call, node))]
    return rewritten


def _returned(defined: list[ast.stmt]) -> ast.expr | None:
    """What the one definition of a method returns, when its body is that `return` alone (a docstring and imports
    before it aside); None for a name the class binds otherwise, or more than once."""
    if len(defined) != 1 or not isinstance(defined[0], ast.FunctionDef):
        return None
    body = [
        statement
        for statement in defined[0].body
        if not isinstance(statement, (ast.Import, ast.ImportFrom))
        and not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant))
    ]
    if len(body) != 1 or not isinstance(body[0], ast.Return):
        return None
    return body[0].value


def _class_named(node: ast.expr) -> str | None:
    """The capitalized name (`Email`, `colander.Email`) a node names."""
    name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
    return name if name[:1].isupper() else None


def _on_self(node: ast.expr) -> str | None:
    """The method's name of `self.<m>()`, called with no arguments; None for any other node."""
    return _self_call(node) if isinstance(node, ast.Call) and not node.args and not node.keywords else None


def _self_call(node: ast.expr) -> str | None:
    """The method's name of a call `self.<m>(...)`; None for any other node."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return None
    receiver = node.func.value
    return node.func.attr if isinstance(receiver, ast.Name) and receiver.id == "self" else None


def unmade(assertion: "Assertion", defined: Callable[[str], int]) -> "Assertion":
    """The assertion with each `Class.method` a maker's class gives that the package defines nowhere (colander's
    `SchemaNode = _SchemaMeta("SchemaNode", (_SchemaNode,), {})` is no class statement) called by the method's name
    alone, as it was before the maker was read."""
    if not assertion.made:
        return assertion
    calls = {
        name.partition(".")[2] if name.partition(".")[0] in assertion.made and not defined(name) else name
        for name in assertion.calls
    }
    return assertion if calls == set(assertion.calls) else dataclasses.replace(assertion, calls=frozenset(calls))

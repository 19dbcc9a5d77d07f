"""A function's nodes and its own statements, each walked once and kept for the next reader that asks.

Several readers walk the same function whole at each of its sites (which names it stores, whether it calls
`super()`, what its raises name, what its `__init__` assigns): on Django, 161,000 nodes walked from functions for
91,000 distinct. Its statements too: the statement on a line, the raises, the handlers, the assignments were each
read by a walk of their own, once per site (on Django, 93,000 of 230,000 statements walked again by the same
reader). The trees of a harvest are not changed once parsed (a copy a reader rewrites is walked with `ast.walk`).
The last MAX_KEPT of each are kept, each with the node it was walked from: while it is kept, no other object can
have its `id`."""

import ast
from typing import Any

from kb.harvest.reading.scopes import statements
from kb.text import breadth
from kb.text.written import unparse as code

MAX_KEPT = 4096
Kinds = type | tuple[type, ...]
_kept: dict[int, tuple[ast.AST, tuple[ast.AST, ...], dict[Kinds, tuple[Any, ...]]]] = {}
_bodies: dict[int, tuple[ast.AST, "Body"]] = {}
_docs: dict[int, tuple[ast.AST, str | None]] = {}
_code: dict[int, tuple[ast.AST, str]] = {}


def let_go() -> None:
    """The harvest is over: nothing of its trees kept here."""
    for kept in (_kept, _bodies, _docs, _code):
        kept.clear()


def _walked(node: ast.AST) -> tuple[ast.AST, tuple[ast.AST, ...], dict[Kinds, tuple[Any, ...]]]:
    found = _kept.get(id(node))
    if found is not None and found[0] is node:
        return found
    found = (node, tuple(breadth.nodes(node)), {})
    if len(_kept) >= MAX_KEPT:
        del _kept[next(iter(_kept))]  # the oldest
    _kept[id(node)] = found
    return found


def nodes_of(node: ast.AST) -> tuple[ast.AST, ...]:
    """`tuple(ast.walk(node))`, walked once while it is kept."""
    found = _kept.get(id(node))
    if found is not None and found[0] is node:
        return found[1]
    return _walked(node)[1]


def nodes_of_kind(node: ast.AST, kinds: Kinds) -> tuple[Any, ...]:
    """The nodes of `nodes_of(node)` that are instances of `kinds`, in its order: each kind picked once while the
    node is kept (a reader asking for a function's calls, or its stores of a name, reads those alone)."""
    _, walked, picked = _walked(node)
    found = picked.get(kinds)
    if found is None:
        found = picked[kinds] = tuple([n for n in walked if isinstance(n, kinds)])  # a list: no generator to resume
    return found


class Body:
    """A function's own statements (`scopes.statements` of its body: into compound statements, not into nested
    functions and classes), in that order; `of(kinds)`: those of some kinds, in the same order, each kind asked
    once; `handlers`: the `except` clauses of its `try` statements."""

    __slots__ = ("_of", "statements")

    def __init__(self, body: list[Any]) -> None:
        self.statements: tuple[ast.AST, ...] = tuple(statements(body))
        self._of: dict[Kinds, tuple[Any, ...]] = {}

    def of(self, kinds: Kinds) -> tuple[Any, ...]:
        found = self._of.get(kinds)
        if found is None:
            found = self._of[kinds] = tuple([s for s in self.statements if isinstance(s, kinds)])
        return found

    @property
    def handlers(self) -> tuple[ast.ExceptHandler, ...]:
        return tuple(h for node in self.of(_TRIES) for h in node.handlers)


_TRIES = (ast.Try, ast.TryStar)


def body_of(function: ast.AST) -> Body:
    """The `Body` of a function (any node with a list of statements as its `body`), read once while it is kept."""
    found = _bodies.get(id(function))
    if found is not None and found[0] is function:
        return found[1]
    body = Body(function.body)  # type: ignore[attr-defined]
    if len(_bodies) >= MAX_KEPT:
        del _bodies[next(iter(_bodies))]  # the oldest
    _bodies[id(function)] = (function, body)
    return body


def docstring(node: ast.AST) -> str | None:
    """`ast.get_docstring(node)`, cleaned, read once while it is kept: the readers of a function's sites each ask
    for it (its description, its rule's paragraph, the raises it names, whether its body starts with it)."""
    found = _docs.get(id(node))
    if found is not None and found[0] is node:
        return found[1]
    doc = ast.get_docstring(node)  # type: ignore[arg-type]
    if len(_docs) >= MAX_KEPT:
        del _docs[next(iter(_docs))]  # the oldest
    _docs[id(node)] = (node, doc)
    return doc


def unparsed(node: ast.AST) -> str:
    """`ast.unparse(node)`, read once while it is kept: a test's code and its parts' are said again for each site
    below it (an `if` and its `else`, a guard, the names an `except` catches)."""
    kind = type(node)
    if kind is ast.Name or kind is ast.Attribute:
        return code(node)  # as cheap as the look-up
    found = _code.get(id(node))
    if found is not None and found[0] is node:
        return found[1]
    text = code(node)
    if len(_code) >= MAX_KEPT:
        del _code[next(iter(_code))]  # the oldest
    _code[id(node)] = (node, text)
    return text


def empty_literal(node: ast.expr) -> str | None:
    """ "()", "[]" or "{}" for an empty tuple, list or dict written as such; else None."""
    if isinstance(node, ast.Tuple) and not node.elts:
        return "()"
    if isinstance(node, ast.List) and not node.elts:
        return "[]"
    if isinstance(node, ast.Dict) and not node.keys:
        return "{}"
    return None

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
        found = picked[kinds] = tuple(n for n in walked if isinstance(n, kinds))
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
            found = self._of[kinds] = tuple(s for s in self.statements if isinstance(s, kinds))
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


def code(node: ast.AST) -> str:
    """`ast.unparse(node)`; a name or a dotted name (`self.a.b`) written without it: half a harvest's
    unparsed nodes are names, each an `_Unparser` made and walked (about 14,000 instructions). So are the small
    expressions conditions are made of (`not x`, `a is None`, `f(a, b)`, `a and b`) and plain parameter lists:
    an `_Unparser` cost about 75,000 instructions a node there (10,500 of them, 0.8 G on Django)."""
    kind = type(node)
    if kind is ast.Name:
        return node.id  # type: ignore[attr-defined]
    if kind is ast.Attribute:
        attributes: list[str] = []
        value = node
        while type(value) is ast.Attribute:
            attributes.append(value.attr)
            value = value.value
        if type(value) is ast.Name:
            attributes.append(value.id)
            return ".".join(reversed(attributes))
    written = _written(node, _TEST) if kind is not ast.arguments else _parameters(node)  # type: ignore[arg-type]
    return ast.unparse(node) if written is None else written


# `ast.unparse`'s precedences (`ast._Precedence`, Python 3.11): a node is put in parentheses where the level it is
# written at is above its own; an `and`'s or `or`'s operands are written each one level above the one before.
_PRECEDENCE = ast._Precedence  # type: ignore[attr-defined]
_LEVELS = {name: int(level) for name, level in _PRECEDENCE.__members__.items()}
_TEST, _OR, _AND, _NOT, _CMP = _LEVELS["TEST"], _LEVELS["OR"], _LEVELS["AND"], _LEVELS["NOT"], _LEVELS["CMP"]
_EXPR, _FACTOR, _ATOM = _LEVELS["EXPR"], _LEVELS["FACTOR"], _LEVELS["ATOM"]
_COMPARED = {
    ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=",
    ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in",
}  # fmt: skip
_CONSTANTS = (str, int, bool, bytes, type(None))  # written as `repr` writes them (not a float: `inf`)


def _written(node: ast.AST, level: int) -> str | None:
    """`ast.unparse(node)` for names, constants, calls, subscripts, comparisons, `not`, `-`, `and`, `or`, and
    tuples, lists, dicts and `*` of them, written at `level`; None for any other node (the caller unparses it whole)."""
    kind = type(node)
    if kind is ast.Name:
        return node.id  # type: ignore[attr-defined]
    if kind is ast.Constant:
        value = node.value  # type: ignore[attr-defined]
        if type(value) in _CONSTANTS:
            return ("u" if node.kind == "u" else "") + repr(value)  # type: ignore[attr-defined]
        return None
    if kind is ast.Attribute:
        value = node.value  # type: ignore[attr-defined]
        if type(value) is ast.Constant:
            return None  # `1 .real`
        inner = _written(value, _ATOM)
        return None if inner is None else f"{inner}.{node.attr}"  # type: ignore[attr-defined]
    if kind is ast.Call:
        func = _written(node.func, _ATOM)  # type: ignore[attr-defined]
        if func is None:
            return None
        said = []
        for argument in node.args:  # type: ignore[attr-defined]
            text = _written(argument, _TEST)
            if text is None:
                return None
            said.append(text)
        for keyword in node.keywords:  # type: ignore[attr-defined]
            text = _written(keyword.value, _TEST)
            if text is None:
                return None
            said.append(f"{keyword.arg}={text}" if keyword.arg is not None else f"**{text}")
        return f"{func}({', '.join(said)})"
    if kind is ast.Subscript:
        value, index = node.value, node.slice  # type: ignore[attr-defined]
        inner = _written(value, _ATOM)
        if inner is None:
            return None
        if type(index) is ast.Tuple and index.elts:
            items = _items(index.elts)
        else:
            items = _written(index, _TEST)
        return None if items is None else f"{inner}[{items}]"
    if kind is ast.Compare:
        left = _written(node.left, _CMP + 1)  # type: ignore[attr-defined]
        if left is None:
            return None
        said = [left]
        for operator, right in zip(node.ops, node.comparators, strict=True):  # type: ignore[attr-defined]
            text = _written(right, _CMP + 1)
            if text is None:
                return None
            said += (_COMPARED[type(operator)], text)
        return _parenthesized(" ".join(said), level > _CMP)
    if kind is ast.UnaryOp:
        operator = type(node.op)  # type: ignore[attr-defined]
        if operator is ast.Not:
            text = _written(node.operand, _NOT)  # type: ignore[attr-defined]
            return None if text is None else _parenthesized(f"not {text}", level > _NOT)
        if operator is ast.USub:
            text = _written(node.operand, _FACTOR)  # type: ignore[attr-defined]
            return None if text is None else _parenthesized(f"-{text}", level > _FACTOR)
        return None
    if kind is ast.BoolOp:
        own = _OR if type(node.op) is ast.Or else _AND  # type: ignore[attr-defined]
        at = own
        said = []
        for value in node.values:  # type: ignore[attr-defined]
            at = min(at + 1, _ATOM)
            text = _written(value, at)
            if text is None:
                return None
            said.append(text)
        return _parenthesized((" or " if own == _OR else " and ").join(said), level > own)
    if kind is ast.List:
        items = _listed(node.elts)  # type: ignore[attr-defined]
        return None if items is None else f"[{items}]"
    if kind is ast.Dict:
        said = []
        for key, value in zip(node.keys, node.values, strict=True):  # type: ignore[attr-defined]
            text = _written(value, _TEST if key is not None else _EXPR)
            written = _written(key, _TEST) if key is not None else "**"
            if text is None or written is None:
                return None
            said.append(f"{written}: {text}" if key is not None else f"**{text}")
        return "{" + ", ".join(said) + "}"
    if kind is ast.Starred:
        text = _written(node.value, _EXPR)  # type: ignore[attr-defined]
        return None if text is None else f"*{text}"
    if kind is ast.Tuple and node.elts:  # type: ignore[attr-defined]
        items = _items(node.elts)  # type: ignore[attr-defined]
        return None if items is None else _parenthesized(items, level > _LEVELS["TUPLE"])
    return None


def _listed(nodes: list[ast.expr]) -> str | None:
    """A list's items as `ast.unparse` writes them: `a, b`."""
    said = []
    for item in nodes:
        text = _written(item, _TEST)
        if text is None:
            return None
        said.append(text)
    return ", ".join(said)


def _items(nodes: list[ast.expr]) -> str | None:
    """A tuple's items as `ast.unparse` writes them: `a, b`, or `a,` for one."""
    listed = _listed(nodes)
    return f"{listed}," if listed is not None and len(nodes) == 1 else listed


def _parenthesized(text: str, needed: bool) -> str:
    return f"({text})" if needed else text


def _parameters(node: ast.arguments) -> str | None:
    """`ast.unparse` of a parameter list of plain names, each with or without a default (`a, b=1`); None for
    any other (annotated, `*args`, keyword-only, positional-only)."""
    if node.posonlyargs or node.vararg or node.kwonlyargs or node.kwarg:
        return None
    defaults: list[ast.expr | None] = [None] * (len(node.args) - len(node.defaults))
    said = []
    for parameter, default in zip(node.args, defaults + list(node.defaults), strict=True):
        if parameter.annotation is not None:
            return None
        if default is None:
            said.append(parameter.arg)
            continue
        text = _written(default, _TEST)
        if text is None:
            return None
        said.append(f"{parameter.arg}={text}")
    return ", ".join(said)

"""Every node of a function, in `ast.walk`'s order, walked once and kept for the next reader that asks.

Several readers walk the same function whole at each of its sites (which names it stores, whether it calls
`super()`, what its raises name, what its `__init__` assigns): on Django, 161,000 nodes walked from functions for
91,000 distinct. The trees of a harvest are not changed once parsed (a copy a reader rewrites is walked with
`ast.walk`). The last MAX_KEPT functions are kept, each with the node it was walked from: while it is kept, no other
object can have its `id`."""

import ast

MAX_KEPT = 4096
_kept: dict[int, tuple[ast.AST, tuple[ast.AST, ...]]] = {}


def nodes_of(node: ast.AST) -> tuple[ast.AST, ...]:
    """`tuple(ast.walk(node))`, walked once while it is kept."""
    found = _kept.get(id(node))
    if found is not None and found[0] is node:
        return found[1]
    walked = tuple(ast.walk(node))
    if len(_kept) >= MAX_KEPT:
        del _kept[next(iter(_kept))]  # the oldest
    _kept[id(node)] = (node, walked)
    return walked

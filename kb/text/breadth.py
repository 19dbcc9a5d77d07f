"""`ast.walk`, the same nodes in the same order, at about half its cost.

`ast.walk` runs two generators per node (`iter_child_nodes` over `iter_fields`): on Django, a harvest walks some
800,000 nodes, and the generators were most of the walks' time. These read each node's fields in one loop instead.
Breadth first, as `ast.walk`: a node's children are queued when it is reached, before it is handed out."""

import ast
from collections import deque
from collections.abc import Iterator

_AST = ast.AST


def walk(node: ast.AST) -> Iterator[ast.AST]:
    """`ast.walk(node)`: lazy, for the readers that stop at the first node they look for."""
    todo = deque([node])
    take, add = todo.popleft, todo.append
    while todo:
        found = take()
        for name in found._fields:
            value = getattr(found, name, None)
            if isinstance(value, _AST):
                add(value)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, _AST):
                        add(item)
        yield found


def nodes(node: ast.AST) -> list[ast.AST]:
    """`list(ast.walk(node))`, for the readers that read every node."""
    found = [node]
    add = found.append
    for each in found:  # the list grows as it is read: each node's children go after every node queued before
        for name in each._fields:
            value = getattr(each, name, None)
            if isinstance(value, _AST):
                add(value)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, _AST):
                        add(item)
    return found

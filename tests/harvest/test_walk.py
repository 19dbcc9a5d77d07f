"""The extractor's walk over a module's nodes: every child in source order, whatever shortcut it takes."""

import ast
import gc
from pathlib import Path

import kb
from kb.harvest.pipeline.pool import frozen
from kb.harvest.reading.scopes import _LEAVES, children, push_children, statements

SOURCE = """
import os.path as p, sys
from ..pkg import (a as b, c)
global g
x: int = 1
if x := f(1, *a, k=2, **kw):
    y = [i async for i in z if i] + {k: v for k, v in d.items()} @ (lambda q: q)(3)
elif x:
    del y
else:
    raise ValueError(f"{x!r:>{w}}") from None
match x:
    case {"a": 1, **rest} if rest: pass
    case Point(x=0) | [1, *others] as p: pass
try:
    assert x, "message"
except* (TypeError, ValueError) as e:
    nonlocal_ = e
@decorator(1)
async def f(a, /, b: int = 2, *args, c, **kwargs) -> str:
    async with open(a) as (h, i):
        yield await b
"""


def walked(tree: ast.AST, push: bool) -> list[tuple[ast.AST, tuple]]:
    order, stack = [], [(tree, ())]
    while stack:
        node, path = stack.pop()
        order.append((node, path))
        if push:
            push_children(stack, node, path)
        else:
            stack.extend(reversed(children(node, path)))
    return order


def branching(order: list[tuple[ast.AST, tuple]]) -> list[tuple[ast.AST, tuple]]:
    return [(node, path) for node, path in order if type(node) not in _LEAVES]


def test_pushing_children_visits_the_same_nodes_with_the_same_branches_as_listing_them_but_the_leaves():
    tree = ast.parse(SOURCE)
    assert branching(walked(tree, push=True)) == branching(walked(tree, push=False))


def test_every_file_of_this_project_is_walked_alike_both_ways():
    for path in sorted(Path(kb.__file__).parent.rglob("*.py")):
        tree = ast.parse(path.read_text())
        assert branching(walked(tree, push=True)) == branching(walked(tree, push=False)), path


def test_the_walk_reaches_every_call_raise_binding_and_scope_that_ast_walk_finds():
    tree = ast.parse(SOURCE)
    reached = {id(node) for node, _ in walked(tree, push=True)}
    wanted = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call | ast.Raise | ast.Assert | ast.Import | ast.ImportFrom | ast.NamedExpr | ast.Lambda)
        or isinstance(n, ast.Assign | ast.AnnAssign | ast.comprehension | ast.withitem | ast.ExceptHandler)
        or isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Match | ast.TryStar)
    ]
    assert len(wanted) > 20 and all(id(node) in reached for node in wanted)


def test_the_names_and_constants_under_a_call_are_not_pushed():
    call = ast.parse("f(a, 1, b=c)").body[0].value
    stack: list = []
    push_children(stack, call, ())
    assert [type(node) for node, _ in stack] == [ast.keyword]


def test_forking_the_workers_leaves_the_garbage_collector_as_it_found_it():
    with frozen():
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
    gc.freeze()
    try:
        before = gc.get_freeze_count()
        with frozen():
            pass
        assert gc.get_freeze_count() >= before  # what the caller froze stays frozen
    finally:
        gc.unfreeze()


def test_a_bodys_statements_are_all_read_nested_scopes_only_when_asked():
    body = ast.parse(
        "if a:\n    x = 1\nelse:\n    y = 2\ntry:\n    z = 3\nexcept E:\n    w = 4\n"
        "def inner():\n    v = 5\nmatch m:\n    case 1:\n        u = 6\n"
    ).body

    def assigned(**options: bool) -> list[str]:
        return sorted(node.targets[0].id for node in statements(body, **options) if isinstance(node, ast.Assign))

    assert assigned() == ["u", "w", "x", "y", "z"]
    assert assigned(into_scopes=True) == ["u", "v", "w", "x", "y", "z"]

"""`kb.text.breadth` hands out the nodes `ast.walk` does, in the same order, on real source."""

import ast
import inspect
from pathlib import Path

import django.db.models.query

from kb.text import breadth


def _tree() -> ast.AST:
    return ast.parse(Path(inspect.getfile(django.db.models.query)).read_text())


def test_walk_gives_ast_walk_s_nodes_in_its_order() -> None:
    tree = _tree()
    assert [id(node) for node in breadth.walk(tree)] == [id(node) for node in ast.walk(tree)]


def test_nodes_gives_ast_walk_s_nodes_in_its_order() -> None:
    tree = _tree()
    assert [id(node) for node in breadth.nodes(tree)] == [id(node) for node in ast.walk(tree)]


def test_walk_is_lazy_for_readers_that_stop_early() -> None:
    tree = ast.parse("def f(x):\n    if x:\n        raise ValueError(x)\n")
    first_raise = next(node for node in breadth.walk(tree) if isinstance(node, ast.Raise))
    assert isinstance(first_raise.exc, ast.Call)

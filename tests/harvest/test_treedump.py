"""`kb.text.treedump.dump` writes what `ast.dump` writes, on real source, and leaves no garbage cycle behind."""

import ast
import gc
import inspect
from pathlib import Path

import django.db.models.query
import pytest

from kb.text.treedump import dump


def _tree() -> ast.Module:
    return ast.parse(Path(inspect.getfile(django.db.models.query)).read_text())


def test_dump_writes_ast_dump_s_text_for_every_node_of_a_module() -> None:
    nodes = list(ast.walk(_tree()))
    assert [dump(node) for node in nodes] == [ast.dump(node) for node in nodes]


def test_dump_with_attributes_writes_ast_dump_s_text() -> None:
    nodes = list(ast.walk(_tree()))[:2000]
    assert [dump(node, include_attributes=True) for node in nodes] == [
        ast.dump(node, include_attributes=True) for node in nodes
    ]


def test_dump_refuses_what_is_not_a_tree_as_ast_dump_does() -> None:
    with pytest.raises(TypeError, match=r"^expected AST, got 'str'$"):
        dump("x")  # type: ignore[arg-type]


def test_dump_leaves_nothing_for_the_cyclic_collector() -> None:
    # `x if x is not None else default` in QuerySet code: what a test's conjuncts are dumped as.
    test = ast.parse("value is not None and not isinstance(value, str)", mode="eval").body
    enabled = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        for _ in range(100):
            dump(test)
        assert gc.collect() == 0
    finally:
        if enabled:
            gc.enable()

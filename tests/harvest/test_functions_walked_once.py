"""A function several readers walk whole is walked once: the same nodes in `ast.walk`'s order, and a second
reader's question costs no walk (`kb.harvest.reading.walked`)."""

import ast

from kb.harvest.reading import walked
from kb.harvest.reading.walked import nodes_of
from tests.counted_work import python_calls

# django/core/validators.py:304-312 (Django 5.2.19), as harvested.
SOURCE = """
def validate_ipv4_address(value):
    try:
        ipaddress.IPv4Address(value)
    except ValueError:
        raise ValidationError(
            _("Enter a valid %(protocol)s address."),
            code="invalid",
            params={"protocol": _("IPv4"), "value": value},
        )
"""


def _function() -> ast.FunctionDef:
    function = ast.parse(SOURCE).body[0]
    assert isinstance(function, ast.FunctionDef)
    return function


def test_the_nodes_are_those_a_walk_gives_in_its_order():
    function = _function()
    assert list(nodes_of(function)) == list(ast.walk(function))
    handler = function.body[0].handlers[0]  # type: ignore[attr-defined]
    assert list(nodes_of(handler)) == list(ast.walk(handler))


def test_a_second_reader_walks_nothing_again():
    function = _function()
    first = python_calls(nodes_of, function)
    again = python_calls(nodes_of, function)
    assert first > 30  # a node a call: the walk's generator resumed
    assert again < 5
    assert nodes_of(function) is nodes_of(function)


def test_another_function_of_the_same_text_is_walked_for_itself():
    # Two parses of one text: equal-looking trees, distinct nodes. Each reader gets its own function's nodes (a
    # kept function holds its `id`, so no later object can be taken for it).
    one, other = _function(), _function()
    shared = (ast.Load, ast.Store, ast.Del)  # the parser's one instance of each context, in every tree
    mine = {id(node) for node in nodes_of(one) if not isinstance(node, shared)}
    assert not mine & {id(node) for node in nodes_of(other)}
    assert nodes_of(other)[0] is other


def test_what_is_kept_is_bounded():
    for _ in range(walked.MAX_KEPT + 10):
        function = _function()
        nodes_of(function)
    assert len(walked._kept) <= walked.MAX_KEPT

"""A function several readers walk whole is walked once: the same nodes in `ast.walk`'s order, and a second
reader's question costs no walk (`kb.harvest.reading.walked`); so are its own statements, and the nodes or
statements of the kinds a reader asks for."""

import ast

from kb.harvest.reading import walked
from kb.harvest.reading.scopes import statements
from kb.harvest.reading.walked import body_of, nodes_of, nodes_of_kind
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


def test_the_statements_are_those_of_the_function_in_their_order():
    function = _function()
    body = body_of(function)
    assert body.statements == tuple(statements(function.body))
    # `scopes.statements`' order: each statement before those it holds, a `try`'s handlers before its body.
    assert [type(s) for s in body.statements] == [ast.Try, ast.ExceptHandler, ast.Raise, ast.Expr]
    assert body.of(ast.Raise) == (function.body[0].handlers[0].body[0],)  # type: ignore[attr-defined]
    assert body.of((ast.Expr, ast.Raise)) == body.statements[2:]
    assert body.handlers == tuple(function.body[0].handlers)  # type: ignore[attr-defined]


def test_a_second_reader_of_the_statements_walks_nothing_again():
    function = _function()
    first = python_calls(lambda: body_of(function).of(ast.Raise))
    again = python_calls(lambda: body_of(function).of(ast.Raise))
    assert first > 40  # the statements' generator resumed, each statement's type asked
    assert again <= 10  # two dictionaries' look-ups
    assert body_of(function) is body_of(function)


def test_the_nodes_of_a_kind_are_the_walk_s_in_its_order():
    function = _function()
    calls = [node for node in ast.walk(function) if isinstance(node, ast.Call)]
    assert list(nodes_of_kind(function, ast.Call)) == calls
    assert len(calls) == 4  # `IPv4Address(...)`, `ValidationError(...)` and the two `_(...)`
    names = [node for node in ast.walk(function) if isinstance(node, ast.Name | ast.Constant)]
    assert list(nodes_of_kind(function, (ast.Name, ast.Constant))) == names
    assert python_calls(nodes_of_kind, function, ast.Call) <= 10  # asked before: two look-ups, no walk
    other = _function()
    assert nodes_of_kind(other, ast.Call)[0] is not calls[0]


def test_what_is_kept_of_statements_is_bounded():
    for _ in range(walked.MAX_KEPT + 10):
        body_of(_function())
    assert len(walked._bodies) <= walked.MAX_KEPT


def test_a_node_s_code_is_its_unparsed_text_and_is_read_once():
    function = _function()
    raised = function.body[0].handlers[0].body[0].exc  # type: ignore[attr-defined]
    assert walked.unparsed(raised) == ast.unparse(raised)
    assert walked.unparsed(raised).startswith("ValidationError(_('Enter a valid %(protocol)s address.')")
    assert python_calls(walked.unparsed, raised) <= 5  # asked before: a look-up, no unparsing
    other = _function().body[0].handlers[0].body[0].exc  # type: ignore[attr-defined]
    assert python_calls(walked.unparsed, other) > 20  # an equal-looking node of another tree is read for itself


def test_what_is_kept_of_code_is_bounded():
    for _ in range(walked.MAX_KEPT + 10):
        walked.unparsed(ast.parse("f(x)", mode="eval").body)
    assert len(walked._code) <= walked.MAX_KEPT


def test_a_name_or_a_dotted_name_is_written_as_unparsed_without_unparsing_it():
    # django/core/validators.py: `self.message`, `code=self.code`, `value`, and an attribute of a call's result.
    for text in ("value", "self.message", "self.code.upper", "urlsplit(value).netloc", "(1).real", "x[0].y"):
        node = ast.parse(text, mode="eval").body
        assert walked.code(node) == walked.unparsed(node) == ast.unparse(node)
    dotted = ast.parse("self.message", mode="eval").body
    assert python_calls(walked.code, dotted) * 4 < python_calls(ast.unparse, dotted)  # no `_Unparser` made


def test_a_condition_s_code_is_written_as_unparsed_without_unparsing_it():
    # django/db/models/query.py:503, 622, 1045, 1066 and django/forms/fields.py:973 (Django 5.2.19): the
    # conditions a site's guards are read from, and parameters (django/core/validators.py:236).
    texts = (
        "not self._prefetch_related_lookups or chunk_size is None",
        "self.query.can_filter() and (not self.query.distinct_fields)",
        "not (param in property_names and getattr(self.model, param).fset)",
        "order_by and (not isinstance(order_by, (tuple, list)))",
        "not isinstance(value, (list, tuple))",
        "a or b or not c",  # `ast.unparse` puts the third operand of an `or` in parentheses: so is it here
        "kwargs['x'][-1] != u'y' and (a, ) == (b, c)",
        "super().__init__(*args, choices=[a, b], **{'x': 1, **rest})",  # lists, dicts, stars
    )
    for text in texts:
        node = ast.parse(text, mode="eval").body
        assert walked.code(node) == walked.unparsed(node) == ast.unparse(node)
    condition = ast.parse(texts[0], mode="eval").body
    assert python_calls(walked.code, condition) * 4 < python_calls(ast.unparse, condition)  # no `_Unparser` made
    parameters = ast.parse("def __init__(self, message=None, code=None, allowlist=None): pass").body[0].args  # type: ignore[attr-defined]
    assert walked.code(parameters) == ast.unparse(parameters) == "self, message=None, code=None, allowlist=None"


def test_code_it_does_not_write_itself_is_unparsed():
    # A lambda, a float, keyword-only parameters: `ast.unparse` writes them.
    for text in ("f(lambda x: x)", "1e400 * 2", "g(*(a or b))", "[a async for a in b]", "x.y[1:2]", "{**(a | b)}"):
        node = ast.parse(text, mode="eval").body
        assert walked.code(node) == ast.unparse(node)
    parameters = ast.parse("def f(a, /, b: int, *c, d=1, **e): pass").body[0].args  # type: ignore[attr-defined]
    assert walked.code(parameters) == ast.unparse(parameters)


def test_operators_slices_and_parameter_lists_are_written_as_unparsed_without_unparsing_them():
    # django/core/validators.py:53, 539, 578 and django/db/models/query.py:1125, 1333 (Django 5.2.19): a binary
    # operator, `a if b else c`, a slice and keyword-only parameters, each handed to `ast.unparse` before.
    texts = (
        "regex_matches if self.inverse_match else not regex_matches",
        "value.as_tuple()[1:]",
        "whole_digits > (self.max_digits - self.decimal_places)",
        "'%s %s' % (a, b) + c ** -d ** e // (f | g & h) @ x[::2, 1:n - 1]",
        "(a if b else c) if (d if e else f) else g if h else i",
    )
    for text in texts:
        node = ast.parse(text, mode="eval").body
        assert walked.code(node) == ast.unparse(node)
        assert python_calls(walked.code, node) * 4 < python_calls(ast.unparse, node)  # no `_Unparser` made
    headers = (
        "def in_bulk(self, id_list=None, *, field_name='pk')",
        "def explain(self, *, format=None, **options)",
        "def f(a: int, /, b: 'B' = 1, *c: str, d: list[int] | None = None, **e: object)",
    )
    for header in headers:
        parameters = ast.parse(header + ": pass").body[0].args  # type: ignore[attr-defined]
        assert walked.code(parameters) == ast.unparse(parameters)
        assert python_calls(walked.code, parameters) * 3 < python_calls(ast.unparse, parameters)  # 19 against 69

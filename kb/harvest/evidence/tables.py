"""Table-driven tests: a test method loops over a class attribute of (input, expected error) rows and asserts a raise
for each, and the classes that inherit it give the rows. DRF's field tests are written so:

    for input_value, expected_failure in get_items(self.invalid_inputs):
        with pytest.raises(serializers.ValidationError) as exc_info:
            self.field.run_validation(input_value)

    class TestFileField(FieldValues):
        invalid_inputs = [(MockFile(name='', size=10), ['No filename could be determined.']), ...]
        field = serializers.FileField(max_length=10)

Each row is an assertion of the strings in its expected part, at the row's line, named `Class.test_method`; its
call is the looping test's call with the row's input and the class's own attributes put in
(`serializers.FileField(max_length=10).run_validation(MockFile(name='', size=10))`).

A file is parsed whole only when a looping test over `self.<name>` asserts a raise in it, which few do."""

import ast
import re

from kb.harvest.evidence.assertions import Assertion, called_names, code_around, functions_around, parse_at
from kb.harvest.evidence.excerpts import clipped, enters_more, is_check
from kb.harvest.evidence.forms import form_of, message_node, types_of
from kb.text import breadth
from kb.text.written import unparse

# Linear: a `for` line read once to its end (possessive); what it loops over is looked at in Python.
_FOR = re.compile(r"^[ \t]*+for[ \t][^\n]*+", re.MULTILINE)
_SELF = re.compile(r"self\.(\w++)")
MAX_ROWS = 200  # rows read per table


class _Looping:
    """A test method that asserts a raise for each row of `self.<table>`."""

    def __init__(
        self, name: str, table: str, targets: tuple[str, ...], types: tuple[str, ...], form: str, call: ast.stmt
    ):
        self.name, self.table, self.targets, self.types, self.form, self.call = name, table, targets, types, form, call
        self.shown: ast.stmt = call  # what the card shows: the whole `with` when it enters more than its checks


def read_tables(text: str, path: str) -> list[Assertion]:
    if "raises" not in text and "Raises" not in text:
        return []
    loops = [m.start() for m in _FOR.finditer(text) if "self." in m.group() and " in " in m.group()]
    if not loops:
        return []
    lines = text.split("\n")
    looping: list[_Looping] = []
    for (first, last), name in functions_around(text, loops, lines).items():
        function, _ = parse_at(lines, first, last)
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            looping.extend(_looping(function, name.rsplit(".", 1)[-1]))
    if not looping:
        return []
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return []
    found: list[Assertion] = []
    for node in breadth.walk(tree):
        if isinstance(node, ast.ClassDef):
            found.extend(_rows(node, looping, lines, path))
    return found


def _looping(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> list[_Looping]:
    """The loops over `self.<table>` whose body asserts a raise without a message of its own (the row gives it)."""
    found = []
    for loop in breadth.walk(function):
        if not isinstance(loop, ast.For):
            continue
        tables = [n.attr for n in breadth.walk(loop.iter) if isinstance(n, ast.Attribute) and _is_self(n.value)]
        targets = tuple(n.id for n in breadth.walk(loop.target) if isinstance(n, ast.Name))
        if len(tables) != 1 or not targets:
            continue
        for statement in loop.body:
            if not isinstance(statement, ast.With) or not statement.body:
                continue
            for item in statement.items:
                call = item.context_expr
                if not isinstance(call, ast.Call) or not (form := form_of(call)) or not call.args:
                    continue
                message, _ = message_node(call, form)
                if message is None or (isinstance(message, ast.Name) and message.id in targets):
                    looping = _Looping(name, tables[0], targets, types_of(call.args[0]), form, statement.body[-1])
                    if enters_more(statement, is_check):  # `with self.assertRaises(E), self.settings(...)`
                        looping.shown = statement
                    found.append(looping)
    return [loop for loop in found if loop.types]


def _rows(cls: ast.ClassDef, looping: list[_Looping], lines: list[str], path: str) -> list[Assertion]:
    attributes = {
        t.id: statement.value
        for statement in cls.body
        if isinstance(statement, ast.Assign)
        for t in statement.targets
        if isinstance(t, ast.Name)
    }
    found = []
    for loop in looping:
        table = attributes.get(loop.table)
        for row_input, expected in _table_rows(table):
            strings = tuple(
                s
                for n in breadth.walk(expected)
                if isinstance(n, ast.Constant) and isinstance(n.value, str)
                if (s := n.value.strip())
            )
            if not strings:
                continue
            values = dict(zip(loop.targets[:1], [row_input], strict=False))
            statement = _Put(values, attributes).visit(_copy(loop.call))
            shown = statement if loop.shown is loop.call else _Put(values, attributes).visit(_copy(loop.shown))
            call = clipped(unparse(shown))
            code, start = code_around(lines, cls, 0, row_input.lineno)  # type: ignore[arg-type]
            exact = strings[0] if len(strings) == 1 else None
            found.append(
                Assertion(
                    path, row_input.lineno, f"{cls.name}.{loop.name}", loop.form, loop.types, strings, exact,
                    called_names([statement]), code, start, call, row_input.lineno,
                )
            )  # fmt: skip
    return found


def _table_rows(table: ast.expr | None) -> list[tuple[ast.expr, ast.expr]]:
    if isinstance(table, ast.Dict):
        return [(k, v) for k, v in zip(table.keys, table.values, strict=True) if k is not None][:MAX_ROWS]
    if isinstance(table, (ast.List, ast.Tuple)):
        rows = [e.elts for e in table.elts if isinstance(e, (ast.Tuple, ast.List)) and len(e.elts) == 2]
        return [(row[0], row[1]) for row in rows][:MAX_ROWS]
    return []


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def _copy(node: ast.stmt) -> ast.stmt:
    return ast.parse(unparse(node)).body[0]


class _Put(ast.NodeTransformer):
    """The row's input for the loop's variable, and `self.<name>` by the class's own `<name> = ...`."""

    def __init__(self, values: dict[str, ast.expr], attributes: dict[str, ast.expr]) -> None:
        self.values, self.attributes = values, attributes

    def visit_Name(self, node: ast.Name) -> ast.expr:
        return self.values.get(node.id, node)

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        if _is_self(node.value) and node.attr in self.attributes:
            return self.attributes[node.attr]
        return self.generic_visit(node)  # type: ignore[return-value]

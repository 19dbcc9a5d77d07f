"""Tests that record the warnings a call issues and check the record (round 20's card 18): DRF 3.18.3's
tests/schemas/test_openapi.py:1375-1381,

    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        schema = generator.get_schema(request=request)
        assert issubclass(w[-1].category, UserWarning)
        assert 'has been overridden with a different value.' in str(w[-1].message)

Each check of a recorded warning's message (`str(w[i].message)`, `w[i].message.args[0]`, through a loop's name
over the record; `==`, `in`, assertEqual, assertIn, assertRegex) in the block or the few statements after it is an
assertion of that text, of the category the checks name (`issubclass(w[i].category, C)`, `w[i].category is C`),
else of any warning. A record checked only for its category asserts that type alone; one checked for nothing but
its length (`assertEqual(len(w), 0)`) asserts nothing. The triggering call is the block's first statement that
is neither a check nor a `warnings` set-up (`simplefilter`)."""

import ast

from kb.harvest.evidence.assertions import (
    Assertion,
    MessageReader,
    OuterValues,
    called_names,
    code_around,
    functions_around,
    parse_at,
)
from kb.harvest.evidence.excerpts import entered_block, enters_more, is_check, last_statement, with_blocks
from kb.harvest.evidence.forms import terminal, types_of
from kb.text import breadth

PREFILTER = "record=True"
FORM = "catch_warnings"
_FOLLOWING = 3  # statements after the block that may check the record
_ANY_WARNING = ("Warning",)
_SET_UP = {"simplefilter", "filterwarnings", "resetwarnings"}
_EQUAL = {"assertEqual", "assertEquals", "assertIn", "assertIs"}
_REGEX = {"assertRegex", "assertRegexpMatches"}


def read_recorded(text: str, path: str) -> list[Assertion]:
    if PREFILTER not in text:
        return []
    hits, start = [], text.find("catch_warnings(")
    while start != -1:
        hits.append(start)
        start = text.find("catch_warnings(", start + 1)
    if not hits:
        return []
    lines = text.split("\n")
    outer = OuterValues(lines)
    found: list[Assertion] = []
    for (first, last), name in functions_around(text, hits, lines).items():
        function, shift = parse_at(lines, first, last)
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for block, index, record in with_blocks(function, _records):
                found.extend(_read_record(function, shift, lines, name, path, outer, block, index, record))
    return found


def _records(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call)
        and terminal(node.func) == "catch_warnings"
        and any(
            k.arg == "record" and isinstance(k.value, ast.Constant) and k.value.value is True for k in node.keywords
        )
    )


def _read_record(
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    shift: int,
    lines: list[str],
    name: str,
    path: str,
    outer: OuterValues,
    block: list[ast.stmt],
    index: int,
    record: str,
) -> list[Assertion]:
    statement = block[index]
    assert isinstance(statement, (ast.With, ast.AsyncWith))
    acting = [s for s in statement.body if not _sets_up(s)]
    if enters_more(statement, lambda node: _records(node) or is_check(node)):
        # `with warnings.catch_warnings(record=True) as w, self.settings(...)`: entering it may be what warns.
        call, pinned = entered_block(lines, shift, statement, acting, warns=True)
    else:
        call, pinned = last_statement(lines, shift, acting, warns=True)
    if not call:
        return []
    checks = [*statement.body, *block[index + 1 : index + 1 + _FOLLOWING]]  # each walked whole below
    items = {record} | {
        target.id
        for node in checks
        for walked in breadth.walk(node)
        if isinstance(walked, (ast.For, ast.comprehension))
        and isinstance(walked.iter, ast.Name)
        and walked.iter.id == record
        and isinstance(target := walked.target, ast.Name)
    }
    categories: list[str] = []
    messages: list[tuple[ast.expr, bool, int]] = []  # the text compared with a message, whether a regex, its line
    for check in checks:
        for node in breadth.walk(check):
            categories += _category(node, items)
            messages += [(other, regex, check.lineno) for other, regex in _message_checks(node, items)]
    if not messages and not categories:
        return []  # only its length is checked (`assertEqual(len(w), 0)`): no warning is asserted
    reader = MessageReader(function, outer)
    built = {n: bound for n, bound in reader.strings.items() if n not in reader.patched}
    calls = called_names([s for s in acting if s.lineno + shift == pinned] or acting, built)
    line = statement.lineno + shift
    code, start = code_around(lines, function, shift, line)
    types = tuple(dict.fromkeys(categories)) or _ANY_WARNING
    found = []
    for other, regex, at in messages:
        chunks, exact, _ = reader.text_of(other, at, regex=regex)
        if chunks:
            found.append(Assertion(path, line, name, FORM, types, chunks, exact, calls, code, start, call, pinned))
    if not found and categories:
        found.append(Assertion(path, line, name, FORM, types, (), None, calls, code, start, call, pinned))
    return found


def _sets_up(statement: ast.stmt) -> bool:
    """`warnings.simplefilter("always")` and its kin: the record's set-up, not the call it records."""
    if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)):
        return False
    return terminal(statement.value.func) in _SET_UP


def _category(node: ast.AST, items: set[str]) -> list[str]:
    """The class a check says a recorded warning is: `issubclass(w[0].category, C)`, `w[0].category is C`,
    `assertEqual(w[0].category, C)`."""
    pairs: list[tuple[ast.expr, ast.expr]] = []
    if isinstance(node, ast.Call) and len(node.args) == 2:
        if terminal(node.func) in ("issubclass", *_EQUAL):
            pairs.append((node.args[0], node.args[1]))
    elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.Is, ast.Eq)):
        pairs.append((node.left, node.comparators[0]))
    found: list[str] = []
    for left, right in pairs:
        for side, other in ((left, right), (right, left)):
            if isinstance(side, ast.Attribute) and side.attr == "category" and _item(side.value, items):
                found += types_of(other)
    return found


def _message_checks(node: ast.AST, items: set[str]) -> list[tuple[ast.expr, bool]]:
    """The text each comparison of a recorded warning's message compares it with, and whether it is a regex."""
    pairs: list[tuple[ast.expr, ast.expr, bool]] = []
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.Eq, ast.In)):
        pairs.append((node.left, node.comparators[0], False))
    elif isinstance(node, ast.Call) and len(node.args) >= 2 and (method := terminal(node.func)):
        if method in _EQUAL or method in _REGEX:
            pairs.append((node.args[0], node.args[1], method in _REGEX))
    found = []
    for left, right, regex in pairs:
        for side, other in ((left, right), (right, left)):
            if _message_of(side, items):
                found.append((other, regex))
                break
    return found


def _message_of(node: ast.expr, items: set[str]) -> bool:
    """`str(w[0].message)`, `w[0].message`, `w[0].message.args[0]`, `str(warning.message)` for a loop's name."""
    if isinstance(node, ast.Call) and terminal(node.func) == "str" and len(node.args) == 1:
        node = node.args[0]
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "args":
        node = node.value.value
    return isinstance(node, ast.Attribute) and node.attr == "message" and _item(node.value, items)


def _item(node: ast.expr, items: set[str]) -> bool:
    """A recorded warning: `w[i]` of the record, or a loop's name over it."""
    if isinstance(node, ast.Subscript):
        node = node.value
    return isinstance(node, ast.Name) and node.id in items

"""A test's own function that asserts a raise with what its callers pass, and the calls of it.

jinja2's `def assert_error(code, expected): with pytest.raises(TemplateSyntaxError, match=expected): ...` (or a
module's `def check(exc, msg): with self.assertRaisesMessage(exc, msg): ...`) asserts nothing by itself: each
call `assert_error("{% if %}", "Unexpected end of template...")` asserts that message. So does one that checks the
caught error against a parameter right after the block: Django's `_test_validation_messages(self, field, value,
expected)` does `with self.assertRaises(ValidationError) as cm: field.clean(value, None)`, then
`self.assertEqual(cm.exception.messages, expected)` (tests/validation/test_error_messages.py:8-11, 5.2.19). Such
a wrapper is found where its file's assertions are read; its calls in the same file are then read as assertions,
the call itself being the triggering call."""

import ast
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from kb.harvest.evidence.bound import raising_statement
from kb.harvest.evidence.forms import form_of, message_node, terminal, types_of
from kb.text import breadth

MAX_WRAPPERS = 20  # per file: a test file with more is not written this way
FOLLOWING = 3  # statements after `with ... as cm:` that may check the message
# What compares a caught error's message with an expected value, the two being the call's first two arguments.
_COMPARING = frozenset({"assertEqual", "assertEquals", "assertIn", "assertListEqual", "assertSequenceEqual"})
_BLOCKS = ("body", "orelse", "finalbody")


@dataclass(frozen=True)
class Wrapper:
    name: str
    form: str  # the assertion inside it
    regex: bool
    types: tuple[str, ...]  # the asserted types, when the wrapper names them
    type_at: int | None  # else the position of the parameter that gives them
    message_at: int  # the position of the parameter that gives the message (self and cls not counted)
    message_keyword: str
    lines: tuple[int, int]  # where it is defined, in the file's lines
    after: bool = False  # the message is compared with the caught error after the block (`cm.exception.messages`)
    # The one statement of its block when the block is what it does first (`bound`), its parameters (self and cls
    # not counted), and whether it takes `self` or `cls`.
    raising: ast.stmt | None = field(default=None, compare=False)
    params: tuple[str, ...] = ()
    method: bool = False


def find_wrappers(function: ast.stmt, shift: int) -> Iterable[Wrapper]:
    """The functions in `function` (itself included) whose assertion takes its message from a parameter."""
    for node in breadth.walk(function):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
        offset = 1 if params[:1] in (["self"], ["cls"]) else 0
        for call in breadth.walk(node):
            if not isinstance(call, ast.Call) or not (form := form_of(call)):
                continue
            message, regex = message_node(call, form)
            if not (isinstance(message, ast.Name) and message.id in params[offset:]):
                continue
            first = call.args[0] if call.args else None
            type_at = params.index(first.id) - offset if isinstance(first, ast.Name) and first.id in params else None
            types = types_of(first) if first is not None and type_at is None else ()
            if type_at is None and not types:
                continue
            end = (node.end_lineno or node.lineno) + shift
            at = params.index(message.id) - offset
            raising = _raising(node, call)
            lines = (node.lineno + shift, end)
            yield Wrapper(
                node.name, form, regex, types, type_at, at, message.id, lines, False, raising, tuple(params[offset:]),
                bool(offset),
            )  # fmt: skip
            break


def _raising(function: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call) -> ast.stmt | None:
    """The statement the helper's `with <call>:` block holds, when the block is the helper's first statement."""
    for block in function.body[:2]:  # `raising_statement` tells whether it is the first, a docstring aside
        if isinstance(block, (ast.With, ast.AsyncWith)) and any(item.context_expr is call for item in block.items):
            return raising_statement(function, block)
    return None


def calls_of(function: ast.stmt, wrappers: dict[str, Wrapper], shift: int) -> Iterable[tuple[ast.Call, Wrapper]]:
    """The calls in `function` of a wrapper, outside the wrapper itself, in source order."""
    found = []
    for node in breadth.walk(function):
        if isinstance(node, ast.Call) and (wrapper := wrappers.get(terminal(node.func) or "")) is not None:
            if not wrapper.lines[0] <= node.lineno + shift <= wrapper.lines[1]:
                found.append((node, wrapper))
    return sorted(found, key=lambda pair: (pair[0].lineno, pair[0].col_offset))


def argument(call: ast.Call, at: int | None, keyword: str = "") -> ast.expr | None:
    """The argument a call passes at position `at` (or by the parameter's name)."""
    if at is not None and 0 <= at < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[: at + 1]):
        return call.args[at]
    return next((k.value for k in call.keywords if keyword and k.arg == keyword), None)


def positions(text: str, names: Iterable[str]) -> list[int]:
    """Where each name is called in the text (`name(`, not as part of a longer name), in order."""
    found = []
    for name in names:
        start = text.find(name + "(")
        while start != -1:
            if start == 0 or not (text[start - 1].isalnum() or text[start - 1] == "_"):
                found.append(start)
            start = text.find(name + "(", start + 1)
    return sorted(found)


# Whether a statement reads the message of the caught errors named (not only their `code`): `_about_message`.
AboutMessage = Callable[[ast.stmt, set[str]], bool]


def checking_after(function: ast.FunctionDef | ast.AsyncFunctionDef, shift: int, about: AboutMessage) -> Wrapper | None:
    """The function as a wrapper whose `with <assertRaises>(T) as cm:` block is followed, within FOLLOWING
    statements, by a comparison of the caught error's message with one of its parameters
    (`self.assertEqual(cm.exception.messages, expected)`, `assert str(info.value) == expected`); else None."""
    params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    offset = 1 if params[:1] in (["self"], ["cls"]) else 0
    blocks = [function.body]
    while blocks:
        block = blocks.pop()
        for index, statement in enumerate(block):
            blocks += [inner for name in _BLOCKS if isinstance(inner := getattr(statement, name, None), list)]
            if not isinstance(statement, (ast.With, ast.AsyncWith)):
                continue
            for item in statement.items:
                call, caught = item.context_expr, item.optional_vars
                if not isinstance(call, ast.Call) or not isinstance(caught, ast.Name) or not call.args:
                    continue
                if not (form := form_of(call)) or "raises" not in form.lower() or message_node(call, form)[0]:
                    continue
                for following in block[index + 1 : index + 1 + FOLLOWING]:
                    name = _compared_with(following, caught.id, params[offset:])
                    if name is None or not about(following, {caught.id}):
                        continue
                    first = call.args[0]
                    type_at = (
                        params.index(first.id) - offset if isinstance(first, ast.Name) and first.id in params else None
                    )
                    types = types_of(first) if type_at is None else ()
                    if type_at is None and not types:
                        return None
                    end = (function.end_lineno or function.lineno) + shift
                    at = params.index(name) - offset
                    lines = (function.lineno + shift, end)
                    raising = raising_statement(function, statement)
                    return Wrapper(
                        function.name, form, False, types, type_at, at, name, lines, True, raising,
                        tuple(params[offset:]), bool(offset),
                    )  # fmt: skip
    return None


def _compared_with(statement: ast.stmt, caught: str, params: list[str]) -> str | None:
    """The parameter a statement compares with what it reads of `caught`: `self.assertEqual(cm.exception.messages,
    expected)`, `assert expected == str(cm.exception)`."""
    if isinstance(statement, ast.Expr) and isinstance(call := statement.value, ast.Call):
        if terminal(call.func) not in _COMPARING or len(call.args) < 2:
            return None
        pair = call.args[:2]
    elif isinstance(statement, ast.Assert) and isinstance(test := statement.test, ast.Compare) and len(test.ops) == 1:
        if not isinstance(test.ops[0], (ast.Eq, ast.In)):
            return None
        pair = [test.left, test.comparators[0]]
    else:
        return None
    for given, read in (pair, pair[::-1]):
        if isinstance(given, ast.Name) and given.id in params and given.id != caught:
            if any(isinstance(n, ast.Name) and n.id == caught for n in breadth.walk(read)):
                return given.id
    return None

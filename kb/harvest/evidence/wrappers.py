"""A test's own function that asserts a raise with what its callers pass, and the calls of it.

jinja2's `def assert_error(code, expected): with pytest.raises(TemplateSyntaxError, match=expected): ...` (or a
module's `def check(exc, msg): with self.assertRaisesMessage(exc, msg): ...`) asserts nothing by itself: each
call `assert_error("{% if %}", "Unexpected end of template...")` asserts that message. Such a wrapper is found
where its file's assertions are read; its calls in the same file are then read as assertions, the call itself
being the triggering call."""

import ast
from collections.abc import Iterable
from dataclasses import dataclass

from kb.harvest.evidence.forms import form_of, message_node, terminal, types_of

MAX_WRAPPERS = 20  # per file: a test file with more is not written this way


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


def find_wrappers(function: ast.stmt, shift: int) -> Iterable[Wrapper]:
    """The functions in `function` (itself included) whose assertion takes its message from a parameter."""
    for node in ast.walk(function):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
        offset = 1 if params[:1] in (["self"], ["cls"]) else 0
        for call in ast.walk(node):
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
            yield Wrapper(node.name, form, regex, types, type_at, at, message.id, (node.lineno + shift, end))
            break


def calls_of(function: ast.stmt, wrappers: dict[str, Wrapper], shift: int) -> Iterable[tuple[ast.Call, Wrapper]]:
    """The calls in `function` of a wrapper, outside the wrapper itself, in source order."""
    found = []
    for node in ast.walk(function):
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

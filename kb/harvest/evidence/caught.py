"""A test's own function that runs a call, catches the error and returns it, and the asserts on what it returns.

cssselect 1.6.0's tests/test_cssselect.py:514-526 defines, inside a test, `def get_error(css): try: parse(css)
except SelectorSyntaxError: return str(sys.exc_info()[1])`, then asserts `get_error("attributes(href)") ==
"Expected selector, got <DELIM '(' at 10>"`: no `raises` form anywhere, yet each assert says that `parse(...)`
raises that message. Such a helper's `try` holds the call that raises, alone; what runs when it does not raise
returns no text (`return None`, `self.fail()`); its one handler that returns the caught error is `except T` (the
asserted type) and returns it as text (`str(e)`, `e.args[0]`, `str(sys.exc_info()[1])`), as the error (`e`, whose
`str(...)`, `.args[0]`, `.msg` or `.message` is compared) or as its arguments (`e.args`, against a 1-tuple).

Each comparison of what a call of it returns with a string literal is an assertion: `==` (and `assertEqual`)
of the whole message, `in`, `startswith` and `assertIn` of a part of it, `re.match`/`re.search`/`assertRegex`
of a pattern; the triggering call shown is the helper's statement with the call's arguments in place (`bound`),
and an assert whose call cannot be written so is not kept: the helper's call is not what raises."""

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from kb.harvest.evidence.assertions import (
    MIN_LITERAL,
    Assertion,
    called_names,
    code_around,
    functions_around,
    parsed_function,
    with_head,
)
from kb.harvest.evidence.bound import bind
from kb.harvest.evidence.excerpts import applied, clipped, segment
from kb.harvest.evidence.forms import CAUGHT, SEARCHED, terminal, types_of
from kb.harvest.evidence.regex_text import regex_chunks
from kb.harvest.evidence.wrappers import MAX_WRAPPERS, positions
from kb.text import breadth

_EXCEPT = re.compile(r"\bexcept\b[^\n:]{0,200}+:")  # bounded: a line of `except except ...` is read once
_RETURN_WITHIN = 200  # characters after an `except ...:` where its `return` is looked for
_TEXT, _ERROR, _ARGS = "text", "error", "args"  # what the helper returns of the caught error
_EQUAL = frozenset({"assertEqual", "assertEquals"})
_REGEX = frozenset({"assertRegex", "assertRegexpMatches"})
_RE_CALLS = frozenset({"match", "search", "fullmatch"})
_MESSAGES = frozenset({"msg", "message"})  # an error's attribute that keeps its message
_AFTER = ("fail",)  # a call that may follow the raising statement: `self.fail()`, `pytest.fail()`


@dataclass(frozen=True)
class Helper:
    name: str
    types: tuple[str, ...]
    returns: str  # _TEXT, _ERROR or _ARGS
    raising: ast.stmt
    params: tuple[str, ...]  # self and cls not counted
    method: bool
    lines: tuple[int, int]  # where it is defined, in the file's lines
    within: tuple[int, int] | None  # the test function it is defined in, or None at a module's or class's level
    # `func(*arg, **kw)` of `def invalid_exc(func, *arg, **kw)` (colander 2.0's tests/test_colander.py:7-15): the
    # position of the parameter that gives the callable, the call's next arguments being its own.
    applied_at: int | None = None


def read_caught(text: str, path: str) -> list[Assertion]:
    hits = [m.start() for m in _EXCEPT.finditer(text) if "return" in text[m.end() : m.end() + _RETURN_WITHIN]]
    if not hits:
        return []
    lines = text.split("\n")
    helpers: dict[str, list[Helper]] = {}
    for (first, last), _ in functions_around(text, hits, lines).items():
        function, shift = parsed_function(lines, first, last)
        if function is None:
            continue
        for helper in _helpers(function, shift, (first, last)):
            if sum(len(found) for found in helpers.values()) < MAX_WRAPPERS:
                helpers.setdefault(helper.name, []).append(helper)
    if not helpers:
        return []
    found: list[Assertion] = []
    classes: dict[tuple[int, int], tuple[int, int]] = {}
    heads: dict[int, dict] = {}
    for span, name in functions_around(text, positions(text, helpers), lines, classes).items():
        read = _read_calls(lines, span, name, path, helpers)
        found.extend(with_head(read, lines, classes.get(span), heads))
    return found


def _helpers(function: ast.FunctionDef | ast.AsyncFunctionDef, shift: int, span: tuple[int, int]) -> Iterator[Helper]:
    """The functions in `function` (itself included) that return the error their `try` catches."""
    for node in breadth.walk(function):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]  # its docstring
        while body and isinstance(body[0], (ast.Import, ast.ImportFrom)):
            body = body[1:]  # `from colander import Invalid`, for its `except`
        if not body or not isinstance(attempt := body[0], ast.Try) or not _raising_only(attempt, body[1:]):
            continue
        returning = [(h, kind) for h in attempt.handlers if (kind := _returned(h)) is not None]
        if len(returning) != 1:
            continue
        handler, kind = returning[0]
        types = types_of(handler.type) if handler.type is not None else ("BaseException",)
        if not types:
            continue
        params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
        offset = 1 if params[:1] in (["self"], ["cls"]) else 0
        lines = (node.lineno + shift, (node.end_lineno or node.lineno) + shift)
        within = span if node is not function else None
        raising = attempt.body[0]
        at = _applied_at(raising, node.args, params[offset:])
        yield Helper(node.name, types, kind, raising, tuple(params[offset:]), bool(offset), lines, within, at)


def _applied_at(statement: ast.stmt, arguments: ast.arguments, params: list[str]) -> int | None:
    """The position of the parameter the statement calls with the helper's `*arg` and `**kw` alone, in order."""
    call = statement.value if isinstance(statement, ast.Expr) else None
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name) or call.func.id not in params:
        return None
    at = params.index(call.func.id)
    rest = arguments.vararg.arg if arguments.vararg else None
    keywords = arguments.kwarg.arg if arguments.kwarg else None
    if rest is None or at != len(params) - 1:
        return None  # the callable is the last parameter before `*arg`: every next argument is the callable's
    passed = [a.value.id for a in call.args if isinstance(a, ast.Starred) and isinstance(a.value, ast.Name)]
    named = [k.value.id for k in call.keywords if k.arg is None and isinstance(k.value, ast.Name)]
    if len(call.args) != 1 or passed != [rest] or named != ([keywords] if keywords else []):
        return None
    return at if len(call.keywords) == len(named) else None


def _raising_only(attempt: ast.Try, after: list[ast.stmt]) -> bool:
    """Whether a `try` holds one statement that calls something (not a block, not a `return` of its value), and
    whatever runs when it does not raise (the rest of the `try`, its `else`, the helper's statements after it)
    returns no text: `return None`, `self.fail()`, `raise AssertionError(...)`. Else what a test compares with a
    string may be the call's own result, not the error's message."""
    body = attempt.body
    if not body or len(body) > 2 or not isinstance(body[0], (ast.Expr, ast.Assign)):
        return False
    if not any(isinstance(n, ast.Call) for n in breadth.walk(body[0])):
        return False
    return all(_quiet(statement) for statement in (*body[1:], *attempt.orelse, *attempt.finalbody, *after))


def _quiet(statement: ast.stmt) -> bool:
    """A statement that gives a caller no text: `return`, `return None` (or another constant but a string), a
    `raise`, an `assert`, `self.fail(...)`, `pytest.fail(...)`."""
    if isinstance(statement, (ast.Raise, ast.Assert, ast.Pass)):
        return True
    if isinstance(statement, ast.Return):
        value = statement.value
        return value is None or (isinstance(value, ast.Constant) and not isinstance(value.value, str))
    value = statement.value if isinstance(statement, ast.Expr) else None
    return isinstance(value, ast.Call) and terminal(value.func) in _AFTER


def _returned(handler: ast.ExceptHandler) -> str | None:
    """What the handler's one `return` gives of the caught error: its text, the error, or its arguments."""
    statements = [s for s in handler.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if len(statements) != 1 or not isinstance(returned := statements[0], ast.Return) or returned.value is None:
        return None
    value = returned.value
    if _is_caught(value, handler.name):
        return _ERROR
    if isinstance(value, ast.Call) and terminal(value.func) == "str" and len(value.args) == 1 and not value.keywords:
        return _TEXT if _is_caught(value.args[0], handler.name) else None
    if isinstance(value, ast.Attribute) and value.attr == "args" and _is_caught(value.value, handler.name):
        return _ARGS
    if (first := _first_argument(value)) is not None and _is_caught(first, handler.name):
        return _TEXT
    return None


def _is_caught(node: ast.expr, name: str | None) -> bool:
    """`e` of `except T as e`, or `sys.exc_info()[1]`."""
    if name is not None and isinstance(node, ast.Name) and node.id == name:
        return True
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value == 1:
        call = node.value
        return isinstance(call, ast.Call) and terminal(call.func) == "exc_info" and not call.args
    return False


def _first_argument(node: ast.expr) -> ast.expr | None:
    """X of `X.args[0]`."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value == 0:
        if isinstance(node.value, ast.Attribute) and node.value.attr == "args":
            return node.value.value
    return None


def _message_of(node: ast.expr) -> ast.expr | None:
    """X of `X.msg` or `X.message`, the message an error keeps, and of `X.msg.interpolate()` (a translation
    string's text with its values in place: colander 2.0's tests/test_colander.py:440)."""
    if isinstance(node, ast.Call) and not node.args and not node.keywords and isinstance(node.func, ast.Attribute):
        if node.func.attr == "interpolate":
            node = node.func.value
    if isinstance(node, ast.Attribute) and node.attr in _MESSAGES:
        return node.value
    return None


def _read_calls(
    lines: list[str], span: tuple[int, int], name: str, path: str, helpers: dict[str, list[Helper]]
) -> list[Assertion]:
    function, shift = parsed_function(lines, *span)
    if function is None:
        return []
    # The helper defined in this function, else the one helper of that name defined at a module's or class's level.
    own = {}
    for helper_name, defined in helpers.items():
        inside = [h for h in defined if h.within == span]
        outside = [h for h in defined if h.within is None]
        if chosen := inside or (outside if len(outside) == 1 else []):
            own[helper_name] = chosen[0]
    named = _named(function, own)
    found = []
    for statement in breadth.walk(function):
        if not isinstance(statement, (ast.Assert, ast.Expr)):
            continue
        for call, helper, text, how in _compared(statement, own, named):
            if any(h.lines[0] <= call.lineno + shift <= h.lines[1] for h in own.values()):
                continue  # inside a helper: not a test's own call
            if how == "regex":
                chunks, exact, form = tuple(c for c in regex_chunks(text) if c), None, SEARCHED
            else:
                chunks, exact, form = (text,), text, CAUGHT if how == "whole" else SEARCHED
            if not any(len(chunk) >= MIN_LITERAL for chunk in chunks):
                continue
            bound = _bound(helper, call, lines, shift)
            if not bound or clipped(bound) != bound:
                continue  # the helper's call is not what raises, and what it runs cannot be written
            line = statement.lineno + shift
            code, start = code_around(lines, function, shift, line)
            trigger = clipped(segment(lines, call, shift))
            calls = _calls(helper, call)
            found.append(
                Assertion(path, line, name, form + helper.name, helper.types, chunks, exact, calls, code, start,
                          trigger, call.lineno + shift, bound=bound)
            )  # fmt: skip
    return found


def _bound(helper: Helper, call: ast.Call, lines: list[str], shift: int) -> str:
    """What the helper runs for this call, as the test would write it: its raising statement with the call's
    arguments in place, or the callable the call hands it applied to the arguments after it."""
    if (at := helper.applied_at) is None:
        return bind(helper.raising, helper.params, helper.method, call, lines, shift)
    if len(call.args) <= at or any(isinstance(a, ast.Starred) for a in call.args):
        return ""
    if any(k.arg is None or k.arg in helper.params for k in call.keywords):
        return ""  # `**kw` handed on, or a keyword the helper takes itself
    return applied(lines, shift, call.args[at], call.args[at + 1 :], call.keywords)[0]


def _calls(helper: Helper, call: ast.Call) -> frozenset[str]:
    """The names the helper's raising statement calls; for a callable handed to it, that callable's name."""
    if helper.applied_at is None:
        return called_names([helper.raising])
    name = terminal(call.args[helper.applied_at])
    return frozenset({name}) if name else frozenset()


def _named(function: ast.FunctionDef | ast.AsyncFunctionDef, helpers: dict[str, Helper]) -> dict[str, ast.Call]:
    """The names the test binds once, to a helper's call (`err = self._explain("SELECT ...")`)."""
    bound: dict[str, list[ast.expr]] = {}
    for node in breadth.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    bound.setdefault(target.id, []).append(node.value)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.NamedExpr)):
            if isinstance(target := node.target, ast.Name):
                bound.setdefault(target.id, []).extend([node.target, node.target])  # never once
    return {
        name: values[0]
        for name, values in bound.items()
        if len(values) == 1 and isinstance(values[0], ast.Call) and _helper_of(values[0], helpers) is not None
    }


def _helper_of(call: ast.Call, helpers: dict[str, Helper]) -> Helper | None:
    helper = helpers.get(terminal(call.func) or "")
    if helper is None:
        return None
    func = call.func
    if isinstance(func, ast.Attribute) and not (isinstance(func.value, ast.Name) and func.value.id in ("self", "cls")):
        return None  # `other.get_error(...)`: another object's method of that name
    return helper


def _compared(
    statement: ast.Assert | ast.Expr, helpers: dict[str, Helper], named: dict[str, ast.Call]
) -> Iterator[tuple[ast.Call, Helper, str, str]]:
    """(the helper's call, the helper, the literal, how it is compared: "whole", "part" or "regex") of each
    comparison the statement makes of what a helper's call returns with a string literal."""
    if isinstance(statement, ast.Assert):
        test = statement.test
        if isinstance(test, ast.Compare) and len(test.ops) == 1:
            pair = (test.left, test.comparators[0])
            if isinstance(test.ops[0], ast.Eq):
                yield from _either(pair, "whole", helpers, named)
            elif isinstance(test.ops[0], ast.In):
                yield from _given(pair[1], pair[0], "part", helpers, named)
        elif isinstance(test, ast.Call):
            yield from _checked(test, helpers, named)
        return
    call = statement.value
    if not isinstance(call, ast.Call) or (method := terminal(call.func)) is None:
        return
    if method in _EQUAL and len(call.args) >= 2:
        yield from _either((call.args[0], call.args[1]), "whole", helpers, named)
    elif method == "assertIn" and len(call.args) >= 2:
        yield from _given(call.args[1], call.args[0], "part", helpers, named)
    elif method in _REGEX and len(call.args) >= 2:
        yield from _given(call.args[0], call.args[1], "regex", helpers, named)
    elif method == "assertTrue" and call.args and isinstance(call.args[0], ast.Call):
        yield from _checked(call.args[0], helpers, named)


def _checked(test: ast.Call, helpers: dict[str, Helper], named: dict[str, ast.Call]) -> Iterator:
    """`subject.startswith("...")`, `re.match("...", subject)`."""
    func = test.func
    if isinstance(func, ast.Attribute) and func.attr == "startswith" and len(test.args) == 1:
        yield from _given(func.value, test.args[0], "part", helpers, named)
    elif (
        isinstance(func, ast.Attribute)
        and func.attr in _RE_CALLS
        and isinstance(func.value, ast.Name)
        and func.value.id == "re"
        and len(test.args) >= 2
    ):
        yield from _given(test.args[1], test.args[0], "regex", helpers, named)


def _either(pair: tuple[ast.expr, ast.expr], how: str, helpers: dict[str, Helper], named: dict) -> Iterator:
    yield from _given(pair[0], pair[1], how, helpers, named)
    yield from _given(pair[1], pair[0], how, helpers, named)


def _given(
    subject: ast.expr, other: ast.expr, how: str, helpers: dict[str, Helper], named: dict[str, ast.Call]
) -> Iterator[tuple[ast.Call, Helper, str, str]]:
    """The helper's call `subject` reads the returned text of, with the literal `other` when it is a string (a
    one-string tuple for a helper that returns the error's arguments)."""
    found = _subject(subject, helpers, named)
    if found is None:
        return
    call, helper, read = found
    if read == _ARGS:
        if not (isinstance(other, (ast.Tuple, ast.List)) and len(other.elts) == 1) or how != "whole":
            return
        other = other.elts[0]
    if isinstance(other, ast.Constant) and isinstance(other.value, str):
        yield call, helper, other.value, how


def _subject(
    node: ast.expr, helpers: dict[str, Helper], named: dict[str, ast.Call]
) -> tuple[ast.Call, Helper, str] | None:
    """(the helper's call, the helper, _TEXT or _ARGS) when `node` reads the text of the error a helper's call
    returns: `h(x)` of a helper that returns text, `str(h(x))` and `h(x).args[0]` of one that returns the error,
    `h(x)` of one that returns the error's arguments (compared with a tuple), `h(x)[0]` of that one."""
    wrapped = None
    if isinstance(node, ast.Call) and terminal(node.func) == "str" and len(node.args) == 1 and not node.keywords:
        wrapped, kinds = node.args[0], (_ERROR,)
    elif (first := _first_argument(node)) is not None:
        wrapped, kinds = first, (_ERROR,)
    elif (owner := _message_of(node)) is not None:
        wrapped, kinds = owner, (_ERROR,)
    elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value == 0:
        wrapped, kinds = node.value, (_ARGS,)
    if wrapped is not None:
        call = named.get(wrapped.id) if isinstance(wrapped, ast.Name) else wrapped
        if isinstance(call, ast.Call) and (helper := _helper_of(call, helpers)) is not None:
            if helper.returns in kinds:
                return call, helper, _TEXT
    call = named.get(node.id) if isinstance(node, ast.Name) else node
    if isinstance(call, ast.Call) and (helper := _helper_of(call, helpers)) is not None:
        if helper.returns in (_TEXT, _ARGS):
            return call, helper, helper.returns
    return None

"""The assertions in a test file that an exception or a warning is raised: `pytest.raises(T, match=...)`,
`self.assertRaises(T)`, `assertRaisesMessage(T, "msg")`, `assertRaisesRegex(T, r"...")`, `assertWarns*`, and the
helpers projects write for it: SQLAlchemy's and alembic's `assert_raises_message(T, "regex", f, *args)`,
`assert_raises(T, f)`, `with expect_raises_message(T, "regex"):`, and any `assert_raises*`/`expect_raises*` of the
same shape (the type first, then a message when the name says so, then the callable).

Each assertion keeps its triggering call, trimmed from the test: the statement in the `with` block that calls
something (its last such), or the callable form's call rebuilt as `f(*args)`; and the line it is on.

Only the functions that hold an assertion are parsed: a test suite is larger than the code it tests, and
parsing all of it would cost more than the harvest itself. Each such function is cut from the text by the
indentation of its `def` and parsed alone (wrapped in `if 1:` so that its indentation stays valid); a
function that does not parse on its own is skipped."""

import ast
import re
import textwrap
from dataclasses import dataclass

# Cheap tests on the whole text before any other work: most test files never assert a raise.
PREFILTER = ("raises", "Raises", "Warns", "warns(")
# Every pattern here reads a repository's text, so each is linear by construction: possessive repeats, and none that
# a search started at each character would read again (tests/harvest/test_adversarial_patterns.py).
# Starts with a literal, which the regex engine searches for fast; the name's tail stops at the next such word, so
# that a run of them (`raisesraises...`) is read once, not once per word.
_ASSERTION = re.compile(r"(?:Raises|Warns|raises|warns)(?:(?!Raises|Warns|raises|warns)\w)*+\s*+\(")
_HEADER = re.compile(r"\n([ \t]*+)(?:async[ \t]++)?+(def|class)[ \t]++(\w++)")
MIN_LITERAL = 6  # a shorter literal says too little about a message: the code the test runs must tell
MAX_FUNCTION_LINES = 40  # a longer test is shown as the lines around its assertion
CONTEXT_LINES = 12
_MESSAGE_FORMS = {"assertRaisesMessage", "assertWarnsMessage"}
_REGEX_FORMS = {"assertRaisesRegex", "assertRaisesRegexp", "assertWarnsRegex", "assertRegexpRaises"}
_PLAIN_FORMS = {"assertRaises", "assertWarns"}
_PYTEST_FORMS = {"raises", "warns"}
# A project's own helpers: assert_raises, assert_raises_message, expect_raises_message, check_raises, ...
_HELPER = re.compile(r"_?+(?:assert|expect|check)_?+(?:raises|warns)(?:_[a-z]++)*+")
_HELPER_MESSAGE_WORDS = ("message", "msg", "match", "regex")
_NOT_PASSED_ON = {"msg", "match", "expected_message", "expected_regex", "check_context"}  # the assertion's own
MAX_CALL_LINES = 8
MAX_CALL_CHARS = 500
_FOLLOWING = 3  # statements after `with ... as info:` that may check the message
_NESTED = ("body", "orelse", "finalbody", "handlers", "cases")  # where statements hold statements
# A key ends at a `%` (as in kb.harvest.reading.messages): a search reads the text between two `%` once.
_PERCENT = re.compile(r"%(?:\([^)%]*+\))?+[-#0 +]*+\d*+(?:\.\d++)?+[sdrifgexXoc%]")
_BRACES = re.compile(r"\{[^{}]*+\}")


@dataclass(frozen=True)
class Assertion:
    path: str
    line: int
    name: str  # Class.test_method
    form: str  # assertRaisesMessage, pytest.raises, ...
    types: tuple[str, ...]  # the asserted types' last components
    chunks: tuple[str, ...]  # the literal text the message must contain, cut where the test leaves gaps
    exact: str | None  # the whole literal when it is one plain string: it may be the full message
    calls: frozenset[str]  # names the asserted code calls (with-body or callable), when the literal is not usable
    code: str
    start: int
    call: str = ""  # the triggering call, trimmed from the test ("" when there is none to show)
    pinned: int = 0  # its line in the test file


def read_assertions(text: str, path: str) -> list[Assertion]:
    if not any(word in text for word in PREFILTER):
        return []
    hits = [m.start() for m in _ASSERTION.finditer(text)]
    if not hits:
        return []
    lines = text.split("\n")
    found: list[Assertion] = []
    outer = _OuterValues(lines)
    for (first, last), names in _functions(text, hits, lines).items():
        found.extend(_read_function(lines, first, last, names, path, outer))
    return found


def _functions(text: str, hits: list[int], lines: list[str]) -> dict[tuple[int, int], str]:
    """The outermost function around each hit, as (first line, last line) -> Class.function: one pass over
    the `def`/`class` headers keeps a stack of the open ones, each closed by a header at its indentation or less."""
    headers: list[tuple[int, int, str, str, int]] = []  # offset, indentation, def/class, name, line
    line, counted = 1, 0
    for match in _HEADER.finditer("\n" + text):  # the "\n" in front: a header on the first line
        start = match.start()  # in `text`, where the header's line starts
        line += text.count("\n", counted, start)
        counted = start
        headers.append((start, len(match.group(1).expandtabs()), match.group(2), match.group(3), line))
    ends = [len(lines)] * len(headers)
    still_open: list[int] = []
    for i, header in enumerate(headers):
        while still_open and headers[still_open[-1]][1] >= header[1]:
            ends[still_open.pop()] = header[4] - 1
        still_open.append(i)
    functions: dict[tuple[int, int], str] = {}
    stack: list[int] = []
    h = 0
    for hit in hits:
        while h < len(headers) and headers[h][0] < hit:
            while stack and headers[stack[-1]][1] >= headers[h][1]:
                stack.pop()
            stack.append(h)
            h += 1
        outer = next((depth for depth, i in enumerate(stack) if headers[i][2] == "def"), None)
        if outer is None:
            continue
        _, indent, _, _, first = headers[stack[outer]]
        name = ".".join(headers[i][3] for i in stack[: outer + 1])
        functions.setdefault((first, _body_end(lines, first, ends[stack[outer]], indent)), name)
    return functions


def _body_end(lines: list[str], first: int, last: int, indent: int) -> int:
    """The function's last line: what follows its body up to the next header (blank lines, comments, the
    next function's decorators, a class attribute) is left out."""
    while last > first:
        line = lines[last - 1]
        stripped = line.lstrip()
        if stripped and not stripped.startswith("#") and len(line.expandtabs()) - len(stripped) > indent:
            break
        last -= 1
    return last


def _read_function(
    lines: list[str], first: int, last: int, name: str, path: str, outer: "_OuterValues"
) -> list[Assertion]:
    function, shift = _parse_at(lines, first, last)
    if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
        return []
    reader = _FunctionReader(function, outer)
    found = []
    for call, form, body in reader.assertions:
        types = _types(call.args[0]) if call.args else ()
        if not types:
            continue
        chunks, exact, asserted = reader.literal(call, form)
        calls: frozenset[str] = frozenset()
        if not asserted:  # only then is the call what tells: a message it could not read may be another's
            calls = _called_names(body) if body is not None else _callable_names(call, form)
        line = call.lineno + shift
        code, start = _code(lines, function, shift, line)
        trigger, pinned = _trigger(lines, shift, call, form, body)
        found.append(Assertion(path, line, name, form, types, chunks, exact, calls, code, start, trigger, pinned))
    return found


def _trigger(lines: list[str], shift: int, call: ast.Call, form: str, body: list[ast.stmt] | None) -> tuple[str, int]:
    """(the triggering call as the test writes it, trimmed; its line): the last statement of the `with` block that
    calls something (else its last statement), or the callable form's callable applied to its arguments."""
    if body is not None:
        calling = [statement for statement in body if any(isinstance(n, ast.Call) for n in ast.walk(statement))]
        # Without a call, the last statement (`qs[-1]`, `settings.SECRET_KEY`, `async for x in qs: ...`) raises.
        statements = calling or [statement for statement in body if not isinstance(statement, ast.Pass)]
        if not statements:
            return "", 0
        statement = statements[-1]
        return _clipped(_segment(lines, statement, shift)), statement.lineno + shift
    position = _callable_position(form)
    if len(call.args) <= position:
        return "", 0
    target = call.args[position]
    if isinstance(target, ast.Lambda):
        return _clipped(_segment(lines, target.body, shift)), target.lineno + shift
    arguments = [_segment(lines, a, shift) for a in call.args[position + 1 :]]
    arguments += [
        f"{k.arg}={_segment(lines, k.value, shift)}" if k.arg else f"**{_segment(lines, k.value, shift)}"
        for k in call.keywords
        if k.arg not in _NOT_PASSED_ON
    ]
    return _clipped(f"{_segment(lines, target, shift)}({', '.join(arguments)})"), target.lineno + shift


def _segment(lines: list[str], node: ast.AST, shift: int) -> str:
    """The node's source text (ast's columns count UTF-8 bytes), its continuation lines dedented."""
    first, last = node.lineno + shift, (node.end_lineno or node.lineno) + shift  # type: ignore[attr-defined]
    start, end = node.col_offset, node.end_col_offset  # type: ignore[attr-defined]
    encoded = [line.encode() for line in lines[first - 1 : last]]
    if not encoded or end is None:
        return ""
    if len(encoded) == 1:
        return encoded[0][start:end].decode(errors="replace")
    encoded[-1] = encoded[-1][:end]
    encoded[0] = b" " * len(encoded[0][:start].decode(errors="replace")) + encoded[0][start:]
    return textwrap.dedent(b"\n".join(encoded).decode(errors="replace")).strip()


def _clipped(text: str) -> str:
    lines = text.split("\n")
    if len(lines) > MAX_CALL_LINES:
        text = "\n".join([*lines[:MAX_CALL_LINES], "..."])
    return text if len(text) <= MAX_CALL_CHARS else text[: MAX_CALL_CHARS - 3].rstrip() + "..."


def _parse_at(lines: list[str], first: int, last: int) -> tuple[ast.stmt | None, int]:
    """The statement on lines first..last of a file, parsed alone (an indented one inside `if 1:`, which keeps
    its indentation valid), and what to add to its line numbers to get the file's. None when it does not parse
    on its own."""
    source = "\n".join(lines[first - 1 : last])
    indented = source[:1] in (" ", "\t")
    try:
        tree = ast.parse("if 1:\n" + source if indented else source)
    except (SyntaxError, ValueError, RecursionError):
        return None, 0
    if not tree.body:
        return None, 0
    if indented:
        return tree.body[0].body[0], first - 2  # type: ignore[attr-defined]
    return tree.body[0], first - 1


def usable(assertion: Assertion) -> bool:
    return any(len(chunk) >= MIN_LITERAL for chunk in assertion.chunks)


def _form(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Attribute):
        if func.attr in _MESSAGE_FORMS | _REGEX_FORMS | _PLAIN_FORMS:
            return func.attr
        if func.attr in _PYTEST_FORMS and isinstance(func.value, ast.Name) and func.value.id == "pytest":
            return f"pytest.{func.attr}"
    if isinstance(func, ast.Name) and func.id in _PYTEST_FORMS:
        return f"pytest.{func.id}"
    name = _terminal(func)
    if name is not None and _HELPER.fullmatch(name):
        return name
    return None


def _is_helper(form: str) -> bool:
    return bool(_HELPER.fullmatch(form))


def _helper_takes_message(form: str) -> bool:
    return _is_helper(form) and any(word in form for word in _HELPER_MESSAGE_WORDS)


def _callable_position(form: str) -> int:
    """Where the callable form's callable is: after the type, and after the message when the form takes one."""
    return 2 if form in _MESSAGE_FORMS | _REGEX_FORMS or _helper_takes_message(form) else 1


def _types(node: ast.expr) -> tuple[str, ...]:
    if isinstance(node, ast.Tuple):
        return tuple(t for element in node.elts for t in _types(element))
    if isinstance(node, ast.Name):
        return (node.id,)
    if isinstance(node, ast.Attribute):
        return (node.attr,)
    return ()


def _terminal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _called_names(nodes: list[ast.stmt] | list[ast.expr]) -> frozenset[str]:
    names = set()
    for top in nodes:
        for node in ast.walk(top):
            if isinstance(node, ast.Call) and (name := _terminal(node.func)):
                names.add(name)
    return frozenset(names)


def _callable_names(call: ast.Call, form: str) -> frozenset[str]:
    """The callable form: `assertRaises(T, f, *args)`, `assertRaisesMessage(T, msg, f, *args)`,
    `pytest.raises(T, f, *args)`; a lambda or `partial(f, ...)` is looked into."""
    position = _callable_position(form)
    if len(call.args) <= position:
        return frozenset()
    target = call.args[position]
    if isinstance(target, ast.Lambda):
        return _called_names([target.body])
    if isinstance(target, ast.Call) and _terminal(target.func) == "partial" and target.args:
        target = target.args[0]
    name = _terminal(target)
    return frozenset({name}) if name else frozenset()


def _code(lines: list[str], function: ast.FunctionDef | ast.AsyncFunctionDef, shift: int, line: int) -> tuple[str, int]:
    first = min([function.lineno, *(d.lineno for d in function.decorator_list)]) + shift
    last = (function.end_lineno or function.lineno) + shift
    if last - first + 1 > MAX_FUNCTION_LINES:
        first, last = max(first, line - CONTEXT_LINES), min(last, line + CONTEXT_LINES)
    return "\n".join(lines[first - 1 : last]), first


class _FunctionReader:
    """The assertions of one test function, and the string each one names (through a local variable too)."""

    def __init__(self, function: ast.FunctionDef | ast.AsyncFunctionDef, outer: "_OuterValues") -> None:
        """One walk over the statements: the local string bindings, and each assertion as (call, form, the
        with-statement's body or None for the callable form), in source order."""
        self.strings: dict[str, list[tuple[int, ast.expr]]] = {}
        self.outer = outer
        calls: list[tuple[ast.Call, str, list[ast.stmt] | None]] = []
        self.after: dict[int, tuple[str, list[ast.stmt]]] = {}  # id(call) -> (its `as` name, what follows it)
        blocks: list[list[ast.stmt]] = [function.body]
        while blocks:
            block = blocks.pop()
            for index, node in enumerate(block):
                if isinstance(node, ast.Assign):
                    if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                        self.strings.setdefault(node.targets[0].id, []).append((node.lineno, node.value))
                elif isinstance(node, ast.With | ast.AsyncWith):
                    for item in node.items:
                        if isinstance(item.context_expr, ast.Call) and (form := _form(item.context_expr)):
                            calls.append((item.context_expr, form, node.body))
                            if isinstance(item.optional_vars, ast.Name):
                                following = block[index + 1 : index + 1 + _FOLLOWING]
                                self.after[id(item.context_expr)] = (item.optional_vars.id, following)
                elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and (form := _form(node.value)):
                    calls.append((node.value, form, None))
                for name in _NESTED:
                    nested = getattr(node, name, None)
                    if nested:
                        blocks.extend([nested] if name != "handlers" and name != "cases" else [h.body for h in nested])
        calls.sort(key=lambda pair: (pair[0].lineno, pair[0].col_offset))
        self.assertions = calls

    def literal(self, call: ast.Call, form: str) -> tuple[tuple[str, ...], str | None, bool]:
        """(the literal's chunks, the whole literal when it is one string, whether a message is asserted)."""
        node: ast.expr | None = None
        # SQLAlchemy's helpers search the message with re.search: a regular expression, as pytest's match.
        regex = form in _REGEX_FORMS or form.startswith("pytest.") or _is_helper(form)
        if form in _MESSAGE_FORMS | _REGEX_FORMS:
            node = call.args[1] if len(call.args) > 1 else _keyword(call, "expected_message", "expected_regex")
        elif form.startswith("pytest."):
            node = _keyword(call, "match")
        elif _helper_takes_message(form):
            node = call.args[1] if len(call.args) > 1 else _keyword(call, "msg", "message", "match", "expected_message")
        if node is None:
            return self._checked_after(call)
        node = self._resolve(node, call.lineno)
        if isinstance(node, ast.Call) and _terminal(node.func) == "escape" and node.args:
            node, regex = self._resolve(node.args[0], call.lineno), False
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if regex:
                return regex_chunks(node.value), None, True
            return _kept((node.value,)), node.value, True
        chunks = self._chunks(node, call.lineno, 0)
        if regex:
            chunks = tuple(c for chunk in chunks for c in regex_chunks(chunk))
        return _kept(chunks), None, True

    def _checked_after(self, call: ast.Call) -> tuple[tuple[str, ...], str | None, bool]:
        """`with pytest.raises(T) as info:` and then `assert str(info.value) == "..."` (or assertEqual,
        assertIn, `info.value.detail == [...]`): the strings the statements right after compare it with."""
        name, following = self.after.get(id(call), ("", []))
        strings: list[str] = []
        for statement in following:
            if not any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(statement)):
                continue
            for node in ast.walk(statement):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    strings.append(node.value)
        chunks = _kept(tuple(strings))
        return chunks, (strings[0] if len(strings) == 1 else None), bool(chunks)

    def _resolve(self, node: ast.expr, line: int, depth: int = 0) -> ast.expr:
        """A local name bound to a value above the assertion (its last binding there), else a name or a
        `self.`/`cls.` attribute bound in the module or a class body of the file."""
        if depth >= 3:
            return node
        if isinstance(node, ast.Name):
            bindings = [value for at, value in self.strings.get(node.id, []) if at <= line]
            found = bindings[-1] if bindings else self.outer.value(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            found = self.outer.value(node.attr)
        else:
            return node
        return node if found is None else self._resolve(found, line, depth + 1)

    def _chunks(self, node: ast.expr, line: int, depth: int) -> tuple[str, ...]:
        """The literal pieces of a message built in the test: f-strings, `+`, `%` and `.format`."""
        node = self._resolve(node, line)
        if depth > 5:
            return ()
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return (node.value,)
        if isinstance(node, ast.JoinedStr):
            return _joined(node)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, right = self._chunks(node.left, line, depth + 1), self._chunks(node.right, line, depth + 1)
            if left and right and _is_text(node.left) and _is_text(node.right):
                return (*left[:-1], left[-1] + right[0], *right[1:])
            return left + right
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            return tuple(p for c in self._chunks(node.left, line, depth + 1) for p in _PERCENT.split(c))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
            return tuple(p for c in self._chunks(node.func.value, line, depth + 1) for p in _BRACES.split(c))
        return ()


class _OuterValues:
    """Values bound outside the test function, by name: `msg = "..."` at module level or in the class body.
    Found by the text of the line (`name = `), then parsed from there; looked up once per name and file."""

    _MAX_LINES = 12

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.found: dict[str, ast.expr | None] = {}

    def value(self, name: str) -> ast.expr | None:
        if name not in self.found:
            self.found[name] = self._find(name)
        return self.found[name]

    def _find(self, name: str) -> ast.expr | None:
        binding = re.compile(rf"[ \t]*+{re.escape(name)}[ \t]*+=[^=]")
        for number, line in enumerate(self.lines):
            if not binding.match(line):
                continue
            for last in range(number + 1, min(number + self._MAX_LINES, len(self.lines)) + 1):
                statement, _ = _parse_at(self.lines, number + 1, last)
                if statement is not None:
                    return statement.value if isinstance(statement, ast.Assign) else None
        return None


def _is_text(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _joined(node: ast.JoinedStr) -> tuple[str, ...]:
    chunks, current = [], ""
    for value in node.values:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            current += value.value
        else:
            chunks.append(current)
            current = ""
    chunks.append(current)
    return tuple(chunks)


def _keyword(call: ast.Call, *names: str) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg in names), None)


def _kept(chunks: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(s for c in chunks if (s := c.strip()))


_QUANTIFIERS = "*+?{"
_BREAKS = ".^$()|"


def regex_chunks(pattern: str) -> tuple[str, ...]:
    """The literal text a regular expression requires, cut where it allows anything else: `Cannot
    filter a query once a slice has been taken\\.` is one chunk; `Field '\\w+' (is|was) invalid` gives
    `Field '`, `' `, ` invalid`. One pass over the pattern; a quantified character is dropped."""
    chunks: list[str] = []
    current: list[str] = []
    i, n = 0, len(pattern)

    def cut() -> None:
        chunks.append("".join(current))
        current.clear()

    while i < n:
        char = pattern[i]
        if char == "\\" and i + 1 < n:
            following = pattern[i + 1]
            if following.isalnum():
                cut()
            else:
                current.append(following)
            i += 2
        elif char == "[":
            close = pattern.find("]", i + 2)
            cut()
            i = n if close == -1 else close + 1
        elif char in _QUANTIFIERS:
            if current:
                current.pop()
            cut()
            if char == "{":
                close = pattern.find("}", i)
                i = n if close == -1 else close + 1
            else:
                i += 1
                if i < n and pattern[i] in "?+":
                    i += 1
        elif char == "(" and pattern.startswith("?", i + 1):
            cut()
            i += 2  # a group's flags or name say nothing about the text: (?:, (?P<name>, (?i)
            while i < n and pattern[i] in ":=!<aiLmsux-":
                i += 1
            if pattern.startswith("P<", i):
                close = pattern.find(">", i)
                i = n if close == -1 else close + 1
        elif char in _BREAKS:
            cut()
            i += 1
        else:
            current.append(char)
            i += 1
    cut()
    return _kept(tuple(chunks))

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
import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass

from kb.harvest.evidence.bound import bind
from kb.harvest.evidence.excerpts import (
    applied,
    clipped,
    entered_block,
    enters_more,
    is_check,
    last_statement,
    segment,
    wrapped_call,
)
from kb.harvest.evidence.filled import filled
from kb.harvest.evidence.forms import (
    NOT_PASSED_ON,
    callable_position,
    form_of,
    message_node,
    terminal,
    types_of,
)
from kb.harvest.evidence.heads import (
    Written,
    class_head,
    needed_set_up,
    set_up_changes,
    set_up_instances,
    set_up_written,
    stored_on_self,
)
from kb.harvest.evidence.imported import file_imports, imported_calls
from kb.harvest.evidence.invocations import OPERATORS, Invocation, TestNames, invocation_of
from kb.harvest.evidence.looped import first_row, loop_rows
from kb.harvest.evidence.makers import called_on_self, made, makers
from kb.harvest.evidence.needed import needed_start
from kb.harvest.evidence.parametrized import Row, put_in, row_read, tables, with_row
from kb.harvest.evidence.regex_text import regex_chunks
from kb.harvest.evidence.templates import TAG, Rendered, rendered_by
from kb.harvest.evidence.wrappers import (
    MAX_WRAPPERS,
    Wrapper,
    argument,
    calls_of,
    checking_after,
    find_wrappers,
    positions,
)
from kb.text import breadth

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
# Lines above a test's `def` read for its decorators: `@override_settings(TEMPLATES=[{...}])` runs over 13 lines
# (Django 5.2.19's tests/template_tests/test_context.py:296-308), and without it the test's call does not raise.
MAX_DECORATOR_SCAN = 40
_FOLLOWING = 3  # statements after `with ... as info:` that may check the message
_NESTED = ("body", "orelse", "finalbody", "handlers", "cases")  # where statements hold statements
# A key ends at a `%` (as in kb.harvest.reading.messages): a search reads the text between two `%` once.
_PERCENT = re.compile(r"%(?:\([^)%]*+\))?+[-#0 +]*+\d*+(?:\.\d++)?+[sdrifgexXoc%]")
_BRACES = re.compile(r"\{[^{}]*+\}")


@dataclass(frozen=True)
class Unwrapped:
    """The call inside the builtins the triggering statement wraps it in (`len(...)`), trimmed, its line, and the
    names it calls: shown instead when that call is what raises (`triggers`)."""

    call: str
    pinned: int
    calls: frozenset[str]


@dataclass(frozen=True)
class Assertion:
    path: str
    line: int
    name: str  # Class.test_method
    form: str  # assertRaisesMessage, pytest.raises, ...
    types: tuple[str, ...]  # the asserted types' last components
    chunks: tuple[str, ...]  # the literal text the message must contain, cut where the test leaves gaps
    exact: str | None  # the whole literal when it is one plain string: it may be the full message
    calls: frozenset[str]  # names the asserted code calls (the with-body, or the callable form's callable)
    code: str
    start: int
    call: str = ""  # the triggering call, trimmed from the test ("" when there is none to show)
    pinned: int = 0  # its line in the test file
    said: str = ""  # a documentation example's introducing sentence (`evidence.doctests`)
    # A type-only assertion's one call with its literal arguments (`invocations`): which raise it meets (`met`).
    invocation: Invocation | None = dataclasses.field(default=None, compare=False)
    # The test's class header with the decorators above it (`@override_settings(ROOT_URLCONF=None)`), when it has
    # any, and its first line: the test's call may raise only under them (round 18's card 12).
    head: str = ""
    head_start: int = 0
    head_end: int = 0
    set_up_changes: bool = False  # the class's `setUp` (or another set-up) changes settings or patches code
    # The classes whose instances the asserted code calls, built with no arguments (`built_bare`).
    bare: frozenset[str] = dataclasses.field(default=frozenset(), compare=False)
    unwrapped: Unwrapped | None = dataclasses.field(default=None, compare=False)
    # The template the asserted code renders, whose tags are among `calls` (`templates`).
    template: Rendered | None = dataclasses.field(default=None, compare=False)
    # A helper's call: the helper's raising statement with the call's arguments in place (`bound`).
    bound: str = ""
    # The statements of its class's set-up that bind what the asserted code reads (`self.session = SessionBase()`
    # for `self.session.save()`, round 27's card 12), as written.
    set_up: str = ""
    set_up_in: str = ""  # the method `set_up` is written in, when it is not unittest's `setUp` (`setup_method`)
    # The names the asserted code calls that the test module's imports name, each with its dotted path
    # (`imported.imported_calls`): which of the package's definitions of a name the call means.
    imported: tuple[tuple[str, str], ...] = dataclasses.field(default=(), compare=False)
    # A message named by its key in a class's table instead of its text (`form.error_messages["inactive"]` of a
    # `form = AuthenticationForm(...)`): (the class, the key) (`returned`).
    keyed: tuple[str, str] | None = dataclasses.field(default=None, compare=False)
    # A message named by a name the test module imports from the package (`REASON_CSRF_TOKEN_MISSING` of
    # `django.middleware.csrf`), found in what the call logged: (the module, the name) (`logged`).
    constant: tuple[str, str] | None = dataclasses.field(default=None, compare=False)
    # The classes the test's class's makers build for the locals the asserted code calls (`makers`).
    made: frozenset[str] = dataclasses.field(default=frozenset(), compare=False)
    maker: str = ""  # those makers' definitions, as written: shown with the test
    row: str = ""  # the `parametrize` row's values the call reads (`args = ['--s']`), shown with the test's lines


MAX_SET_UP_LINES = 12  # a set-up's statements shown with a trimmed call


def read_assertions(text: str, path: str) -> list[Assertion]:
    if not any(word in text for word in PREFILTER):
        return []
    hits = [m.start() for m in _ASSERTION.finditer(text)]
    if not hits:
        return []
    lines = text.split("\n")
    found: list[Assertion] = []
    outer = _OuterValues(lines)
    wrappers: dict[str, Wrapper] = {}
    table = tables(text)
    templated = "{%" in text  # a template tag in a string: the file's tests may render templates (`templates`)
    classes: dict[tuple[int, int], tuple[int, int]] = {}
    heads: dict[int, dict] = {}  # each class's header and set-up, read once
    set_ups: dict[int, dict[str, ast.Call]] = {}  # each class's instances its set-up builds (`set_up_instances`)
    written: dict[int, list[Written]] = {}  # and its statements, as written
    imports = file_imports(text)
    makers_cache: dict[tuple[int, str], dict[str, str]] = {}
    for (first, last), names in functions_around(text, hits, lines, classes).items():
        if (around := classes.get((first, last))) is not None and around[0] not in set_ups:
            set_ups[around[0]] = set_up_instances(lines, *around)
            written[around[0]] = set_up_written(lines, *around) if set_ups[around[0]] else []
        set_up = set_ups[around[0]] if around is not None else {}
        shown = written[around[0]] if around is not None else []
        made_by = _makers_of(lines, first, last, around, makers_cache)
        read = _read_function(
            lines, first, last, names, path, outer, wrappers, table.get(first, []), templated, set_up, shown, imports,
            made_by,
        )  # fmt: skip
        found.extend(with_head(read, lines, classes.get((first, last)), heads))
    if wrappers:  # the calls of the file's own assertion wrappers, wherever they are
        wrapped: list[Assertion] = []
        for (first, last), names in functions_around(text, positions(text, wrappers), lines, classes).items():
            read = _read_wrapped(lines, first, last, names, path, outer, wrappers)
            wrapped.extend(with_head(read, lines, classes.get((first, last)), heads))
        # A wrapper's own assertion, of what its calls pass, is no test when they are (a parametrized test is).
        spans = [w.lines for w in wrappers.values() if any(a.form == w.name for a in wrapped)]
        found = [a for a in found if not any(first <= a.line <= last for first, last in spans)] + wrapped
    return found


def _maker(calls: frozenset[str], made_by: dict[str, tuple[str, str]]) -> str:
    """The definitions of the makers whose class the asserted code calls a method of (`Class.method`)."""
    return "\n\n".join(text for cls, text in made_by.values() if any(c.startswith(cls + ".") for c in calls))


def _makers_of(
    lines: list[str], first: int, last: int, around: tuple[int, int] | None, cache: dict[tuple[int, str], dict]
) -> dict[str, tuple[str, str]]:
    """The makers (`makers`) of the test's class that the test binds a local to, each class read once per maker."""
    if around is None or "self." not in (text := "\n".join(lines[first - 1 : last])):
        return {}
    found: dict[str, tuple[str, str]] = {}
    for name in called_on_self(text):
        if (around[0], name) not in cache:
            cache[(around[0], name)] = makers(lines, *around, {name})
        found.update(cache[(around[0], name)])
    return found


def with_head(
    found: list[Assertion], lines: list[str], around: tuple[int, int] | None, heads: dict[int, dict]
) -> list[Assertion]:
    """The assertions of one test function with its class's decorated header (`heads`), when it has any, and
    whether the class's set-up changes settings. `around`: the class's first and last lines."""
    if not found or around is None:
        return found
    header, last = around
    if header not in heads:
        head, start, end = class_head(lines, header, _decorators_above(lines, header))
        heads[header] = (dict(head=head, head_start=start, head_end=end) if head else {}) | (
            {"set_up_changes": True} if set_up_changes(lines, header, last) else {}
        )
    return [dataclasses.replace(assertion, **heads[header]) for assertion in found] if heads[header] else found


def functions_around(
    text: str, hits: list[int], lines: list[str], classes: dict[tuple[int, int], tuple[int, int]] | None = None
) -> dict[tuple[int, int], str]:
    """The outermost function around each hit, as (first line, last line) -> Class.function: one pass over
    the `def`/`class` headers keeps a stack of the open ones, each closed by a header at its indentation or less.
    `classes`, when given, gets the first and last lines of the class right around each such function."""
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
        span = (first, _body_end(lines, first, ends[stack[outer]], indent))
        functions.setdefault(span, name)
        if classes is not None and outer > 0 and headers[stack[outer - 1]][2] == "class":
            classes.setdefault(span, (headers[stack[outer - 1]][4], ends[stack[outer - 1]]))
    return functions


def _body_end(lines: list[str], first: int, last: int, indent: int) -> int:
    """The function's last line: what follows its body up to the next header (blank lines, comments, the
    next function's decorators, a class attribute) is left out. A decorator of the next header whose arguments
    run over several lines (`@override_settings(A=1,\n    B=2)`, a `@pytest.mark.parametrize` table of fifty
    rows) goes with it, not with this body: read up from the header, the lines inside the brackets a line closes
    are the decorator's arguments, however many (tomlkit 0.15.3's tests/test_api.py:137-149, 13 lines, left the
    test above it unparsed). A count thrown off (a bracket in a multi-line string) stops at the body, the block
    then left with it, or runs on to the `def`, never past it. Each line is read once."""
    depth = 0  # brackets closed below and not yet opened, reading up
    for back in range(last, first, -1):
        line = lines[back - 1]
        stripped = line.lstrip()
        if not stripped or stripped.startswith("#"):
            continue
        depth += _brackets(stripped)
        outdented = len(line.expandtabs()) - len(stripped) <= indent
        if stripped.startswith("@") and outdented and depth <= 0:
            last, depth = back - 1, 0  # the first line of the next header's decorators seen so far, going up
        elif depth <= 0:
            break  # the decorators' block is only what lies between the body and the next header
    while last > first:
        line = lines[last - 1]
        stripped = line.lstrip()
        if stripped and not stripped.startswith("#") and len(line.expandtabs()) - len(stripped) > indent:
            break
        last -= 1
    return last


def _brackets(line: str) -> int:
    """The brackets a line closes less those it opens, outside its quoted strings and its comment."""
    balance, quote, escaped = 0, "", False
    for char in line:
        if quote:
            escaped, quote = (False, quote) if escaped else (char == "\\", "" if char == quote else quote)
        elif char in "'\"":
            quote = char
        elif char == "#":
            break
        elif char in ")]}":
            balance += 1
        elif char in "([{":
            balance -= 1
    return balance


def _read_function(
    lines: list[str],
    first: int,
    last: int,
    name: str,
    path: str,
    outer: "_OuterValues",
    wrappers: dict,
    rows: list[Row] | None = None,
    templated: bool = False,
    set_up: dict[str, ast.Call] | None = None,
    set_up_shown: list[Written] | None = None,
    imports: dict[str, str] | None = None,
    made_by: dict[str, tuple[str, str]] | None = None,
) -> list[Assertion]:
    """The function's assertions; the assertion wrappers it defines are added to `wrappers`. `rows`: its
    `parametrize` table, one assertion per row where the message is one of the row's values. `templated`: the
    file holds a template tag, so the template each assertion's code renders is looked for. `set_up`: the
    instances its class's set-up builds (`self.negotiator = BaseContentNegotiation()`), by `self.name`;
    `set_up_shown`: its set-up's statements, as written."""
    function, shift = parsed_function(lines, first, last)
    if function is None:
        return []
    reader = _FunctionReader(function, outer)
    stored: set[str] = set()
    if set_up:
        # Bound before the test runs, unless the test binds it again itself.
        stored = stored_on_self(function)
        reader.strings.update((name, [(0, call)]) for name, call in set_up.items() if name not in stored)
    # A wrapper's message is a name bound nowhere in the function (a parameter): only then is it looked for.
    messages = (message_node(call, form)[0] for call, form, _ in reader.assertions)
    if any(isinstance(node, ast.Name) and node.id not in reader.strings for node in messages):
        for wrapper in find_wrappers(function, shift):
            if len(wrappers) < MAX_WRAPPERS:
                wrappers.setdefault(wrapper.name, wrapper)
    # `with self.assertRaises(T) as cm:` in a function taking more than `self`: the message may be a parameter.
    if reader.after and len(function.args.args) > 1 and len(wrappers) < MAX_WRAPPERS:
        if (checking := checking_after(function, shift, _about_message)) is not None:
            wrappers.setdefault(checking.name, checking)
    found = []
    names: TestNames | None = None  # counted once, for the first assertion of a type alone
    for call, form, body in reader.assertions:
        types = types_of(call.args[0]) if call.args else ()
        if not types:
            continue
        typed = _typed_by_row(call, rows or [])  # the table's column that gives the asserted type, if one does
        chunks, exact, _ = reader.literal(call, form)
        # What the asserted code calls: which raise it reaches, when the message fits several or none is asserted.
        built = {name: bound for name, bound in reader.strings.items() if name not in reader.patched}
        built = made(built, {name: cls for name, (cls, _) in (made_by or {}).items()})  # `x = self._makeOne()`
        calls = called_names(body, built) if body is not None else _callable_names(call, form, built)
        template = rendered_by(function, call, form, body, reader.strings, shift) if templated else None
        if template is not None:
            calls = calls | {TAG + tag for tag in template.tags}
        line = call.lineno + shift
        code, start = code_around(lines, function, shift, line)
        # A `with` that enters more than its checks: the block is shown from its header (`entered_block`).
        entered = reader.entered.get(id(call))
        trigger, pinned = _trigger(lines, shift, call, form, body, entered)
        rowed: list[ast.stmt] | None = [entered] if entered is not None else body
        looped = reader.loops.get(id(call)) if not usable_chunks(chunks) else None
        looped_rows = loop_rows(looped, function, reader.strings) if looped is not None else []
        if given := _per_row(reader, call, form, rowed, rows or looped_rows):
            found += [
                Assertion(
                    path, line, name, form, types_of(row[typed]) if typed else types, said, whole,
                    _row_calls(body, row, calls, built), code, start, shown, pinned,
                    imported=_imported(call, form, put_in(body, row), built, imports or {}) if body else (),
                    row=row_read(_before(function, call) + (body or []), row) if rows else "",  # a loop shows its own
                )
                for said, whole, shown, row in given
                if not typed or types_of(row[typed])
            ]  # fmt: skip
            continue
        if typed and body is not None and rowed is not None:
            # `pytest.raises(error)` with `error` a column of the table: each row asserts its own type, over the
            # call with that row's values (tomlkit 0.15.3's tests/test_api.py:109-133).
            found += [
                Assertion(
                    path, line, name, form, row_types, chunks, exact, _row_calls(body, row, calls, built), code,
                    start, with_row(rowed, row) or trigger, pinned,
                    imported=_imported(call, form, put_in(body, row), built, imports or {}),
                    row=row_read(_before(function, call) + body, row),
                )
                for row in rows or []
                if (row_types := types_of(row[typed]))
            ]  # fmt: skip
            continue
        invocation = None
        if not usable_chunks(chunks):
            names = names or TestNames(function, reader.strings)
            invocation = invocation_of(call, form, body, names)
            if looped_rows and body is not None and trigger:
                # Every row raises the one type asserted: the call as its first row makes it (`v("o'connell")`).
                trigger = first_row([entered] if entered is not None else body, looped_rows[0]) or trigger
        found.append(
            Assertion(
                path, line, name, form, types, chunks, exact, calls, code, start, trigger, pinned,
                invocation=invocation, bare=_bare(body, built, calls),
                unwrapped=_unwrapped(lines, shift, form, body, built) if entered is None else None,
                template=template, set_up=_set_up_read(call, body, set_up or {}, set_up_shown or [], stored),
                set_up_in=_set_up_in(set_up_shown or []),
                imported=_imported(call, form, body, built, imports or {}),
                made=frozenset(cls for cls, _ in (made_by or {}).values()), maker=_maker(calls, made_by or {}),
            )
        )  # fmt: skip
    return found


def _set_up_read(
    call: ast.Call, body: list[ast.stmt] | None, built: dict[str, ast.Call], shown: list[Written], stored: set[str]
) -> str:
    """The set-up's statements (`shown`) that build the instances (`built`) the asserted code reads, with what they
    need in turn: `self.session = SessionBase()` for `self.session.save()` (Django 5.2.19's
    tests/sessions_tests/tests.py:1333-1334, 1376-1379). Not an instance the test binds again itself (`stored`)."""
    if not shown or len({statement.method for statement in shown}) > 1:
        return ""  # both unittest's `setUp` and pytest's `setup_method`: which runs is not said
    read = {
        f"self.{node.attr}"
        for root in [call, *(body or [])]
        for node in breadth.walk(root)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"
    }
    return needed_set_up(shown, {name for name in read if name in built and name not in stored}, MAX_SET_UP_LINES)


def _set_up_in(shown: list[Written]) -> str:
    """The method the set-up's statements are written in, when it is not `setUp` (pytest's `setup_method`): the
    card says where they run."""
    methods = {statement.method for statement in shown}
    return next(iter(methods)) if len(methods) == 1 and methods != {"setUp"} else ""


def _bare(body: list[ast.stmt] | None, built: dict, calls: frozenset[str]) -> frozenset[str]:
    """`built_bare` of a `with` block that calls a method of an instance the test built (`Class.method`)."""
    if body is None or not any("." in name for name in calls):
        return frozenset()
    return built_bare(body, built)


def _unwrapped(lines: list[str], shift: int, form: str, body: list[ast.stmt] | None, built: dict) -> Unwrapped | None:
    """The call the block's triggering statement wraps in builtins (`excerpts.wrapped_call`), when it wraps one."""
    if body is None or "warns" in form.lower() or (inner := wrapped_call(body, set(built))) is None:
        return None
    wrapped: list[ast.expr] = [inner]
    return Unwrapped(clipped(segment(lines, inner, shift)), inner.lineno + shift, called_names(wrapped, built))


def _per_row(
    reader: "_FunctionReader", call: ast.Call, form: str, body: list[ast.stmt] | None, rows: list[Row]
) -> list[tuple[tuple[str, ...], str | None, str, Row]]:
    """(chunks, the whole message, the call with the row's values, the row) of each row of a `parametrize` table that
    gives the message the assertion names (`match=match`), or that the caught error's message is compared with
    right after the block (`assert str(info.value.detail[0]) == expected_message`); [] when it names none."""
    node, regex = message_node(call, form)
    if node is None and rows:
        node, regex = _compared_with(reader, call, set(rows[0])), False
    if not rows or body is None or not isinstance(node, ast.Name) or node.id in reader.strings:
        return []
    found = []
    for row in rows:
        if node.id in row:
            chunks, whole, _ = reader.text_of(row[node.id], call.lineno, regex=regex)
            if usable_chunks(chunks):
                found.append((chunks, whole, with_row(body, row), row))
    return found


def _before(function: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call) -> list[ast.stmt]:
    """The test's statements before the one that holds the assertion: what its lines show above the call."""
    return [statement for statement in function.body if (statement.end_lineno or statement.lineno) < call.lineno]


def _typed_by_row(call: ast.Call, rows: list[Row]) -> str | None:
    """The column of a `parametrize` table the assertion takes its type from (`pytest.raises(error)`), or None."""
    first = call.args[0] if call.args else None
    return first.id if rows and isinstance(first, ast.Name) and first.id in rows[0] else None


def _row_calls(body: list[ast.stmt] | None, row: Row, calls: frozenset[str], built: dict) -> frozenset[str]:
    """What the block calls with the row's values put in: `type.convert(value, None, None)` over a row's
    `click.IntRange(0, 5)` calls `IntRange.convert` (click 8.3.1's tests/test_types.py:35-51), where `convert`
    alone names every type's. A call in the row itself (`IntRange(0, 5)`) runs when pytest builds the table, not
    in the block: it is left out, unless the block calls that name itself."""
    read = {n.id for s in body or [] for n in breadth.walk(s) if isinstance(n, ast.Name) and n.id in row}
    if body is None or not read:
        return calls
    own = called_names([row[name] for name in sorted(read)])
    return called_names(put_in(body, row), built) - (own - calls)


def _compared_with(reader: "_FunctionReader", call: ast.Call, names: set[str]) -> ast.Name | None:
    """The one row name the caught error's message is compared with, as an operand of itself, in the statements
    right after `with pytest.raises(T) as info:` (DRF's tests/test_fields.py:895-903, 3.18.3:
    `assert str(exc_info.value.detail[0]) == expected_message` over a loop's rows); None when there is not one.
    A row name inside a larger operand (`f"bad {value}"`) is the input, not the message."""
    caught, following = reader.after.get(id(call), ("", []))
    found: set[str] = set()
    for statement in following if caught else []:
        if not any(isinstance(n, ast.Name) and n.id == caught for n in breadth.walk(statement)):
            continue
        if not _about_message(statement, {caught}):
            continue
        for node in breadth.walk(statement):
            if isinstance(node, ast.Compare):
                operands = [node.left, *node.comparators]
            elif isinstance(node, ast.Call) and (terminal(node.func) or "").startswith("assert"):
                operands = list(node.args)
            else:
                continue
            found.update(o.id for o in operands if isinstance(o, ast.Name) and o.id in names)
    return ast.Name(id=found.pop(), ctx=ast.Load()) if len(found) == 1 else None


def parsed_function(
    lines: list[str], first: int, last: int
) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef | None, int]:
    """The test function on lines `first`..`last` with its decorators when they parse with it, and the line shift
    of its nodes; (None, 0) when it does not parse as a function."""
    decorated = _decorators_above(lines, first)
    function, shift = parse_at(lines, decorated, last) if decorated < first else (None, 0)
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or function.lineno + shift != first:
        function, shift = parse_at(lines, first, last)
    return (function, shift) if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) else (None, 0)


def _decorators_above(lines: list[str], first: int) -> int:
    """The first line of the decorators right above a `def` on line `first` (`@override_settings(...)`, which a
    reader needs to make the test's call raise), or `first` when there are none: the lines above it up to a blank
    one or a line indented less, when the first of them is a decorator at the `def`'s indentation."""
    header = lines[first - 1]
    indent = len(header) - len(header.lstrip())
    top = first
    while top > 1 and top > first - MAX_DECORATOR_SCAN:
        above = lines[top - 2]
        stripped = above.lstrip()
        if not stripped or len(above) - len(stripped) < indent:
            break
        top -= 1
    while top < first and not (lines[top - 1][indent : indent + 1] == "@" and not lines[top - 1][:indent].strip()):
        top += 1
    return top


def _read_wrapped(
    lines: list[str], first: int, last: int, name: str, path: str, outer: "_OuterValues", wrappers: dict
) -> list[Assertion]:
    """The calls of assertion wrappers in the function, each an assertion of the message it passes."""
    function, shift = parsed_function(lines, first, last)
    if function is None:
        return []
    reader = _FunctionReader(function, outer)
    found = []
    for call, wrapper in calls_of(function, wrappers, shift):
        message = argument(call, wrapper.message_at, wrapper.message_keyword)
        raised = argument(call, wrapper.type_at) if wrapper.type_at is not None else None
        types = wrapper.types or (types_of(raised) if raised is not None else ())
        if message is None or not types:
            continue
        if wrapper.after:  # compared with the caught error: its strings, as `_checked_after` reads them
            strings: list[str] = []
            whole: list[str] = []
            reader._compared(message, call.lineno, strings, whole, set())
            chunks, exact = _kept(tuple(strings)), (whole[0] if len(strings) == len(whole) == 1 else None)
        else:
            chunks, exact, _ = reader.text_of(message, call.lineno, regex=wrapper.regex)
        line = call.lineno + shift
        code, start = code_around(lines, function, shift, line)
        trigger = clipped(segment(lines, call, shift))
        bound = (
            "" if wrapper.raising is None else bind(wrapper.raising, wrapper.params, wrapper.method, call, lines, shift)
        )
        found.append(
            Assertion(path, line, name, wrapper.name, types, chunks, exact, frozenset(), code, start, trigger, line,
                      bound=bound if clipped(bound) == bound else "")
        )  # fmt: skip
    return found


def _trigger(
    lines: list[str],
    shift: int,
    call: ast.Call,
    form: str,
    body: list[ast.stmt] | None,
    entered: ast.With | ast.AsyncWith | None = None,
) -> tuple[str, int]:
    """(the triggering call as the test writes it, trimmed; its line): the statement of the `with` block (with the
    `with`'s header when it enters more than its checks, `entered`), or the callable form's callable applied to its
    arguments (the assertion's own keywords left out)."""
    if entered is not None and body is not None:
        return entered_block(lines, shift, entered, body, warns="warns" in form.lower())
    if body is not None:
        return last_statement(lines, shift, body, warns="warns" in form.lower())
    position = callable_position(form)
    if len(call.args) <= position:
        return "", 0
    keywords = [k for k in call.keywords if k.arg not in NOT_PASSED_ON]
    return applied(lines, shift, call.args[position], call.args[position + 1 :], keywords)


def parse_at(lines: list[str], first: int, last: int) -> tuple[ast.stmt | None, int]:
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


def statements_in_order(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """A test function's statements in source order, those of `with`, `if`, loop and `try` blocks (handlers
    included) too: where cli_runs and returned look for a run and the assertion about it."""
    for node in body:
        yield node
        for field in ("body", "orelse", "finalbody"):
            if isinstance(node, (ast.With, ast.If, ast.For, ast.Try, ast.AsyncWith, ast.AsyncFor, ast.While)):
                yield from statements_in_order(getattr(node, field, []) or [])
        if isinstance(node, ast.Try):
            for handler in node.handlers:
                yield from statements_in_order(handler.body)


def usable(assertion: Assertion) -> bool:
    return usable_chunks(assertion.chunks)


def usable_chunks(chunks: tuple[str, ...]) -> bool:
    return any(len(chunk) >= MIN_LITERAL for chunk in chunks)


def called_names(nodes: list[ast.stmt] | list[ast.expr], bound: dict | None = None) -> frozenset[str]:
    """The names called; a method called on an instance built in place or bound above in the test
    (`BaseThrottle().allow_request(...)`, `field = DurationField()` then `field.to_representation(...)`) as
    `Class.method`, which names one function where `allow_request` alone may name several; such an instance
    called itself (`v(...)`) as `Class.__call__`. With no call, the
    attributes read or set (a property's getter or setter runs)."""
    names = set()
    for top in nodes:
        for node in _run(top):
            if isinstance(node, ast.Call) and (name := terminal(node.func)):
                owner = _built_from(node.func.value, bound or {}) if isinstance(node.func, ast.Attribute) else None
                if isinstance(node.func, ast.Name) and (made := _built_from(node.func, bound or {})):
                    owner, name = made, "__call__"  # `v = UnicodeUsernameValidator()`, then `v("o'connell")`
                names.add(f"{owner}.{name}" if owner else name)
                if name == "call_command" and (command := _command_named(node)):
                    names.add(COMMAND + command)
            elif operated := _operated_on(node, bound or {}):
                names.add(operated)  # `d + 1` on `d = D(m=100)`: `D.__add__`
    if not names:  # `request.body`, `response.content = "x"`: the property read or set is what runs
        for top in nodes:
            for node in _run(top):
                if isinstance(node, ast.Attribute) and not node.attr.startswith("_"):
                    owner = _built_from(node.value, bound or {})
                    names.add(f"{owner}.{node.attr}" if owner else node.attr)
    return frozenset(names)


def _operated_on(node: ast.AST, bound: dict[str, list[tuple[int, ast.expr]]]) -> str | None:
    """`Class.__add__` for `d + 1` or `Class.__iadd__` for `d += 1`, where the test built `d` (`_built_from`)."""
    if isinstance(node, ast.BinOp):
        left, op, which = node.left, node.op, 0
    elif isinstance(node, ast.AugAssign):
        left, op, which = node.target, node.op, 1
    else:
        return None
    methods = OPERATORS.get(type(op))
    owner = _built_from(left, bound) if methods is not None and isinstance(left, ast.Name) else None
    return f"{owner}.{methods[which]}" if owner and methods else None


def built_bare(nodes: list[ast.stmt], bound: dict) -> frozenset[str]:
    """The classes whose instances the nodes call (`v(...)`, `v.m(...)`, `C().m(...)`) where the test builds them
    with no arguments (`v = C()`): such an instance keeps each of its class's own attributes."""
    found = set()
    for top in nodes:
        for node in _run(top):
            if isinstance(node, ast.Call):
                receiver = node.func.value if isinstance(node.func, ast.Attribute) else node.func
                if (
                    isinstance(receiver, (ast.Name, ast.Attribute))
                    and len(bindings := bound.get(_bound_name(receiver), [])) == 1
                ):
                    receiver = bindings[0][1]
                if isinstance(receiver, ast.Call) and not receiver.args and not receiver.keywords:
                    if (made := terminal(receiver.func)) and made[:1].isupper():
                        found.add(made)
    return frozenset(found)


def _run(top: ast.AST) -> list[ast.AST]:
    """The nodes of `top` that run when it does: a function defined there runs its decorators and defaults, not
    its body (`@api_view('GET') def view(request): return Response()` calls `api_view`, not `Response`)."""
    found: list[ast.AST] = []
    stack = [top]
    while stack:
        node = stack.pop()
        found.append(node)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            stack.extend([*node.decorator_list, *node.args.defaults, *(d for d in node.args.kw_defaults if d)])
        elif isinstance(node, ast.Lambda):
            stack.extend([*node.args.defaults, *(d for d in node.args.kw_defaults if d)])
        else:
            stack.extend(ast.iter_child_nodes(node))
    return found


COMMAND = "command:"  # a management command a test runs (`call_command("squashmigrations", ...)`), by its name


def _command_named(call: ast.Call) -> str | None:
    """The command `call_command(...)` runs, when its first argument is a plain name written in the test."""
    first = call.args[0] if call.args else None
    if isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value.isidentifier():
        return first.value
    return None


def _built_from(receiver: ast.expr, bound: dict[str, list[tuple[int, ast.expr]]]) -> str | None:
    """The class whose instance `receiver` is, when the test builds it: `C(...)`, or a local name whose one
    binding in the test (or in its class's set-up, `self.name`) is `C(...)`; None otherwise."""
    if isinstance(receiver, (ast.Name, ast.Attribute)) and len(bindings := bound.get(_bound_name(receiver), [])) == 1:
        receiver = bindings[0][1]
    if isinstance(receiver, ast.Call) and (name := terminal(receiver.func)) and name[:1].isupper():
        return name
    return None


def _bound_name(node: ast.Name | ast.Attribute) -> str:
    """How `bound` keys a name: `x`, or `self.x` for an instance the class's set-up builds; "" for another."""
    if isinstance(node, ast.Name):
        return node.id
    return f"self.{node.attr}" if isinstance(node.value, ast.Name) and node.value.id == "self" else ""


def _imported(
    call: ast.Call, form: str, body: list[ast.stmt] | None, built: dict, imports: dict[str, str]
) -> tuple[tuple[str, str], ...]:
    """`imported_calls` of the asserted code: the `with` block and the instances it uses that the test built, or
    the callable form's callable and its arguments."""
    if not imports:
        return ()
    if body is None:
        position = callable_position(form)
        target = call.args[position : position + 1]
        # `assertRaises(T, lambda: Envelope(1))`: the lambda's calls; else the callable as it is passed.
        lambdas = [node for node in target if isinstance(node, ast.Lambda)]
        arguments: list[ast.AST] = [*call.args[position + 1 :], *call.keywords, *lambdas]
        return imported_calls(arguments, imports, [] if lambdas else target)
    values = [value for bindings in built.values() for _, value in bindings if isinstance(value, ast.AST)]
    return imported_calls([*body, *values], imports)


def _callable_names(call: ast.Call, form: str, built: dict | None = None) -> frozenset[str]:
    """The callable form: `assertRaises(T, f, *args)`, `assertRaisesMessage(T, msg, f, *args)`,
    `pytest.raises(T, f, *args)`; a lambda or `partial(f, ...)` is looked into. A method of an instance the test
    builds (`built`, as `called_names` reads them) is `Class.method` (`_bound_method`)."""
    position = callable_position(form)
    if len(call.args) <= position:
        return frozenset()
    target = call.args[position]
    if isinstance(target, ast.Lambda):
        return called_names([target.body], built)
    if isinstance(target, ast.Call) and terminal(target.func) == "partial" and target.args:
        target = target.args[0]
    if (method := _bound_method(target, built or {})) is not None:
        return frozenset({method})
    name = terminal(target)
    return frozenset({name}) if name else frozenset()


def _bound_method(target: ast.expr, built: dict) -> str | None:
    """`Class.method` for a callable that is a method of an instance the test builds, in place or in a name it
    binds once: `self.assertRaises(ParseError, Regex('hello*').match, 'goodbye')` (parsimonious 0.11.0's
    tests/test_expressions.py:32) calls `Regex.match`, where `match` alone names several methods. The instance is
    built before the assertion runs: only the method is the asserted call."""
    if not isinstance(target, ast.Attribute):
        return None
    owner = _built_from(target.value, built)
    return f"{owner}.{target.attr}" if owner else None


def code_around(
    lines: list[str], function: ast.FunctionDef | ast.AsyncFunctionDef, shift: int, line: int
) -> tuple[str, int]:
    """The test's lines (the whole function, or a long one's lines around the assertion) and their first line.
    A long test's lines are the statement that holds the assertion and those above it that it needs (`needed`),
    from the first of them on."""
    first = min([function.lineno, *(d.lineno for d in function.decorator_list)]) + shift
    last = (function.end_lineno or function.lineno) + shift
    if last - first + 1 > MAX_FUNCTION_LINES:
        holding = next((s for s in function.body if s.lineno + shift <= line <= (s.end_lineno or 0) + shift), None)
        end = (holding.end_lineno or holding.lineno) + shift if holding is not None else line + CONTEXT_LINES
        start = needed_start(function, line - shift)
        if start > _opening(function):  # else from its `def` on: the lines hold all but its docstring
            first = max(first, start + shift)
        last = min(last, end)
    return "\n".join(lines[first - 1 : last]), first


def _opening(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The first line of the function's first statement after its docstring."""
    body = function.body
    documented = body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
    opening = body[1:2] if documented else body[:1]
    return opening[0].lineno if opening else function.lineno


def _raised_around(around: frozenset[str], types: frozenset[str]) -> bool:
    """Whether an assertion of `types` sits inside one that another exception is raised (round 20's card 11:
    `assertWarnsMessage(...)` inside `assertRaisesMessage(AttributeError, ...)`, where `request.user` fails before
    the warning): that other error is what the call does, so it is no test that triggers these."""
    return bool(around) and bool(types) and not types <= around


class _FunctionReader:
    """The assertions of one test function, and the string each one names (through a local variable too)."""

    def __init__(self, function: ast.FunctionDef | ast.AsyncFunctionDef, outer: "_OuterValues") -> None:
        """One walk over the statements: the local string bindings, and each assertion as (call, form, the
        with-statement's body or None for the callable form), in source order."""
        self.strings: dict[str, list[tuple[int, ast.expr]]] = {}
        self.patched: set[str] = set()  # names whose attributes the test sets (`command.execute = ...`)
        self.outer = outer
        calls: list[tuple[ast.Call, str, list[ast.stmt] | None]] = []
        self.after: dict[int, tuple[str, list[ast.stmt]]] = {}  # id(call) -> (its `as` name, what follows it)
        # id(call) -> the `for` loop whose every pass reaches it: it sits in the loop's body inside `with`s alone.
        self.loops: dict[int, ast.For] = {}
        # id(call) -> its `with` statement, when that enters a context besides the checks (`self.settings(...)`).
        self.entered: dict[int, ast.With | ast.AsyncWith] = {}
        # Each block with the types the `with` statements around it assert raised (`with self.assertRaises(T):`),
        # and the loop each of its passes runs it in.
        blocks: list[tuple[list[ast.stmt], frozenset[str], ast.For | None]] = [(function.body, frozenset(), None)]
        while blocks:
            block, around, loop = blocks.pop()
            for index, node in enumerate(block):
                inner = around
                if isinstance(node, ast.Assign):
                    if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                        self.strings.setdefault(node.targets[0].id, []).append((node.lineno, node.value))
                    self.patched.update(
                        t.value.id
                        for t in node.targets
                        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                    )
                elif isinstance(node, (ast.With, ast.AsyncWith)):
                    for item in node.items:
                        if isinstance(item.context_expr, ast.Call) and (form := form_of(item.context_expr)):
                            types = frozenset(types_of(item.context_expr.args[0]) if item.context_expr.args else ())
                            if not _raised_around(inner, types):
                                calls.append((item.context_expr, form, node.body))
                                if enters_more(node, is_check):
                                    self.entered[id(item.context_expr)] = node
                                if loop is not None:
                                    self.loops[id(item.context_expr)] = loop
                            if "raises" in form.lower():
                                inner = inner | types
                            if isinstance(item.optional_vars, ast.Name):
                                following = block[index + 1 : index + 1 + _FOLLOWING]
                                self.after[id(item.context_expr)] = (item.optional_vars.id, following)
                elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and (form := form_of(node.value)):
                    calls.append((node.value, form, None))
                for name in _NESTED:
                    nested = getattr(node, name, None)
                    if nested:
                        # A `with` keeps the loop around it; a `for` loop's body is run once per row.
                        looped = node if isinstance(node, ast.For) else loop if isinstance(node, ast.With) else None
                        looped = looped if name == "body" else None
                        if name == "body" and inner != around:
                            # Only the last statement of the block can be what the other error comes from.
                            blocks.extend([(nested[:-1], around, looped), (nested[-1:], inner, looped)])
                            continue
                        held = [nested] if name != "handlers" and name != "cases" else [h.body for h in nested]
                        blocks.extend((statements, around, looped) for statements in held)
        calls.sort(key=lambda pair: (pair[0].lineno, pair[0].col_offset))
        self.assertions = calls

    def literal(self, call: ast.Call, form: str) -> tuple[tuple[str, ...], str | None, bool]:
        """(the literal's chunks, the whole literal when it is one string, whether a message is asserted)."""
        node, regex = message_node(call, form)
        if node is None:
            return self._checked_after(call)
        return self.text_of(node, call.lineno, regex=regex)

    def text_of(self, node: ast.expr, line: int, *, regex: bool) -> tuple[tuple[str, ...], str | None, bool]:
        """A message as the test gives it at `line`: (its chunks, the whole when one plain string, True)."""
        node = self._resolve(node, line)
        if isinstance(node, ast.Call) and terminal(node.func) == "escape" and node.args:
            node, regex = self._resolve(node.args[0], line), False
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if regex:
                return regex_chunks(node.value), None, True
            return _kept((node.value,)), node.value, True
        chunks = self._chunks(node, line, 0)
        if regex:
            chunks = tuple(c for chunk in chunks for c in regex_chunks(chunk))
        return _kept(chunks), None, True

    def _checked_after(self, call: ast.Call) -> tuple[tuple[str, ...], str | None, bool]:
        """`with pytest.raises(T) as info:` and then `assert str(info.value) == "..."` (or assertEqual,
        assertIn, `info.value.detail == [...]`): the strings the statements right after compare it with, given
        there or through a name (`expected_error % 8`, `self.unsupported_message % charset`)."""
        name, following = self.after.get(id(call), ("", []))
        strings: list[str] = []
        whole: list[str] = []  # the strings given whole, not cut around a `%s` or an f-string's values
        carriers = {name} if name else set()  # the caught error, and names given a part of it (`msg = info.value...`)
        for statement in following:
            if not any(isinstance(n, ast.Name) and n.id in carriers for n in breadth.walk(statement)):
                continue
            if not _about_message(statement, carriers):
                continue  # `cm.exception.error_list[0].code == "password_entirely_numeric"`: not the message
            if (
                isinstance(statement, ast.Assign)
                and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name)
            ):
                carriers.add(statement.targets[0].id)  # `msg = excinfo.value.detail[0]`, then `assert msg == "..."`
                continue
            self._compared(statement, statement.lineno, strings, whole, carriers)
        chunks = _kept(tuple(strings))
        return chunks, (whole[0] if len(strings) == len(whole) == 1 else None), bool(chunks)

    def _compared(self, node: ast.AST, line: int, strings: list[str], whole: list[str], caught: set[str]) -> None:
        if isinstance(node, ast.Name) and node.id in caught:
            return
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            strings.append(node.value)
            whole.append(node.value)
            return
        if isinstance(node, (ast.Name, ast.Attribute, ast.BinOp, ast.JoinedStr, ast.Call)):
            resolved = self._resolve(node, line)
            if isinstance(resolved, ast.Constant) and isinstance(resolved.value, str):
                strings.append(resolved.value)
                whole.append(resolved.value)
                return
            if resolved is not node or not isinstance(node, (ast.Name, ast.Attribute)):
                if found := self._chunks(resolved, line, 0):
                    strings.extend(found)
                    return
        for child in ast.iter_child_nodes(node):
            self._compared(child, line, strings, whole, caught)

    def _resolve(self, node: ast.expr, line: int, depth: int = 0) -> ast.expr:
        """A local name bound to a value above the assertion (its last binding there), else a name or a
        `self.`/`cls.` attribute bound in the module or a class body of the file; a message built from literals
        (`may_require_msg % "time_trunc_sql"`) as the text it makes (`filled`)."""
        if depth >= 3:
            return node
        if isinstance(node, ast.Name):
            bindings = [value for at, value in self.strings.get(node.id, []) if at <= line]
            found = bindings[-1] if bindings else self.outer.value(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            found = self.outer.value(node.attr)
        elif isinstance(node, (ast.BinOp, ast.Call)):
            text = filled(node, lambda part: self._resolve(part, line, depth + 1))
            return node if text is None else ast.Constant(text)
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
                statement, _ = parse_at(self.lines, number + 1, last)
                if statement is not None:
                    return statement.value if isinstance(statement, ast.Assign) else None
        return None


# What a caught error's message is read through: unittest's `cm.exception` (`cm.warning`), pytest's `info.value`
# (`.match()`), then the message itself (`messages`, `args[0]`, DRF's `detail`). Any other attribute is another of
# its values (`code`, `params`); a method of `str` called on the text (`msg.startswith(...)`) reads the text.
_MESSAGE_PARTS = frozenset(
    {"exception", "value", "warning", "match", "message", "messages", "message_dict", "msg", "args", "detail",
     "error_list", "error_dict", "errors", "reason", "strerror"}
)  # fmt: skip


def _about_message(statement: ast.stmt, carriers: set[str]) -> bool:
    """Whether what the statement reads of a caught error (`cm.exception.messages`, `str(info.value)`) is its
    message, not only another of its values: round 20's card 05, where `cm.exception.error_list[0].code` is
    compared with the error's code, which is no part of the message (tests/auth_tests/test_validators.py:352,
    Django 5.2.19). `cm.exception.message % cm.exception.params` reads the message."""
    read: set[int] = set()  # the nodes of a chain already read from its outermost node: each read once
    other = False
    for node in breadth.walk(statement):
        if id(node) in read:
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _text_method(node.func.attr):
            read.add(id(node.func))
            node = node.func.value
        parts: list[str] = []
        while isinstance(node, (ast.Attribute, ast.Subscript)):
            if isinstance(node, ast.Attribute):
                parts.append(node.attr)
            node = node.value
            read.add(id(node))
        if isinstance(node, ast.Name) and node.id in carriers:
            if _MESSAGE_PARTS.issuperset(parts):
                return True
            other = True
    return not other


def _text_method(name: str) -> bool:
    return not name.startswith("_") and callable(getattr(str, name, None))


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


def _kept(chunks: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(s for c in chunks if (s := c.strip()))


# The readers other test readers share (`recorded`): a file's values bound outside its functions, and a function's
# messages through its locals and those.
OuterValues = _OuterValues
MessageReader = _FunctionReader

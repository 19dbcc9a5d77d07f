"""How to trigger it (issue 29, §2): the repository's tests that raise the error, trimmed to their triggering call
and pinned to its line; a test that sets settings or builds values before the call is shown from its start to it,
since the call alone would not raise."""

import ast
import re
import textwrap
from collections.abc import Sequence

from kb.cards.links import place
from kb.models import ErrorEntry, RaiseSite
from kb.text import breadth
from kb.text.escaping import code, fenced

MAX_EXAMPLES = 2
MAX_TEST_LINES = 40
# A test that changes settings around its call (a decorator, a `with` block): the call alone would not raise.
_SETS_SETTINGS = re.compile(r"(?:@|\bwith\s++)(?:self\.)?+(?:override_settings|modify_settings|settings)\(")
# A test that replaces the library's own code around the call (`mock.patch(...)`, `patch.object`, `monkeypatch`):
# trimmed, the call would not raise (round 16's card 15 raised only while `cs_is_ccw` was patched to return 0).
_PATCHES = re.compile(r"\b(?:patch(?:\.object|\.dict|\.multiple)?+|monkeypatch\.setattr)\(")


def changed_around(test: dict) -> bool:
    """Whether the test changes settings or patches code around its call (its decorators, its class's, its
    `setUp`): the call alone would not raise (round 36's card 20: DRF's `run_validation(...)` raised only while
    the class's `@patch(...datetime_ambiguous...)` held)."""
    whole = str(test.get("head") or "") + "\n" + str(test.get("code") or "")
    return bool(test.get("set_up_changes") or _SETS_SETTINGS.search(whole) or _PATCHES.search(whole))


def scenario(test_name: str) -> str:
    """A test's name made readable: `QuerySetTests.test_negative_index` → "negative index"."""
    last = test_name.rsplit(".", 1)[-1].rsplit("::", 1)[-1]
    words = last.removeprefix("test_").removeprefix("test").replace("_", " ").strip()
    return words or last


def how_to_trigger(entry: ErrorEntry, tests: list[dict], sites: Sequence[RaiseSite] = ()) -> str:
    # A test that asserts the message itself shows this error best; one that only checks the type comes after.
    ordered = sorted((t for t in tests if t.get("code") or t.get("call")), key=lambda t: t.get("how") != "message")
    blocks: list[str] = []
    for test in ordered:
        if len(blocks) == MAX_EXAMPLES:
            break
        if test.get("set_up_changes"):
            continue  # its class's `setUp` changes settings or patches code: shown without it, it would not raise
        # The triggering call trimmed from the test, pinned at its line, when the harvest found it.
        call = str(test.get("call") or "")
        whole = str(test.get("code") or "")
        head = str(test.get("head") or "")
        if (template := _template(entry, test, whole, head)) is not None:
            blocks.append(template)
            continue
        changes = _SETS_SETTINGS.search(whole) or _PATCHES.search(whole)
        # A helper's call: the helper's raising statement with the test's arguments in place, after the lines
        # before the call when it reads what they set up. Not under settings or patches the helper runs within.
        bound = str(test.get("bound") or "") if call and not changes else ""
        written = (
            (_with_bound(test, call, bound) if _set_up(bound, whole, _line_in(test)) else [bound]) if bound else []
        )
        set_up = call and not written and (head or changes or _set_up(call, whole, _line_in(test)))
        # A long test is shown when its lines up to the call are few enough (round 20's rule): the layers a loop
        # of Django's `test03a_layers` walks, 33 lines above `layer.__getitem__(-1)` in a test of 61.
        shown = (_trimmed(test) or _up_to_call(test, call)) if set_up else []
        if set_up and len([line for line in shown or whole.splitlines() if line != "# …"]) > MAX_TEST_LINES:
            continue  # the call alone would not raise, and the lines that make it raise are too many to show
        if written:
            lines = textwrap.dedent("\n".join(written)).splitlines()
            call = bound if written == [bound] else ""
        elif set_up:
            # Trimmed, the call would not raise: the settings the test (or its class's decorators) changes or the
            # code it patches around it, or the values it builds before it (`qs = Book.objects.prefetch_related(
            # ...)` for `list(qs)`), are the cause. The test is shown from its start to that call.
            lines = _with_row(shown or textwrap.dedent(whole).splitlines(), str(test.get("row") or ""))
            call = ""
        else:
            lines = textwrap.dedent(call or whole).splitlines()
        if (set_up := str(test.get("set_up") or "")) and not head:
            # What its class's `setUp` binds for the call (`self.session = SessionBase()` for `self.session.save()`,
            # round 27's card 12): without it the lines would not run.
            lines = [f"# in {test.get('set_up_in') or 'setUp'}():", *set_up.splitlines(), "", *lines]
        if (maker := str(test.get("maker") or "")) and not head and not call:
            # The test's class's method that builds what the test calls (`typ = self._makeOne()`, colander's habit):
            # without it the test does not say what `typ` is.
            lines = [*maker.splitlines(), "", *lines]
        if head:
            # Under its class's decorators (`@override_settings(ROOT_URLCONF=None)` above the class, round 18's
            # card 12): shown with them, or the test is not shown.
            whole_test = lines[:1] and lines[0].lstrip().startswith(("def ", "async def ", "@"))
            if call or not whole_test or len(head.splitlines()) + len(lines) > MAX_TEST_LINES + 1:
                continue  # the trimmed call, or lines from the middle of a long test: not under the class
            lines = _under_head(head, test, lines)
        start = (
            (test.get("pinned") if call else None) or test.get("head_start") or test.get("start") or test.get("line")
        )
        where = place(entry, str(test.get("path", "")), start, entry.analysed_commit)
        name = f" ({code(str(test['name']))})" if test.get("name") else ""
        if len(lines) > MAX_TEST_LINES:
            lines = [*lines[:MAX_TEST_LINES], "# …"]
        if test.get("returned_in"):  # the data the test reads the message from, not a raise
            test_name = f" {code(str(test['name']))}" if test.get("name") else ""
            said = f"The repository's test{test_name} gets this message back in {code(str(test['returned_in']))}"
            blocks.append(f"{said} ({where}):\n\n{fenced(chr(10).join(lines))}")
        elif test.get("assertion") == "doctest":  # an example of the documentation's, not a test
            blocks.append(f"The documentation's example ({where}):\n\n{fenced(chr(10).join(lines))}")
        else:
            blocks.append(f"From {where}{name}:\n\n{fenced(chr(10).join(lines))}")
    return "\n\n".join(blocks) or _written(sites, entry.kind == ErrorEntry.Kind.WARNING)


def _written(sites: Sequence[RaiseSite], warning: bool = False) -> str:
    """With no test shown, a call the harvest wrote from a site's code (`kb.harvest.reading.written_call`: every
    test on the way to the raise evaluated on its values), said to be written, not taken from a test. A warning is
    emitted, not raised: the call triggers it."""
    for site in sorted(sites, key=lambda site: (site.path, site.line or 0)):
        written = (site.evidence or {}).get("written_call")
        if isinstance(written, str) and written:
            # Not "no test raises it": a test may, that the harvest could not tell raises this error alone.
            verb = "triggers" if warning else "raises"
            said = f"A call that {verb} it, written from the code (not taken from a test):"
            return f"{said}\n\n{fenced(written)}"
    return ""


def _template(entry: ErrorEntry, test: dict, whole: str, head: str) -> str | None:
    """The template the test renders, pinned at its line, with the tag that reaches the raise (round 24's card 09:
    `{% blocktranslate with foo=bar with %}`, given in the test's `@setup` decorator); None when the test has none,
    or when settings it changes or code it patches may be what makes it raise."""
    template, tags = test.get("template"), test.get("tags")
    if not isinstance(template, str) or not template or not isinstance(tags, list) or not tags:
        return None
    if head or _SETS_SETTINGS.search(whole) or _PATCHES.search(whole):
        return None
    where = place(
        entry, str(test.get("path", "")), test.get("template_line") or test.get("line"), entry.analysed_commit
    )
    name = f" ({code(str(test['name']))})" if test.get("name") else ""
    named = " and ".join(code("{% " + str(tag) + " %}") for tag in tags[:2])
    said = f"From {where}{name}, a template using the {named} tag"
    return f"{said}:\n\n{fenced(template, 'django')}"


def _under_head(head: str, test: dict, lines: list[str]) -> list[str]:
    """The test's lines indented under its class's decorated header, a `# …` between them where the class has
    other lines before the test."""
    header = textwrap.dedent(head).splitlines()
    start, end = test.get("start"), test.get("head_end")
    adjacent = isinstance(start, int) and isinstance(end, int) and start == end + 1
    gap = [] if adjacent else ["    # …"]
    return [*header, *gap, *(f"    {line}" if line else line for line in lines)]


def _up_to_call(test: dict, call: str) -> list[str]:
    """The test's lines from its start (decorators included) to the end of its triggering call, without its
    docstring; [] when the lines the harvest gave do not say where the call is."""
    whole, start, pinned = str(test.get("code") or ""), test.get("start"), test.get("pinned")
    if not (isinstance(start, int) and isinstance(pinned, int) and start <= pinned):
        return []
    raw = whole.split("\n")
    end = pinned - start + len(call.splitlines())
    if end > len(raw):
        return []
    try:
        tree = ast.parse(textwrap.dedent(whole))
    except (SyntaxError, ValueError, RecursionError):
        return []
    function = tree.body[0] if tree.body else None
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return []
    dropped: set[int] = set()
    first = function.body[0] if function.body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        dropped = set(range(first.lineno - 1, first.end_lineno or first.lineno))
    kept = [line for index, line in enumerate(raw[:end]) if index not in dropped]
    return textwrap.dedent("\n".join(kept)).splitlines() + (["# …"] if end < len(raw) else [])


# (its depth in the shown test, what is shown, the statement it comes from: None for a block's header)
_Kept = tuple[int, ast.stmt | ast.expr, ast.stmt | None]
_BLOCKS = (ast.With, ast.AsyncWith, ast.For, ast.AsyncFor, ast.While, ast.If)
# unittest's assertions that compare the values they are given, and nothing more.
_COMPARING = frozenset(
    {"assertEqual", "assertNotEqual", "assertIs", "assertIsNot", "assertTrue", "assertFalse", "assertIsNone",
     "assertIsNotNone", "assertIsInstance", "assertNotIsInstance", "assertGreater", "assertGreaterEqual",
     "assertLess", "assertLessEqual"}
)  # fmt: skip
# Builtins that make their value in full from what they are given (`list(r)` iterates `r`).
_EVALUATING = frozenset(
    {"len", "list", "tuple", "set", "frozenset", "dict", "sorted", "str", "repr", "bool", "bytes", "int", "float",
     "next", "anext", "sum", "any", "all", "min", "max"}
)  # fmt: skip
# Calls that only build a message's text: an assignment made of them alone has no effect a raise could need.
_TEXT_CALLS = frozenset(
    {"format", "join", "escape", "str", "repr", "_", "gettext", "gettext_lazy", "ngettext", "dedent", "strip",
     "replace", "lower", "upper", "capitalize", "title", "rstrip", "lstrip"}
)  # fmt: skip


def _trimmed(test: dict) -> list[str]:
    """The test cut to what makes its call raise: its decorators and header, the statements before the call, the
    blocks that hold it with their headers, then the call. A `with` that only checks (`self.assertRaisesMessage(
    ...)`, `pytest.raises(...)`) gives its body in its place; an assertion around the call (`self.assertEqual(b"",
    await anext(aiter(r)))`) gives the call; a value only those checks read (`msg = (...)`, built of text alone) is
    left out, as is all that follows the call (round 29's cards 02, 04, 13). [] when the call sits where a cut
    could change what runs (an `else:`, a `try`, two statements on a line) or its line is not known."""
    at = _line_in(test)
    whole = textwrap.dedent(str(test.get("code") or ""))
    try:
        tree = ast.parse(whole)
    except (SyntaxError, ValueError, RecursionError):
        return []
    function = tree.body[0] if len(tree.body) == 1 else None
    if not at or not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or not function.body:
        return []
    raw = whole.split("\n")
    body = function.body
    if _docstring(body[0]):
        body = body[1:]
    if not body:
        return []
    unit = body[0].col_offset - function.col_offset
    first = _first_line(function)
    # Up to the first statement's decorators, which it shows itself (a test's `@click.command()` over its `def cli`).
    header = _head_lines(raw, first, _first_line(function.body[0]))
    kept: list[_Kept] = []
    if not _kept_to(body, at, 1, kept):
        return []
    # The call's statements, all of them and none left out: the harvest's call may be several statements
    # (`data = {...}` to `assert not serializer.is_valid()`, DRF 3.18.3's tests/test_relations_hyperlink.py:259-262).
    calls = [s for _, _, s in kept if s is not None and _first_line(s) <= at <= (s.end_lineno or s.lineno)]
    if not calls or (calls[-1].end_lineno or calls[-1].lineno) < at + len(str(test.get("call") or "").splitlines()) - 1:
        return []
    dropped = _unread_text(kept) - set(calls)
    lines, last = header[:], 0
    for depth, node, statement in kept:
        if statement in dropped:
            continue
        begin = _first_line(node) if isinstance(node, ast.stmt) else node.lineno
        if last and any(not line.strip() for line in raw[last : begin - 1]):
            lines.append("")  # the blank line the test has between two shown statements
        indent = function.col_offset + unit * depth
        if statement is None and isinstance(node, _BLOCKS):  # a block's header
            shown_lines, last = _head_lines(raw, begin, _first_line(node.body[0])), _first_line(node.body[0]) - 1
        else:
            shown_lines, last = _node_lines(raw, node), node.end_lineno or node.lineno
        if indent != node.col_offset and _long_text(node):
            return []  # moved, a string spanning lines would change
        lines += _shifted(shown_lines, node.col_offset, indent)
    return textwrap.dedent("\n".join(lines)).splitlines()


def _kept_to(
    statements: list[ast.stmt], at: int, depth: int, kept: list[_Kept], looped: frozenset[str] | None = None
) -> bool:
    """Adds to `kept` the statements up to the one holding line `at`, into the blocks that hold it; False when
    the call is where a cut is not safe: a check in a loop, whose cases it lets run one after the other, unless it
    expects the same message on every case (`looped`: the names the loops around it bind)."""
    ends: set[int] = set()
    for statement in statements:
        if statement.lineno in ends:
            return False  # two statements on a line: cut by lines, one would come with the other
        ends.add(statement.end_lineno or statement.lineno)
        if _first_line(statement) > at:
            return False
        if (statement.end_lineno or statement.lineno) < at:
            kept.append((depth, statement, statement))
            continue
        if isinstance(statement, (ast.With, ast.AsyncWith)) and _in_block(statement.body, at):
            if all(_checks(item.context_expr) for item in statement.items):
                if looped is not None and not _same_each_time(statement, looped):
                    # Without the check the loop stops at its first case, which may raise another error: the
                    # `"'exact' lookup of 'pk' must be a tuple or a list"` of Django 5.2.19's
                    # tests/composite_pk/test_get.py:118-123, before the case that raises this one.
                    return False
                if not _kept_to(statement.body, at, depth, kept, looped):
                    return False
                # What the block goes on to do, but for its checks: the call the harvest picked may only make what
                # raises (`request = WSGIRequest(...)` before `request.GET["a"]`, Django 5.2.19's
                # tests/requests_tests/test_data_upload_settings.py:139-147).
                held = next(s for s in statement.body if _first_line(s) <= at <= (s.end_lineno or s.lineno))
                after = [s for s in statement.body if _first_line(s) > (held.end_lineno or held.lineno)]
                kept += [(depth, s, s) for s in after if not _checking(s)]
                return not any(isinstance(s, (ast.FunctionDef, ast.ClassDef, *_BLOCKS, ast.Try)) for s in after)
            if any(_checks(item.context_expr) for item in statement.items):
                return False  # a check entered with what acts: its header cannot be cut by lines
            kept.append((depth, statement, None))
            return _kept_to(statement.body, at, depth + 1, kept, looped)
        if isinstance(statement, (ast.For, ast.AsyncFor, ast.While, ast.If)) and _in_block(statement.body, at):
            kept.append((depth, statement, None))
            loop = looped
            if not isinstance(statement, ast.If):
                loop = (looped or frozenset()) | _bound_in(statement)
            return _kept_to(statement.body, at, depth + 1, kept, loop)
        if isinstance(statement, (ast.With, ast.AsyncWith)) and statement.lineno == at:
            # The call is the block itself (`with transaction.atomic(): Person.objects.select_for_update(of=...
            # ).get()`, Django 5.2.19's tests/select_for_update/tests.py:377-379): the harvest kept it whole.
            if any(_checks(item.context_expr) for item in statement.items):
                return False
            kept.append((depth, statement, statement))
            return True
        if isinstance(statement, (ast.With, ast.AsyncWith, ast.For, ast.AsyncFor, ast.While, ast.If, ast.Try)):
            return False  # in a header, an `else:`, a `try`: shown as the test has it
        if not isinstance(statement, ast.stmt) or isinstance(statement, (ast.FunctionDef, ast.ClassDef)):
            return False
        kept.append((depth, _inner_call(statement), statement))
        return True
    return False


# The checks that compare the message their block raises (or warns) with the text they are given.
_MESSAGE_CHECKS = frozenset(
    {"assertRaisesMessage", "assertWarnsMessage", "assertRaisesRegex", "assertWarnsRegex", "assertRaisesRegexp"}
)


def _same_each_time(block: ast.With | ast.AsyncWith, bound: frozenset[str]) -> bool:
    """Whether a `with` of checks in a loop expects the same message on every case: a check compares the message
    (`assertRaisesMessage`, `pytest.raises(..., match=...)`) and no check reads a name the loop binds. The test
    passes, so every case raises this error, the first one too (`ds.__getitem__("invalid")` under
    `assertRaisesMessage(IndexError, "Invalid OGR layer name given: invalid.")`, Django 5.2.19's
    tests/gis_tests/gdal_tests/test_ds.py:136-139); a `message` the loop takes from its cases may be another."""
    checks = [item.context_expr for item in block.items]
    compared = False
    for check in checks:
        if not isinstance(check, ast.Call):
            return False
        name = _function_name(check)
        if name == "subTest":
            continue  # a label: what it reads does not change what the block raises
        if _names(check) & bound:
            return False
        compared |= name in _MESSAGE_CHECKS or (name == "raises" and any(k.arg == "match" for k in check.keywords))
    return compared


def _bound_in(loop: ast.For | ast.AsyncFor | ast.While) -> frozenset[str]:
    """The names a loop binds: its target's, and those its body assigns."""
    parts: list[ast.AST] = [*loop.body, *loop.orelse]
    if isinstance(loop, (ast.For, ast.AsyncFor)):
        parts.append(loop.target)
    return frozenset(
        n.id for part in parts for n in breadth.walk(part) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    )


def _checking(statement: ast.stmt) -> bool:
    """`assert ...`, `self.assertEqual(...)`: a check of what the block made."""
    value = statement.value if isinstance(statement, ast.Expr) else None
    return isinstance(statement, ast.Assert) or (isinstance(value, ast.Call) and _asserts(value))


def _in_block(block: list[ast.stmt], at: int) -> bool:
    return bool(block) and _first_line(block[0]) <= at <= (block[-1].end_lineno or block[-1].lineno)


def _first_line(statement: ast.stmt) -> int:
    decorators = getattr(statement, "decorator_list", None)
    return decorators[0].lineno if decorators else statement.lineno


def _inner_call(statement: ast.stmt) -> ast.stmt | ast.expr:
    """What an assertion statement holding the call shows: the one argument that calls something, when the
    assertion only compares it and the argument is evaluated whole where it stands (`await anext(aiter(r))` of
    `self.assertEqual(b"hello", await anext(aiter(r)))`); the statement itself otherwise: a helper of the test's
    (`self.assertSerializedEqual(complex(1, 2))` serializes), an assertion that iterates what it is given
    (`assertSequenceEqual`), or an argument whose value may be lazy (`Contact.objects.filter(...)`)."""
    value = statement.value if isinstance(statement, ast.Expr) else None
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)):
        return statement
    if value.func.attr not in _COMPARING or not isinstance(value.func.value, ast.Name):
        return statement
    calling = [
        argument
        for argument in [*value.args, *(k.value for k in value.keywords)]
        if any(isinstance(n, (ast.Call, ast.Await)) for n in breadth.walk(argument))
    ]
    if len(calling) != 1 or calling[0].lineno != calling[0].end_lineno or not _eager(calling[0]):
        return statement
    return calling[0]


def _eager(node: ast.expr) -> bool:
    """`await ...`, `list(r)`, `b"".join(...)`: a value that is made in full where it is written."""
    if isinstance(node, ast.Await):
        return True
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Name):
        return func.id in _EVALUATING
    return isinstance(func, ast.Attribute) and isinstance(func.value, ast.Constant)


def _checks(node: ast.expr) -> bool:
    """`self.assertRaisesMessage(...)`, `pytest.raises(...)`, `self.subTest(...)`: a context that checks or labels
    what its block does; without it the block still runs."""
    if not isinstance(node, ast.Call):
        return False
    name = _function_name(node)
    return name.lower().startswith("assert") or name in ("raises", "warns", "subTest")


def _unread_text(kept: list[_Kept]) -> set[ast.stmt]:
    """The assignments of text no shown line after them reads (`msg = "..." % internal_type` that only the check
    read); in a loop, no shown line at all; never a name a function or class the test defines uses (`nonlocal
    tb_frames`, Django 5.2.19's tests/view_tests/tests/test_debug.py)."""
    looped = any(
        statement is None and isinstance(node, (ast.For, ast.AsyncFor, ast.While)) for _, node, statement in kept
    )
    dropped: set[ast.stmt] = set()
    if any(_reads_all(node) for _, node, _ in kept):
        return dropped  # `Context(locals())`: every local may be read
    while True:
        reads: list[tuple[float, str]] = []
        for _, node, statement in kept:
            if statement in dropped:
                continue
            part = _read_part(node) if statement is None else node
            for n in breadth.walk(part):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
                    reads.append((node.lineno, n.id))
                elif isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
                    reads.append((node.lineno, n.target.id))
                elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                    reads += [(float("inf"), name) for name in _used_in(n)]
        unread = {
            statement
            for _, node, statement in kept
            if isinstance(statement, ast.Assign)
            and node is statement
            and statement not in dropped
            and all(isinstance(t, ast.Name) for t in statement.targets)
            and _text_only(statement.value)
            and not any(
                isinstance(t, ast.Name) and name == t.id and (looped or line > statement.lineno)
                for t in statement.targets
                for line, name in reads
            )
        }
        if not unread:
            return dropped
        dropped |= unread


def _reads_all(node: ast.AST) -> bool:
    """Whether the code calls `locals()`, `vars()`, `eval(...)` or `exec(...)`: what it reads is not written."""
    return any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("locals", "vars", "eval", "exec")
        for n in breadth.walk(node)
    )


def _used_in(scope: ast.AST) -> set[str]:
    """Every name a nested function or class uses, reads or binds, `nonlocal` and `global` ones too."""
    names: set[str] = set()
    for n in breadth.walk(scope):
        if isinstance(n, ast.Name):
            names.add(n.id)
        elif isinstance(n, (ast.Nonlocal, ast.Global)):
            names.update(n.names)
    return names


def _read_part(node: ast.stmt | ast.expr) -> ast.AST:
    """What a block's header reads: its items, its iterable, its test; the node itself for another."""
    if isinstance(node, (ast.With, ast.AsyncWith)):
        return ast.Tuple(elts=[item.context_expr for item in node.items], ctx=ast.Load())
    if isinstance(node, (ast.For, ast.AsyncFor)):
        return node.iter
    if isinstance(node, (ast.While, ast.If)):
        return node.test
    return node


def _text_only(value: ast.expr) -> bool:
    """Whether a value is built of literals, names and text operations alone: evaluating it acts on nothing."""
    for node in breadth.walk(value):
        if isinstance(node, (ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr, ast.Lambda)):
            return False
        if isinstance(node, ast.Call):
            name = _function_name(node)
            if name not in _TEXT_CALLS:
                return False
    return True


def _long_text(node: ast.AST) -> bool:
    """Whether a statement holds a string literal that spans lines (its lines moved, its text would change)."""
    return any(isinstance(n, (ast.Constant, ast.JoinedStr)) and n.lineno != n.end_lineno for n in breadth.walk(node))


def _docstring(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def _head_lines(raw: list[str], first: int, body: int) -> list[str]:
    """Lines `first` up to the block's first statement, without the comments and blank lines that end them."""
    lines = raw[first - 1 : body - 1]
    while lines and (not lines[-1].strip() or lines[-1].lstrip().startswith("#")):
        lines.pop()
    return lines


def _node_lines(raw: list[str], node: ast.stmt | ast.expr) -> list[str]:
    """A statement's lines, or an expression's text (on one line) at its column."""
    first, last = node.lineno, node.end_lineno or node.lineno
    if isinstance(node, ast.stmt):
        first = _first_line(node)
        return raw[first - 1 : last]
    line = raw[first - 1].encode()
    return [" " * node.col_offset + line[node.col_offset : node.end_col_offset].decode(errors="replace")]


def _shifted(lines: list[str], column: int, indent: int) -> list[str]:
    """The lines moved from `column` to `indent`; a line whose indent is not spaces that far is kept as it is."""
    if indent >= column:
        return [" " * (indent - column) + line if line else line for line in lines]
    cut = column - indent
    return [line[cut:] if line[:cut].strip() == "" else line for line in lines]


def _with_bound(test: dict, call: str, bound: str) -> list[str]:
    """The test's lines from its start to its call of a helper, that call replaced by what the helper runs with
    its arguments (round 25's card 13: `f.clean("fõo", None)` for `self._test_validation_messages(f, "fõo",
    [...])`); [] when the lines the harvest gave do not say where the call is."""
    shown = _up_to_call(test, call)
    more = bool(shown) and shown[-1] == "# …"
    shown = shown[:-1] if more else shown
    count = len(call.splitlines())
    if not call or len(shown) <= count:
        return []
    first = shown[-count]
    indent = first[: len(first) - len(first.lstrip())]
    said = f"{indent}# what {call.split('(', 1)[0].strip()}(...) runs:"
    return [*shown[:-count], said, *(indent + line for line in bound.splitlines()), *(["# …"] if more else [])]


def _with_row(lines: list[str], row: str) -> list[str]:
    """The test's lines with the `parametrize` row its call reads bound first in its body (`args = ['--s']`, click
    8.3.1's tests/test_basic.py:110-127): shown without it, the call reads a parameter the reader is not given."""
    header = next((i for i, line in enumerate(lines) if line.lstrip().startswith(("def ", "async def "))), None)
    if not row or header is None:
        return lines
    end = next((i for i in range(header, len(lines)) if lines[i].rstrip().endswith(":")), None)
    if end is None or end + 1 >= len(lines):
        return lines
    indent = lines[end + 1][: len(lines[end + 1]) - len(lines[end + 1].lstrip())]
    bound = [f"{indent}# its parametrize row:", *(indent + line for line in row.splitlines())]
    return [*lines[: end + 1], *bound, *lines[end + 1 :]]


def _line_in(test: dict) -> int:
    """The call's line counted in the test's own lines (0: not known)."""
    start, pinned = test.get("start"), test.get("pinned")
    return pinned - start + 1 if isinstance(start, int) and isinstance(pinned, int) and start <= pinned else 0


def _set_up(call: str, test: str, at: int = 0) -> bool:
    """Whether the call reads a name the test assigns or defines before it (its own local, not a module's
    import), or the test does something before it: defines a decorated function or class (`@register(Tags.signals)
    def my_check(...)`, round 20's card 09), or calls something on a name the call reads for what it does
    (`Site.objects.all().delete()`); or the test's decorator holds a string the call names (`_decorated_for`)."""
    try:
        called: ast.AST = _called(textwrap.dedent(call).strip())
        body = ast.parse(textwrap.dedent(test))
    except (SyntaxError, ValueError, RecursionError):
        return False
    if _acts_before(body, at, _names(called)) or _decorated_for(body, called):
        return True
    assigned = {
        node.id for node in breadth.walk(body) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
    }
    # What an attribute or item the test sets belongs to (`self.request.user = self.user` before
    # `auth.login(self.request, None)`, Django 5.2.19's tests/auth_tests/test_login.py:65-71).
    assigned |= {_root(node) for node in breadth.walk(body) if _sets_part(node)} - {""}
    # A class or a function the test defines (`class EmptyCBV(View): pass` for `path("foo", EmptyCBV())`).
    outer = body.body[0] if body.body else None
    assigned |= {
        node.name
        for node in breadth.walk(body)
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node is not outer
    }
    return any(isinstance(node, ast.Name) and node.id in assigned for node in breadth.walk(called))


def _sets_part(node: ast.AST) -> bool:
    return isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, (ast.Store, ast.Del))


def _root(node: ast.AST) -> str:
    """The name an attribute or item hangs from: `self` of `self.request.user`; "" for another."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else ""


def _called(call: str) -> ast.AST:
    """The call as an expression, the value an assignment binds (`qs2 = Article.objects.annotate(**{crafted:
    relation})`: it reads `crafted` and `relation`), or a `with` statement the harvest kept with its header
    (`excerpts.entered_block`: what it enters may be what raises); SyntaxError for any other statement."""
    try:
        return ast.parse(call, mode="eval")
    except SyntaxError:
        module = ast.parse(call)
        if len(module.body) == 1 and isinstance(module.body[0], (ast.Assign, ast.AnnAssign)) and module.body[0].value:
            return module.body[0].value
        if len(module.body) == 1 and isinstance(module.body[0], (ast.With, ast.AsyncWith)):
            return module
        raise


def _decorated_for(body: ast.Module, called: ast.AST) -> bool:
    """Whether a decorator of the test (not one that only decides whether it runs) holds a string the call names:
    `@setup({"invalid_for_loop": "{% for x items %}..."})` defines the template that
    `self.engine.render_to_string("invalid_for_loop", ...)` renders (round 22's card 13)."""
    outer = body.body[0] if body.body else None
    if not isinstance(outer, (ast.FunctionDef, ast.AsyncFunctionDef)) or not outer.decorator_list:
        return False
    named = {
        n.value for n in breadth.walk(called) if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value
    }
    return bool(named) and any(
        isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in named
        for decorator in outer.decorator_list
        if not _only_whether(decorator) and not _table(decorator)
        for n in breadth.walk(decorator)
    )


def _only_whether(decorator: ast.expr) -> bool:
    """`@skipUnless(...)`, `@expectedFailure`, `@pytest.mark.xfail(...)`: whether the test runs, not what it does
    (as the harvest reads a class's decorators, `kb.harvest.evidence.heads`)."""
    called = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = called.attr if isinstance(called, ast.Attribute) else called.id if isinstance(called, ast.Name) else ""
    return name.lower().startswith(("skip", "expectedfailure", "xfail"))


def _table(decorator: ast.expr) -> bool:
    """`@pytest.mark.parametrize(...)`: its row's values are already put into the call the harvest gives."""
    called = decorator.func if isinstance(decorator, ast.Call) else decorator
    return isinstance(called, ast.Attribute) and called.attr == "parametrize"


def _acts_before(body: ast.Module, at: int, called: set[str]) -> bool:
    """Whether the test does something above line `at` (its call's) that the call needs: a decorated definition, a
    call that is no assertion (`self.assertEqual(...)`) on a name the triggering call reads
    (`Site.objects.all().delete()` before `Site.objects.get_current()`), or a `with` around the call that is no
    assertion (`with transaction.atomic():`); in the blocks that hold the call too."""
    outer = body.body[0] if body.body else None
    statements = outer.body if isinstance(outer, (ast.FunctionDef, ast.AsyncFunctionDef)) else body.body
    return _acts_in(statements, at, called)


def _acts_in(statements: list[ast.stmt], at: int, called: set[str]) -> bool:
    for statement in statements:
        if statement.lineno > at:
            break
        if (statement.end_lineno or statement.lineno) >= at:  # the statement that holds the call
            if isinstance(statement, (ast.With, ast.AsyncWith)) and not all(
                isinstance(item.context_expr, ast.Call) and _asserts(item.context_expr) for item in statement.items
            ):
                return True
            blocks = [getattr(statement, name, None) or [] for name in ("body", "orelse", "finalbody")]
            blocks += [handler.body for handler in getattr(statement, "handlers", None) or []]
            return any(_acts_in(block, at, called) for block in blocks if block and block[0].lineno <= at)
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and statement.decorator_list:
            return True
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call) and not _asserts(statement.value):
            if _names(statement) & called:
                return True
    return False


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in breadth.walk(node) if isinstance(n, ast.Name)}


def _function_name(call: ast.Call) -> str:
    """`assertEqual` of `self.assertEqual(...)`, `raises` of `raises(...)`; "" for a call of anything else."""
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _asserts(call: ast.Call) -> bool:
    """`self.assertEqual(...)`, `assert_that(...)`, `pytest.raises(...)`: a check, not an action."""
    name = _function_name(call)
    return name.lower().startswith(("assert", "fail", "expect", "check")) or name in ("raises", "warns")

"""How to trigger it (issue 29, §2): the repository's tests that raise the error, trimmed to their triggering call
and pinned to its line; a test that sets settings or builds values before the call is shown from its start to it,
since the call alone would not raise."""

import ast
import re
import textwrap

from kb.cards.links import place
from kb.models import ErrorEntry
from kb.text import breadth
from kb.text.escaping import code, fenced

MAX_EXAMPLES = 2
MAX_TEST_LINES = 40
# A test that changes settings around its call (a decorator, a `with` block): the call alone would not raise.
_SETS_SETTINGS = re.compile(r"(?:@|\bwith\s++)(?:self\.)?+(?:override_settings|modify_settings|settings)\(")
# A test that replaces the library's own code around the call (`mock.patch(...)`, `patch.object`, `monkeypatch`):
# trimmed, the call would not raise (round 16's card 15 raised only while `cs_is_ccw` was patched to return 0).
_PATCHES = re.compile(r"\b(?:patch(?:\.object|\.dict|\.multiple)?+|monkeypatch\.setattr)\(")


def scenario(test_name: str) -> str:
    """A test's name made readable: `QuerySetTests.test_negative_index` → "negative index"."""
    last = test_name.rsplit(".", 1)[-1].rsplit("::", 1)[-1]
    words = last.removeprefix("test_").removeprefix("test").replace("_", " ").strip()
    return words or last


def how_to_trigger(entry: ErrorEntry, tests: list[dict]) -> str:
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
        shown = _up_to_call(test, call) if set_up else []
        if set_up and len([line for line in shown or whole.splitlines() if line != "# …"]) > MAX_TEST_LINES:
            continue  # the call alone would not raise, and the lines that make it raise are too many to show
        if written:
            lines = textwrap.dedent("\n".join(written)).splitlines()
            call = bound if written == [bound] else ""
        elif set_up:
            # Trimmed, the call would not raise: the settings the test (or its class's decorators) changes or the
            # code it patches around it, or the values it builds before it (`qs = Book.objects.prefetch_related(
            # ...)` for `list(qs)`), are the cause. The test is shown from its start to that call.
            lines = shown or textwrap.dedent(whole).splitlines()
            call = ""
        else:
            lines = textwrap.dedent(call or whole).splitlines()
        if (set_up := str(test.get("set_up") or "")) and not head:
            # What its class's `setUp` binds for the call (`self.session = SessionBase()` for `self.session.save()`,
            # round 27's card 12): without it the lines would not run.
            lines = [f"# in {test.get('set_up_in') or 'setUp'}():", *set_up.splitlines(), "", *lines]
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
    return "\n\n".join(blocks)


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
    """The call as an expression, or a `with` statement the harvest kept with its header (`excerpts.entered_block`:
    what it enters may be what raises); SyntaxError for any other statement."""
    try:
        return ast.parse(call, mode="eval")
    except SyntaxError:
        module = ast.parse(call)
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


def _asserts(call: ast.Call) -> bool:
    """`self.assertEqual(...)`, `assert_that(...)`, `pytest.raises(...)`: a check, not an action."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return name.lower().startswith(("assert", "fail", "expect", "check")) or name in ("raises", "warns")

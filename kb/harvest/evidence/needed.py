"""Where a long test's lines up to its assertion must start so that they hold what those lines need (round 20's
card 09): every statement of the test's body above them that binds or changes a name they use (transitively), or
calls something on it for what the call does, and every decorated function or class defined there, whose decorator
does something when it runs (`@register(Tags.signals) def my_check(...)`). Whole statements only: the lines start
where a statement does.

Read only for a test longer than a card shows whole, once per assertion, over that test's own statements."""

import ast
import itertools
import textwrap
from collections.abc import Iterator

from kb.harvest.evidence.excerpts import asserts, is_check
from kb.text import breadth


def needed_start(function: ast.FunctionDef | ast.AsyncFunctionDef, line: int) -> int:
    """The line (the function's numbering) from which the test's lines up to its assertion on `line` are shown:
    the first line of the statement that holds the assertion, or of the earliest statement above it that the lines
    from there on need."""
    above = [statement for statement in function.body if _last(statement) < line]
    holding = [statement for statement in function.body if _first(statement) <= line <= _last(statement)]
    start = min([line, *(_first(statement) for statement in holding)])
    used = {name for statement in holding for name in _loaded(statement)}
    between: set[str] = set()  # what the statements passed over read: shown too once one above them is needed
    for statement in reversed(above):
        if _needed(statement, used):
            used |= _loaded(statement) | between
            between = set()
            start = _first(statement)
        else:
            between |= _loaded(statement)
    return start


def _needed(statement: ast.stmt, used: set[str]) -> bool:
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return bool(statement.decorator_list) or statement.name in used
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call) and not asserts(statement):
        # `Site.objects.all().delete()` before `Site.objects.get_current()`: a call made for what it does to
        # something the lines use (not an assertion).
        return bool(_loaded(statement) & used)
    return bool(_bound(statement) & used)


def _bound(statement: ast.stmt) -> set[str]:
    """The names a statement binds or changes (`x = ...`, `x.attr = ...`, `x[k] = ...`, `import x`, a nested
    `def x`)."""
    found: set[str] = set()
    for node in breadth.walk(statement):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            found.add(node.id)
        elif isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, (ast.Store, ast.Del)):
            base = node.value
            while isinstance(base, (ast.Attribute, ast.Subscript)):
                base = base.value
            if isinstance(base, ast.Name):
                found.add(base.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, ast.alias):
            found.add(node.asname or node.name.split(".")[0])
    return found


def _loaded(statement: ast.stmt) -> set[str]:
    return {
        node.id for node in breadth.walk(statement) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
    }


def _first(statement: ast.stmt) -> int:
    decorators = getattr(statement, "decorator_list", None) or []
    return min([statement.lineno, *(d.lineno for d in decorators)])


def _last(statement: ast.stmt) -> int:
    return statement.end_lineno or statement.lineno


MAX_NEEDED_LINES = 12  # a returned error's lines with what they need: past this, its own statements alone


def needed_lines(
    function: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str], shift: int, kept: list[ast.stmt]
) -> tuple[str, int] | None:
    """(the test's lines that `kept` needs to run as written, dedented; the first one's line in the file): the
    kept statements, every statement above them in the blocks that hold them that binds or changes a name they
    read (transitively, `_needed`), and the header of each block around them that is no check (`with
    timezone.override(tz):` around `form = EventForm(...)`, Django's tests/timezones/tests.py:1270-1272; the
    data a serializer is given, DRF's tests/test_relations_hyperlink.py:259). Statements passed over are left
    out. None when a kept statement sits where its block's header alone cannot show it (an `else:`, an
    `except:`), is not on a line of its own, or the lines are more than `MAX_NEEDED_LINES`."""
    chains = {id(statement): chain for statement, chain in _chains(function.body, ())}
    if not kept or any(id(statement) not in chains for statement in kept):
        return None
    headers: dict[int, ast.stmt] = {}
    while True:  # a header shown may read a name more lines bind, and those lines may need another header
        shown = _closure(function, chains, kept, headers)
        found = _headers(chains, kept, [*shown.values(), *headers.values()])
        if found is None:
            return None
        if found.keys() <= headers.keys():
            break
        headers |= found
    numbers: set[int] = set()
    for statement in shown.values():
        numbers.update(range(_first(statement), _last(statement) + 1))
    for outer in headers.values():
        body = getattr(outer, "body", None) or []
        if not body or body[0].lineno <= outer.lineno:
            return None
        numbers.update(range(_first(outer), body[0].lineno))
    for statement in [*shown.values(), *headers.values()]:
        line = lines[_first(statement) + shift - 1]
        if len(line) - len(line.lstrip()) != statement.col_offset and not getattr(statement, "decorator_list", None):
            return None  # not on a line of its own (`x = 1; y = 2`): its line would show more than it
    if len(numbers) > MAX_NEEDED_LINES:
        return None
    ordered = sorted(numbers)
    for before, after in itertools.pairwise(ordered):
        gap = range(before + 1, after)
        if gap and not lines[before + shift].strip():
            # The blank lines the test writes after a shown statement (the end of a class it defines), up to the
            # next line shown or the next that is not blank.
            numbers.update(itertools.takewhile(lambda number: not lines[number + shift - 1].strip(), gap))
    text = "\n".join(lines[number + shift - 1] for number in sorted(numbers))
    return textwrap.dedent(text).strip("\n"), min(numbers) + shift


def _closure(
    function: ast.FunctionDef | ast.AsyncFunctionDef, chains: dict, kept: list[ast.stmt], headers: dict[int, ast.stmt]
) -> dict[int, ast.stmt]:
    """The kept statements and those above them, in the blocks that hold them, that they (or the headers shown)
    need: read from the last up, a statement is needed when it binds or changes a name read below it (`_needed`);
    a name a shown statement binds anew (`bif = BigIntForm(...)`) is no longer read above it. A statement that calls
    something is kept though it binds nothing read (`_acts`), and so is a check that calls a method of a name read
    below it (`_checks_by_calling`): only what binds what nothing reads, calling nothing (`msg = "..."`,
    `expected = [...]`), and other checks are left out."""
    candidates: dict[int, ast.stmt] = {}
    for statement in kept:
        for block in [function.body, *(getattr(outer, field) for outer, field in chains[id(statement)])]:
            for above in block:
                if _last(above) < statement.lineno and id(above) not in headers:
                    candidates[id(above)] = above
    shown = {id(statement): statement for statement in kept}
    used: set[str] = set()
    order = {**candidates, **shown, **headers}
    for node in sorted(order.values(), key=lambda node: (_first(node), -_last(node)), reverse=True):
        if id(node) in headers:
            used |= _loaded_here(node)
        elif id(node) in shown or _needed(node, used) or _acts(node) or _checks_by_calling(node, used):
            shown[id(node)] = node
            used = (used - _rebound(node)) | _loaded(node)
            if isinstance(node, ast.AugAssign):  # `x += 1` reads the `x` it binds
                used |= _bound(node)
    return shown


def _acts(statement: ast.stmt) -> bool:
    """Whether a statement calls something, other than to check it (`self.assertTrue(...)`): what it does may be
    what the lines below need though they read nothing it binds (`Model.objects.create(race_name='example')`
    before a serializer that validates uniqueness, DRF 3.18.3's tests/test_validators.py:353-357)."""
    return not asserts(statement) and any(isinstance(node, ast.Call) for node in breadth.walk(statement))


def _checks_by_calling(statement: ast.stmt, used: set[str]) -> bool:
    """Whether a check calls a method of a name the lines below use: what the call does is done though it sits in
    a check (`self.assertTrue(form.is_valid())` validates the form that `form.save()` below saves, Django 5.2.19's
    tests/model_forms/tests.py:1092-1094; DRF's `serializer.save()` fails unless `is_valid()` ran first)."""
    if isinstance(statement, ast.Assert):
        checked = [statement.test]
    elif asserts(statement) and isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        checked = [*statement.value.args, *(keyword.value for keyword in statement.value.keywords)]
    else:
        return False
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id in used - {"self", "cls"}  # the test's own helpers: not what the lines run on
        for argument in checked
        for node in breadth.walk(argument)
    )


def _headers(chains: dict, kept: list[ast.stmt], visible: list[ast.stmt]) -> dict[int, ast.stmt] | None:
    """The blocks around the kept statements whose headers are shown: each that is no check, each inside one
    shown, and a check (`with self.assertNumQueries(0):`) with shown lines outside it; None when one of them
    cannot be shown by its header alone (an `else:`, an `except:`, a `try:`)."""
    found: dict[int, ast.stmt] = {}
    for statement in kept:
        opened = False  # a header shown: the blocks inside it are shown with theirs, or the lines misalign
        for outer, field in chains[id(statement)]:
            if field != "body":
                return None
            inside = all(outer.lineno < _first(node) and _last(node) <= _last(outer) for node in visible)
            if opened or not _transparent(outer) or not inside:
                if isinstance(outer, (ast.Try, ast.TryStar)):
                    return None
                found[id(outer)] = outer
                opened = True
    return found


def _rebound(statement: ast.stmt) -> set[str]:
    """The names a plain assignment binds anew (`x = ...`, `x, y = ...`): what is read of them above it is not
    what it binds."""
    targets = (
        statement.targets
        if isinstance(statement, ast.Assign)
        else [statement.target]
        if isinstance(statement, ast.AnnAssign) and statement.value is not None
        else []
    )
    return {node.id for target in targets for node in breadth.walk(target) if isinstance(node, ast.Name)} - {
        node.id
        for target in targets
        for node in breadth.walk(target)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
    }


def _chains(
    body: list[ast.stmt], chain: tuple[tuple[ast.stmt, str], ...]
) -> Iterator[tuple[ast.stmt, tuple[tuple[ast.stmt, str], ...]]]:
    """Each statement of the body, at any depth, with the blocks around it: (the compound statement, its field)."""
    for statement in body:
        yield statement, chain
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(statement, field, None)
            if isinstance(inner, list) and not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if not isinstance(statement, ast.ClassDef):
                    yield from _chains(inner, (*chain, (statement, field)))
        for handler in getattr(statement, "handlers", None) or []:
            yield from _chains(handler.body, (*chain, (statement, "handlers")))


def _transparent(outer: ast.stmt) -> bool:
    """A block whose header a snippet leaves out, its statements shown under the header's own: `try:` (its body
    runs the same without it) and a `with` that only checks what its body does (`with self.assertRaises(E):`);
    only outside every block whose header is shown (`for url in urls:` around `with self.subTest(url=url):`)."""
    if isinstance(outer, (ast.Try, ast.TryStar)):
        return True
    return isinstance(outer, (ast.With, ast.AsyncWith)) and all(is_check(item.context_expr) for item in outer.items)


def _loaded_here(statement: ast.stmt) -> set[str]:
    """The names a statement reads, or, for a block around kept lines, those its header reads."""
    if isinstance(statement, (ast.With, ast.AsyncWith)):
        return {name for item in statement.items for name in _loaded_in(item.context_expr)}
    if isinstance(statement, (ast.For, ast.AsyncFor)):
        return _loaded_in(statement.iter)
    if isinstance(statement, (ast.If, ast.While)):
        return _loaded_in(statement.test)
    return _loaded(statement)


def _loaded_in(node: ast.AST) -> set[str]:
    return {n.id for n in breadth.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}

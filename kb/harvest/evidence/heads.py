"""A test class's decorated header (round 18's card 12): `@override_settings(ROOT_URLCONF=None)` above
`class NoRootUrlConfTests(SimpleTestCase):` is what makes `self.client.get("/test/me/")` raise, so a test shown
as the way to trigger an error comes with it. A decorator that only decides whether the test runs at all
(`skipUnless...`, `expectedFailure`, `xfail`) changes nothing its call does and is left out. A class whose
set-up changes settings, patches code or sets a class's attribute for each test (`self.settings(...)`,
`mock.patch(...)`, `SimpleRateThrottle.scope = 'anon'` in `setUp`) is noted: its tests are not shown trimmed of it.
The instances its `setUp` builds (`self.negotiator = BaseContentNegotiation()`) are what its tests' `self.negotiator`
holds (`set_up_instances`)."""

import ast
import re
import textwrap
from typing import NamedTuple

from kb.text import breadth

MAX_HEAD_LINES = 12  # lines above a class header read for its decorators, and of the header itself
_DEFS = ("def ", "async def ")
_ONLY_WHETHER = ("skip", "expectedfailure", "xfail")  # a decorator's last name starting so: it runs or it does not
# Linear by construction (tests/harvest/test_adversarial_patterns.py): possessive repeats, a literal first.
_SET_UP = re.compile(r"(?<![ \t])([ \t]*+)(?:async[ \t]++)?+def[ \t]++(?:setUp|asyncSetUp|setup_method|setup_class)")
_CHANGES = re.compile(
    r"\b(?:override_settings|modify_settings|settings|patch(?:\.object|\.dict|\.multiple)?+|monkeypatch\.setattr)\("
    r"|\bsettings\.\w++[ \t]*+=(?!=)"
    # A class's attribute set for each test (DRF 3.18.3's tests/test_throttling.py:458-459, `SimpleRateThrottle.scope
    # = 'anon'`): the call trimmed of it raises something else.
    r"|(?<![\w.])[A-Z]\w*+(?:\.\w++)++[ \t]*+=(?!=)"
)


def class_head(lines: list[str], header: int, top: int) -> tuple[str, int, int]:
    """The class's decorators that may change what its tests do, with its header; the line the text starts on and
    the header's last line; ("", 0, 0) when it has none. `header`: the line of `class`; `top`: the first line of
    its decorators."""
    if top >= header:
        return "", 0, 0
    end = header
    while end < len(lines) and end < header + MAX_HEAD_LINES and not lines[end - 1].rstrip().endswith(":"):
        end += 1  # a header written over several lines (`class T(\n    A,\n    B,\n):`)
    text = textwrap.dedent("\n".join(lines[top - 1 : end]))
    try:
        tree = ast.parse(text + "\n    pass")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return "", 0, 0
    node = tree.body[0] if len(tree.body) == 1 else None
    if not isinstance(node, ast.ClassDef):
        return "", 0, 0
    source = text.split("\n")
    kept = [deco for deco in node.decorator_list if not _only_whether(deco)]
    if not kept:
        return "", 0, 0
    shown = [line for deco in kept for line in source[deco.lineno - 1 : deco.end_lineno or deco.lineno]]
    return "\n".join([*shown, *source[node.lineno - 1 :]]), top + kept[0].lineno - 1, end


def _only_whether(decorator: ast.expr) -> bool:
    called = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = called.attr if isinstance(called, ast.Attribute) else called.id if isinstance(called, ast.Name) else ""
    return name.lower().startswith(_ONLY_WHETHER)


def set_up_changes(lines: list[str], header: int, end: int) -> bool:
    """Whether a set-up method of the class on lines `header`..`end` (`setUp`, `setUpClass`, `setUpTestData`,
    pytest's `setup_method`) changes settings or patches code: one pass over the class's lines."""
    inside: int | None = None  # the indentation of the set-up method being read
    for line in lines[header : min(end, len(lines))]:
        stripped = line.lstrip()
        indent = len(line) - len(stripped)
        if inside is not None and stripped and indent <= inside and not stripped.startswith("#"):
            inside = None
        if inside is None and (found := _SET_UP.match(line)):
            inside = len(found.group(1))
        elif inside is not None and _CHANGES.search(line):
            return True
    return False


def set_up_instances(lines: list[str], header: int, end: int) -> dict[str, ast.Call]:
    """The instances the class's `setUp` (or pytest's `setup_method`) builds for each test: `self.name = Class(...)`
    as a statement of its own body (DRF 3.18.3's tests/test_negotiation.py:180-181, `self.negotiator =
    BaseContentNegotiation()`), by `self.name`. A name the set-up binds twice, or before a call that may bind it
    again (`super().setUp()`, `self.reset()`), or that another method of the class binds (`_stored_elsewhere`), is
    left out."""
    found: dict[str, ast.Call] = {}
    for function, _ in _set_ups(lines, header, end):
        stores = [node for node in breadth.walk(function) if _own_attribute(node, stored=True)]
        for statement in function.body:
            if any(_calls_own_code(node) for node in breadth.walk(statement)):
                found.clear()  # what it runs may bind any of them again
            if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
                continue
            target, value = statement.targets[0], statement.value
            if not isinstance(target, ast.Attribute) or not _own_attribute(target, stored=True):
                continue
            named = value.func.attr if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) else ""
            named = value.func.id if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) else named
            bound = sum(1 for node in stores if isinstance(node, ast.Attribute) and node.attr == target.attr)
            if isinstance(value, ast.Call) and named[:1].isupper() and bound == 1:
                found[f"self.{target.attr}"] = value
    if not found:
        return found
    elsewhere = _stored_elsewhere(lines, header)
    return {} if elsewhere is None else {name: call for name, call in found.items() if name not in elsewhere}


def _stored_elsewhere(lines: list[str], header: int) -> set[str] | None:
    """The `self.name`s that code other than the class's set-up and its tests binds, for its tests: a helper of
    the class or of a base the file defines (`self.use_default()`), a pytest fixture that runs after
    `setup_method`. None when the file does not parse, or such code sets an attribute by name (`setattr(self,
    ...)`). Not read: a base in another file, and a subclass's set-up (a mixin's tests may run there alone, but a
    TestCase's run with its own set-up too: Django 5.2.19's TableTests and ColumnsTests, in
    tests/backends/test_ddl_references.py)."""
    try:
        tree = ast.parse("\n".join(lines))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    classes = [node for node in breadth.walk(tree) if isinstance(node, ast.ClassDef)]
    own = next((node for node in classes if node.lineno == header), None)
    if own is None:
        return None
    bases = {_last_name(base) for base in own.bases}
    related = [own, *(node for node in classes if node.name in bases and node is not own)]
    stored: set[str] = set()
    for cls in related:
        for function in cls.body:
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or function.name.startswith("test"):
                continue
            for node in breadth.walk(function):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
                    if node.args and isinstance(node.args[0], ast.Name) and node.args[0].id == "self":
                        return None
            if function.name not in ("setUp", "setup_method"):
                stored |= stored_on_self(function)
    return stored


def _last_name(node: ast.expr) -> str:
    """`TestCase` of `unittest.TestCase` or `TestCase`; "" for another expression."""
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""


class Written(NamedTuple):
    """A statement of a class's set-up, as written: the names it binds and reads (`self.name` for an attribute of
    the test's instance, a local's name otherwise), whether it is a call made for what it does, and its text."""

    binds: frozenset[str]
    reads: frozenset[str]
    acts: bool
    calls: bool  # it calls something: what that does is not known
    text: str
    method: str  # the set-up method it is written in: `setUp`, or pytest's `setup_method`


def set_up_written(lines: list[str], header: int, end: int) -> list[Written]:
    """The statements of the class's set-up, in order, as written: those that build what a test's trimmed call
    reads (`self.session = SessionBase()` for `self.session.save()`) are shown with it (`needed_set_up`)."""
    written: list[Written] = []
    for function, offset in _set_ups(lines, header, end):
        for statement in function.body:
            binds, reads = _named(statement, ast.Store, ast.Del), _named(statement, ast.Load)
            acts = isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)
            first, last = offset + statement.lineno, offset + (statement.end_lineno or statement.lineno)
            text = textwrap.dedent("\n".join(lines[first - 1 : last])).strip("\n")
            calls = any(isinstance(node, ast.Call) for node in breadth.walk(statement))
            written.append(Written(binds, reads - binds if acts else reads, acts, calls, text, function.name))
    return written


def needed_set_up(written: list[Written], read: set[str], most: int) -> str:
    """The set-up's statements that bind what `read` names, and those they need in turn (`self.field =
    PrimaryKeyRelatedField(queryset=self.queryset)` needs `self.queryset = ...`), or that act on it; "" when they
    are more than `most` lines, or another statement calls something (`super().setUp()`,
    `User.objects.create(...)`: what it does may be what the call needs): the call is then shown alone."""
    wanted, kept = set(read), list[str]()
    for statement in reversed(written):
        if statement.binds & wanted or (statement.acts and statement.reads & wanted):
            kept.insert(0, statement.text)
            wanted |= statement.reads
        elif statement.calls:
            return ""  # what it does may be what the call needs: the set-up is not shown in part
    text = "\n".join(kept)
    return text if text.count("\n") < most else ""


def _named(statement: ast.stmt, *contexts: type) -> frozenset[str]:
    """The names a statement uses in one of `contexts`: `self.name` for an attribute of `self`, a name otherwise."""
    found: set[str] = set()
    for node in breadth.walk(statement):
        if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, contexts):
            # What `self.x.y = ...` or `data["k"] = ...` changes: `self.x`, `data`.
            base: ast.expr = node
            while isinstance(base, (ast.Attribute, ast.Subscript)) and not _own(base):
                base = base.value
            if _own(base):
                found.add(f"self.{base.attr}")  # type: ignore[attr-defined]
            elif isinstance(base, ast.Name) and base.id != "self":
                found.add(base.id)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, contexts) and node.id != "self":
            found.add(node.id)
        elif ast.Store in contexts and isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            # `class ExampleField(serializers.Field): ...` before `self.field = ExampleField()` (DRF 3.18.3's
            # tests/test_fields.py:356-360).
            found.add(node.name)
        elif ast.Store in contexts and isinstance(node, ast.alias):
            found.add(node.asname or node.name.split(".")[0])  # `from x import Y` before `self.y = Y()`
    return frozenset(found)


def _own(node: ast.expr) -> bool:
    """`self.name`."""
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


def _set_ups(lines: list[str], header: int, end: int) -> list[tuple[ast.FunctionDef, int]]:
    """The class's own `setUp` and `setup_method` on lines `header`..`end`, parsed, each with what its line
    numbers are off by in the file."""
    parsed: list[tuple[ast.FunctionDef, int]] = []
    last = min(end, len(lines))
    defs = [len(line) - len(line.lstrip()) for line in lines[header:last] if line.lstrip().startswith(_DEFS)]
    for index in range(header, last):
        if not (found := _SET_UP.match(lines[index])) or len(found.group(1)) != min(defs):
            continue  # a set-up of a class nested in this one
        indent = len(found.group(1))
        stop = index + 1
        while stop < last and (not lines[stop].strip() or len(lines[stop]) - len(lines[stop].lstrip()) > indent):
            stop += 1
        try:
            tree = ast.parse(textwrap.dedent("\n".join(lines[index:stop])))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        node = tree.body[0] if len(tree.body) == 1 else None
        if isinstance(node, ast.FunctionDef) and node.name in ("setUp", "setup_method"):
            parsed.append((node, index))
    names = [node.name for node, _ in parsed]
    return parsed if len(set(names)) == len(names) else []  # one defined twice: the last one counts, left out


def _own_attribute(node: ast.AST, *, stored: bool) -> bool:
    """`self.name`, stored (or deleted) when `stored`."""
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
        and isinstance(node.ctx, (ast.Store, ast.Del)) is stored
    )


def _calls_own_code(node: ast.AST) -> bool:
    """A call of the test's own methods (`self.reset()`) or of its bases' (`super().setUp()`)."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    while isinstance(func, ast.Attribute):
        func = func.value
    if isinstance(func, ast.Call) and isinstance(func.func, ast.Name) and func.func.id == "super":
        return True
    return (
        isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) and node.func.value.id == "self"
    )


def stored_on_self(function: ast.AST) -> set[str]:
    """The `self.name`s a function binds or deletes anywhere in it."""
    return {
        f"self.{node.attr}"
        for node in breadth.walk(function)
        if isinstance(node, ast.Attribute) and _own_attribute(node, stored=True)
    }

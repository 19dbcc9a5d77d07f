"""Exception types by their qualified names, resolved through each module's imports, never by importing it."""

import ast
import builtins
import re
from collections import Counter
from collections.abc import Callable, Container, Iterator
from dataclasses import dataclass, field
from itertools import islice

from kb.text import breadth
from kb.text.treedump import dump

BUILTIN_EXCEPTIONS = frozenset(
    name
    for name in dir(builtins)
    if isinstance(getattr(builtins, name), type) and issubclass(getattr(builtins, name), BaseException)
)
_DISAMBIGUATION = re.compile(r"@\d++(?=\.|$)")


@dataclass
class ModuleInfo:
    """What one module binds at its top level: imported names, classes, functions and other assignments."""

    name: str
    is_package: bool
    imports: dict[str, str] = field(default_factory=dict)  # local name -> qualified name
    classes: set[str] = field(default_factory=set)
    functions: set[str] = field(default_factory=set)
    assigned: dict[str, ast.expr | None] = field(default_factory=dict)  # last value bound at top level
    star_sources: list[str] = field(default_factory=list)  # modules of `from x import *`
    # Top-level functions by name, for following a message into a helper (kb.harvest.reading.evaluate).
    function_nodes: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = field(default_factory=dict)
    # Upper-case names the module binds once, at its top level and in no branch (`READ_STDIN = "-"`): the value
    # and its line, for a card to say what a test compares with (kb.harvest.reading.definitions).
    constants: dict[str, tuple[ast.expr, int]] = field(default_factory=dict)
    path: str = ""  # the file, as recorded on sites: set by the scan, for sites found in a helper of this module
    lines: list[str] = field(default_factory=list)
    body: list[ast.stmt] = field(default_factory=list, repr=False, compare=False)  # the module's statements
    # Its optional imports and literal containers by name (kb.harvest.reading.module_names), read on the first
    # question, which few modules are asked.
    module_names: dict[str, dict] | None = field(default=None, repr=False, compare=False)
    _stored: frozenset[str] | None = field(default=None, init=False, repr=False, compare=False)
    _replaced: frozenset[str] | None = field(default=None, init=False, repr=False, compare=False)
    # The `=` stores `stored` found, (value, target), kept for `replaced` until it is asked.
    _assigned: tuple[tuple[ast.expr, ast.Attribute], ...] = field(default=(), init=False, repr=False, compare=False)
    _others: frozenset[str] = field(default=frozenset(), init=False, repr=False, compare=False)  # stored otherwise
    _globals: frozenset[str] | None = field(default=None, init=False, repr=False, compare=False)
    _defined: Counter[str] | None = field(default=None, init=False, repr=False, compare=False)

    def defines(self, name: str) -> bool:
        return name in self.classes or name in self.functions or name in self.assigned

    @property
    def stored(self) -> frozenset[str]:
        """Attribute names the module assigns on objects other than `self`/`cls` (`op.id = key`, `setattr(x, "id",
        v)`), in functions and classes too: a class attribute so named may not keep its literal (issue 29, round
        5). Read on the first question, which few modules are asked: not for every module while all are parsed."""
        if self._stored is None:
            self._stored, self._others, self._assigned = stored_attributes(self.body)
        return self._stored

    @property
    def replaced(self) -> frozenset[str]:
        """`stored` but for a value made from the attribute itself (`compiler.query = compiler.query.clone()`):
        what `__init__` kept from an argument is then given another value (`q._mutable = False`). From the walk
        `stored` made (one walk of the module for both)."""
        if self._replaced is None:
            if self._stored is None:
                self._stored, self._others, self._assigned = stored_attributes(self.body)
            found = set(self._others)
            for value, target in self._assigned:
                if target.attr not in found and not _reads(value, target):
                    found.add(target.attr)
            self._replaced, self._assigned = frozenset(found), ()
        return self._replaced

    @property
    def declared_global(self) -> frozenset[str]:
        """The names a function of the module rebinds by `global NAME`: read once, on the first question."""
        if self._globals is None:
            # A `global` is a statement: the statements alone are walked (into functions and classes), not every
            # node of the module.
            found: set[str] = set()
            stack: list[ast.AST] = list(self.body)
            while stack:
                node = stack.pop()
                kind = type(node)
                if kind is ast.Global:
                    found.update(node.names)  # type: ignore[attr-defined]
                for block in block_fields(kind):
                    inner = getattr(node, block, None)
                    if isinstance(inner, list):
                        stack.extend(inner)
            self._globals = frozenset(found)
        return self._globals

    @property
    def definitions(self) -> Counter[str]:
        """How many `def`s and `class`es at the top level, branches included, bind each name (`class Widget` again
        under an `if`): read once, on the first question."""
        if self._defined is None:
            kinds = (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
            self._defined = Counter(node.name for node in _top_level(self.body) if isinstance(node, kinds))
        return self._defined

    @property
    def package(self) -> str:
        return self.name if self.is_package else self.name.rpartition(".")[0]

    def absolute(self, module: str | None, level: int) -> str:
        """`from ..x import y` in this module: the module it names."""
        if not level:
            return module or ""
        base = self.package.split(".") if self.package else []
        base = base[: len(base) - (level - 1)] if level > 1 else base
        return ".".join([*base, module] if module else base)


_CONSTANT = re.compile(r"[A-Z][A-Z0-9_]{1,60}+")
MAX_LITERAL = 12  # the most nodes a constant's literal may hold to be said


def _literal(expr: ast.expr, known: Container[str] = ()) -> bool:
    """A small literal: a number, text or bytes, or a tuple, list or set of those (`(0, 1)`, `-1`); or arithmetic
    of such and of the constants in `known` (`2 * CSRF_SECRET_LENGTH`): the reader is told the code and, in turn,
    what the constants it reads hold (never computed: a hostile module's `10 ** 10 ** 10` is not run)."""
    nodes = list(islice(breadth.walk(expr), MAX_LITERAL + 1))
    allowed = (ast.Constant, ast.Tuple, ast.List, ast.Set, ast.UnaryOp, ast.USub, ast.Load, ast.BinOp, ast.operator)
    return len(nodes) <= MAX_LITERAL and all(
        isinstance(node, allowed) or (isinstance(node, ast.Name) and node.id in known) for node in nodes
    )


def _compiled(expr: ast.expr, known: Container[str], imports: dict[str, str]) -> bool:
    """`re.compile(TZ_REGEX)`, `re.compile(r"...", re.I)`: a pattern compiled from a small literal or a constant in
    `known`, with flags of `re` only; a condition's `TZ_RE.match(text)` is read by its pattern (round 22's card
    22: an optional group matches every string). Quoted, never run."""
    if not isinstance(expr, ast.Call) or not 1 <= len(expr.args) <= 2:
        return False
    func = expr.func
    compiles = (
        isinstance(func, ast.Attribute)
        and func.attr == "compile"
        and isinstance(func.value, ast.Name)
        and imports.get(func.value.id) == "re"
    ) or (isinstance(func, ast.Name) and imports.get(func.id) == "re.compile")
    flags = [*expr.args[1:], *(keyword.value for keyword in expr.keywords if keyword.arg == "flags")]
    return (
        compiles
        and all(keyword.arg == "flags" for keyword in expr.keywords)
        and _literal(expr.args[0], known)
        and all(_re_flags(flag, imports) for flag in flags)
    )


def _re_flags(expr: ast.expr, imports: dict[str, str]) -> bool:
    """`re.I`, `re.IGNORECASE | re.VERBOSE`, `0`: flags of `re`, a few at most."""
    nodes = list(islice(breadth.walk(expr), MAX_LITERAL + 1))
    return len(nodes) <= MAX_LITERAL and all(
        isinstance(node, (ast.BinOp, ast.BitOr, ast.Load, ast.Constant))
        or (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and imports.get(node.value.id) == "re")
        or (isinstance(node, ast.Name) and imports.get(node.id) == "re")
        for node in nodes
    )


def read_module(tree: ast.Module, *, name: str, is_package: bool) -> ModuleInfo:
    info = ModuleInfo(name=name, is_package=is_package)
    direct = {id(node) for node in tree.body}
    bound: Counter[str] = Counter()
    for node in _top_level(tree.body):
        for target in node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]:
            if isinstance(target, ast.Name):
                bound[target.id] += 1
                if id(node) in direct and _CONSTANT.fullmatch(target.id) and node.value is not None:
                    info.constants[target.id] = (node.value, node.lineno)
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    info.imports[alias.asname] = alias.name
                else:
                    # `import a.b.c` binds `a`; `a.b.c.X` then resolves attribute by attribute.
                    head = alias.name.split(".")[0]
                    info.imports[head] = head
        elif isinstance(node, ast.ImportFrom):
            source = info.absolute(node.module, node.level)
            for alias in node.names:
                if alias.name == "*":
                    info.star_sources.append(source)
                else:
                    info.imports[alias.asname or alias.name] = f"{source}.{alias.name}" if source else alias.name
        elif isinstance(node, ast.ClassDef):
            info.classes.add(node.name)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            info.functions.add(node.name)
            info.function_nodes[node.name] = node
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    info.assigned[target.id] = node.value if len(node.targets) == 1 else None
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            info.assigned[node.target.id] = node.value
    info.body = tree.body
    literals: dict[str, tuple[ast.expr, int]] = {}
    for constant, (value, line) in info.constants.items():  # in the module's order: a constant reads earlier ones
        if bound[constant] == 1 and (_literal(value, literals) or _compiled(value, literals, info.imports)):
            literals[constant] = (value, line)
    info.constants = literals
    return info


def stored_attributes(
    body: list[ast.stmt],
) -> tuple[frozenset[str], frozenset[str], tuple[tuple[ast.expr, ast.Attribute], ...]]:
    """The attribute names assigned on anything but `self` or `cls` in these statements and those they hold
    (`op.id = key`, `setattr(op, "id", key)`); statements alone are walked, assignments being statements. With
    them, for `ModuleInfo.replaced` (which leaves out an `=` whose value reads the target itself, `c.query =
    c.query.clone()`): the names stored other than by an `=`, and each `=`'s (value, target)."""
    found: set[str] = set()
    others: set[str] = set()
    assigned: list[tuple[ast.expr, ast.Attribute]] = []
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        kind = type(node)  # the parser makes no subclasses: the exact type says what a statement is
        if kind in _ASSIGNMENTS:
            targets = node.targets if kind is ast.Assign else [node.target]  # type: ignore[attr-defined]
            for target in targets:
                for part in breadth.walk(target) if isinstance(target, (ast.Tuple, ast.List)) else [target]:
                    if isinstance(part, ast.Attribute) and not _is_self(part.value):
                        found.add(part.attr)
                        if kind is ast.Assign:
                            assigned.append((node.value, part))  # type: ignore[attr-defined]
                        else:
                            others.add(part.attr)
        elif kind is ast.Expr and isinstance(call := node.value, ast.Call):  # type: ignore[attr-defined]
            if isinstance(call.func, ast.Name) and call.func.id == "setattr" and len(call.args) >= 2:
                name = call.args[1]
                if isinstance(name, ast.Constant) and isinstance(name.value, str) and not _is_self(call.args[0]):
                    found.add(name.value)
                    others.add(name.value)
        for block in block_fields(kind):
            inner = getattr(node, block, None)
            if isinstance(inner, list):
                stack.extend(inner)
    return frozenset(found), frozenset(others), tuple(assigned)


_ASSIGNMENTS = frozenset({ast.Assign, ast.AnnAssign, ast.AugAssign})
_BLOCKS = ("body", "orelse", "finalbody", "handlers", "cases")


class _BlockFields(dict[type, tuple[str, ...]]):
    """A node type -> its fields that hold statements, read on the first question about the type."""

    def __missing__(self, kind: type) -> tuple[str, ...]:
        fields = getattr(kind, "_fields", ())
        found = self[kind] = tuple(name for name in _BLOCKS if name in fields)
        return found


# `block_fields(kind)`: the fields of a node type that hold statements (a body, handlers, cases), in the order the
# walks of statements read them; () for the simple statements, most of them, which are then not asked five times.
# The dictionary's own look-up, no Python call: the walks of statements ask it for each one (212,000 on Django).
block_fields: Callable[[type], tuple[str, ...]] = _BlockFields().__getitem__


def _reads(value: ast.expr, target: ast.Attribute) -> bool:
    """Whether the value reads the attribute it is assigned to (`x.query.clone()` for `x.query`)."""
    written = dump(target).replace("ctx=Store()", "ctx=Load()")
    return any(
        isinstance(node, ast.Attribute) and node.attr == target.attr and dump(node) == written
        for node in breadth.walk(value)
    )


def _is_self(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Name) and expr.id in ("self", "cls")


def _top_level(body: list[ast.stmt]):
    """Top-level statements, including those under `if`/`try` (conditional imports and fallbacks)."""
    for node in body:
        if isinstance(node, ast.If):
            yield from _top_level(node.body)
            yield from _top_level(node.orelse)
        elif isinstance(node, (ast.Try, ast.TryStar)):
            yield from _top_level(node.body)
            for handler in node.handlers:
                yield from _top_level(handler.body)
            yield from _top_level(node.orelse)
            yield from _top_level(node.finalbody)
        else:
            yield node


def imported_names(body: list[ast.stmt]) -> Iterator[str]:
    """Every absolute module name the statements import, in functions and classes too (`a.b`, `a.b.c` for
    `from a.b import c`): statements alone are walked, imports being statements."""
    for node in body:
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*")
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            inner = getattr(node, name, None)
            if isinstance(inner, list):
                yield from imported_names(inner)


def visible_name(qualified: str) -> str:
    """A qualified name as recorded: without the `@2` that tells apart modules of the same name (`scan`)."""
    return _DISAMBIGUATION.sub("", qualified) if "@" in qualified else qualified


def dotted(expr: ast.expr) -> list[str] | None:
    """`a.b.C` as ["a", "b", "C"]; None for anything that is not a plain dotted name."""
    parts = []
    while isinstance(expr, ast.Attribute):
        parts.append(expr.attr)
        expr = expr.value
    if not isinstance(expr, ast.Name):
        return None
    parts.append(expr.id)
    return parts[::-1]


class Resolver:
    """Qualified names across every module of one harvest, re-exports followed to where a class is defined."""

    def __init__(self, modules: dict[str, ModuleInfo]) -> None:
        self.modules = modules
        self._canonical: dict[str, str] = {}

    def qualify(self, parts: list[str], module: ModuleInfo, *, local_names: frozenset[str] = frozenset()) -> str | None:
        """The qualified name `parts` means in `module`, or None when it is a local value (unknowable)."""
        head, rest = parts[0], parts[1:]
        if head in local_names or head in ("self", "cls"):
            return None
        if head in module.imports:
            base = module.imports[head]
        elif module.defines(head):
            base = f"{module.name}.{head}"
        elif (star := self._star_source(module, head)) is not None:
            base = f"{star}.{head}"
        elif head in BUILTIN_EXCEPTIONS and not rest:
            return head
        else:
            # Bound by a star import or at run time: keep it as written, it is the best name there is.
            base = head
        return self.canonical(".".join([base, *rest]))

    def canonical(self, qualified: str) -> str:
        """Follow `package.Name` through the package's own imports to the module that defines Name."""
        if qualified not in self._canonical:
            self._canonical[qualified] = self._follow(qualified, depth=0)
        return self._canonical[qualified]

    def _follow(self, qualified: str, depth: int) -> str:
        parts = qualified.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            module = self.modules.get(".".join(parts[:cut]))
            if module is None:
                continue
            name, rest = parts[cut], parts[cut + 1 :]
            target = module.imports.get(name)
            if target is None and not module.defines(name) and (star := self._star_source(module, name)):
                target = f"{star}.{name}"
            if target and depth < 10 and target != qualified:
                return self._follow(".".join([target, *rest]), depth + 1)
            return qualified
        return qualified

    def _star_source(self, module: ModuleInfo, name: str, depth: int = 0) -> str | None:
        """The module a star import brings `name` from, when that module was harvested too."""
        for source in module.star_sources:
            info = self.modules.get(source)
            if info is None or depth > 5:
                continue
            if name in info.imports or info.defines(name):
                return source
            if self._star_source(info, name, depth + 1):
                return source
        return None

    def is_function(self, qualified: str) -> bool:
        module, _, name = qualified.rpartition(".")
        info = self.modules.get(module)
        return info is not None and name in info.functions and name not in info.classes

"""What a module and the tree's other modules do with a module-level container (issue 29, left from session 15):
a literal container is said as "one of ..." only while no code changes it. Its own module is read for the changes
in place (`changed_in_place`); the modules that import it, or its module (`serializers.BUILTIN_SERIALIZERS.
setdefault("geojson", ...)` in django/contrib/gis/apps.py:14, 5.2.19), for theirs; and, for a dict, list or set,
each of those for another name it is handed to (`registry = CONVERTERS`, `register(CONVERTERS)`, `return
CONVERTERS`), which may change it. A copy (`{**DEFAULTS}`, `list(ITEMS)`), a read, a test or a loop over it hands
nothing on. Read once per harvest and per module asked, never for a module no literal container is asked of."""

import ast
import re

from kb.harvest.reading.callers import is_test
from kb.harvest.reading.imports import ModuleInfo, Resolver, block_fields
from kb.text import breadth

MAX_FOLLOWED = 5  # re-exports followed from the module that binds a name

_MUTATORS = (
    "pop|popitem|remove|clear|update|append|extend|insert|add|discard|setdefault|sort|reverse|__setitem__"
    "|__delitem__|difference_update|intersection_update|symmetric_difference_update"
)
_CHANGED = re.compile(rf"\b([A-Za-z_]\w{{0,100}}+)\s*+\.\s*+(?:{_MUTATORS})\s*+\(")


def changed_in_place(info: ModuleInfo) -> set[str]:
    """Names the module changes in place anywhere, in functions too: an item or slice set or deleted, an augmented
    assignment, `global NAME`, a mutating method's call (one scan of the text, linear)."""
    return changes(info)[0]


def changes(info: ModuleInfo) -> tuple[set[str], set[str]]:
    """(`changed_in_place`'s names; the dotted chains the module stores into or rebinds, `serializers.
    BUILTIN_SERIALIZERS` of `serializers.BUILTIN_SERIALIZERS["x"] = ...` and of `serializers.BUILTIN_SERIALIZERS =
    ...`, with the names a mutating method is called on)."""
    found: set[str] = set()
    chains: set[str] = set()
    stack: list[ast.AST] = list(info.body)
    while stack:
        statement = stack.pop()
        if isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Delete)):
            targets = statement.targets if isinstance(statement, (ast.Assign, ast.Delete)) else [statement.target]
            for target in targets:
                for node in breadth.walk(target):
                    if isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(node.value, ast.Name):
                        found.add(node.value.id)
                    elif isinstance(node, ast.Name) and isinstance(statement, ast.AugAssign):
                        found.add(node.id)
                    if isinstance(node, ast.Subscript) and (dotted := _dotted(node.value)):
                        chains.add(dotted)
                    elif isinstance(node, ast.Attribute) and (dotted := _dotted(node)):
                        chains.add(dotted)
        elif isinstance(statement, (ast.Global, ast.Nonlocal)):
            found.update(statement.names)
        for name in block_fields(type(statement)):
            stack.extend(getattr(statement, name, None) or [])
        if isinstance(statement, (ast.Try, ast.TryStar)):
            stack.extend(statement.handlers)
    called = {match[1] for match in _CHANGED.finditer("\n".join(info.lines))}
    return found | called, chains | called


def _dotted(node: ast.expr) -> str:
    """`a.b.c` of a chain of attributes on a name; "" for anything else."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    return ".".join([node.id, *reversed(parts)]) if isinstance(node, ast.Name) else ""


# Calls that read their argument, or copy it, and hand no reference to it on.
_READING_CALLS = frozenset(
    {
        "len",
        "sorted",
        "list",
        "tuple",
        "set",
        "frozenset",
        "dict",
        "iter",
        "enumerate",
        "reversed",
        "str",
        "repr",
        "any",
        "all",
        "min",
        "max",
        "sum",
        "isinstance",
        "print",
        "bool",
        "zip",
        "map",
        "filter",
        "hash",
        "id",
        "type",
        "format",
    }
)
# Where a name read hands the object on: (the node's class, its field).
_HANDED_ON = frozenset(
    {
        (ast.Assign, "value"),
        (ast.AnnAssign, "value"),
        (ast.NamedExpr, "value"),
        (ast.Return, "value"),
        (ast.Yield, "value"),
        (ast.YieldFrom, "value"),
        (ast.Tuple, "elts"),
        (ast.List, "elts"),
        (ast.Set, "elts"),
        (ast.IfExp, "body"),
        (ast.IfExp, "orelse"),
        (ast.BoolOp, "values"),
        (ast.keyword, "value"),
        (ast.arguments, "defaults"),
        (ast.arguments, "kw_defaults"),
        (ast.Lambda, "body"),
        (ast.withitem, "context_expr"),
    }
)


class Others:
    """The tree's modules by what they import (read once per harvest), and what each module asked does with its
    names (read once per module)."""

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver
        self.importers: dict[str, list[tuple[ModuleInfo, str]]] = {}  # qualified name -> (module, local name)
        for info in resolver.modules.values():
            if is_test(info.path, ""):
                continue  # a test's own change (`signals.COMPLEX_OVERRIDE_SETTINGS.add("TEST_WARN")`) is its fixture
            for local, qualified in info.imports.items():
                self.importers.setdefault(qualified, []).append((info, local))
            for source in info.star_sources:
                self.importers.setdefault(f"{source}.*", []).append((info, ""))
        self._changed: dict[str, tuple[set[str], set[str]]] = {}
        self._handed: dict[str, set[str]] = {}

    def change(self, module: ModuleInfo, name: str, mutable: bool) -> bool:
        """Whether code other than the module's own changes in place (or rebinds) `name` of `module`, or, for a
        mutable container, may through another name: its module's, or any module importing it."""
        if mutable and name in self.handed(module):
            return True
        qualified = [f"{module.name}.{name}"]
        for _step in range(MAX_FOLLOWED):
            following = []
            for target in qualified:
                for other, local in self.importers.get(target, ()):
                    if local in self.changed(other) or (mutable and local in self.handed(other)):
                        return True
                    following.append(f"{other.name}.{local}")  # imported again from there
            qualified = following
        parts = module.name.split(".")
        for cut in range(len(parts), 0, -1):  # the module, or a package above it, imported whole
            for other, local in self.importers.get(".".join(parts[:cut]), ()):
                if not any(name in line for line in other.lines):
                    continue  # never names it: read no further (most modules importing `django` do not)
                if {".".join([local, *parts[cut:], name]), name} & self.chains(other):
                    return True
        for other, _ in self.importers.get(f"{module.name}.*", ()):
            if name in self.changed(other) or (mutable and name in self.handed(other)):
                return True
        return False

    def changed(self, info: ModuleInfo) -> set[str]:
        return self._changes(info)[0]

    def chains(self, info: ModuleInfo) -> set[str]:
        return self._changes(info)[1]

    def _changes(self, info: ModuleInfo) -> tuple[set[str], set[str]]:
        if info.name not in self._changed:
            self._changed[info.name] = changes(info)
        return self._changed[info.name]

    def handed(self, info: ModuleInfo) -> set[str]:
        if info.name not in self._handed:
            self._handed[info.name] = handed_on(info.body)
        return self._handed[info.name]


_kept: list[Others] = []  # the last harvest's: one resolver at a time


def others(resolver: Resolver) -> Others:
    """The `Others` of this harvest's resolver, made on the first question."""
    if not _kept or _kept[0].resolver is not resolver:
        _kept[:] = [Others(resolver)]
    return _kept[0]


def let_go() -> None:
    """The harvest is over: its resolver, and through it every syntax tree, no longer kept here."""
    _kept.clear()


def handed_on(body: list[ast.stmt]) -> set[str]:
    """The names the statements read where the object goes on under another name (`_HANDED_ON`), or to a call that
    may keep or change it (an argument of a call not in `_READING_CALLS`); one walk."""
    found: set[str] = set()
    for parent in breadth.walk(ast.Module(body=body, type_ignores=[])):
        for field, value in ast.iter_fields(parent):
            for child in value if isinstance(value, list) else [value]:
                if not isinstance(child, ast.Name) or not isinstance(child.ctx, ast.Load):
                    continue
                if (type(parent), field) in _HANDED_ON:
                    found.add(child.id)
                elif field == "values" and isinstance(parent, ast.Dict):
                    # `{"k": X}` keeps it; `{**X}` copies its items.
                    found.update(v.id for k, v in zip(parent.keys, parent.values, strict=True) if k and v is child)
                elif field == "args" and isinstance(parent, ast.Call) and not _reading(parent.func):
                    found.add(child.id)
    return found


def _reading(func: ast.expr) -> bool:
    return (isinstance(func, ast.Name) and func.id in _READING_CALLS) or (
        isinstance(func, ast.Attribute) and func.attr == "join"
    )

"""Classes across the whole harvest: where class-attribute messages (`default_detail`,
`default_error_messages`) and methods are inherited from."""

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from kb.harvest.reading.imports import ModuleInfo, Resolver, dotted
from kb.harvest.reading.messages import Parts

# Metaclasses outside the harvest: a class with one among its bases (or its ancestors') makes classes.
_METACLASSES = frozenset({"type", "abc.ABCMeta", "enum.EnumMeta", "enum.EnumType"})

# What an exception class words itself: (the message parts, the `__init__` parameters they may name).
OwnMessage = tuple[Parts, list[str]]


@dataclass
class ClassInfo:
    qualname: str  # module.Outer.Inner
    module: ModuleInfo
    bases: list[list[str]]  # dotted names as written in the class statement
    attributes: dict[str, ast.expr] = field(default_factory=dict)
    error_messages: dict[str, ast.expr] = field(default_factory=dict)
    methods: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = field(default_factory=dict)
    annotations: dict[str, ast.expr] = field(default_factory=dict)  # `name: str` in the class body
    metaclass: list[str] | None = None  # `metaclass=ModelBase` in the class statement, a dotted name as written


def read_classes(tree: ast.Module, module: ModuleInfo) -> list[ClassInfo]:
    found: list[ClassInfo] = []
    _read(tree.body, module, prefix=module.name, found=found)
    return found


def _read(body: list[ast.stmt], module: ModuleInfo, *, prefix: str, found: list[ClassInfo]) -> None:
    for node in body:
        if not isinstance(node, ast.ClassDef):
            continue
        info = ClassInfo(f"{prefix}.{node.name}", module, [p for b in node.bases if (p := dotted(_generic_origin(b)))])
        for keyword in node.keywords:
            if keyword.arg == "metaclass":
                info.metaclass = dotted(keyword.value)
        for statement in node.body:
            targets, value = _assignment(statement)
            for name in targets:
                if name in ("default_error_messages", "error_messages") and isinstance(value, ast.Dict):
                    info.error_messages = dict_items(value)
                elif value is not None:
                    info.attributes[name] = value
            if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
                info.annotations[statement.target.id] = statement.annotation
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                info.methods[statement.name] = statement
        found.append(info)
        _read(node.body, module, prefix=info.qualname, found=found)


def _generic_origin(base: ast.expr) -> ast.expr:
    """`ParamType[str]`, `Generic[T]`: a subscripted base is its class."""
    return base.value if isinstance(base, ast.Subscript) else base


def dict_items(value: ast.Dict) -> dict[str, ast.expr]:
    return {
        k.value: v
        for k, v in zip(value.keys, value.values, strict=True)
        if isinstance(k, ast.Constant) and isinstance(k.value, str)
    }


def _assignment(statement: ast.stmt) -> tuple[list[str], ast.expr | None]:
    if isinstance(statement, ast.Assign):
        return [t.id for t in statement.targets if isinstance(t, ast.Name)], statement.value
    if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
        return [statement.target.id], statement.value
    return [], None


class ClassIndex:
    def __init__(self, classes: list[ClassInfo], resolver: Resolver) -> None:
        self.classes = {c.qualname: c for c in classes}
        self.resolver = resolver
        self._mro: dict[str, list[ClassInfo]] = {}
        self._subclasses: dict[str, list[ClassInfo]] | None = None
        self._metaclasses: dict[str, bool] = {}  # qualname -> whether it is a metaclass (`is_metaclass`)
        self._declaring: dict[str, list[ClassInfo]] | None = None  # a metaclass -> the classes naming it (`declaring`)
        self._stored: dict[str, frozenset[str]] = {}  # package -> attribute names its modules set on other objects
        # Exception classes that word their own message (`__init__` or `__str__`): qualname -> parts, or None.
        self.own_messages: dict[str, OwnMessage | None] = {}
        self.own_variants: dict[str, list[Any]] = {}  # their other wordings (own_messages.own_variants)
        # What each class's `__str__` prints around the message a raise gives it (own_messages.worded_around).
        self.str_wrappings: dict[str, list[Any]] = {}
        # How each class formats its first argument with the others: "%", "{}" or None (extract._formats_args).
        self.formats_args: dict[str, str | None] = {}
        # Module-level instances of these classes, by class (kb.harvest.reading.instances), read on first use.
        self.instances: dict[str, list[tuple[ast.Call, ModuleInfo]]] | None = None
        # Calls of each module's top-level classes in its own functions, by module and class name (the same module).
        self.made_in_functions: dict[str, dict[str, list[ast.Call]]] = {}
        # The attributes each class's own methods assign on `self` (kb.harvest.reading.types), by qualname, read once.
        self.set_on_instance: dict[str, frozenset[str]] = {}
        # Calls in the harvest's functions by the name they call (kb.harvest.reading.evaluate), read on first use.
        self.calls_by_name: dict[str, list[Any]] | None = None
        self.constructions: dict[str, list[Any]] | None = None  # the same for calls of CapWords names (classes)
        self.module_calls: dict[str, dict[str, list[Any]]] = {}  # the same for one module's functions, by module
        # Read once per class or function for the evaluator (kb.harvest.reading.evaluate): what each class's methods
        # assign to `self.<name>` by calling a class, and whether a function raises or calls anything at all.
        self.assigned_calls: dict[str, dict[str, list[Any]]] = {}
        self.may_raise: dict[int, bool] = {}
        # The tests of a parameter holding a line of a callee, by the ids of its node and the line (`evaluate`).
        self.branch_tests: dict[tuple[int, int], list[Any]] = {}
        self.store_raises: dict[tuple[str, str], list[Any]] = {}  # the raises of what `self.<name>` keeps, by class
        self.function_modules: dict[int, Any] = {}  # a module-level function's ModuleInfo, by id of its node
        # A callee's bindings as first recorded, by the ids of its node and module (`evaluate._scope_of`).
        self.callee_bindings: dict[tuple[int, int], Any] = {}
        # Read once for messages (kb.harvest.reading.scopes): what `__init__` sets `self.<name>` to, per class and
        # name, and what a module function returns, per function node.
        self.set_in_init: dict[tuple[str, str, bool], Any] = {}
        self.function_results: dict[int, list[Any]] = {}
        # Generators that yield exception instances, by name (kb.harvest.reading.yielded), read on first use.
        self.yielders: dict[str, list[Any]] | None = None
        # Each module's namedtuple records, by module name (kb.harvest.reading.records), read on first use.
        self.records: dict[str, list[Any]] = {}
        # The classes each module function returns from a table, by id of its node (kb.harvest.reading.class_tables).
        self.table_returns: dict[int, list[str]] = {}

    def let_go(self) -> None:
        """The harvest is read: every reading kept here is dropped, as a new index's (its classes and resolver kept).
        Readers keep scopes here, each naming this index: a cycle that held every syntax tree of the harvest until
        the collector's next full pass, which walked them all (at the process's end: a million objects for Django)."""
        for name, empty in vars(ClassIndex([], self.resolver)).items():
            if name not in ("classes", "resolver"):
                setattr(self, name, empty)

    def get(self, qualname: str) -> ClassInfo | None:
        return self.classes.get(qualname)

    def mro(self, qualname: str) -> list[ClassInfo]:
        """The class and its ancestors that this harvest read, depth first (close enough to C3 for lookups)."""
        if qualname not in self._mro:
            self._mro[qualname] = list(self._walk(qualname, seen=set()))
        return self._mro[qualname]

    def _walk(self, qualname: str, seen: set[str]) -> Iterator[ClassInfo]:
        info = self.classes.get(qualname)
        if info is None or qualname in seen:
            return
        seen.add(qualname)
        yield info
        for base in info.bases:
            resolved = self.resolver.qualify(base, info.module)
            if resolved:
                yield from self._walk(resolved, seen)

    def attribute(self, qualname: str, name: str) -> tuple[ast.expr, ClassInfo] | None:
        for info in self.mro(qualname):
            if name in info.attributes:
                return info.attributes[name], info
        return None

    def error_message(self, qualname: str, key: str) -> tuple[ast.expr, ClassInfo] | None:
        for info in self.mro(qualname):
            if key in info.error_messages:
                return info.error_messages[key], info
        return None

    def method(self, qualname: str, name: str) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, ClassInfo] | None:
        for info in self.mro(qualname):
            if name in info.methods:
                return info.methods[name], info
        return None

    def stored_near(self, info: ClassInfo, name: str) -> bool:
        """Whether a module of the package that defines `info` assigns `<obj>.<name>` or `setattr`s it on an
        object other than `self` (`op.id = key` in Django's `smartif.py`)."""
        module = info.module
        package = module.package
        found = self._stored.get(package)
        if found is None:  # read per package asked about: the modules of the others are never walked for it
            found = self._stored[package] = frozenset().union(
                *(other.stored for other in self.resolver.modules.values() if other.package == package)
            )
        return name in module.stored or name in found

    def is_metaclass(self, qualname: str) -> bool:
        """Whether the class is a metaclass: `type` (or `abc.ABCMeta`, ...) is a base of it or of an ancestor this
        harvest read (`class ModelFormMetaclass(DeclarativeFieldsMetaclass)`, `class MediaDefiningClass(type)`).
        A base the harvest did not read says nothing: such a class is not one."""
        found = self._metaclasses.get(qualname)
        if found is None:
            found = self._metaclasses[qualname] = any(
                self.resolver.qualify(base, info.module) in _METACLASSES
                for info in self.mro(qualname)
                for base in info.bases
            )
        return found

    def declaring(self, qualname: str) -> list[ClassInfo]:
        """The classes whose statement names the metaclass, as the module binds it (`class Model(AltersData,
        metaclass=ModelBase)`); one whose keyword names what the harvest cannot resolve names none. Read on the
        first question, from the keywords the index read with each class."""
        if self._declaring is None:
            self._declaring = {}
            for info in self.classes.values():
                if info.metaclass is not None and (named := self.resolver.qualify(info.metaclass, info.module)):
                    self._declaring.setdefault(named, []).append(info)
        return self._declaring.get(qualname, [])

    def subclasses(self, qualname: str) -> list[ClassInfo]:
        """The classes this harvest read that inherit from `qualname` (not itself), in reading order."""
        if self._subclasses is None:
            self._subclasses = {}
            for info in self.classes.values():
                for ancestor in self.mro(info.qualname)[1:]:
                    self._subclasses.setdefault(ancestor.qualname, []).append(info)
        return self._subclasses.get(qualname, [])

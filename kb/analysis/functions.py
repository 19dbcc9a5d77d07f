"""What each function of a harvested tree names in its body, for the verifier's call routes (`kb.analysis.routes`):
"`A()` calls `B()`" is contradicted when no definition of `A` names `B` at all.

A tree is indexed by one linear pattern as it is read (which files define a function of which name); a file is
parsed with `ast` only when a claim names one of its functions, as `declarations` parses classes.

Conservative by design: a body is read by name, not by type, and counts every name it mentions (a call, an
attribute read, a name handed on as a callback, a string that is a name: a dispatch table's key, `getattr(self,
"clean")`; not a docstring's words). A function whose calls cannot all be seen in it is "open" and never contradicts
a route: a decorator that may wrap it, a `getattr` of a computed name, `eval`/`exec`."""

import ast
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

DEF_LINE = re.compile(r"(?m)^[ \t]*+(?:async[ \t]++)?def[ \t]++([A-Za-z_]\w*+)")
WORD = re.compile(r"[A-Za-z_]\w*+")
# Decorators that do not call anything on the function's behalf.
PLAIN_DECORATORS = frozenset(
    {
        "property",
        "cached_property",
        "staticmethod",
        "classmethod",
        "setter",
        "getter",
        "deleter",
        "abstractmethod",
        "override",
        "overload",
        "wraps",
        "lru_cache",
        "cache",
        "final",
        "contextmanager",
        "asynccontextmanager",
    }
)
# Decorators that make a method an attribute: read (assigned, deleted) as `obj.name`, never called.
ACCESSORS = frozenset({"property", "cached_property", "classproperty", "getter", "setter", "deleter"})
# What Python runs without naming it: `len(x)` runs `__len__`, `x[i]` `__getitem__`, `for` `__iter__`.
BUILTIN_DUNDERS = {
    name: f"__{name}__" for name in ("len", "iter", "next", "bool", "repr", "str", "hash", "reversed", "format")
}
IMPLIED: dict[type, tuple[str, ...]] = {
    ast.For: ("__iter__",),
    ast.comprehension: ("__iter__",),
    ast.Starred: ("__iter__",),
    ast.Subscript: ("__getitem__", "__setitem__", "__delitem__", "__class_getitem__"),
    ast.With: ("__enter__", "__exit__"),
    ast.In: ("__contains__",),
    ast.NotIn: ("__contains__",),
    ast.Not: ("__bool__", "__len__"),
    ast.BitAnd: ("__and__",),
    ast.BitOr: ("__or__",),
    ast.BitXor: ("__xor__",),
    ast.Eq: ("__eq__",),
    ast.NotEq: ("__ne__", "__eq__"),
    ast.Await: ("__await__",),
}
KEPT_TREES = 8
DYNAMIC = frozenset({"getattr", "eval", "exec", "methodcaller", "__getattribute__"})


@dataclass(frozen=True)
class Body:
    """One definition: where, its qualified name (`Class.method`, `outer.inner`), its module's dotted path, the
    names its body mentions, and whether calls hidden from its text may run (`open`)."""

    path: str
    qualname: str
    module: tuple[str, ...]
    mentions: frozenset[str]
    open: bool
    line: int = 0
    params: tuple[str, ...] = ()  # the positional parameters, `self` included
    bound: bool = False  # a method of a class (not a static one): `obj.m(x)` hands `x` to its second parameter
    raises: bool = False  # its body has a `raise` statement
    accessed: bool = False  # a property's getter, setter or deleter (`@property`, `@cached_property`): never called

    @property
    def owner(self) -> str:
        return self.qualname.rpartition(".")[0]

    @property
    def name(self) -> str:
        return self.qualname.rpartition(".")[2]

    def named(self, dotted: list[str]) -> bool:
        """Whether `a.b.c` (as a claim writes it) is a tail of this function's module path and qualified name."""
        full = [*self.module, *self.qualname.split(".")]
        return len(dotted) <= len(full) and full[len(full) - len(dotted) :] == dotted


@dataclass
class Functions:
    files: dict[str, set[str]] = field(default_factory=dict)  # a function's name -> the files defining one
    bodies: dict[str, list[Body]] = field(default_factory=dict)  # by name, of the files parsed
    by_path: dict[str, list[Body]] = field(default_factory=dict)
    reader: Callable[[str], str] | None = None
    parsed: set[str] = field(default_factory=set)
    unread: set[str] = field(default_factory=set)  # files indexed that do not parse
    # By the id of a body (alive as long as this index): the functions of its class or module it names or runs.
    steps: dict[int, list[Body]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    texts: dict[str, str] = field(default_factory=dict)  # files read with no reader (a test's): parsed again
    trees: dict[str, ast.Module | None] = field(default_factory=dict)  # the last few files parsed again, by path
    # What `kb.analysis.ways` read of a body once (a guard around a call, an exit above one), by a key of its own.
    read_once: dict[tuple, object] = field(default_factory=dict)

    def index(self, path: str, code: str) -> None:
        for name in DEF_LINE.findall(code):
            self.files.setdefault(name, set()).add(path)

    def defined(self, name: str) -> list[Body]:
        """Every definition of a function of this name the tree has (its files parsed on first need)."""
        paths = self.files.get(name, set())
        if self.reader is not None and not paths <= self.parsed:
            with self.lock:
                for path in sorted(paths - self.parsed):
                    self.read(self.reader(path), path)
                    self.parsed.add(path)  # after its bodies: another thread reads without the lock
        return self.bodies.get(name, [])

    def defined_in(self, name: str, paths: set[str]) -> list[Body]:
        """The definitions of a function of this name in these files of the tree (only they are parsed): a claim
        about a way in names where its steps are, and `__init__` is defined in hundreds of files."""
        wanted = paths & self.files.get(name, set())
        if self.reader is not None and not wanted <= self.parsed:
            with self.lock:
                for path in sorted(wanted - self.parsed):
                    self.read(self.reader(path), path)
                    self.parsed.add(path)
        return [body for body in self.bodies.get(name, []) if body.path in wanted]

    def complete(self, name: str) -> bool:
        """Whether every file defining `name` was read."""
        return self.unread.isdisjoint(self.files.get(name, ()))

    def in_file(self, path: str) -> list[Body]:
        """The definitions of a file parsed already."""
        return self.by_path.get(path, [])

    def read(self, code: str, path: str = "") -> None:
        """Parses one file at once: each function's body, under its qualified name."""
        if self.reader is None:
            self.texts[path] = code
        try:
            tree = ast.parse(code)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            self.unread.add(path)
            return
        module = tuple(path.removesuffix(".py").removesuffix("/__init__").split("/")) if path else ()
        for qualname, node, method in _definitions(tree.body, ""):
            mentions, opened, raises = _mentions(node)
            params = tuple(arg.arg for arg in (*node.args.posonlyargs, *node.args.args))
            static = any(_last(d) == "staticmethod" for d in node.decorator_list)
            accessed = method and any(_last(d) in ACCESSORS for d in node.decorator_list)
            body = Body(
                path, qualname, module, mentions, opened, node.lineno, params, method and not static, raises, accessed
            )
            self.bodies.setdefault(node.name, []).append(body)
            self.by_path.setdefault(path, []).append(body)
            self.files.setdefault(node.name, set()).add(path)  # a file read without the index (a test's) too

    def node(self, body: Body) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        """A definition's tree, its file parsed again (the last few files are kept): only a claim that needs what
        a body does in order (`kb.analysis.ways`) asks, so no tree is kept for every function read."""
        tree = self.tree(body.path)
        found = _definitions(tree.body, "") if tree is not None else iter(())
        return next((node for name, node, _ in found if name == body.qualname and node.lineno == body.line), None)

    def tree(self, path: str) -> ast.Module | None:
        """A file of the tree parsed again (the last few are kept); None when it does not parse."""
        with self.lock:
            if path not in self.trees:
                code = self.reader(path) if self.reader is not None else self.texts.get(path, "")
                try:
                    parsed: ast.Module | None = ast.parse(code)
                except (SyntaxError, ValueError, RecursionError, MemoryError):
                    parsed = None
                if len(self.trees) >= KEPT_TREES:
                    del self.trees[next(iter(self.trees))]
                self.trees[path] = parsed
            return self.trees[path]


def _definitions(
    statements: list[ast.stmt], prefix: str
) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef, bool]]:
    """Each function under its qualified name, and whether a class holds it; classes and functions nested in others
    included (no recursion deeper than the tree's own nesting, which `ast.parse` bounds)."""
    pending = [(statements, prefix, False)]
    while pending:
        body, outer, in_class = pending.pop()
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                yield outer + node.name, node, in_class
                pending.append((node.body, f"{outer}{node.name}.", False))
            elif isinstance(node, ast.ClassDef):
                pending.append((node.body, f"{outer}{node.name}.", True))
            else:
                # A definition under `if TYPE_CHECKING:`, in a `try` or a loop is still the module's or class's.
                inner = [*getattr(node, "body", []), *getattr(node, "orelse", []), *getattr(node, "finalbody", [])]
                for part in (*getattr(node, "handlers", []), *getattr(node, "cases", [])):
                    inner += part.body
                if inner:
                    pending.append((inner, outer, in_class))


def _mentions(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[frozenset[str], bool, bool]:
    """The names a function's body mentions (the dunders it runs implicitly included), whether it is open, and
    whether it raises (a `raise` of a function nested in it counts too: said as an exit rather than read)."""
    names: set[str] = set()
    raises = False
    opened = any(_last(d.func if isinstance(d, ast.Call) else d) not in PLAIN_DECORATORS for d in node.decorator_list)
    for inner in ast.walk(node):
        raises = raises or isinstance(inner, ast.Raise)
        names.update(IMPLIED.get(type(inner), ()))
        if isinstance(inner, ast.If | ast.While | ast.IfExp) and isinstance(inner.test, ast.Name):
            names.update(("__bool__", "__len__"))  # `if queryset:`
        if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id in BUILTIN_DUNDERS:
            names.add(BUILTIN_DUNDERS[inner.func.id])
        if isinstance(inner, ast.Name):
            names.add(inner.id)
        elif isinstance(inner, ast.Attribute):
            names.add(inner.attr)
        elif isinstance(inner, ast.Constant) and isinstance(inner.value, str) and WORD.fullmatch(inner.value):
            names.add(inner.value)  # `getattr(self, "clean")`, a dispatch table's key; not a docstring's words
        elif isinstance(inner, ast.Call) and _last(inner.func) in DYNAMIC:
            constant = inner.args[1:2] and isinstance(inner.args[1], ast.Constant)
            opened = opened or _last(inner.func) != "getattr" or not constant
    return frozenset(names), opened, raises


def _last(node: ast.expr) -> str:
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""

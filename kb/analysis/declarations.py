"""What a harvested tree declares, for the verifier: each class's own members and bases (so a claim's
`Class.member` can be checked as a pair), and the names the repository declares as command-line destinations
(argparse `dest=`, the fields of dataclasses and config structs whose names become `--a-b` flags).

A tree is indexed by a few linear patterns as it is read (which files define which class, which may declare a
field); a file is parsed with `ast` only when a claim needs one of its classes or fields: sglang's 5,000 files are
not all parsed for the few pairs an answer names. `read` parses at once (a single text).

Conservative by design: a class whose members cannot all be known (a metaclass, `__getattr__`, a decorator other
than a dataclass's, a base the tree does not define, a name the tree binds to something else too) is "open", and no
pair naming it is ever refused; nor is a member the tree sets on other objects (`request.user = ...`,
`setattr(obj, "name", ...)`), nor one it reads by name as an option a class may leave out (DRF's
`getattr(meta, 'list_serializer_class', ListSerializer)`: `Meta.list_serializer_class`)."""

import ast
import builtins
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

# Bases that add no member a claim would name beyond what Python's own types have.
CLOSED_BASES = frozenset({"object", "Generic", "Protocol", "ABC"})
# Decorators that only add dunders or fields the class body already declares.
PLAIN_DECORATORS = frozenset({"dataclass", "final", "total_ordering", "unique", "runtime_checkable", "frozen"})
# Decorators and bases whose annotated fields become command-line flags or config keys.
FIELD_DECORATORS = frozenset({"dataclass", "define", "frozen", "s", "attrs"})
FIELD_BASES = frozenset({"Struct", "BaseModel", "BaseSettings"})
OPENING_MEMBERS = frozenset({"__getattr__", "__getattribute__", "__slots__"})

# The index, by pattern (linear: possessive repeats, no nested repeats).
CLASS_LINE = re.compile(r"(?m)^[ \t]*+class[ \t]++([A-Za-z_]\w*+)")
FIELD_LINE = re.compile(r"(?m)^[ \t]++([a-z_]\w*+)[ \t]*+:[^=\n]")
DEST = re.compile(r"""\bdest[ \t]*+=[ \t]*+["']([A-Za-z_]\w*+)["']""")
REBOUND = re.compile(r"(?m)^[ \t]*+([A-Z]\w*+)[ \t]*+(?::[^=\n]*+)?=(?!=)|\b([A-Z]\w*+)\.__\w++[ \t]*+=(?!=)")
DEFAULT_LINE = re.compile(
    r"(?m)^[ \t]++([a-z_]\w*+)[ \t]*+(?::[^=\n]*+)?=(?!=)|[(,][ \t\n]*+([a-z_]\w*+)[ \t]*+(?::[^=,()\n]*+)?=(?!=)"
)
ARGUMENT = re.compile(r"""add_argument\([ \t\n]*+["']--([A-Za-z0-9][\w-]*+)""")
# Beyond this many files assigning a name, its defaults are not looked for (a common name says nothing).
MOST_DEFAULT_FILES = 30
UNKNOWN = "?"
# `getattr(obj, "name", default)`: an optional member, read by its name.
OPTIONAL = re.compile(r"""\bgetattr\([^,()\n]++,[ \t]*+["']([A-Za-z_]\w*+)["'][ \t]*+,""")
OUTSIDE = re.compile(
    r"\b(?!self\b|cls\b)[A-Za-z_]\w*+\.([A-Za-z_]\w*+)[ \t]*+=(?!=)|\bsetattr\([^,()\n]++,[ \t]*+[\"']([A-Za-z_]\w*+)"
)


@dataclass
class ClassShape:
    members: set[str] = field(default_factory=set)
    bases: list[str] = field(default_factory=list)
    open: bool = False


@dataclass
class Declarations:
    classes: dict[str, list[ClassShape]] = field(default_factory=dict)
    dests: set[str] = field(default_factory=set)
    set_from_outside: set[str] = field(default_factory=set)
    optional: set[str] = field(default_factory=set)  # members read as `getattr(obj, "name", default)`
    rebound: set[str] = field(default_factory=set)
    # The lazy part: which files define a class or may declare a field, and how to read one again.
    class_files: dict[str, set[str]] = field(default_factory=dict)
    field_files: dict[str, set[str]] = field(default_factory=dict)
    # A class attribute's, config field's or flag's default values by file (repr of literals; "?" when not one).
    defaults: dict[str, dict[str, set[str]]] = field(default_factory=dict)
    _reading: str = ""  # the file `read` is parsing
    default_files: dict[str, set[str]] = field(default_factory=dict)
    reader: Callable[[str], str] | None = None
    parsed: set[str] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def index(self, path: str, code: str) -> None:
        """Indexes one file of the tree by pattern; it is parsed when a claim needs it (`reader` reads it)."""
        for name in CLASS_LINE.findall(code):
            self.class_files.setdefault(name, set()).add(path)
        fields = set(FIELD_LINE.findall(code))
        for name in fields:
            self.field_files.setdefault(name, set()).add(path)
        self.dests.update(DEST.findall(code))
        # A field's annotation may run over lines before its `= default` (`x: A[\n str, Arg(...)\n] = "y"`).
        assigned = {a or b for a, b in DEFAULT_LINE.findall(code)} | fields
        for name in {*assigned, *(flag.replace("-", "_") for flag in ARGUMENT.findall(code))}:
            self.default_files.setdefault(name, set()).add(path)
        self.rebound.update(a or b for a, b in REBOUND.findall(code))
        self.set_from_outside.update(a or b for a, b in OUTSIDE.findall(code))
        self.optional.update(OPTIONAL.findall(code))

    def read(self, code: str, path: str = "") -> None:
        """Parses one text at once: its classes, dests, rebound names and members set from outside."""
        self._reading = path
        try:
            tree = ast.parse(code)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                self._read_class(node)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                positional = [*node.args.posonlyargs, *node.args.args]
                for argument, default in zip(
                    positional[len(positional) - len(node.args.defaults) :], node.args.defaults, strict=True
                ):
                    self._default(argument.arg, default)
                for argument, keyword_default in zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True):
                    if keyword_default is not None:
                        self._default(argument.arg, keyword_default)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                self.rebound.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                    self.set_from_outside.add(node.attr)
                if isinstance(node.value, ast.Name) and node.attr.startswith("__"):
                    self.rebound.add(node.value.id)
            elif isinstance(node, ast.Call) and _name(node.func) == "getattr" and len(node.args) == 3:
                self.optional.update(
                    a.value for a in node.args[1:2] if isinstance(a, ast.Constant) and isinstance(a.value, str)
                )
            elif isinstance(node, ast.Call) and _name(node.func) == "setattr":
                self.set_from_outside.update(
                    a.value for a in node.args[1:2] if isinstance(a, ast.Constant) and isinstance(a.value, str)
                )
            elif isinstance(node, ast.Call) and _name(node.func) == "add_argument":
                self.dests.update(
                    k.value.value
                    for k in node.keywords
                    if k.arg == "dest" and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)
                )
                self._read_argument_default(node)

    def default_values(self, name: str) -> set[str] | None:
        """The literal defaults the tree gives `name` (class attributes, config fields, flags), as reprs; None when
        it gives none, gives one that is not a literal, or assigns the name in too many files to say."""
        files = self.default_files.get(name, set())
        if len(files) > MOST_DEFAULT_FILES:
            return None
        self._load(files)
        # Only the files indexed for it: another file parsed for another claim must not change the answer (the
        # claims of one answer are checked in threads, in no fixed order).
        by_file = self.defaults.get(name, {})
        values = {value for path in (*files, "") for value in by_file.get(path, ())}
        return None if not values or UNKNOWN in values else values

    def declares_dest(self, name: str) -> bool:
        """Whether the tree declares `name` as an argparse dest or a field of a dataclass or config struct."""
        if name not in self.dests:
            self._load(self.field_files.get(name, ()))
        return name in self.dests

    def pair_holds(self, owner: str, member: str) -> bool | None:
        """Whether `owner.member` names a member of a class the tree defines: True, False, or None when the tree
        cannot tell (no such class, or one whose members are not all known)."""
        self._load(self.class_files.get(owner, ()))
        if owner not in self.classes or member in self.set_from_outside or member in self.optional:
            return None
        seen: set[str] = set()
        pending = [owner]
        while pending:
            name = pending.pop()
            if name in seen:
                continue
            seen.add(name)
            if name in CLOSED_BASES:
                continue
            builtin = getattr(builtins, name, None)
            if isinstance(builtin, type):
                if member in dir(builtin):
                    return True
                continue
            self._load(self.class_files.get(name, ()))
            shapes = self.classes.get(name)
            if not shapes or name in self.rebound:
                return None  # a base from outside the tree, or a name bound to something else too
            for shape in shapes:
                if member in shape.members:
                    return True
                if shape.open:
                    return None
                pending.extend(shape.bases)
        return member in dir(object) or False

    def _load(self, paths: "set[str] | tuple[()]") -> None:
        """Parses the files not parsed yet (answers are checked in worker threads: one at a time)."""
        if self.reader is None or not paths or paths <= self.parsed:
            return
        with self.lock:
            for path in sorted(set(paths) - self.parsed):
                self.parsed.add(path)
                self.read(self.reader(path), path)

    def _read_class(self, node: ast.ClassDef) -> None:
        shape = ClassShape(bases=[_name(base) for base in node.bases])
        decorators = [_name(d.func if isinstance(d, ast.Call) else d) for d in node.decorator_list]
        shape.open = any(k.arg == "metaclass" for k in node.keywords) or any(
            d not in PLAIN_DECORATORS for d in decorators
        )
        for inner in ast.walk(node):
            if isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and inner is not node:
                shape.members.add(inner.name)
            elif isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Store):
                shape.members.add(inner.id)
            elif isinstance(inner, ast.Attribute) and isinstance(inner.ctx, ast.Store):
                if isinstance(inner.value, ast.Name) and inner.value.id in ("self", "cls"):
                    shape.members.add(inner.attr)
        shape.open = shape.open or not OPENING_MEMBERS.isdisjoint(shape.members) or "" in shape.bases
        self.classes.setdefault(node.name, []).append(shape)
        for item in node.body:
            target = item.targets[0] if isinstance(item, ast.Assign) and len(item.targets) == 1 else None
            target = item.target if isinstance(item, ast.AnnAssign) and item.value is not None else target
            if isinstance(target, ast.Name) and isinstance(item, ast.Assign | ast.AnnAssign) and item.value:
                self._default(target.id, item.value)
        if not FIELD_DECORATORS.isdisjoint(decorators) or not FIELD_BASES.isdisjoint(shape.bases):
            self.dests.update(
                item.target.id
                for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
            )

    def _read_argument_default(self, call: ast.Call) -> None:
        flags = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        long = [flag for flag in flags if flag.startswith("--")]
        dest = next((k.value for k in call.keywords if k.arg == "dest"), None)
        name = dest.value if isinstance(dest, ast.Constant) and isinstance(dest.value, str) else ""
        name = name or (long[0][2:].replace("-", "_") if long else "")
        default = next((k.value for k in call.keywords if k.arg == "default"), None)
        if name and default is not None:
            self._default(name, default)

    def _default(self, name: str, value: ast.expr) -> None:
        try:
            shown = repr(ast.literal_eval(value))
        except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
            shown = UNKNOWN
        self.defaults.setdefault(name, {}).setdefault(self._reading, set()).add(shown)


def _name(node: ast.expr) -> str:
    """The last name of `a.b.C`, of `C[T]`'s `C`; "" for anything else (a call, an expression)."""
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""

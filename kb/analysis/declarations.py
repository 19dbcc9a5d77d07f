"""What a harvested tree declares, for the verifier: each class's own members and bases (so a claim's
`Class.member` can be checked as a pair), and the names the repository declares as command-line destinations
(argparse `dest=`, the fields of dataclasses and config structs whose names become `--a-b` flags).

A tree is indexed by a few linear patterns as it is read (which files define which class, which may declare a
field); a file is parsed with `ast` only when a claim needs one of its classes or fields: sglang's 5,000 files are
not all parsed for the few pairs an answer names. `read` parses at once (a single text).

Conservative by design: a class whose members cannot all be known (a metaclass, `__getattr__`, a decorator other
than a dataclass's, a base the tree does not define, a name the tree binds to something else too) is "open", and no
pair naming it is ever refused; nor is a member the tree sets on other objects (`request.user = ...`,
`setattr(obj, "name", ...)`)."""

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
    rebound: set[str] = field(default_factory=set)
    # The lazy part: which files define a class or may declare a field, and how to read one again.
    class_files: dict[str, set[str]] = field(default_factory=dict)
    field_files: dict[str, set[str]] = field(default_factory=dict)
    reader: Callable[[str], str] | None = None
    parsed: set[str] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def index(self, path: str, code: str) -> None:
        """Indexes one file of the tree by pattern; it is parsed when a claim needs it (`reader` reads it)."""
        for name in CLASS_LINE.findall(code):
            self.class_files.setdefault(name, set()).add(path)
        for name in set(FIELD_LINE.findall(code)):
            self.field_files.setdefault(name, set()).add(path)
        self.dests.update(DEST.findall(code))
        self.rebound.update(a or b for a, b in REBOUND.findall(code))
        self.set_from_outside.update(a or b for a, b in OUTSIDE.findall(code))

    def read(self, code: str) -> None:
        """Parses one text at once: its classes, dests, rebound names and members set from outside."""
        try:
            tree = ast.parse(code)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                self._read_class(node)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                self.rebound.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                    self.set_from_outside.add(node.attr)
                if isinstance(node.value, ast.Name) and node.attr.startswith("__"):
                    self.rebound.add(node.value.id)
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

    def declares_dest(self, name: str) -> bool:
        """Whether the tree declares `name` as an argparse dest or a field of a dataclass or config struct."""
        if name not in self.dests:
            self._load(self.field_files.get(name, ()))
        return name in self.dests

    def pair_holds(self, owner: str, member: str) -> bool | None:
        """Whether `owner.member` names a member of a class the tree defines: True, False, or None when the tree
        cannot tell (no such class, or one whose members are not all known)."""
        self._load(self.class_files.get(owner, ()))
        if owner not in self.classes or member in self.set_from_outside:
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
                self.read(self.reader(path))

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
        if not FIELD_DECORATORS.isdisjoint(decorators) or not FIELD_BASES.isdisjoint(shape.bases):
            self.dests.update(
                item.target.id
                for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
            )


def _name(node: ast.expr) -> str:
    """The last name of `a.b.C`, of `C[T]`'s `C`; "" for anything else (a call, an expression)."""
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""

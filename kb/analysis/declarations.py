"""What a harvested tree declares, read once with `ast` for the verifier: each class's own members and bases (so a
claim's `Class.member` can be checked as a pair), and the names the repository declares as command-line
destinations (argparse `dest=`, the fields of dataclasses and config structs whose names become `--a-b` flags).

Conservative by design: a class whose members cannot all be known (a metaclass, `__getattr__`, a decorator other
than a dataclass's, a base the tree does not define) is "open", and no pair naming it is ever refused."""

import ast
import builtins
from dataclasses import dataclass, field

# Bases that add no member a claim would name beyond what Python's own types have.
CLOSED_BASES = frozenset({"object", "Generic", "Protocol", "ABC"})
# Decorators that only add dunders or fields the class body already declares.
PLAIN_DECORATORS = frozenset({"dataclass", "final", "total_ordering", "unique", "runtime_checkable", "frozen"})
# Decorators and bases whose annotated fields become command-line flags or config keys.
FIELD_DECORATORS = frozenset({"dataclass", "define", "frozen", "s", "attrs"})
FIELD_BASES = frozenset({"Struct", "BaseModel", "BaseSettings"})
OPENING_MEMBERS = frozenset({"__getattr__", "__getattribute__", "__slots__"})


@dataclass
class ClassShape:
    members: set[str] = field(default_factory=set)
    bases: list[str] = field(default_factory=list)
    open: bool = False


@dataclass
class Declarations:
    classes: dict[str, list[ClassShape]] = field(default_factory=dict)
    dests: set[str] = field(default_factory=set)

    def read(self, code: str) -> None:
        try:
            tree = ast.parse(code)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                self._read_class(node)
            elif isinstance(node, ast.Call) and _name(node.func) == "add_argument":
                self.dests.update(
                    k.value.value
                    for k in node.keywords
                    if k.arg == "dest" and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)
                )

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

    def pair_holds(self, owner: str, member: str) -> bool | None:
        """Whether `owner.member` names a member of a class the tree defines: True, False, or None when the tree
        cannot tell (no such class, or one whose members are not all known)."""
        if owner not in self.classes:
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
            shapes = self.classes.get(name)
            if not shapes:
                return None  # a base from outside the tree
            for shape in shapes:
                if member in shape.members:
                    return True
                if shape.open:
                    return None
                pending.extend(shape.bases)
        return member in dir(object) or False


def _name(node: ast.expr) -> str:
    """The last name of `a.b.C`, of `C[T]`'s `C`; "" for anything else (a call, an expression)."""
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""

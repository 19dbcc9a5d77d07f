"""A private attribute's state by the public methods that set it (round 30's card 09): `QuerySet.only()` raises
"Cannot call only() after .values() or .values_list()" under `if self._fields is not None:`. `_fields` is `None` from
`QuerySet.__init__`; `_values()` alone gives it another value, on the clone it returns (`clone._fields = fields`, a
`*fields` tuple), and `values()` and `values_list()` alone call `_values()` and return what it returned; `_clone()`
copies it (`c._fields = self._fields`). The test then holds exactly on a `QuerySet` those methods made: the card says
"the `QuerySet` comes from `values()` or `values_list()`" (django/db/models/query.py:294, 1360-1411, 1949, 5.2.19).

A row only where every write is read: the attribute's one initial `None` at the top of the declaring class's
`__init__`; no other write on `self` in the class, its ancestors or its subclasses; no class body declaring it; in
the class's module, each store a copy of its own value or a value that cannot be `None` (a literal, a display, the
method's `*args`) on a local the method returns unchanged; no store in any other module the harvest read (their
text holds as many `.<name> =` as the class's module has stores, and the name as a string nowhere: `setattr`,
`__dict__["<name>"]`); each method that stores it public, or private
and called (in all those modules) only as `x = self.<it>(...)` by public methods that return `x` unchanged. Anything
else (a loop's write, a conditional value, `setattr`): no row. Read once per class and attribute, for the private
attributes a site reads; the modules' text is joined once per harvest, for the few that get that far."""

import ast
import re
import weakref
from collections.abc import Iterable

from kb.harvest.reading.classes import ClassIndex, ClassInfo
from kb.harvest.reading.scopes import statements
from kb.harvest.reading.types import assigned_on_self, is_self
from kb.harvest.reading.walked import nodes_of_kind
from kb.text import breadth

MAX_METHODS = 4  # public methods said: more, and no row
_KNOWN: "weakref.WeakKeyDictionary[ClassIndex, dict[tuple[str, str], dict | None]]" = weakref.WeakKeyDictionary()
_TEXT: "weakref.WeakKeyDictionary[ClassIndex, str]" = weakref.WeakKeyDictionary()
_Method = ast.FunctionDef | ast.AsyncFunctionDef


def set_by(index: ClassIndex, owner: str, names: Iterable[str]) -> list[dict]:
    """Rows {"name": "self._x", "class": declaring class, "methods": [public methods]} for the private `names` of
    `owner` whose only value other than their initial `None` those public methods give."""
    if not owner:
        return []
    known = _KNOWN.setdefault(index, {})
    rows = []
    for name in names:
        if not name.startswith("_") or name.startswith("__"):
            continue
        if (owner, name) not in known:
            known[owner, name] = _row(index, owner, name)
        if (row := known[owner, name]) is not None:
            rows.append({**row, "methods": list(row["methods"])})
    return rows


def _row(index: ClassIndex, owner: str, name: str) -> dict | None:
    declaring = next((info for info in index.mro(owner) if "__init__" in info.methods), None)
    if declaring is None or declaring.qualname.count(".") != declaring.module.name.count(".") + 1:
        return None  # no constructor read, or a nested class
    init = declaring.methods["__init__"]
    if not any(_sets_none(statement, name) for statement in init.body):
        return None
    lineage = [*index.mro(declaring.qualname), *index.subclasses(declaring.qualname), *index.mro(owner)]
    for info in lineage:
        if name in info.attributes or (info is not declaring and name in assigned_on_self(index, info)):
            return None
    module = declaring.module
    found = _writers(module.body, declaring, name)
    if found is None or not found[0]:
        return None
    writers, stores = found
    text = _text(index)
    # Every store of `.<name>` in the harvest's modules is one read above (a store elsewhere, in a string or a
    # comment: no row).
    if sum(1 for _ in re.finditer(rf"\.{re.escape(name)}[ \t]*=(?!=)", text)) != stores:
        return None
    if f'"{name}"' in text or f"'{name}'" in text:
        # Its name as a string: a store no `.<name> =` shows (`setattr(obj, "<name>", ...)`,
        # `object.__setattr__(...)`, `obj.__dict__["<name>"] = ...` as django/conf/__init__.py:229 writes one).
        return None
    methods: list[str] = []
    for writer in writers:
        if not writer.startswith("_"):
            methods.append(writer)
            continue
        callers = _callers(module.body, declaring, writer)
        if not callers or sum(1 for _ in re.finditer(rf"\.{re.escape(writer)}\(", text)) != len(callers):
            return None
        methods += callers
    methods = list(dict.fromkeys(methods))
    if len(methods) > MAX_METHODS:
        return None
    return {"name": f"self.{name}", "class": declaring.qualname.rpartition(".")[2], "methods": methods}


def _text(index: ClassIndex) -> str:
    """The harvest's modules as one text, joined once per harvest for the few attributes that get this far."""
    found = _TEXT.get(index)
    if found is None:
        found = _TEXT[index] = "\n".join(["\n".join(module.lines) for module in index.resolver.modules.values()])
    return found


def _sets_none(statement: ast.stmt, name: str) -> bool:
    """`self.<name> = None`, a statement of its own."""
    return (
        isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(target := statement.targets[0], ast.Attribute)
        and target.attr == name
        and is_self(target.value)
        and isinstance(statement.value, ast.Constant)
        and statement.value.value is None
    )


def _class_node(body: list[ast.stmt], info: ClassInfo) -> ast.ClassDef | None:
    short = info.qualname.rpartition(".")[2]
    return next((node for node in body if isinstance(node, ast.ClassDef) and node.name == short), None)


def _writers(body: list[ast.stmt], info: ClassInfo, name: str) -> tuple[list[str], int] | None:
    """The methods of the class that give `<local>.<name>` a value that is not `None` on a local they return, and
    how many stores of `.<name>` the module holds; None where any is of another kind (or outside the class's
    methods)."""
    node = _class_node(body, info)
    if node is None:
        return None
    methods = {id(m): m for m in node.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))}
    writers: list[str] = []
    stores = 0
    for statement in body:
        inside = statement is node
        parts = [m for m in node.body if id(m) in methods] if inside else [statement]
        for part in parts:
            for inner in statements([part], into_scopes=True):
                stored = _stores(inner, name)
                if stored is None:
                    return None
                if not stored:
                    continue
                if not inside or not isinstance(part, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    return None
                assert isinstance(inner, ast.Assign)  # `_stores` is true of nothing else
                kind = _store_kind(inner, part, name)
                if kind is None:
                    return None
                stores += 1
                if kind == "set":
                    writers.append(part.name)
    return list(dict.fromkeys(writers)), stores


def _stores(node: ast.AST, name: str) -> bool | None:
    """Whether the statement stores `.<name>`; None where it may in a way not read (`setattr(x, "<name>", ...)`,
    a tuple or augmented target, `del`). A `setattr` of a name held in a variable is not read as one, as the
    package's other readings of stores do not (`ModuleInfo.stored`)."""
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        targets = [node.target]
    elif isinstance(node, ast.Delete):
        targets = node.targets
    else:
        targets = []
    for target in targets:
        for inner in breadth.walk(target):
            if isinstance(inner, ast.Attribute) and inner.attr == name:
                if isinstance(node, ast.Assign) and inner is target:
                    return True
                return None
    for inner in breadth.walk(node) if isinstance(node, (ast.Expr, ast.Return, ast.Assign)) else ():
        if (
            isinstance(inner, ast.Call)
            and isinstance(inner.func, ast.Name)
            and inner.func.id == "setattr"
            and len(inner.args) > 1
            and isinstance(inner.args[1], ast.Constant)
            and inner.args[1].value == name
        ):
            return None
    return False


def _store_kind(node: ast.Assign, method: _Method, name: str) -> str | None:
    """ "init" (the constructor's `self.<name> = None`), "copy" (`c.<name> = self.<name>`), "set" (a value that is
    not `None` on a local the method returns unchanged after it), None for any other."""
    target = node.targets[0]
    assert isinstance(target, ast.Attribute)
    if method.name == "__init__" and _sets_none(node, name) and node in method.body:
        return "init"
    if not isinstance(target.value, ast.Name) or is_self(target.value):
        return None
    value = node.value
    if isinstance(value, ast.Attribute) and value.attr == name and is_self(value.value):
        return "copy"
    if not _never_none(value, method) or node not in method.body:
        return None
    local = target.value.id
    after = method.body[method.body.index(node) + 1 :]
    return "set" if _returned_unchanged(after, local) else None


def _never_none(value: ast.expr, method: _Method) -> bool:
    """A literal other than `None`, a display, or the method's `*args` (a tuple) or `**kwargs` (a dict)."""
    if isinstance(value, ast.Constant):
        return value.value is not None
    if isinstance(value, (ast.List, ast.Tuple, ast.Set, ast.Dict, ast.ListComp, ast.SetComp, ast.DictComp)):
        return True
    given = [a.arg for a in (method.args.vararg, method.args.kwarg) if a is not None]
    return isinstance(value, ast.Name) and value.id in given and not _rebound(method, value.id)


def _rebound(method: _Method, local: str) -> bool:
    """Whether the method's body binds `local` anywhere (an augmented `fields += ...` included)."""
    for node in statements(method.body, into_scopes=True):
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.For, ast.AsyncFor))
            else []
        )
        if any(_binds(target, local) for target in targets):
            return True
    return False


def _returned_unchanged(after: list[ast.stmt], local: str) -> bool:
    """Whether the statements after a store end in `return <local>`, with no other statement among them binding
    `<local>` or holding a `return` or a branch."""
    if not after or not isinstance(last := after[-1], ast.Return):
        return False
    if not (isinstance(last.value, ast.Name) and last.value.id == local):
        return False
    for statement in after[:-1]:
        if not isinstance(statement, (ast.Assign, ast.Expr)):
            return False
        if isinstance(statement, ast.Assign) and any(_binds(target, local) for target in statement.targets):
            return False
    return True


def _binds(target: ast.expr, local: str) -> bool:
    """Whether an assignment's target binds the name `local` (itself, or an item of a tuple or list of targets),
    not an attribute or an item of it (`clone._iterable_class = ...`)."""
    if isinstance(target, ast.Name):
        return target.id == local
    if isinstance(target, ast.Starred):
        return _binds(target.value, local)
    if isinstance(target, (ast.Tuple, ast.List)):
        return any(_binds(item, local) for item in target.elts)
    return False


def _callers(body: list[ast.stmt], info: ClassInfo, writer: str) -> list[str]:
    """The public methods of the class that call `self.<writer>(...)` as `x = self.<writer>(...)` and return `x`
    unchanged; [] where any other call of `.<writer>(` is in the module."""
    node = _class_node(body, info)
    if node is None:
        return []
    callers: list[str] = []
    for statement in body:
        calls: tuple[ast.Call, ...] = nodes_of_kind(statement, ast.Call)
        for inner in calls:
            if not (isinstance(inner.func, ast.Attribute) and inner.func.attr == writer):
                continue
            receiver = inner.func.value
            method = _calling_method(node, inner) if statement is node else None
            if method is None or method.name.startswith("_"):
                return []
            found = next(
                (
                    s
                    for s in method.body
                    if isinstance(s, ast.Assign)
                    and s.value is inner
                    and len(s.targets) == 1
                    and isinstance(s.targets[0], ast.Name)
                    and is_self(receiver)
                ),
                None,
            )
            if found is None:
                return []
            target = found.targets[0]
            assert isinstance(target, ast.Name)
            if not _returned_unchanged(method.body[method.body.index(found) + 1 :], target.id):
                return []
            callers.append(method.name)
    return callers


def _calling_method(node: ast.ClassDef, call: ast.Call) -> _Method | None:
    for method in node.body:
        if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
            inner is call for inner in nodes_of_kind(method, ast.Call)
        ):
            return method
    return None

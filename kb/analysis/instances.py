"""What a new instance of a class of the tree holds, read from the class bodies alone (for `kb.analysis.handed`):
`Exists(query)` is a `Made` of `Exists`, `Subquery`, `BaseExpression` and `Combinable`, in Python's lookup order,
whose `output_field` is the class-level `fields.BooleanField()`: no method sets it on the instance except
`BaseExpression.__init__` under `if output_field is not None:`, and the construction gives it no `output_field`.

Conservative by design: a class is read only when it and all its bases are top-level classes of one file (the
caller's, or the one it imports the name from), none with a metaclass, a decorator, `__getattr__` or `__new__`; the
`super().__init__` chain is followed only while what each step hands on can be told. Each class's order is worked
out once, and bases are bounded in depth and number."""

import ast
from dataclasses import dataclass

from kb.analysis import guards
from kb.analysis.declarations import Declarations
from kb.analysis.functions import Functions
from kb.analysis.ways import _same_file

MOST_BASES = 12
OPENING = frozenset({"__getattr__", "__getattribute__", "__class_getitem__", "__init_subclass__"})


@dataclass(frozen=True)
class Made:
    """A new instance: its class and bases in order of lookup (each a class definition), and the parameters of
    each `__init__` on the construction's `super().__init__` chain known to be None."""

    classes: tuple[ast.ClassDef, ...]
    unset: dict[int, frozenset[str]]


def lookup(made: Made, name: str) -> ast.stmt | None:
    """The class-level statement that defines `name` first along the classes (a `def` or a one-target `=`)."""
    for klass in made.classes:
        for statement in reversed(klass.body):
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef) and statement.name == name:
                return statement
            if isinstance(statement, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in statement.targets
            ):
                return statement if len(statement.targets) == 1 else None
    return None


def set_on_instance(made: Made, name: str) -> bool:
    """Whether a method of the classes may set `self.<name>` (or calls `setattr`): anywhere but under
    `if x is not None:` in an `__init__` on the construction's chain that is given no `x`."""
    for klass in made.classes:
        for method in klass.body:
            if not isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            unset = made.unset.get(id(method), frozenset())
            pending = [method.body]
            while pending:
                for statement in pending.pop():
                    if any(_sets(node, name) for node in guards._own_expressions(statement)):
                        return True
                    if isinstance(statement, ast.If) and _none_test(statement.test) in unset:
                        pending.append(statement.orelse)  # its body runs only when given `x`
                    else:
                        pending += guards._blocks(statement)
    return False


def _sets(node: ast.AST, name: str) -> bool:
    if isinstance(node, ast.Call):
        return guards.last_name(node.func) == "setattr"
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.ctx, ast.Store | ast.Del)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
        and node.attr == name
    )


def _none_test(test: ast.expr) -> str:
    """`x` of `if x is not None:`, else ""."""
    if (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.IsNot)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    ):
        return test.left.id
    return ""


def made(call: ast.Call, functions: Functions, declarations: Declarations, path: str) -> Made | None:
    """`K(...)` as a `Made`, when `K` is a class of the caller's file or one it imports by name, and every base of
    it a class of that class's file (or `object`), none of them open (a metaclass, a decorator, `__getattr__`,
    `__new__`)."""
    name = call.func.id if isinstance(call.func, ast.Name) else ""
    tree = functions.tree(path) if name else None
    if tree is None:
        return None
    where = path if _top_class(tree, name) is not None else _imported_from(tree, name, path, declarations)
    found = functions.tree(where) if where else None
    classes = _classes(found) if found is not None else {}
    klass = classes.get(name)
    if klass is None:
        return None
    order = _linear(klass, classes)
    if order is None or any(_open(each) for each in order):
        return None
    return Made(tuple(order), _unset_chain(order, call))


def _top_class(tree: ast.Module, name: str) -> ast.ClassDef | None:
    return _classes(tree).get(name)


def _classes(tree: ast.Module) -> dict[str, ast.ClassDef | None]:
    """A file's top-level classes by name (None for a name defined twice)."""
    found: dict[str, ast.ClassDef | None] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            found[node.name] = None if node.name in found else node
    return found


def _imported_from(tree: ast.Module, name: str, path: str, declarations: Declarations) -> str:
    """The file of the tree `from module import name` in the file at `path` names, when the tree defines the
    class there; "" otherwise."""
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and any((a.asname or a.name) == name == a.name for a in node.names):
            parts = (node.module or "").split(".") if node.module else []
            if node.level:
                parts = path.split("/")[: -node.level] + parts
            module = "/".join(part for part in parts if part)
            for place in declarations.class_files.get(name, ()):
                if _same_file(place, module + ".py") or _same_file(place, module + "/__init__.py"):
                    return place
    return ""


def _linear(
    klass: ast.ClassDef, classes: dict[str, ast.ClassDef | None], depth: int = 0, done: dict | None = None
) -> list[ast.ClassDef] | None:
    """The class and its bases in Python's lookup order (C3), each base a class of the same file; None when one
    is not, or the order fails. Each class's order is worked out once (a hostile file's diamonds)."""
    done = {} if done is None else done
    if id(klass) in done:
        return done[id(klass)]
    done[id(klass)] = None  # a class that is its own base
    if depth > MOST_BASES or len(klass.bases) > MOST_BASES or klass.keywords:
        return None
    bases: list[ast.ClassDef] = []
    for base in klass.bases:
        if not (isinstance(base, ast.Name) and base.id == "object"):
            found = classes.get(base.id) if isinstance(base, ast.Name) else None
            if found is None:
                return None
            bases.append(found)
    orders = [_linear(base, classes, depth + 1, done) for base in bases]
    if any(order is None for order in orders):
        return None
    pending = [list(order or ()) for order in orders] + [bases]
    merged: list[ast.ClassDef] = [klass]
    while any(pending):
        head = next((o[0] for o in pending if o and not any(o[0] in other[1:] for other in pending)), None)
        if head is None:
            return None
        merged.append(head)
        pending = [[c for c in o if c is not head] for o in pending]
    done[id(klass)] = merged
    return merged


def _open(klass: ast.ClassDef) -> bool:
    names = {s.name for s in klass.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)}
    return bool(klass.decorator_list) or not OPENING.isdisjoint(names) or "__new__" in names


def _unset_chain(order: list[ast.ClassDef], call: ast.Call) -> dict[int, frozenset[str]]:
    """By `__init__`, the parameters the construction leaves None: the call's own `__init__`, then each one its
    `super().__init__(...)` reaches, while what each hands on can be told."""
    found: dict[int, frozenset[str]] = {}
    handed = _handed_states(call, set(), None, True)
    for klass in order:
        init = next((s for s in klass.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
        if init is None:
            continue
        if handed is None:
            return found
        positional, keywords = handed
        args = init.args
        params = [a.arg for a in (*args.posonlyargs, *args.args)][1:]
        named = [*params, *(a.arg for a in args.kwonlyargs)]
        if len(positional) > len(params) or args.vararg is not None:
            return found
        defaults = dict(zip(params[len(params) - len(args.defaults) :], args.defaults, strict=True))
        defaults |= {a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None}
        unset = set()
        for index, name in enumerate(named):
            if index < len(positional):
                none = positional[index]
            elif name in keywords:
                none = keywords[name]
            else:
                default = defaults.get(name)
                none = isinstance(default, ast.Constant) and default.value is None
            if none:
                unset.add(name)
        extra = set(keywords) - set(named)
        if extra and args.kwarg is None:
            return found
        found[id(init)] = frozenset(unset)
        supers = [
            node
            for node in ast.walk(init)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "__init__"
            and isinstance(node.func.value, ast.Call)
            and guards.last_name(node.func.value.func) == "super"
            and not node.func.value.args
        ]
        kwargs = args.kwarg.arg if args.kwarg is not None else None
        handed = _handed_states(supers[0], unset, kwargs, not extra) if len(supers) == 1 else None
    return found


def _handed_states(
    call: ast.Call, unset: set[str], kwargs: str | None, kwargs_empty: bool
) -> tuple[list[bool], dict[str, bool]] | None:
    """Whether each positional and keyword argument of a call is None; None when the call hands on what cannot be
    told (`*args`, `**other`)."""
    if any(isinstance(arg, ast.Starred) for arg in call.args):
        return None
    keywords: dict[str, bool] = {}
    for keyword in call.keywords:
        if keyword.arg is not None:
            keywords[keyword.arg] = _is_none(keyword.value, unset)
        elif not (kwargs_empty and isinstance(keyword.value, ast.Name) and keyword.value.id == kwargs):
            return None
    return [_is_none(arg, unset) for arg in call.args], keywords


def _is_none(node: ast.expr, unset: set[str]) -> bool:
    return (isinstance(node, ast.Constant) and node.value is None) or (isinstance(node, ast.Name) and node.id in unset)

"""Methods a class body binds to a function defined elsewhere: the name a user calls for that function.

`quote_name = complain` binds the module function `complain` as `DatabaseOperations.quote_name` (django/db/
backends/dummy/base.py:19-32, 5.2.19); `get = _get` a method of the same class under another name; and a class
attribute bound to a call of a module function that returns a function it defines, a method made by a factory:
`__getattr__ = new_method_proxy(getattr)` binds `new_method_proxy.inner` as `LazyObject.__getattr__` (django/utils/
functional.py:251-287, 5.2.19). `staticmethod(...)`, `classmethod(...)` and `property(...)` of either bind it too.

Read from what the class index already holds (each class body's assignments, each module's functions): no walk
of a tree, one look at a factory's own statements."""

import ast
from collections.abc import Callable, Iterable
from typing import NamedTuple

from kb.harvest.reading.callers import Defined
from kb.harvest.reading.classes import ClassInfo
from kb.harvest.reading.walked import body_of

MAX_BOUND = 2000  # methods so bound in one harvest (Django: about 60)
_WRAPPERS = frozenset({"staticmethod", "classmethod", "property"})
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
# `property(fget, fset, fdel, doc)`'s functions, positional or by keyword, and the wrapper each is bound as.
_ACCESSORS = {"fget": "property", "fset": "setter", "fdel": "deleter"}


class Bound(NamedTuple):
    alias: Defined  # the class's name for it: `DatabaseOperations.quote_name`, a method of that class
    path: str  # the function it binds (as the call graph names it)
    qualname: str
    wrapper: str  # "staticmethod", "classmethod", "property" or ""


# (path, name) of the harvest's module function a module's top level binds a name to, ("", "") for anything
# else, None for nothing (`CallGraph.locate`).
Locate = Callable[[str, str], tuple[str, str] | None]
# The `def` of a module function of the harvest by (path, name), or None.
FunctionNode = Callable[[str, str], ast.FunctionDef | ast.AsyncFunctionDef | None]


def bound_methods(classes: Iterable[ClassInfo], locate: Locate, function_node: FunctionNode) -> list[Bound]:
    found: list[Bound] = []
    for info in classes:
        path = info.module.path
        if not path:
            continue
        local = info.qualname[len(info.module.name) + 1 :] if info.qualname.startswith(info.module.name) else ""
        for name, value in info.attributes.items():
            if name in info.methods or not local:
                continue  # a `def` of the same name in the body too: which one stands is not read here
            for wrapper, bound in _unwrapped(value):
                target = _target(bound, info, local, path, locate, function_node)
                if target is None:
                    continue
                alias = Defined(path, f"{local}.{name}", info.qualname, True, value.lineno)
                found.append(Bound(alias, target[0], target[1], wrapper))
                if len(found) >= MAX_BOUND:
                    return found
    return found


def _unwrapped(value: ast.expr) -> list[tuple[str, ast.expr]]:
    """(wrapper, function) of each function a class attribute's value binds: `property(_get_srid, _set_srid)` binds
    its getter as "property" and its setter as "setter" (django/contrib/gis/gdal/geometries.py:363-369, 5.2.19:
    assigning to `srid` runs `_set_srid`), a deleter other than the setter as "deleter"."""
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in _WRAPPERS):
        return [("", value)]
    if value.func.id != "property":
        return [(value.func.id, value.args[0])] if len(value.args) == 1 and not value.keywords else [("", value)]
    given = dict(zip(_ACCESSORS, value.args, strict=False))
    given.update((k.arg, k.value) for k in value.keywords if k.arg in _ACCESSORS)
    if len(value.args) > len(_ACCESSORS) + 1 or any(k.arg not in (*_ACCESSORS, "doc") for k in value.keywords):
        return [("", value)]
    fset, fdel = given.get("fset"), given.get("fdel")
    if isinstance(fset, ast.Name) and isinstance(fdel, ast.Name) and fset.id == fdel.id:
        del given["fdel"]  # `level = property(_get_level, _set_level, _set_level)`: one function, said as the setter
    return [(_ACCESSORS[key], node) for key, node in given.items() if not _is_none(node)]


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _target(
    value: ast.expr, info: ClassInfo, local: str, path: str, locate: Locate, function_node: FunctionNode
) -> tuple[str, str] | None:
    """(path, qualname) of the function a class attribute's value is: a method of the class named earlier in its
    body, a module function, or the function a module function's call returns (`_made`)."""
    if isinstance(value, ast.Name):
        method = info.methods.get(value.id)
        if method is not None:
            return (path, f"{local}.{value.id}") if method.lineno < value.lineno else None
        located = locate(path, value.id)
        return located if located and located[0] else None
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
        located = locate(path, value.func.id)
        if not located or not located[0]:
            return None
        factory = function_node(*located)
        inner = _made(factory) if factory is not None else ""
        return (located[0], f"{located[1]}.{inner}") if inner else None
    return None


def _made(factory: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    """The name of the function a factory defines in its own body and returns, when every `return` of its own
    returns that name and it defines it once, binding the name to nothing else; else ""."""
    body = body_of(factory)
    returns = body.of(ast.Return)
    names = {r.value.id if isinstance(r.value, ast.Name) else "" for r in returns}
    if len(names) != 1 or "" in names:
        return ""
    name = names.pop()
    defined = [d for d in body.of(_DEFS) if d.name == name]
    rebound = [
        t
        for s in body.of((ast.Assign, ast.AnnAssign, ast.AugAssign))
        for t in (s.targets if isinstance(s, ast.Assign) else [s.target])
        if isinstance(t, ast.Name) and t.id == name
    ]
    if len(defined) != 1 or rebound or isinstance(factory, ast.AsyncFunctionDef):
        return ""
    return name

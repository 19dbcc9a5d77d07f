"""A raise's test of a marker no caller can hand (round 32's card 21): pydash 8.1.0's `base_get(obj, key,
default=UNSET)` raises only when `value is UNSET`, `value` what `_base_get_item(obj, key, default=default)` hands back
(`src/pydash/helpers.py:145-202`), and `head()` calls `base_get(array, 0, default=None)`: never that raise.

A marker: a name the module binds once, at its top level and nowhere else, to `object()`, to an instance of a plain
class of its own (no base, no decorator, no `__eq__`) made with no arguments, or to a plain class of its own whose
body says nothing (DRF's `class empty:`, Django's `class NOT_PROVIDED:`). No literal is one, so a test `X is S` (`X
== S`, and their negations) of one is false for any literal the parameter tested is handed. The parameter: `X`
itself, or, where `X` is a local every binding of which is `X = f(..., name=P)`, `f` a function of the module whose
parameter `name` defaults to `S` too, the parameter `P` of the raising function that defaults to `S` (what `f` gives
back for a miss). Dropping a way in only says less."""

import ast
from collections.abc import Callable, Mapping

from kb.harvest.reading.fixed_values import bound_once
from kb.harvest.reading.walked import nodes_of

Function = ast.FunctionDef | ast.AsyncFunctionDef
Holds = Callable[[object], bool | None]
# A module's top-level functions: for each, its parameters (by name, and by place for those that can be handed by
# place) that default to a marker, with the marker.
Defaults = dict[str, dict[str | int, str]]


class Markers:
    """A module's markers and the defaults of its top-level functions, each read when first asked for: `candidates`
    (the names its top level binds as a marker is bound) when a test compares two names, whether the module binds one
    nowhere else (`names`, a walk of the whole module) when a test compares a name with a candidate. On Django
    5.2.19, 19 of 885 modules have a candidate."""

    def __init__(self, tree: ast.Module | None) -> None:
        self.tree = tree
        self._candidates: frozenset[str] | None = None
        self._names: frozenset[str] | None = None
        self._defaults: Defaults | None = None

    @property
    def candidates(self) -> frozenset[str]:
        if self._candidates is None:
            self._candidates = _candidates(self.tree) if self.tree is not None else frozenset()
        return self._candidates

    @property
    def names(self) -> frozenset[str]:
        if self._names is None:
            found = bound_once(self.tree, self.candidates) if self.tree is not None and self.candidates else set()
            self._names = frozenset(found)
        return self._names

    @property
    def defaults(self) -> Defaults:
        """For each function of the module's top level, its parameters defaulting to a marker."""
        if self._defaults is None:
            self._defaults = {}
            for statement in self.tree.body if self.tree is not None and self.names else []:
                if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    if own := _marker_defaults(statement, self.names):
                        self._defaults[statement.name] = own
        return self._defaults


def module_markers(tree: ast.Module | None) -> Markers:
    """The module's markers (see the module's docstring) and its functions' parameters defaulting to one."""
    return Markers(tree)


def _candidates(tree: ast.Module) -> frozenset[str]:
    classes: dict[str, ast.ClassDef] = {}
    found: set[str] = set()
    for statement in tree.body:
        if isinstance(statement, ast.ClassDef):
            classes[statement.name] = statement
            if _says_nothing(statement):
                found.add(statement.name)
        elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target, value = statement.targets[0], statement.value
            if isinstance(target, ast.Name) and _marker_made(value, classes):
                found.add(target.id)  # a class defined below it is not yet bound: `Cls()` would fail
    return frozenset(found)


def _plain(node: ast.ClassDef) -> bool:
    """No bases but `object` (Django's `settings = LazySettings()` takes its `__eq__` from `LazyObject`), no
    decorator, no keyword."""
    if node.decorator_list or node.keywords:
        return False
    return all(isinstance(base, ast.Name) and base.id == "object" for base in node.bases)


def _says_nothing(node: ast.ClassDef) -> bool:
    """`class empty:` with a docstring, `pass` or `...` alone (`_plain`)."""
    return _plain(node) and all(
        isinstance(s, ast.Pass) or (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant)) for s in node.body
    )


def _marker_made(value: ast.expr, classes: Mapping[str, ast.ClassDef]) -> bool:
    """`object()`, or `Unset()` of a class of the module's own without `__eq__`."""
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)) or value.args or value.keywords:
        return False
    if value.func.id == "object":
        return True
    made = classes.get(value.func.id)
    return made is not None and _plain(made) and not any(_binds_eq(statement) for statement in made.body)


def _binds_eq(statement: ast.stmt) -> bool:
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return statement.name == "__eq__"
    targets = statement.targets if isinstance(statement, ast.Assign) else [getattr(statement, "target", None)]
    return any(isinstance(target, ast.Name) and target.id == "__eq__" for target in targets)


def _marker_defaults(function: Function, names: frozenset[str]) -> dict[str | int, str]:
    """The parameters of `function` defaulting to one of `names`: by name, and by place for a positional one."""
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    found: dict[str | int, str] = {}
    for place, (argument, default) in enumerate(
        zip(positional[len(positional) - len(arguments.defaults) :], arguments.defaults, strict=True),
        start=len(positional) - len(arguments.defaults),
    ):
        if isinstance(default, ast.Name) and default.id in names:
            found[place] = default.id
            if argument not in arguments.posonlyargs:
                found[argument.arg] = default.id
    for argument, kw_default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True):
        if isinstance(kw_default, ast.Name) and kw_default.id in names:
            found[argument.arg] = kw_default.id
    return found


_SAME = (ast.Is, ast.Eq)
_OTHER = (ast.IsNot, ast.NotEq)


def marker_test(function: Function, markers: Markers, test: ast.expr) -> tuple[str, Holds] | None:
    """(parameter, the test's value for a literal) for `X is S`, `X is not S`, `X == S`, `X != S`, S a marker of
    the module: its value the same for every literal. None for any other test."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (*_SAME, *_OTHER))):
        return None
    left, right = test.left, test.comparators[0]
    if not (isinstance(left, ast.Name) and isinstance(right, ast.Name)):
        return None
    if left.id in markers.candidates:
        left, right = right, left
    if right.id not in markers.candidates or right.id not in markers.names:
        return None
    parameter = _parameter_behind(function, left.id, right.id, markers)
    if parameter is None:
        return None
    verdict = isinstance(test.ops[0], _OTHER)
    return parameter, lambda value: verdict


def _parameter_behind(function: Function, name: str, marker: str, markers: Markers) -> str | None:
    """`name` when it is a parameter; the parameter defaulting to `marker` that every binding of the local `name`
    hands a function of the module in a place defaulting to `marker` too; None for anything else."""
    arguments = function.args
    if any(a.arg == name for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)):
        return name
    if any(a is not None and a.arg == name for a in (arguments.vararg, arguments.kwarg)):
        return None
    defaulted = {a.arg for a, d in _defaults(function) if isinstance(d, ast.Name) and d.id == marker}
    parents: dict[int, ast.AST] = {}
    stores: list[ast.Name] = []
    for node in nodes_of(function):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
            if isinstance(child, ast.Name) and child.id == name and not isinstance(child.ctx, ast.Load):
                stores.append(child)
    if not stores:
        return None
    handed: set[str] = set()
    for store in stores:
        assign = parents.get(id(store))
        if not (isinstance(assign, ast.Assign) and assign.targets == [store] and isinstance(assign.value, ast.Call)):
            return None  # bound by a loop, a `with`, a tuple, `+=`, `:=`: anything
        given = _handed_marker(assign.value, marker, markers)
        if given is None or given not in defaulted:
            return None
        handed.add(given)
    return handed.pop() if len(handed) == 1 else None


def _defaults(function: Function) -> list[tuple[ast.arg, ast.expr | None]]:
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    return [
        *zip(positional[len(positional) - len(arguments.defaults) :], arguments.defaults, strict=True),
        *zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True),
    ]


def _handed_marker(call: ast.Call, marker: str, markers: Markers) -> str | None:
    """The one name `call` hands a function of the module in a place that defaults to `marker`."""
    if not isinstance(call.func, ast.Name) or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    places = markers.defaults.get(call.func.id, {})
    given = [
        *(a for place, a in enumerate(call.args) if places.get(place) == marker),
        *(k.value for k in call.keywords if k.arg is not None and places.get(k.arg) == marker),
    ]
    if any(k.arg is None for k in call.keywords) or len(given) != 1 or not isinstance(given[0], ast.Name):
        return None
    return given[0].id

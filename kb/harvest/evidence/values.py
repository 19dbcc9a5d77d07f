"""A small, safe evaluator of literal values, for telling which raise a type-only test's call meets (`met`).

Values are Python literals written in a test (numbers, strings, bytes, None, True/False, tuples, lists, dicts and
sets of them), or UNKNOWN. What it evaluates: constants, names bound to such values, containers, `not`/`and`/`or`,
comparisons (`==`, `<`, `is None`, `in` over literals), an item by a known key (`args[0]`), `isinstance(x, T)` and
`type(x) is T` with builtin types (or a class of the package, which no literal is an instance of), `len`,
`callable`, `bool` and truthiness. Anything else is UNKNOWN, never guessed: no `eval`, no import, no call into the
repository's code. An operation Python itself would refuse (`"a" < 1`) is UNKNOWN too: the code raises there, not
where the walk was going."""

import ast
import enum
import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

MAX_DEPTH = 24  # nested expressions read; deeper is UNKNOWN
MAX_ITEMS = 256  # a literal container's items; larger is UNKNOWN


class Unknown(enum.Enum):
    UNKNOWN = "unknown"


UNKNOWN = Unknown.UNKNOWN


@dataclass(frozen=True)
class PackageClass:
    """A class that no literal is an instance of, so `isinstance("x", Cls)` is False: the package's, defined once,
    with no metaclass, `__new__` or base from elsewhere (`triggers._TypeTree.plainly_built`), or with no metaclass
    and bases like those or from the standard library's classes that keep `type`'s instance check (`met.
    _TYPE_CHECKED`), or one of those standard-library classes itself (`pathlib.Path`)."""

    name: str


@dataclass(frozen=True)
class PackageFunction:
    """A function the module defines at its top level: callable and true, and nothing more is said of it."""

    name: str


# The builtin types a literal can be an instance of, by the names `isinstance`/`type(...) is` name them.
TYPES: dict[str, type] = {
    t.__name__: t for t in (int, float, complex, str, bytes, bool, tuple, list, dict, set, frozenset, object)
}
TYPES["NoneType"] = type(None)
_FUNCTIONS = ("isinstance", "len", "callable", "type", "bool")
_COMPARED: dict[type, Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}
_SINGLETONS = (None, True, False)
BUILTIN_NAMES = frozenset((*TYPES, *_FUNCTIONS))


def literal(node: ast.expr, names: Callable[[str], object] | None = None, depth: int = 0) -> object:
    """The value a test writes as a literal (`-1`, `("a", 2)`, `{"k": None}`), a name `names` knows among its
    parts; UNKNOWN for anything else."""
    if depth > MAX_DEPTH:
        return UNKNOWN
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, int | float | complex | str | bytes | type(None)) else UNKNOWN
    if isinstance(node, ast.Name):
        return names(node.id) if names is not None else UNKNOWN
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = literal(node.operand, None, depth + 1)  # `-1`, never `-name`
        if isinstance(value, (int, float, complex)) and not isinstance(value, bool):
            return -value if isinstance(node.op, ast.USub) else value
        return UNKNOWN
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return _container(node, [literal(item, names, depth + 1) for item in node.elts[: MAX_ITEMS + 1]])
    if isinstance(node, ast.Dict) and len(node.keys) <= MAX_ITEMS and all(k is not None for k in node.keys):
        keys = [literal(k, names, depth + 1) for k in node.keys if k is not None]
        values = [literal(v, names, depth + 1) for v in node.values]
        if UNKNOWN in keys or UNKNOWN in values:
            return UNKNOWN
        try:
            return dict(zip(keys, values, strict=True))
        except TypeError:  # an unhashable key: Python refuses it
            return UNKNOWN
    return UNKNOWN


def _container(node: ast.Tuple | ast.List | ast.Set, items: list[object]) -> object:
    if len(items) > MAX_ITEMS or UNKNOWN in items or any(isinstance(i, ast.Starred) for i in node.elts):
        return UNKNOWN
    if isinstance(node, ast.Tuple):
        return tuple(items)
    if isinstance(node, ast.List):
        return items
    try:
        return set(items)
    except TypeError:
        return UNKNOWN


def immutable(value: object) -> bool:
    """A value no later statement can change in place (a list can be appended to; a tuple of lists too)."""
    if isinstance(value, (tuple, frozenset)):
        return all(immutable(item) for item in value)
    return value is not UNKNOWN and isinstance(value, int | float | complex | str | bytes | type(None))


def truth(value: object) -> object:
    """True or False as `if value:` takes it, or UNKNOWN."""
    if value is UNKNOWN:
        return UNKNOWN
    return bool(value)


class Evaluator:
    """Evaluates the tests of one function's `if`s over its bound values (`env`): a name of the function that is
    not bound (yet, or to a known value) is UNKNOWN; a name it never binds is a builtin type or function only
    when the module does not define it again (`shadowed`), else what the module binds it to (`outer`: a constant,
    a `PackageClass`, or UNKNOWN)."""

    def __init__(
        self,
        env: dict[str, object],
        local: frozenset[str],
        shadowed: Callable[[str], bool],
        outer: Callable[[str], object] = lambda name: UNKNOWN,
        known: dict[str, object] | None = None,
    ) -> None:
        self.env = env
        self.local = local
        self.shadowed = shadowed
        self.outer = outer
        # Values of a parameter's attributes and argument-less method calls the caller knows, by how they are
        # written (`token.contents`, `token.split_contents()`): a template tag's token (`met.tag_met_line`).
        self.known = known or {}

    def value(self, node: ast.expr, depth: int = 0) -> object:
        if depth > MAX_DEPTH:
            return UNKNOWN
        if isinstance(node, ast.Name):
            return self._name(node.id)
        if self.known and (written := dotted(node)) in self.known:
            known = self.known[written]
            return list(known) if isinstance(known, list) else known  # a fresh list each time it is written
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
            return self.env.get(f"self.{node.attr}", UNKNOWN)
        if isinstance(node, ast.BoolOp):
            return self._bool_op(node, depth)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            held = truth(self.value(node.operand, depth + 1))
            return UNKNOWN if held is UNKNOWN else not held
        if isinstance(node, ast.Compare):
            return self._compare(node, depth)
        if isinstance(node, ast.Call):
            return self._call(node, depth)
        if isinstance(node, ast.Subscript):
            return self._item(node, depth)
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return _container(node, [self.value(item, depth + 1) for item in node.elts[: MAX_ITEMS + 1]])
        return literal(node, None, depth) if isinstance(node, (ast.Constant, ast.UnaryOp, ast.Dict)) else UNKNOWN

    def _name(self, name: str) -> object:
        if name in self.env:
            return self.env[name]
        if name in self.local:
            return UNKNOWN
        if name in BUILTIN_NAMES:
            return UNKNOWN if self.shadowed(name) else TYPES.get(name, UNKNOWN)
        return self.outer(name)

    def _bool_op(self, node: ast.BoolOp, depth: int) -> object:
        """Python's own: the first operand that decides, unread operands after it (`x is None or x < 0`)."""
        value: object = UNKNOWN
        for operand in node.values:
            value = self.value(operand, depth + 1)
            held = truth(value)
            if held is UNKNOWN:
                return UNKNOWN
            if held is (isinstance(node.op, ast.Or)):
                return value
        return value

    def _compare(self, node: ast.Compare, depth: int) -> object:
        left = self.value(node.left, depth + 1)
        for op, comparator in zip(node.ops, node.comparators, strict=True):
            right = self.value(comparator, depth + 1)
            held = compared(left, type(op), right)
            if held is not True:
                return held  # False ends a chain, as in Python; UNKNOWN is unknown
            left = right
        return True

    def _item(self, node: ast.Subscript, depth: int) -> object:
        """`args[0]`, `options["key"]`: an item of a known value by a known key; `bits[1:]`, a slice of a known
        sequence by whole numbers (or none)."""
        if isinstance(node.slice, ast.Slice):
            return self._slice(node.value, node.slice, depth)
        held: Any = self.value(node.value, depth + 1)
        key: Any = self.value(node.slice, depth + 1)
        if key is UNKNOWN or not isinstance(held, (str, bytes, tuple, list, dict)):
            return UNKNOWN
        try:
            return held[key]
        except (IndexError, KeyError, TypeError):  # Python raises there: not the raise the walk goes to
            return UNKNOWN

    def _slice(self, value: ast.expr, part: ast.Slice, depth: int) -> object:
        held: Any = self.value(value, depth + 1)
        bounds: list[int | None] = []
        for bound in (part.lower, part.upper, part.step):
            given = None if bound is None else self.value(bound, depth + 1)
            if given is not None and (not isinstance(given, int) or isinstance(given, bool)):
                return UNKNOWN
            bounds.append(given)
        if not isinstance(held, (str, bytes, tuple, list)) or bounds[2] == 0:
            return UNKNOWN  # a step of 0: Python raises ValueError there
        return held[slice(*bounds)]

    def _call(self, node: ast.Call, depth: int) -> object:
        if not isinstance(node.func, ast.Name) or node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            return UNKNOWN
        name = node.func.id
        if name not in _FUNCTIONS or name in self.env or name in self.local or self.shadowed(name):
            return UNKNOWN
        if name == "isinstance" and len(node.args) == 2 and isinstance(node.args[1], ast.Tuple):
            return self._instance(node.args[0], node.args[1].elts, depth)
        args = [self.value(a, depth + 1) for a in node.args]
        if UNKNOWN in args:
            return UNKNOWN
        if name == "isinstance" and len(args) == 2 and _types(args[1]):
            return isinstance(args[0], _builtin_types(args[1]))
        if len(args) != 1:
            return UNKNOWN
        [value] = args
        if name == "len":
            return len(value) if isinstance(value, (str, bytes, tuple, list, dict, set, frozenset)) else UNKNOWN
        if name == "callable":
            return isinstance(value, (PackageClass, PackageFunction)) or callable(value)
        if name == "type":
            return type(value) if type(value) in TYPES.values() else UNKNOWN
        return bool(value)

    def _instance(self, subject: ast.expr, classes: list[ast.expr], depth: int) -> object:
        """`isinstance(x, (str, Path))` as CPython reads the tuple: in order, True at the first class `x` is an
        instance of; an unknown class before that one may match or be refused (UNKNOWN)."""
        value = self.value(subject, depth + 1)
        if value is UNKNOWN:
            return UNKNOWN
        for item in classes:
            held = self.value(item, depth + 1)
            if not _types(held):
                return UNKNOWN
            if isinstance(value, _builtin_types(held)):
                return True
        return False


def dotted(node: ast.expr, depth: int = 0) -> str | None:
    """`name.attr.attr` or `name.attr.method()` (a call with no arguments) as written, or None for anything else;
    a few links at most."""
    if depth > 4:
        return None
    if isinstance(node, ast.Name):
        return node.id if depth else None  # a bare name is the env's, never a known expression
    if isinstance(node, ast.Attribute):
        inner = dotted(node.value, depth + 1) if not isinstance(node.value, ast.Name) else node.value.id
        return None if inner is None else f"{inner}.{node.attr}"
    if isinstance(node, ast.Call) and not node.args and not node.keywords and isinstance(node.func, ast.Attribute):
        inner = dotted(node.func, depth + 1)
        return None if inner is None else f"{inner}()"
    return None


def _types(value: object) -> bool:
    """A builtin type of `TYPES` or a `PackageClass`, or a tuple of them: what `isinstance` is told apart by here."""
    if isinstance(value, tuple):
        return bool(value) and all(_types(item) for item in value)
    return isinstance(value, PackageClass) or (isinstance(value, type) and value in TYPES.values())


def _builtin_types(value: object) -> tuple[type, ...]:
    """The builtin types among `isinstance`'s second argument: a literal is an instance of none of the others."""
    if isinstance(value, tuple):
        return tuple(t for item in value for t in _builtin_types(item))
    return (value,) if isinstance(value, type) else ()


def compared(left: object, op: type, right: object) -> object:
    """`left <op> right` over known values, or UNKNOWN (an unknown side, an identity Python does not promise, a
    comparison Python refuses)."""
    if left is UNKNOWN or right is UNKNOWN:
        return UNKNOWN
    if op in (ast.Is, ast.IsNot):
        if isinstance(left, type) and isinstance(right, PackageClass):  # `type("x") is Cls`
            return op is ast.IsNot
        if isinstance(left, PackageClass) and isinstance(right, PackageClass):
            return UNKNOWN  # two names may be one class (an alias), one name two classes (two modules)
        if not (any(left is s for s in _SINGLETONS) or any(right is s for s in _SINGLETONS) or _types(left)):
            return UNKNOWN  # `"a" is "a"` depends on interning: not said
        return (left is right) is (op is ast.Is)
    if op in (ast.In, ast.NotIn):
        if not isinstance(right, (str, bytes, tuple, list, dict, set, frozenset)):
            return UNKNOWN
        try:
            return (left in right) is (op is ast.In)
        except TypeError:  # `1 in "abc"`, an unhashable member of a set
            return UNKNOWN
    function = _COMPARED.get(op)
    if function is None:
        return UNKNOWN
    try:
        result = function(left, right)
    except TypeError:
        return UNKNOWN
    return result if isinstance(result, bool) else UNKNOWN

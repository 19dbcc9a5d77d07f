"""The one call a type-only assertion makes, with the literal values of its arguments (`met` tells which raise of
the callee it meets).

`with pytest.raises(ValueError): parse("x", strict=True)`, `self.assertRaises(TypeError, parse, b"x")` and a
lambda's body each give one call: the callee's name as a test writes it, and its arguments: literals, or names
the test binds once, before the call, to an immutable literal (`value = "x"`); any other argument is UNKNOWN.
Inside a `with` block, or a lambda, the arguments are evaluated where the error is expected: there, an argument
that may raise itself (a call, an attribute, an operation) leaves the assertion without an invocation, as does a
block of more than one statement.

An operator on an instance the test built is a call too: `d + 1` calls its class's `__add__` with `1`, `d += 1`
its `__iadd__` (`OPERATORS`), when the other side is harmless."""

import ast
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from kb.harvest.evidence.forms import NOT_PASSED_ON, callable_position, form_of, terminal
from kb.harvest.evidence.values import UNKNOWN, immutable, literal
from kb.text import breadth

MAX_ARGUMENTS = 32  # a call with more is not evaluated
# The method Python calls first for `left <op> right` on the left operand, and for `left <op>= right`.
OPERATORS: dict[type, tuple[str, str]] = {
    ast.Add: ("__add__", "__iadd__"),
    ast.Sub: ("__sub__", "__isub__"),
    ast.Mult: ("__mul__", "__imul__"),
    ast.MatMult: ("__matmul__", "__imatmul__"),
    ast.Div: ("__truediv__", "__itruediv__"),
    ast.FloorDiv: ("__floordiv__", "__ifloordiv__"),
    ast.Mod: ("__mod__", "__imod__"),
    ast.Pow: ("__pow__", "__ipow__"),
    ast.LShift: ("__lshift__", "__ilshift__"),
    ast.RShift: ("__rshift__", "__irshift__"),
    ast.BitAnd: ("__and__", "__iand__"),
    ast.BitOr: ("__or__", "__ior__"),
    ast.BitXor: ("__xor__", "__ixor__"),
}


@dataclass(frozen=True)
class Invocation:
    """`target(*args, **keywords)`: `target` as `called_names` names it (`parse`, `Parser` for a constructor,
    `Parser.parse` on an instance the test built, `parse` on an object or module: `receiver` says which)."""

    target: str
    receiver: str  # "" (a bare name), "object" (`x.m(...)`), "class" (`Parser.m(...)`), "built" (`Parser().m`)
    args: tuple[object, ...]
    keywords: tuple[tuple[str, object], ...]


def invocation_of(call: ast.Call, form: str, body: list[ast.stmt] | None, test: "TestNames") -> Invocation | None:
    """The assertion's one call, or None."""
    names = _LiteralNames(test, call.lineno)
    if body is not None:
        if len(body) != 1:
            return None
        [statement] = body
        if (operated := _operated(statement, names)) is not None:
            return operated
        value = statement.value if isinstance(statement, (ast.Expr, ast.Assign)) else None
        return _invocation(value, names, inside=True) if isinstance(value, ast.Call) else None
    position = callable_position(form)
    if len(call.args) <= position:
        return None
    target = call.args[position]
    if isinstance(target, ast.Lambda):
        return _invocation(target.body, names, inside=True) if isinstance(target.body, ast.Call) else None
    keywords = [k for k in call.keywords if k.arg not in NOT_PASSED_ON]
    built = ast.Call(func=target, args=call.args[position + 1 :], keywords=keywords)
    return _invocation(built, names, inside=False)


def _invocation(call: ast.Call, names: "_LiteralNames", *, inside: bool) -> Invocation | None:
    if len(call.args) + len(call.keywords) > MAX_ARGUMENTS:
        return None
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None  # `f(*values)`, `f(**options)`: which parameter takes what is not written
    arguments = [*call.args, *(k.value for k in call.keywords)]
    if inside and not all(_harmless(a) for a in arguments):
        return None
    target, receiver = _target(call.func, names, inside=inside)
    if target is None:
        return None
    args = tuple(literal(a, names.value) for a in call.args)
    keywords = tuple((str(k.arg), literal(k.value, names.value)) for k in call.keywords)
    return Invocation(target, receiver, args, keywords)


def _operated(statement: ast.stmt, names: "_LiteralNames") -> Invocation | None:
    """`d + 1` (or `x = d + 1`) and `d += 1` on a name bound once to an instance the test built (`d = D(m=100)`):
    the left operand's class's method, with the right operand as its argument."""
    value = statement.value if isinstance(statement, (ast.Expr, ast.Assign)) else None
    if isinstance(value, ast.BinOp):
        left, op, right, which = value.left, value.op, value.right, 0
    elif isinstance(statement, ast.AugAssign):
        left, op, right, which = statement.target, statement.op, statement.value, 1
    else:
        return None
    methods = OPERATORS.get(type(op))
    if methods is None or not isinstance(left, ast.Name) or not _harmless(right):
        return None
    made = names.made(left.id)
    if made is None:
        return None
    return Invocation(f"{made}.{methods[which]}", "built", (literal(right, names.value),), ())


def _target(func: ast.expr, names: "_LiteralNames", *, inside: bool) -> tuple[str | None, str]:
    if isinstance(func, ast.Name):
        return func.id, ""
    if not isinstance(func, ast.Attribute):
        return None, ""
    receiver = func.value
    if isinstance(receiver, ast.Name) and (made := names.made(receiver.id)):
        return f"{made}.{func.attr}", "built"
    if isinstance(receiver, ast.Attribute) and _on_self(receiver) and (made := names.made(f"self.{receiver.attr}")):
        return f"{made}.{func.attr}", "built"  # `self.negotiator.select_parser(...)`, built by the set-up
    if isinstance(receiver, ast.Call) and not inside and (made := terminal(receiver.func)) and made[:1].isupper():
        return f"{made}.{func.attr}", "built"  # `assertRaises(E, Parser().parse, ...)`: built before it is entered
    if isinstance(receiver, (ast.Name, ast.Attribute)):
        return func.attr, ("class" if terminal(receiver)[:1].isupper() else "object")  # type: ignore[index]
    return None, ""


def _on_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


def _harmless(node: ast.expr) -> bool:
    """An argument whose evaluation cannot raise: a constant, a name, a container of them, `-1`."""
    if isinstance(node, (ast.Constant, ast.Name)):
        return True
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        return isinstance(node.operand, ast.Constant)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return all(_harmless(item) for item in node.elts)
    if isinstance(node, ast.Dict):
        return all(k is not None and _harmless(k) for k in node.keys) and all(_harmless(v) for v in node.values)
    return False


class TestNames:
    """How often a test function binds each name (stores, loops, parameters), counted once per function."""

    def __init__(
        self, function: ast.FunctionDef | ast.AsyncFunctionDef, bound: dict[str, list[tuple[int, ast.expr]]]
    ) -> None:
        self.bound = bound
        arguments = function.args
        parameters = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg]
        stored = (n.id for n in breadth.walk(function) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
        self.stores = Counter(stored)
        self.stores.update(p.arg for p in parameters if p is not None)
        self.stores.subtract(_raised_in_place(function))


def _raised_in_place(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[str]:
    """The names of `with self.assertRaises(T): d += 1`: the block's one statement raises before its store, so
    the name keeps what it held (when it did not raise, the test failed)."""
    for node in breadth.walk(function):
        if not isinstance(node, (ast.With, ast.AsyncWith)) or len(node.body) != 1:
            continue
        [statement] = node.body
        if not isinstance(statement, ast.AugAssign) or not isinstance(statement.target, ast.Name):
            continue
        forms = [form_of(i.context_expr) for i in node.items if isinstance(i.context_expr, ast.Call)]
        if any(form and "raises" in form.lower() for form in forms):
            yield statement.target.id


class _LiteralNames:
    """The test's names bound once (no other store, loop or parameter of that name), above the call."""

    def __init__(self, test: TestNames, line: int) -> None:
        self.test = test
        self.line = line

    def _once(self, name: str) -> ast.expr | None:
        bindings = self.test.bound.get(name, [])
        # `self.name`: bound by the class's set-up alone (the reader leaves out one the test binds too).
        stores = 1 if name.startswith("self.") else self.test.stores[name]
        if stores != 1 or len(bindings) != 1 or bindings[0][0] >= self.line:
            return None
        return bindings[0][1]

    def value(self, name: str) -> object:
        node = self._once(name)
        value = literal(node) if node is not None else UNKNOWN
        return value if immutable(value) else UNKNOWN

    def made(self, name: str) -> str | None:
        """The class a name holds an instance of, built once in the test above the call: `p = Parser(...)`."""
        node = self._once(name)
        if isinstance(node, ast.Call) and (made := terminal(node.func)) and made[:1].isupper():
            return made
        return None

"""A test that calls the repository's own small function, read through its body (issue 29): `not
self.is_registered(model)` is `model not in self._registry` where `is_registered` is `return model in
self._registry`. The card then says the test by what the function returns, where it can say that in the reader's
words (`kb.cards.reader`), and says nothing more where it cannot.

Read through: a function or method of the tree whose body is one `return <expr>`, after a docstring and locals
each assigned once (`pk_val = self._get_pk_val(meta)`), read through in turn; its parameters replaced by what the
call passes (or a literal default), its receiver by what the call runs it on. Left as written: a call with
`*args` or `**kwargs`, a decorated function, a method a subclass of the tree overrides (which one runs depends on
the object), a body that reads a name of its own module (not what that name is where the test is) or binds one
the call's arguments read. A call read through is read through again, up to `MAX_DEPTH` calls in. A method a
mixin calls on `self` without defining it is the one body every class of the tree that uses the mixin finds."""

import ast
import builtins
import copy
import weakref
from collections.abc import Sequence

from kb.harvest.reading.classes import ClassIndex, ClassInfo
from kb.harvest.reading.conditions import negate
from kb.harvest.reading.evaluate import Function, callee
from kb.harvest.reading.scopes import Scope
from kb.text import breadth
from kb.text.written import unparse

MAX_DEPTH = 2
MAX_LOCALS = 3  # locals a body may assign before its `return`
MAX_CODE = 300  # a test longer than this once read through is left as written (the card says no longer ones)
_BUILTINS = frozenset(dir(builtins))
_RECEIVERS = frozenset({"self", "cls"})


class _Body:
    """A function's body as one expression of its parameters (locals folded in), read once per function."""

    def __init__(
        self, params: list[str], defaults: dict[str, ast.expr], returned: ast.expr | None, truth_only: bool = False
    ) -> None:
        self.params = params
        # Early answers folded in as `or`/`and`: `returned` is as true as the body's value, not that value itself.
        self.truth_only = truth_only
        self.defaults = defaults
        self.returned = returned  # None: a body not read through (its signature still says a property's read)
        nodes = breadth.nodes(returned) if returned is not None else []
        self.bound = {n.id for n in nodes if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        self.bound |= {a.arg for n in nodes if isinstance(n, ast.Lambda) for a in n.args.args}


# Each function read once, weakly keyed: no body outlives its tree.
_bodies: "weakref.WeakKeyDictionary[ast.AST, _Body | None]" = weakref.WeakKeyDictionary()


def read_through(test: ast.expr, scope: Scope, calls: Sequence[ast.Call]) -> ast.expr | None:
    """`test` with each call of a small function of the tree replaced by what it returns; None when no call
    was. `calls`: the calls the test makes (`Condition.calls`, found by the walk that read its names). The caller
    leaves out a test longer than `MAX_CODE` (its code is at hand there)."""
    found = test
    for depth in range(MAX_DEPTH):
        if depth:
            calls = [node for node in breadth.walk(found) if isinstance(node, ast.Call)]
        truth = _truth_calls(found)
        if not any(_inlined(call, scope, truth=id(call) in truth) is not None for call in calls):
            break  # the common case: nothing to read through, nothing copied
        found = copy.deepcopy(found)
        found = _Inliner(scope, _truth_calls(found)).visit(found)
    if found is test:
        return None
    found = ast.fix_missing_locations(_Simplified().visit(found))
    return found if len(unparse(found)) <= MAX_CODE else None


class _Inliner(ast.NodeTransformer):
    def __init__(self, scope: Scope, truth: set[int]) -> None:
        self.scope = scope
        self.truth = truth  # ids of the calls whose value the test reads only as true or false

    def visit_Call(self, node: ast.Call) -> ast.expr:
        truth = id(node) in self.truth
        self.generic_visit(node)
        return _inlined(node, self.scope, truth=truth) or node


def _truth_calls(test: ast.expr) -> set[int]:
    """The ids of the calls `test` reads only for their truth: the test itself, under `not`, in an `and`/`or`."""
    found: set[int] = set()
    stack = [test]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Call):
            found.add(id(node))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            stack.append(node.operand)
        elif isinstance(node, ast.BoolOp):
            stack.extend(node.values)
    return found


class _Simplified(ast.NodeTransformer):
    """`not not x` is `x`; `not (a is None)` is `a is not None`, and `not (a or b)` is `not a and not b`, as
    `conditions.negate` writes them."""

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.expr:
        inner = node.operand
        if isinstance(node.op, ast.Not) and isinstance(inner, ast.UnaryOp) and isinstance(inner.op, ast.Not):
            return self.visit(inner.operand)
        self.generic_visit(node)
        inner = node.operand
        if not isinstance(node.op, ast.Not):
            return node
        if isinstance(inner, ast.UnaryOp) and isinstance(inner.op, ast.Not):
            return inner.operand
        if isinstance(inner, ast.BoolOp):
            return _flat(negate(inner))
        flipped = negate(inner) if isinstance(inner, ast.Compare) else None
        return flipped if isinstance(flipped, ast.Compare) else node


def _flat(test: ast.expr) -> ast.expr:
    """`a and (b and c)` as `a and b and c`: an `and` (or an `or`) inside one of its own kind, lifted."""
    if not isinstance(test, ast.BoolOp):
        return test
    values: list[ast.expr] = []
    for value in map(_flat, test.values):
        same = isinstance(value, ast.BoolOp) and type(value.op) is type(test.op)
        values.extend(value.values if isinstance(value, ast.BoolOp) and same else [value])
    return ast.BoolOp(op=test.op, values=values)


def _inlined(call: ast.Call, scope: Scope, *, truth: bool = False) -> ast.expr | None:
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    if isinstance(call.func, ast.Name) and call.func.id in _BUILTINS:
        return None  # `isinstance(...)`, `len(...)`: most calls a test makes, none of the tree's
    try:
        found = callee(scope.index, call.func, scope)
    except Exception:  # odd code the resolver did not foresee: the test stays as written
        return None
    if found is None:
        found = _mixed_in(call.func, scope)
    if found is None:
        return None
    function, defined_in, runs_on = found
    body = _body(function)
    if body is None:
        return None
    params = list(body.params)
    given: dict[str, ast.expr] = {}
    if defined_in is not None:
        if not isinstance(call.func, ast.Attribute) or not params or params[0] not in _RECEIVERS:
            return None
        if runs_on and any(function.name in sub.methods for sub in scope.index.subclasses(runs_on)):
            return None  # overridden further down: which body runs depends on the object
        given[params.pop(0)] = call.func.value
    if len(call.args) > len(params):
        return None
    given.update(zip(params, call.args, strict=False))
    for keyword in call.keywords:
        if keyword.arg not in params or keyword.arg in given:
            return None
        given[keyword.arg] = keyword.value
    for param in params:
        if param not in given:
            if param not in body.defaults:
                return None
            given[param] = body.defaults[param]
    if (
        defined_in is not None
        and (attribute := _property_read(function, defined_in, given, body, scope.index)) is not None
    ):
        return attribute
    if body.returned is None or (body.truth_only and not truth):
        return None
    passed = {n.id for value in given.values() for n in breadth.walk(value) if isinstance(n, ast.Name)}
    if passed & body.bound:
        return None  # a comprehension of the body would capture a name the call passes
    return _Replaced(given).visit(copy.deepcopy(body.returned))


def _mixed_in(func: ast.expr, scope: Scope) -> tuple[Function, ClassInfo, None] | None:
    """`self.rhs_is_direct_value()` in a mixin that neither defines nor inherits it (`TupleLookupMixin`,
    django/db/models/fields/tuple_lookups.py:93, Django 5.2.19): the function every class of the tree that has the
    mixin among its ancestors finds first (`Lookup.rhs_is_direct_value`), where there is one for them all and none
    overrides it; None otherwise (no such class, or two bodies)."""
    if not (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id in _RECEIVERS
        and scope.owner
        and scope.index.method(scope.owner, func.attr) is None
    ):
        return None
    hits = [scope.index.method(sub.qualname, func.attr) for sub in scope.index.subclasses(scope.owner)]
    bodies = {id(hit[0]): hit for hit in hits if hit is not None}
    if len(bodies) != 1 or None in hits:
        return None  # no class uses the mixin, one finds no such method, or two find different ones
    function, defined_in = next(iter(bodies.values()))
    return function, defined_in, None  # no class of the tree overrides it: the one body, whichever object runs it


def _property_read(
    function: Function, owner: ClassInfo, given: dict[str, ast.expr], body: _Body, index: ClassIndex
) -> ast.expr | None:
    """`self.pk` for `self._get_pk_val(None)`, where the class sets `pk = property(_get_pk_val, ...)` and the call
    passes nothing but the getter's defaults: a read of the property, said as the reader reads it."""
    receiver, *params = body.params
    for param in params:
        value, default = given.get(param), body.defaults.get(param)
        if not (isinstance(value, ast.Constant) and isinstance(default, ast.Constant) and value.value == default.value):
            return None
    for name, value in owner.attributes.items():
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "property":
            getter = value.args[0] if value.args else next((k.value for k in value.keywords if k.arg == "fget"), None)
            if isinstance(getter, ast.Name) and getter.id == function.name:
                if any(name in sub.attributes or name in sub.methods for sub in index.subclasses(owner.qualname)):
                    return None  # a subclass's own `pk`: not what the getter returns
                return ast.Attribute(value=copy.deepcopy(given[receiver]), attr=name, ctx=ast.Load())
    return None


class _Replaced(ast.NodeTransformer):
    def __init__(self, given: dict[str, ast.expr]) -> None:
        self.given = given

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if isinstance(node.ctx, ast.Load) and node.id in self.given:
            return copy.deepcopy(self.given[node.id])
        return node


def _body(function: Function) -> _Body | None:
    if function in _bodies:
        return _bodies[function]
    body = _bodies[function] = _read_body(function)
    return body


def _read_body(function: Function) -> _Body | None:
    arguments = function.args
    if function.decorator_list or arguments.vararg or arguments.kwarg or arguments.posonlyargs:
        return None
    if isinstance(function, ast.AsyncFunctionDef):
        return None
    positional = arguments.args
    params = [a.arg for a in (*positional, *arguments.kwonlyargs)]
    defaults: dict[str, ast.expr] = {}
    for arg, default in zip(positional[len(positional) - len(arguments.defaults) :], arguments.defaults, strict=True):
        if isinstance(default, ast.Constant):
            defaults[arg.arg] = default
    for kwarg, kwdefault in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True):
        if isinstance(kwdefault, ast.Constant):
            defaults[kwarg.arg] = kwdefault
    returned, truth_only = _returned(function, set(params))
    return _Body(params, defaults, returned, truth_only)


def _returned(function: Function, params: set[str]) -> tuple[ast.expr | None, bool]:
    """The one expression the body returns, its locals and early answers folded in (True: it has early answers,
    and is only as true as the body's value); None for any other body."""
    statements = list(function.body)
    if statements and isinstance(statements[0], ast.Expr) and isinstance(statements[0].value, ast.Constant):
        statements = statements[1:]  # the docstring
    if not statements or len(statements) > MAX_LOCALS + 1:
        return None, False
    last = statements[-1]
    if not isinstance(last, ast.Return) or last.value is None:
        return None, False
    # Early answers before anything else (`if not self.allowed_versions: return True`, rest_framework/versioning.py:
    # 27-31, DRF 3.18.3): each an `or` (True) or an `and not` (False) in front of what the rest returns.
    answers: list[tuple[ast.expr, bool]] = []
    while statements[:-1] and (early := _early_answer(statements[0])) is not None:
        answers.append(early)
        statements = statements[1:]
    folded: dict[str, ast.expr] = {}
    for statement in statements[:-1]:
        if not (
            isinstance(statement, ast.Assign)
            and len(statement.targets) == 1
            and isinstance(target := statement.targets[0], ast.Name)
            and target.id not in folded
            and target.id not in params
        ):
            return None, False
        folded[target.id] = _Replaced(folded).visit(copy.deepcopy(statement.value))
    returned = _Replaced(folded).visit(copy.deepcopy(last.value))
    for test, answer in reversed(answers):
        guard = copy.deepcopy(test) if answer else negate(copy.deepcopy(test))
        if isinstance(returned, ast.Constant) and (returned.value is None or isinstance(returned.value, bool)):
            # `if T: return True` then `return False` (django-filter's `is_noop`): `T`, not `T or False`, which a
            # card said as "`False` is empty or false"; an answer the same as the last return leaves no test.
            if bool(returned.value) == answer:
                return None, False
            returned = guard
            continue
        returned = ast.BoolOp(op=ast.Or() if answer else ast.And(), values=[guard, returned])
    if len(unparse(returned)) > MAX_CODE:
        return None, False
    nodes = breadth.nodes(returned)
    inner = {n.id for n in nodes if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    inner |= {a.arg for n in nodes if isinstance(n, ast.Lambda) for a in n.args.args}
    for node in nodes:
        if isinstance(node, ast.Name) and node.id not in params | inner and node.id not in _BUILTINS:
            return None, False  # a name of its own module: not what that name is where the test reads it
        if isinstance(node, (ast.NamedExpr, ast.Await, ast.Yield, ast.YieldFrom)):
            return None, False
    return returned, bool(answers)


def _early_answer(statement: ast.stmt) -> tuple[ast.expr, bool] | None:
    """(test, answer) of `if test: return True` (or `False`) with no `else`; None for any other statement."""
    if not isinstance(statement, ast.If) or statement.orelse or len(statement.body) != 1:
        return None
    body = statement.body[0]
    if not isinstance(body, ast.Return) or not isinstance(body.value, ast.Constant):
        return None
    value = body.value.value
    return (statement.test, value) if isinstance(value, bool) else None

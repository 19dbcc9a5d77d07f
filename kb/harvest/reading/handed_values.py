"""What a call hands the function it calls, and what that function's own body does with it on the way to a line
(issue 29): the expression a call gives a parameter or the literal default it leaves, the tests of a parameter
holding a line, the names bound anew above it, the exits before it. Pure readings of one function's `def`, which
`entry_points` makes once per function and line."""

import ast
import re
from collections.abc import Callable, Mapping

from kb.harvest.reading.callers import Defined
from kb.harvest.reading.fixed_values import wider_test
from kb.harvest.reading.scopes import statements
from kb.harvest.reading.walked import body_of
from kb.text import breadth
from kb.text.treedump import dump
from kb.text.written import unparse

MAX_STATEMENTS = 400  # statements of a function's own body read for a test above a line
MAX_NAMES = 200  # literals of one `in (...)` test
MAX_TEST = 201  # characters of a test's text compared

# (parameter, the test's value when the parameter is a given literal, the value needed to get to a line)
Test = tuple[str, Callable[[object], bool | None], bool]


# The statements that may give a name a new value: those `new_values` reads.
_BINDING = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.With, ast.AsyncWith, ast.Delete)


def new_values(function: ast.FunctionDef | ast.AsyncFunctionDef, *, conversions: bool = False) -> dict[str, int]:
    """The first line where the function's own statements give each name a new value (a target of `=`, `+=`,
    `for`, `with ... as`, `del`), on any path: `path = path or ...`, `if parse_until is None: parse_until = []`,
    and `Apps.get_model()`'s `app_label, model_name = app_label.split(".")` when no `model_name` is given. Not a
    conversion (`_converted`), which the cards say as the argument still. Targets alone are read (a `:=` inside
    an expression is not), for each caller on the way of every raise. `conversions`: those too."""
    found: dict[str, int] = {}
    for statement in body_of(function).of(_BINDING):
        if isinstance(statement, ast.Assign) and (conversions or not _converted(statement)):
            targets: list[ast.expr] = list(statement.targets)
        elif isinstance(statement, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor)):
            targets = [statement.target] if not isinstance(statement, ast.AnnAssign) or statement.value else []
        elif isinstance(statement, (ast.With, ast.AsyncWith)):
            targets = [item.optional_vars for item in statement.items if item.optional_vars is not None]
        elif isinstance(statement, ast.Delete):
            targets = list(statement.targets)
        else:
            continue
        while targets:
            target = targets.pop()
            if isinstance(target, ast.Name):
                found[target.id] = min(found.get(target.id, target.lineno), target.lineno)
            elif isinstance(target, (ast.Tuple, ast.List, ast.Starred)):
                targets.extend(target.elts if not isinstance(target, ast.Starred) else [target.value])
    return found


def _converted(statement: ast.AST) -> bool:
    """`x = f(x)`, `x = x.strip()`, `x = [f(n) for n in x]`: a name given its own value converted, which
    the cards say as the argument still (a fallback, `x = x or default`, is another value)."""
    if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
        return False
    target, value = statement.targets[0], statement.value
    if not isinstance(target, ast.Name):
        return False
    given: list[ast.AST]
    if isinstance(value, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
        given = [value.generators[0].iter]  # `[get_field(n) for n in update_fields]`: each item converted
    elif isinstance(value, ast.Call):
        given = breadth.nodes(value)  # `f(x)`, `x.strip()`, `str(x).lower()`
    else:
        return False
    return any(isinstance(argument, ast.Name) and argument.id == target.id for argument in given)


def returns_other(new: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a `__new__` may return anything but what a `__new__` call made (`return super().__new__(cls)`, or
    `obj = object.__new__(cls)` ... `return obj`): `return UnboundField(cls, ...)`, `return cls.many_init(...)`.
    A `__new__` that returns nothing at all is read as returning something else too."""
    made: set[str] = set()
    returned: list[ast.expr | None] = []
    for statement in statements(new.body):
        if isinstance(statement, ast.Assign) and _is_new_call(statement.value):
            made.update(t.id for t in statement.targets if isinstance(t, ast.Name))
        elif isinstance(statement, ast.Return):
            returned.append(statement.value)
    if not returned:
        return True

    def own(value: ast.expr | None) -> bool:
        return value is not None and (_is_new_call(value) or (isinstance(value, ast.Name) and value.id in made))

    if all(own(value) for value in returned):
        return False
    # `if kwargs.pop("many", False): return cls.many_init(...)` then `return super().__new__(cls)`: called plainly
    # (no such keyword), `X()` makes an instance and runs `__init__`; `if "_form" in kwargs: ... else: return
    # Unbound(...)` does not.
    plain = _plain_return(new.body, new.args.kwarg.arg if new.args.kwarg else "")
    return plain is None or not own(plain)


def _plain_return(body: list[ast.stmt], kwargs: str) -> ast.expr | None:
    """What the body returns when no optional keyword is given, where each test on the way reads only whether
    one was (`"k" in kwargs`, `kwargs.pop("k", False)`); None when another test or statement decides."""
    for statement in body:
        if isinstance(statement, ast.Return):
            return statement.value
        if isinstance(statement, ast.If):
            given = _keyword_given(statement.test, kwargs)
            if given is None:
                return None
            branch = statement.orelse if given is False else statement.body
            if branch and isinstance(branch[-1], ast.Return):
                return _plain_return(branch, kwargs)
            if any(isinstance(node, ast.Return) for inner in branch for node in breadth.walk(inner)):
                return None
        elif any(isinstance(node, ast.Return) for node in breadth.walk(statement)):
            return None
    return None


def _keyword_given(test: ast.expr, kwargs: str) -> bool | None:
    """The test's value when no keyword is given: `"k" in kwargs` False, `"k" not in kwargs` True,
    `kwargs.pop("k", False)` / `kwargs.get("k")` False; None for any other test."""
    read = _keyed(test) if kwargs else None
    return read[1]({}) if read is not None and read[0] == kwargs else None


def _keyed(test: ast.expr, only: str = "") -> tuple[str, Callable[[object], bool | None]] | None:
    """(name, the test's value when `name` is an empty dict, None for any other value) for `k in name`, `k not in
    name`, `name.get(k)` and `name.pop(k)` (with no default or a literal one): an empty `**kwargs` holds no key,
    whatever `k` is. None for any other test."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.In, ast.NotIn)):
        if not isinstance(holder := test.comparators[0], ast.Name):
            return None
        name, verdict = holder.id, isinstance(test.ops[0], ast.NotIn)
    elif (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Attribute)
        and test.func.attr in ("pop", "get")
        and isinstance(test.func.value, ast.Name)
        and 1 <= len(test.args) <= 2
        and not test.keywords
        and not any(isinstance(a, ast.Starred) for a in test.args)
    ):
        fallback = test.args[1] if len(test.args) == 2 else ast.Constant(None)
        if not isinstance(fallback, ast.Constant):
            return None
        name, verdict = test.func.value.id, bool(fallback.value)
    else:
        return None
    if only and name != only:
        return None
    return name, lambda value: verdict if isinstance(value, dict) and not value else None


# Methods of a dict that put no key into it.
_READS = frozenset({"get", "pop", "popitem", "copy", "items", "keys", "values", "__contains__", "__getitem__"})


def keys_added(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """Whether the function may put a key into its dict `name` (its `**kwargs`): a store to an item, a method that
    adds (`update`, `setdefault`), the dict handed bare to a call or bound to another name (which may add). A
    default stored under the test that found that key missing (`if k in kwargs: ... else: kwargs[k] = None`, in
    `PrettyTable.__init__`) adds only a key already found missing: a test then finds a key only when it was given
    (or when a loop tests the same key twice, read as not)."""
    fills: set[int] = set()
    nodes = breadth.nodes(function)  # nested functions too: a closure may add
    for node in nodes:
        if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
            continue
        if (read := _keyed(node.test)) is None or read[0] != name:
            continue
        missing = node.body if isinstance(node.test.ops[0], ast.NotIn) else node.orelse
        key = dump(node.test.left)
        fills.update(
            id(target)
            for statement in missing
            if isinstance(statement, ast.Assign)
            for target in statement.targets
            if isinstance(target, ast.Subscript) and dump(target.slice) == key
        )
    for node in nodes:
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            if _is_name(node.value, name) and id(node) not in fills:
                return True
        elif isinstance(node, ast.Call):
            if (
                isinstance(node.func, ast.Attribute)
                and _is_name(node.func.value, name)
                and node.func.attr not in _READS
            ):
                return True
            if any(_is_name(a, name) for a in node.args) or any(
                k.arg is not None and _is_name(k.value, name) for k in node.keywords
            ):
                return True
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.NamedExpr)) and _is_name(node.value, name):
            return True
    return False


def _is_name(node: ast.AST | None, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def hands_no_keywords(call: ast.Call, callee: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a call surely leaves the callee's `**kwargs` empty: no `**mapping`, and each keyword one of its
    parameters that a keyword may name (`PrettyTable()` hands `__init__`'s `**kwargs` nothing)."""
    if callee.args.kwarg is None:
        return False
    named = {a.arg for a in (*callee.args.args, *callee.args.kwonlyargs)}
    return all(k.arg is not None and k.arg in named for k in call.keywords)


def _is_new_call(value: ast.expr) -> bool:
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "__new__"


def handed_as(call: ast.Call, callee: ast.FunctionDef | ast.AsyncFunctionDef, parameter: str) -> ast.expr | None:
    """The expression a call gives the callee's `parameter`, by keyword or by position (a method's `self` is the
    object it is called on)."""
    for keyword in call.keywords:
        if keyword.arg == parameter:
            return keyword.value
    positional = [a.arg for a in (*callee.args.posonlyargs, *callee.args.args)]
    # `obj.method(x)`, and `Class(x)` calling `__init__`: the object is not among the call's arguments.
    if positional and positional[0] in ("self", "cls"):
        if isinstance(call.func, ast.Attribute) or callee.name in ("__init__", "__new__"):
            positional = positional[1:]
    if parameter in positional and (at := positional.index(parameter)) < len(call.args):
        given = call.args[at]
        return None if isinstance(given, ast.Starred) else given
    return None


def calls_by_name(call: ast.Call, callee: Defined, node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether the call names the callee: its function's name, or its class's for an `__init__`."""
    name = callee.qualname.rpartition(".")[0].rpartition(".")[2] if node.name == "__init__" else node.name
    func = call.func
    return (func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else "") == name


def default_left(
    call: ast.Call,
    callee: ast.FunctionDef | ast.AsyncFunctionDef,
    parameter: str,
    spread: "Callable[[ast.expr], frozenset[str] | None] | None" = None,
) -> ast.expr | None:
    """The callee's literal default for `parameter` when the call surely leaves it out (no `*args` or `**kwargs`
    that might give it; `spread`: the keys a `**mapping` may hold, None when not known): `GEOSGeometry(box)` leaves
    `srid` at `None`. None when given, or told by no literal."""
    default = default_of_left(call, callee, parameter, spread)
    return default if isinstance(default, ast.Constant) else None


def default_of_left(
    call: ast.Call,
    callee: ast.FunctionDef | ast.AsyncFunctionDef,
    parameter: str,
    spread: "Callable[[ast.expr], frozenset[str] | None] | None" = None,
) -> ast.expr | None:
    """`default_left`'s default as written, whatever it is (`installed_apps=()`); None when given or without one."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg == parameter for k in call.keywords):
        return None
    for keyword in call.keywords:
        if keyword.arg is None and (spread is None or (keys := spread(keyword.value)) is None or parameter in keys):
            return None
    arguments = callee.args
    positional = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    shift = int(
        bool(positional)
        and positional[0] in ("self", "cls")
        and (isinstance(call.func, ast.Attribute) or callee.name in ("__init__", "__new__"))
    )
    if parameter in positional:
        if positional.index(parameter) - shift < len(call.args):
            return None
        defaults = dict(zip(positional[len(positional) - len(arguments.defaults) :], arguments.defaults, strict=True))
        default = defaults.get(parameter)
    else:
        default = dict(zip((a.arg for a in arguments.kwonlyargs), arguments.kw_defaults, strict=True)).get(parameter)
    return default


def left_when(function: ast.FunctionDef | ast.AsyncFunctionDef, line: int, handed: str, value: str) -> bool:
    """Whether a statement of the function's own body above `line` is `if <handed> == <value>:` (or `is`) whose
    block ends in a `return` or a `raise`: past it, the value is never `value`."""
    tests = {f"{handed} == {value}", f"{handed} is {value}", f"{value} == {handed}"}
    for statement in function.body[:MAX_STATEMENTS]:
        if statement.lineno >= line:
            break
        if (
            isinstance(statement, ast.If)
            and statement.body
            and isinstance(statement.body[-1], (ast.Return, ast.Raise))
            and unparse(statement.test)[:MAX_TEST] in tests
        ):
            return True
    return False


def literal_against(given: ast.expr, truth: bool) -> bool:
    """Whether `given` is a literal (`True`, `None`, `0`, `"x"`) whose truth is not `truth`."""
    return isinstance(given, ast.Constant) and bool(given.value) is not truth


def used_unlike(function: ast.FunctionDef | ast.AsyncFunctionDef, line: int, name: str, kinds: tuple) -> bool:
    """Whether a statement of the function's own body above `line` (run on every call that gets there: not in a
    branch, a loop or a `try`) calls a method on `name`, or assigns to an item of it, that no type of `kinds` has;
    `name` never bound anew in the function."""
    if any(
        isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store)
        for node in breadth.walk(function)
    ):
        return False
    for statement in function.body[:MAX_STATEMENTS]:
        if statement.lineno >= line:
            break
        if isinstance(statement, ast.Expr) and isinstance(call := statement.value, ast.Call):
            method = call.func
            if isinstance(method, ast.Attribute) and isinstance(method.value, ast.Name) and method.value.id == name:
                if not any(hasattr(kind, method.attr) for kind in kinds):
                    return True
        targets = statement.targets if isinstance(statement, ast.Assign) else []
        for target in targets:
            if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) and target.value.id == name:
                if not any(hasattr(kind, "__setitem__") for kind in kinds):
                    return True
    return False


def unconditional(body: list[ast.stmt], line: int) -> bool:
    """Whether the statement of `body` holding `line` runs on every run of the body that gets to it: a plain
    statement, or one inside a `with` or a `try`'s body or `finally`, never a branch, a loop or a handler."""
    for statement in body:
        if not statement.lineno <= line <= (statement.end_lineno or statement.lineno):
            continue
        if isinstance(statement, (ast.Try, ast.TryStar)):
            return unconditional(statement.body, line) or unconditional(statement.finalbody, line)
        if isinstance(statement, (ast.With, ast.AsyncWith)):
            return unconditional(statement.body, line)
        return not isinstance(statement, (ast.If, ast.For, ast.AsyncFor, ast.While, ast.Match))
    return False


def exit_before(function: ast.FunctionDef | ast.AsyncFunctionDef, line: int) -> bool:
    """A `return` or `raise` of the function itself (not of a function or class inside it) above `line`."""
    return any(node.lineno < line for node in body_of(function).of(_EXITS))


_EXITS = (ast.Return, ast.Raise)


def tests_holding(
    body: list[ast.stmt],
    line: int,
    kwargs: str = "",
    patterns: Mapping[str, re.Pattern[str]] | None = None,
    other: Callable[[ast.expr], tuple[str, Callable[[object], bool | None]] | None] | None = None,
    guards: bool = False,
) -> list[Test]:
    """The tests on a parameter of the `if`s (and `elif`s) holding `line` in `body`, through `with`, `try` and
    loops; one `and`'s parts each, in an `if`'s body only. Only the statements on the way to `line` are read.
    `kwargs`: the function's `**` name, whose tests of a key (`_keyed`) are read too; their value is None (not
    told) for any value but an empty dict. `patterns`: the module's compiled regexes by name, with which the wider
    tests of `fixed_values` are read too (a regex's match, `isinstance`, `or`...), their value None where not
    told. `other`: a reader of further tests, tried last (`sentinels.marker_test`). Without any, every test's
    value is a bool. `guards`: the early exits on the way are read too, each needed false (`_exit_guards`)."""
    found: list[Test] = []

    def read(part: ast.expr) -> tuple[str, Callable[[object], bool | None]] | None:
        return (
            _literal_test(part)
            or (_keyed(part, kwargs) if kwargs else None)
            or (wider_test(part, patterns, _literal_test) if patterns is not None else None)
            or (other(part) if other is not None else None)
        )

    while body:
        statement = next((s for s in body if s.lineno <= line <= (s.end_lineno or s.lineno)), None)
        if statement is None:
            break
        if guards and not isinstance(statement, _LATER):
            found += _exit_guards(body, statement, read)
        if isinstance(statement, ast.If):
            if line <= (statement.test.end_lineno or statement.lineno):
                break  # a call in the test itself
            inside = bool(statement.body) and statement.body[0].lineno <= line <= (statement.body[-1].end_lineno or 0)
            parts = (
                statement.test.values
                if inside and isinstance(statement.test, ast.BoolOp) and isinstance(statement.test.op, ast.And)
                else [statement.test]
            )
            found += [(name, holds, inside) for part in parts if (told := read(part)) for name, holds in [told]]
            body = statement.body if inside else statement.orelse
        elif isinstance(statement, (ast.With, ast.AsyncWith, ast.For, ast.AsyncFor, ast.While)):
            body = statement.body
        elif isinstance(statement, (ast.Try, ast.TryStar)):
            # The block holding `line` alone: a `return` in the `try` still runs its `finally`.
            body = next(
                (block for block in (statement.body, statement.orelse, statement.finalbody) if _holds(block, line)), []
            )
        else:
            break
    return found


# A statement whose body runs later, or elsewhere: an early exit above it does not keep `line` inside from running.
_LATER = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _holds(block: list[ast.stmt], line: int) -> bool:
    return bool(block) and block[0].lineno <= line <= (block[-1].end_lineno or block[-1].lineno)


def _exit_guards(
    body: list[ast.stmt],
    statement: ast.stmt,
    read: Callable[[ast.expr], tuple[str, Callable[[object], bool | None]] | None],
) -> list[Test]:
    """The tests of the `if`s above `statement` in its own block whose body always leaves (its last statement a
    `return` or `raise`), each needed false to get to `statement`; an `or`'s parts each (every one must be false),
    an `and` left whole: `if not ndim: return capi.create_point(None)` above `if ndim < 2 or ndim > 3: raise
    TypeError(...)` (django/contrib/gis/geos/point.py:63-67, Django 5.2.19)."""
    found: list[Test] = []
    for above in body:
        if above is statement or above.lineno >= statement.lineno:
            break
        if not isinstance(above, ast.If) or not above.body or not isinstance(above.body[-1], _EXITS):
            continue
        test = above.test
        parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or) else [test]
        found += [(name, holds, False) for part in parts if (told := read(part)) for name, holds in [told]]
    return found


def _literal_test(test: ast.expr) -> tuple[str, Callable[[object], bool]] | None:
    """(name, the test's value for a literal) for `name`, `not name`, `name == c`, `name != c`, `name is c`,
    `name is not c` (c None, True or False) and `name in (c, ...)` / `not in`, c literals; None for any other."""
    if isinstance(test, ast.Name):
        return test.id, bool
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and isinstance(test.operand, ast.Name):
        return test.operand.id, lambda value: not value
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return None
    left, op, right = test.left, test.ops[0], test.comparators[0]
    if isinstance(left, ast.Constant) and isinstance(right, ast.Name) and isinstance(op, (ast.Eq, ast.NotEq)):
        left, right = right, left
    if not isinstance(left, ast.Name):
        return None
    if isinstance(right, ast.Constant) and isinstance(op, (ast.Eq, ast.NotEq)):
        wanted, equal = right.value, isinstance(op, ast.Eq)
        return left.id, lambda value: (value == wanted) is equal
    if isinstance(right, ast.Constant) and isinstance(op, (ast.Is, ast.IsNot)) and right.value in (None, True, False):
        wanted, same = right.value, isinstance(op, ast.Is)
        return left.id, lambda value: (value is wanted) is same
    if isinstance(right, (ast.Tuple, ast.List, ast.Set)) and isinstance(op, (ast.In, ast.NotIn)):
        if len(right.elts) > MAX_NAMES or not all(isinstance(e, ast.Constant) for e in right.elts):
            return None
        members = [e.value for e in right.elts if isinstance(e, ast.Constant)]
        within = isinstance(op, ast.In)
        return left.id, lambda value: (value in members) is within
    return None

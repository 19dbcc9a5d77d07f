"""A call that raises a site's error, written from the code alone (round 31's T: `resolve_relation('self')`,
`MiddlewareMixin(None)`), for a card whose library has no test that raises it: "written_call" in a site's
evidence, the code of an import and the call (`from django.db.migrations.utils import resolve_relation`, a blank
line, `resolve_relation('self')`).

Written only where every step is certain: the entry point is a public module-level function, or the constructor of a
public module-level class whose own `__init__` raises; every statement from the function's start to the raise is a
test (`if`, `assert`) on its parameters, module constants and literals; a value is chosen for each parameter the
tests read among the defaults, `None`, the literals they compare it with (and the numbers each side of one it is
ordered against, a text and a tuple of each length about one its `len()` is compared with) and a few plain values,
and each test on the way is then evaluated on those values (`_Eval`: literals, comparisons, `isinstance`, `callable`
and `hasattr` of builtin values and their `__class__`, and `isinstance` of a class of the harvest whose ancestors
are all read, which no builtin value is; in `__init__`, `self.name` as the literal its class binds; anything else is
unknown, and nothing is written). A required parameter no test reads, a call, an assignment, a loop, a `try`, a
decorator: no call written. Nor where what is read may hold another value when the call is made: a name a `global`
rebinds, a list constant (any module may fill it), a package's function a submodule shadows, a class whose
`__init__` or `__new__` is assigned or replaced (`__init_subclass__` of a base).
Never run: values are literals a few nodes long."""

import ast
import itertools
import math
import operator
import re
from collections.abc import Callable, Iterator
from typing import Any

from kb.harvest.reading.imports import ModuleInfo
from kb.harvest.reading.scopes import Scope
from kb.text import breadth

MAX_COMBINATIONS = 256  # the values tried for the parameters the tests read, at most
MAX_DEPTH = 8  # `if`s nested around the raise, at most
MAX_TEXT = 120  # a literal written in the call, at most this long
MAX_LENGTH = 16  # a text or tuple written for a length a test compares, at most this long
_MAKING = ("__init__", "__new__", "__init_subclass__")  # what makes an object, or changes how
_OMITTED = object()  # the parameter left out: its default
_UNKNOWN = object()
_PLAIN: tuple[object, ...] = (None, 1, "", 0)  # after the literals the tests compare a parameter with
_TYPES: dict[str, type] = {
    t.__name__: t for t in (str, int, float, bool, bytes, list, tuple, dict, set, frozenset, object, type)
}
# The types of the values written: their attributes are Python's own (a stand-in for `self.__class__` is not one).
_LITERAL_TYPES = frozenset((bool, int, float, str, bytes, tuple, list, dict, set, frozenset))
# Wordings a message goes through unchanged in kind: their text is the message's (never run).
_TRANSLATIONS = frozenset("gettext gettext_lazy ngettext pgettext ugettext ugettext_lazy _".split())
# `%` and `str.format` fields whose formatting of a small literal cannot fail past what is evaluated: no widths.
_PERCENT = re.compile(r"%(?:\([\w ]{1,40}+\))?+[sr%]|[^%]++")
_BRACES = re.compile(r"\{\{|\}\}|\{\w{0,40}+(?:![rs])?+\}|[^{}]++")


class _Unknown(Exception):
    """A test or value the evaluator does not know: no call is written."""


def written_call(scope: Scope, function: ast.AST, statement: ast.stmt, parents: dict[ast.AST, ast.AST]) -> str:
    """The code of an import and one call that reach `statement` (a `raise` or an `assert`) in `function` and
    raise there; "" when a step is not certain. The cheap refusals first: most sites are in methods."""
    try:
        return _written(scope, function, statement, parents)
    except RecursionError:  # a test nested deeper than the evaluator goes (`not not ... x`): nothing is written
        return ""


def _written(scope: Scope, function: ast.AST, statement: ast.stmt, parents: dict[ast.AST, ast.AST]) -> str:
    if not isinstance(statement, (ast.Raise, ast.Assert)) or not isinstance(function, ast.FunctionDef):
        return ""
    arguments = function.args
    if function.decorator_list or arguments.posonlyargs or (made := _named(scope, function)) is None:
        return ""
    if (path := _path(function, statement, parents)) is None:
        return ""
    tests, message = path
    init = function.name == "__init__"
    if init and not arguments.args:
        return ""  # `def __init__(*args)`: `self` is in `args`, which the tests would read without it
    positional = arguments.args[1:] if init else arguments.args
    if len(arguments.defaults) > len(positional):
        return ""
    defaults = [None] * (len(positional) - len(arguments.defaults)) + list(arguments.defaults)
    read: set[str] = set()
    compares: list[ast.Compare] = []  # each test's comparisons, for the values a parameter is compared with
    for test, _ in tests:
        for node in _nodes(test, (ast.Name, ast.Compare)):
            if isinstance(node, ast.Name):
                read.add(node.id)
            else:
                compares.append(node)
    evaluator = _Eval(scope)
    if init:
        evaluator.instance = (arguments.args[0].arg, scope.owner or "")
    choices: list[tuple[str, list[object]]] = []
    params = [*zip(positional, defaults, strict=True), *zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)]
    for param, default in params:
        if default is None and param.arg not in read:
            return ""  # required, and no test says what it takes
        evaluator.defaults[param.arg] = evaluator.literal(default) if default is not None else _UNKNOWN
        left_out: list[object] = [_OMITTED] if default is not None else []
        choices.append(
            (param.arg, left_out + evaluator.compared(param.arg, compares) if param.arg in read else left_out)
        )
    if arguments.vararg is not None:
        evaluator.fixed[arguments.vararg.arg] = ()  # no more arguments given
    if arguments.kwarg is not None:
        evaluator.fixed[arguments.kwarg.arg] = {}
    if math.prod(len(options) for _, options in choices) > MAX_COMBINATIONS:
        return ""
    news: list[ast.FunctionDef] | None = None if init else []
    for values in itertools.product(*(options for _, options in choices)):
        env = {name: value for (name, _), value in zip(choices, values, strict=True)}
        if not evaluator.holds(tests, message, env):
            continue
        if news is None and (news := _plain_class(scope, scope.owner or "", function)) is None:
            return ""  # read only now: few sites get this far
        said = [(param.arg, default is not None or param in arguments.kwonlyargs) for param, default in params]
        given = [(name, env[name], keyword) for name, keyword in said if env.get(name, _OMITTED) is not _OMITTED]
        if news and not _made_as_is(scope, news, given, evaluator):
            continue  # a `__new__` would not hand these values on to `__init__`, or might not run it
        if _generator(function) or not (call := _call(made, given)):
            return ""
        if not _unchanged(scope, made, evaluator.read):
            return ""
        return f"from {scope.info.name} import {made}\n\n{call}"
    return ""


def _named(scope: Scope, function: ast.FunctionDef) -> str | None:
    """The public name the user calls: the function's, when it is a top-level function of its module, or its
    class's, when it is the `__init__` of a top-level class (`_plain_class` says later whether calling the class
    runs it as it is); None otherwise."""
    info = scope.info
    name = function.name
    if name == "__init__":
        name = (scope.owner or "").removeprefix(f"{info.name}.")
        if not name.isidentifier():
            return None  # a class inside a class or a function
    elif scope.owner is not None or info.function_nodes.get(name) is not function:
        return None
    if name.startswith("_") or any(part.startswith("_") for part in info.name.split(".")):
        return None
    if "." not in info.name and not info.is_package:
        return None  # a module in no package (a script, a test's helper): what imports it is not known
    if not _bound_once(info, name) or (function.name != "__init__" and function not in info.body):
        return None
    return name


def _unchanged(scope: Scope, made: str, read: dict[tuple[str, str], ast.expr]) -> bool:
    """Whether the name called and the constants the tests read keep the values read at import: no function of
    their module rebinds them (`global MODE`), no constant read is a list (`NAMES.append(...)`, from any module,
    may fill it), no other top-level definition binds the name called (`class Widget` again under an `if`), and no
    submodule of a package takes it (`from .helpers import x` in the package makes `helpers` the submodule)."""
    info = scope.info
    modules = scope.index.resolver.modules
    if info.is_package and f"{info.name}.{made}" in modules:
        return False
    if info.definitions[made] != 1:
        return False  # `class Widget` again under an `if` (a function's last definition is the one read)
    names: dict[str, set[str]] = {info.name: {made}}
    for (module, name), value in read.items():
        names.setdefault(module, set()).add(name)
        if any(isinstance(node, ast.List) for node in breadth.walk(value)):
            return False
    for module, bound in names.items():
        found = info if module == info.name else modules.get(module)
        if found is None:
            return False
        if bound.intersection(found.declared_global):
            return False
    return True


def _bound_once(info: ModuleInfo, name: str) -> bool:
    """A name the module binds by its `def` or `class` alone: no assignment or import rebinds it (nor may a
    `from m import *`, which binds names unread here)."""
    twice = name in info.classes and name in info.functions
    return name not in info.assigned and name not in info.imports and not twice and not info.star_sources


def _plain_class(scope: Scope, owner: str, init: ast.FunctionDef) -> list[ast.FunctionDef] | None:
    """The `__new__` methods that run before this `__init__` when the class is called, in order (none: `object`'s),
    when the class is a top-level class of its module, defined once, and it and each ancestor are classes this
    harvest read (or `object`), undecorated, with no metaclass; None otherwise. With a `__new__`, each class has one
    base at most: the order `super().__new__` follows is then the one read."""
    index = scope.index
    classes = index.mro(owner)
    if not classes or classes[0].methods.get("__init__") is not init:
        return None
    news: list[ast.FunctionDef] = []
    for info in classes:
        node = _class_node(info.module, info.qualname.removeprefix(f"{info.module.name}."))
        if node is None or node.decorator_list or node.keywords or "__setattr__" in info.methods:
            return None
        if any(name in info.attributes for name in _MAKING) or (info is not classes[0] and _MAKING[2] in info.methods):
            return None  # `__new__ = _make` in its body, or a base's `__init_subclass__` that may replace `__init__`
        if _MAKING[0] in info.module.stored or _MAKING[1] in info.module.stored:
            return None  # `Patched.__init__ = _replacement` in its module
        if len(node.bases) != len(info.bases):
            return None  # a base written as a call or a subscript
        resolved = [index.resolver.qualify(base, info.module) for base in info.bases]
        if any(base is None or (base != "object" and index.get(base) is None) for base in resolved):
            return None  # an ancestor outside the harvest (`ABC`, `dict`) may act before `__init__`
        if "__new__" in info.methods:
            new = info.methods["__new__"]
            if not isinstance(new, ast.FunctionDef):
                return None
            news.append(new)
    if news and any(len(info.bases) > 1 for info in classes):
        return None
    return news


def _plain_ancestry(scope: Scope, qualified: str) -> bool:
    """The class and each ancestor: top-level classes this harvest read, defined once, with no metaclass or
    keyword, every base one of them or `object` (a builtin base, `str`, would make a text one of it)."""
    index = scope.index
    classes = index.mro(qualified)
    if not classes:
        return False
    for info in classes:
        node = _class_node(info.module, info.qualname.removeprefix(f"{info.module.name}."))
        if node is None or node.keywords or len(node.bases) != len(info.bases):
            return False
        resolved = [index.resolver.qualify(base, info.module) for base in info.bases]
        if any(base is None or (base != "object" and index.get(base) is None) for base in resolved):
            return False
    return True


def _bindings(node: ast.ClassDef, name: str) -> int:
    """How many statements of a class's body, at any depth (its methods' too: said more), bind `name`."""
    count = 0
    for part in breadth.walk(node):
        if isinstance(part, ast.Name) and part.id == name and not isinstance(part.ctx, ast.Load):
            count += 1
        elif isinstance(part, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and part.name == name:
            count += 1
        elif isinstance(part, ast.alias) and (part.asname or part.name) == name:
            count += 1
    return count


def _made_as_is(
    scope: Scope, news: list[ast.FunctionDef], given: list[tuple[str, object, bool]], evaluator: "_Eval"
) -> bool:
    """Whether the `__new__` methods, called with these values, make an object of the class (so that `__init__`
    runs on the same values): each is `(cls, *args, **kwargs)`, its guards (`if kwargs.pop("many", False):
    return ...`) fail on the values, and it ends in `super().__new__(cls)` (with attributes set on what it made)
    or hands all on to the next one; handed on to `object`'s, only with no values (it refuses any)."""
    args = tuple(value for _, value, keyword in given if not keyword)
    kwargs = {name: value for name, value, keyword in given if keyword}
    for new in news:
        signature = new.args
        if new.decorator_list or signature.posonlyargs or signature.kwonlyargs or signature.defaults:
            return False
        if len(signature.args) != 1 or signature.vararg is None or signature.kwarg is None:
            return False
        env: dict[str, object] = {signature.vararg.arg: args, signature.kwarg.arg: dict(kwargs)}
        ending = _new_ending(scope, new, env, evaluator)
        if ending != "forward":
            return ending == "made"
    return not args and not kwargs


def _new_ending(scope: Scope, new: ast.FunctionDef, env: dict[str, object], evaluator: "_Eval") -> str:
    """How a `__new__` ends on these values: "made" (the object `super().__new__(cls)` made, returned), "forward"
    (`return super().__new__(cls, *args, **kwargs)`), or "" (anything else, or a guard that may return first)."""
    signature = new.args
    cls, args, kwargs = signature.args[0].arg, signature.vararg.arg, signature.kwarg.arg  # type: ignore[union-attr]
    body = new.body[1:] if _docstring(new.body[0], new) else new.body
    at = 0
    while at < len(body) and isinstance(guard := body[at], ast.If) and not guard.orelse:
        try:
            if bool(evaluator.value(guard.test, env)):
                return ""
        except _Unknown:
            return ""
        at += 1
    rest = body[at:]
    if len(rest) == 1 and isinstance(rest[0], ast.Return) and (call := _super_new(rest[0].value, cls)) is not None:
        handed = call.args[1:]
        forwarded = len(handed) == 1 and isinstance(handed[0], ast.Starred) and _is_name(handed[0].value, args)
        forwarded = forwarded and len(call.keywords) == 1 and call.keywords[0].arg is None
        forwarded = forwarded and _is_name(call.keywords[0].value, kwargs)
        return "made" if len(call.args) == 1 and not call.keywords else ("forward" if forwarded else "")
    if len(rest) < 2 or not isinstance(first := rest[0], ast.Assign) or not isinstance(last := rest[-1], ast.Return):
        return ""
    made = first.targets[0] if len(first.targets) == 1 else None
    call = _super_new(first.value, cls)
    if not isinstance(made, ast.Name) or call is None or len(call.args) != 1 or call.keywords:
        return ""
    if not isinstance(last.value, ast.Name) or last.value.id != made.id:
        return ""
    # `instance._args = args`: an attribute set on what it made, of a name no class of it defines.
    owner = scope.owner or ""
    for statement in rest[1:-1]:
        if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
            return ""
        target = statement.targets[0]
        if not isinstance(target, ast.Attribute) or not isinstance(target.value, ast.Name):
            return ""
        if target.value.id != made.id or not isinstance(statement.value, (ast.Name, ast.Constant)):
            return ""
        if scope.index.attribute(owner, target.attr) or scope.index.method(owner, target.attr):
            return ""  # a descriptor or a class attribute of that name may act on the assignment
    return "made"


def _is_name(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _super_new(node: ast.expr | None, cls: str) -> ast.Call | None:
    """`super().__new__(cls, ...)`: the call, else None."""
    if not isinstance(node, ast.Call) or not isinstance(func := node.func, ast.Attribute) or func.attr != "__new__":
        return None
    inner = func.value
    if not (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id == "super"):
        return None
    if inner.args or inner.keywords or not node.args or not _is_name(node.args[0], cls):
        return None
    return node


def _class_node(module: ModuleInfo, name: str) -> ast.ClassDef | None:
    found = [node for node in module.body if isinstance(node, ast.ClassDef) and node.name == name]
    return found[0] if len(found) == 1 else None


def _path(
    function: ast.FunctionDef, statement: ast.Raise | ast.Assert, parents: dict[ast.AST, ast.AST]
) -> tuple[list[tuple[ast.expr, bool]], list[ast.expr]] | None:
    """Each test from the function's start to the statement with the truth it must have, and the expressions its
    message is made of; None when a statement on the way is not a test (a call, an assignment, a loop, a `try`,
    an `if` with an `else`), or the message is not a class called on its words."""
    chain: list[ast.stmt] = [statement]  # the statement and each `if` around it, innermost first
    while (parent := parents.get(chain[-1])) is not function:
        if not isinstance(parent, ast.If) or len(chain) > MAX_DEPTH:
            return None
        chain.append(parent)
    tests: list[tuple[ast.expr, bool]] = []
    block: list[ast.stmt] = function.body
    for outer in reversed(chain):  # from the function's body in
        for before in block[: block.index(outer)]:
            if isinstance(before, ast.Assert):
                tests.append((before.test, True))
            elif isinstance(before, ast.If) and not before.orelse:
                tests.append((before.test, False))  # its body must not run
            elif not (isinstance(before, ast.Pass) or _docstring(before, function)):
                return None
        if outer is statement or not isinstance(outer, ast.If):
            break
        child = chain[chain.index(outer) - 1]
        taken = child in outer.body
        tests.append((outer.test, taken))
        block = outer.body if taken else outer.orelse
    if isinstance(statement, ast.Assert):
        tests.append((statement.test, False))
        return tests, [] if statement.msg is None else [statement.msg]
    raised = statement.exc
    if statement.cause is not None or raised is None:
        return None
    if isinstance(raised, ast.Call) and isinstance(raised.func, (ast.Name, ast.Attribute)):
        return tests, [*raised.args, *(keyword.value for keyword in raised.keywords)]
    return (tests, []) if isinstance(raised, (ast.Name, ast.Attribute)) else None


def _docstring(statement: ast.stmt, function: ast.FunctionDef) -> bool:
    return (
        statement is function.body[0]
        and isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def _generator(function: ast.FunctionDef) -> bool:
    """A `yield` anywhere in it (a nested function's counts too: said less): calling it runs nothing."""
    return any(True for _ in _nodes(function, (ast.Yield, ast.YieldFrom, ast.Await)))


def _nodes(node: ast.AST, kinds: type | tuple[type, ...]) -> Iterator:
    for found in breadth.walk(node):
        if isinstance(found, kinds):
            yield found


def _call(name: str, given: list[tuple[str, object, bool]]) -> str:
    """`name(...)` with the values chosen: a required parameter's by position, one with a default or after `*`
    by keyword (`given`: each parameter with its value and whether it is said by keyword)."""
    written: list[str] = []
    for param, value, keyword in given:
        if (text := _literal_text(value)) is None:
            return ""
        written.append(f"{param}={text}" if keyword else text)
    return f"{name}({', '.join(written)})"


def _literal_text(value: object) -> str | None:
    """`repr` of a literal that reads back as itself, short enough to show; None otherwise."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        text = repr(value)
        return text if len(text) <= MAX_TEXT else None
    if isinstance(value, tuple) and all(type(item) is int for item in value):
        text = repr(value)  # `()`, `(1,)`, `(1, 2, 3, 4)`
        return text if len(text) <= MAX_TEXT else None
    return None


class _Eval:
    """Tests on literal values: a name is a parameter's chosen value, a module constant's literal, or a builtin."""

    def __init__(self, scope: Scope) -> None:
        self.scope = scope
        # A name the function binds (or imports) is its own, even before it binds it.
        self.local = set(scope.bindings) | set(scope.imports)
        self.defaults: dict[str, object] = {}  # each parameter's default, as a value (`_UNKNOWN`: not a literal)
        self.fixed: dict[str, object] = {}  # `*args` and `**kwargs`: nothing more is given
        self.read: dict[tuple[str, str], ast.expr] = {}  # the module constants read: (module, name) -> value
        self.instance: tuple[str, str] | None = None  # in `__init__`: the name of `self`, and its class

    def literal(self, node: ast.expr) -> object:
        try:
            return self.value(node, {})
        except _Unknown:
            return _UNKNOWN

    def compared(self, name: str, compares: list[ast.Compare]) -> list[object]:
        """The values tried for a parameter: the literals a test compares it with (each item of a container it is
        looked up in), then a few plain values."""
        found: list[object] = []
        near: list[object] = []  # a number each side of one it is ordered against, items for a length it is given
        for node in compares:
            sides = [node.left, *node.comparators]
            if any(self._sized(side, name) for side in sides):
                near.extend(item for side in sides for length in self._lengths(side) for item in _of_length(length))
                continue
            if not any(isinstance(side, ast.Name) and side.id == name for side in sides):
                continue
            ordered = any(isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) for op in node.ops)
            for side in sides:
                value = _UNKNOWN if isinstance(side, ast.Name) and side.id == name else self.literal(side)
                for item in value if isinstance(value, (tuple, list)) else [value]:
                    if item is not _UNKNOWN and not any(_same(item, other) for other in found):
                        found.append(item)
                    if ordered and type(item) is int:
                        near.extend((item - 1, item + 1))
        for item in near:
            if not any(_same(item, other) for other in found):
                found.append(item)
        return found + [plain for plain in _PLAIN if not any(_same(plain, other) for other in found)]

    def _sized(self, node: ast.expr, name: str) -> bool:
        """`len(name)`, with the builtin `len`."""
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.func.id != "len":
            return False
        if len(node.args) != 1 or node.keywords or not self._builtin("len"):
            return False
        return isinstance(node.args[0], ast.Name) and node.args[0].id == name

    def _lengths(self, node: ast.expr) -> list[int]:
        """The lengths a length compared with this side may take to fall each side of it: `2` -> 1, 2, 3."""
        value = self.literal(node)
        numbers = value if isinstance(value, (tuple, list, frozenset)) else [value]
        return [n + step for n in numbers if type(n) is int for step in (-1, 0, 1) if 0 <= n + step <= MAX_LENGTH]

    def holds(self, tests: list[tuple[ast.expr, bool]], message: list[ast.expr], env: dict[str, object]) -> bool:
        """Whether each test has its truth on these values, and the message's words are made without an error."""
        values = {name: self.defaults[name] if value is _OMITTED else value for name, value in env.items()}
        values |= self.fixed
        try:
            if any(bool(self.value(test, values)) is not truth for test, truth in tests):
                return False
            for part in message:
                self.value(part, values)
        except _Unknown:
            return False
        return True

    def value(self, node: ast.expr, env: dict[str, object]) -> object:
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            return self._name(node.id, env)
        if isinstance(node, ast.BoolOp):
            result: object = None
            for operand in node.values:
                result = self.value(operand, env)
                if bool(result) is isinstance(node.op, ast.Or):
                    return result
            return result
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)):
            inner = self.value(node.operand, env)
            if isinstance(node.op, ast.Not):
                return not inner
            if isinstance(inner, (int, float)):
                return -inner
            raise _Unknown
        if isinstance(node, ast.Attribute) and self.instance and _is_name(node.value, self.instance[0]):
            return self._class_attribute(node.attr)
        if isinstance(node, ast.Attribute) and node.attr == "__name__" and isinstance(node.value, ast.Attribute):
            named = self.value(node.value, env)
            if isinstance(named, type):
                return named.__name__
            raise _Unknown
        if isinstance(node, ast.Attribute) and node.attr == "__class__":
            held = self.value(node.value, env)
            if held is None or type(held) in _LITERAL_TYPES:
                return type(held)  # a literal's own type: `context.__class__.__name__` is 'int'
            raise _Unknown
        if isinstance(node, ast.Compare):
            return self._compare(node, env)
        if isinstance(node, (ast.Tuple, ast.List)):
            items = [self.value(item, env) for item in node.elts]
            return tuple(items) if isinstance(node, ast.Tuple) else items
        if isinstance(node, ast.Call):
            return self._call(node, env)
        if isinstance(node, ast.JoinedStr):
            return "".join(str(self._formatted(part, env)) for part in node.values)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and _is_text(node.left, _PERCENT):
            right = self.value(node.right, env)
            try:
                return node.left.value % right  # type: ignore[attr-defined]
            except (TypeError, ValueError, KeyError) as error:
                raise _Unknown from error
        raise _Unknown

    def _name(self, name: str, env: dict[str, object]) -> object:
        if name in env:
            if env[name] is _UNKNOWN:
                raise _Unknown
            return env[name]
        if name in self.local:
            raise _Unknown
        info = self.scope.info
        if name in info.constants:
            self.read[(info.name, name)] = info.constants[name][0]
            return self.value(info.constants[name][0], {})
        if name in info.imports:
            module, _, attribute = self.scope.index.resolver.canonical(info.imports[name]).rpartition(".")
            found = self.scope.index.resolver.modules.get(module)
            if found is not None and attribute in found.constants:
                value = found.constants[attribute][0]
                if any(isinstance(node, ast.Name) for node in breadth.walk(value)):
                    raise _Unknown  # `FULL = BASE` there: a name read here would be this module's
                self.read[(module, attribute)] = value
                return self.value(value, {})
        raise _Unknown

    def _class_attribute(self, name: str) -> object:
        """`self.name` at the start of `__init__`, before it sets anything: the literal its class or an ancestor
        binds in its body (`storage = None`), when each class of a single-inheritance chain the harvest read is
        plain (no metaclass, decorator, `__getattr__`, `__slots__` up to the one that binds it: an empty slot of
        the name would be read first), none defines the name as a method, no module of theirs sets it on an object
        (`Finder.storage = ...`), and the value names nothing (nor holds a container); a private `self.__kind`, the
        class's own alone. `self.__class__` is a stand-in with the class's name and module (`%r`, `.__name__`);
        `_plain_class` checks later that the class called runs this `__init__` as it is."""
        assert self.instance is not None
        owner = self.instance[1]
        module, _, short = owner.rpartition(".")
        if name == "__class__":
            return type(short, (), {"__module__": module})
        classes = self.scope.index.mro(owner)
        if not classes or not _plain_ancestry(self.scope, owner) or any(len(info.bases) > 1 for info in classes):
            raise _Unknown
        private = name.startswith("__") and not name.endswith("__")  # `self.__kind` is `self._Owner__kind`
        for info in classes:
            if {name, "__getattr__", "__getattribute__"} & set(info.methods) or name in info.module.stored:
                raise _Unknown
            if "__slots__" in info.attributes or (private and info is not classes[0]):
                raise _Unknown  # a slot of the name comes before a base's value; a base's `__kind` is its own
            node = _class_node(info.module, info.qualname.removeprefix(f"{info.module.name}."))
            if node is None or node.decorator_list or _bindings(node, name) != (name in info.attributes):
                raise _Unknown  # bound under an `if` in its body too, or by an import or a `for` there
            if name in info.attributes:
                value = info.attributes[name]
                if any(isinstance(part, (ast.Name, ast.List, ast.Dict, ast.Set)) for part in breadth.walk(value)):
                    raise _Unknown  # a name there is the class body's first; a container may be filled later
                return self.value(value, {})
        raise _Unknown

    def _builtin(self, name: str) -> bool:
        info = self.scope.info
        return name not in self.local and not info.defines(name) and name not in info.imports and not info.star_sources

    def _call(self, node: ast.Call, env: dict[str, object]) -> object:
        func = node.func
        if node.keywords or any(isinstance(arg, ast.Starred) for arg in node.args):
            raise _Unknown
        if isinstance(func, ast.Name) and self._builtin(func.id):
            if func.id == "isinstance" and len(node.args) == 2:
                return isinstance(self.value(node.args[0], env), self._types(node.args[1]))
            if func.id == "callable" and len(node.args) == 1:
                return callable(self.value(node.args[0], env))
            if func.id == "hasattr" and len(node.args) == 2 and isinstance(node.args[1], ast.Constant):
                held, attribute = self.value(node.args[0], env), node.args[1].value
                if isinstance(attribute, str) and (held is None or type(held) in _LITERAL_TYPES):
                    return hasattr(held, attribute)  # a builtin literal's attributes are Python's own
            if func.id in ("str", "repr") and len(node.args) == 1:
                shown = self.value(node.args[0], env)
                if shown is None or isinstance(shown, (bool, int, str, bytes, tuple)):
                    return str(shown) if func.id == "str" else repr(shown)
            if func.id == "len" and len(node.args) == 1:
                sized = self.value(node.args[0], env)
                if isinstance(sized, (str, bytes, tuple, list, dict)):
                    return len(sized)
        if isinstance(func, ast.Name) and len(node.args) == 1 and isinstance(node.args[0], ast.Constant):
            qualified = self.scope.info.imports.get(func.id, "")
            if qualified.rpartition(".")[2] in _TRANSLATIONS and isinstance(node.args[0].value, str):
                return node.args[0].value  # `_("...")`: its text
        if isinstance(func, ast.Attribute) and func.attr in ("get", "pop") and isinstance(func.value, ast.Name):
            held = self._name(func.value.id, env)
            if isinstance(held, dict) and 1 <= len(node.args) <= 2 and isinstance(node.args[0], ast.Constant):
                key = node.args[0].value
                if func.attr == "pop" and key in held:
                    raise _Unknown  # what is left is handed on: read only where nothing is taken out
                return held[key] if key in held else (self.value(node.args[1], env) if len(node.args) == 2 else None)
            raise _Unknown
        if isinstance(func, ast.Attribute) and func.attr == "format" and _is_text(func.value, _BRACES):
            try:
                return func.value.value.format(*(self.value(arg, env) for arg in node.args))  # type: ignore[attr-defined]
            except (IndexError, KeyError, ValueError) as error:
                raise _Unknown from error
        raise _Unknown

    def _types(self, node: ast.expr) -> type | tuple[type, ...]:
        """The builtin types `isinstance` is asked about; a plain class of the harvest (`_plain_type`) holds none
        of the values written (literals of builtin types), and is left out: `isinstance(None, OGRGeomType)`."""
        names = node.elts if isinstance(node, ast.Tuple) else [node]
        found: list[type] = []
        for n in names:
            if not isinstance(n, ast.Name):
                raise _Unknown
            if n.id in _TYPES and self._builtin(n.id):
                found.append(_TYPES[n.id])
            elif not self._plain_type(n.id):
                raise _Unknown
        return tuple(found)

    def _plain_type(self, name: str) -> bool:
        """A name bound once, here and where it is defined, to a top-level class of the harvest whose every
        ancestor is one too (or `object`), with no metaclass: no instance of a builtin type is one of it."""
        info = self.scope.info
        if name in self.local or name in info.assigned or info.star_sources or name in info.declared_global:
            return False
        qualified = self.scope.index.resolver.qualify([name], info)
        if qualified is None or (found := self.scope.index.get(qualified)) is None:
            return False
        if (module := found.module).star_sources or not _bound_once(module, short := qualified.rpartition(".")[2]):
            return False
        if module.definitions[short] != 1 or f"{module.name}.{short}" != qualified:
            return False
        return _plain_ancestry(self.scope, qualified)

    def _formatted(self, part: ast.expr, env: dict[str, object]) -> object:
        if isinstance(part, ast.Constant):
            return part.value
        if isinstance(part, ast.FormattedValue) and part.format_spec is None:
            value = self.value(part.value, env)
            return repr(value) if part.conversion == ord("r") else value
        raise _Unknown

    def _compare(self, node: ast.Compare, env: dict[str, object]) -> bool:
        left = self.value(node.left, env)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = self.value(right_node, env)
            try:
                if isinstance(op, (ast.Is, ast.IsNot)):
                    if not any(v is None or isinstance(v, bool) for v in (left, right)):
                        raise _Unknown  # the identity of two texts or numbers is the interpreter's
                    held = (left is right) is isinstance(op, ast.Is)
                elif isinstance(op, (ast.In, ast.NotIn)):
                    if not isinstance(right, (str, bytes, tuple, list, frozenset, dict)):
                        raise _Unknown
                    held = (left in right) is isinstance(op, ast.In)
                else:
                    held = _COMPARE[type(op)](left, right)
            except TypeError as error:
                raise _Unknown from error
            if not held:
                return False
            left = right
        return True


_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}


def _of_length(length: int) -> tuple[object, ...]:
    """Values of a length: a text and a tuple of numbers (`'xx'`, `(1, 2)`), for the tests before to choose."""
    return ("x" * length, tuple(range(1, length + 1)))


def _same(one: object, other: object) -> bool:
    return type(one) is type(other) and one == other


def _is_text(node: ast.expr, fields: re.Pattern[str]) -> bool:
    """A string literal whose every `%` or `{}` field is one `fields` allows (no width: formatting stays small)."""
    if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
        return False
    return "".join(m.group() for m in fields.finditer(node.value)) == node.value

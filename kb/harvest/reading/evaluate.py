"""What a call of the repository's own code makes: the exception it returns to a `raise` (`raise
self.parse_error(EmptyKeyError)`, `raise parser.parse_error(UnexpectedCharError, char=c)`, `raise _error(Cls, key)`:
`made_by`), or raises itself with what its caller gave it (`self.fail("invalid")`, `self._raise_invalid(msg)`:
`raised_by`). One evaluator for factories, classes passed as arguments, keys of per-class message tables (read as
each subclass that runs a method sees it: `keyed_viewers`) and messages handed to raising helpers.

The call is followed into the function or method it runs (resolved along the class hierarchy; through `self.m()`,
`self.attr.m()` where a method assigns `self.attr = Class(...)`, a local bound to `Class(...)`, or a module
function), a few calls deep, its parameters bound to the caller's arguments (`*args` and `**kwargs` passed on
included). What a `return` makes is evaluated there: an exception of a class the caller named (a parameter, or its
default) or of a class written in the callee, called with arguments that are the raise site's own expressions
where they were passed down, and the callee's where it made them (`line, col`). The message is then worded by the
class itself (`own_message`: its `__init__` or `__str__`, base-class suffixes included) with those arguments put in.
A raise, call or return under an `if` whose test a literal the caller gave fails is not followed (`_sent_elsewhere`).
"""

import ast
import builtins
import copy
import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field

from kb.harvest.reading.classes import ClassIndex, ClassInfo
from kb.harvest.reading.handed_values import tests_holding
from kb.harvest.reading.imports import BUILTIN_EXCEPTIONS, ModuleInfo, dotted
from kb.harvest.reading.messages import Binding, Field, terminal_name
from kb.harvest.reading.own_messages import own_message
from kb.harvest.reading.scopes import Scope, params_of, record_bindings, returns_of, span, statements
from kb.harvest.reading.types import attribute_type
from kb.harvest.reading.walked import body_of, nodes_of, nodes_of_kind
from kb.text import breadth

Function = ast.FunctionDef | ast.AsyncFunctionDef
MESSAGE_KEYWORDS = ("message", "msg", "detail", "reason", "description")
MAX_DEPTH = 3  # calls followed from the raise: a factory handing on to another, and one more


@dataclass(frozen=True)
class HelperRaise:
    """The raise inside a helper: where a traceback of an error it raises ends."""

    module: ModuleInfo = field(compare=False)
    function: str  # as sites name functions: Class.method, or the function's name
    node: ast.Raise | ast.Expr  # a raise, or a call of `warnings.warn` (`Made.kind` "warning")
    span: tuple[int, int]


@dataclass(frozen=True)
class Value:
    """An expression, and the scope and line where it is read: the raise site's, or a callee's."""

    expr: ast.expr
    scope: Scope = field(compare=False)
    line: int


@dataclass
class Made:
    """An exception a call returns: its class, and the arguments the class is called with."""

    exception_type: str
    args: list[Value]
    keywords: dict[str, Value]
    # The parameters of the function that makes it, as its caller gave them: what a message worded there names.
    given: dict[str, Value] = field(default_factory=dict)
    # Where the callee raises it, when it does (`raised_by`): a traceback ends there. None: returned to the caller.
    raised_at: HelperRaise | None = None
    keyed: bool = False  # its message is what the callee's table keeps under a key the caller gave
    kind: str = "error"  # "warning": the callee warns with it (`warnings.warn(message, category)`)

    def message(self, index: ClassIndex) -> Value | None:
        """The argument that is the message: at the place the class's `__init__` takes it, or a keyword naming it."""
        position = message_position(index, self.exception_type)
        found = self.args[position] if len(self.args) > position else None
        named = message_keyword(index, self.exception_type)
        return found or next((v for k, v in self.keywords.items() if k in MESSAGE_KEYWORDS or k == named), None)

    def bound(self, params: list[str]) -> dict[str, Value]:
        """The class's `__init__` parameters (without self) each argument fills."""
        values = dict(zip(params, self.args, strict=False))
        values.update({k: v for k, v in self.keywords.items() if k in params})
        return values


# What a name of a callee holds: one value, the values gathered by `*args`, or those gathered by `**kwargs`.
Held = Value | list[Value] | dict[str, Value]


def made_by(index: ClassIndex, call: ast.Call, scope: Scope, line: int) -> list[Made]:
    """The exceptions `call` (written at `line` in `scope`) returns, or [] when it is not a call of the repository's
    own code that returns one evaluated here."""
    return _called(index, call, scope, line, raised=False)


def raised_by(index: ClassIndex, call: ast.Call, scope: Scope, line: int) -> list[Made]:
    """The exceptions the function `call` runs raises with what the call gives it (`self.fail("invalid")`,
    `self._raise_invalid(msg)`, `error(f"...")`), each with the raise where a traceback of it ends; [] when it
    raises none that way. The same evaluation as `made_by`, of the callee's raises instead of its returns."""
    made = _called(index, call, scope, line, raised=True)
    # The caller's message, as it wrote it or by its key: the callee's own wordings are sites of their own already.
    return [m for m in made if m.keyed or ((message := m.message(index)) is not None and message.scope is scope)]


def _called(index: ClassIndex, call: ast.Call, scope: Scope, line: int, *, raised: bool) -> list[Made]:
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return []
    # Most calls run no function of the repository's (`_("...")`, a method of the standard library's): their
    # arguments are made into values only for those that do.
    found = callee(index, call.func, scope)
    if found is None:
        return []
    args = [Value(a, scope, line) for a in call.args]
    keywords = {k.arg: Value(k.value, scope, line) for k in call.keywords if k.arg is not None}
    return _evaluate(index, call.func, scope, args, keywords, depth=0, raised=raised, found=found)


def _evaluate(
    index: ClassIndex,
    func: ast.expr,
    scope: Scope,
    args: list[Value],
    keywords: dict[str, Value],
    depth: int,
    raised: bool = False,
    found: tuple[Function, ClassInfo | None, str | None] | None = None,
) -> list[Made]:
    """`found`: what `callee` resolves `func` to, when the caller has asked already."""
    if depth >= MAX_DEPTH:
        return []
    found = found or callee(index, func, scope)
    if found is None:
        return []
    function, owner, viewer = found
    if raised and not _may_raise(index, function):
        return []
    inner = _scope_of(index, function, owner, viewer)
    env = _bind(function, owner is not None, args, keywords, inner)
    if env is None:
        return []
    # `self.error_messages[key]` with `key` given as "invalid": read as the constant it is.
    inner.known = {
        name: held.expr
        for name, held in env.items()
        if isinstance(held, Value) and isinstance(held.expr, ast.Constant) and not inner.bindings.get(name)
    }
    made: list[Made] = []
    given = {name: held for name, held in env.items() if isinstance(held, Value)}
    if raised:
        return _raises(index, function, inner, env, given, depth)
    for returned in sorted(returns_of(function), key=lambda node: node.lineno):
        if inner.known and _sent_elsewhere(index, function, inner.known, returned.lineno):
            continue
        for value, call_args, call_keywords, exception_types in _calls_made(index, returned.value, env, inner):
            if exception_types:
                made += [Made(exception_type, call_args, call_keywords, given) for exception_type in exception_types]
            else:
                made += _evaluate(index, value.func, inner, call_args, call_keywords, depth + 1)
    return made


def _raises(
    index: ClassIndex, function: Function, inner: Scope, env: dict[str, Held], given: dict[str, Value], depth: int
) -> list[Made]:
    """What the callee raises with what its caller gave: a `raise` of a class called with the caller's message as
    is, or with a message its table keeps under a key the caller gave (DRF's `Field.fail`: `self.error_messages[key]`,
    not in the handler of the lookup failing); what another function it calls, handing on a parameter, raises so;
    and what a factory returns to a `raise` here. The callee's own wordings are sites of their own already."""
    made: list[Made] = []
    handled = {id(n) for h in _handlers(function) for n in nodes_of(h)}
    params = {name for name, held in env.items() if held}
    for node in body_of(function).statements:
        if inner.known and isinstance(node, (ast.Raise, ast.Expr, ast.Return)):
            if _sent_elsewhere(index, function, inner.known, node.lineno):
                continue  # prettytable's `_validate_option("right_padding_width", val)` calls one validator
        if isinstance(node, ast.Raise) and node.exc is not None:
            here = HelperRaise(inner.info, inner.qualname, node, inner.span)
            made += _made_at(index, node.exc, here, id(node) not in handled, env, inner, given, depth)
        elif (warned := _warned(index, node, inner, env, given)) is not None:
            made.append(warned)
        elif (stored := _stored_in(node, inner)) is not None:
            # `self._errors.append(error)`: raised later by another method, where its traceback ends.
            for here in stored_raises(index, inner.owner or "", stored[0]):
                made += _made_at(index, stored[1], here, id(node) not in handled, env, inner, given, depth)
        elif isinstance(node, (ast.Expr, ast.Return)) and isinstance(node.value, ast.Call) and depth + 1 < MAX_DEPTH:
            call = node.value
            if not any(
                isinstance(a, ast.Name) and a.id in params for a in [*call.args, *(k.value for k in call.keywords)]
            ):
                continue
            passed = _passed(call, env, inner, call.lineno)
            if passed is not None:
                made += _evaluate(index, call.func, inner, *passed, depth + 1, raised=True)
    return made


def _sent_elsewhere(index: ClassIndex, function: Function, known: dict[str, ast.expr], line: int) -> bool:
    """Whether an `if` (or `elif`) holding `line` tests a parameter the caller gave a literal, or left at a literal
    default (`known`), and the literal fails the test: `option == "sortby"`, `option in ("header", ...)`, `flag is
    None`, `not flag` (`handed_values.tests_holding`, as a way in is read). The tests are read once per line."""
    key = (id(function), line)
    tests = index.branch_tests.get(key)
    if tests is None:
        tests = index.branch_tests[key] = tests_holding(function.body, line)
    return any(
        isinstance(given := known.get(name), ast.Constant) and holds(given.value) is not needed
        for name, holds, needed in tests
    )


def _made_at(
    index: ClassIndex,
    exc: ast.expr,
    here: HelperRaise,
    unhandled: bool,
    env: dict[str, Held],
    inner: Scope,
    given: dict[str, Value],
    depth: int,
) -> list[Made]:
    """What the callee raises at `here` when `exc` is what it makes: a class called with the caller's message,
    or with one its table keeps under the caller's key; or what a factory it calls makes."""
    made: list[Made] = []
    if (handed := _handed_instance(index, exc, here, env, inner, given)) is not None:
        made.append(handed)
    for value, call_args, call_keywords, exception_types in _calls_made(index, exc, env, inner):
        if not exception_types:
            found = _evaluate(index, value.func, inner, call_args, call_keywords, depth + 1)
            made += [dataclasses.replace(m, raised_at=here) for m in found]
            continue
        one = Made(exception_types[0], call_args, call_keywords, given, here)
        message = one.message(index)
        if message is None:
            continue
        keyed = unhandled and _keyed(message, inner.known)
        if message.scope is not inner or keyed:
            made += [dataclasses.replace(one, exception_type=t, keyed=keyed) for t in exception_types]
    return made


def _handed_instance(
    index: ClassIndex, exc: ast.expr, here: HelperRaise, env: dict[str, Held], inner: Scope, given: dict[str, Value]
) -> Made | None:
    """`def error(self, exc): ... raise exc` called as `self.env.error(LiquidSyntaxError(f"unexpected '{err}'"))`:
    the exception the caller made and handed over, raised here, when the parameter reaches the raise (rebound at
    most in one arm of an `if`). Its message is the caller's, worded where the caller wrote it."""
    held = env.get(exc.id) if isinstance(exc, ast.Name) else None
    if not isinstance(held, Value) or not isinstance(call := held.expr, ast.Call) or not isinstance(exc, ast.Name):
        return None
    reaching = inner.reaching(exc.id, here.node.lineno, ())
    if len(reaching) > 1 or any(not b.path for b in reaching):
        return None
    named = class_named(index, call.func, held.scope)
    if named is None or any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    args = [Value(a, held.scope, held.line) for a in call.args]
    keywords = {k.arg: Value(k.value, held.scope, held.line) for k in call.keywords if k.arg is not None}
    return Made(named, args, keywords, given, here)


def _warned(
    index: ClassIndex, node: ast.AST, inner: Scope, env: dict[str, Held], given: dict[str, Value]
) -> Made | None:
    """`warnings.warn(message, category, stacklevel=...)` in a helper both of whose arguments are its parameters
    (SQLAlchemy 2.1.9's `_warnings_warn`, called as `_warnings_warn(msg, exc.SAWarning)`): a warning of the class
    the caller passed, with the caller's message (the parameter rebound at most in an arm: the caller's words reach
    the call too). None for any other statement, and for a category the caller did not give as a class."""
    if not isinstance(node, ast.Expr) or not isinstance(call := node.value, ast.Call) or len(call.args) > 2:
        return None
    parts = dotted(call.func)
    if not parts or parts[-1] != "warn":
        return None
    imported = inner.imported(parts[0])
    qualified = ".".join([imported, *parts[1:]]) if imported else index.resolver.qualify(parts, inner.info)
    if qualified != "warnings.warn":
        return None
    named = {k.arg: k.value for k in call.keywords}
    message = call.args[0] if call.args else named.get("message")
    category = call.args[1] if len(call.args) > 1 else named.get("category")
    if not isinstance(message, ast.Name) or not isinstance(category, ast.Name):
        return None
    held, kind = env.get(message.id), env.get(category.id)
    if not isinstance(held, Value) or not isinstance(kind, Value) or held.scope is inner:
        return None
    if any(not bound.path for bound in inner.reaching(message.id, node.lineno, ())):
        return None  # rebound on every way to the call: not the caller's words
    warned = class_named(index, kind.expr, kind.scope)
    if warned is None or (index.get(warned) is None and warned not in _BUILTIN_WARNINGS):
        return None
    here = HelperRaise(inner.info, inner.qualname, node, inner.span)
    return Made(warned, [held], {}, given, here, kind="warning")


_BUILTIN_WARNINGS = frozenset(
    name for name, value in vars(builtins).items() if isinstance(value, type) and issubclass(value, Warning)
)


def passed_in_module(index: ClassIndex, scope: Scope, param: str) -> bool:
    """Whether a call in the module of the function `scope` reads passes a class of the harvest (or a builtin
    exception or warning) for its parameter `param`: `_warnings_warn(msg, exc.SAWarning)` beside `_warnings_warn`
    (SQLAlchemy 2.1.9 util/langhelpers.py:2026). The module's calls are read once; the harvest's are not walked."""
    function = function_node(index, scope)
    if function is None:
        return False
    positional = [a.arg for a in [*function.args.posonlyargs, *function.args.args]]
    if scope.owner is not None and not any(dotted(d) == ["staticmethod"] for d in function.decorator_list):
        positional = positional[1:]
    for call, caller in _module_calls(index, scope.info).get(function.name, ()):
        argument = next((k.value for k in call.keywords if k.arg == param), None)
        if argument is None and param in positional and len(call.args) > positional.index(param):
            argument = call.args[positional.index(param)]
        named = class_named(index, argument, caller) if isinstance(argument, (ast.Name, ast.Attribute)) else None
        builtin = named in BUILTIN_EXCEPTIONS or named in _BUILTIN_WARNINGS
        if named is not None and (index.get(named) is not None or builtin):
            return True
    return False


def _module_calls(index: ClassIndex, module: ModuleInfo) -> dict[str, list[tuple[ast.Call, Scope]]]:
    found = index.module_calls.get(module.name)
    if found is None:
        found = {}
        functions: list[tuple[Function, ClassInfo | None]] = [(f, None) for f in module.function_nodes.values()]
        functions += [
            (f, info) for info in index.classes.values() if info.module is module for f in info.methods.values()
        ]
        for function, owner in functions:
            scope: Scope | None = None
            for node in breadth.walk(function):
                if isinstance(node, ast.Call) and (node.args or node.keywords):
                    called = terminal_name(node.func)
                    scope = scope or _bare_scope(function, owner, module, index)
                    found.setdefault(called, []).append((node, scope))
        index.module_calls[module.name] = found
    return found


def _stored_in(node: ast.AST, scope: Scope) -> tuple[str, ast.expr] | None:
    """(attribute, value) for `self.<attribute>.append(value)` in a method: an exception kept to be raised later."""
    if not scope.owner or not isinstance(node, ast.Expr) or not isinstance(call := node.value, ast.Call):
        return None
    value = _appended_to_self(call)
    return None if value is None else (terminal_name(call.func.value), value)  # type: ignore[attr-defined]


def stored_raises(index: ClassIndex, owner: str, attribute: str) -> list[HelperRaise]:
    """The raises, in the methods of `owner` and its ancestors, of what `self.<attribute>` keeps: `raise
    self._errors[0]`, or of a name bound to such an item (`error = self._errors[0]; ...; raise error`)."""
    key = (owner, attribute)
    if key not in index.store_raises:
        found: list[HelperRaise] = []
        for info in index.mro(owner):
            module = info.module
            prefix = info.qualname[len(module.name) + 1 :] + "."
            for function in info.methods.values():
                body = body_of(function)
                items = {
                    target.id
                    for node in body.of(ast.Assign)
                    if _item_of(node.value, attribute)
                    for target in node.targets
                    if isinstance(target, ast.Name)
                }
                for node in body.of(ast.Raise):
                    if node.exc is not None:
                        exc = node.exc
                        if _item_of(exc, attribute) or (isinstance(exc, ast.Name) and exc.id in items):
                            found.append(HelperRaise(module, prefix + function.name, node, span(function)))
        index.store_raises[key] = found
    return index.store_raises[key]


def _item_of(expr: ast.expr, attribute: str) -> bool:
    """`self.<attribute>[...]`."""
    return isinstance(expr, ast.Subscript) and dotted(expr.value) == ["self", attribute]


def _calls_made(
    index: ClassIndex, expr: ast.expr | None, env: dict[str, Held], inner: Scope
) -> Iterator[tuple[ast.Call, list[Value], dict[str, Value], list[str]]]:
    """Each call `expr` may make (a `return`'s value, a `raise`'s exception) whose arguments can be bound from the
    caller's: (the call, its arguments, its keywords, the exception classes it makes, [] when it calls a function)."""
    for value in _made_values(expr, inner):
        passed = _passed(value, env, inner, value.lineno)
        if passed is not None:
            yield value, passed[0], passed[1], _classes_of(index, value.func, env, inner)


def _handlers(function: Function) -> list[ast.ExceptHandler]:
    return list(body_of(function).handlers)


def _keyed(value: Value, known: dict[str, ast.expr]) -> bool:
    """Whether a message read in the callee is looked up by a key the caller gave as a constant, through the
    callee's own bindings (`msg = self.error_messages[key]; text = msg.format(**kwargs)`)."""
    if not known:
        return False
    seen: set[str] = set()
    pending = [value.expr]
    while pending:
        for node in breadth.walk(pending.pop()):
            if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Name) and node.slice.id in known:
                return True
            if not isinstance(node, ast.Name) or node.id in seen:
                continue
            seen.add(node.id)
            pending += [b.expr for b in value.scope.bindings.get(node.id, ()) if b.expr is not None]
    return False


def _made_values(value: ast.expr | None, inner: Scope) -> list[ast.Call]:
    """The calls a returned value is: the call itself, or those a returned name is bound to (`e = X(msg); return e`)."""
    if isinstance(value, ast.Call):
        return [value]
    if isinstance(value, ast.Name):
        return [b.expr for b in inner.bindings.get(value.id, ()) if isinstance(b.expr, ast.Call)]
    return []


def callee(index: ClassIndex, func: ast.expr, scope: Scope) -> tuple[Function, ClassInfo | None, str | None] | None:
    """(the function a call runs, the class that defines it, the class whose instance runs it), or None."""
    parts = dotted(func)
    if not parts:
        return None
    if parts[0] in ("self", "cls") and scope.owner:
        if len(parts) == 2:
            return _method(index, scope.owner, parts[1])
        if len(parts) == 3:
            held = attribute_class(index, scope.owner, parts[1])
            return _method(index, held, parts[2]) if held else None
        return None
    if len(parts) == 2 and parts[0] in scope.local_names():
        held = _local_class(index, parts[0], scope)
        return _method(index, held, parts[1]) if held else None
    if parts[0] in scope.local_names():
        return None
    found = module_function(index, parts, scope)
    return None if found is None else (found[0], None, None)


def _method(index: ClassIndex, owner: str, name: str) -> tuple[Function, ClassInfo | None, str | None] | None:
    found = index.method(owner, name)
    return None if found is None else (found[0], found[1], owner)


def attribute_class(index: ClassIndex, owner: str, name: str) -> str | None:
    """The class of this harvest a method of `owner` (or of its ancestors) assigns to `self.<name>` by calling it,
    `self._src = Source(decode(string))`, or from a parameter annotated with it, `self.env = env` with `env:
    Environment` (`Optional[...]`, `... | None` or quoted too); one class, or None."""
    found: set[str] = set()
    for info in index.mro(owner):
        for named in _assigned_classes(index, info).get(name, ()):
            qualified = _qualified_class(index, named, info.module)
            if qualified is not None:
                found.add(qualified)
    return next(iter(found)) if len(found) == 1 else None


def _assigned_classes(index: ClassIndex, info: ClassInfo) -> dict[str, list[ast.expr]]:
    """What names the class of `self.<name>` in the class's own methods, by name: the function a call assigned
    runs, or the annotation of a parameter assigned as it is. Read once per class."""
    found = index.assigned_calls.get(info.qualname)
    if found is None:
        found = {}
        # Statements alone: an assignment is one, and the expressions between them, nine nodes in ten, hold none.
        for function in info.methods.values():
            annotated = {a.arg: a.annotation for a in _arguments(function) if a.annotation is not None}
            for node in statements(function.body, into_scopes=True):
                if not isinstance(node, ast.Assign):
                    continue
                if isinstance(node.value, ast.Call):
                    named: ast.expr | None = node.value.func
                elif isinstance(node.value, ast.Name) and node.value.id in annotated:
                    named = _annotated_class(annotated[node.value.id])
                else:
                    continue
                for target in node.targets:
                    if (parts := dotted(target)) is not None and len(parts) == 2 and parts[0] == "self" and named:
                        found.setdefault(parts[1], []).append(named)
        index.assigned_calls[info.qualname] = found
    return found


def _arguments(function: Function) -> list[ast.arg]:
    return [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]


_MAX_ANNOTATION = 200  # characters of a quoted annotation parsed


def _annotated_class(annotation: ast.expr, quoted: bool = False) -> ast.expr | None:
    """The one class an annotation names, as written: `Environment`, `"Environment"`, `Optional[Environment]`,
    `Environment | None`; None for a union of classes or anything else."""
    if isinstance(annotation, (ast.Name, ast.Attribute)):
        return annotation
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str) and not quoted:
        if len(annotation.value) > _MAX_ANNOTATION:
            return None
        try:
            parsed = ast.parse(annotation.value.strip(), mode="eval").body
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            return None
        return _annotated_class(parsed, quoted=True)
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        sides = [annotation.left, annotation.right]
    elif isinstance(annotation, ast.Subscript) and terminal_name(annotation.value) in ("Optional", "Union"):
        inner = annotation.slice
        sides = list(inner.elts) if isinstance(inner, ast.Tuple) else [inner]
    else:
        return None
    kept = [s for s in sides if not (isinstance(s, ast.Constant) and s.value is None)]
    return _annotated_class(kept[0], quoted) if len(kept) == 1 and len(sides) <= 2 else None


def _may_raise(index: ClassIndex, function: Function) -> bool:
    """Whether what a function raises may be worded by its caller: a `raise` whose expression reads a parameter
    (through the function's own bindings: `text = msg.format(**kwargs); raise X(text)`), or a call statement or
    return handing a parameter on. Read once per function: most functions a call reaches raise nothing so."""
    known = index.may_raise.get(id(function))
    if known is None:
        known = _reads_parameters(function)
        index.may_raise[id(function)] = known
    return known


def _reads_parameters(function: Function) -> bool:
    """A raise that may carry its caller's message: of a class called with a parameter as an argument, or with one
    that reads a table by a parameter (`self.error_messages[key]`, through the function's bindings); of what a
    lowercase call returns (a factory, followed); or a call statement or return handing a parameter on."""
    params = {a.arg for a in [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]}
    params |= {a.arg for a in (function.args.vararg, function.args.kwarg) if a is not None}
    params -= {"self", "cls"}
    if not params:
        return False
    assigned: dict[str, list[ast.expr]] = {}
    raised: list[ast.expr] = []
    for node in body_of(function).statements:
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for name in breadth.walk(target):
                    if isinstance(name, ast.Name):
                        assigned.setdefault(name.id, []).append(node.value)
        elif isinstance(node, ast.Raise) and node.exc is not None:
            raised.append(node.exc)
        elif isinstance(node, (ast.Expr, ast.Return)) and isinstance(node.value, ast.Call):
            if (stored := _appended_to_self(node.value)) is not None:
                raised.append(stored)
            given = [*node.value.args, *(k.value for k in node.value.keywords)]
            if any(isinstance(a, (ast.Name, ast.Starred)) and _named(a, params) for a in given):
                return True
            if any(k.arg is None for k in node.value.keywords):
                return True
    if any(_named(exc, params) for exc in raised):
        return True  # `raise exc`: the exception its caller made and handed over
    calls = [c for exc in raised for c in _calls_of(exc, assigned)]
    for call in calls:
        if not terminal_name(call.func)[:1].isupper() and not _named(call.func, params):
            return True  # what a factory returns: followed
        given = [*call.args, *(k.value for k in call.keywords)]
        if any(_named(a, params) or _keyed_by(a, params, assigned) or _worded_with(a, params, assigned) for a in given):
            return True
    return False


def _appended_to_self(call: ast.Call) -> ast.expr | None:
    target = dotted(call.func)
    appended = target is not None and len(target) == 3 and target[0] == "self" and target[2] == "append"
    return call.args[0] if appended and len(call.args) == 1 else None


def _named(expr: ast.expr, params: set[str]) -> bool:
    expr = expr.value if isinstance(expr, ast.Starred) else expr
    return isinstance(expr, ast.Name) and expr.id in params


def _calls_of(exc: ast.expr, assigned: dict[str, list[ast.expr]]) -> list[ast.Call]:
    if isinstance(exc, ast.Call):
        return [exc]
    if isinstance(exc, ast.Name):
        return [v for v in assigned.get(exc.id, ()) if isinstance(v, ast.Call)]
    return []


def _keyed_by(expr: ast.expr, params: set[str], assigned: dict[str, list[ast.expr]]) -> bool:
    """Whether an expression reads a subscript by a parameter, through the function's bindings."""
    seen: set[str] = set()
    pending = [expr]
    while pending:
        for node in breadth.walk(pending.pop()):
            if isinstance(node, ast.Subscript) and _named(node.slice, params):
                return True
            if isinstance(node, ast.Name) and node.id not in seen:
                seen.add(node.id)
                pending += assigned.get(node.id, [])
    return False


def _worded_with(expr: ast.expr, params: set[str], assigned: dict[str, list[ast.expr]]) -> bool:
    """Whether an argument is a local worded around a parameter, through the function's bindings (`message = "{0}
    at line {1}.".format(text, n)`)."""
    if not isinstance(expr, ast.Name):
        return False
    seen = {expr.id}
    pending = list(assigned.get(expr.id, ()))
    while pending:
        value = pending.pop()
        if written_here(value) and any(isinstance(n, ast.Name) and n.id in params for n in breadth.walk(value)):
            return True
        if isinstance(value, ast.Name) and value.id not in seen:
            seen.add(value.id)
            pending += assigned.get(value.id, [])
    return False


def _local_class(index: ClassIndex, name: str, scope: Scope) -> str | None:
    """`parser = Parser(string)`: the class of this harvest a local name is bound to by calling it."""
    bound = [b.expr for b in scope.bindings.get(name, ()) if b.expr is not None]
    if len(bound) != 1 or not isinstance(bound[0], ast.Call):
        return None
    return _qualified_class(index, bound[0].func, scope.info, scope)


def _qualified_class(index: ClassIndex, func: ast.expr, module: ModuleInfo, scope: Scope | None = None) -> str | None:
    parts = dotted(func)
    if not parts:
        return None
    imported = scope.imported(parts[0]) if scope is not None else None
    if imported is not None:
        qualified: str | None = index.resolver.canonical(".".join([imported, *parts[1:]]))
    else:
        qualified = index.resolver.qualify(parts, module)
    return qualified if qualified is not None and index.get(qualified) is not None else None


def _scope_of(index: ClassIndex, function: Function, owner: ClassInfo | None, viewer: str | None) -> Scope:
    module = owner.module if owner is not None else _module_of(index, function)
    prefix = owner.qualname[len(module.name) + 1 :] + "." if owner is not None else ""
    scope = Scope(
        module,
        index,
        owner=viewer,
        qualname=prefix + function.name,
        parent=None,
        span=span(function),
        params=params_of(function.args),
    )
    key = (id(function), id(module))
    recorded = index.callee_bindings.get(key)
    if recorded is None:
        record_bindings(function.body, scope)
        index.callee_bindings[key] = _recorded(scope)
    else:
        _replay(recorded, scope)
    return scope


def _recorded(scope: Scope) -> tuple:
    """What `record_bindings` noted in a callee's scope, kept apart from that scope (which each call changes)."""
    bindings = {name: tuple(bound) for name, bound in scope.bindings.items()}
    caught = {name: tuple(handlers) for name, handlers in scope.caught.items()}
    appended = {name: tuple(items) for name, items in scope.appended.items()}
    return bindings, dict(scope.imports), tuple(scope.dead_ends), tuple(scope.loops), caught, appended


def _replay(recorded: tuple, scope: Scope) -> None:
    """A callee's bindings as first recorded, made `scope`'s own (each binding names the scope it is in): a helper
    called from many places (`self.fail(...)`) has its body walked once rather than at every call."""
    bindings, imports, ends, loops, caught, appended = recorded
    scope.bindings = {name: [Binding(b[0], b[1], scope, *b[3:]) for b in bound] for name, bound in bindings.items()}
    scope.imports = dict(imports)
    scope.dead_ends = list(ends)
    scope.loops = list(loops)
    scope.caught = {name: list(handlers) for name, handlers in caught.items()}
    scope.appended = {name: list(items) for name, items in appended.items()}


def _module_of(index: ClassIndex, function: Function) -> ModuleInfo:
    """The module a module-level function of this harvest is in: every module's functions indexed at the first
    question, rather than each module searched for each function."""
    if not index.function_modules:
        for module in index.resolver.modules.values():
            for node in module.function_nodes.values():
                index.function_modules.setdefault(id(node), module)
    return index.function_modules[id(function)]


def _bind(
    function: Function, method: bool, args: list[Value], keywords: dict[str, Value], inner: Scope
) -> dict[str, Held] | None:
    """The callee's parameters, each given what the call passes (or its default); None when they do not fit."""
    spec = function.args
    static = any(dotted(d) == ["staticmethod"] for d in function.decorator_list)
    positional = [a.arg for a in [*spec.posonlyargs, *spec.args]]
    if method and not static:
        positional = positional[1:]
    env: dict[str, Held] = {}
    for name, value in zip(positional, args, strict=False):
        env[name] = value
    extra = args[len(positional) :]
    if extra:
        if spec.vararg is None:
            return None
        env[spec.vararg.arg] = extra
    elif spec.vararg is not None:
        env[spec.vararg.arg] = []
    gathered: dict[str, Value] = {}
    names = set(positional) | {a.arg for a in spec.kwonlyargs}
    for name, value in keywords.items():
        if name in names:
            env[name] = value
        elif spec.kwarg is not None:
            gathered[name] = value
        else:
            return None
    if spec.kwarg is not None:
        env[spec.kwarg.arg] = gathered
    for name, default in params_of(spec).items():
        if name not in env and default is not None:
            env[name] = Value(default, inner, function.lineno)
    return env


def _passed(
    call: ast.Call, env: dict[str, Held], inner: Scope, line: int
) -> tuple[list[Value], dict[str, Value]] | None:
    """The arguments of a call written in the callee, as values: a parameter is what the caller gave it."""
    args: list[Value] = []
    for arg in call.args:
        if isinstance(arg, ast.Starred):
            held = env.get(arg.value.id) if isinstance(arg.value, ast.Name) else None
            if not isinstance(held, list):
                return None
            args += held
        else:
            args.append(_value(arg, env, inner, line))
    keywords: dict[str, Value] = {}
    for keyword in call.keywords:
        if keyword.arg is None:
            held = env.get(keyword.value.id) if isinstance(keyword.value, ast.Name) else None
            if not isinstance(held, dict):
                return None
            keywords.update(held)
        else:
            keywords[keyword.arg] = _value(keyword.value, env, inner, line)
    return args, keywords


def _value(expr: ast.expr, env: dict[str, Held], inner: Scope, line: int) -> Value:
    if isinstance(expr, ast.Name) and isinstance(held := env.get(expr.id), Value):
        reaching = inner.reaching(expr.id, line, ())
        if not reaching:
            return held
        if (rebound := _in_callers_terms(reaching[0].expr, env)) is not None:
            return rebound
    if (formatted := _formatted_by_callee(expr, env, inner, line)) is not None:
        return formatted
    if (worded := _worded_from_parameters(expr, env, inner, line)) is not None:
        return worded
    return Value(expr, inner, line)


def _formatted_by_callee(expr: ast.expr, env: dict[str, Held], inner: Scope, line: int) -> Value | None:
    """`raise GrammarError(msg.format(**args))` with `msg` the caller's text and `args` built in the callee: the
    caller's text formatted, what the callee fills in unknown (each field a placeholder), read where the call is."""
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "format":
        template = expr.func.value
    elif isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mod):
        template = expr.left
    else:
        return None
    if not isinstance(template, ast.Name) or not isinstance(held := env.get(template.id), Value):
        return None
    if inner.reaching(template.id, line, ()):
        return None
    scope, at = held.scope, held.line

    class Substitute(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            found = env.get(node.id)
            if isinstance(found, Value) and found.scope is scope and not inner.reaching(node.id, line, ()):
                return copy.deepcopy(found.expr)
            return ast.Name(id="<callee>", ctx=ast.Load())  # bound in the callee: unknown where the call is

    return Value(Substitute().visit(copy.deepcopy(expr)), scope, at)


def _worded_from_parameters(expr: ast.expr, env: dict[str, Held], inner: Scope, line: int) -> Value | None:
    """`message = '{0} at line {1}.'.format(text, cur_index)` then `raise ErrorClass(message, ...)`: a local the
    callee words around its caller's text, as the caller's own expression, read where the call is. A parameter the
    callee has not rebound by then is what the call gave it; a name the callee binds itself (`cur_index += 1`) is a
    placeholder. None when the local has more than one binding there, is not worded there, reads no parameter the
    caller gave, or reads a name bound outside the callee (a module's constant: not known where the call is). A
    message written in the raise itself (`f"No message kept under {key!r}"`) is the callee's own wording."""
    if not isinstance(expr, ast.Name) or expr.id in env:
        return None
    reaching = inner.reaching(expr.id, line, ())
    if len(reaching) != 1 or (source := reaching[0].expr) is None or reaching[0].augmented or not written_here(source):
        return None
    at = reaching[0].line
    rebuilt = copy.deepcopy(source)
    called = {id(node.func) for node in breadth.walk(rebuilt) if isinstance(node, ast.Call)}  # `str(x)`: kept

    def from_caller(node: ast.Name) -> Value | None:
        held = env.get(node.id)
        if isinstance(held, Value) and held.scope is not inner and not inner.reaching(node.id, at, ()):
            return held
        return None

    given: list[Value] = []
    for node in breadth.walk(rebuilt):
        if isinstance(node, ast.Name) and id(node) not in called:
            if (held := from_caller(node)) is not None:
                given.append(held)
            elif node.id not in inner.bindings and node.id not in env:
                return None
    if not given or len({(id(v.scope), v.line) for v in given}) != 1:
        return None

    class Substitute(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            if id(node) in called:
                return node
            if (held := from_caller(node)) is not None:
                return copy.deepcopy(held.expr)
            # Bound in the callee: unknown where the call is, a placeholder still named as the callee names it.
            return ast.Attribute(value=ast.Name(id="<callee>", ctx=ast.Load()), attr=node.id, ctx=ast.Load())

    return Value(Substitute().visit(rebuilt), given[0].scope, given[0].line)


def _in_callers_terms(expr: ast.expr | None, env: dict[str, Held]) -> Value | None:
    """A parameter rebound from parameters alone (`msg = msg.format(*format_args)`), as the caller's own
    expression: each parameter replaced by what the call gave it (`"illegal header line: {!r}".format(line)`),
    read in the caller's scope. None when it reads anything else, or the call's values come from two places."""
    if expr is None:
        return None
    given: list[Value] = []
    for node in breadth.walk(expr):
        if isinstance(node, ast.Name):
            held = env.get(node.id)
            if held is None or isinstance(held, dict):
                return None
            given += held if isinstance(held, list) else [held]
    if not given or len({(id(v.scope), v.line) for v in given}) != 1:
        return None

    class Substitute(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            held = env[node.id]
            return copy.deepcopy(held.expr) if isinstance(held, Value) else node

        def visit_Call(self, node: ast.Call) -> ast.Call:
            self.generic_visit(node)  # first: the caller's expressions put in are not read again
            args: list[ast.expr] = []
            for arg in node.args:
                held = (
                    env.get(arg.value.id) if isinstance(arg, ast.Starred) and isinstance(arg.value, ast.Name) else None
                )
                args += [copy.deepcopy(v.expr) for v in held] if isinstance(held, list) else [arg]
            node.args = args
            return node

    rebuilt = Substitute().visit(copy.deepcopy(expr))
    return Value(rebuilt, given[0].scope, given[0].line)


def _classes_of(index: ClassIndex, func: ast.expr, env: dict[str, Held], inner: Scope) -> list[str]:
    """The exception classes a call in the callee makes: a parameter holding a class the caller named (or its
    default), or a class of this harvest written there. When the caller's own parameter holds it (`def inc(self,
    exception=None): raise self.parse_error(exception)`), the classes its callers pass for it."""
    if isinstance(func, ast.Name) and func.id in env:
        held = env[func.id]
        if not isinstance(held, Value):
            return []
        func, inner = held.expr, held.scope
        if isinstance(func, ast.Name) and func.id in inner.params and not inner.reaching(func.id, held.line, ()):
            return passed_classes(index, inner, func.id)
    found = class_named(index, func, inner)
    return [found] if found is not None else []


def class_named(index: ClassIndex, func: ast.expr, inner: Scope) -> str | None:
    """The class a call makes: a class it names, or the class whose alternate constructor it calls
    (`ParseError.new(...)`)."""
    parts = dotted(func)
    if parts and len(parts) == 2 and parts[0] in ("self", "cls") and inner.owner:
        # `return self.error_class(msg)`: the class the attribute names for the instance that runs the method.
        return attribute_type(index, inner.owner, parts[1])
    if not parts or parts[0] in ("self", "cls") or parts[0] in inner.local_names():
        return None
    constructor = not parts[-1][:1].isupper()
    if constructor and (len(parts) < 2 or not parts[-2][:1].isupper()):
        return None
    imported = inner.imported(parts[0])
    if imported is not None:
        qualified: str | None = index.resolver.canonical(".".join([imported, *parts[1:]]))
    else:
        qualified = index.resolver.qualify(parts, inner.info)
    if qualified is None:
        return None
    if constructor:
        return alternate_constructor(index, qualified)
    return None if index.resolver.is_function(qualified) else qualified


def alternate_constructor(index: ClassIndex, qualified: str) -> str | None:
    """`ParseError.new(message, ...)`, `SchemaError.create_from(error)`: a classmethod of a class of this harvest
    makes one of that class (its `cls`); the class, or None. Its arguments are read as the class's own."""
    owner, _, name = qualified.rpartition(".")
    if index.get(qualified) is not None or index.get(owner) is None:
        return None
    found = index.method(owner, name)
    if found is None:
        return None
    return owner if any(dotted(d) == ["classmethod"] for d in found[0].decorator_list) else None


def passed_classes(index: ClassIndex, scope: Scope, param: str, depth: int = 0, *, builtins: bool = False) -> list[str]:
    """The classes of this harvest that calls of the function `scope` reads pass for its parameter `param`
    (`self.inc(exception=UnexpectedEofError)`), by the function's name; through a function that passes its own
    parameter on (`def inc(self, exception=None): return self._src.inc(exception=exception)`). With `builtins`,
    builtin exceptions passed too (`raise_(ValueError, msg)`)."""
    name = scope.qualname.rsplit(".", 1)[-1]
    function = function_node(index, scope)
    if function is None or depth > 2:
        return []
    positional = [a.arg for a in [*function.args.posonlyargs, *function.args.args]]
    if scope.owner is not None and not any(dotted(d) == ["staticmethod"] for d in function.decorator_list):
        positional = positional[1:]
    found: list[str] = []
    for call, caller_scope in calls_named(index).get(name, ()):
        argument = next((k.value for k in call.keywords if k.arg == param), None)
        if argument is None and param in positional and len(call.args) > positional.index(param):
            argument = call.args[positional.index(param)]
        if argument is None or isinstance(argument, ast.Starred):
            continue
        if isinstance(argument, ast.Name) and argument.id in caller_scope.params:
            more = passed_classes(index, caller_scope, argument.id, depth + 1, builtins=builtins)
        else:
            named = class_named(index, argument, caller_scope)
            known = named is not None and (index.get(named) is not None or (builtins and named in BUILTIN_EXCEPTIONS))
            more = [named] if named is not None and known else []
        found += [c for c in more if c not in found]
    return found


def handed_instances(index: ClassIndex, scope: Scope, param: str) -> bool:
    """Whether some call of the function `scope` reads hands its parameter `param` an exception of the harvest's made
    there (`self.env.error(LiquidSyntaxError(f"unexpected '{err}'"))`, python-liquid 2.3.6 template.py:169), an entry
    at that call and at the function's raise (`_handed_instance`), and none hands it a class, which the function
    would make an exception of itself. Calls are those of the function's name that run it. Asked only of a parameter
    annotated with a class of the harvest (`exc: Union[Type[LiquidError], LiquidError]`): the harvest's calls are
    indexed at the first such question, not for every bare raise of a parameter."""
    function = function_node(index, scope)
    if function is None or not _annotated_with_a_class(index, function, param, scope):
        return False
    positional = [a.arg for a in [*function.args.posonlyargs, *function.args.args]]
    if scope.owner is not None and not any(dotted(d) == ["staticmethod"] for d in function.decorator_list):
        positional = positional[1:]
    made = False
    for call, caller in calls_named(index).get(function.name, ()):
        argument = next((k.value for k in call.keywords if k.arg == param), None)
        if argument is None and param in positional and len(call.args) > positional.index(param):
            argument = call.args[positional.index(param)]
        if argument is None or isinstance(argument, ast.Starred):
            continue
        found = callee(index, call.func, caller)
        if found is None or found[0] is not function:
            continue
        if isinstance(argument, ast.Call):
            named = class_named(index, argument.func, caller)
            made = made or (named is not None and index.get(named) is not None)
        elif class_named(index, argument, caller) is not None:
            return False
    return made


def _annotated_with_a_class(index: ClassIndex, function: Function, param: str, scope: Scope) -> bool:
    annotation = next((a.annotation for a in _arguments(function) if a.arg == param), None)
    if annotation is None or isinstance(annotation, ast.Constant):
        return False
    for node in breadth.walk(annotation):
        if isinstance(node, (ast.Name, ast.Attribute)) and (named := class_named(index, node, scope)) is not None:
            if index.get(named) is not None:
                return True
    return False


def worded_by_callers(call: ast.Call, scope: Scope) -> bool:
    """Whether a call in a function hands on what its own callers gave it: an argument that is a parameter, or a
    local worded from one (`message = '{0} at line {1}.'.format(text, cur_index)`, one binding deep)."""
    params = set(scope.params) - {"self", "cls"}
    for argument in [*call.args, *(k.value for k in call.keywords)]:
        argument = argument.value if isinstance(argument, ast.Starred) else argument
        if not isinstance(argument, ast.Name):
            continue
        if argument.id in params:
            return True
        bound = [b.expr for b in scope.bindings.get(argument.id, ()) if b.expr is not None]
        if any(isinstance(n, ast.Name) and n.id in params for expr in bound for n in breadth.walk(expr)):
            return True
    return False


def function_node(index: ClassIndex, scope: Scope) -> Function | None:
    """The function or method a scope is, by its name on its class (or module)."""
    name = scope.qualname.rsplit(".", 1)[-1]
    if scope.owner is not None:
        method = index.method(scope.owner, name)
        return method[0] if method is not None else None
    return scope.info.function_nodes.get(name)


def calls_named(index: ClassIndex) -> dict[str, list[tuple[ast.Call, Scope]]]:
    """Every call in a function or method of this harvest, by the name it calls; read once, on first use."""
    if index.calls_by_name is None:
        index.calls_by_name = _calls(index, classes=False)
    return index.calls_by_name


def constructions(index: ClassIndex) -> dict[str, list[tuple[ast.Call, Scope]]]:
    """Every call of a CapWords name with arguments in a function or method of this harvest (a class made), by
    that name; read once, on first use."""
    if index.constructions is None:
        index.constructions = _calls(index, classes=True)
    return index.constructions


def _calls(index: ClassIndex, *, classes: bool) -> dict[str, list[tuple[ast.Call, Scope]]]:
    found: dict[str, list[tuple[ast.Call, Scope]]] = {}
    functions: list[tuple[Function, ClassInfo | None, ModuleInfo]] = [
        (f, None, m) for m in index.resolver.modules.values() for f in m.function_nodes.values()
    ]
    functions += [(f, info, info.module) for info in index.classes.values() for f in info.methods.values()]
    for function, owner, module in functions:
        scope: Scope | None = None
        for node in breadth.walk(function):
            if not isinstance(node, ast.Call) or not (node.keywords or node.args):
                continue
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if not called or called[:1].isupper() != classes:
                continue
            if scope is None:
                scope = _bare_scope(function, owner, module, index)
            found.setdefault(called, []).append((node, scope))
    return found


def _bare_scope(function: Function, owner: ClassInfo | None, module: ModuleInfo, index: ClassIndex) -> Scope:
    """A function's scope without its bindings read: its parameters and where it is, for naming a class."""
    prefix = owner.qualname[len(module.name) + 1 :] + "." if owner is not None else ""
    return Scope(
        module,
        index,
        owner=owner.qualname if owner is not None else None,
        qualname=prefix + function.name,
        parent=None,
        span=span(function),
        params=params_of(function.args),
    )


def attribute_classes(index: ClassIndex, target: ast.expr, scope: Scope) -> list[tuple[str, Scope]]:
    """`raise self.error_class(...)` in a method: the exception class the attribute names, as the method's class
    sees it and as each subclass that runs the method does (Django's `IfParser.error_class = ValueError`,
    `TemplateIfParser.error_class = TemplateSyntaxError`: two types raised by one line), one (type, the scope seen
    from that class) per distinct type; `raise parser.error_class(...)` in a function handed the object, the types
    the classes of its module (and their subclasses) give the attribute. Empty when no class gives it a type."""
    parts = dotted(target)
    if parts and len(parts) == 2 and parts[0] in scope.params and parts[0] not in ("self", "cls"):
        return _parameter_attribute_classes(index, parts[1], scope)
    if parts and len(parts) == 2 and (made := _made_here(index, parts[0], scope)) is not None:
        # `tokens = TokenStream(source, DocoptLanguageError)` then `raise tokens.error(...)`: that call's class.
        return [(c, scope) for c in _constructed_with(index, made[0], parts[1], [(made[1], scope)])]
    if not parts or len(parts) != 2 or parts[0] not in ("self", "cls") or not scope.owner:
        return []
    found: list[tuple[str, Scope]] = []
    for qualname in running(index, scope):
        named = attribute_type(index, qualname, parts[1])
        if named is not None and all(named != known for known, _ in found):
            found.append((named, scope if qualname == scope.owner else seen_by(scope, qualname)))
    return found


def _parameter_attribute_classes(index: ClassIndex, name: str, scope: Scope) -> list[tuple[str, Scope]]:
    """`raise parser.error_class(...)` (Django's smartif tokens get the parser): the parameter's class is unknown,
    so the types the classes of this module give that attribute, and their subclasses wherever they are. Only a
    module's own classes and their kin: a name as common as `error_class` means other things in other modules."""
    found: list[tuple[str, Scope]] = []
    for info in index.classes.values():
        if info.module.name != scope.info.name:
            continue
        if name not in info.attributes:
            # `self.error = error` in `__init__` (docopt's TokenStream): what the harvest's constructions pass.
            named_by = _constructed_with(index, info.qualname, name, None)
            found += [(c, scope) for c in named_by if all(c != known for known, _ in found)]
            continue
        for kin in (info, *index.subclasses(info.qualname)):
            named = attribute_type(index, kin.qualname, name)
            if named is not None and all(named != known for known, _ in found):
                found.append((named, scope))
    return found


def _made_here(index: ClassIndex, name: str, scope: Scope) -> tuple[str, ast.Call] | None:
    """(class, call) when the function binds `name` once, to a call of a class of this harvest."""
    bound = scope.bindings.get(name, ())
    if len(bound) != 1 or not isinstance(call := bound[0].expr, ast.Call):
        return None
    named = class_named(index, call.func, scope)
    return (named, call) if named is not None and index.get(named) is not None else None


def _constructed_with(
    index: ClassIndex, qualname: str, name: str, calls: list[tuple[ast.Call, Scope]] | None
) -> list[str]:
    """The classes of this harvest that `calls` of the class `qualname` (None: all the harvest's) pass for the
    `__init__` parameter its `__init__` stores, unchanged, as `self.<name>`."""
    found = index.method(qualname, "__init__")
    if found is None:
        return []
    init = found[0]
    stored = [
        node.value.id
        for node in nodes_of_kind(init, ast.Assign)
        if isinstance(node.value, ast.Name)
        and any(isinstance(t, ast.Attribute) and t.attr == name and dotted(t.value) == ["self"] for t in node.targets)
    ]
    positional = [a.arg for a in [*init.args.posonlyargs, *init.args.args]][1:]
    if len(stored) != 1 or stored[0] not in positional + [a.arg for a in init.args.kwonlyargs]:
        return []
    param = stored[0]
    if calls is None:
        calls = constructions(index).get(qualname.rpartition(".")[2], [])
    classes: list[str] = []
    for call, caller in calls:
        if class_named(index, call.func, caller) != qualname:
            continue
        argument = next((k.value for k in call.keywords if k.arg == param), None)
        if argument is None and param in positional and len(call.args) > positional.index(param):
            argument = call.args[positional.index(param)]
        if argument is None or any(isinstance(a, ast.Starred) for a in call.args[: positional.index(param) + 1]):
            continue
        named = class_named(index, argument, caller)
        if named is not None and index.get(named) is not None and named not in classes:
            classes.append(named)
    return classes


def running(index: ClassIndex, scope: Scope) -> list[str]:
    """The class whose method `scope` reads, then each subclass that runs the method: it does not override it, or
    overrides it calling it on `super()` (URLValidator.__call__ checks the scheme, then `super().__call__(value)`)."""
    if not scope.owner:
        return []
    method = scope.qualname.rsplit(".", 1)[-1]
    defined = index.method(scope.owner, method)
    found = [scope.owner]
    for info in index.subclasses(scope.owner):
        runs = index.method(info.qualname, method)
        if defined is None or runs is None or (runs[1] is not defined[1] and not calls_super(runs[0])):
            continue
        found.append(info.qualname)
    return found


def seen_by(scope: Scope, qualname: str) -> Scope:
    """The same function's scope, read as an instance of `qualname` (a subclass that runs it) sees it."""
    seen_from = copy.copy(scope)
    seen_from.owner = qualname
    return seen_from


def keyed_viewers(index: ClassIndex, scope: Scope, keys: set[str]) -> list[Scope]:
    """The method's scope as each subclass that runs it sees it, when the subclass keeps its own message under one
    of `keys` in its table: `self.error_messages["invalid"]` read in BaseTemporalField.to_python, or the key given
    to a factory (`self.make_error("required")`), is each such class's own wording (DateField's "Enter a valid
    date.")."""
    if not keys:
        return []
    return [
        seen_by(scope, qualname)
        for qualname in running(index, scope)[1:]
        if any(key in index.classes[qualname].error_messages for key in keys)
    ]


def keys_read(expr: ast.expr) -> set[str]:
    """The constant keys an expression reads from the instance's message table: `self.error_messages["invalid"]`."""
    return {
        node.slice.value
        for node in nodes_of(expr)
        if isinstance(node, ast.Subscript)
        and dotted(node.value) in (["self", "error_messages"], ["self", "default_error_messages"])
        and isinstance(node.slice, ast.Constant)
        and isinstance(node.slice.value, str)
    }


def calls_super(function: Function) -> bool:
    """Whether a method calls its own name on `super()`: `super().__call__(value)` in `__call__`."""
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == function.name
        and isinstance(node.func.value, ast.Call)
        and terminal_name(node.func.value.func) == "super"
        for node in nodes_of_kind(function, ast.Call)
    )


def message_position(index: ClassIndex, exception_type: str) -> int:
    """The position of the message among the arguments of an exception class of this harvest whose `__init__` names
    it (`def __init__(self, option_name, message, ctx=None)`); 0 otherwise."""
    found = index.method(exception_type, "__init__")
    own = own_message(index, exception_type, depth=0)
    if found is None or (own is not None and not (len(own[0]) == 1 and isinstance(own[0][0], Field))):
        return 0  # a class that words its message around its arguments is read from them (own_message)
    names = [a.arg for a in [*found[0].args.posonlyargs, *found[0].args.args]][1:]
    named = next((n for n, name in enumerate(names) if name in MESSAGE_KEYWORDS), None)
    if named is not None:
        return named
    # `def __init__(self, source, expected, actual, value, *args): super().__init__(*args)`: the message is the
    # first argument after the named ones, handed on to the base.
    return len(names) if _hands_on_extra(found[0]) else 0


def message_keyword(index: ClassIndex, exception_type: str) -> str | None:
    """The name of the `__init__` parameter in the message's place, which a raise may give by keyword as well
    (trafaret's `DataError(error=error, value=value)`, `def __init__(self, error=None, ...)`); None for a class
    without an `__init__` of this harvest."""
    found = index.method(exception_type, "__init__")
    if found is None:
        return None
    names = [a.arg for a in found[0].args.args][1:]
    position = message_position(index, exception_type)
    return names[position] if position < len(names) else None


def _hands_on_extra(init: Function) -> bool:
    """Whether `__init__` hands its `*args` first to its base's `__init__` (`super().__init__(*args, ...)`)."""
    extra = init.args.vararg
    if extra is None:
        return False
    for node in nodes_of_kind(init, ast.Call):
        if terminal_name(node.func) == "__init__":
            given = [a for a in node.args if not (isinstance(a, ast.Name) and a.id == "self")]
            return bool(given) and isinstance(given[0], ast.Starred) and dotted(given[0].value) == [extra.arg]
    return False


def module_function(index: ClassIndex, parts: list[str], scope: Scope) -> tuple[Function, ModuleInfo] | None:
    """The module-level function a dotted name (`helper`, `errors.make`, an import) names in the repository, as
    the module's imports resolve it; None for anything else. `parts[0]` must not be a local of the caller."""
    imported = scope.imported(parts[0])
    if imported is not None:
        qualified: str | None = index.resolver.canonical(".".join([imported, *parts[1:]]))
    else:
        qualified = index.resolver.qualify(parts, scope.info)
    if not qualified:
        return None
    module, _, name = qualified.rpartition(".")
    info = index.resolver.modules.get(module)
    function = info.function_nodes.get(name) if info is not None else None
    return None if function is None or info is None else (function, info)


def written_here(expr: ast.expr) -> bool:
    """Whether an argument is worded where it is written: cheap, before any helper is looked for."""
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, str) and any(map(str.isalpha, expr.value))
    if isinstance(expr, ast.JoinedStr):
        return True
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Mod, ast.Add)):
        return written_here(expr.left) or written_here(expr.right)
    if isinstance(expr, ast.Call):
        func = expr.func
        if isinstance(func, ast.Attribute) and func.attr == "format":
            return written_here(func.value)
        # _("..."), pgettext("context", "..."), ValueError("..."): the text is a first or second argument.
        return any(written_here(arg) for arg in expr.args[:2])
    return False

"""Errors made by a helper: a function that raises the message it is handed (`self._raise_invalid(msg)`,
`error(f"...")`) or builds the exception and returns it for the caller to raise (`raise self.error(token, msg)`,
`raise _no_kw()`), followed through one or two calls inside the harvest.

A traceback of the first kind ends in the helper: its raise is a second site of every entry whose message is
written at a call. Of the second kind it ends at the caller's `raise`: that is the only site. The caller's `raise`
of what a helper returns is read by `reading.evaluate` (one evaluator for factories, keyed messages and classes
handed as arguments); what is read here of returned exceptions serves only helpers that raise what another makes."""

import ast
from dataclasses import dataclass, field

from kb.harvest.reading.classes import ClassIndex, ClassInfo
from kb.harvest.reading.imports import ModuleInfo, dotted
from kb.harvest.reading.messages import MessageBuilder, Parts, percent_format, terminal_name
from kb.harvest.reading.scopes import Scope, params_of, record_bindings, span, statements
from kb.harvest.reading.types import attribute_type

Function = ast.FunctionDef | ast.AsyncFunctionDef
MAX_DEPTH = 2  # a helper handing the message on to another helper, and no further


@dataclass(frozen=True)
class HelperRaise:
    """The raise inside a helper: where a traceback of an error it raises ends."""

    module: ModuleInfo = field(compare=False)
    function: str  # as sites name functions: Class.method, or the function's name
    node: ast.Raise
    span: tuple[int, int]


@dataclass(frozen=True)
class Made:
    """One exception a helper makes: its message is the argument of `param`, or `worded` in the helper itself
    (its parameters as fields); `type_param` names the parameter whose argument, when given, is the type."""

    exception_type: str
    param: str | None
    worded: Parts | None
    raised_at: HelperRaise | None  # None: returned, and raised where the helper is called
    type_param: str | None = None
    params: ast.expr | None = None  # Django's ValidationError(message, params={...}) fills %(name)s itself


@dataclass(frozen=True)
class Helper:
    positional: tuple[str, ...]  # the parameters a call fills by position (without self/cls)
    made: tuple[Made, ...]

    def argument(self, call: ast.Call, param: str) -> ast.expr | None:
        """What a call passes for `param`: by keyword, or by position up to the first `*args`."""
        for keyword in call.keywords:
            if keyword.arg == param:
                return keyword.value
        if param not in self.positional:
            return None
        position = self.positional.index(param)
        for n, arg in enumerate(call.args):
            if isinstance(arg, ast.Starred):
                return None
            if n == position:
                return arg
        return None


def follow(index: ClassIndex, func: ast.expr, scope: Scope) -> Helper | None:
    """The helper a call in `scope` runs (`self.name(...)`, `name(...)`, `module.name(...)`), read, or None
    when it is not a function of this harvest that makes an exception."""
    found = _callee(index, func, scope)
    return None if found is None else _analyse(index, *found, depth=0)


def _callee(index: ClassIndex, func: ast.expr, scope: Scope) -> tuple[Function, ModuleInfo, ClassInfo | None] | None:
    parts = dotted(func)
    if not parts:
        return None
    if parts[0] in ("self", "cls"):
        if len(parts) != 2 or not scope.owner:
            return None
        method = index.method(scope.owner, parts[1])
        return None if method is None else (method[0], method[1].module, method[1])
    if parts[0] in scope.local_names():
        return None
    found = module_function(index, parts, scope)
    return None if found is None else (found[0], found[1], None)


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


def _analyse(index: ClassIndex, function: Function, module: ModuleInfo, owner: ClassInfo | None, depth: int):
    cache: dict[int, Helper | None] = index.helpers
    if id(function) not in cache:
        cache[id(function)] = None  # against recursion
        cache[id(function)] = _Reader(index, function, module, owner, depth).helper()
    return cache[id(function)]


class _Reader:
    """What one function does with its parameters: the exceptions it raises or returns, worded by which."""

    def __init__(
        self, index: ClassIndex, function: Function, module: ModuleInfo, owner: ClassInfo | None, depth: int
    ) -> None:
        self.index = index
        self.function = function
        self.owner = owner
        self.depth = depth
        names = [a.arg for a in [*function.args.posonlyargs, *function.args.args]]
        static = any(dotted(d) == ["staticmethod"] for d in function.decorator_list)
        self.positional = tuple(names[1:] if owner is not None and not static and names else names)
        prefix = owner.qualname[len(module.name) + 1 :] + "." if owner is not None else ""
        self.qualname = prefix + function.name
        self.scope = Scope(
            module,
            index,
            owner=owner.qualname if owner else None,
            qualname=self.qualname,
            parent=None,
            span=span(function),
            params=params_of(function.args),
        )
        self.params = set(self.scope.params)
        self.made_names: set[str] = set()
        self._bound = False

    def helper(self) -> Helper | None:
        # Statements first, cheaply: most functions pass no parameter to a raise, a returned class or a call.
        raises, returns, calls = [], [], []
        own = list(statements(self.function.body))
        # Names bound to a class called (`e = TemplateSyntaxError(e)`): what a `return e` may make.
        self.made_names = {
            target.id
            for node in own
            if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and terminal_name(node.value.func)[:1].isupper()
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in own:
            if isinstance(node, ast.Raise) and (
                isinstance(node.exc, ast.Call) or (isinstance(node.exc, ast.Name) and node.exc.id in self.made_names)
            ):
                raises.append(node)
            elif isinstance(node, ast.Return) and self._may_make(node.value):
                returns.append(node)
            elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and self.depth < MAX_DEPTH:
                if any(isinstance(a, ast.Name) and a.id in self.params for a in _arguments(node.value)):
                    calls.append(node.value)
        if not (raises or returns or calls):
            return None
        self._bind()
        made: list[Made] = []
        for raised in raises:
            here = HelperRaise(self.scope.info, self.qualname, raised, self.scope.span)
            made += self._made(raised.exc, raised.lineno, here) if raised.exc is not None else []
        for returned in returns:
            found = self._made(returned.value, returned.lineno, None) if returned.value is not None else []
            made += [m for m in found if m.raised_at is None]
        for call in calls:
            made += [m for m in self._passed_on(call, None) if m.raised_at is not None]
        # Only what a caller's message reaches: the helper's own wordings are sites of their own already.
        made = [m for m in made if m.param is not None or m.raised_at is None]
        return Helper(self.positional, tuple(dict.fromkeys(made))) if made else None

    def _may_make(self, value: ast.expr | None) -> bool:
        """A returned value that may be an exception: a class called, a name, or a helper handed a parameter."""
        if isinstance(value, ast.Name):
            return value.id in self.made_names
        if not isinstance(value, ast.Call):
            return False
        if terminal_name(value.func)[:1].isupper():
            return True
        return self.depth < MAX_DEPTH and any(
            (isinstance(a, ast.Name) and a.id in self.params) or written_here(a) for a in _arguments(value)
        )

    def _bind(self) -> None:
        if self._bound:
            return
        self._bound = True
        record_bindings(self.function.body, self.scope)

    def _made(self, expr: ast.expr, line: int, raised_at: HelperRaise | None) -> list[Made]:
        if isinstance(expr, ast.Name):
            # `e = TemplateSyntaxError(e); ...; return e`
            bound = [b.expr for b in self.scope.bindings.get(expr.id, ()) if isinstance(b.expr, ast.Call)]
            return [m for call in bound for m in self._made(call, line, raised_at)]
        if not isinstance(expr, ast.Call):
            return []
        if self.depth < MAX_DEPTH and _callee(self.index, expr.func, self.scope) is not None:
            return self._passed_on(expr, raised_at)
        exception_type, type_param = self._type(expr.func)
        if exception_type is None:
            return []
        message = _message_argument(expr)
        param = self._param(message, expr.lineno)
        worded = None
        params = next((k.value for k in expr.keywords if k.arg == "params"), None)
        if message is not None and param is None:
            forms = MessageBuilder(self.scope).forms(message, expr.lineno)
            worded = forms[0] if forms else None
            if worded is not None and params is not None:
                worded = percent_format(worded, params)  # Django's ValidationError fills %(name)s itself
        return [Made(exception_type, param, worded, raised_at, type_param, params)]

    def _passed_on(self, call: ast.Call, raised_at: HelperRaise | None) -> list[Made]:
        """A call of another helper: what it makes, its parameters read as this function's arguments."""
        found = _callee(self.index, call.func, self.scope)
        inner = None if found is None else _analyse(self.index, *found, depth=self.depth + 1)
        if inner is None:
            return []
        made = []
        for item in inner.made:
            param = worded = None
            if item.param is not None:
                argument = inner.argument(call, item.param)
                if argument is None:
                    continue
                param = self._param(argument, call.lineno)
                if param is None:
                    forms = MessageBuilder(self.scope).forms(argument, call.lineno)
                    worded = forms[0] if forms else None
            else:
                worded = item.worded
            type_param = None
            if item.type_param is not None:
                given = inner.argument(call, item.type_param)
                type_param = self._param(given, call.lineno) if given is not None else None
            made.append(Made(item.exception_type, param, worded, item.raised_at or raised_at, type_param, item.params))
        return made

    def _param(self, expr: ast.expr | None, line: int) -> str | None:
        """The parameter `expr` is, when it still holds the argument at `line`."""
        if not isinstance(expr, ast.Name) or expr.id not in self.scope.params:
            return None
        return None if self.scope.reaching(expr.id, line, ()) else expr.id

    def _type(self, target: ast.expr) -> tuple[str | None, str | None]:
        parts = dotted(target)
        type_param = None
        if parts and len(parts) == 1 and parts[0] in self.scope.params:
            # def fail(self, msg, exc=TemplateSyntaxError): `raise exc(msg)`, unless a caller names another.
            type_param = parts[0]
            default = self.scope.params[parts[0]]
            parts = dotted(default) if default is not None else None
        if not parts:
            return None, None
        if parts[0] in ("self", "cls"):
            if len(parts) != 2 or self.owner is None:
                return None, None
            return attribute_type(self.index, self.owner.qualname, parts[1]), None
        imported = self.scope.imported(parts[0])
        resolver = self.index.resolver
        if imported is not None:
            qualified: str | None = resolver.canonical(".".join([imported, *parts[1:]]))
        else:
            qualified = resolver.qualify(parts, self.scope.info, local_names=self.scope.local_names())
        if qualified is None or resolver.is_function(qualified) or not qualified.rsplit(".", 1)[-1][:1].isupper():
            return None, None
        return qualified, type_param


def _arguments(call: ast.Call) -> list[ast.expr]:
    return [*call.args, *(k.value for k in call.keywords)]


def _message_argument(call: ast.Call) -> ast.expr | None:
    if call.args and not isinstance(call.args[0], ast.Starred):
        return call.args[0]
    return next((k.value for k in call.keywords if k.arg in ("message", "msg", "detail", "reason")), None)


def written_here(expr: ast.expr) -> bool:
    """Whether an argument is worded where it is written: cheap, before any helper is looked for."""
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, str) and any(ch.isalpha() for ch in expr.value)
    if isinstance(expr, ast.JoinedStr):
        return True
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mod | ast.Add):
        return written_here(expr.left) or written_here(expr.right)
    if isinstance(expr, ast.Call):
        func = expr.func
        if isinstance(func, ast.Attribute) and func.attr == "format":
            return written_here(func.value)
        # _("..."), pgettext("context", "..."), ValueError("..."): the text is a first or second argument.
        return any(written_here(arg) for arg in expr.args[:2])
    return False


def fail_raise(helper: ClassInfo) -> HelperRaise | None:
    """The raise of a class's `fail()` that carries the message: its last (earlier ones guard a missing key)."""
    fail = helper.fail
    if fail is None:
        return None
    raises = [node for node in ast.walk(fail) if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)]
    if not raises:
        return None
    function = f"{helper.qualname[len(helper.module.name) + 1 :]}.{fail.name}"
    return HelperRaise(helper.module, function, max(raises, key=lambda node: node.lineno), span(fail))

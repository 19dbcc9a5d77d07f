"""Whether a call made before a raise may raise the same type (issue 29, "how to trigger it"): a test that asserts
a type alone (`assertRaises(LayerMapError)` around `LayerMapping(...)`) triggers a raise in the function it calls
only when nothing that function calls first, on a path to the raise, may raise that type or a subclass; else the
test may meet that earlier raise (`check_layer()`'s) and says nothing of which.

A call is followed through the package's own definitions (`self.m()` by the method's class, `f()` by a name it
defines once), MAX_LEVELS levels down, each function read once (`Callees`). A builtin, or a name the package
defines nowhere and the module imports from elsewhere, runs none of the package's raises. A type Python itself
raises (`ValueError`, `TypeError`) may come from any call; a type the package does not define (`pickle.
UnpicklingError`) from any call of code from elsewhere (`pickle.loads`, an inherited `self.load()`). Whatever is not
decided (a name defined twice, a callable held in a variable, a raise of a computed class, too many levels) may
raise: say less."""

import ast
import builtins
from collections.abc import Callable
from typing import TYPE_CHECKING

from kb.harvest.evidence.met import Callees, Function
from kb.harvest.evidence.values import BUILTIN_NAMES
from kb.text import breadth

if TYPE_CHECKING:
    from kb.harvest.evidence.triggers import _TypeTree

MAX_LEVELS = 3  # calls followed below the function the test calls
MAX_FUNCTIONS = 40  # functions read for one raise
MAX_DEFINITIONS = 6  # the definitions of one name read for a call on a receiver not known (`x.search(...)`)
_SAID_BY_CODE = frozenset({"NotImplementedError", "AssertionError"})
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_LITERALS = (ast.Constant, ast.JoinedStr, ast.List, ast.Tuple, ast.Dict, ast.Set)
Caught = Callable[[ast.Try | ast.TryStar], bool]


class RaisesBefore:
    """Answers `clear`, with what each function raises and calls read once."""

    def __init__(self, types: "_TypeTree", callees: Callees) -> None:
        self.types = types
        self.callees = callees
        self.read: dict[tuple[str, str, tuple], tuple[set[str], bool, list[ast.Call], Function, bool] | None] = {}
        self.memo: dict[tuple[str, str, tuple[str, ...], int], bool] = {}
        self.tops: set[str] | None = None  # the package's top-level modules and folders (`_own`)
        self.bound: dict[int, set[str]] = {}  # by the id of a function's node: `_bound_in`
        self.budget = MAX_FUNCTIONS  # functions still to read for the raise `clear` is asked about

    def clear(self, path: str, qualname: str, line: int, asserted: tuple[str, ...]) -> bool:
        """Whether no call before line `line` of the function, on a path to it, may raise a type that fits."""
        parsed = self.callees.function(path, qualname, line)
        if parsed is None:
            return False
        function, shift, method = parsed
        calls = _calls_before(function.body, line - shift, self._catcher(asserted))
        if calls is None:
            return False
        if calls and any(_python_raises(t) for t in asserted):
            return False  # `int(x)` may raise the ValueError itself
        self.budget = MAX_FUNCTIONS
        return not any(self._may(call, path, qualname, function, method, asserted, 0) for call in calls)

    def _may(
        self, call: ast.Call, path: str, qualname: str, caller: Function, method: bool, asserted: tuple, depth: int
    ) -> bool:
        """Whether the call, made in `caller` (`qualname` of `path`), may raise a type that fits."""
        func = call.func
        if isinstance(func, ast.Attribute):
            base = func.value
            if isinstance(base, _LITERALS):
                return False  # `"...".format(...)`: a builtin's method
            if isinstance(base, ast.Name) and method and base.id in ("self", "cls") and base.id == _first(caller):
                return self._method(qualname.split(".")[-2], func.attr, asserted, depth)
            if isinstance(base, ast.Call) and isinstance(base.func, ast.Name) and self._class(base.func.id):
                return self._method(base.func.id, func.attr, asserted, depth)  # `Q(...).check(...)`
            if isinstance(base, ast.Name) and self._foreign(path, caller, base.id):
                return self.types.outside(asserted)  # `os.path.join(...)`, `pickle.loads(...)`
            return self._any_named(func.attr, asserted, depth)
        if not isinstance(func, ast.Name):
            return True
        name = func.id
        if self._foreign(path, caller, name):
            return self.types.outside(asserted)
        if name in self._bound(caller):
            return True  # a callable held in a variable
        if name in BUILTIN_NAMES and not self.callees.shadowed(path, name):
            return False
        if self._class(name):
            init = self.types.owner(f"{name}.__init__")  # a class: its constructor
            if not self.types.plainly_built(name):
                return True
            return len(self.types.located.get(init, [])) == 1 and self._below(init, asserted, depth)
        if self.types.definitions.get(name, 0) != 1:
            # A name the package defines nowhere and no import binds: from elsewhere (a star import), unless Python's.
            elsewhere = not hasattr(builtins, name) and self.types.outside(asserted)
            return self.types.definitions.get(name, 0) > 0 or elsewhere
        return self._below(name, asserted, depth)

    def _class(self, name: str) -> bool:
        """A class the package defines once (no function of that name)."""
        return self.types.definitions.get(name, 0) == 1 and name not in self.types.located

    def _method(self, cls: str, method: str, asserted: tuple, depth: int) -> bool:
        """`cls.method`, by the class that defines it; a method defined nowhere in the package is an attribute
        holding a callable from elsewhere (`self.transaction_decorator(...)`), else undecided."""
        owner = self.types.owner(f"{cls}.{method}")
        if self.types.definitions.get(cls, 0) == 1 and len(self.types.located.get(owner, [])) == 1:
            return self._below(owner, asserted, depth)
        return self.types.definitions.get(method, 0) > 0 or self.types.outside(asserted)

    def _any_named(self, name: str, asserted: tuple, depth: int) -> bool:
        """Whether any function or method of that name in the package may raise the type: the receiver is not
        known (`self.regex.search(...)`), so each definition is one it may be; a few at most."""
        found = self.types.located.get(name, [])
        if self.types.definitions.get(name, 0) != len(found):
            return True  # a class of that name too
        found = [where for where in found if where[2]]  # a function nested in another is no attribute
        if len(found) > MAX_DEFINITIONS:
            return True
        return any(self._below(where[2], asserted, depth, where) for where in found)

    def _foreign(self, path: str, caller: Function, name: str) -> bool:
        """Whether the name is bound only by an import from outside the package (in the module or the function)."""
        imports: list[ast.AST] = [
            n for n in breadth.walk(caller) if isinstance(n, (ast.Import, ast.ImportFrom)) and _binds(n, name)
        ]
        if not imports:
            bindings = self.callees._bindings(path) or {}
            if name in self._bound(caller):
                return False
            imports = bindings.get(name, [])
        return bool(imports) and all(isinstance(n, (ast.Import, ast.ImportFrom)) and not self._own(n) for n in imports)

    def _bound(self, function: Function) -> set[str]:
        if id(function) not in self.bound:
            self.bound[id(function)] = _bound_in(function)
        return self.bound[id(function)]

    def _own(self, node: ast.Import | ast.ImportFrom) -> bool:
        """An import from the package: relative, or of one of its top-level modules or folders."""
        if self.tops is None:
            self.tops = {self.callees.prefix[0]} if self.callees.prefix else set()
            self.tops.update(w[0].split("/")[0].removesuffix(".py") for ws in self.types.located.values() for w in ws)
        if isinstance(node, ast.ImportFrom):
            return node.level > 0 or (node.module or "").split(".")[0] in self.tops
        return any(alias.name.split(".")[0] in self.tops for alias in node.names)

    def _below(self, key: str, asserted: tuple, depth: int, where: tuple[str, int, str] | None = None) -> bool:
        """Whether the package's function `key` (`name` or `Class.method`, defined once, or at `where`) may raise a
        type that fits."""
        if where is None:
            found = self.types.located.get(key, [])
            if len(found) != 1:
                return True
            [where] = found
        relative, line, qualname = where
        path = "/".join([*self.callees.prefix, relative])
        memo = (path, qualname, asserted, depth)
        if memo in self.memo:
            return self.memo[memo]
        self.budget -= 1
        read = self._read(path, qualname, line + 1, asserted) if self.budget >= 0 and depth < MAX_LEVELS else None
        if read is None:
            return True
        raised, dynamic, calls, function, method = read
        self.memo[memo] = True  # a recursion met again: said to raise, until known
        found_raise = (
            dynamic
            or any(self.types.fits(asserted, name) for name in raised)
            or any(self._may(call, path, qualname, function, method, asserted, depth + 1) for call in calls)
        )
        self.memo[memo] = found_raise
        return found_raise

    def _read(
        self, path: str, key: str, line: int, asserted: tuple
    ) -> tuple[set[str], bool, list[ast.Call], Function, bool] | None:
        """(the classes its raises name, whether one raises a computed class, its calls whose raise of the type
        may leave it, its node, whether a method)."""
        if (path, key, asserted) not in self.read:
            parsed = self.callees.function(path, key, line)
            if parsed is None:
                self.read[(path, key, asserted)] = None
            else:
                function, _, method = parsed
                raised, dynamic = _raised(function)
                calls = _calls(function.body, self._catcher(asserted))
                self.read[(path, key, asserted)] = (raised, dynamic, calls, function, method)
        return self.read[(path, key, asserted)]

    def _catcher(self, asserted: tuple) -> "Caught":
        """Whether a `try`'s handlers keep the type from leaving it: one catches it (or a base; a bare `except`)
        and none raises again what it caught."""

        def caught(statement: ast.Try | ast.TryStar) -> bool:
            for handler in statement.handlers:
                if _raises_again(handler):
                    return False
            for handler in statement.handlers:
                names = _handled_names(handler.type)
                if names is not None and all(self.types.fits(names, t) for t in asserted):
                    return True
            return False

        return caught


def _python_raises(name: str) -> bool:
    """A builtin type Python's own operations raise (not one only code says), or `Exception` itself."""
    return isinstance(getattr(builtins, name, None), type) and name not in _SAID_BY_CODE and "Warning" not in name


def _calls_before(body: list[ast.stmt], line: int, caught: Caught) -> list[ast.Call] | None:
    """The calls made before `line` on a path to it: the statements above it, the tests of the `if`s around it
    (not their other branch), the whole of a loop around it (an earlier round runs all of it), a `try`'s body
    above its handlers. None when the line is in a nested function."""
    found: list[ast.Call] = []
    for statement in body:
        if statement.lineno > line:
            break
        if (statement.end_lineno or statement.lineno) < line:
            found.extend(_on_the_way(statement, caught))
            continue
        if isinstance(statement, ast.If):
            inside = _calls_before(statement.body if _holds(statement.body, line) else statement.orelse, line, caught)
            return None if inside is None else [*found, *_calls([statement.test], caught), *inside]
        if isinstance(statement, _LOOPS):
            return [*found, *_calls([statement], caught)]
        if isinstance(statement, (ast.With, ast.AsyncWith)):
            inside = _calls_before(statement.body, line, caught)
            return (
                None
                if inside is None
                else [*found, *_calls([i.context_expr for i in statement.items], caught), *inside]
            )
        if isinstance(statement, (ast.Try, ast.TryStar)):
            return _in_try(statement, line, found, caught)
        if isinstance(statement, ast.Raise):
            exc = statement.exc
            args = [*exc.args, *(k.value for k in exc.keywords)] if isinstance(exc, ast.Call) else []
            return [*found, *_calls(args, caught)]  # the message's own calls; the class's constructor is the raise
        if isinstance(statement, (*_NESTED, ast.ClassDef, ast.Match)):
            return None
        return [*found, *_calls([statement], caught)]
    return found


def _on_the_way(statement: ast.stmt, caught: Caught) -> list[ast.Call]:
    """The calls of a statement above the raise that the way to it may make: not a branch of an `if` that always
    leaves by a `return` or a `raise` (DRF's `get_template_names()` returns `view.get_template_names()` in one)."""
    if not isinstance(statement, ast.If):
        return _calls([statement], caught)
    found = _calls([statement.test], caught)
    for branch in (statement.body, statement.orelse):
        if branch and not isinstance(branch[-1], (ast.Return, ast.Raise)):
            found.extend(call for inner in branch for call in _on_the_way(inner, caught))
    return found


def _in_try(
    statement: ast.Try | ast.TryStar, line: int, found: list[ast.Call], caught: Caught
) -> list[ast.Call] | None:
    if _holds(statement.body, line):
        inside = _calls_before(statement.body, line, caught)
        return None if inside is None else [*found, *inside]
    ran = [] if caught(statement) else _calls(statement.body, caught)  # caught there, it never leaves
    for handler in statement.handlers:
        if _holds(handler.body, line):
            inside = _calls_before(handler.body, line, caught)
            return None if inside is None else [*found, *ran, *inside]
    if _holds(statement.orelse, line):
        inside = _calls_before(statement.orelse, line, caught)
        return None if inside is None else [*found, *ran, *inside]
    inside = _calls_before(statement.finalbody, line, caught)
    everything = _calls([*statement.handlers, *statement.orelse], caught)
    return None if inside is None else [*found, *ran, *everything, *inside]


def _holds(body: list[ast.stmt], line: int) -> bool:
    return bool(body) and body[0].lineno <= line <= (body[-1].end_lineno or body[-1].lineno)


def _calls(nodes: list, caught: Caught) -> list[ast.Call]:
    """The calls the nodes make when they run whose raise of the type may leave them: a nested function's body runs
    later (its decorators and defaults now); a `try` whose handlers catch the type keeps its body's (`caught`)."""
    found: list[ast.Call] = []
    stack = list(nodes)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Call):
            found.append(node)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            stack.extend([*node.decorator_list, *node.args.defaults, *node.args.kw_defaults])
            continue
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, (ast.Try, ast.TryStar)) and caught(node):
            stack.extend([*node.handlers, *node.orelse, *node.finalbody])
            continue
        stack.extend(n for n in ast.iter_child_nodes(node) if n is not None)
    return found


def _raised(function: Function) -> tuple[set[str], bool]:
    """The class names the function's raises name (an `assert` raises AssertionError), and whether one raises
    something else (`raise self.error_class(...)`); a bare `raise` re-raises what a call raised."""
    names: set[str] = set()
    dynamic = False
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, _NESTED):
            continue
        if isinstance(node, ast.Assert):
            names.add("AssertionError")
        if isinstance(node, ast.Raise) and node.exc is not None:
            exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            name = exc.attr if isinstance(exc, ast.Attribute) else exc.id if isinstance(exc, ast.Name) else ""
            if name[:1].isupper():
                names.add(name)
            elif not _handled(function, name):
                dynamic = True
        stack.extend(ast.iter_child_nodes(node))
    return names, dynamic


def _raises_again(handler: ast.ExceptHandler) -> bool:
    """Whether the handler raises again what it caught (a bare `raise`, `raise error`)."""
    for node in breadth.walk(handler):
        if isinstance(node, ast.Raise) and (
            node.exc is None or (isinstance(node.exc, ast.Name) and node.exc.id == handler.name)
        ):
            return True
    return False


def _handled_names(caught: ast.expr | None) -> tuple[str, ...] | None:
    """The classes an `except` names (`BaseException` for a bare one); None when it names something else."""
    if caught is None:
        return ("BaseException",)
    found = caught.elts if isinstance(caught, ast.Tuple) else [caught]
    names = [n.attr if isinstance(n, ast.Attribute) else n.id if isinstance(n, ast.Name) else "" for n in found]
    return tuple(names) if all(names) else None


def _handled(function: Function, name: str) -> bool:
    """Whether `name` is an `except ... as name` of the function: raising it re-raises what a call raised."""
    return bool(name) and any(isinstance(n, ast.ExceptHandler) and n.name == name for n in breadth.walk(function))


def _binds(node: ast.Import | ast.ImportFrom, name: str) -> bool:
    return any((alias.asname or alias.name).split(".")[0] == name for alias in node.names)


def _bound_in(function: Function) -> set[str]:
    """The names the function binds other than by an import: its parameters, assignments, nested definitions."""
    names = {p.arg for p in breadth.walk(function.args) if isinstance(p, ast.arg)}
    for node in breadth.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node is not function:
            names.add(node.name)
    return names


def _first(function: Function) -> str:
    parameters = [*function.args.posonlyargs, *function.args.args]
    return parameters[0].arg if parameters else ""

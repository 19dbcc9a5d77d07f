"""Which raise of the function a test calls its call meets, from the call's literal arguments (issue 29, "how to
trigger it"): `pytest.raises(ValueError)` around `parse("x")`, where `parse` raises ValueError in three places.

The arguments are bound to the callee's parameters as Python binds them (positional, keyword, defaults; a call
Python would refuse is not evaluated), then the callee's body is walked in execution order: an `if` goes the way
its test evaluates (`values.Evaluator`), an `assert` raises when its test is false, and the walk ends at the first
`raise` or `return`. The raise met is the answer only when every test on the way evaluates definitely and
nothing before it may raise itself: only docstrings, `pass`, assignments of evaluable values, `if`s and (unless
the test asserts an `ImportError`) relative imports of the package's own modules come before it. A call, a loop,
a `try`, a `with` or any other statement on the way makes the answer unknown (None): say less rather than
something false. Linear in the function's size: each statement is read at most once."""

import ast
import builtins
import re
from collections.abc import Callable
from pathlib import Path

from kb.harvest.evidence.assertions import functions_around, parse_at
from kb.harvest.evidence.invocations import Invocation
from kb.harvest.evidence.values import (
    BUILTIN_NAMES,
    UNKNOWN,
    Evaluator,
    PackageClass,
    PackageFunction,
    immutable,
    literal,
    truth,
)
from kb.harvest.reading.files import Caps, Refused, read_text, real_root
from kb.text import breadth

MAX_NAMES = 64  # names bound in one walk; more is not evaluated
MAX_DEPTH = 12  # nested `if`s walked into
MAX_STATEMENTS = 400  # statements walked in one function
_PLAIN = (ast.Constant, ast.Name)
_WRAPPERS = {"staticmethod", "classmethod"}

Function = ast.FunctionDef | ast.AsyncFunctionDef


class Callees:
    """The package's functions that hold raise sites, each parsed alone from its file once (`assertions.
    functions_around`: the outermost `def` around the site's line, its decorators with it)."""

    def __init__(self, package: Path, prefix: str) -> None:
        self.package = package
        self.prefix = [part for part in prefix.strip("/").split("/") if part]
        self.caps = Caps.from_settings()
        self.root = real_root(package)
        self.texts: dict[str, tuple[str, list[str]] | None] = {}
        self.parsed: dict[tuple[str, str], tuple[Function, int, bool] | None] = {}
        self.shadowing: dict[tuple[str, str], bool] = {}
        self.modules: dict[str, dict[str, list[ast.AST]] | None] = {}

    def function(self, path: str, qualname: str, line: int) -> tuple[Function, int, bool] | None:
        """(the function `qualname` of `path` holding line `line`, the shift to the file's line numbers, whether it
        is a method), or None when it is nested in another function or cannot be read."""
        key = (path, qualname)
        if key not in self.parsed:
            self.parsed[key] = self._parse(path, qualname, line)
        return self.parsed[key]

    def _parse(self, path: str, qualname: str, line: int) -> tuple[Function, int, bool] | None:
        found = self._text(path)
        if found is None:
            return None
        text, lines = found
        if not 0 < line <= len(lines):
            return None
        offset = sum(len(row) + 1 for row in lines[: line - 1])
        around = functions_around(text, [offset], lines)
        if len(around) != 1:
            return None
        [((first, last), name)] = around.items()
        if name != qualname:
            return None  # a function nested in another: the test cannot call it
        node, shift = _with_decorators(lines, first, last)
        if node is None:
            return None
        return node, shift, "." in qualname

    def relative(self, path: str) -> str:
        """A site's path as the package's files are read (relative to the package: its prefix taken off)."""
        parts = path.split("/")
        if self.prefix and parts[: len(self.prefix)] == self.prefix:
            parts = parts[len(self.prefix) :]
        return "/".join(parts)

    def source(self, path: str) -> str | None:
        """The text of the package's module at `path` (as the sites write it), or None when it holds none."""
        found = self._text(path)
        return found[0] if found is not None else None

    def _text(self, path: str) -> tuple[str, list[str]] | None:
        if path not in self.texts:
            parts = self.relative(path).split("/")
            try:
                text = read_text(self.package.joinpath(*parts), root=self.root, cap=self.caps.file_bytes)
            except (Refused, OSError, ValueError):
                self.texts[path] = None
            else:
                self.texts[path] = (text, text.split("\n"))
        return self.texts[path]

    def shadowed(self, path: str, name: str) -> bool:
        """Whether the module binds a builtin's name again at its top level (`def len`, `from x import str`)."""
        key = (path, name)
        if key not in self.shadowing:
            found = self._text(path)
            defined = rf"(?:async[ \t]+)?def[ \t]+{name}\b|class[ \t]+{name}\b|{name}[ \t]*[:=]"
            pattern = re.compile(rf"^(?:{defined}|.*\bimport\b.*\b{name}\b)", re.MULTILINE)
            self.shadowing[key] = found is None or pattern.search(found[0]) is not None
        return self.shadowing[key]

    def outer(self, path: str, name: str, package_class: Callable[[str], bool]) -> object:
        """What a name the function does not bind stands for in its module: a literal bound once at the module's
        top level (`CSRF_SECRET_LENGTH = 32`), a `PackageClass` the module defines or imports from the package, a
        `PackageFunction` it defines; else UNKNOWN."""
        bindings = self._bindings(path) or {}
        found = bindings.get(name, [])
        if len(found) != 1:
            return UNKNOWN
        [node] = found
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            value = literal(node.value)
            return value if immutable(value) else UNKNOWN
        if isinstance(node, ast.ClassDef) and (package_class(name) or self._instance_free(path, node, package_class)):
            return PackageClass(name)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return PackageFunction(name)
        if isinstance(node, ast.ImportFrom) and self._own(node):
            original = _original(node, name)
            return PackageClass(original) if package_class(original) else UNKNOWN
        if isinstance(node, ast.ImportFrom) and node.level == 0 and "*" not in bindings:  # `from pathlib import Path`
            original = _original(node, name)
            return PackageClass(original) if original in _TYPE_CHECKED.get(node.module or "", ()) else UNKNOWN
        return UNKNOWN

    def _instance_free(
        self, path: str, node: ast.ClassDef, package_class: Callable[[str], bool], depth: int = 0
    ) -> bool:
        """Whether no literal is an instance of the module's class `node`, though calling it may run more than its
        `__init__`: `isinstance(x, C)` asks C's metaclass, and `type`'s answer is whether C is in the type of x's
        MRO, which for a literal holds builtins only. So: no decorator (it may bind another object), no metaclass
        named, and each base `object`, a builtin, a class of the package no literal is an instance of, another such
        class of the module, or a standard-library base whose metaclass keeps `type`'s check (`_TYPE_CHECKED`:
        `class OGREnvelope(Structure)`, django/contrib/gis/gdal/envelope.py:22)."""
        bindings = self._bindings(path) or {}
        if node.decorator_list or node.keywords or depth > MAX_BASES or "*" in bindings:
            return False  # a `*` import may bind a base's name again, out of sight
        for base in node.bases:
            if isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name):
                found = bindings.get(base.value.id, [])
                if not (len(found) == 1 and _imports_module(found[0], base.value.id)):
                    return False
                if base.attr not in _TYPE_CHECKED.get(base.value.id, ()):
                    return False
                continue
            if not isinstance(base, ast.Name):
                return False
            found = bindings.get(base.id, [])
            if not found and (base.id == "object" or _is_builtin_type(base.id)):
                continue
            if len(found) != 1:
                return False
            [bound] = found
            if isinstance(bound, ast.ClassDef):
                if not (package_class(base.id) or self._instance_free(path, bound, package_class, depth + 1)):
                    return False
            elif isinstance(bound, ast.ImportFrom) and bound.level == 0:
                if _original(bound, base.id) not in _TYPE_CHECKED.get(bound.module or "", ()):
                    return False
            else:
                return False
        return True

    def _own(self, node: ast.ImportFrom) -> bool:
        """An import from the package itself (relative, or under its top folder)."""
        return node.level > 0 or bool(self.prefix and (node.module or "").split(".")[0] == self.prefix[0])

    def _bindings(self, path: str) -> dict[str, list[ast.AST]] | None:
        """The module's top-level bindings by name (inside top-level `if`/`try` blocks too); a name some function
        declares `global` is bound twice, so never taken."""
        if path not in self.modules:
            found = self._text(path)
            try:
                tree = ast.parse(found[0]) if found is not None else None
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                tree = None
            self.modules[path] = _top_level(tree) if tree is not None else None
        return self.modules[path]


MAX_BASES = 8  # a module's classes followed down one lineage

# Standard-library classes whose metaclass keeps `type`'s instance check (no `__instancecheck__` of its own, checked
# by tests/harvest/test_isinstance_of_a_standard_library_class.py) and that no builtin type derives from: a literal
# is an instance of none of them nor of their subclasses. An ABC (ABCMeta's `register`: `numbers`, `collections.
# abc`, `fractions`), a Protocol or an Enum is not among them.
_TYPE_CHECKED: dict[str, frozenset[str]] = {
    "ctypes": frozenset({"Structure", "Union", "BigEndianStructure", "LittleEndianStructure"}),
    "pathlib": frozenset({"Path", "PurePath", "PosixPath", "WindowsPath", "PurePosixPath", "PureWindowsPath"}),
    "decimal": frozenset({"Decimal"}),
    "datetime": frozenset({"date", "datetime", "time", "timedelta", "timezone", "tzinfo"}),
    "uuid": frozenset({"UUID"}),
}


def _is_builtin_type(name: str) -> bool:
    return isinstance(getattr(builtins, name, None), type)


def _original(node: ast.ImportFrom, name: str) -> str:
    """The name the module imported from gives what the statement binds as `name` (`from a import B as C`: B)."""
    return next(alias.name for alias in node.names if (alias.asname or alias.name) == name)


def _imports_module(node: ast.AST, name: str) -> bool:
    """`import ctypes`: the statement binds `name` to the top-level module of that name."""
    return isinstance(node, ast.Import) and any(alias.name == name and alias.asname is None for alias in node.names)


def _top_level(tree: ast.Module) -> dict[str, list[ast.AST]]:
    bindings: dict[str, list[ast.AST]] = {}
    blocks: list[list[ast.stmt]] = [tree.body]
    while blocks:
        for node in blocks.pop():
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                bindings.setdefault(node.name, []).append(node)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    bindings.setdefault((alias.asname or alias.name).split(".")[0], []).append(node)
            elif isinstance(node, (ast.If, ast.Try, ast.For, ast.While, ast.With)):
                blocks.extend(
                    [node.body, getattr(node, "orelse", []), *(h.body for h in getattr(node, "handlers", []))]
                )
                blocks.append(getattr(node, "finalbody", []))
            for child in breadth.walk(node) if not isinstance(node, (ast.ClassDef, ast.Import, ast.ImportFrom)) else ():
                if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store):
                    if isinstance(node, (ast.Assign, ast.AnnAssign)) and child in _targets(node):
                        bindings.setdefault(child.id, []).append(node)
                    elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        bindings.setdefault(child.id, []).append(child)
                elif isinstance(child, (ast.Global, ast.Nonlocal)):
                    for name in child.names:
                        bindings.setdefault(name, []).extend([child, child])
    return bindings


def _targets(node: ast.Assign | ast.AnnAssign) -> list[ast.expr]:
    return node.targets if isinstance(node, ast.Assign) else [node.target]


def _with_decorators(lines: list[str], first: int, last: int) -> tuple[Function | None, int]:
    """The `def` on lines first..last with the decorators right above it, which the walk must see."""
    top = first
    while top > 1 and lines[top - 2].lstrip().startswith("@") and top > first - 12:
        top -= 1
    for start in (top, first) if top < first else (first,):
        node, shift = parse_at(lines, start, last)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.lineno + shift == first:
            return node, shift
    return None, 0


def _called(
    invocation: Invocation,
    callees: Callees,
    path: str,
    qualname: str,
    line: int,
    package_class: Callable[[str], bool],
    instance: str | None = None,
) -> tuple[Function, int, dict, Callable[[str], object]] | None:
    """(the called function holding `line`, the shift to the file's line numbers, its parameters bound to the
    invocation's arguments, how a name outside it is read), or None when the function or its binding is unknown."""
    parsed = callees.function(path, qualname, line)
    if parsed is None:
        return None
    function, shift, method = parsed

    def outer(name: str) -> object:
        return callees.outer(path, name, package_class)

    env = _bound(function, invocation, method=method, outer=outer)
    if env is not None and instance is not None and method and _own_class_read(function):
        env["self.__class__"] = PackageClass(instance)
    return None if env is None else (function, shift, env, outer)


def _own_class_read(function: Function) -> bool:
    """Whether `self.__class__` in the method is the class of the instance it was called on: its first parameter
    is `self`, a plain method's, and the method neither rebinds `self` nor sets its `__class__`."""
    positional = [*function.args.posonlyargs, *function.args.args]
    if not positional or positional[0].arg != "self" or function.decorator_list:
        return False
    for node in breadth.walk(function):
        if isinstance(node, ast.Name) and node.id == "self" and not isinstance(node.ctx, ast.Load):
            return False
        if isinstance(node, ast.Attribute) and node.attr == "__class__" and not isinstance(node.ctx, ast.Load):
            return False
    return True


def _evaluator(function: Function, env: dict, callees: Callees, path: str, outer: Callable[[str], object]) -> Evaluator:
    """The evaluator of the called function's code over `env`: its locals unknown, a builtin it shadows unknown."""
    return Evaluator(
        env, frozenset(_locals(function)), lambda name: name in BUILTIN_NAMES and callees.shadowed(path, name), outer
    )


def met_line(
    invocation: Invocation,
    callees: Callees,
    path: str,
    qualname: str,
    line: int,
    package_class: Callable[[str], bool] = lambda name: False,
    instance: str | None = None,
    past_imports: bool = False,
) -> int | None:
    """The line of `path` whose `raise` (or failing `assert`) the invocation definitely meets first in the function
    `qualname` (the one holding `line`), or None. `package_class` tells the package's classes no literal is an
    instance of; `instance`, the class (one of those) of the instance the test built and calls the method on;
    `past_imports`, whether a relative import on the way is walked past (`_Walk`)."""
    called = _called(invocation, callees, path, qualname, line, package_class, instance)
    if called is None:
        return None
    function, shift, env, outer = called
    walk = _Walk(_evaluator(function, env, callees, path, outer), past_imports)
    outcome = walk.run(function.body, 0)
    if isinstance(outcome, (ast.Raise, ast.Assert)):
        return outcome.lineno + shift
    return None


def tag_met_line(contents: str, callees: Callees, path: str, qualname: str, line: int) -> int | None:
    """The line of `path` whose `raise` the template tag's compile function (`qualname`, holding `line`) definitely
    meets first, given the tag written `{% <contents> %}`, or None. The function is called as Django's parser calls
    it, `(parser, token)`: `token.contents` is the text between the braces, stripped, and `token.contents.split()`
    its words; `token.split_contents()` is those words too when the text has no quotes (quoted strings stay
    whole, `_("...")` is translated: not evaluated). Nothing else of `parser` or `token` is known."""
    parsed = callees.function(path, qualname, line)
    if parsed is None:
        return None
    function, shift, method = parsed
    positional = [*function.args.posonlyargs, *function.args.args]
    if method or isinstance(function, ast.AsyncFunctionDef) or generates(function) or len(positional) != 2:
        return None
    if function.args.vararg or function.args.kwarg or function.args.kwonlyargs:
        return None
    if not all(_registers_a_tag(decorator) for decorator in function.decorator_list):
        return None  # a decorator that wraps the function may run first, and raise
    token = positional[1].arg
    if token in _rebound(function):
        return None
    words = contents.split()
    known: dict[str, object] = {f"{token}.contents": contents, f"{token}.contents.split()": words}
    if not any(quote in contents for quote in "'\""):
        known[f"{token}.split_contents()"] = words
    env: dict[str, object] = {positional[0].arg: UNKNOWN, token: UNKNOWN}

    def outer(name: str) -> object:
        return callees.outer(path, name, lambda name: False)

    evaluator = _evaluator(function, env, callees, path, outer)
    evaluator.known = known
    outcome = _Walk(evaluator).run(function.body, 0)
    if isinstance(outcome, (ast.Raise, ast.Assert)):
        return outcome.lineno + shift
    return None


def _registers_a_tag(decorator: ast.expr) -> bool:
    """`@register.tag`, `@register.tag("name")`, `@register.tag(name="name")`: a library's registration, which
    hands the parser the function itself."""
    if isinstance(decorator, ast.Call):
        decorator = decorator.func
    return isinstance(decorator, ast.Attribute) and decorator.attr == "tag" and isinstance(decorator.value, ast.Name)


def _bound(
    function: Function, invocation: Invocation, *, method: bool, outer: Callable[[str], object]
) -> dict[str, object] | None:
    """The parameters' values for this call, or None when it is not evaluated: an async function or a generator
    (calling it runs nothing), a decorator that may run first, a call Python would refuse, a receiver that does not
    fit the function's kind."""
    if isinstance(function, ast.AsyncFunctionDef) or generates(function):
        return None
    decorators = [d.id if isinstance(d, ast.Name) else "" for d in function.decorator_list]
    if any(d not in _WRAPPERS for d in decorators) or len(decorators) > 1:
        return None
    kind = decorators[0] if decorators else ("method" if method else "function")
    receiver = invocation.receiver
    if not method and (kind != "function" or receiver in ("built", "class")):
        return None
    if method and receiver == "" and function.name != "__init__":
        return None  # a bare `parse(x)` is not a method
    if kind == "method" and receiver == "class":
        return None  # `Parser.parse(x)` passes its own `self`
    if function.name == "__init__" and receiver != "":
        return None  # `Parser(...)` builds; `x.__init__(...)` is not a test's call
    first: tuple[object, ...] = (UNKNOWN,) if kind in ("method", "classmethod") else ()
    return bind(function.args, (*first, *invocation.args), invocation.keywords, outer)


def bind(
    arguments: ast.arguments,
    args: tuple[object, ...],
    keywords: tuple[tuple[str, object], ...],
    outer: Callable[[str], object] = lambda name: UNKNOWN,
) -> dict | None:
    """Python's binding of a call's arguments to the parameters, over literal values (a default written as a name
    is what the module binds it to, `outer`); None where Python raises TypeError (too many, missing or unexpected
    arguments) or where the parameters are too many to follow."""
    positional = [*arguments.posonlyargs, *arguments.args]
    if len(positional) + len(arguments.kwonlyargs) > MAX_NAMES:
        return None
    env: dict[str, object] = {}
    for parameter, value in zip(positional, args, strict=False):
        env[parameter.arg] = value
    extra = args[len(positional) :]
    if extra and arguments.vararg is None:
        return None
    if arguments.vararg is not None:
        env[arguments.vararg.arg] = UNKNOWN if UNKNOWN in extra else tuple(extra)
    named = {p.arg for p in arguments.args} | {p.arg for p in arguments.kwonlyargs}
    rest: dict[str, object] = {}
    for name, value in keywords:
        if name in named and name not in env:
            env[name] = value
        elif arguments.kwarg is not None and name not in env and name not in rest:
            rest[name] = value
        else:
            return None  # given twice, or a name the function does not take
    if arguments.kwarg is not None:
        env[arguments.kwarg.arg] = UNKNOWN if UNKNOWN in rest.values() else rest
    defaulted = [p.arg for p in positional][len(positional) - len(arguments.defaults) :]
    defaults = dict(zip(defaulted, arguments.defaults, strict=True))
    kw_defaults = zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
    defaults.update((p.arg, d) for p, d in kw_defaults if d is not None)
    for parameter in [*positional, *arguments.kwonlyargs]:
        if parameter.arg not in env:
            if parameter.arg not in defaults:
                return None  # a missing argument: Python's own TypeError
            env[parameter.arg] = literal(defaults[parameter.arg], outer)
    return env


def generates(function: Function) -> bool:
    """Whether its own body yields (a generator's call runs nothing of it), nested functions aside."""
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return True
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))
    return False


def _locals(function: Function) -> set[str]:
    """The names the function binds (its own, not its nested functions'): none of them is a builtin there."""
    names = {p.arg for p in breadth.walk(function.args) if isinstance(p, ast.arg)}
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
            continue
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names.update(node.names)
        stack.extend(ast.iter_child_nodes(node))
    return names


class _Walk:
    """One walk of a function's body in execution order (see the module's docstring)."""

    def __init__(self, evaluator: Evaluator, past_imports: bool = False) -> None:
        self.evaluator = evaluator
        self.statements = 0
        self.past_imports = past_imports

    def run(self, body: list[ast.stmt], depth: int) -> ast.stmt | None:
        """The statement that ends the walk: a `raise` or a failing `assert` met, a `return`; else the end of the
        block (`_FALLS`); None when what comes next is unknown."""
        for index, statement in enumerate(body):
            self.statements += 1
            if self.statements > MAX_STATEMENTS or depth > MAX_DEPTH:
                return None
            if isinstance(statement, ast.Pass) or (index == 0 and _docstring(statement)):
                continue
            if isinstance(statement, (ast.Raise, ast.Return)):
                return statement
            if isinstance(statement, (ast.Assign, ast.AnnAssign)):
                if not self._assigned(statement):
                    return None
                continue
            if isinstance(statement, ast.ImportFrom) and statement.level and self.past_imports:
                if not self._imported(statement):
                    return None
                continue
            if isinstance(statement, ast.Assert):
                held = truth(self.evaluator.value(statement.test))
                if held is UNKNOWN:
                    return None
                if held is False:
                    return statement
                continue
            if isinstance(statement, ast.If):
                held = truth(self.evaluator.value(statement.test))
                if held is UNKNOWN:
                    return None
                ended = self.run(statement.body if held else statement.orelse, depth + 1)
                if ended is not _FALLS:
                    return ended
                continue
            return None  # a call, a loop, a `try`, a `with`, ...: it may raise, or change what follows
        return _FALLS

    def _imported(self, statement: ast.ImportFrom) -> bool:
        """Binds what a relative import names, as unknown values: `from ._cached import _wrapper` above `if cache is
        None: raise TypeError(...)` (cachetools 8.0.3's src/cachetools/__init__.py:865-868). The package's own
        module, imported inside the function to break an import cycle, is one the package cannot work without:
        it raises only an `ImportError`, which the caller leaves out by `past_imports`. A `*` import binds names
        unseen: not walked past."""
        names = [alias.asname or alias.name for alias in statement.names]
        if "*" in names or len(self.evaluator.env) + len(names) > MAX_NAMES:
            return False
        self.evaluator.env.update(dict.fromkeys(names, UNKNOWN))
        return True

    def _assigned(self, statement: ast.Assign | ast.AnnAssign) -> bool:
        """Binds `name = value` when the value is evaluable or cannot raise (a constant, a name); False otherwise."""
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        if statement.value is None or len(targets) != 1 or not isinstance(targets[0], ast.Name):
            return False
        value = self.evaluator.value(statement.value)
        if value is UNKNOWN and not isinstance(statement.value, _PLAIN):
            return False
        if len(self.evaluator.env) >= MAX_NAMES:
            return False
        self.evaluator.env[targets[0].id] = value
        return True


_FALLS = ast.Pass()  # the end of a block reached: the walk goes on after it


def _docstring(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)


def ruled_out(
    invocation: Invocation,
    callees: Callees,
    path: str,
    qualname: str,
    line: int,
    package_class: Callable[[str], bool] = lambda name: False,
) -> bool:
    """Whether the call can never meet the raise on `line` of the function it calls: an `if` around the raise goes
    the other way on the call's literal arguments (`Box()` and `elif args: raise BoxTypeError(...)`, python-box
    8.0.0's box/box.py:328-329). Only parameters the function never binds again, holding values nothing can
    change in place, are known; any other name is UNKNOWN, and an unknown test rules nothing out."""
    called = _called(invocation, callees, path, qualname, line, package_class)
    if called is None:
        return False
    function, shift, env, outer = called
    rebound = _rebound(function)
    env = {name: value for name, value in env.items() if name not in rebound and immutable(value)}
    evaluator = _evaluator(function, env, callees, path, outer)
    for test, taken in _guards(function.body, line - shift):
        if truth(evaluator.value(test)) is (not taken):
            return True
    return False


def _rebound(function: Function) -> set[str]:
    """The names the function's own body binds (a parameter given a new value, deleted, or declared global)."""
    names: set[str] = set()
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names.update(node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        stack.extend(ast.iter_child_nodes(node))
    return names


def _guards(body: list[ast.stmt], line: int) -> list[tuple[ast.expr, bool]]:
    """The tests of the `if`s around the statement on `line`, each with whether the statement is in its body
    (True) or its `else` (False); down through any block that holds the line. Linear: one statement per level."""
    found: list[tuple[ast.expr, bool]] = []
    block: list[ast.stmt] | None = body
    depth = 0
    while block and depth <= MAX_DEPTH * 4:
        depth += 1
        holding = next((s for s in block if s.lineno <= line <= (s.end_lineno or s.lineno)), None)
        if holding is None:
            break
        if isinstance(holding, ast.If) and holding.test.lineno <= line <= (holding.test.end_lineno or 0):
            break  # the line is the test itself
        blocks = [getattr(holding, name, None) or [] for name in ("body", "orelse", "finalbody")]
        blocks += [h.body for h in getattr(holding, "handlers", [])] + [c.body for c in getattr(holding, "cases", [])]
        inner = next((b for b in blocks if b and b[0].lineno <= line <= (b[-1].end_lineno or b[-1].lineno)), None)
        if isinstance(holding, ast.If) and inner is not None:
            found.append((holding.test, inner is holding.body))
        block = inner
    return found

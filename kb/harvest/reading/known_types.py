"""What type a value a caller hands on has, where the code shows it, and whether an `isinstance` test refuses it
(issue 29, round 19's card 15): `EmailMessage.attach_file()` calls `self.attach(path.name, ...)` with
`path = Path(path)`, a `str`, so it never reaches the raise under `if isinstance(filename, MIMEBase):`.

Known: a literal, an f-string, a display (`[...]`, `{...}`), a builtin constructor's call (`str(x)`), the `str`
parts of a `pathlib` path (`Path(p).name`) and a `__name__` or `__qualname__` (round 25's card 02:
`Library.filter_function(func)` hands on `func.__name__`), also through a local bound once to such a value.
Anything else is unknown: the caller is kept (say less rather than something false).

Not None (round 20's card 23, a raise under `if name is None:`): a value of a known type other than None, or a
parameter of the caller annotated with a type that excludes None (`bqual: str`), never re-bound there, handed to a
parameter whose own annotation admits None (an author who tests `ext: str` for None expects it anyway)."""

import ast
import builtins
import collections.abc
import numbers
import typing

from kb.harvest.reading.walked import nodes_of_kind

_BUILTIN_TYPES: dict[str, type] = {
    kind.__name__: kind
    for kind in (str, bytes, bytearray, int, float, complex, bool, list, tuple, dict, set, frozenset, range)
}
_DISPLAYS: dict[type, type] = {
    ast.JoinedStr: str,
    ast.List: list,
    ast.ListComp: list,
    ast.Tuple: tuple,
    ast.Dict: dict,
    ast.DictComp: dict,
    ast.Set: set,
    ast.SetComp: set,
}
_PATHS = frozenset({"Path", "PurePath", "PosixPath", "WindowsPath", "PurePosixPath", "PureWindowsPath"})
_PATH_TEXT = frozenset({"name", "stem", "suffix", "anchor", "drive", "root"})  # a pathlib path's `str` properties
_NAMES = frozenset({"__name__", "__qualname__"})
# Abstract classes a builtin value may be an instance of without naming them (`isinstance("x", Sequence)`).
_ABSTRACT = frozenset(
    {n for module in (collections.abc, numbers, typing) for n in dir(module) if n[:1].isupper()} | {"PathLike"}
)
MAX_NAMES = 8


def known_type(given: ast.expr, function: ast.AST | None, line: int, tree: ast.Module | None) -> type | None:
    """The exact type of `given`, an argument of a call on `line` of `function` (in the module `tree`), or None."""
    if isinstance(given, ast.Name):
        bound = _bound_once(function, given.id, line) if function is not None else None
        if bound is None:
            return None
        given = bound
    if isinstance(given, ast.Constant):
        return type(given.value)
    if (shown := _DISPLAYS.get(type(given))) is not None:
        return shown
    if isinstance(given, ast.Call) and isinstance(given.func, ast.Name) and given.func.id in _BUILTIN_TYPES:
        return _BUILTIN_TYPES[given.func.id] if not given.keywords or given.func.id == "dict" else None
    if isinstance(given, ast.Attribute) and given.attr in _NAMES:
        return str  # Python keeps a function's, class's or module's name a `str` (round 25's card 02)
    if isinstance(given, ast.Attribute) and given.attr in _PATH_TEXT:
        owner: ast.expr | None = given.value
        if isinstance(owner, ast.Name):  # `path.name` of `path = Path(path)`
            owner = _bound_once(function, owner.id, line) if function is not None else None
        return str if owner is not None and _is_path(owner, tree) else None
    return None


def _is_path(value: ast.expr, tree: ast.Module | None) -> bool:
    """`Path(...)` with `Path` imported from `pathlib` at the top of the module, or `pathlib.Path(...)`."""
    if not isinstance(value, ast.Call):
        return False
    called = value.func
    if isinstance(called, ast.Attribute):
        return called.attr in _PATHS and isinstance(called.value, ast.Name) and called.value.id == "pathlib"
    if not isinstance(called, ast.Name) or called.id not in _PATHS or tree is None:
        return False
    return any(
        isinstance(statement, ast.ImportFrom)
        and statement.module == "pathlib"
        and any((alias.asname or alias.name) == called.id and alias.name in _PATHS for alias in statement.names)
        for statement in tree.body[:200]
    )


def _bound_once(function: ast.AST, name: str, line: int) -> ast.expr | None:
    """The value of the one `name = value` statement of the function's own body above `line`, where nothing else
    binds `name` in the function (no second assignment, loop, `with ... as`); else None."""
    found: ast.expr | None = None
    for node in nodes_of_kind(function, ast.Name):
        if node.id == name and isinstance(node.ctx, (ast.Store, ast.Del)):
            if found is not None:
                return None
            found = node
        elif isinstance(node, (ast.arg, ast.alias, ast.ExceptHandler)) and _binds(node, name):
            if not _parameter(function, node):
                return None
    for statement in getattr(function, "body", []):  # on every way to the call: in the function's own body
        if isinstance(statement, ast.Assign) and statement.targets == [found] and statement.lineno < line:
            return statement.value
    return None


def _binds(node: ast.AST, name: str) -> bool:
    return (
        getattr(node, "arg", None) == name
        or getattr(node, "asname", None) == name
        or getattr(node, "name", None) == name
    )


def _parameter(function: ast.AST, node: ast.AST) -> bool:
    arguments = getattr(function, "args", None)
    if not isinstance(arguments, ast.arguments):
        return False
    return any(node is a for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs))


def refuses(kind: type, names: tuple[str, ...]) -> bool:
    """Whether `isinstance(value, (names...))` is false for every value of exact type `kind`: no name is a builtin
    class `kind` derives from, nor an abstract class (`Sequence`) a builtin may count as."""
    if not names or len(names) > MAX_NAMES:
        return False
    for name in names:
        last = name.rpartition(".")[2]
        if last in _ABSTRACT:
            return False
        if "." not in name and isinstance(builtin := getattr(builtins, name, None), type):
            if issubclass(kind, builtin):
                return False
            continue
        if not last[:1].isupper() or issubclass(kind, BaseException):
            return False  # a lower-case name may hold any class; an exception's own test is left alone
    return True


# Annotations that exclude None: builtin types, and the abstract and generic aliases of `collections.abc` and `typing`
# that name a kind of container or callable (`Optional`, `Union`, `Any`, `object` and type variables do not).
_NOT_NONE = frozenset(_BUILTIN_TYPES) | frozenset(
    {n for n in dir(collections.abc) if n[:1].isupper()}
    | {"List", "Dict", "Tuple", "Set", "FrozenSet", "Type", "type", "Text", "Pattern", "Match", "PathLike", "Path"}
)


def not_none(
    given: ast.expr,
    caller: ast.AST | None,
    line: int,
    tree: ast.Module | None,
    callee: ast.FunctionDef | ast.AsyncFunctionDef | None,
    parameter: str,
) -> bool:
    """Whether `given`, handed on as `callee`'s `parameter` by a call on `line` of `caller`, is never None."""
    kind = known_type(given, caller, line, tree)
    if kind is not None:
        return kind is not type(None)
    if not isinstance(given, ast.Name) or caller is None or callee is None:
        return False
    own = _annotation(caller, given.id)
    theirs = _annotation(callee, parameter)
    return (
        own is not None
        and _excludes_none(own)
        and (theirs is None or not _excludes_none(theirs))
        and not _rebound(caller, given.id)
    )


def _annotation(function: ast.AST, name: str) -> ast.expr | None:
    """The annotation of the function's parameter `name`; None when it has none, or its default is None."""
    arguments = getattr(function, "args", None)
    if not isinstance(arguments, ast.arguments):
        return None
    positional = [*arguments.posonlyargs, *arguments.args]
    defaulted = [a.arg for a in positional[len(positional) - len(arguments.defaults) :]]
    defaults = dict(zip(defaulted, arguments.defaults, strict=True))
    kw_defaults = zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
    defaults.update({a.arg: d for a, d in kw_defaults if d is not None})
    for argument in (*positional, *arguments.kwonlyargs):
        if argument.arg == name:
            default = defaults.get(name)
            if isinstance(default, ast.Constant) and default.value is None:
                return None  # `name: str = None`: None after all
            return argument.annotation
    return None


def _excludes_none(annotation: ast.expr, depth: int = 0) -> bool:
    """`str`, `list[str]`, `Sequence[int]`, `"str"`, `int | float`: never None; `str | None`, `Optional[str]`,
    `Any`, a type variable or a name of the project's own (an alias may be anything): maybe."""
    if depth > 3:
        return False
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str) and len(annotation.value) < 200:
        try:
            written = ast.parse(annotation.value, mode="eval").body
        except (SyntaxError, ValueError, RecursionError):
            return False
        return _excludes_none(written, depth + 1)
    if isinstance(annotation, ast.Name):
        return annotation.id in _NOT_NONE
    if isinstance(annotation, ast.Attribute):
        return annotation.attr in _NOT_NONE
    if isinstance(annotation, ast.Subscript):
        return _excludes_none(annotation.value, depth + 1)
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return _excludes_none(annotation.left, depth + 1) and _excludes_none(annotation.right, depth + 1)
    return False


# The nodes that may bind a name: those `_rebound` reads.
_BINDERS = (ast.Name, ast.Global, ast.Nonlocal, ast.alias, ast.ExceptHandler)


def _rebound(function: ast.AST, name: str) -> bool:
    """Whether the function binds `name` again anywhere (an assignment, a loop, `global`, a nested function's
    `nonlocal`)."""
    for node in nodes_of_kind(function, _BINDERS):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, (ast.Store, ast.Del)):
            return True
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return True
        if isinstance(node, (ast.alias, ast.ExceptHandler)) and _binds(node, name):
            return True
    return False

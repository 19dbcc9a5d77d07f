"""What type a value a caller hands on has, where the code shows it, and whether an `isinstance` test refuses it
(issue 29, round 19's card 15): `EmailMessage.attach_file()` calls `self.attach(path.name, ...)` with
`path = Path(path)`, a `str`, so it never reaches the raise under `if isinstance(filename, MIMEBase):`.

Known: a literal, an f-string, a display (`[...]`, `{...}`), a builtin constructor's call (`str(x)`), and the
`str` parts of a `pathlib` path (`Path(p).name`), also through a local bound once to such a value. Anything else
is unknown: the caller is kept (say less rather than something false)."""

import ast
import builtins
import collections.abc
import numbers
import typing

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
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store | ast.Del):
            if found is not None:
                return None
            found = node
        elif isinstance(node, ast.arg | ast.alias | ast.ExceptHandler) and _binds(node, name):
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

"""What one expression reads, for a site's evidence (issue 29): local names, `self.x`, `self.m()` results,
settings, command-line options and environment variables.

Each expression is walked once, at most MAX_NODES nodes of it (a hostile condition of a million terms is read
in part), and the result is kept by the caller per expression, never per site."""

import ast
import re
from dataclasses import dataclass
from itertools import islice

from kb.harvest.reading.walked import nodes_of

MAX_NODES = 400  # nodes of one expression walked
MAX_ITEMS = 12  # of each kind, per expression
# `options["addrport"]`, `opts.get("x")`: a command's options (declared in its own module)
_OPTION_HOLDERS = frozenset({"options", "opts", "args", "arguments", "flags"})
_ENV_CALLS = frozenset({"getenv", "get_bool_env_var", "get_int_env_var", "get_float_env_var", "get_str_env_var"})
_RECEIVERS = ("self", "cls")


@dataclass(frozen=True)
class Reads:
    names: tuple[str, ...] = ()  # plain names, in order of first reading
    attributes: tuple[str, ...] = ()  # `self.x`: x
    methods: tuple[str, ...] = ()  # `self.m(...)`: m
    settings: tuple[str, ...] = ()  # `settings.X`, `getattr(settings, "X", ...)`: X
    options: tuple[str, ...] = ()  # `options["key"]`, `options.get("key")`: key
    arguments: tuple[str, ...] = ()  # `args.key`, `self.server_args.key`: parsed arguments, declared anywhere
    env: tuple[str, ...] = ()  # `os.environ["X"]`, `os.getenv("X")`: X

    def __or__(self, other: "Reads") -> "Reads":
        if other is NOTHING or other == self:
            return self
        if self is NOTHING:
            return other
        return Reads(*(_merged(getattr(self, f), getattr(other, f)) for f in _FIELDS))


_FIELDS = ("names", "attributes", "methods", "settings", "options", "arguments", "env")
NOTHING = Reads()


def _merged(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
    return a if not b else tuple(dict.fromkeys((*a, *b)))[: MAX_ITEMS * 2]


def reads_of(expr: ast.AST, constants: dict[str, ast.expr | None] | None = None) -> Reads:
    """What `expr` reads, in order (the first MAX_NODES nodes); `constants`: the module's top-level values, for
    a key held in one (`os.environ.get(ENVIRONMENT_VARIABLE)`)."""
    walk = _Walk(constants or {})
    for node in islice(nodes_of(expr), MAX_NODES):
        kind = type(node)
        if kind is ast.Name and isinstance(node.ctx, ast.Load):  # type: ignore[attr-defined]
            walk.found["names"][node.id] = None  # type: ignore[attr-defined]
        elif kind is ast.Attribute:
            walk.attribute(node)  # type: ignore[arg-type]
        elif kind is ast.Subscript:
            walk.subscript(node)  # type: ignore[arg-type]
        elif kind is ast.Call:
            walk.call(node)  # type: ignore[arg-type]
    return Reads(*(tuple(islice(walk.found[name], MAX_ITEMS)) for name in _FIELDS))


class _Walk:
    def __init__(self, constants: dict[str, ast.expr | None]) -> None:
        self.constants = constants
        self.found: dict[str, dict[str, None]] = {name: {} for name in _FIELDS}

    def attribute(self, node: ast.Attribute) -> None:
        value, found = node.value, self.found
        if isinstance(value, ast.Name):
            if value.id in _RECEIVERS:
                found["attributes"][node.attr] = None
            elif value.id == "settings":
                found["settings"][node.attr] = None
            elif _holds_arguments(value.id):
                found["arguments"][node.attr] = None
        elif isinstance(value, ast.Attribute) and _holds_arguments(value.attr) and _is_receiver(value.value):
            found["arguments"][node.attr] = None  # self.server_args.enable_x

    def subscript(self, node: ast.Subscript) -> None:
        key = self.text(node.slice)
        if key is None:
            return
        holder = node.value
        if isinstance(holder, ast.Name) and _holds_options(holder.id):
            self.found["options"][key] = None
        elif _is_environ(holder, key):
            self.found["env"][key] = None

    def call(self, node: ast.Call) -> None:
        func, found = node.func, self.found
        first = self.text(node.args[0]) if node.args else None
        if isinstance(func, ast.Attribute):
            holder = func.value
            if isinstance(holder, ast.Name) and holder.id in _RECEIVERS:
                found["methods"][func.attr] = None
            if first is None:
                return
            if func.attr == "get" and _is_environ(holder, first):
                found["env"][first] = None
            elif func.attr == "get" and isinstance(holder, ast.Name) and _holds_options(holder.id):
                found["options"][first] = None
            elif func.attr in _ENV_CALLS:
                found["env"][first] = None
        elif isinstance(func, ast.Name):
            if func.id in _ENV_CALLS and first is not None:
                found["env"][first] = None
            elif func.id == "getattr" and len(node.args) >= 2 and isinstance(node.args[0], ast.Name):
                attribute = self.text(node.args[1])
                if node.args[0].id == "settings" and attribute is not None:
                    found["settings"][attribute] = None
                elif node.args[0].id in _RECEIVERS and attribute is not None and attribute.isidentifier():
                    found["attributes"][attribute] = None  # `getattr(self, "scope", None)` reads `self.scope`

    def text(self, expr: ast.expr) -> str | None:
        """A string key as written, or held in a module constant."""
        if isinstance(expr, ast.Name):
            bound = self.constants.get(expr.id)
            expr = bound if bound is not None else expr
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str) and 0 < len(expr.value) <= 100:
            return expr.value
        return None


def _holds_options(name: str) -> bool:
    return name in _OPTION_HOLDERS or name.endswith(("_options", "_args"))


def _holds_arguments(name: str) -> bool:
    """A parsed command line: `args`, `server_args`, `cli_args` (not `kwargs`, not Django's `opts = _meta`)."""
    return name == "args" or (name.endswith("_args") and name != "kwargs")


def _is_receiver(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Name) and expr.id in _RECEIVERS


def _is_environ(expr: ast.expr, key: str) -> bool:
    """`os.environ`, or a bare `environ` read with a variable's name (`environ["HOME"]`, from `from os import
    environ`). A WSGI environ (`environ["wsgi.url_scheme"]`, `self.environ[...]`, round 10's card 22) is none."""
    if isinstance(expr, ast.Attribute):
        return expr.attr == "environ" and isinstance(expr.value, ast.Name) and expr.value.id == "os"
    return isinstance(expr, ast.Name) and expr.id == "environ" and _ENV_NAME.fullmatch(key) is not None


_ENV_NAME = re.compile(r"[A-Z][A-Z0-9_]{0,99}+")

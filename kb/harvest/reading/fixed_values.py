"""Tests of a parameter that a literal argument can be put through (issue 29, round 28's AI-assisted cards): a helper
that raises only for a name its module's regex refuses, called with fixed names (`"href"`, `"title"`) that the
regex takes, is no way in to that raise. Read here: `PATTERN.match(name)` (`fullmatch`, `search`) where `PATTERN` is
a module's one binding to `re.compile("...")` (or Django's `_lazy_re_compile`), `re.match("...", name)`,
`isinstance(name, str)` with builtin types, `name.isidentifier()` and the other pure `str` tests, `name < 3`, and a
`not`, `and` or `or` of such tests of one name. A test's value is None (not told) for a value it cannot be sure of:
a regex test of anything but a string, a comparison of anything but a number.

A regex is run on a literal only where it cannot backtrack without end: no repeat inside a repeat, no alternation
or backreference inside one (`_tame`), the literal short; any other pattern tells nothing."""

import ast
import re
from collections.abc import Callable, Collection, Mapping

from kb.harvest.reading.walked import nodes_of_kind
from kb.text import breadth

MAX_PATTERN = 300  # characters of a regex run on a literal
MAX_SUBJECT = 100  # characters of a literal a regex is run on
MAX_REPEATS = 2  # repeats in a regex run on a literal (each multiplies the steps a search may take by the length)
MAX_ITEMS = 50  # members of a literal list, tuple, set or dict read as a value
MAX_PARTS = 8  # parts of one `and` or `or`

Holds = Callable[[object], bool | None]

_BUILTIN_TYPES: dict[str, type] = {
    kind.__name__: kind
    for kind in (bytes, bytearray, str, int, float, complex, bool, list, tuple, dict, set, frozenset)
}
_STR_TESTS = frozenset(
    {
        "isidentifier",
        "isdigit",
        "isdecimal",
        "isnumeric",
        "isalpha",
        "isalnum",
        "isascii",
        "islower",
        "isupper",
        "isspace",
        "istitle",
        "isprintable",
        "startswith",
        "endswith",
    }
)
_REGEX_TESTS = frozenset({"match", "fullmatch", "search"})
_COMPILERS = frozenset({"compile", "_lazy_re_compile"})
_ORDERS: dict[type, Callable[[float, float], bool]] = {
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
}


def literal_of(expr: ast.expr | None) -> tuple[bool, object]:
    """(True, value) for a literal: a constant, or a list, tuple, set or dict of literals (`["a", "b"]`,
    `{"class": "x"}`); (False, None) for anything else."""
    if isinstance(expr, ast.Constant):
        return True, expr.value
    if not isinstance(expr, (ast.List, ast.Tuple, ast.Set, ast.Dict)):
        return False, None
    members = [*expr.keys, *expr.values] if isinstance(expr, ast.Dict) else expr.elts
    if len(members) > 2 * MAX_ITEMS or any(m is None or not literal_of(m)[0] for m in members):
        return False, None  # `{**other}` leaves a key None
    try:
        return True, ast.literal_eval(expr)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False, None  # `{[1]: 2}`: unhashable


def module_patterns(tree: ast.Module | None) -> dict[str, re.Pattern[str]]:
    """The module's names bound once, at its top level and nowhere else, to a compiled literal regex (flags `re.X`
    or `re.X | re.Y` at most) that `_tame` lets run."""
    if tree is None:
        return {}
    found: dict[str, re.Pattern[str]] = {}
    for statement in tree.body:
        if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1):
            continue
        target, value = statement.targets[0], statement.value
        if isinstance(target, ast.Name) and (pattern := _compiled(value)) is not None:
            found[target.id] = pattern
    if found:
        once = bound_once(tree, found)
        found = {name: pattern for name, pattern in found.items() if name in once}
    return found


def bound_once(tree: ast.AST, names: Collection[str]) -> set[str]:
    """Those of `names` the module binds once in all: by one assignment to the name, or one `def` or `class`; a
    parameter, an import, an `except ... as`, a `global` of that name anywhere counts as another."""
    stored: dict[str, int] = {}
    for node in nodes_of_kind(tree, _BINDING_KINDS):
        if isinstance(node, ast.Name):
            if not isinstance(node.ctx, ast.Load) and node.id in names:
                stored[node.id] = stored.get(node.id, 0) + 1
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                stored[name] = stored.get(name, 0) + 2
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name in names:
            stored[node.name] = stored.get(node.name, 0) + 1
        elif (bound := _bound_name(node)) is not None and bound in names:
            stored[bound] = stored.get(bound, 0) + 2  # a parameter of that name holds what the caller hands
    return {name for name in names if stored.get(name) == 1}


# The nodes that may bind a name: those `module_patterns` reads, picked from the module's walk in one pass.
_BINDING_KINDS = (
    ast.Name,
    ast.Global,
    ast.Nonlocal,
    ast.arg,
    ast.ExceptHandler,
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.MatchAs,
    ast.MatchStar,
    ast.MatchMapping,
    ast.alias,
)


def _bound_name(node: ast.AST) -> str | None:
    """The name a node binds other than by an assignment to a name: a parameter (jinja2's `def
    _trim_whitespace(self, string, _ws_re=_ws_re)`, jinja2/ext.py:477, takes any pattern its caller hands), an
    `except ... as`, a `def` or `class`, a `match` capture, an import."""
    if isinstance(node, ast.arg):
        return node.arg
    if isinstance(node, (ast.ExceptHandler, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.MatchAs)):
        return node.name
    if isinstance(node, ast.MatchStar):
        return node.name
    if isinstance(node, ast.MatchMapping):
        return node.rest
    if isinstance(node, ast.alias):  # `from elsewhere import PATTERN` in a function, or again at the top
        return node.asname or node.name.split(".")[0]
    return None


def _compiled(value: ast.expr) -> re.Pattern[str] | None:
    """`re.compile("...")`, `_lazy_re_compile("...")`: the pattern, compiled, when it is tame."""
    if not (isinstance(value, ast.Call) and not value.keywords and 1 <= len(value.args) <= 2):
        return None
    func = value.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    if isinstance(func, ast.Attribute) and not (isinstance(func.value, ast.Name) and func.value.id == "re"):
        return None
    if name not in _COMPILERS:
        return None
    return _pattern(value.args[0], value.args[1] if len(value.args) == 2 else None)


def _pattern(source: ast.expr, flags: ast.expr | None) -> re.Pattern[str] | None:
    if not (isinstance(source, ast.Constant) and isinstance(source.value, str)) or len(source.value) > MAX_PATTERN:
        return None
    value = _flags(flags) if flags is not None else 0
    if value is None:
        return None
    try:
        pattern = re.compile(source.value, value)
    except (re.error, ValueError, TypeError, OverflowError, RecursionError):
        return None
    return pattern if _tame(source.value, value) else None


def _flags(expr: ast.expr) -> int | None:
    """`re.I`, `re.IGNORECASE | re.ASCII`: their value; None for any other expression."""
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.BitOr):
        left, right = _flags(expr.left), _flags(expr.right)
        return None if left is None or right is None else left | right
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == "re":
        flag = getattr(re.RegexFlag, expr.attr, None) if expr.attr.isupper() else None
        return int(flag) if isinstance(flag, re.RegexFlag) else None
    return None


def _tame(source: str, flags: int) -> bool:
    """Whether the pattern has no repeat holding a repeat or an alternation (what may backtrack without end), no
    backreference or conditional anywhere, and at most MAX_REPEATS repeats in all."""
    try:
        from re import _parser  # type: ignore[attr-defined]

        parsed = _parser.parse(source, flags)
    except Exception:  # an internal parser of the standard library: any failure tells nothing
        return False
    return _tame_items(list(parsed), inside_repeat=False) and _repeats(list(parsed)) <= MAX_REPEATS


_REPEATS = ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
_UNSURE = ("GROUPREF", "GROUPREF_EXISTS", "GROUPREF_IGNORE", "GROUPREF_LOC_IGNORE", "GROUPREF_UNI_IGNORE")


def _repeats(items: list) -> int:
    """The repeats in a parsed pattern, nested ones included."""
    count = 0
    for op, argument in items:
        name = str(op)
        if name in _REPEATS:
            count += 1 + _repeats(list(argument[2]))
        elif name == "BRANCH":
            count += sum(_repeats(list(branch)) for branch in argument[1])
        elif name == "SUBPATTERN":
            count += _repeats(list(argument[-1]))
        elif name in ("ASSERT", "ASSERT_NOT"):
            count += _repeats(list(argument[1]))
        elif name == "ATOMIC_GROUP":
            count += _repeats(list(argument))
    return count


def _tame_items(items: list, inside_repeat: bool) -> bool:
    for op, argument in items:
        name = str(op)
        if name in _UNSURE:
            return False
        if name in _REPEATS:
            if inside_repeat or not _tame_items(list(argument[2]), inside_repeat=True):
                return False
        elif name == "BRANCH":
            if inside_repeat or not all(_tame_items(list(branch), inside_repeat) for branch in argument[1]):
                return False
        elif name == "SUBPATTERN":
            if not _tame_items(list(argument[-1]), inside_repeat):
                return False
        elif name in ("ASSERT", "ASSERT_NOT"):
            if not _tame_items(list(argument[1]), inside_repeat):
                return False
        elif name == "ATOMIC_GROUP" and not _tame_items(list(argument), inside_repeat):
            return False
    return True


def wider_test(
    test: ast.expr, patterns: Mapping[str, re.Pattern[str]], base: Callable[[ast.expr], tuple[str, Holds] | None]
) -> tuple[str, Holds] | None:
    """(name, the test's value for a literal, None when not told) for the tests the module docstring lists; `base`
    reads the plainer ones (`name == c`, `name in (...)`), which an `and` or `or` may mix with these."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = base(test.operand) or wider_test(test.operand, patterns, base)
        if inner is None:
            return None
        name, holds = inner
        return name, lambda value: None if (verdict := holds(value)) is None else not verdict
    if isinstance(test, ast.BoolOp) and 2 <= len(test.values) <= MAX_PARTS:
        parts = [base(part) or wider_test(part, patterns, base) for part in test.values]
        names = {part[0] for part in parts if part is not None}
        if any(part is None for part in parts) or len(names) != 1:
            return None
        return names.pop(), partial_bool([part[1] for part in parts if part is not None], isinstance(test.op, ast.Or))
    if isinstance(test, ast.Call):
        return _call_test(test, patterns)
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in _ORDERS:
        left, right = test.left, test.comparators[0]
        order = _ORDERS[type(test.ops[0])]
        if isinstance(left, ast.Name) and isinstance(right, ast.Constant) and _number_value(right.value):
            limit = right.value
            return left.id, lambda value: order(value, limit) if _number_value(value) else None  # type: ignore[arg-type]
        if isinstance(right, ast.Name) and isinstance(left, ast.Constant) and _number_value(left.value):
            limit = left.value
            return right.id, lambda value: order(limit, value) if _number_value(value) else None  # type: ignore[arg-type]
    return None


def partial_bool(parts: list[Holds], any_of: bool) -> Holds:
    """An `or` (`any_of`) or `and` of tests told None for some values: told where the parts tell enough."""

    def holds(value: object) -> bool | None:
        verdicts = [part(value) for part in parts]
        if any_of:
            return True if True in verdicts else None if None in verdicts else False
        return False if False in verdicts else None if None in verdicts else True

    return holds


def _number_value(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _call_test(call: ast.Call, patterns: Mapping[str, re.Pattern[str]]) -> tuple[str, Holds] | None:
    func = call.func
    if call.keywords or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    if isinstance(func, ast.Name) and func.id == "isinstance" and len(call.args) == 2:
        subject, kinds = call.args
        written = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
        names = [k.id for k in written if isinstance(k, ast.Name) and k.id in _BUILTIN_TYPES]
        if not isinstance(subject, ast.Name) or len(names) != len(written) or not names:
            return None
        types = tuple(_BUILTIN_TYPES[n] for n in names)
        return subject.id, lambda value: isinstance(value, types)
    if not isinstance(func, ast.Attribute):
        return None
    if func.attr in _STR_TESTS and isinstance(func.value, ast.Name):
        arguments = [literal_of(a) for a in call.args]
        if not all(known for known, _ in arguments):
            return None
        given = [value for _, value in arguments]
        method = func.attr
        return func.value.id, lambda value: _str_test(value, method, given)
    if func.attr not in _REGEX_TESTS or not isinstance(func.value, ast.Name):
        return None
    if func.value.id == "re" and len(call.args) in (2, 3):
        pattern = _pattern(call.args[0], call.args[2] if len(call.args) == 3 else None)
        subject = call.args[1]
    elif func.value.id in patterns and len(call.args) == 1:
        pattern, subject = patterns[func.value.id], call.args[0]
    else:
        return None
    if pattern is None or not isinstance(subject, ast.Name):
        return None
    run = getattr(pattern, func.attr)
    return (
        subject.id,
        lambda value: run(value) is not None if isinstance(value, str) and len(value) <= MAX_SUBJECT else None,
    )


def _str_test(value: object, method: str, given: list[object]) -> bool | None:
    if not isinstance(value, str) or len(value) > MAX_SUBJECT:
        return None
    try:
        return bool(getattr(value, method)(*given))
    except (TypeError, ValueError):
        return None


# Calls that read what they are handed and change nothing in it; methods that do the same on a list, dict or set.
_READING_CALLS = frozenset(
    {
        "isinstance",
        "len",
        "bool",
        "list",
        "tuple",
        "dict",
        "set",
        "frozenset",
        "sorted",
        "iter",
        "type",
        "callable",
        "hasattr",
        "getattr",
        "str",
        "repr",
        "any",
        "all",
        "enumerate",
        "zip",
        "min",
        "max",
        "sum",
    }
)
_READING_METHODS = frozenset({"items", "keys", "values", "get", "copy", "count", "index"})


def kept_unchanged(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str, line: int) -> bool:
    """Whether the function surely leaves a list, dict or set handed to its parameter `name` as it is until `line`:
    above it (the whole function where `line` is in a loop), the name only read, by a reading builtin
    (`len(name)`, `list(name)`) or method (`name.items()`), a test, a loop or a subscript; never handed to another
    call, stored into, bound to another name or called a method of that may change it."""
    looped = any(
        isinstance(node, (ast.For, ast.AsyncFor, ast.While)) and node.lineno <= line <= (node.end_lineno or 0)
        for node in breadth.walk(function)
    )
    parents: dict[int, ast.AST] = {}
    for node in breadth.walk(function):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    for node in breadth.walk(function):
        if not (isinstance(node, ast.Name) and node.id == name) or (node.lineno >= line and not looped):
            continue
        parent = parents.get(id(node))
        if isinstance(parent, ast.Attribute):
            call = parents.get(id(parent))
            if not (isinstance(call, ast.Call) and call.func is parent and parent.attr in _READING_METHODS):
                return False
        elif isinstance(parent, ast.Call):
            if not (isinstance(parent.func, ast.Name) and parent.func.id in _READING_CALLS and node is not parent.func):
                return False
        elif isinstance(parent, ast.Subscript) and not isinstance(parent.ctx, ast.Load):
            return False
        elif isinstance(parent, (ast.Starred, ast.keyword, ast.AugAssign)):
            return False
        elif isinstance(parent, ast.Assign) and node in parent.targets:
            return False
        elif isinstance(parent, (ast.Assign, ast.AnnAssign, ast.NamedExpr, ast.Return, ast.Yield, ast.YieldFrom)):
            return False  # an alias of it that may be changed, or it handed back
        elif isinstance(parent, (ast.List, ast.Tuple, ast.Set, ast.Dict)):
            return False
    return True

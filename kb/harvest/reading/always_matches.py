r"""A regular expression's match that is never None (round 22's card 22): isodate 0.7.2's `TZ_RE.match(tzstring)`,
`TZ_RE = re.compile(r"(?P<tzname>(Z|(?P<tzsign>[+-])...)?)")` (`isotzinfo.py:12-16, 47-56`), matches the empty prefix
of every string, every part of its pattern being optional: the raise past `if match: return ...` is never reached.

`P.match(s)`, `P.search(s)`, `re.match(P, s)`, `re.search(P, s)`, P a literal or a module constant compiled from one
(bound once). The pattern is parsed, never run (a repository's pattern is hostile), within a size cap: it matches at
the start of every string when it can match nothing there without reading what follows. Matching the empty string
is not enough: `$` and `(?=a)` match "" and fail on "b". So a walk of the parse, linear in it, that takes only
optional parts, groups, branches and `^`/`\A`; anything else (a lookaround, a backreference, `$`, `\b`, an atomic
group, which may keep what a later `^` cannot follow) says nothing. Read lazily, only for a raise under a test of
a local's emptiness, each constant once."""

import ast
import re
from types import ModuleType

from kb.harvest.reading.scopes import statements
from kb.text import breadth

try:  # CPython's own pattern parser (3.11+), private: a Python without it knows no pattern to always match
    from re import _constants as _sre  # type: ignore[attr-defined]
    from re import _parser as _sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - a Python that moved them
    _sre = _sre_parse = None
sre: ModuleType | None = _sre
sre_parse: ModuleType | None = _sre_parse

MAX_PATTERN = 2000  # characters of a pattern parsed
MAX_NODES = 2000  # nodes of its parse walked
MAX_STATEMENTS = 400  # of a module's top level, read for a constant's binding
_METHODS = frozenset({"match", "search"})  # `fullmatch` must reach the end: an optional pattern does not
_FLAGS = {
    name: getattr(re, name)
    for name in ("I", "IGNORECASE", "M", "MULTILINE", "S", "DOTALL", "X", "VERBOSE", "A", "ASCII", "U", "UNICODE")
}
_AT_START = frozenset({sre.AT_BEGINNING, sre.AT_BEGINNING_STRING}) if sre is not None else frozenset()
_REPEATS = frozenset({sre.MAX_REPEAT, sre.MIN_REPEAT}) if sre is not None else frozenset()


class AlwaysMatches:
    """Whether a call is a match of a pattern that matches at the start of every string, per module constant."""

    def __init__(self, trees: dict[str, ast.Module]) -> None:
        self.trees = trees
        self._constants: dict[tuple[str, str], tuple[str | bytes, int] | None] = {}

    def of_call(self, path: str, value: ast.expr) -> bool:
        if not (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr in _METHODS
            and not value.keywords
            and not any(isinstance(a, ast.Starred) for a in value.args)
        ):
            return False
        owner = value.func.value
        if isinstance(owner, ast.Name) and owner.id == "re" and self._imports_re(path):
            # `re.match(P, s)`: P written, or a module constant (a string, or a pattern compiled from one).
            if len(value.args) != 2:
                return False
            pattern = self._pattern(path, value.args[0], compiled=True)
        elif isinstance(owner, ast.Name) and len(value.args) == 1:  # `P.match(s)`: `pos` given starts elsewhere
            pattern = self._constant(path, owner.id)
            pattern = pattern if pattern is not None and pattern[1] >= 0 else None
        else:
            return False
        return pattern is not None and matches_every_start(*pattern)

    def _pattern(self, path: str, node: ast.expr, compiled: bool = False) -> tuple[str | bytes, int] | None:
        """(text, flags) of a literal or of a module constant; flags -1 for a plain string (not compiled)."""
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)):
            return node.value, 0
        if not isinstance(node, ast.Name):
            return None
        found = self._constant(path, node.id)
        if found is None or (found[1] >= 0 and not compiled):
            return None
        return found[0], max(found[1], 0)

    def _constant(self, path: str, name: str) -> tuple[str | bytes, int] | None:
        """A module-level name bound once: a string (flags -1), or `re.compile(text[, flags])` of a literal or of
        such a string."""
        key = (path, name)
        if key not in self._constants:
            self._constants[key] = None  # a constant defined through itself is not known
            self._constants[key] = self._read(path, name)
        return self._constants[key]

    def _read(self, path: str, name: str) -> tuple[str | bytes, int] | None:
        tree = self.trees.get(path)
        if tree is None:
            return None
        read = [s for _, s in zip(range(MAX_STATEMENTS + 1), statements(tree.body), strict=False)]
        bound = [s for s in read if _binds(s, name)]
        if (
            len(read) > MAX_STATEMENTS
            or len(bound) != 1
            or not isinstance(bound[0], ast.Assign)
            or len(bound[0].targets) != 1
        ):
            return None
        value = bound[0].value
        if isinstance(value, ast.Constant) and isinstance(value.value, (str, bytes)):
            return value.value, -1
        if not (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr == "compile"
            and isinstance(value.func.value, ast.Name)
            and value.func.value.id == "re"
            and self._imports_re(path)
            and 1 <= len(value.args) <= 2
            and not value.keywords
        ):
            return None
        text = self._pattern(path, value.args[0])
        flags = _flags(value.args[1]) if len(value.args) == 2 else 0
        return None if text is None or flags is None else (text[0], flags)

    def _imports_re(self, path: str) -> bool:
        tree = self.trees.get(path)
        return tree is not None and any(
            isinstance(s, ast.Import) and any(a.name == "re" and a.asname in (None, "re") for a in s.names)
            for s in tree.body[:MAX_STATEMENTS]
        )


def _binds(statement: ast.AST, name: str) -> bool:
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return statement.name == name
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        return any((a.asname or a.name.split(".")[0]) == name for a in statement.names)
    targets = [
        *getattr(statement, "targets", []),
        *[t for t in (getattr(statement, "target", None),) if t is not None],
    ]
    return any(isinstance(n, ast.Name) and n.id == name for t in targets for n in breadth.walk(t))


def _flags(node: ast.expr) -> int | None:
    """`re.I`, `re.I | re.X`: their value; None for anything else."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        left, right = _flags(node.left), _flags(node.right)
        return None if left is None or right is None else left | right
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "re":
        return int(_FLAGS[node.attr]) if node.attr in _FLAGS else None
    return None


def matches_every_start(text: str | bytes, flags: int = 0) -> bool:
    """Whether the pattern matches (empty) at the start of every string: it can match nothing there through
    optional parts, groups, branches and `^`/`\\A` alone."""
    if len(text) > MAX_PATTERN or sre_parse is None:
        return False
    try:
        parsed = sre_parse.parse(text, flags)
        return _empty(list(parsed), [MAX_NODES])
    except (re.error, RecursionError, OverflowError, ValueError, TypeError, MemoryError, IndexError, AttributeError):
        return False


def _empty(items: list, budget: list[int]) -> bool:
    codes = sre
    if codes is None:
        return False
    for op, value in items:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if op is codes.AT:
            if value not in _AT_START:  # `$`, `\Z`, `\b`, `\B` read what follows
                return False
        elif op is codes.SUBPATTERN:
            if not _empty(list(value[-1]), budget):
                return False
        elif op in _REPEATS:
            if value[0] != 0 and not _empty(list(value[2]), budget):
                return False
        elif op is codes.BRANCH:
            if not any(_empty(list(branch), budget) for branch in value[1]):
                return False
        else:  # a character read, a lookaround, a backreference, an atomic group or a possessive repeat
            return False
    return True

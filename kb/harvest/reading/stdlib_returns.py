"""What a method the class inherits from a standard-library base returns, by the standard library's own docstring
(round 34's card 03: `class SingleZipReader(zipfile.ZipFile)` tests `len(self.namelist()) != 1`,
django/core/management/commands/loaddata.py:422-426, and `zipfile.ZipFile.namelist` is documented "Return a list
of file names in the archive."). Read with `ast` from the running Python's standard library, never imported; kept
only for a call with no arguments of a method no class of the harvest defines, by a `def` or an assignment (the
class, its ancestors, or a subclass that may stand for `self`) and whose docstring's first sentence says what it
returns."""

import ast
import re
import sys
import sysconfig
from pathlib import Path

from kb.harvest.reading.classes import ClassIndex
from kb.harvest.reading.walked import nodes_of_kind

MAX_RETURNS = 80  # the docstring's "Return ..." said up to this long
_RETURNS = re.compile(r"Returns? ((?:an?|the) [\w ,'-]{3,80}?)\.(?:\s|$)")
_documented: dict[tuple[str, str, str], str] = {}  # (module, class, method) -> what it returns, "" for nothing
_classes: dict[tuple[str, str], ast.ClassDef | None] = {}  # (module, class) -> its tree
_INDENTED = ("", " ", "\t", "\n", "\r", "#")  # a line inside a block: indented, blank or a comment


def inherited_returns(index: ClassIndex, owner: str | None, tests: list[ast.expr]) -> list[dict]:
    """[{"call": "self.namelist()", "base": "zipfile.ZipFile", "returns": "a list of file names in the archive"}]
    for each `self.<method>()` of `tests` that `owner` (a class's qualname) inherits from the standard library."""
    if not owner:
        return []
    methods = {
        node.func.attr
        for test in tests
        for node in nodes_of_kind(test, ast.Call)
        if isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "self"
        and not node.args
        and not node.keywords
    }
    rows = []
    for method in sorted(methods):
        if index.method(owner, method) is not None or any(method in info.attributes for info in index.mro(owner)):
            continue  # the class or an ancestor the harvest read defines it (`namelist = _names` too): not the stdlib's
        found = next(((b, r) for b in _stdlib_bases(index, owner) if (r := _documented_return(b, method))), None)
        if found is None or any(method in sub.methods or method in sub.attributes for sub in index.subclasses(owner)):
            continue  # a subclass that may stand for `self` defines its own
        rows.append({"call": f"self.{method}()", "base": found[0], "returns": found[1]})
    return rows


def _stdlib_bases(index: ClassIndex, owner: str) -> list[str]:
    """The bases of `owner` and its ancestors that no module of the harvest defines, all in the standard library
    (`zipfile.ZipFile`); none where one is neither (a builtin, another package's class: it may define the method)."""
    found = []
    for info in index.mro(owner):
        for base in info.bases:
            resolved = index.resolver.qualify(base, info.module)
            if resolved in index.classes or resolved == "object":
                continue
            if not resolved or "." not in resolved or resolved.partition(".")[0] not in sys.stdlib_module_names:
                return []
            found.append(resolved)
    return found


def _documented_return(base: str, method: str) -> str:
    module, _, name = base.rpartition(".")
    key = (module, name, method)
    if key not in _documented:
        _documented[key] = _read_return(module, name, method)
    return _documented[key]


def _read_return(module: str, name: str, method: str) -> str:
    found = _stdlib_class(module, name)
    function = next(
        (n for n in found.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == method),
        None,
    ) if found else None  # fmt: skip
    doc = ast.get_docstring(function) if function is not None else None
    said = _RETURNS.match(" ".join((doc or "").split()))
    return said[1] if said and len(said[1]) <= MAX_RETURNS else ""


def _stdlib_class(module: str, name: str) -> ast.ClassDef | None:
    """The class's syntax tree, from the standard library's own directory (a package's `__init__.py` too): its
    block alone parsed (a tenth of `zipfile`), else, where the block does not parse by itself, the whole module."""
    if (module, name) not in _classes:
        text = _stdlib_text(module)
        found = _class_block(text, name) if text else None
        if found is None and text:
            tree = _parsed(text)
            found = (
                next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name), None) if tree else None
            )
        _classes[module, name] = found
    return _classes[module, name]


def _class_block(text: str, name: str) -> ast.ClassDef | None:
    """The top-level `class name` of `text`, parsed up to the next line at the left margin; None where that cut
    does not parse (a string whose lines start at the margin) or names another class."""
    start = re.search(rf"^class {re.escape(name)}\b", text, re.MULTILINE)
    if start is None:
        return None
    lines = text[start.start() :].splitlines(keepends=True)
    end = next((i for i, line in enumerate(lines[1:], 1) if line[:1] not in _INDENTED), len(lines))
    tree = _parsed("".join(lines[:end]))
    node = tree.body[0] if tree is not None and len(tree.body) == 1 else None
    return node if isinstance(node, ast.ClassDef) and node.name == name else None


def _parsed(text: str) -> ast.Module | None:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError):
        return None


def _stdlib_text(module: str) -> str | None:
    """The module's source, from the standard library's own directory (a package's `__init__.py` too)."""
    root = Path(sysconfig.get_paths()["stdlib"])
    relative = Path(*module.split("."))
    for path in (root / relative.with_suffix(".py"), root / relative / "__init__.py"):
        if path.is_file():
            try:
                return path.read_text(encoding="utf-8")
            except (OSError, ValueError):
                return None
    return None

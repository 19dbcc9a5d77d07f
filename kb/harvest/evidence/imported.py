"""Which of the package's definitions a test's call names, by the test module's own imports.

A name the package defines more than once (`Envelope`: a GDAL envelope and a database function) leaves a test's
call unresolved by its name alone. The test module says which one it means: `from django.contrib.gis.gdal import
Envelope` then `Envelope(...)`, or `from django.contrib.gis import forms` then `forms.GeometryField(...)`. The
dotted path the test writes is followed through the package's modules (a package's `__init__` re-exporting a
name: `from django.contrib.gis.gdal.envelope import Envelope`) to the module whose top level defines it, when each
module on the way binds the name once and imports no `*`: a resolution the imports prove, never a guess."""

import ast
from collections.abc import Callable, Iterable

from kb.text import breadth

MAX_STEPS = 4  # re-exports followed from the module the test imports
MAX_STATEMENT = 2_000  # characters of one top-level import statement read (a parenthesized list of names)

Source = Callable[[str], str | None]  # a module's path (as the harvest's sites write it) -> its text, or None


def file_imports(text: str) -> dict[str, str]:
    """The test module's top-level imports: each name they bind -> the dotted path it stands for
    (`from a.b import C` binds `C` to `a.b.C`; `import a.b as c` binds `c` to `a.b`). A name bound twice, or also
    by the module's own `def`, `class` or assignment, is left out: which one a call means depends on the order."""
    bound: dict[str, set[str]] = {}
    lines = text.split("\n")
    for number, line in enumerate(lines):
        if line.startswith(("class ", "def ", "async def ")):
            name = line.split("(", 1)[0].split(":", 1)[0].split()[-1]
            bound.setdefault(name, set()).add("")
            continue
        if (assigned := line.partition("=")[0].partition(":")[0].strip()).isidentifier() and "=" in line:
            bound.setdefault(assigned, set()).add("")  # `Envelope = ...` at the top level
            continue
        if not line.startswith(("from ", "import ")):
            continue
        statement = line
        if "(" in line and ")" not in line:  # `from a import (\n B,\n C,\n)`
            for following in lines[number + 1 : number + 200]:
                statement += "\n" + following
                if ")" in following or len(statement) > MAX_STATEMENT:
                    break
        try:
            [node] = ast.parse(statement[:MAX_STATEMENT]).body
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        for name, dotted in _bindings(node, ""):
            bound.setdefault(name, set()).add(dotted)
    return {name: next(iter(said)) for name, said in bound.items() if len(said) == 1 and "" not in said}


def _bindings(node: ast.AST, package: str) -> Iterable[tuple[str, str]]:
    """(name, dotted path) for each name an import statement binds; `package`: the importing module's package,
    for a relative import. A `*` import binds "*"."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.asname:
                yield alias.asname, alias.name
            else:  # `import a.b` binds `a`
                yield alias.name.split(".", 1)[0], alias.name.split(".", 1)[0]
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            parts = package.split(".") if package else []
            if node.level - 1 > len(parts) or not package:
                return
            base = ".".join(parts[: len(parts) - (node.level - 1)] + ([node.module] if node.module else []))
        else:
            base = node.module or ""
        for alias in node.names:
            if alias.name == "*":
                yield "*", base
            else:
                yield alias.asname or alias.name, f"{base}.{alias.name}"


def imported_calls(
    nodes: Iterable[ast.AST], imports: dict[str, str], references: Iterable[ast.expr] = ()
) -> tuple[tuple[str, str], ...]:
    """The callables the nodes call (and the `references`, callables passed as they are) that the test module's
    imports name (`Envelope(...)` -> `a.b.Envelope`; `forms.GeometryField(...)` -> `a.forms.GeometryField`), each
    with its dotted path, when the nodes write it one way."""
    if not imports:
        return ()
    found: dict[str, set[str]] = {}
    walked = [node for top in nodes for node in breadth.walk(top)]
    called = [node.func for node in walked if isinstance(node, ast.Call)]
    for node in walked:  # a name the test binds itself (`Envelope = ...`) is no longer the import's
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.setdefault(node.id, set()).add("")
    for node in [*called, *references]:
        if isinstance(node, ast.Name) and node.id in imports and imports[node.id].endswith("." + node.id):
            found.setdefault(node.id, set()).add(imports[node.id])
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in imports:
            found.setdefault(node.attr, set()).add(f"{imports[node.value.id]}.{node.attr}")
        elif isinstance(node, (ast.Name, ast.Attribute)):
            found.setdefault(node.id if isinstance(node, ast.Name) else node.attr, set()).add("")
    return tuple(sorted((name, next(iter(said))) for name, said in found.items() if len(said) == 1 and "" not in said))


def resolve(dotted: str, source: Source) -> tuple[str, str] | None:
    """(the module's path, the name) of the top-level `class` or `def` the dotted path leads to through the
    package's modules, or None when a step is not proven (a name bound twice, a `*` import, a module not read)."""
    parts = dotted.split(".")
    for _ in range(MAX_STEPS + 1):
        found = _module(parts, source)
        if found is None:
            return None
        path, text, taken = found
        rest = parts[taken:]
        if len(rest) != 1:
            return None  # the module itself, or an attribute of a name (`Class.attribute`): not followed
        binding = _binding(text, rest[0], ".".join(parts[:taken]), path.endswith("__init__.py"))
        if binding is None:
            return None
        if binding == "":
            return path, rest[0]
        parts = binding.split(".")
    return None


def _module(parts: list[str], source: Source) -> tuple[str, str, int] | None:
    """The longest leading run of `parts` that names a module the package holds: (its path, its text, how many
    parts it takes)."""
    for taken in range(len(parts) - 1, 0, -1):
        base = "/".join(parts[:taken])
        for path in (f"{base}.py", f"{base}/__init__.py"):
            if (text := source(path)) is not None:
                return path, text, taken
    return None


def _binding(text: str, name: str, module: str, is_package: bool) -> str | None:
    """How the module's top level binds `name`: "" when it defines it (`class`, `def`), the dotted path when it
    imports it; None when it binds it otherwise or more than once, or imports a `*` after binding it (a `*` import
    before it, `from django.forms import *` then `from .fields import GeometryField`, is overridden)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    package = module if is_package else module.rpartition(".")[0]
    said: list[str] = []
    for node in _top_level(tree.body):
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            said.append("")
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for bound, dotted in _bindings(node, package):
                if bound == "*" and said:
                    return None  # it may bind the name again
                if bound == name:
                    said.append(dotted)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(n, ast.Name) and n.id == name for t in targets for n in breadth.walk(t)):
                return None
    return said[0] if len(said) == 1 else None


def _top_level(body: list[ast.stmt]) -> Iterable[ast.stmt]:
    """A module's statements, with those of its top-level `if`, `try` and `with` blocks (each branch may bind)."""
    for node in body:
        yield node
        if isinstance(node, (ast.If, ast.Try, ast.With)):
            branches = [node.body, getattr(node, "orelse", []), getattr(node, "finalbody", [])]
            branches += [handler.body for handler in getattr(node, "handlers", [])]
            for branch in branches:
                yield from _top_level(branch)

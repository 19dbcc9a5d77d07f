"""What a package says a user calls (issue 29, item 1): the names its top `__init__.py` imports from each of its
modules (`from cssselect.parser import parse`), and its `__all__`; and what such a function hands on of its own
arguments (`stream = TokenStream(tokenize(css))` in `parse(css)`).

A module some `__init__.py` picks names from, or that lists its `__all__`, says which of its names are for users:
its other functions, public by their names alone (`parse_selector_group`, `parse_attrib`), are the parser's
inside, and a card names the package's function that reaches them (`kb.harvest.reading.entry_points`)."""

import ast

from kb.text import breadth

MAX_STATEMENTS = 400  # top-level statements of a module read for what it publishes
MAX_NAMES = 200  # names of one import or `__all__`


def published_names(trees: dict[str, ast.Module]) -> dict[str, frozenset[str]]:
    """Module path -> the top-level names the package publishes from it: each `from .mod import name` (or the
    absolute `from pkg.mod import name`) of a module inside it in a top-level package's `__init__.py` (no
    `__init__.py` above it, no private part in its path), and that `__init__.py`'s own `__all__`. A module absent
    from the result publishes nothing by name: every public name of it is a user's. Only the top package: a
    subpackage's `__init__.py` imports as often to use a name (`from django.conf import settings`)."""
    found: dict[str, set[str]] = {}
    for path, tree in trees.items():
        parts = path.split("/")
        if parts[-1] != "__init__.py" or "/".join([*parts[:-2], "__init__.py"]) in trees:
            continue
        if any(p.startswith("_") and not p.startswith("__") for p in parts):
            continue
        if own := all_of(tree):
            found.setdefault(path, set()).update(own)
        inside = "/".join(parts[:-1]) + "/"
        for statement in tree.body[:MAX_STATEMENTS]:
            if not isinstance(statement, ast.ImportFrom) or not statement.module:
                continue
            module = _module_path(parts[:-1], statement.module, statement.level, trees)
            imported = [alias.name for alias in statement.names[:MAX_NAMES] if alias.name != "*"]
            if module.startswith(inside) and module != path and imported:
                found.setdefault(module, set()).update(imported)
    for path, published in found.items():  # `apps = Apps(...)` published: the class's methods are users' too
        module_tree = trees.get(path)
        published.update(_made_classes(module_tree, published) if module_tree is not None else ())
    return {path: frozenset(names) for path, names in found.items()}


def _made_classes(tree: ast.Module, names: set[str]) -> list[str]:
    """The classes a module makes its published instances of, at its top level (django/apps/registry.py:437)."""
    return [
        statement.value.func.id
        for statement in tree.body[:MAX_STATEMENTS]
        if isinstance(statement, ast.Assign)
        and isinstance(statement.value, ast.Call)
        and isinstance(statement.value.func, ast.Name)
        and any(isinstance(t, ast.Name) and t.id in names for t in statement.targets)
    ]


def all_of(tree: ast.Module) -> list[str] | None:
    """The strings of a module's `__all__ = [...]` (or a tuple); None where it has none."""
    for statement in tree.body[:MAX_STATEMENTS]:
        if (
            isinstance(statement, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "__all__" for t in statement.targets)
            and isinstance(statement.value, (ast.List, ast.Tuple))
        ):
            return [
                e.value
                for e in statement.value.elts[:MAX_NAMES]
                if isinstance(e, ast.Constant) and isinstance(e.value, str)
            ]
    return None


def _module_path(folder: list[str], module: str, level: int, trees: dict[str, ast.Module]) -> str:
    """The path of the module an `__init__.py` in `folder` imports from, when the tree holds it: relative
    (`.parser`, `..util`) from the folder, absolute (`cssselect.parser`) from where the folder's path names the
    module's first part."""
    dotted = module.split(".")
    if level:
        base = folder[: len(folder) - (level - 1)] if level > 1 else folder
    else:
        at = [i for i, part in enumerate(folder) if part == dotted[0]]
        if not at:
            return ""
        base = folder[: at[-1]]
    stem = "/".join([*base, *dotted])
    for path in (f"{stem}.py", f"{stem}/__init__.py"):
        if path in trees:
            return path
    return ""


def made_from(
    function: ast.FunctionDef | ast.AsyncFunctionDef, handed: ast.expr, parameters: dict[str, str]
) -> tuple[str, bool]:
    """The caller's parameter (as `parameters` says it) that what it hands on is, or is made from by calls alone,
    and whether it is made (not handed as it is): `css` for `TokenStream(tokenize(css))`, or for `stream` bound
    once to it (cssselect/parser.py:578-580). ("", False) when it reads no parameter, or more than one, or is
    made by anything but calls (`exclude or []` may drop what the reader passed)."""
    if isinstance(handed, ast.Name) and handed.id in parameters:
        return parameters[handed.id], False
    value = _bound_once(function, handed.id) if isinstance(handed, ast.Name) else handed
    rooted = _rooted(value, parameters) if value is not None else ""
    return rooted, bool(rooted)


def _rooted(expression: ast.expr, parameters: dict[str, str]) -> str:
    """The one parameter a call (or nested calls) is given among its positional arguments, or is made on (a
    method of it), else ""."""
    if not isinstance(expression, ast.Call):
        return ""
    found: set[str] = set()
    receiver = expression.func.value if isinstance(expression.func, ast.Attribute) else None
    if isinstance(receiver, ast.Name) and receiver.id in parameters:
        found.add(parameters[receiver.id])  # `__s.replace("\r\n", "\n")` (tomli/_parser.py:170)
    for argument in expression.args:
        if isinstance(argument, ast.Name) and argument.id in parameters:
            found.add(parameters[argument.id])
        elif isinstance(argument, ast.Call):
            if inner := _rooted(argument, parameters):
                found.add(inner)
            else:
                return ""
        elif not isinstance(argument, ast.Constant):
            return ""
    if expression.keywords or len(found) != 1:
        return ""
    return found.pop()


def _bound_once(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.expr | None:
    """The value of the one statement that binds `name` in the function, a plain `name = value`; None when
    anything else binds it too (a loop, a second assignment, a `:=`)."""
    values = []
    stores = 0
    for node in breadth.walk(function):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, (ast.Store, ast.Del)):
            stores += 1
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id == name:
                values.append(node.value)
    return values[0] if stores == 1 and len(values) == 1 else None

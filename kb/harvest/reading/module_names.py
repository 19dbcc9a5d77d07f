"""Module-level names a raise's conditions read, said from the reader's side (issue 29, round 24's cards 21, 23).

Two idioms every library writes:
- an optional dependency: a name bound in `try: import msgpack ... except ImportError:`, either a flag
  (`msgpack_available = True`, then `= False` in the handler) or the import itself with `None`/`False` in the
  handler (`yaml = None`); a test of it says whether the module can be imported. python-box 8.0.0
  `box/converters.py:76-80`, read in `box/from_file.py:73` through `from box.converters import msgpack_available`.
- a literal container: a name bound once to a dict (its keys), tuple, list, set or frozenset of constants that
  the module never changes (`converters = {"json": _to_json, ...}`, python-box `box/from_file.py:94`); a test
  `x not in converters` then says which values are accepted.

Each module's table is read once, on the first question (few modules are asked): its top-level statements, and for
the containers one walk of its statements and one scan of its text for the places that change a name in place.
A name imported from another module of the tree is followed there (`Resolver.modules`), a few steps at most.
"""

import ast
import re
from collections.abc import Iterable
from itertools import islice

from kb.harvest.reading.container_uses import changed_in_place, others
from kb.harvest.reading.imports import ModuleInfo, Resolver, block_fields
from kb.harvest.reading.walked import code as unparse
from kb.harvest.reading.walked import nodes_of
from kb.text import breadth

MAX_ITEMS = 8  # a container's items recorded (the card names a few)
MAX_COUNTED = 500  # items of a container counted; a larger one is not said
MAX_ITEM = 40  # characters of one item's code
MAX_FOLLOWED = 5  # re-exports followed to the module that binds a name
MAX_NODES = 200  # nodes of one test walked for the names it reads
_IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError"})
_GLOBAL = re.compile(r"\bglobal[ \t]++([\w \t,]++)")  # `global a, b` in a function: it may rebind them
_CONTAINERS = {ast.Dict: "dict", ast.Tuple: "tuple", ast.List: "list", ast.Set: "set"}
_MADE = frozenset({"frozenset", "set", "tuple", "list"})
_MUTABLE = frozenset({"dict", "list", "set"})


def table(info: ModuleInfo) -> dict[str, dict]:
    """The module's optional imports and literal containers by name, read once per module."""
    if info.module_names is None:
        info.module_names = {**_containers(info), **_optional(info)}
    return info.module_names


def rows(chains: Iterable[str], info: ModuleInfo, resolver: Resolver, message: str) -> list[dict]:
    """The rows of the module-level names (`x`, or `module.x` through an imported module) among `chains`, names
    neither locals nor parameters; `message`: the raise's literal text, whose "install X" proves that the import's
    name is the package's."""
    found: list[dict] = []
    for chain in chains:
        resolved = _resolve(chain, info, resolver)
        if resolved is None:
            continue
        module, bound, row = resolved
        if row["kind"] == "literal" and others(resolver).change(module, bound, row["type"] in _MUTABLE):
            continue  # changed from another module, or through another name for it: its items are not known
        row = {"name": chain, **row, "path": module.path}
        if row["kind"] == "optional" and _installs(message, row["module"]):
            row["installs"] = row["module"]
        found.append(row)
        if len(found) >= MAX_ITEMS:
            break
    return found


def chains_of(test: ast.expr) -> list[str]:
    """`x` and `m.x` a test reads (not called), in order: read once per test (its sites share it)."""
    found: dict[str, None] = {}
    called = set()
    for node in islice(nodes_of(test), MAX_NODES):
        if isinstance(node, ast.Call):
            called.add(id(node.func))
        elif id(node) in called:
            continue
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            found[node.id] = None
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            found[f"{node.value.id}.{node.attr}"] = None
    return list(found)


def _resolve(chain: str, info: ModuleInfo, resolver: Resolver) -> tuple[ModuleInfo, str, dict] | None:
    """The module that binds the name `chain` reads, the name it binds, and its row there: the module's own, or one
    it imports from a module of the tree (`from box.converters import msgpack_available`; `utils.
    docutils_is_available` of `from django.contrib.admindocs import utils`), re-exports followed."""
    head, _, attribute = chain.partition(".")
    if not attribute and head in info.assigned:
        if not _may_be_said(info.assigned[head]):
            return None
        own = table(info)
        return (info, head, own[head]) if head in own else None
    qualified = info.imports.get(head)
    if qualified is None:
        return None
    if attribute:
        qualified = f"{qualified}.{attribute}"
    for _step in range(MAX_FOLLOWED):
        module_name, _, name = qualified.rpartition(".")
        module = resolver.modules.get(module_name)
        if module is None:
            return None
        if name in module.assigned:
            if not _may_be_said(module.assigned[name]):
                return None
            known = table(module)
            return (module, name, known[name]) if name in known else None
        qualified = module.imports.get(name, "")
        if not qualified:
            return None
    return None


def _may_be_said(last: ast.expr | None) -> bool:
    """The gate before a module's table is read: the value a name is last bound to at its top level may be a flag's,
    a fallback's (`True`, `False`, `None`) or a literal container's; most names a test reads are neither."""
    if isinstance(last, ast.Constant):
        return last.value is None or isinstance(last.value, bool)
    if isinstance(last, ast.Call):
        return isinstance(last.func, ast.Name) and last.func.id in _MADE
    return type(last) in _CONTAINERS


def _installs(message: str, module: str) -> bool:
    """Whether the message tells the reader to install the module by its own name ('Please install "msgpack"',
    "pywatchman not installed."): then the import's name is the package's, and no pip name is guessed."""
    if "." in module or "install" not in message.lower():
        return False
    name = re.escape(module)
    # The name as what is to be installed, not anywhere in a message that installs something else ("To process
    # yaml files, run: pip install PyYAML" names the pip package PyYAML, not `yaml`).
    asked = rf"install\s++(?:the\s++)?+[\"'`]?+{name}(?![\w.-])"
    missing = rf"(?<![\w.-]){name}[\"'`]?+\s++(?:is\s++|are\s++)?+not\s++installed"
    return re.search(f"{asked}|{missing}", message, re.IGNORECASE) is not None


# --- optional imports ----------------------------------------------------------------------------------------------


def _optional(info: ModuleInfo) -> dict[str, dict]:
    """Names whose value says whether an optional module could be imported: a flag set to `False` in an
    `except ImportError:` (and `True` elsewhere, nothing else), or a name the `try` binds (the module, or what
    is imported or defined from it) and the handler sets to `None` or `False`. One module per `try`."""
    trues: dict[str, int] = {}  # a flag's `= True` bindings
    falses: dict[str, list[tuple[str, int]]] = {}  # a flag's `= False` in a handler: (module, line)
    bound: dict[str, tuple[str, str, str, int]] = {}  # name -> (module, installed, missing, line)
    others: set[str] = set()  # bound any other way: not a flag
    for statement in _top(info.body):
        if isinstance(statement, (ast.Try, ast.TryStar)) and (module := _tried_module(statement, info)):
            handled = [h for h in statement.handlers if _catches_import_error(h)]
            given = _given(statement.body)
            for name, value in _given(statement.orelse).items():
                given[name] = value if name not in given else "other"
            for handler in handled:
                fallbacks = _fallbacks(handler.body)
                for name, missing, line in fallbacks:
                    if given.get(name) in ("module", "defined"):
                        bound[name] = (module, "module", missing, line)
                    elif missing == "False" and given.get(name) in (None, "True"):
                        falses.setdefault(name, []).append((module, line))
                    else:
                        others.add(name)
                others.update(_bound_names(handler.body) - {name for name, _, _ in fallbacks})
            for name, value in given.items():
                if value == "True":
                    trues[name] = trues.get(name, 0) + 1
                elif value == "other":
                    others.add(name)
            for handler in statement.handlers:
                if handler not in handled:
                    others.update(_bound_names(handler.body))
            others.update(_bound_names(statement.finalbody))
            continue
        for name, value in _given([statement]).items():
            if value == "True":
                trues[name] = trues.get(name, 0) + 1
            else:
                others.add(name)
    found: dict[str, dict] = {}
    for name, (module, installed, missing, line) in bound.items():
        if name not in others and name not in falses and name not in trues:
            found[name] = {"kind": "optional", "module": module, "installed": installed, "missing": missing}
            found[name]["line"] = line
    for name, modules in falses.items():
        if name in others or name in bound or not trues.get(name) or len({m for m, _ in modules}) != 1:
            continue
        found[name] = {"kind": "optional", "module": modules[0][0], "installed": "True", "missing": "False"}
        found[name]["line"] = modules[0][1]
    if not found:
        return {}
    text = "\n".join(info.lines)
    declared = {name for match in _GLOBAL.finditer(text) for name in re.split(r"[\s,]++", match[1])}
    return {name: row for name, row in found.items() if name not in declared}


def _top(body: list[ast.stmt]):
    """The module's own statements, those under a top-level `if` too (not a `try`'s: `_optional` reads those)."""
    for statement in body:
        if isinstance(statement, ast.If):
            yield from _top(statement.body)
            yield from _top(statement.orelse)
        else:
            yield statement


def _quiet(statement: ast.stmt) -> bool:
    """Whether a statement beside a `try`'s imports cannot raise an ImportError of its own: a definition, `pass`,
    a docstring, an assignment that calls nothing."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Pass)):
        return True
    if isinstance(statement, ast.Expr):
        return isinstance(statement.value, ast.Constant)
    if isinstance(statement, (ast.Assign, ast.AnnAssign)):
        return statement.value is not None and not any(isinstance(n, ast.Call) for n in breadth.walk(statement.value))
    return False


def _tried_module(attempt: ast.Try | ast.TryStar, info: ModuleInfo) -> str:
    """The one module a `try` imports with `import` statements alone (absolute, not of the tree itself): `msgpack`,
    `ruamel.yaml`; the package when it imports several of one (`docutils.core`, `docutils.nodes`: `docutils`); ""
    otherwise, and for a `from X import y` (which fails where X lacks `y`) or a statement that may raise an
    ImportError of its own (a version check)."""
    modules: list[str] = []
    for statement in attempt.body:
        if isinstance(statement, ast.Import):
            modules += [alias.name for alias in statement.names]
        elif isinstance(statement, ast.ImportFrom):
            # `from yaml import CSafeLoader` fails too where yaml is installed without what is named: say less.
            return ""
        elif not _quiet(statement):
            return ""  # `if msgpack.version < (1,): raise ImportError(...)`: the flag says more than installed
    tops = {module.partition(".")[0] for module in modules}
    if len(tops) != 1 or tops == {info.name.partition(".")[0]}:
        return ""
    return modules[0] if len(set(modules)) == 1 else tops.pop()


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    caught = handler.type
    kinds = caught.elts if isinstance(caught, ast.Tuple) else [caught] if caught is not None else []
    return bool(kinds) and all(isinstance(k, ast.Name) and k.id in _IMPORT_ERRORS for k in kinds)


def _given(statements: list[ast.stmt]) -> dict[str, str]:
    """What these statements (not those inside them) bind, by name: "module" for an import (a name from a module
    but an upper-case one, which may be a false value), "defined" for a function or class, "True" for `= True`,
    "other" for anything else."""
    found: dict[str, str] = {}
    for statement in statements:
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                found[alias.asname or alias.name.partition(".")[0]] = "module"
        elif isinstance(statement, ast.ImportFrom):
            for alias in statement.names:
                name = alias.asname or alias.name
                found[name] = "other" if name.isupper() or alias.name == "*" else "module"
        elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found[statement.name] = "defined"
        else:
            for name in _bound_names([statement]):
                value = getattr(statement, "value", None)
                is_true = isinstance(value, ast.Constant) and value.value is True
                found[name] = "True" if is_true and isinstance(statement, ast.Assign) else "other"
    return found


def _fallbacks(statements: list[ast.stmt]) -> list[tuple[str, str, int]]:
    """`name = None` / `name = False` (also `a = b = None`) in a handler's own statements."""
    found = []
    for statement in statements:
        if not isinstance(statement, ast.Assign) or not isinstance(statement.value, ast.Constant):
            continue
        if statement.value.value is None or statement.value.value is False:
            found += [
                (target.id, repr(statement.value.value), statement.lineno)
                for target in statement.targets
                if isinstance(target, ast.Name)
            ]
    return found


def _bound_names(statements: list[ast.stmt]) -> set[str]:
    """Every name these statements bind at the module's level, those inside an `if`, `try`, `for` or `with` too."""
    found: set[str] = set()
    stack: list[ast.AST] = list(statements)
    while stack:
        statement = stack.pop()
        if isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For, ast.AsyncFor)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            found |= {n.id for t in targets for n in breadth.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(statement, (ast.Import, ast.ImportFrom)):
            found |= {alias.asname or alias.name.partition(".")[0] for alias in statement.names}
        elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(statement.name)
            continue
        elif isinstance(statement, (ast.With, ast.AsyncWith)):
            found |= {
                n.id
                for item in statement.items
                if item.optional_vars
                for n in breadth.walk(item.optional_vars)
                if isinstance(n, ast.Name)
            }
        for name in block_fields(type(statement)):
            stack.extend(getattr(statement, name, None) or [])
        if isinstance(statement, (ast.Try, ast.TryStar)):
            stack.extend(h for h in statement.handlers)
    return found


# --- literal containers --------------------------------------------------------------------------------------------


def _containers(info: ModuleInfo) -> dict[str, dict]:
    """Names bound once, at the top level and in no branch, to a literal container of constants (a dict's keys),
    that no statement of the module changes or binds again (`NAME[k] = v`, `del NAME[k]`, `NAME += ...`,
    `NAME.update(...)`, `global NAME`)."""
    candidates: dict[str, dict] = {}
    for statement in info.body:
        value: ast.expr | None
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target, value = statement.targets[0], statement.value
        elif isinstance(statement, ast.AnnAssign):
            target, value = statement.target, statement.value
        else:
            continue
        if isinstance(target, ast.Name) and (row := _container(value)) is not None:
            candidates[target.id] = row | {"line": statement.lineno}
    if not candidates:
        return {}
    counts: dict[str, int] = {}
    for name in _bound_list(info.body):
        counts[name] = counts.get(name, 0) + 1
    changed = changed_in_place(info)
    return {name: row for name, row in candidates.items() if counts.get(name) == 1 and name not in changed}


def _container(value: ast.expr | None) -> dict | None:
    """A literal container of constants as a row: its type, its first items' code and their count."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in _MADE:
        if value.keywords or len(value.args) != 1 or not isinstance(value.args[0], (ast.Tuple, ast.List, ast.Set)):
            return None
        kind, items = value.func.id, value.args[0].elts
    elif isinstance(value, ast.Dict):
        if any(key is None for key in value.keys):
            return None  # `{**other}`: keys not all written here
        kind, items = "dict", [key for key in value.keys if key is not None]
    elif type(value) in _CONTAINERS:
        kind, items = _CONTAINERS[type(value)], value.elts  # type: ignore[union-attr]
    else:
        return None
    if not items or len(items) > MAX_COUNTED or not all(_constant(item) for item in items):
        return None
    shown = [unparse(item) for item in items[:MAX_ITEMS]]
    if any(len(code) > MAX_ITEM for code in shown):
        return None
    return {"kind": "literal", "type": kind, "items": shown, "count": len(items)}


def _constant(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is not Ellipsis


def _bound_list(statements: list[ast.stmt]):
    """Each binding of a name at the module's level (in functions, `global` is looked for in the text)."""
    for statement in statements:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield statement.name
            continue
        yield from _bound_names([statement]) if not block_fields(type(statement)) else _own_bound(statement)


def _own_bound(statement: ast.stmt):
    """The names a compound statement binds itself (`for x in ...`, `with ... as x`), then those of its blocks."""
    if isinstance(statement, (ast.For, ast.AsyncFor)):
        yield from (n.id for n in breadth.walk(statement.target) if isinstance(n, ast.Name))
    elif isinstance(statement, (ast.With, ast.AsyncWith)):
        for item in statement.items:
            if item.optional_vars is not None:
                yield from (n.id for n in breadth.walk(item.optional_vars) if isinstance(n, ast.Name))
    for name in block_fields(type(statement)):
        yield from _bound_list(getattr(statement, name, None) or [])
    if isinstance(statement, (ast.Try, ast.TryStar)):
        for handler in statement.handlers:
            if handler.name:
                yield handler.name
            yield from _bound_list(handler.body)

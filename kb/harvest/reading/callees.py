"""What the functions called in a `try` raise, for a site in its `except E:` (issue 29).

`try: kind = _homogeneous_kv_mem_kind(kinds, "destination") except NotImplementedError: raise ...`: the site runs
when `_homogeneous_kv_mem_kind` raised, and that function's own raise of NotImplementedError (its message and
condition) says when. Two halves: while a module is read, the calls of the `try` are resolved to the functions
they name (`tried`: a module function, an imported one, or `self.m()` through the class's ancestors; never by a
name alone); after the scan, those functions' sites of the caught type are looked up (`callee_raises`)."""

import ast
import builtins
import keyword
import re
import weakref
from collections import Counter
from itertools import islice

from kb.harvest.reading.classes import ClassIndex
from kb.harvest.reading.conditions import sentence
from kb.harvest.reading.definitions import clip
from kb.harvest.reading.imports import dotted, visible_name
from kb.harvest.reading.scopes import Scope, set_in_init, statements
from kb.harvest.reading.walked import code as unparse
from kb.harvest.reading.walked import nodes_of
from kb.text import breadth

MAX_CALLS = 8  # resolved calls of one `try` body
MAX_NODES = 300  # nodes of a `try` body walked
MAX_ROWS = 3
MAX_CALLEE_SITES = 50  # raises of one called function looked at
_CATCH_ALL = frozenset({"Exception", "BaseException"})

MAX_ARGUMENT = 80  # characters of an argument's code put in the callee's condition
# {"caught": [qualified type, ...], "calls": [[path, qualname], ...], "arguments": {"path::qualname": {...}}}:
# "arguments" holds, per call, its positional arguments' code and its keywords' ({"args": [...], "kwargs": {}});
# "others" (when any), the "path::qualname" of the calls that may raise a caught type other than by their raises.
Tried = dict


def tried(statement: ast.stmt, parents: dict[ast.AST, ast.AST], scope: Scope) -> Tried | None:
    """For a site in an `except` clause (the nearest one around it): the types caught and the functions the
    matching `try` calls, resolved; None elsewhere."""
    child: ast.AST = statement
    while (parent := parents.get(child)) is not None and not isinstance(parent, ast.ExceptHandler):
        child = parent
    attempt = parents.get(parent) if parent is not None else None
    if not isinstance(parent, ast.ExceptHandler) or not isinstance(attempt, (ast.Try, ast.TryStar)):
        return None
    caught = caught_types(parent.type, scope)
    calls: dict[tuple[str, str], ast.Call] = {}
    others: list[str] = []
    nodes = (n for stmt in attempt.body for n in nodes_of(stmt))
    for node in islice(nodes, MAX_NODES):
        if isinstance(node, ast.Call) and (resolved := _resolved(node.func, scope) or _made(node.func, scope)):
            target, function = resolved
            if target not in calls and _raises_otherwise(scope.index, function, caught):
                others.append("::".join(target))
            calls.setdefault(target, node)
            if len(calls) >= MAX_CALLS:
                break
    if not calls:
        return None
    return {
        "caught": caught,
        "calls": [list(call) for call in calls],
        "arguments": {f"{path}::{function}": _arguments(call) for (path, function), call in calls.items()},
    } | ({"others": others} if others else {})


# Per harvest (its class index): whether each function read may raise a caught type otherwise.
_OTHERWISE: "weakref.WeakKeyDictionary[ClassIndex, dict[tuple[int, bool], bool]]" = weakref.WeakKeyDictionary()
_BUILTIN_ERRORS = frozenset(
    name for name, value in vars(builtins).items() if isinstance(value, type) and issubclass(value, BaseException)
)


def _raises_otherwise(index: ClassIndex, function: ast.FunctionDef | ast.AsyncFunctionDef, caught: list[str]) -> bool:
    """Whether the called function may raise a caught type other than by its own `raise` statements: a call, an
    import, or (for a builtin type, which operations raise too) any operation outside them. `import_string()`
    raises `ImportError` itself for a malformed path, and lets `import_module()`'s through for a missing module;
    `_ipv6_address_from_str()` raises `ValueError` for a long string, and `ipaddress` does for the others. What it
    calls is not followed: its own raises are then examples, not the list."""
    builtin = any(name in _BUILTIN_ERRORS for name in caught)
    known = _OTHERWISE.setdefault(index, {})
    if (id(function), builtin) not in known:  # each function read once per harvest, whatever calls it
        known[id(function), builtin] = _calls_out(function, builtin)
    return known[id(function), builtin]


# Per harvest (its class index): whether each function read has a `raise` of its own.
_RAISING: "weakref.WeakKeyDictionary[ClassIndex, dict[int, bool]]" = weakref.WeakKeyDictionary()
_ASSIGNS = (ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign)


def raising_call(statement: ast.stmt, scope: Scope) -> bool:
    """Whether a statement is a call of the repository's own function (resolved as `tried` resolves them) that has
    a `raise` of its own, so that it may end the caller before what follows: `self._not_support_combined_queries(
    "extra")` above `if self.query.is_sliced: raise TypeError(...)` in `QuerySet.extra` (Django 5.2.19
    django/db/models/query.py:1753, round 18's card 13). Each callee is read once per harvest."""
    value = getattr(statement, "value", None) if isinstance(statement, _ASSIGNS) else None
    if isinstance(value, ast.Await):
        value = value.value
    if not isinstance(value, ast.Call) or (resolved := _resolved(value.func, scope)) is None:
        return False
    function = resolved[1]
    known = _RAISING.setdefault(scope.index, {})
    if id(function) not in known:
        known[id(function)] = any(isinstance(node, ast.Raise) for node in islice(statements(function.body), MAX_NODES))
    return known[id(function)]


def _calls_out(function: ast.FunctionDef | ast.AsyncFunctionDef, builtin: bool) -> bool:
    stack: list[ast.AST] = list(function.body)
    for _ in range(MAX_NODES):
        if not stack:
            return False
        node = stack.pop()
        if isinstance(node, (ast.Raise, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue  # its own raise (said), or code that does not run here
        if isinstance(node, (ast.Call, ast.Import, ast.ImportFrom, ast.Await, ast.Yield, ast.YieldFrom)):
            return True
        if builtin and isinstance(node, (ast.Subscript, ast.BinOp, ast.Attribute, ast.Compare, ast.UnaryOp)):
            return True
        stack.extend(ast.iter_child_nodes(node))
    return True  # longer than read: said as examples


def _arguments(call: ast.Call) -> dict:
    """The code of each argument a call passes (a starred one ends the positional list: what follows is unknown)."""
    args = []
    for argument in call.args:
        if isinstance(argument, ast.Starred):
            break
        args.append(clip(unparse(argument), MAX_ARGUMENT + 1))
    kwargs = {k.arg: clip(unparse(k.value), MAX_ARGUMENT + 1) for k in call.keywords if k.arg}
    return {"args": args, "kwargs": kwargs}


def caught_types(handler_type: ast.expr | None, scope: Scope) -> list[str]:
    """The types an `except` clause names, qualified as the harvest records exception types."""
    if handler_type is None:
        return ["BaseException"]
    kinds = handler_type.elts if isinstance(handler_type, ast.Tuple) else [handler_type]
    found = []
    for kind in kinds[:8]:
        parts = dotted(kind)
        if parts is None:
            continue
        imported = scope.imported(parts[0])
        resolver = scope.index.resolver
        qualified = (
            resolver.canonical(".".join([imported, *parts[1:]])) if imported else resolver.qualify(parts, scope.info)
        )
        if qualified:
            found.append(visible_name(qualified))
    return found


def _resolved(func: ast.expr, scope: Scope) -> tuple[tuple[str, str], ast.FunctionDef | ast.AsyncFunctionDef] | None:
    """(path, qualname) of the function a call names, with its definition, when it is known without guessing."""
    index = scope.index
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
        if not scope.owner:
            return None
        found = index.method(scope.owner, func.attr)
        if found is None:
            return None
        info = found[1]
        class_name = info.qualname[len(info.module.name) + 1 :]
        return (info.module.path, f"{class_name}.{func.attr}"), found[0]
    if not isinstance(func, ast.Name) or func.id in scope.bindings or func.id in scope.params:
        return None
    name = func.id
    imported = scope.imported(name) or scope.info.imports.get(name)
    if imported is None:
        node = scope.info.function_nodes.get(name)
        return ((scope.info.path, name), node) if node is not None else None
    module_name, _, function = index.resolver.canonical(imported).rpartition(".")
    module = index.resolver.modules.get(module_name)
    if module is None or function not in module.function_nodes:
        return None
    return (module.path, function), module.function_nodes[function]


def _made(func: ast.expr, scope: Scope) -> tuple[tuple[str, str], ast.FunctionDef | ast.AsyncFunctionDef] | None:
    """The method a call names on an object whose class is known without a guess (round 31's card 07): a local
    bound once, to an instance of a class of the tree (`loader = MigrationLoader(None); loader.get_migration_by_
    prefix(...)`, django/core/management/commands/optimizemigration.py:47-51), or an attribute of such a local that
    its class's `__init__` alone sets, to one (`executor = MigrationExecutor(...); executor.loader.get_migration_
    by_prefix(...)`, migrate.py:107, 160, with `self.loader = MigrationLoader(self.connection)` in executor.py:18).
    Said for a `try`'s calls alone: what the method raises then says why the handler ran."""
    if not isinstance(func, ast.Attribute):
        return None
    owner = _made_class(func.value, scope)
    found = scope.index.method(owner, func.attr) if owner else None
    if found is None:
        return None
    info = found[1]
    return (info.module.path, f"{info.qualname[len(info.module.name) + 1 :]}.{func.attr}"), found[0]


def _made_class(value: ast.expr, scope: Scope) -> str | None:
    """The qualified class of `value`: a local's one binding `x = C(...)`, or `x.attr` with `self.attr = D(...)`
    the one assignment of `self.attr` in C's `__init__`, none in C's other methods (or its ancestors'), none on an
    object other than `self` near C or in the caller's module; else None."""
    if isinstance(value, ast.Name):
        bound = scope.bindings.get(value.id) or []
        if value.id in scope.params or len(bound) != 1 or bound[0].augmented:
            return None
        return _instance_of(bound[0].expr, scope)
    if not isinstance(value, ast.Attribute) or not isinstance(value.value, ast.Name):
        return None
    owner = _made_class(value.value, scope)
    if owner is None or value.attr in scope.info.stored or owner_sets_again(scope.index, owner, value.attr):
        return None
    initial = set_in_init(scope.index, owner, value.attr)
    if initial is None or not isinstance(initial.env, Scope) or not _always_set(scope.index, owner, initial.line):
        return None
    return _instance_of(initial.expr, initial.env)


def _always_set(index: ClassIndex, owner: str, line: int) -> bool:
    """Whether the assignment at `line` is a statement of `__init__`'s own body, run on every call: not one under
    an `if` (`if connection is not None: self.loader = ...`), where the attribute may stay the class's own."""
    found = index.method(owner, "__init__")
    return found is not None and any(
        isinstance(statement, (ast.Assign, ast.AnnAssign)) and statement.lineno == line for statement in found[0].body
    )


def _instance_of(expr: ast.expr | None, scope: Scope) -> str | None:
    """`C(...)` with `C` a class of the tree as `scope`'s module names it, whose instances stay of that class: its
    qualified name."""
    if not isinstance(expr, ast.Call) or (parts := dotted(expr.func)) is None:
        return None
    qualified = scope.index.resolver.qualify(parts, scope.info, local_names=scope.local_names())
    if not qualified or scope.index.get(qualified) is None:
        return None
    known = _KEEPS_CLASS.setdefault(scope.index, {})
    if qualified not in known:  # each class read once per harvest, whatever calls make it
        known[qualified] = _keeps_class(scope.index, qualified)
    return qualified if known[qualified] else None


# Per harvest (its class index): whether `C(...)` of each class read gives an instance of C itself.
_KEEPS_CLASS: "weakref.WeakKeyDictionary[ClassIndex, dict[str, bool]]" = weakref.WeakKeyDictionary()


def _keeps_class(index: ClassIndex, qualified: str) -> bool:
    """Whether `C(...)` is an instance of C: no `__new__` along its hierarchy (it may return another object), no
    method that sets `self.__class__` (Django's `OGRGeometry.__init__` makes itself a `Point` or a `Polygon`,
    django/contrib/gis/gdal/geometries.py:134, whose methods override its own)."""
    for info in islice(index.mro(qualified), 20):
        if "__new__" in info.methods:
            return False
        for node in info.methods.values():
            for statement in islice(statements(node.body), MAX_NODES):
                if isinstance(statement, ast.Assign) and any(
                    isinstance(target, ast.Attribute)
                    and target.attr == "__class__"
                    and dotted(target.value) == ["self"]
                    for target in statement.targets
                ):
                    return False
    return True


def owner_sets_again(index: ClassIndex, owner: str, name: str) -> bool:
    """Whether a method of the class or its ancestors other than the `__init__` that runs sets `self.<name>`, or a
    module near one sets `<obj>.<name>`: the attribute may then hold something else."""
    first_init = True  # the `__init__` that runs is the first along the hierarchy: `set_in_init` reads it
    for info in index.mro(owner):
        if index.stored_near(info, name):
            return True
        for method, node in info.methods.items():
            if method == "__init__" and first_init:
                first_init = False
                continue
            if any(
                isinstance(target, ast.Attribute) and target.attr == name and dotted(target.value) == ["self"]
                for statement in statements(node.body)
                if isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign))
                for target in (statement.targets if isinstance(statement, ast.Assign) else [statement.target])
            ):
                return True
    return False


def callee_raises(tried_at: Tried, sites_by_function: dict, index: ClassIndex) -> list[dict]:
    """The raises of a caught type (or a subclass) by the functions a `try` calls: `sites_by_function` maps
    (path, function) to that function's sites, as found by the scan."""
    caught = set(tried_at["caught"])
    rows: list[dict] = []
    seen: set[tuple[str, str]] = set()
    for path, function in tried_at["calls"]:
        # The first raises of the function only: a hostile one with thousands, called from thousands of `try`s,
        # would be read thousands of times over.
        for site in sites_by_function.get((path, function), ())[:MAX_CALLEE_SITES]:
            if site.kind != "error" or not is_caught(site.exception_type, caught, index):
                continue
            if (site.exception_type, site.message) in seen:
                continue
            seen.add((site.exception_type, site.message))
            evidence = site.evidence or {}
            condition = _condition(evidence.get("conditions", []), evidence.get("definitions", []))
            bound = bindings(evidence, (tried_at.get("arguments") or {}).get(f"{path}::{function}"))
            # A parameter the callee binds again before it raises (`var = var[2:-1]` under an `if` in Django's
            # `Variable()`, django/template/base.py:837) may no longer be what the call passed: its placeholder
            # keeps the callee's name, and a test that still reads it (not read through its one definition) is
            # not said at the call.
            definitions = evidence.get("definitions") or []
            rebound = {str(row.get("name")) for row in definitions if row.get("line")}
            unsure = {name for name in rebound & set(bound) if name not in _simple(definitions)}
            # Said only on what the caller hands on: "`results` has more than 1 item" names a local of the callee
            # the caller's reader never sees (round 31's card 07); its message says it then.
            sayable = reads_only_parameters(condition, evidence) and not (unsure and reads_any(condition, unsure))
            condition = substituted(condition, {name: code for name, code in bound.items() if name not in unsure})
            message = filled(site.message, {name: code for name, code in bound.items() if name not in rebound})
            rows.append(
                {
                    "function": function,
                    "exception": site.exception_type,
                    "message": message,
                    "condition": condition,
                    "sentence": said(condition) if sayable else "",
                    "path": path,
                    "line": site.line,
                }
                | ({"others": True} if f"{path}::{function}" in (tried_at.get("others") or ()) else {})
            )
            if len(rows) >= MAX_ROWS:
                return rows
    return rows


def is_caught(raised: str, caught: set[str], index: ClassIndex) -> bool:
    if raised in caught or caught & _CATCH_ALL:
        return True
    for info in islice(index.mro(raised), 20):
        if info.qualname in caught or any(len(b) == 1 and b[0] in caught for b in info.bases):
            return True
    return False


def _condition(conditions: list[dict], definitions: list[dict]) -> str:
    """The innermost `if`/`else`/`assert`/`while` test, its locals replaced by their one-line definitions
    (`len(unique) != 1` with `unique = set(kinds)` is `len(set(kinds)) != 1`)."""
    test = next((c["code"] for c in conditions if c.get("kind") in ("if", "else", "assert", "while", "case")), "")
    if not test or not definitions:
        return test
    return inlined(test, definitions)


def inlined(code: str, definitions: list[dict]) -> str:
    """`code` with each local that has exactly one definition (and that a short expression) put in its place."""
    simple = _simple(definitions)
    if not simple:
        return code
    try:
        tree = ast.parse(code, mode="eval")
        replacements = {name: ast.parse(text, mode="eval").body for name, text in simple.items() if "." not in name}
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return code
    # A module's constant by its value, not by the constants it is computed from: `CSRF_TOKEN_LENGTH` stays, not
    # `2 * CSRF_SECRET_LENGTH` beside a `32` put in its place.
    replacements = {
        name: value
        for name, value in replacements.items()
        if not (name.isupper() and any(isinstance(node, ast.Name) for node in breadth.walk(value)))
    }
    changed = _Replace(replacements).visit(tree)
    return clip(unparse(changed), 200)


def _simple(definitions: list[dict]) -> dict[str, str]:
    """The locals `inlined` puts the definition of in place: one definition, short, not changed in place after."""
    counts = Counter(row["name"] for row in definitions)
    return {
        row["name"]: row["code"]
        for row in definitions
        if counts[row["name"]] == 1 and len(row["code"]) <= 80 and not row.get("changed")  # not `x.pop()`-ed after
    }


class _Replace(ast.NodeTransformer):
    def __init__(self, replacements: dict[str, ast.expr]) -> None:
        self.replacements = replacements

    def visit_Name(self, node: ast.Name) -> ast.AST:
        return self.replacements.get(node.id, node)


def reads_only_parameters(condition: str, evidence: dict) -> bool:
    """Whether the callee's condition reads no name but its parameters (not `self`), builtins, names written as
    classes or constants and the functions it calls: `len(set(kinds)) != 1` does, `len(results) > 1` and
    `self.strict` do not."""
    signature = str((evidence.get("function") or {}).get("signature") or "")
    try:
        tree = ast.parse(condition, mode="eval") if condition else None
        node = ast.parse(f"def f{signature}: pass").body[0] if signature.startswith("(") else None
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    if tree is None or not isinstance(node, ast.FunctionDef):
        return False
    arguments = node.args
    parameters = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)} - {"self", "cls"}
    called = {id(n.func) for n in breadth.walk(tree) if isinstance(n, ast.Call)}
    return all(
        n.id in parameters or n.id in _BUILTIN_NAMES or n.id[:1].isupper() or id(n) in called
        for n in breadth.walk(tree)
        if isinstance(n, ast.Name)
    )


_BUILTIN_NAMES = frozenset(dir(builtins))


def reads_any(condition: str, names: set[str]) -> bool:
    """Whether the condition reads one of `names` (True for one that does not parse: nothing is said of it)."""
    try:
        tree = ast.parse(condition, mode="eval") if condition else None
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return True
    return tree is not None and any(isinstance(n, ast.Name) and n.id in names for n in breadth.walk(tree))


def said(condition: str) -> str:
    """The callee's condition in words, as the site's own conditions are (`kb.harvest.reading.conditions`)."""
    try:
        return sentence(ast.parse(condition, mode="eval").body) if condition else ""
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ""


def bindings(evidence: dict, arguments: dict | None) -> dict[str, str]:
    """The callee's parameters bound to the code of the arguments the call passes: `_kind(kinds, context)` called
    as `_kind(peer.dst_kinds, "destination")` gives {"kinds": "peer.dst_kinds", "context": "'destination'"}.
    A parameter whose argument is not known (a default, `*args`) is left out."""
    signature = str((evidence.get("function") or {}).get("signature") or "")
    if not arguments or not signature.startswith("("):
        return {}
    try:
        node = ast.parse(f"def f{signature}: pass").body[0]
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    if not isinstance(node, ast.FunctionDef):
        return {}
    names = [a.arg for a in [*node.args.posonlyargs, *node.args.args]]
    if names[:1] in (["self"], ["cls"]):
        names = names[1:]
    bound = dict(zip(names, arguments.get("args") or [], strict=False))
    keywords = {a.arg for a in [*node.args.args, *node.args.kwonlyargs]}
    bound |= {k: v for k, v in (arguments.get("kwargs") or {}).items() if k in keywords}
    return {name: code for name, code in bound.items() if len(code) <= MAX_ARGUMENT}


def filled(message: str, bound: dict[str, str]) -> str:
    """The callee's message with each `{parameter}` the call passes a string literal for written out
    (`NIXL {context} mixed ...` with context "destination": `NIXL destination mixed ...`), or a name of the
    caller's for, by that name. All at once: `f(name_prefix, app_label)` for `f(app_label, name_prefix)` swaps the
    two names, where one after the other would write the first over the second (`{app_label}` twice)."""
    written: dict[str, str] = {}
    for name, code in bound.items():
        if f"{{{name}}}" not in message:
            continue
        if code.isidentifier() and not keyword.iskeyword(code) and code not in ("self", "cls"):
            # The caller's own name for it (`get_migration_by_prefix(app_label, migration_name)`: the message's
            # `{name_prefix}` is the caller's `{migration_name}`, which its card says); not `None` or `True`,
            # which are no name of the caller's.
            written[name] = f"{{{code}}}"
            continue
        try:
            value = ast.literal_eval(code)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            continue
        if isinstance(value, str) and len(value) <= MAX_ARGUMENT:
            written[name] = value.replace("{", "{{").replace("}", "}}")
        elif value is None:
            written[name] = "None"  # as `%s`, `%r` and an f-string all write it
    if not written:
        return message
    placeholders = re.compile("|".join(re.escape(f"{{{name}}}") for name in written))
    return placeholders.sub(lambda found: written[found.group()[1:-1]], message)


def substituted(condition: str, bound: dict[str, str]) -> str:
    """The callee's condition read at the call: each parameter replaced by the argument passed for it
    (`len(set(kinds)) != 1` called with `peer.dst_kinds`: `len(set(peer.dst_kinds)) != 1`)."""
    if not condition or not bound:
        return condition
    try:
        tree = ast.parse(condition, mode="eval")
        replacements = {name: ast.parse(code, mode="eval").body for name, code in bound.items()}
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return condition
    return clip(unparse(_Replace(replacements).visit(tree)), 200)

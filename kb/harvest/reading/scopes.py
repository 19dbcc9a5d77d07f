"""Where a name's value comes from, as the harvest reads a module: its top level (`ModuleEnv`), a class body
(`ClassEnv`, with `self.x` looked up through the ancestors) and a function's bindings in line order (`Scope`)."""

import ast
import copy
from collections.abc import Callable, Iterator
from typing import cast

from kb.harvest.reading.classes import ClassIndex, ClassInfo, dict_items
from kb.harvest.reading.imports import ModuleInfo, block_fields, dotted
from kb.harvest.reading.messages import Binding, BranchPath, MessageBuilder, Parts, exclusive
from kb.text import breadth

FOREVER = 10**9  # a line after every other: a binding seen from outside its function


class ModuleEnv:
    """A module's top level seen from anywhere: its last binding of each name."""

    def __init__(self, info: ModuleInfo, index: ClassIndex) -> None:
        self.info = info
        self.index = index

    def binding(self, name: str, line: int, path: BranchPath = ()) -> Binding | None:
        if name not in self.info.assigned:
            return None
        return Binding(self.info.assigned[name], FOREVER, self)

    def attribute(self, parts: list[str]) -> Binding | None:
        owner = self.index.resolver.qualify(parts[:1], self.info)
        if owner is None:
            return None
        module = self.index.resolver.modules.get(owner)
        if module is not None:
            # `errors.SCHEMA_ERROR_MISSING`: a constant of a module of this harvest (Cerberus keeps its messages so).
            value = module.assigned.get(parts[1])
            return None if value is None else Binding(value, FOREVER, ModuleEnv(module, self.index))
        return _class_attribute(self.index, owner, parts[1])

    def error_message(self, key: str) -> Binding | None:
        return None

    def item(self, parts: list[str], key: str, line: int) -> Binding | None:
        """`MESSAGES["key"]` for a dict bound to a name."""
        bound = self.binding(parts[0], line) if len(parts) == 1 else None
        if bound is None or not isinstance(bound.expr, ast.Dict):
            return None
        value = dict_items(bound.expr).get(key)
        return None if value is None else Binding(value, bound.line, bound.env, path=bound.path)

    def method_result(self, name: str) -> Binding | None:
        return None

    def method_params(self, name: str) -> list[str]:
        return []

    def function_results(self, name: str) -> list[Binding]:
        """`_format_filepos(lineno, pos, filename)`: what a function of this module returns, one binding per
        `return` in source order, read in the function's own scope (its parameters are placeholders)."""
        function = self.info.function_nodes.get(name)
        if function is None:
            return []
        if (known := self.index.function_results.get(id(function))) is not None:
            return known
        scope = Scope(
            self.info,
            self.index,
            owner=None,
            qualname=function.name,
            parent=None,
            span=(function.lineno, function.end_lineno or function.lineno),
            params=params_of(function.args),
        )
        record_bindings(function.body, scope)
        returned = sorted(returns_of(function), key=lambda node: node.lineno)
        found = [Binding(node.value, node.lineno, scope) for node in returned if node.value is not None]
        self.index.function_results[id(function)] = found
        return found


def in_class(info: ClassInfo, expr: ast.expr, index: ClassIndex, owner: str) -> Binding:
    """An expression of a class body (or an ancestor's, `info`), read as a method of `owner` sees it."""
    return Binding(expr, FOREVER, ClassEnv(info.module, index, owner))


def forms_in(info: ClassInfo, expr: ast.expr, index: ClassIndex, owner: str) -> list[Parts]:
    bound = in_class(info, expr, index, owner)
    return MessageBuilder(bound.env).forms(expr, bound.line)


def returns_of(
    function: ast.FunctionDef | ast.AsyncFunctionDef, arms: Callable[[ast.If], tuple[bool, bool]] | None = None
) -> list[ast.Return]:
    """The function's own `return` statements (not those of a function, class or lambda inside it). `arms`: for
    each `if`, whether its body and its `else` may run (both, when not given)."""
    found: list[ast.Return] = []
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Return):
            found.append(node)
        elif arms is not None and isinstance(node, ast.If):
            body, orelse = arms(node)
            stack.extend([*(node.body if body else ()), *(node.orelse if orelse else ())])
        elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))
    return found


def _class_attribute(index: ClassIndex, owner: str, name: str) -> Binding | None:
    found = index.attribute(owner, name)
    if found is None or (isinstance(found[0], ast.Constant) and found[0].value is None):
        # None at class level (`error: str | None = None`) is a default `__init__` sets: its words, if any.
        return _set_in_init(index, owner, name) or (
            None if found is None else in_class(found[1], found[0], index, owner)
        )
    if isinstance(found[0], ast.Constant) and isinstance(found[0].value, str):
        # `self.message_min = self.message_min.format(min_op=...)` in `__init__`: the class's text, transformed.
        transformed = _set_in_init(index, owner, name, transforming=found[0])
        if transformed is not None:
            return transformed
    return in_class(found[1], found[0], index, owner)


def _set_in_init(index: ClassIndex, owner: str, name: str, transforming: ast.Constant | None = None) -> Binding | None:
    """`self.error = error or self.default_message` in `__init__` (the first along the class hierarchy), when it
    is the one assignment of `self.<name>` there: read in `__init__`'s scope as `owner` sees it (a parameter is
    unknown; `self.default_message` is each subclass's own). Read once per class and name."""
    key = (owner, name, transforming is not None)
    if key not in index.set_in_init:
        index.set_in_init[key] = _read_set_in_init(index, owner, name, transforming)
    return cast(Binding | None, index.set_in_init[key])


def set_in_init(index: ClassIndex, owner: str, name: str) -> Binding | None:
    """The one value `__init__` (the first along the class hierarchy) gives `self.<name>`, as `_set_in_init`."""
    return _set_in_init(index, owner, name)


def _read_set_in_init(index: ClassIndex, owner: str, name: str, transforming: ast.Constant | None) -> Binding | None:
    found = index.method(owner, "__init__")
    if found is None:
        return None
    init, info = found
    assigned = [
        (node.value, node.lineno)
        for node in breadth.walk(init)
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        and node.value is not None
        and len(targets := node.targets if isinstance(node, ast.Assign) else [node.target]) == 1
        and isinstance(target := targets[0], ast.Attribute)
        and target.attr == name
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
    ]
    if len(assigned) != 1:
        return None
    value, line = assigned[0]
    if transforming is not None:
        # Only an assignment that reads the class's own text, which it then stands for.
        reads = [
            n
            for n in breadth.walk(value)
            if isinstance(n, ast.Attribute) and n.attr == name and dotted(n.value) == ["self"]
        ]
        if not reads:
            return None
        value = _ClassText(name, transforming).visit(copy.deepcopy(value))
    elif isinstance(value, ast.Name) and (default := _parameter_default(init, info, value.id)) is not None:
        value = default
    return Binding(value, line, method_scope(index, owner, info, init))


def _parameter_default(init: ast.FunctionDef | ast.AsyncFunctionDef, info: ClassInfo, name: str) -> ast.expr | None:
    """`def __init__(self, choices, msg_err=_MSG_ERR): self.msg_err = msg_err`: what the attribute holds unless
    the caller says otherwise, the parameter's default (a name of the class body read as the class's attribute,
    `self._MSG_ERR`); None when `__init__` rebinds the parameter, or it has no default."""
    default = params_of(init.args).get(name)
    if default is None or (isinstance(default, ast.Constant) and default.value is None):
        return None
    rebound = any(
        isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store)
        for node in breadth.walk(init)
    )
    if rebound:
        return None
    if isinstance(default, ast.Name) and default.id in info.attributes:
        return ast.Attribute(value=ast.Name(id="self", ctx=ast.Load()), attr=default.id, ctx=ast.Load())
    return default


def method_scope(
    index: ClassIndex, owner: str, info: ClassInfo, function: ast.FunctionDef | ast.AsyncFunctionDef
) -> "Scope":
    """A method's own scope, its bindings recorded: what its body sets, for the message it words."""
    scope = Scope(
        info.module,
        index,
        owner=owner,
        qualname=f"{info.qualname.rsplit('.', 1)[-1]}.{function.name}",
        parent=None,
        span=(function.lineno, function.end_lineno or function.lineno),
        params=params_of(function.args),
    )
    record_bindings(function.body, scope)
    return scope


class _ClassText(ast.NodeTransformer):
    """`self.<name>` replaced by the class attribute's text it reads."""

    def __init__(self, name: str, text: ast.Constant) -> None:
        self.name = name
        self.text = text

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        if node.attr == self.name and dotted(node.value) == ["self"]:
            return copy.copy(self.text)
        self.generic_visit(node)
        return node


class ClassEnv(ModuleEnv):
    """A class body's expressions: module names, plus `self.x` looked up through the class's ancestors."""

    def __init__(self, info: ModuleInfo, index: ClassIndex, owner: str | None) -> None:
        super().__init__(info, index)
        self.owner = owner

    def attribute(self, parts: list[str]) -> Binding | None:
        if parts[0] in ("self", "cls"):
            return _class_attribute(self.index, self.owner, parts[1]) if self.owner else None
        return super().attribute(parts)

    def error_message(self, key: str) -> Binding | None:
        if self.owner is None:
            return None
        found = self.index.error_message(self.owner, key)
        return None if found is None else in_class(found[1], found[0], self.index, self.owner)

    def item(self, parts: list[str], key: str, line: int) -> Binding | None:
        if parts[0] in ("self", "cls") and len(parts) == 2 and self.owner:
            found = self.index.attribute(self.owner, parts[1])
            if found is None or not isinstance(found[0], ast.Dict):
                return None
            value = dict_items(found[0]).get(key)
            return None if value is None else in_class(found[1], value, self.index, self.owner)
        return super().item(parts, key, line)

    def method_result(self, name: str) -> Binding | None:
        if self.owner is None:
            return None
        found = self.index.method(self.owner, name)
        if found is None:
            return None
        values = [r.value for r in returns_of(found[0]) if r.value is not None]
        return in_class(found[1], values[0], self.index, self.owner) if len(values) == 1 else None

    def method_params(self, name: str) -> list[str]:
        """The positional parameters of `self.<name>()` after `self`, as its class hierarchy resolves it."""
        found = self.index.method(self.owner, name) if self.owner is not None else None
        if found is None or any(dotted(d) == ["staticmethod"] for d in found[0].decorator_list):
            return []
        return [a.arg for a in [*found[0].args.posonlyargs, *found[0].args.args]][1:]


class Scope(ClassEnv):
    """One function (or the module body): its bindings in line order, for `msg = "..."; raise X(msg)`."""

    def __init__(
        self,
        info: ModuleInfo,
        index: ClassIndex,
        *,
        owner: str | None,
        qualname: str,
        parent: "Scope | None",
        span: tuple[int, int],
        params: dict[str, ast.expr | None],
    ) -> None:
        super().__init__(info, index, owner)
        self.qualname = qualname
        self.parent = parent
        self.span = span
        self.params = params
        self.bindings: dict[str, list[Binding]] = {}
        self.imports: dict[str, str] = {}  # imports inside the function, common in Django to break cycles
        # (first, last) lines of the blocks in this scope that end in `raise` or `return`: a name bound in one
        # does not reach a line after it (`except KeyError: msg = ...; raise AssertionError(msg)`).
        self.dead_ends: list[tuple[int, int]] = []
        # (first, last) lines of the loops in this scope: a name bound in one may hold after it or not (no turn).
        self.loops: list[tuple[int, int]] = []
        # `except (TypeError, ValueError) as e:` -> {"e": [(line, the handler's type expression)]}: what
        # `raise e.__class__(...)` may raise.
        self.caught: dict[str, list[tuple[int, ast.expr]]] = {}
        # `parts.append(expr)` -> {"parts": [(line, expr, its branch path)]}: a message joined from a list.
        self.appended: dict[str, list[tuple[int, ast.expr, BranchPath]]] = {}
        # Parameters a call gave a constant (`self.make_error("invalid")`), set by kb.harvest.reading.evaluate.
        self.known: dict[str, ast.expr] = {}

    @property
    def is_module(self) -> bool:
        return self.owner is None and not self.qualname

    def bind(
        self,
        name: str,
        line: int,
        expr: ast.expr | None,
        *,
        augmented: bool = False,
        path: BranchPath = (),
        walks: ast.expr | None = None,
        unpacks: tuple[ast.expr, int] | None = None,
    ) -> None:
        self.bindings.setdefault(name, []).append(Binding(expr, line, self, augmented, path, walks, unpacks))

    def reaching(self, name: str, line: int, path: BranchPath) -> list[Binding]:
        """The bindings of `name` that may hold at `line`, latest first: the last one, and those before it
        in other arms of the same `if` (`if a: msg = "x" else: msg = "y"`); an earlier one it overwrites, no."""
        earlier = [
            b
            for b in self.bindings.get(name, ())
            if b.line < line and not exclusive(b.path, path) and not self._cut_off(b.line, line)
        ]
        found: list[Binding] = []
        for bound in sorted(earlier, key=lambda b: -b.line):
            if found and not all(exclusive(bound.path, other.path) for other in found):
                break
            found.append(bound)
        return found

    def _cut_off(self, bound: int, used: int) -> bool:
        return any(first <= bound <= last < used for first, last in self.dead_ends)

    def local_names(self) -> frozenset[str]:
        """Names bound in this function or an enclosing one (closures); top-level names are the resolver's."""
        if self.is_module:
            return frozenset()
        own = frozenset(self.bindings) | frozenset(self.params)
        return own | self.parent.local_names() if self.parent is not None else own

    def imported(self, name: str) -> str | None:
        scope: Scope | None = self
        while scope is not None:
            if name in scope.imports:
                return scope.imports[name]
            scope = scope.parent
        return None

    def binding(self, name: str, line: int, path: BranchPath = ()) -> Binding | None:
        reaching = self.reaching(name, line, path)
        if reaching:
            return reaching[0]
        if name in self.known:
            return Binding(self.known[name], line, self)
        if name in self.params or name in self.bindings:
            return Binding(None, line, self)  # a parameter, or bound later: only known at run time
        if self.parent is not None:
            return self.parent.binding(name, FOREVER)
        return super().binding(name, line)


# The only nodes that bind a name (or append to a list): every other node is let go at the first test, which
# matters because the extractor asks about each of the hundreds of thousands of nodes of a large repository.
BINDERS = frozenset(
    {
        ast.Assign,
        ast.AugAssign,
        ast.AnnAssign,
        ast.For,
        ast.AsyncFor,
        ast.comprehension,
        ast.withitem,
        ast.ExceptHandler,
        ast.Expr,
        ast.NamedExpr,
        ast.Import,
        ast.ImportFrom,
    }
)


def record_binding(node: ast.AST, scope: Scope, path: BranchPath) -> None:
    """Note in `scope` what `node` binds: assignments, loop and `with` targets, handlers, walrus, local imports."""
    if type(node) not in BINDERS:
        return
    # The most frequent first; `scope.bind` called as it is (a partial made for each of the thousands of
    # statements cost more than the binding).
    if isinstance(node, ast.Assign):
        value = node.value if len(node.targets) == 1 else None
        for target in node.targets:
            unpacked = _unpacked_names(target) if value is not None else None
            if unpacked is not None and value is not None:
                # `error_cls, error_code = (NotADirectoryError, errno.ENOTDIR) if ... else (...)`: each name's place.
                for position, name in enumerate(unpacked):
                    scope.bind(name, node.lineno, None, path=path, unpacks=(value, position))
                continue
            for name in target_names(target):
                scope.bind(name, node.lineno, value if isinstance(target, ast.Name) else None, path=path)
    elif isinstance(node, ast.Expr):
        if (appended := _appended(node.value)) is not None:
            scope.appended.setdefault(appended[0], []).append((node.lineno, appended[1], path))
    elif isinstance(node, ast.AugAssign):
        if isinstance(node.target, ast.Name):
            augmented = isinstance(node.op, ast.Add)
            scope.bind(node.target.id, node.lineno, node.value if augmented else None, augmented=augmented, path=path)
    elif isinstance(node, ast.AnnAssign):
        if isinstance(node.target, ast.Name):
            scope.bind(node.target.id, node.lineno, node.value, path=path)
    elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
        line = getattr(node, "lineno", getattr(node.target, "lineno", 0))
        if isinstance(node.target, ast.Name):
            # `for cls in (A, B):` the name takes what the loop walks, one item at a time (`reading.class_tables`).
            scope.bind(node.target.id, line, None, path=path, walks=node.iter)
            return
        for name in target_names(node.target):
            scope.bind(name, line, None, path=path)
    elif isinstance(node, ast.withitem):
        if node.optional_vars is not None:
            for name in target_names(node.optional_vars):
                scope.bind(name, node.optional_vars.lineno, None, path=path)
    elif isinstance(node, ast.ExceptHandler):
        if node.name:
            scope.bind(node.name, node.lineno, None, path=path)
            if node.type is not None:
                scope.caught.setdefault(node.name, []).append((node.lineno, node.type))
    elif isinstance(node, ast.NamedExpr):
        scope.bind(node.target.id, node.lineno, node.value, path=path)
    elif isinstance(node, ast.Import) and not scope.is_module:
        for alias in node.names:
            local = alias.asname or alias.name.split(".")[0]
            scope.imports[local] = alias.name if alias.asname else local
    elif isinstance(node, ast.ImportFrom) and not scope.is_module:
        source = scope.info.absolute(node.module, node.level)
        for alias in node.names:
            scope.imports[alias.asname or alias.name] = f"{source}.{alias.name}" if source else alias.name


def _unpacked_names(target: ast.expr) -> list[str] | None:
    """The names a tuple of plain names unpacks into, in order; None for any other target."""
    if not isinstance(target, ast.Tuple):
        return None
    names = [e.id for e in target.elts if isinstance(e, ast.Name)]
    return names if names and len(names) == len(target.elts) else None


def record_bindings(body: list[ast.stmt], scope: Scope) -> None:
    """Note in `scope` what a function's own statements bind, in source order, and the blocks nothing runs after
    (`dead_ends`: a handler that raises binds nothing the lines after it read); nested functions, classes and
    lambdas are scopes of their own."""
    stack: list[tuple[ast.AST, BranchPath]] = [(node, ()) for node in reversed(body)]
    while stack:
        node, path = stack.pop()
        if type(node) in _OWN_SCOPES:
            continue
        record_binding(node, scope, path)
        if type(node) in COMPOUND:
            note_compound(node, scope)
        push_children(stack, node, path)


_OWN_SCOPES = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda})


def statements(body: list[ast.stmt], *, into_scopes: bool = False) -> Iterator[ast.AST]:
    """Every statement of a body, each before those it holds, into compound statements (their handlers and cases
    too); into nested functions and classes only with `into_scopes`."""
    stack: list[ast.AST] = list(reversed(body))
    while stack:
        node = stack.pop()
        yield node
        kind = type(node)  # a set of exact types, not `isinstance` with a union built again for each statement
        if not into_scopes and kind in _DEFINITIONS:
            continue
        for name in block_fields(kind):
            inner = getattr(node, name, None)
            if isinstance(inner, list):
                stack.extend(reversed(inner))


_DEFINITIONS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef})


def _appended(call: ast.expr) -> tuple[str, ast.expr] | None:
    if (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr == "append"
        and isinstance(call.func.value, ast.Name)
        and len(call.args) == 1
        and not call.keywords
    ):
        return call.func.value.id, call.args[0]
    return None


def children(node: ast.AST, path: BranchPath) -> list[tuple[ast.AST, BranchPath]]:
    """Child nodes with their branch path: each arm of an `if` (or `match` case) is a branch of its own."""
    if isinstance(node, ast.If):
        return [
            (node.test, path),
            *((child, (*path, (id(node), 0))) for child in node.body),
            *((child, (*path, (id(node), 1))) for child in node.orelse),
        ]
    if isinstance(node, ast.Match):
        return [(node.subject, path), *((case, (*path, (id(node), n))) for n, case in enumerate(node.cases))]
    return [(child, path) for child in child_nodes(node)]


def push_children(stack: list[tuple[ast.AST, BranchPath]], node: ast.AST, path: BranchPath) -> None:
    """`stack.extend(reversed(children(node, path)))`, without the lists in between for the many nodes that are
    neither `if` nor `match`, and without the leaves (names, constants: half the nodes of a module), which bind
    nothing, raise nothing and hold nothing."""
    kind = type(node)
    if kind is ast.If or kind is ast.Match:
        stack.extend(reversed(children(node, path)))
        return
    fields = _REVERSED_FIELDS.get(kind)
    if fields is None:
        fields = _REVERSED_FIELDS[kind] = tuple(reversed(_CHILD_FIELDS.get(kind) or _child_fields(kind)))
    branching = _BRANCHING
    for name in fields:
        value = getattr(node, name, None)
        if type(value) is list:
            if value:  # a list built only where there are nodes (most `decorator_list`s, `keywords` are empty)
                stack += [(item, path) for item in reversed(value) if type(item) in branching]
        elif type(value) in branching:
            stack.append((cast(ast.AST, value), path))


# The node types that may hold, bind or raise something: every one but the leaves (neither None nor a string, which
# some fields hold, is a node at all).
_LEAVES = frozenset({ast.Name, ast.Constant, ast.alias, ast.Pass, ast.Break, ast.Continue, ast.Global, ast.Nonlocal})
_BRANCHING = frozenset(
    kind for kind in vars(ast).values() if isinstance(kind, type) and issubclass(kind, ast.AST) and kind not in _LEAVES
)


# Per node type, the fields that may hold nodes worth visiting: as `ast.iter_child_nodes` without its per-field
# generator, and without the load/store contexts and operators, which are nodes that hold and bind nothing, nor
# the fields that never hold a node (a name's `id`, a constant's `value`), which need not be looked at.
_NO_CHILDREN = frozenset({"ctx", "op", "ops"})
_NEVER_NODES = frozenset(
    {
        "id",
        "attr",
        "arg",
        "asname",
        "module",
        "level",
        "kind",
        "type_comment",
        "conversion",
        "is_async",
        "simple",
    }
)
_NEVER_NODES_OF: dict[type, frozenset[str]] = {
    ast.Constant: frozenset({"value"}),
    ast.Global: frozenset({"names"}),
    ast.Nonlocal: frozenset({"names"}),
    ast.FunctionDef: frozenset({"name"}),
    ast.AsyncFunctionDef: frozenset({"name"}),
    ast.ClassDef: frozenset({"name"}),
    ast.ExceptHandler: frozenset({"name"}),
    ast.alias: frozenset({"name"}),
}
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}
_REVERSED_FIELDS: dict[type, tuple[str, ...]] = {}  # the same, last first: `push_children` pushes them so


def _child_fields(kind: type) -> tuple[str, ...]:
    skipped = _NO_CHILDREN | _NEVER_NODES | _NEVER_NODES_OF.get(kind, frozenset())
    fields = _CHILD_FIELDS[kind] = tuple(f for f in kind._fields if f not in skipped)  # type: ignore[attr-defined]
    return fields


def child_nodes(node: ast.AST) -> list[ast.AST]:
    kind = type(node)
    fields = _CHILD_FIELDS.get(kind)
    if fields is None:
        fields = _child_fields(kind)
    found: list[ast.AST] = []
    for name in fields:
        value = getattr(node, name, None)
        if isinstance(value, list):
            found.extend(item for item in value if isinstance(item, ast.AST))
        elif isinstance(value, ast.AST):
            found.append(value)
    return found


COMPOUND = frozenset(
    {
        ast.Try,
        ast.TryStar,
        ast.If,
        ast.For,
        ast.AsyncFor,
        ast.While,
        ast.With,
        ast.AsyncWith,
        ast.match_case,
    }
)


def note_compound(node: ast.AST, scope: Scope) -> None:
    """What a compound statement tells `scope`: its blocks that end the call (`dead_ends`), and a loop's lines."""
    scope.dead_ends += dead_ends(node)
    if type(node) in _LOOPS:
        scope.loops.append((node.lineno, node.end_lineno or node.lineno))  # type: ignore[attr-defined]


_LOOPS = frozenset({ast.For, ast.AsyncFor, ast.While})


def dead_ends(node: ast.AST) -> list[tuple[int, int]]:
    """The blocks of a compound statement that end in `raise` or `return`: nothing after them runs. A `try`
    body is not one (its handlers run after it), nor a function's (its own scope)."""
    if type(node) not in COMPOUND:
        return []
    if isinstance(node, (ast.Try, ast.TryStar)):
        blocks = [*(handler.body for handler in node.handlers), node.orelse, node.finalbody]
    elif isinstance(node, (ast.If, ast.For, ast.AsyncFor, ast.While)):
        blocks = [node.body, node.orelse]
    elif isinstance(node, (ast.With, ast.AsyncWith, ast.match_case)):
        blocks = [node.body]
    else:
        return []
    return [
        (block[0].lineno, block[-1].end_lineno or block[-1].lineno)
        for block in blocks
        if block and isinstance(block[-1], (ast.Raise, ast.Return))
    ]


def span(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> tuple[int, int]:
    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    return first, node.end_lineno or node.lineno


def params_of(args: ast.arguments) -> dict[str, ast.expr | None]:
    positional = [*args.posonlyargs, *args.args]
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    params = {a.arg: d for a, d in zip(positional, defaults, strict=True)}
    params.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)})
    for extra in (args.vararg, args.kwarg):
        if extra is not None:
            params[extra.arg] = None
    return params


def target_names(target: ast.expr) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [n for element in target.elts for n in target_names(element)]
    if isinstance(target, ast.Starred):
        return target_names(target.value)
    return []


def join(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name


def caught_classes(target: ast.expr, scope: Scope, line: int) -> list[ast.expr]:
    """`raise e.__class__(...)` or `raise type(e)(...)` in `except (A, B) as e`: the expressions A and B."""
    held: ast.expr | None
    if isinstance(target, ast.Attribute) and target.attr == "__class__":
        held = target.value
    elif isinstance(target, ast.Call) and isinstance(target.func, ast.Name) and target.func.id == "type":
        held = target.args[0] if len(target.args) == 1 else None
    else:
        return []
    if not isinstance(held, ast.Name):
        return []
    return handled_classes(held.id, scope, line)


def handled_classes(name: str, scope: Scope, line: int) -> list[ast.expr]:
    """The classes of the `except (A, B) as <name>` around `line` that binds `name`: [A, B], or []."""
    handlers = [(at, types) for at, types in scope.caught.get(name, ()) if at <= line]
    if not handlers:
        return []
    types = max(handlers, key=lambda pair: pair[0])[1]
    return list(types.elts) if isinstance(types, ast.Tuple) else [types]

"""The test a private function's one caller runs before calling it: part of when its raises happen (round 30's card
04). `CsrfViewMiddleware._check_referer` raises "Referer checking failed - no Referer." when the request has no
`Referer` header, and its only caller, `process_view()`, calls it only under `if "HTTP_ORIGIN" in request.META:
... elif request.is_secure():` (django/middleware/csrf.py:298-300, 436-458, Django 5.2.19): for a plain HTTP
request, or one with an `Origin` header, it never runs.

Read conservatively:
- the raising function is private (its name or its class's starts with `_`: no user calls it), every call of it
  the harvest sees is resolved (none a guess, none by an alias or an ancestor's hook) and sits in one of at most
  MAX_CALLERS functions;
- each call's statement sits under the same `if`/`else` tests in every caller (`conditions`, the kinds "if" and
  "else": a test every path to the call must pass; the guards above are left to the caller's own card);
- each test reads only names that mean the same in the raising function: a builtin, the caller's `self` handed on
  by `self.f(...)`, or a parameter of the caller handed on unchanged as the callee's parameter of that name; the
  caller stores to none of them, and nothing between a test and the call stores to what the test reads or calls
  anything but a reading builtin (a call may change the object the test read).
Anything else: nothing is said."""

import ast
import builtins
from collections.abc import Callable

from kb.harvest.reading.attribute_guards import _enclosing, reading
from kb.harvest.reading.callers import CallGraph, Defined, is_private
from kb.harvest.reading.conditions import Condition, conditions
from kb.harvest.reading.handlers import _function  # the one reader of a function by its qualified name
from kb.harvest.reading.site_evidence import condition_row
from kb.harvest.reading.walked import nodes_of_kind
from kb.text import breadth

MAX_TESTS = 3  # the caller's tests said; more, and nothing is
MAX_CALLERS = 3  # callers read for tests they share; more, and nothing is said
_BUILTINS = frozenset(dir(builtins))
_KINDS = ("if", "else")
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


class CalledWhen:
    """`called_when` once per raising function, and the names each module refers to other than by calling them
    once per module (only for a module holding a private function with one caller)."""

    def __init__(self, graph: CallGraph, trees: dict[str, ast.Module]) -> None:
        self.graph, self.trees = graph, trees
        self._found: dict[tuple[str, str], dict | None] = {}
        self._referred: dict[tuple[str, str], frozenset[str]] = {}
        self._patterns: dict[str, frozenset[tuple[str, str]]] = {}

    def of(self, path: str, function: str) -> dict | None:
        key = (path, function)
        if key not in self._found:
            self._found[key] = called_when(self.graph, self.trees, path, function, self._refers)
        return self._found[key]

    def _refers(self, path: str, scope: str, name: str) -> bool:
        """Whether the class `scope` (qualified; "" for the module) names `name` other than by calling it
        (`map(check, values)`, `f = self.check`, `getattr(self, "check")`): it may run from elsewhere. A method's
        class is read, a module function's module."""
        key = (path, scope)
        found = self._referred.get(key)
        if found is None:
            tree = self.trees.get(path)
            node = _scope(tree, scope) if tree is not None else None
            found = self._referred[key] = _referred(node) if node is not None else frozenset({name})
        if name in found:
            return True
        # A name built from a pattern anywhere in the module: `getattr(generic_view, "_get_next_%s" % period)` runs
        # `YearMixin._get_next_year` from a function of the module, not of the class (django/views/generic/
        # dates.py:758-759, 5.2.19), whatever test its one direct caller passes first.
        patterns = self._patterns.get(path)
        if patterns is None:
            tree = self.trees.get(path)
            patterns = self._patterns[path] = _patterns(tree) if tree is not None else frozenset()
        return any(len(name) > len(p) + len(s) and name.startswith(p) and name.endswith(s) for p, s in patterns)


def _scope(tree: ast.Module, qualname: str) -> ast.AST | None:
    """The class of a module by its qualified name (the module itself for "")."""
    node: ast.AST | None = tree
    for part in qualname.split(".") if qualname else ():
        body = getattr(node, "body", ())
        node = next((n for n in body if isinstance(n, ast.ClassDef) and n.name == part), None)
        if node is None:
            return None
    return node


def _referred(scope: ast.AST) -> frozenset[str]:
    nodes = breadth.nodes(scope)
    called = {id(inner.func) for inner in nodes if isinstance(inner, ast.Call)}
    found: set[str] = set()
    for inner in nodes:
        if id(inner) in called or isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Load):
            found.add(inner.id)
        elif isinstance(inner, ast.Attribute) and isinstance(inner.ctx, ast.Load):
            found.add(inner.attr)
        elif isinstance(inner, ast.Constant) and isinstance(inner.value, str) and inner.value.isidentifier():
            found.add(inner.value)
    return frozenset(found)


def _patterns(tree: ast.Module) -> frozenset[tuple[str, str]]:
    """(prefix, suffix) of each name the module may build in pieces: `"_get_next_%s" % period`, `"_check_{}"`,
    `f"_get_{kind}_permissions"`, `"_" + name`; only pieces a name may hold (letters, digits, `_`)."""
    found: set[tuple[str, str]] = set()
    for node in breadth.nodes(tree):
        pieces: tuple[str, str] | None = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            pieces = _template(node.value)
        elif isinstance(node, ast.JoinedStr) and len(node.values) > 1:
            first, last = node.values[0], node.values[-1]
            prefix = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else ""
            suffix = last.value if isinstance(last, ast.Constant) and isinstance(last.value, str) else ""
            pieces = (prefix, suffix)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, right = _text(node.left), _text(node.right)
            if left is not None and right is None:
                pieces = (left, "")
            elif right is not None and left is None:
                pieces = ("", right)
        # A name's piece meets the placeholder at an underscore (`_get_next_%s`, `%s_permissions`): not `"{}s"`, a
        # plural (`format_lazy("{}s", ...)`, django/db/models/options.py:220, 5.2.19), nor any other text.
        if pieces is not None and (pieces[0].endswith("_") or pieces[1].startswith("_")):
            if all(_name_piece(piece) for piece in pieces):
                found.add(pieces)
    return frozenset(found)


def _template(text: str) -> tuple[str, str] | None:
    """The text before the first `%` or `{` placeholder and after the last: ("_get_", "_permissions") of
    `"_get_%s_permissions"`; None for text with none."""
    starts = [at for at in (text.find("%"), text.find("{")) if at >= 0]
    if not starts:
        return None
    closing, percent = text.rfind("}"), text.rfind("%")
    if closing > percent:
        end = closing + 1
    elif text.startswith("(", percent + 1):
        closed = text.find(")", percent)
        end = closed + 2 if closed >= 0 else 0  # `%(name)s`: past its conversion
    else:
        end = percent + 2  # `%s`: past its conversion
    return text[: min(starts)], text[end:] if 0 < end <= len(text) else ""


def _text(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _name_piece(piece: str) -> bool:
    return all(character.isalnum() or character == "_" for character in piece)


def called_when(
    graph: CallGraph, trees: dict[str, ast.Module], path: str, function: str, refers: Callable[[str, str, str], bool]
) -> dict | None:
    """{"function", "path", "lines", "conditions"} for the raising function's caller and the tests it calls it
    under, outermost first (module docstring), with "also": the other callers, each calling it under the same
    tests, and "tested": the lines of those tests in every caller; None when that is not plain.
    `refers(path, scope, name)`: whether a class (or the module) names `name` other than by calling it."""
    target = graph.definition(path, function)
    if target is None or not is_private(target.qualname):
        return None
    callers = graph.sure_callers(target)
    target_tree = trees.get(target.path)
    if not callers or len(callers) > MAX_CALLERS or target_tree is None:
        return None
    callee = _function(target_tree, target.qualname)
    if callee is None:
        return None
    found: list[Condition] | None = None
    tested: set[int] = set()
    for caller, at in callers:
        tests = _tests(caller, at, target, callee, trees)
        if tests is None or (found is not None and [c.code for c in tests] != [c.code for c in found]):
            return None  # callers calling it under different tests: which one holds is not said
        found = tests
        tested.update(c.line for c in tests)
    # Last, as it walks a whole class (or module): only for the few functions that get this far.
    if not found or refers(target.path, target.qualname.rpartition(".")[0] if target.method else "", target.name):
        return None
    first = callers[0][0]
    row = {
        "function": first.qualname,
        "path": first.path,
        "lines": sorted(callers[0][1]),
        "conditions": [condition_row(c) for c in found],
    }
    if len(callers) > 1:
        row["also"] = [caller.qualname for caller, _ in callers[1:]]
        if len({caller.path for caller, _ in callers}) == 1:
            row["tested"] = sorted(tested)  # the tests' lines in every caller, in the one module
    return row


def _tests(
    caller: Defined,
    lines: frozenset[int],
    target: Defined,
    callee: ast.FunctionDef | ast.AsyncFunctionDef,
    trees: dict[str, ast.Module],
) -> list[Condition] | None:
    """The if/else tests every call of `target` in `caller` sits under, the same for each, each reading what the
    callee is handed and unchanged up to the call; None when that is not so."""
    caller_tree = trees.get(caller.path)
    node = _function(caller_tree, caller.qualname) if caller_tree is not None else None
    if node is None or node.lineno != caller.line:
        return None
    parents: dict[ast.AST, ast.AST] = {}
    held: list[tuple[int, ast.stmt]] = []
    for line in sorted(lines):
        statement = _descend(node, line, parents)
        if statement is None or not _under_if(statement, parents):
            return None  # most calls: run whenever the caller runs, with nothing to say
        held.append((line, statement))
    calls: list[tuple[ast.Call, ast.stmt]] = []
    for line, statement in held:
        on_line = _calls(statement, line, target.name)
        if not on_line:
            return None  # a call in a lambda, or one the harvest read that is not a plain call here
        calls += [(call, statement) for call in on_line]
    found: list[Condition] | None = None
    for call, statement in calls:
        tests = [c for c in reversed(conditions(statement, parents, module=caller_tree)) if c.kind in _KINDS]
        if not tests or len(tests) > MAX_TESTS:
            return None
        if found is not None and [c.code for c in tests] != [c.code for c in found]:
            return None  # calls under different tests: which one holds is not said
        if not _same_meaning(tests, call, node, callee, target.method) or _changed(tests, call, statement, parents):
            return None
        found = tests
    return found


def _names(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _descend(
    function: ast.FunctionDef | ast.AsyncFunctionDef, line: int, parents: dict[ast.AST, ast.AST]
) -> ast.stmt | None:
    """The innermost statement of the function holding `line` (a compound one when the line is in its header or
    test), each block's statement on the way down put in `parents` (what `conditions` reads): no walk of the whole
    function. None inside a nested function or class."""
    holder: ast.AST = function
    body: list = function.body
    while True:
        statement = next((s for s in body if s.lineno <= line <= (s.end_lineno or s.lineno)), None)
        if statement is None or isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return None
        parents[statement] = holder
        inner = None
        for field in ("body", "orelse", "finalbody", "handlers"):
            block = getattr(statement, field, None)
            if isinstance(block, list) and any(_holds(s, line) for s in block):
                inner = block
                break
        if inner is None:
            return statement
        if inner and not isinstance(inner[0], ast.stmt):  # an `except`: its own block next
            clause = next(c for c in inner if _holds(c, line))
            parents[clause] = statement
            statement, inner = clause, clause.body
            if not any(_holds(s, line) for s in inner):
                return None  # in the clause's header
        holder, body = statement, inner


def _under_if(statement: ast.stmt, parents: dict[ast.AST, ast.AST]) -> bool:
    child: ast.AST = statement
    while (parent := parents.get(child)) is not None:
        if isinstance(parent, ast.If):  # `parents` holds statements: the child is in its body or its `else`
            return True
        child = parent
    return False


def _holds(node: ast.AST, line: int) -> bool:
    first = getattr(node, "lineno", 0)
    return first <= line <= (getattr(node, "end_lineno", None) or first)


def _calls(statement: ast.stmt, line: int, name: str) -> list[ast.Call]:
    """The calls of `name` on `line` in the statement; [] when one sits in a lambda or comprehension (run who
    knows when)."""
    inside: dict[int, ast.AST] = {}
    found: list[ast.Call] = []
    for node in breadth.walk(statement):
        for child in ast.iter_child_nodes(node):
            inside[id(child)] = node
        if isinstance(node, ast.Call) and node.lineno == line and _names(node.func) == name:
            found.append(node)
    for call in found:
        above = inside.get(id(call))
        while above is not None and above is not statement:
            if isinstance(above, (ast.Lambda, ast.comprehension, ast.FunctionDef, ast.AsyncFunctionDef)):
                return []
            above = inside.get(id(above))
    return found


def _parameters(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    return [a.arg for a in (*function.args.posonlyargs, *function.args.args)]


def _same_meaning(
    tests: list[Condition],
    call: ast.Call,
    caller: ast.FunctionDef | ast.AsyncFunctionDef,
    callee: ast.FunctionDef | ast.AsyncFunctionDef,
    method: bool,
) -> bool:
    """Whether every name the tests read means the same in the callee: a builtin, `self` handed on by
    `self.f(...)`, or a parameter handed on unchanged as the callee's parameter of that name."""
    positional = _parameters(caller)
    own = positional[0] if method and positional else ""
    on_self = bool(own) and isinstance(call.func, ast.Attribute) and _names(call.func.value) == own
    if (method and not on_self) or (not method and not isinstance(call.func, ast.Name)):
        return False  # `Class._f(obj)`, `obj._f()`, `module._f()`: what it is handed is not read here
    taken = _parameters(callee)
    if method and (not taken or taken[0] != own):
        return False  # the callee's own name for the object is another: its reader would not know this one
    taken = taken[1 if method else 0 :]
    handed: set[str] = set()
    for index, argument in enumerate(call.args):
        if isinstance(argument, ast.Starred):
            break
        if isinstance(argument, ast.Name) and index < len(taken) and taken[index] == argument.id:
            handed.add(argument.id)
    handed |= {k.arg for k in call.keywords if k.arg and isinstance(k.value, ast.Name) and k.value.id == k.arg}
    given = set(positional) | {a.arg for a in caller.args.kwonlyargs}
    stored = {inner.id for inner in nodes_of_kind(caller, ast.Name) if not isinstance(inner.ctx, ast.Load)}
    for test in tests:
        for name in test.names:
            if name in stored or (name in given and name not in handed and not (on_self and name == own)):
                return False
            if name not in given and name not in _BUILTINS:
                return False
    return True


def _changed(tests: list[Condition], call: ast.Call, statement: ast.stmt, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether something that runs between the outermost test and the call may change what the tests read: a call
    other than a reading builtin (in the call's own statement, one that runs before it), a store to an attribute or
    item of a name a test reads, an `await` or `yield`. What runs between: the statements before each block's one
    on the way down to the call (a loop's whole body: its next round runs after the call)."""
    names = {name for test in tests for name in test.names}
    allowed = _enclosing(statement, call)
    ran: list[ast.AST] = [statement]
    child: ast.AST = statement
    while (parent := parents.get(child)) is not None and not isinstance(parent, _FUNCTIONS):
        if isinstance(parent, (ast.Try, ast.TryStar)) and child not in parent.body:
            return True  # in a handler or past the `try`: what its body ran is not read
        if isinstance(parent, (ast.For, ast.AsyncFor)):
            ran.extend([*parent.body, parent.iter])  # its header runs each round
        elif isinstance(parent, ast.While):
            ran.extend([*parent.body, parent.test])
        elif isinstance(parent, (ast.With, ast.AsyncWith)):
            ran.extend(item.context_expr for item in parent.items)  # `with self.lock():` runs before the call
        for field in ("body", "orelse", "finalbody"):
            block = getattr(parent, field, None)
            if isinstance(block, list) and child in block:
                ran.extend(block[: block.index(child)])
        if isinstance(parent, ast.If) and parent.lineno == tests[0].line:
            break
        child = parent
    for node in ran:
        own = node is statement  # its targets are stored to after the call
        for inner in breadth.walk(node):
            if isinstance(inner, (ast.Attribute, ast.Subscript)) and not isinstance(inner.ctx, ast.Load):
                if _root(inner) in names and not own:
                    return True
            elif isinstance(inner, ast.Call) and not reading(inner) and not (own and id(inner) in allowed):
                return True
            elif isinstance(inner, (ast.Await, ast.Yield, ast.YieldFrom)):
                return True
    return False


def _root(node: ast.expr) -> str:
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else ""

"""A way in whose calls of the raising function hand on only values its raise's conditions rule out (issue 29, round
18's false claim 4): "The clause comes from ... `Query.split_exclude()`", where `split_exclude` calls
`self.build_filter(Exists(query))` and `self.build_filter(("%s__isnull" % trimmed_prefix, True), ...)`, and
`build_filter` raises only when `hasattr(filter_expr, "resolve_expression")` and `not getattr(filter_expr,
"conditional", False)`: a tuple has no `resolve_expression`, an `Exists` is conditional.

A sentence naming a recorded way in as a route ("via", "from", "calls", ...) is contradicted when every call of the
raising function in the way's last caller hands a tested parameter a value that fails a test every site of the
raising function makes (`if` and guard rows). A value is judged only when the code says what it is: a literal (its
type, length and value), or a new instance `K(...)` of a class the caller's file defines or imports, whose bases the
tree defines: `hasattr`, `isinstance` and an attribute's truth, the attribute a class-level literal or a property
returning what can be judged the same way (`isinstance(self.output_field, fields.BooleanField)` of a class-level
`output_field = fields.BooleanField()`), never one set on the instance except under `if x is not None:` in an
`__init__` the construction gives no `x`. Anything else is not judged, and the sentence is left alone."""

import ast
import re
from dataclasses import dataclass

from kb.analysis import guards
from kb.analysis.declarations import Declarations
from kb.analysis.facts import HEDGES, SPAN
from kb.analysis.functions import Functions
from kb.analysis.instances import Made, lookup, made, set_on_instance
from kb.analysis.routes import Reach, Way
from kb.analysis.ways import MOST_CALLS, _body, _starts

ROUTE = re.compile(r"(?i)\b(?:via|through|from|calls?|called|reach(?:es|ed)?|comes?|goes|go)\b|->|→")
BUILTIN_TYPES = {kind.__name__: kind for kind in (str, bytes, int, float, bool, tuple, list, dict, set, frozenset)}
LONGEST_TEST = 300
DEEPEST = 3  # properties read through properties


def contradiction(text: str, reach: Reach, functions: Functions, declarations: Declarations) -> str:
    """Why a sentence naming a way in as a route is false: its calls hand on only values the raise rules out."""
    prose = SPAN.sub(" ", text)
    if "`" not in text or not reach.tests or HEDGES.search(prose) or not ROUTE.search(prose):
        return ""
    for ways in _starts(text, reach)[0].values():
        whys = []
        for way in ways:
            sites = tuple(reach.tests.get(way.steps[-1], ()))
            key = ("never_meets", way, sites)  # read once per index: a hostile answer repeats itself
            if key not in functions.read_once:
                functions.read_once[key] = _never_meets(functions, way, sites, declarations)
            whys.append(functions.read_once[key])
        if whys and all(whys):
            return str(whys[0])
    return ""


def _never_meets(functions: Functions, way: Way, sites: tuple, declarations: Declarations) -> str:
    """Why every call of the raising function in the way's last caller hands on a value every site rules out."""
    near = (way.start_path, way.site_path)
    caller = _body(functions, way.steps[-2], way.start_path if len(way.steps) == 2 else "", near)
    callee = _body(functions, way.steps[-1], way.site_path, near)
    node = functions.node(caller) if caller is not None else None
    own = functions.node(callee) if callee is not None else None
    if not sites or caller is None or callee is None or node is None or own is None:
        return ""
    calls = guards.calls_of(node, callee.name)
    named = sum(isinstance(n, ast.Name | ast.Attribute) and guards.last_name(n) == callee.name for n in ast.walk(node))
    if not calls or len(calls) > MOST_CALLS or named != len(calls):
        return ""  # also handed on uncalled (a callback, `partial(...)`), or called in a nested function
    # A parameter the raising function gives another value may not be what the test reads.
    parameters = [
        name
        for name in dict.fromkeys(name for _, names in sites for name in names)
        if not any(guards.binds(statement, name) for statement in own.body)
    ]
    said = []
    for call, _ in calls:
        why = ""
        for parameter in parameters:
            given = guards.handed(call, callee.params, callee.bound, parameter)
            if given is not None and (why := _fails(given, parameter, sites, functions, declarations, caller.path)):
                break
        if not why:
            return ""
        said.append(why)
    return f"`{caller.qualname}` hands `{callee.qualname}` only " + " and ".join(dict.fromkeys(said))


def _fails(
    given: ast.expr, parameter: str, sites: tuple, functions: Functions, declarations: Declarations, path: str
) -> str:
    """How the value fails a test of every site ("`Exists(query)`, for which `...` is false"), or ""."""
    value = _value(given, functions, declarations, path)
    if value is None:
        return ""
    first = ""
    for tests, parameters in sites:
        failed = next(
            (test for test in tests if parameter in parameters and _holds(test, parameter, value) is False), ""
        )
        if not failed:
            return ""
        first = first or failed
    shown = " ".join(ast.unparse(given).split())[: guards.LONGEST_SAID]
    return f"`{shown}`, for which `{first}` is false"


def _value(given: ast.expr, functions: Functions, declarations: Declarations, path: str) -> object | None:
    """A literal's sample of its type and length, a `Made` for `K(...)`, or None when the code cannot tell."""
    if isinstance(given, ast.Constant):
        return given.value
    if isinstance(given, ast.Tuple | ast.List | ast.Set):
        if any(isinstance(element, ast.Starred) for element in given.elts):
            return None
        size = len(given.elts)
        return (
            tuple(range(size))
            if isinstance(given, ast.Tuple)
            else [*range(size)]
            if isinstance(given, ast.List)
            else {*range(size)}
        )
    if isinstance(given, ast.Dict):
        return None if None in given.keys else {n: None for n in range(len(given.keys))}
    if isinstance(given, ast.JoinedStr):
        return "x" if given.values else ""
    if isinstance(given, ast.Call) and not any(isinstance(a, ast.Starred) for a in given.args):
        return made(given, functions, declarations, path)
    return None


def _holds(test: str, parameter: str, value: object) -> bool | None:
    try:
        tree = ast.parse(test[:LONGEST_TEST], mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return _truth(tree.body, parameter, value, 0)


def _truth(node: ast.expr, parameter: str, value: object, depth: int) -> bool | None:
    """Whether the test holds of the value: True, False, or None when the code cannot tell."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        inner = _truth(node.operand, parameter, value, depth)
        return None if inner is None else not inner
    if isinstance(node, ast.BoolOp):
        parts = [_truth(part, parameter, value, depth) for part in node.values]
        wanted = isinstance(node.op, ast.Or)
        return wanted if wanted in parts else None if None in parts else not wanted
    found = _read(node, parameter, value, depth)
    if found is _UNKNOWN or isinstance(found, Made):
        return None
    if isinstance(found, _Instance):
        return None  # its class may define `__bool__`
    return found.value if isinstance(found, _Truth) else bool(found)


class _Unknown:
    pass


_UNKNOWN = _Unknown()


@dataclass(frozen=True)
class _Truth:
    """What a property returns, known only as true or false."""

    value: bool


@dataclass(frozen=True)
class _Instance:
    """An instance of a class named by its last dotted part (a class-level `x = fields.BooleanField()`)."""

    name: str


def _read(node: ast.expr, parameter: str, value: object, depth: int) -> object:
    """What an expression of the parameter evaluates to, as far as the code says; _UNKNOWN otherwise."""
    if isinstance(node, ast.Name) and node.id == parameter:
        return value
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.Is | ast.IsNot):
        left, right = _read(node.left, parameter, value, depth), _read(node.comparators[0], parameter, value, depth)
        if None not in (left, right) or any(v is _UNKNOWN or isinstance(v, _Truth) for v in (left, right)):
            return _UNKNOWN
        same = (
            left is right
            if not isinstance(left, Made | _Instance) and not isinstance(right, Made | _Instance)
            else False
        )
        return same if isinstance(node.ops[0], ast.Is) else not same
    if isinstance(node, ast.Attribute):
        return _attribute(_read(node.value, parameter, value, depth), node.attr, depth)
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.keywords or not node.args:
        return _UNKNOWN
    held = _read(node.args[0], parameter, value, depth)
    if held is _UNKNOWN or isinstance(held, _Truth):
        return _UNKNOWN
    name = node.args[1].value if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) else None
    if node.func.id == "hasattr" and len(node.args) == 2 and isinstance(name, str):
        if isinstance(held, Made):
            return True if lookup(held, name) is not None else _UNKNOWN
        return _UNKNOWN if isinstance(held, _Instance) else hasattr(held, name)
    if node.func.id == "getattr" and len(node.args) == 3 and isinstance(name, str):
        default = _read(node.args[2], parameter, value, depth)
        if isinstance(held, Made | _Instance):
            return _attribute(held, name, depth)
        return getattr(held, name, default) if default is not _UNKNOWN else _UNKNOWN
    if node.func.id == "isinstance" and len(node.args) == 2:
        kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
        names = [guards.last_name(kind) for kind in kinds]
        if not all(names):
            return _UNKNOWN
        if isinstance(held, Made):  # all its classes are the tree's: no builtin type is among them
            own = {c.name for c in held.classes}
            return (
                True if any(n in own for n in names) else False if all(n in BUILTIN_TYPES for n in names) else _UNKNOWN
            )
        if isinstance(held, _Instance):
            return True if held.name in names else _UNKNOWN
        if all(n in BUILTIN_TYPES for n in names) and not isinstance(held, Made | _Instance):
            return isinstance(held, tuple(BUILTIN_TYPES[n] for n in names))
    return _UNKNOWN


def _attribute(held: object, name: str, depth: int) -> object:
    """An attribute of a new instance: a class-level literal or new instance, or what a property returns."""
    if not isinstance(held, Made) or depth >= DEEPEST or set_on_instance(held, name):
        return _UNKNOWN
    found = lookup(held, name)
    if isinstance(found, ast.Assign):
        if isinstance(found.value, ast.Constant):
            return found.value.value
        if isinstance(found.value, ast.Call) and (called := guards.last_name(found.value.func)):
            return _Instance(called)
        return _UNKNOWN
    if isinstance(found, ast.FunctionDef) and {guards.last_name(d) for d in found.decorator_list} == {"property"}:
        body = [s for s in found.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
        if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None:
            truth = _truth(body[0].value, "self", held, depth + 1)
            return _UNKNOWN if truth is None else _Truth(truth)
    return _UNKNOWN

"""The conditions under which a line raises, read from the code around it (issue 13's first piece of evidence).

For a raise (or an assert), from the innermost block out to its function: the `if`/`elif`/`else` and `while`
tests it sits under (negated on the `else` side), the `case` of a `match` (as the test it amounts to), the
`except` clause it is in with the calls of the `try` that can have raised, the guard clauses above it in each
block that must not have fired (`if not x: return`), and an assert's own test. Each is code in the repository's
own terms, and a plain sentence where a template can say it. Nothing is imported or run: only the module's `ast`.
"""

import ast
import builtins
import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import Any, TypeGuard

from kb.harvest.reading.failures import WORDS, failed_test, raises_nothing
from kb.harvest.reading.walked import nodes_of, nodes_of_kind, unparsed
from kb.text import breadth
from kb.text.treedump import dump

_FLIPPED = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Lt: ast.GtE,
    ast.GtE: ast.Lt,
    ast.Gt: ast.LtE,
    ast.LtE: ast.Gt,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
_EXITS = (ast.Return, ast.Raise, ast.Continue, ast.Break)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module, ast.Lambda)


MAX_GUARDS = 12  # early exits read above a raise, nearest first
MAX_ABOVE = 200  # statements of its block read above a raise for them
MAX_PARTS = 6  # the parts of an `and`/`or` recorded one by one


@dataclass(frozen=True)
class Condition:
    kind: str  # "if", "else", "while", "case", "except", "guard" or "assert"
    code: str  # what holds when the line raises, as code
    sentence: str  # the same in words, or "" where no template says it
    line: int
    # The names the test reads (`len(args) < 2`: len, args), for the parameters a card names; never compared.
    names: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    # The test itself, for what else it reads (`kb.harvest.reading.reads`); None for `except` and some `case`s.
    test: ast.expr | None = field(default=None, compare=False, repr=False)
    # An `else` whose `if` branch ends in a raise of its own: making this false does not avoid an error.
    other_raises: bool = False
    # An `except` whose `try` can raise the caught types only from its calls (`token = auth[1].decode()` and
    # `UnicodeError`): "`auth[1].decode()` raised `UnicodeError`" is then true.
    by_calls: bool = False
    # An `except` whose `try` is one call, its arguments read too (`get_attribute(instance, self.source_attrs)` and
    # `KeyError`): "`get_attribute(instance, self.source_attrs)` raised `KeyError`" is true of the whole expression.
    one_call: bool = False
    # An `and` (all hold) or an `or` (one holds) as its parts, (code, sentence) each: a card says the parts it can
    # put in the reader's words where it cannot say the whole (round 20's card 02: `not unique_fields and
    # db_features.supports_update_conflicts_with_target`, django/db/models/query.py:723, Django 5.2.19).
    parts: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)
    joined: str = field(default="", compare=False, repr=False)  # "all" or "any"
    # The calls the test makes, for those of the tree's small functions read through (`predicates`).
    calls: tuple[ast.Call, ...] = field(default=(), compare=False, repr=False)
    # An `except` whose `try` is one standard operation (`failures`): `test` is what failed (`"." not in path`).
    failed: bool = False
    # A guard's last line: the exits up to it are its body's, said by the guard itself (0: not a guard).
    end: int = field(default=0, compare=False)


def parents_of(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    """Each node's parent, for a module walked once and asked about many raises."""
    return {child: parent for parent in breadth.walk(tree) for child in ast.iter_child_nodes(parent)}


def _always_false(test: ast.expr) -> bool:
    """`False`, `0`, `None`, `""`: a constant no run makes true."""
    return isinstance(test, ast.Constant) and not test.value


def _always_true(test: ast.expr) -> bool:
    """`True`, `1`, `"x"`: a constant every run finds true."""
    return isinstance(test, ast.Constant) and bool(test.value)


def conditions(
    node: ast.stmt,
    parents: dict[ast.AST, ast.AST],
    memo: dict[tuple[str, int], Condition] | None = None,
    module: ast.Module | None = None,
) -> list[Condition]:
    """What must hold for `node` (a raise or an assert) to raise, innermost first, up to its function. `memo`:
    the conditions read for other raises of the same function, by the statement they test (a guard or an `if`
    above several raises is read once). `module`: the module `node` is in, where `parents` stop at its function
    (else found through `parents`)."""
    memo = {} if memo is None else memo
    found: list[Condition] = []
    if isinstance(node, ast.Assert) and not _always_false(node.test):
        # `assert False, "…"` fails whenever it runs: no condition of its own ("when `False` is empty" said nothing).
        found.append(_condition("assert", negate(node.test), node.test.lineno))
    child: ast.AST = node
    while (parent := parents.get(child)) is not None and not isinstance(parent, _SCOPES):
        found += _guards_before(child, parent, memo)
        if isinstance(parent, ast.If):
            if child in parent.body:
                found.append(_once(memo, "if", parent, _condition, "if", parent.test, parent.lineno))
            elif child in parent.orelse:
                found.append(_once(memo, "else", parent, _else, parent))
        elif isinstance(parent, ast.While) and child in parent.body and not _always_true(parent.test):
            # `while True:` lets every pass in: no test of its own ("`True` holds", round 35's card 11).
            found.append(_once(memo, "while", parent, _condition, "while", parent.test, parent.lineno))
        elif isinstance(parent, ast.ExceptHandler):
            found.append(
                _once(memo, "except", parent, _except, parent, parents.get(parent), module or _module_of(node, parents))
            )
        elif isinstance(parent, ast.match_case) and isinstance(match := parents.get(parent), ast.Match):
            found.append(_case(parent, match))
        child = parent
    if parent is not None:
        found += _guards_before(child, parent, memo)
    return _without_contradicted(found)


def _once(
    memo: dict[tuple[str, int], Condition],
    kind: str,
    statement: ast.AST,
    read: Callable[..., Condition],
    *arguments: Any,
) -> Condition:
    """`read(*arguments)`, the condition of `statement` as a `kind`, read once per function."""
    key = (kind, id(statement))
    found = memo.get(key)
    if found is None:
        found = memo[key] = read(*arguments)
    return found


def _guard(statement: ast.If) -> Condition:
    read = _condition("guard", negate(statement.test), statement.lineno)
    return dataclasses.replace(read, end=getattr(statement, "end_lineno", None) or statement.lineno)


def _else(parent: ast.If) -> Condition:
    row = _condition("else", negate(parent.test), parent.lineno)
    raises = bool(parent.body) and isinstance(parent.body[-1], ast.Raise)
    return dataclasses.replace(row, other_raises=True) if raises or _raises_apart(parent) else row


def _raises_apart(parent: ast.If) -> bool:
    """Whether the `if`'s body raises under a test that reads nothing its own test reads: `if backend is None:`
    raises when several backends are configured (django/contrib/auth/models.py:214-229, 5.2.19), so taking it is
    no sure way past the `else`'s raise; `if isinstance(subscript, int):` raising on a negative `subscript` only
    narrows the value it takes (expressions.py:1003-1006)."""
    own = _names(parent.test)
    for statement in parent.body:  # and what the body binds from them: `for attr in unique:` (layermapping.py:331)
        for node in breadth.walk(statement):
            if isinstance(node, (ast.For, ast.Assign)) and own & _names(
                node.iter if isinstance(node, ast.For) else node.value
            ):
                targets = [node.target] if isinstance(node, ast.For) else node.targets
                own.update(name for target in targets for name in _names(target))
    for statement in parent.body:
        for node in breadth.walk(statement):
            if not isinstance(node, ast.If) or not any(isinstance(n, ast.Raise) for n in breadth.walk(node)):
                continue
            if not own & _names(node.test):
                return True
    return False


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in breadth.walk(node) if isinstance(n, ast.Name)}


def _without_contradicted(found: list[Condition]) -> list[Condition]:
    """An `or` part that another condition says is false is no way to the line: in `get_child_arguments`,
    `__spec__ is None or exe_entrypoint.exists()` (the `else` of line 240) is followed by `if
    exe_entrypoint.exists(): return` (line 251), so only `__spec__ is None` leads to the raise."""
    if len(found) < 2 or not any(isinstance(c.test, ast.BoolOp) and isinstance(c.test.op, ast.Or) for c in found):
        return found
    held: set[str] | None = None  # dumped only when an `or` shares a name with another condition: rare
    kept = []
    for condition in found:
        test = condition.test
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
            if not any(condition.names & other.names for other in found if other is not condition):
                kept.append(condition)
                continue
            if held is None:
                held = {dump(part) for c in found if c.test is not None for part in _conjuncts(c.test)}
            ways = [part for part in test.values if dump(negate(part)) not in held]
            if ways and len(ways) < len(test.values):
                pruned = ways[0] if len(ways) == 1 else ast.BoolOp(op=ast.Or(), values=ways)
                condition = dataclasses.replace(
                    _condition(condition.kind, pruned, condition.line), other_raises=condition.other_raises
                )
        kept.append(condition)
    return kept


def _conjuncts(test: ast.expr) -> list[ast.expr]:
    return list(test.values) if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]


def negate(test: ast.expr) -> ast.expr:
    """`not test`, written as a reader would: `x is not None` rather than `not x is None`."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return test.operand
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in _FLIPPED:
        return ast.Compare(left=test.left, ops=[_FLIPPED[type(test.ops[0])]()], comparators=test.comparators)
    if isinstance(test, ast.BoolOp):  # De Morgan, one level
        flipped: type[ast.boolop] = ast.Or if isinstance(test.op, ast.And) else ast.And
        return ast.BoolOp(op=flipped(), values=[negate(value) for value in test.values])
    return ast.UnaryOp(op=ast.Not(), operand=test)


def sentence(test: ast.expr) -> str:
    """A plain sentence for the common forms of a test; "" for the rest (the code says it)."""
    if words := getattr(test, WORDS, ""):  # what a failed operation found (`failures`): "`x` is not iterable"
        return str(words)
    if isinstance(test, ast.BoolOp):
        parts = [_grouped(value) for value in test.values]
        joiner = " and " if isinstance(test.op, ast.And) else " or "
        return joiner.join(parts) if all(parts) else ""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _false(test.operand)
    if isinstance(test, ast.Call):
        return _call(test, negated=False) or f"{_subject(test)} is true"
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        return _compare(test.left, test.ops[0], test.comparators[0])
    if isinstance(test, (ast.Name, ast.Attribute, ast.Subscript)):
        return f"{_subject(test)} is true"
    return ""


def _grouped(test: ast.expr) -> str:
    """A part of an and/or: in brackets when it is itself an and/or, so that the words keep the code's grouping."""
    words = sentence(test)
    return f"({words})" if words and isinstance(test, ast.BoolOp) else words


def _false(inner: ast.expr) -> str:
    if isinstance(inner, ast.Call):
        return _call(inner, negated=True) or f"{_subject(inner)} is false"
    if isinstance(inner, (ast.Compare, ast.BoolOp)):
        words = sentence(inner)
        return f"it is not so that {words}" if words else ""
    return f"{_subject(inner)} is empty or false"


def _call(call: ast.Call, *, negated: bool) -> str:
    """`isinstance`, `issubclass`, `hasattr`, `callable` and `str.startswith`/`endswith`, said in words."""
    name, args = _called(call), call.args
    if call.keywords or any(isinstance(a, ast.Starred) for a in args):
        return ""
    if name in ("isinstance", "issubclass") and len(args) == 2:
        kinds = args[1].elts if isinstance(args[1], ast.Tuple) else [args[1]]
        named = [f"`{unparsed(k)}`" for k in kinds]
        relation = "an instance" if name == "isinstance" else "a subclass"
        if negated:
            return f"{_subject(args[0])} is not {relation} of {' or '.join(named)}"
        return f"{_subject(args[0])} is {relation} of {' or '.join(named)}"
    if name in ("all", "any") and len(args) == 1 and (each := _each_instance(args[0])):
        items, relation, opposite = each
        if name == "all":
            return f"an item of {items} is {opposite}" if negated else f"every item of {items} is {relation}"
        return f"no item of {items} is {relation}" if negated else f"an item of {items} is {relation}"
    if name == "hasattr" and len(args) == 2 and isinstance(args[1], ast.Constant) and isinstance(args[1].value, str):
        # "`.save`": never a bare name the card would take for the variable so named (`hasattr(algorithm,
        # "algorithm")` read "the `algorithm` argument has no attribute the `algorithm` argument").
        return f"{_subject(args[0])} has {'no' if negated else 'a'} `.{args[1].value}` attribute"
    if name == "callable" and len(args) == 1:
        return f"{_subject(args[0])} is {'not ' if negated else ''}callable"
    if isinstance(call.func, ast.Attribute) and call.func.attr in ("startswith", "endswith") and len(args) == 1:
        verb = call.func.attr.removesuffix("swith")
        verb = f"does not {verb}" if negated else f"{verb}s"
        return f"{_subject(call.func.value)} {verb} with `{unparsed(args[0])}`"
    return ""


def _each_instance(node: ast.expr) -> tuple[str, str, str] | None:
    """`isinstance(x, (int, float)) for x in values`: ("`values`", "an instance of `int` or `float`", "not an
    instance of ..."); `f is None for f in pk_val`: ("`pk_val`", "`None`", "not `None`")."""
    if not isinstance(node, (ast.GeneratorExp, ast.ListComp)) or len(node.generators) != 1:
        return None
    loop = node.generators[0]
    test = node.elt
    if loop.ifs or loop.is_async or not isinstance(loop.target, ast.Name):
        return None
    if (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.Is, ast.IsNot))
        and isinstance(test.left, ast.Name)
        and test.left.id == loop.target.id
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    ):
        said = ("`None`", "not `None`")
        return _subject(loop.iter), *(said if isinstance(test.ops[0], ast.Is) else said[::-1])
    if not isinstance(test, ast.Call) or _called(test) != "isinstance" or len(test.args) != 2 or test.keywords:
        return None
    if not (isinstance(test.args[0], ast.Name) and test.args[0].id == loop.target.id):
        return None
    kinds = test.args[1].elts if isinstance(test.args[1], ast.Tuple) else [test.args[1]]
    relation = "an instance of " + " or ".join(f"`{unparsed(k)}`" for k in kinds)
    return _subject(loop.iter), relation, "not " + relation


_LENGTHS = {
    ast.Lt: "has fewer than {n} items",
    ast.LtE: "has at most {n} items",
    ast.Gt: "has more than {n} items",
    ast.GtE: "has at least {n} items",
    ast.Eq: "has exactly {n} items",
    ast.NotEq: "does not have exactly {n} items",
}
_PHRASES = {
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.Eq: "equals",
    ast.NotEq: "is not",
    ast.In: "is one of",
    ast.NotIn: "is not one of",
    ast.Lt: "is less than",
    ast.Gt: "is greater than",
    ast.LtE: "is at most",
    ast.GtE: "is at least",
}


def _compare(left: ast.expr, op: ast.cmpop, right: ast.expr) -> str:
    if isinstance(left, ast.Call) and _called(left) == "len" and len(left.args) == 1 and type(op) in _LENGTHS:
        if isinstance(right, ast.Constant) and right.value == 1 and isinstance(op, ast.Lt):
            return f"{_subject(left.args[0])} is empty"  # fewer than 1
        if isinstance(right, ast.Constant) and right.value == 0 and type(op) in (ast.Eq, ast.LtE):
            return f"{_subject(left.args[0])} is empty"
        if isinstance(right, ast.Constant) and right.value == 0 and type(op) in (ast.NotEq, ast.Gt):
            return f"{_subject(left.args[0])} is not empty"
        if distinct := _distinct(left.args[0], op, right) or _repeated(left.args[0], op, right):
            return distinct
        if (other := _length_of(right)) is not None and type(op) in _AS_MANY:
            # `len(fields) != len(opclasses)`: two counts compared, not a count of items that is code.
            return f"{_subject(left.args[0])} {_AS_MANY[type(op)]} {_subject(other)}"
        count = str(right.value) if isinstance(right, ast.Constant) else f"`{unparsed(right)}`"
        said = _LENGTHS[type(op)].format(n=count)
        return f"{_subject(left.args[0])} {said.removesuffix('s') if count == '1' else said}"
    if type(op) in (ast.In, ast.NotIn) and not isinstance(right, (ast.Tuple, ast.List, ast.Set)):
        # `key in data`: a membership test of a container, not a choice among listed values.
        return f"{_subject(right)} {'contains' if isinstance(op, ast.In) else 'does not contain'} {_subject(left)}"
    if type(op) in _PHRASES:
        return f"{_subject(left)} {_PHRASES[type(op)]} `{unparsed(right)}`"
    return ""


# `len(a) <op> len(b)`, said of `a` against `b` (django/db/models/indexes.py:54, views/i18n.py:133).
_AS_MANY = {
    ast.Eq: "has as many items as",
    ast.NotEq: "does not have as many items as",
    ast.Lt: "has fewer items than",
    ast.Gt: "has more items than",
    ast.LtE: "has at most as many items as",
    ast.GtE: "has at least as many items as",
}


def _length_of(node: ast.expr) -> ast.expr | None:
    """`x` of `len(x)`, where `x` is no `set(...)` (a count of distinct values, said by `_distinct`); else None."""
    if not (isinstance(node, ast.Call) and _called(node) == "len" and len(node.args) == 1) or node.keywords:
        return None
    counted = node.args[0]
    return None if isinstance(counted, ast.Starred) or _distinct_of(counted) is not None else counted


def _distinct(counted: ast.expr, op: ast.cmpop, right: ast.expr) -> str:
    """The test that values are not all alike, `len(set(x)) != 1`, said as what it checks rather than as a count
    of a set; `len(set(x)) != len(x)` (a value repeated) is `_repeated`'s."""
    if not (isinstance(counted, ast.Call) and _called(counted) in ("set", "frozenset") and len(counted.args) == 1):
        return ""
    values = counted.args[0]
    if isinstance(right, ast.Constant) and right.value == 1 and isinstance(op, (ast.NotEq, ast.Gt)):
        if isinstance(op, ast.Gt):
            return f"{_subject(values)} holds more than one distinct value"
        return f"{_subject(values)} is empty or holds values that are not all the same"
    return ""


# `len(x) != len(set(x))`, the count of `x` to that of its distinct values: whether a value is repeated.
_REPEATED = {ast.NotEq: True, ast.Gt: True, ast.Eq: False, ast.LtE: False}
_DISTINCT = {ast.NotEq: True, ast.Lt: True, ast.Eq: False, ast.GtE: False}


def _repeated(counted: ast.expr, op: ast.cmpop, right: ast.expr) -> str:
    """`len(x) != len(set(x))` (set on the right, the way Django writes it: loaddata.py:366) and the tests that it
    is not so (`==`, the `else` of a guard): said as whether a value of `x` is repeated, never as a count of items
    ("`fixture_dirs` has exactly `len(set(fixture_dirs))` items", round 29's card 13). `len(set(x)) == len(x)`:
    the same, the set on the left."""
    if not (isinstance(right, ast.Call) and _called(right) == "len" and len(right.args) == 1) or right.keywords:
        return ""
    table = _REPEATED
    values, distinct = counted, right.args[0]
    if _distinct_of(counted) is not None:  # `len(set(x)) == len(x)`: the set on the left
        table, values, distinct = _DISTINCT, right.args[0], counted
    if type(op) not in table or (of := _distinct_of(distinct)) is None or dump(of) != dump(values):
        return ""
    return (
        f"{_subject(values)} {'holds a value more than once' if table[type(op)] else 'holds no value more than once'}"
    )


def _within(inner: ast.AST, outer: ast.AST) -> bool:
    """Whether `inner`'s code lies inside `outer`'s, by their positions in the file."""
    start = (getattr(inner, "lineno", 0), getattr(inner, "col_offset", 0))
    end = (getattr(inner, "end_lineno", 0) or 0, getattr(inner, "end_col_offset", 0) or 0)
    first = (getattr(outer, "lineno", 0), getattr(outer, "col_offset", 0))
    last = (getattr(outer, "end_lineno", 0) or 0, getattr(outer, "end_col_offset", 0) or 0)
    return first <= start and end <= last and (first, last) != (start, end) and start > (0, 0)


def _distinct_of(node: ast.expr) -> ast.expr | None:
    """`x` of `set(x)` or `frozenset(x)`; None for anything else."""
    if isinstance(node, ast.Call) and _called(node) in ("set", "frozenset") and len(node.args) == 1:
        return None if node.keywords or isinstance(node.args[0], ast.Starred) else node.args[0]
    return None


def _subject(expr: ast.expr) -> str:
    """How a sentence names a value: `settings.DEBUG` is "the setting `DEBUG`", the rest is its code."""
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == "settings":
        return f"the setting `{expr.attr}`"
    return f"`{unparsed(expr)}`"


def tested(test: ast.expr, line: int) -> Condition:
    """The condition that `test`, an `if` or `elif` at `line` the raise is not inside, held."""
    return _condition("if", test, line)


def _condition(kind: str, test: ast.expr, line: int) -> Condition:
    # Walked once: its names, and its calls for `predicates`.
    names = frozenset([n.id for n in nodes_of_kind(test, ast.Name)])
    parts: tuple[tuple[str, str], ...] = ()
    joined = ""
    if isinstance(test, ast.BoolOp) and len(test.values) <= MAX_PARTS:
        parts = tuple([(unparsed(value), sentence(value)) for value in test.values])
        joined = "all" if isinstance(test.op, ast.And) else "any"
        # `sentence(test)` from its parts' own, each said once: an `and` in brackets, as `_grouped` says it.
        grouped = [
            f"({said})" if said and isinstance(value, ast.BoolOp) else said
            for value, (_, said) in zip(test.values, parts, strict=True)
        ]
        said = (" and " if isinstance(test.op, ast.And) else " or ").join(grouped) if all(grouped) else ""
    else:
        said = sentence(test)
    return Condition(
        kind=kind,
        code=unparsed(test),
        sentence=said,
        line=line,
        names=names,
        test=test,
        parts=parts,
        joined=joined,
        calls=nodes_of_kind(test, ast.Call),
    )


def _except(handler: ast.ExceptHandler, attempt: ast.AST | None, module: ast.Module | None = None) -> Condition:
    caught = unparsed(handler.type) if handler.type is not None else "any exception"
    calls = []
    quiet = _quiet_calls(handler, attempt, module)
    if isinstance(attempt, (ast.Try, ast.TryStar)):
        every = [n for stmt in attempt.body for n in nodes_of(stmt)]
        nodes = [n for n in every if isinstance(n, ast.Call)]
        # The calls that cannot raise the caught type are not said as what raised it ("`DataAndFiles()` raised").
        calls = [unparsed(n.func) for n in nodes if id(n) not in quiet] or [unparsed(n.func) for n in nodes]
        if any(isinstance(n, (ast.Import, ast.ImportFrom)) for n in every):
            calls = []  # `import cx_Oracle` then `warnings.warn(...)`: the import may be what raised, not the call
    tried = ", ".join(f"`{c}`" for c in dict.fromkeys(calls))
    words = f"`{caught}` was raised" + (f" by {tried}" if tried else "")
    imported = _imported(attempt) if not calls and caught.rpartition(".")[2] in _IMPORT_ERRORS else []
    if imported:  # `try: import MySQLdb` / `except ImportError`: the module the reader has not installed
        # `import psycopg`, then `import psycopg2` in its place: both failed.
        fell_back = isinstance(attempt, ast.Try) and isinstance(attempt.body[0], ast.Try) and len(imported) == 2
        joint = ", then " if fell_back else ", "
        words += " by importing " + joint.join(f"`{name}`" for name in imported)
    if not calls and (lookup := _lookup(caught, attempt)) is not None:
        # What the failed lookup reads is read as a test's names are: their definitions reach the card.
        container, key = lookup
        words += f" by looking up `{unparsed(key)}` in `{unparsed(container)}`"
        test = ast.Compare(left=key, ops=[ast.NotIn()], comparators=[container])
        names = frozenset(n.id for n in breadth.walk(test) if isinstance(n, ast.Name))
        return Condition("except", f"except {caught}", words, handler.lineno, names=names, test=test)
    # `a, b = path.rsplit(".", 1)` and `ValueError`: the test that failed, its names read as a test's are.
    failed = failed_test(handler.type, attempt)
    if calls and _only_calls_raise(handler.type, attempt) and isinstance(attempt, (ast.Try, ast.TryStar)):
        # What the calls read is read as a test's names are: their definitions reach the card.
        value = getattr(attempt.body[0], "value", None)
        names = frozenset(n.id for n in nodes_of(value) if isinstance(n, ast.Name)) if value else frozenset()
        every = [n for n in nodes_of(attempt.body[0]) if isinstance(n, ast.Call)]
        loud = [n for n in every if id(n) not in quiet] or every
        # A call inside another is said by it: "`fields.append((name, field.clone()))` or `field.clone()` raised"
        # named one failure twice (round 29's card 06, django/db/migrations/state.py:808, Django 5.2.19).
        whole = [unparsed(n) for n in loud if not any(other is not n and _within(n, other) for other in loud)]
        if all(len(call) <= MAX_CALL for call in whole):  # the calls with their arguments: `int(page)`
            words = f"`{caught}` was raised by " + ", ".join(f"`{c}`" for c in dict.fromkeys(whole))
        # `getattr(mod, name)`: what failed where the card can say it, else the call that raised.
        tested: ast.expr | None = failed if failed is not None else value
        return Condition(
            "except",
            f"except {caught}",
            words,
            handler.lineno,
            names=names,
            test=tested,
            by_calls=True,
            failed=bool(failed),
        )
    if failed is not None:
        names = frozenset(n.id for n in breadth.walk(failed) if isinstance(n, ast.Name) and n.id != "hasattr")
        return Condition("except", f"except {caught}", words, handler.lineno, names=names, test=failed, failed=True)
    if calls and (call := _one_call(handler.type, attempt)) is not None:
        # The `try` is one call, whatever else its arguments do: that call, as a whole, raised what was caught.
        names = frozenset(n.id for n in nodes_of(call) if isinstance(n, ast.Name))
        words = f"`{caught}` was raised by `{unparsed(call)}`"
        return Condition("except", f"except {caught}", words, handler.lineno, names=names, test=call, one_call=True)
    return Condition(kind="except", code=f"except {caught}", sentence=words, line=handler.lineno)


# Builtins that raise nothing but `TypeError` (a wrong argument): `isinstance(value, str)`.
_TYPE_CHECKS = frozenset({"isinstance", "issubclass", "callable"})
# The caught types a call that raises only `TypeError` (or `MemoryError`) may still have raised.
_BASES_OF_TYPE_ERROR = frozenset({"TypeError", "Exception", "BaseException", "MemoryError"})
MAX_CLASS_DEPTH = 10  # bases of a module's class followed
_HOOKS = frozenset({"__new__", "__init_subclass__", "__setattr__", "__getattribute__", "__getattr__", "__set_name__"})


def _quiet_calls(handler: ast.ExceptHandler, attempt: ast.AST | None, module: ast.Module | None) -> set[int]:
    """The ids of the calls in the `try` that cannot raise the type `handler` catches: a builtin type check
    (`isinstance`, raising only `TypeError`), the construction of a builtin exception (`ValueError(...)`), or of a
    class of the module whose `__init__` only stores its arguments (`DataAndFiles`, rest_framework/parsers.py:49-52).
    Those raise nothing but `TypeError`; an `except` of it, of a base of it, of any exception, or of a name that may
    hold a tuple (`except ERRORS:`) keeps every call. Nothing where the module's own names are unsure."""
    if not isinstance(attempt, (ast.Try, ast.TryStar)) or handler.type is None or module is None:
        return set()
    caught = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    for kind in caught:
        if not isinstance(kind, (ast.Name, ast.Attribute)):
            return set()
        last = unparsed(kind).rpartition(".")[2]
        if last in _BASES_OF_TYPE_ERROR or not last[:1].isupper() or last.isupper():
            return set()  # `TypeError`, a base of it, or perhaps a tuple of types (`ERRORS`, `errors`)
    classes = {node.name: node for node in module.body if isinstance(node, ast.ClassDef)}
    # `raise ValueError()` in the `try` raised what it constructs: its construction is no quiet call.
    raised = {id(n.exc) for stmt in attempt.body for n in nodes_of(stmt) if isinstance(n, ast.Raise)}
    # The calls that may be quiet: of a type check, a builtin exception or a class at the module's top. Where there
    # is none, the module's names are not read (a walk of the whole module for each `except` that has none).
    candidates = [
        (node, node.func.id)
        for stmt in attempt.body
        for node in nodes_of(stmt)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and id(node) not in raised
        and (node.func.id in _TYPE_CHECKS or node.func.id in classes or _builtin_exception(node.func.id))
    ]
    if not candidates:
        return set()
    bound = _module_bindings(module)
    if "*" in bound:
        return set()  # `from x import *` may bind any name
    if any(isinstance(kind, ast.Name) and bound.get(kind.id) is _UNSURE for kind in caught):
        return set()  # `Errors = (TypeError, ValueError)`
    quiet: set[int] = set()
    for node, name in candidates:
        if name not in bound and (name in _TYPE_CHECKS or _builtin_exception(name)):
            quiet.add(id(node))
        elif isinstance(bound.get(name), ast.ClassDef) and _stores_only(classes[name], classes, bound, 0):
            quiet.add(id(node))
    return quiet


def _module_of(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> ast.Module | None:
    """The module `node` is in, through its parents (None where they stop at its function)."""
    while (parent := parents.get(node)) is not None:
        node = parent
    return node if isinstance(node, ast.Module) else None


def _builtin_exception(name: str) -> bool:
    value = getattr(builtins, name, None)
    return isinstance(value, type) and issubclass(value, BaseException)


_UNSURE = ast.Pass()  # a name bound more than once, or not by a class at the module's top


def _module_bindings(module: ast.Module) -> dict[str, ast.AST]:
    """Each name the module binds anywhere (a class, a function, a parameter, an assignment, an import): to its
    class where that is its one binding, at the module's top; to its import where that is its one binding; else to
    `_UNSURE`. The last module read is kept: its `except` clauses ask in turn."""
    if _BINDINGS and _BINDINGS[0] is module:
        return _BINDINGS[1]
    found: dict[str, list[ast.AST]] = {}
    for node in breadth.walk(module):
        names: list[str] = []
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            names = [node.name]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [(alias.asname or alias.name).partition(".")[0] for alias in node.names]
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names = [node.id]
        elif isinstance(node, ast.arg):
            names = [node.arg]
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names = list(node.names)
        elif isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and node.name:
            names = [node.name]
        elif isinstance(node, ast.MatchMapping) and node.rest:
            names = [node.rest]
        for name in names:
            found.setdefault(name, []).append(node)
    bound: dict[str, ast.AST] = {}
    for name, nodes in found.items():
        [only] = nodes if len(nodes) == 1 else [_UNSURE]
        top = isinstance(only, ast.ClassDef) and only in module.body
        bound[name] = only if top or isinstance(only, (ast.Import, ast.ImportFrom)) else _UNSURE
    _BINDINGS[:] = [module, bound]
    return bound


_BINDINGS: list = []


def _stores_only(cls: ast.ClassDef, classes: dict[str, ast.ClassDef], bound: dict[str, ast.AST], depth: int) -> bool:
    """Whether constructing `cls` runs no code but storing its arguments: no decorator, no metaclass, no `__new__`
    or `__init_subclass__`, an `__init__` (if any) of `self.x = x` alone, and bases that are `object`, builtin
    exceptions, or classes of the module of the same kind."""
    if cls.decorator_list or cls.keywords or depth > MAX_CLASS_DEPTH:
        return False
    for base in cls.bases:
        if not isinstance(base, ast.Name):
            return False
        if base.id not in bound and (base.id == "object" or _builtin_exception(base.id)):
            continue
        if not (isinstance(bound.get(base.id), ast.ClassDef) and base.id in classes):
            return False
        if not _stores_only(classes[base.id], classes, bound, depth + 1):
            return False
    for stmt in cls.body:
        if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if stmt.decorator_list or stmt.name in _HOOKS:
            return False  # a property's setter, a `__setattr__`: `self.x = x` runs code
        if stmt.name == "__init__" and not _init_stores_only(stmt):
            return False
    # a class attribute's descriptor (`__set_name__`) or a base's hook could run code: only plain assignments
    return all(
        isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Pass))
        or (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant))
        or (isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant))
        for stmt in cls.body
    )


def _init_stores_only(init: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """`def __init__(self, data, files): self.data = data; self.files = files`: a docstring, `pass`, and
    `self.x = <a parameter or a constant>` alone, with no default computed."""
    arguments = init.args
    if (
        init.decorator_list
        or not arguments.args
        or any(not isinstance(d, ast.Constant) for d in [*arguments.defaults, *arguments.kw_defaults] if d is not None)
    ):
        return False
    self = arguments.args[0].arg
    parameters = {a.arg for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]} - {self}
    for stmt in init.body:
        if isinstance(stmt, ast.Pass) or (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)):
            continue
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
            return False
        target, value = stmt.targets[0], stmt.value
        if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == self):
            return False
        if not (isinstance(value, ast.Constant) or (isinstance(value, ast.Name) and value.id in parameters)):
            return False
    return True


# What Python's own operations raise: an `except` of these may have caught the work of a `+`, a `[...]` or a `.x`.
_BY_OPERATIONS = frozenset(
    "Exception BaseException ArithmeticError ZeroDivisionError OverflowError NameError UnboundLocalError "
    "RecursionError MemoryError AssertionError StopIteration".split()
)
_BY_SUBSCRIPTS = frozenset({"KeyError", "IndexError", "LookupError", "TypeError"})
_PLAIN_NODES: tuple[type[ast.AST], ...] = (ast.Call, ast.Name, ast.Constant, ast.keyword, ast.Attribute)
_PLAIN_NODES += (ast.Subscript, ast.Starred, ast.Tuple, ast.List, ast.Load, ast.Store)


def _only_calls_raise(caught: ast.expr | None, attempt: ast.AST | None) -> bool:
    """Whether the calls of a one-statement `try` are all that can raise the caught types: no operator, no
    comprehension, no lookup of a kind the caught types hold (`x[k]` and `KeyError`, `x.y` and `AttributeError`).
    Statements after it that raise nothing are no second way (`if parsed is not None: return parsed`)."""
    if caught is None or not isinstance(attempt, (ast.Try, ast.TryStar)) or not attempt.body:
        return False
    if not all(map(raises_nothing, attempt.body[1:])):
        return False
    statement = attempt.body[0]
    if not isinstance(statement, (ast.Expr, ast.Assign, ast.Return)) or statement.value is None:
        return False
    names = [unparsed(n).rpartition(".")[2] for n in (caught.elts if isinstance(caught, ast.Tuple) else [caught])]
    if any(name in _BY_OPERATIONS for name in names):
        return False
    targets = statement.targets if isinstance(statement, ast.Assign) else []
    if any(not isinstance(target, ast.Name) for target in targets):
        return False  # `self.x = ...` or `a[k] = ...` may raise on its own
    nodes = breadth.nodes(statement.value)
    if any(not isinstance(node, _PLAIN_NODES) for node in nodes):
        return False
    if any(isinstance(node, ast.Subscript) for node in nodes) and _BY_SUBSCRIPTS & set(names):
        return False
    return not (any(isinstance(node, ast.Attribute) for node in nodes) and "AttributeError" in names)


MAX_CALL = 60  # a call of a `try` said with its arguments up to this long

# Caught types too broad to say as what one call raised ("`f(x)` raised `Exception`" reads as that class itself).
_TOO_BROAD = frozenset({"Exception", "BaseException"})


def _one_call(caught: ast.expr | None, attempt: ast.AST | None) -> ast.Call | None:
    """The call a `try` is, where its body is one statement that is a call (`return get_attribute(instance,
    self.source_attrs)`, `value = f(x)` to a name, `f(x)`), up to `MAX_CALL` long, and any statements after it raise
    nothing: the caught error came from that expression (from the call, or from reading its arguments), so "`f(x)`
    raised `KeyError`" is true (rest_framework/fields.py:425-445, DRF 3.18.3: `except (KeyError, AttributeError)`
    around `get_attribute(instance, self.source_attrs)`; round 29's card 20). None otherwise, for a bare `except:`
    or one of `Exception`, and for a call that reads a private name (`parser._named_cycle_nodes[name]`)."""
    if caught is None or not isinstance(attempt, (ast.Try, ast.TryStar)) or not attempt.body:
        return None
    kinds = caught.elts if isinstance(caught, ast.Tuple) else [caught]
    if not all(isinstance(kind, (ast.Name, ast.Attribute)) for kind in kinds):
        return None
    if any(unparsed(kind).rpartition(".")[2] in _TOO_BROAD for kind in kinds):
        return None
    statement = attempt.body[0]
    if not isinstance(statement, (ast.Expr, ast.Assign, ast.Return)) or not isinstance(statement.value, ast.Call):
        return None
    if isinstance(statement, ast.Assign) and not all(isinstance(target, ast.Name) for target in statement.targets):
        return None  # `self.x = f()` may raise on its own
    if not all(map(raises_nothing, attempt.body[1:])):
        return None
    call = statement.value
    if any(_private(node) for node in nodes_of(call)):
        return None  # `parser._named_cycle_nodes[name]`: no name of the library's insides is said
    said = unparsed(call)
    return call if len(said) <= MAX_CALL and "\n" not in said else None


def _private(node: ast.AST) -> bool:
    """A name or attribute private to its module or class (`_connections`), not a dunder."""
    name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


_LOOKUP_ERRORS = frozenset({"KeyError", "IndexError", "LookupError"})
_IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError"})
MAX_IMPORTED = 3


def _imported(attempt: ast.AST | None) -> list[str]:
    """The modules a `try` block of import statements only imports (`import MySQLdb as Database`: MySQLdb); for a
    block that is one `try` of imports falling back on others (`try: import psycopg` / `except ImportError: import
    psycopg2`), each import of both, in order: every one of them failed."""
    if not isinstance(attempt, (ast.Try, ast.TryStar)):
        return []
    statements = attempt.body
    if len(statements) == 1 and isinstance(inner := statements[0], ast.Try) and _falls_back(inner):
        statements = [*inner.body, *(stmt for handler in inner.handlers for stmt in handler.body)]
    # A flag set beside the imports (`is_oracledb = True`, django/db/backends/oracle/oracledb_any.py:6-8, Django
    # 5.2.19) cannot raise: the imports are still all that can.
    statements = [stmt for stmt in statements if not _sets_a_constant(stmt)]
    if not statements or not all(isinstance(stmt, (ast.Import, ast.ImportFrom)) for stmt in statements):
        return []
    names: list[str] = []
    for stmt in statements:
        if isinstance(stmt, ast.Import):
            names += [alias.name for alias in stmt.names]
        elif isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level:
            names.append(stmt.module)
    return list(dict.fromkeys(names))[:MAX_IMPORTED]


def _sets_a_constant(statement: ast.stmt) -> bool:
    """`name = <literal>`: a statement that cannot raise."""
    return (
        isinstance(statement, ast.Assign)
        and all(isinstance(target, ast.Name) for target in statement.targets)
        and isinstance(statement.value, ast.Constant)
    )


def _falls_back(attempt: ast.Try) -> bool:
    """`try: import a` / `except ImportError: import b` and nothing else: the outer handler runs when both fail."""
    return (
        not attempt.orelse
        and not attempt.finalbody
        and len(attempt.handlers) == 1
        and (caught := attempt.handlers[0].type) is not None
        and unparsed(caught).rpartition(".")[2] in _IMPORT_ERRORS
    )


def _lookup(caught: str, attempt: ast.AST | None) -> tuple[ast.expr, ast.expr] | None:
    """(container, key) when a `try` of one statement and no call holds one subscript by a plain name and the
    handler catches what a lookup raises: `hashers[algorithm]` in `get_hasher`."""
    if caught.rpartition(".")[2] not in _LOOKUP_ERRORS or not isinstance(attempt, ast.Try) or len(attempt.body) != 1:
        return None
    subscripts = [n for n in breadth.walk(attempt.body[0]) if isinstance(n, ast.Subscript)]
    if len(subscripts) != 1 or isinstance(subscripts[0].slice, ast.Slice):
        return None
    container, key = subscripts[0].value, subscripts[0].slice
    plain = all(part.isidentifier() for node in (container, key) for part in unparsed(node).split("."))
    return (container, key) if plain else None


def _case(case: ast.match_case, match: ast.Match) -> Condition:
    """A `case` as the test it amounts to where one expression says it (`value == 'go'`, `isinstance(value, Point)`,
    and for `case _:` none of the cases above it); else `match value: case <pattern>` (the code, no sentence)."""
    line = case.pattern.lineno
    test = _pattern_test(match.subject, case.pattern)
    if test is None and _is_wildcard(case.pattern):
        earlier = [match.cases[i] for i in range(match.cases.index(case))]
        tests = [_pattern_test(match.subject, c.pattern) for c in earlier]
        if earlier and all(t is not None for t in tests):
            guarded = [
                t if c.guard is None else ast.BoolOp(op=ast.And(), values=[t, c.guard])
                for t, c in zip(tests, earlier, strict=True)
                if t is not None
            ]
            test = negate(guarded[0] if len(guarded) == 1 else ast.BoolOp(op=ast.Or(), values=guarded))
    if test is not None and case.guard is not None:
        test = ast.BoolOp(op=ast.And(), values=[test, case.guard])
    if test is not None:
        return _condition("case", test, line)
    guard = f" if {unparsed(case.guard)}" if case.guard is not None else ""
    code = f"match {unparsed(match.subject)}: case {unparsed(case.pattern)}{guard}"
    return Condition(kind="case", code=code, sentence="", line=line)


def _pattern_test(subject: ast.expr, pattern: ast.pattern) -> ast.expr | None:
    """The expression a simple pattern amounts to, or None."""
    if isinstance(pattern, ast.MatchValue):
        return ast.Compare(left=subject, ops=[ast.Eq()], comparators=[pattern.value])
    if isinstance(pattern, ast.MatchSingleton):
        return ast.Compare(left=subject, ops=[ast.Is()], comparators=[ast.Constant(pattern.value)])
    if isinstance(pattern, ast.MatchOr) and all(isinstance(p, ast.MatchValue) for p in pattern.patterns):
        values = [p.value for p in pattern.patterns if isinstance(p, ast.MatchValue)]
        return ast.Compare(left=subject, ops=[ast.In()], comparators=[ast.Tuple(elts=values, ctx=ast.Load())])
    if isinstance(pattern, ast.MatchClass) and not pattern.patterns and not pattern.kwd_patterns:
        return ast.Call(func=ast.Name("isinstance", ast.Load()), args=[subject, pattern.cls], keywords=[])
    return None


def _is_wildcard(pattern: ast.pattern) -> bool:
    return isinstance(pattern, ast.MatchAs) and pattern.pattern is None


def _guards_before(child: ast.AST, parent: ast.AST, memo: dict[tuple[str, int], Condition]) -> list[Condition]:
    """`if x: return` (or raise, continue, break) above `child` in the same block: x was false."""
    for block_name in ("body", "orelse", "finalbody", "handlers"):
        block = getattr(parent, block_name, None)
        if isinstance(block, list) and child in block:
            at = block.index(child)
            # The nearest statements only: a block of thousands of loops above thousands of raises would be read
            # whole for each (quadratic); a guard farther up is left unsaid.
            earlier = block[max(0, at - MAX_ABOVE) : at]
            guards = _guards_in(earlier)
            # The nearest few: a block of thousands of `if x: raise` would read every one for each raise (quadratic).
            return [_once(memo, "guard", stmt, _guard, stmt) for stmt in islice(guards, MAX_GUARDS)]
    return []


def _guards_in(earlier: list[ast.stmt]) -> Iterator[ast.If]:
    """The guards among `earlier`, nearest the raise first: each `if x: return`, and those at the top of a `try`'s
    body and `else` whose every `except` exits. Past such a `try`, its body ran to its end, so none of them fired:
    `try: parsed = parse_datetime(value); if parsed is not None: return parsed; except ValueError: raise ...`
    above a raise means `parse_datetime(value)` returned `None` (django/db/models/fields/__init__.py:1621-1643,
    Django 5.2.19). A `try` with an `except` that may carry on past it says nothing."""
    for stmt in reversed(earlier):
        if isinstance(stmt, ast.If):  # most statements above a raise: tested inline, no call each
            if not stmt.orelse and stmt.body and isinstance(stmt.body[-1], _EXITS):
                yield stmt
        elif isinstance(stmt, ast.Try) and all(h.body and isinstance(h.body[-1], _EXITS) for h in stmt.handlers):
            # The nearest statements only, as of any block: a `try` of thousands of guards is not read whole.
            nearest = islice(chain(reversed(stmt.orelse), reversed(stmt.body)), MAX_ABOVE)
            yield from (inner for inner in nearest if _is_guard(inner))


def _is_guard(stmt: ast.stmt) -> TypeGuard[ast.If]:
    return isinstance(stmt, ast.If) and not stmt.orelse and bool(stmt.body) and isinstance(stmt.body[-1], _EXITS)


def _called(call: ast.Call) -> str:
    return call.func.id if isinstance(call.func, ast.Name) else ""

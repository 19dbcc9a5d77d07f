"""The early exits that may end a call (or leave a loop) before a raise runs, for its card's "unless an earlier
check exits first": every `return` and `raise` of the function above the deciding test, one between the test and
the raise that may run first, and a `break` or `continue` that leaves a loop around the raise before it (round 17:
a `break` on the way was left out), and a call of the repository's own function that raises, above the test
(round 18: `self._not_support_combined_queries("extra")` in `QuerySet.extra`). Read per site from the exits its
function's `Owner` listed once. Of those, `raising_exits` tells the ones that raise another error ("raises no other
error first"), and `none_matched` the loop above a raise that returns on a match ("... is false for every `key` in
..."): round 27's reader could act on neither as "an earlier check exits first"."""

import ast
import builtins
from bisect import bisect_left
from typing import TYPE_CHECKING

from kb.harvest.reading.callees import caught_types, is_caught
from kb.harvest.reading.imports import BUILTIN_EXCEPTIONS
from kb.text import breadth
from kb.text.written import unparse

if TYPE_CHECKING:
    from kb.harvest.reading.scopes import Scope
    from kb.harvest.reading.site_evidence import Owner

LOOPS = (ast.For, ast.AsyncFor, ast.While)
MAX_EXITS = 8  # lines of the early exits above a raise kept on its site
MAX_CLIMB = 64  # blocks climbed from an exit to the raise's own: each raise is not read against a deep nest
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_NO, _SAME, _EARLIER = 0, 1, 2  # not on the way; on the way in the raise's own pass; only in an earlier pass


class _Path:
    """The blocks around one raise, read once for all the exits of its function."""

    def __init__(self, statement: ast.stmt, parents: dict[ast.AST, ast.AST]) -> None:
        self.statement = statement
        self.parents = parents
        self.above: list[ast.AST] = [statement]
        while (parent := parents.get(self.above[-1])) is not None:
            self.above.append(parent)
        self.index = {id(node): at for at, node in enumerate(self.above)}
        self.loops: dict[int, bool] = {}  # each loop around the raise: whether the raise is in its body
        self.first_loop = statement.lineno  # the line of the outermost loop around the raise
        self.looped_above = [False] * len(self.above)  # whether a loop is around the node at each place
        looped = False
        for at in range(len(self.above) - 1, 0, -1):
            self.looped_above[at] = looped
            node, child = self.above[at], self.above[at - 1]
            if isinstance(node, LOOPS):
                self.loops[id(node)] = _in_body(child, node)
                self.first_loop = min(self.first_loop, node.lineno)
                looped = True

    def way(self, exit: ast.stmt) -> int:
        """Whether `exit` may run before the raise: not in the other arm of an `if` (or another `case`) the raise
        is in, unless a loop around them may run that arm in an earlier pass and leave (a `continue` ends that
        pass alone). `Field.validate` returns in its loop over the choices for every valid one, between the test
        and the raise (round 17's card 10)."""
        child: ast.AST = exit
        for _ in range(MAX_CLIMB):
            if (parent := self.parents.get(child)) is None or id(parent) in self.index:
                break
            child = parent
        else:
            return _EARLIER  # nested past reading (a hostile `elif` chain): said as an exit rather than read
        if parent is None or exit is self.statement:
            return _NO
        at = self.index[id(parent)]
        mine = self.above[at - 1] if at > 0 else self.statement
        if isinstance(parent, ast.If) and _in_body(child, parent) == _in_body(mine, parent):
            return _SAME
        if isinstance(parent, (ast.If, ast.Match)):
            return _EARLIER if self.looped_above[at] and not isinstance(exit, ast.Continue) else _NO
        return _SAME

    def beside(self, exit: ast.stmt, scope: "Scope | None") -> int | None:
        """Where `exit` is in another handler of a `try` one of whose handlers holds the raise, and the two catch
        classes of which neither is a subclass of the other (each known to the end of its bases): one error runs
        one handler, so it does not come before the raise (`_NO`), unless a loop around the `try` may run it in an
        earlier pass (`_EARLIER`). None otherwise: `except FileExistsError` above `except OSError` takes some of the
        errors that would reach the raise, a check that comes first (django/core/mail/backends/filebased.py:19-30).
        The `raise type(exc)(msg)` of `except BuiltinSignatureError` above `except (KeyError, AttributeError)`
        (rest_framework/fields.py:428-465, DRF 3.18.3) is none of the raise's checks: round 29's card 20 said
        "raises no other error first" of it."""
        child: ast.AST = exit
        for _ in range(MAX_CLIMB):
            parent = self.parents.get(child)
            if parent is None or isinstance(parent, _SCOPES):
                return None
            if id(parent) in self.index:
                at = self.index[id(parent)]
                mine = self.above[at - 1] if at > 0 else self.statement
                if isinstance(parent, (ast.Try, ast.TryStar)) and isinstance(child, ast.ExceptHandler):
                    if isinstance(mine, ast.ExceptHandler) and child is not mine and _apart(child, mine, scope):
                        return _EARLIER if self.looped_above[at] else _NO
                return None
            child = parent
        return None


MAX_ANCESTRY = 20  # classes read up an exception's bases


def _apart(one: ast.ExceptHandler, other: ast.ExceptHandler, scope: "Scope | None") -> bool:
    """Whether no class `one` catches is a subclass of one `other` catches, or the reverse: each read to its
    builtin bases (a builtin, or a class of the harvest whose bases all are); False where any is not known."""
    if scope is None or one.type is None or other.type is None:
        return False
    firsts = [_ancestry(kind, scope) for kind in (one.type.elts if isinstance(one.type, ast.Tuple) else [one.type])]
    seconds = [
        _ancestry(kind, scope) for kind in (other.type.elts if isinstance(other.type, ast.Tuple) else [other.type])
    ]
    if any(found is None for found in [*firsts, *seconds]):
        return False
    return not any(
        first[0] in second[1] or second[0] in first[1]
        for first in firsts
        for second in seconds
        if first is not None and second is not None
    )


def _ancestry(kind: ast.expr, scope: "Scope") -> tuple[str, frozenset[str]] | None:
    """A caught class's name and the names of it and all its ancestors (builtins by their names, the harvest's
    classes by their qualified names); None where a base is not known."""
    if isinstance(kind, ast.Name) and _builtin(kind.id, scope):
        found = getattr(builtins, kind.id, None)
        if not isinstance(found, type):
            return None
        return kind.id, frozenset(base.__name__ for base in found.__mro__)
    qualified = caught_types(kind, scope) if isinstance(kind, (ast.Name, ast.Attribute)) else []
    if len(qualified) != 1:
        return None
    index = scope.index
    names: set[str] = set()
    waiting, seen = [qualified[0]], 0
    while waiting:
        name = waiting.pop()
        info = index.classes.get(name)
        seen += 1
        if info is None or seen > MAX_ANCESTRY:
            return None
        names.add(name)
        for base in info.bases:
            resolved = index.resolver.qualify(list(base), info.module)
            if len(base) == 1 and base[0] in BUILTIN_EXCEPTIONS and (resolved is None or resolved not in index.classes):
                kind_of = getattr(builtins, base[0], None)
                if not isinstance(kind_of, type):
                    return None
                names.update(b.__name__ for b in kind_of.__mro__)
            elif resolved is not None and resolved not in names:
                waiting.append(resolved)
            elif resolved is None:
                return None
    return qualified[0], frozenset(names)


def _in_body(child: ast.AST, parent: ast.If | ast.For | ast.AsyncFor | ast.While) -> bool:
    """Whether a statement of `parent`'s blocks is in its body rather than its `else`, by its line: a long body is
    not searched for each raise."""
    return not parent.orelse or getattr(child, "lineno", 0) < parent.orelse[0].lineno


def exits_before(owner: "Owner", statement: ast.stmt, line: int, deciding: int | None) -> tuple[list[int], list[int]]:
    """The lines of the exits that may come before the raise at `line` (`deciding`: the line of its deciding test),
    and of those the ones no test of the raise rules out: reached in an earlier pass of a loop, or a `break` that
    skips the loop's `else` the raise is in."""
    path = _Path(statement, owner.parents)
    top = deciding or line
    found: dict[int, bool] = {}
    for node in owner.exits():
        if node.lineno >= line or len(found) == MAX_EXITS:  # the first few are kept: the rest are not read
            break
        if isinstance(node, ast.Raise) and _caught_on_the_way(node, path, owner.scope):
            continue  # it leads into the raise's own `except`, not away from it
        if _tried_for_the_raise(node, path):
            continue  # it runs on the way to the error the raise's `except` catches: no check leaves first
        if (beside := path.beside(node, owner.scope)) is not None:
            if beside == _EARLIER:
                found[node.lineno] = True
            continue  # another handler of the raise's own `try`: the error that leads to the raise never runs it
        way = path.way(node) if node.lineno >= min(top, path.first_loop) else _NO
        if node.lineno < top or way:
            found[node.lineno] = found.get(node.lineno, False) or way == _EARLIER
    if path.loops:
        rows = owner.loop_exits()
        ends = len(found)
        for index in range(bisect_left(rows, path.first_loop, key=lambda row: row[0]), len(rows)):
            at, leave, loop = rows[index]
            if at >= line or len(found) == ends + MAX_EXITS:
                break
            in_body = path.loops.get(id(loop))
            if in_body is None or not (way := path.way(leave) if in_body else _EARLIER * isinstance(leave, ast.Break)):
                continue
            found[at] = found.get(at, False) or way == _EARLIER
    kept = sorted(found)[:MAX_EXITS]
    return kept, [at for at in kept if found[at]]


MAX_MATCH_CODE = 160  # a loop's test said in a card up to this long


def none_matched(statement: ast.stmt, parents: dict[ast.AST, ast.AST]) -> dict | None:
    """The loop just above a raise, in its own block, that returns on the first item meeting a test: `for key in
    [self.key, *self.fallback_keys]: if constant_time_compare(sig, self.signature(value, key)): return value`,
    then `raise BadSignature(...)` (django/core/signing.py:234-237, Django 5.2.19; round 27's card 03). The raise is
    reached only when no item met the test: {"line", "return", "target", "iter", "test", "holds"} (`holds`: the test is
    true of every item, `if not ...: return`). Only a `for` with no
    `else` whose body is that one `if` (no `else`) and its `return`, over one name; None otherwise."""
    parent = parents.get(statement)
    blocks = [getattr(parent, name, ()) for name in ("body", "orelse", "finalbody")] if parent is not None else []
    block = next((found for found in blocks if statement in found), None)
    if not block:
        return None
    before = block[: block.index(statement)]
    loop = next((node for node in reversed(before) if isinstance(node, LOOPS)), None)
    if not isinstance(loop, ast.For) or loop.orelse or not isinstance(loop.target, ast.Name) or len(loop.body) != 1:
        return None
    test = loop.body[0]
    if not isinstance(test, ast.If) or test.orelse or len(test.body) != 1 or not isinstance(test.body[0], ast.Return):
        return None
    if any(
        isinstance(node, (ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr, ast.Lambda))
        for node in breadth.walk(test.test)
    ):
        return None
    # `if not ok(item): return` returns on an item that fails: none failed, "`ok(item)` is true for every item".
    negated = isinstance(test.test, ast.UnaryOp) and isinstance(test.test.op, ast.Not)
    said = unparse(test.test.operand if isinstance(test.test, ast.UnaryOp) and negated else test.test)
    walked = unparse(loop.iter)
    if len(said) + len(walked) > MAX_MATCH_CODE or "\n" in said + walked:
        return None
    found = {"line": test.lineno, "return": test.body[0].lineno, "target": loop.target.id, "iter": walked}
    return {**found, "test": said, "holds": negated}


def raising_exits(owner: "Owner", lines: list[int]) -> list[int]:
    """Of the exits at `lines`, those that end the call with an error of their own: each exit on the line a `raise`
    of an exception (not a bare re-raise) or an `assert`, under no `try` or `with` of the function that may catch
    or swallow it. A card then says "raises no other error first" rather than "no earlier check exits first"
    (round 27's cards 04, 14 and 20: `if hasattr(field, "model"): raise ValueError(...)` above the raise,
    django/db/migrations/state.py:758-761, Django 5.2.19). A `return`, `break`, `continue`, or a call of the
    tree's own raising function (which error it raises is that function's) is not one."""
    wanted = set(lines)
    kinds: dict[int, bool] = {}
    for node in owner.exits():
        if node.lineno in wanted:
            raising = isinstance(node, ast.Assert) or (isinstance(node, ast.Raise) and node.exc is not None)
            kinds[node.lineno] = kinds.get(node.lineno, True) and raising and not _guarded(node, owner.parents)
    return sorted(line for line, raising in kinds.items() if raising)


def loop_leaves(owner: "Owner", lines: list[int]) -> dict[str, list[int]]:
    """Of the exits at `lines`, those that leave only a loop, by kind: a `continue` ends the pass and a `break` the
    loop, and the function goes on (the `continue` at django/contrib/gis/geos/prototypes/io.py:291, Django 5.2.19,
    ends a pass of `_WKBReader.limit`'s loop above its raise; round 28's card 09 said "no earlier check exits
    first" of it). A line that also holds a `return` or `raise` is not one."""
    wanted = set(lines) - {node.lineno for node in owner.exits()}
    found: dict[str, list[int]] = {}
    for at, leave, _loop in owner.loop_exits():
        if at in wanted:
            kind = "break" if isinstance(leave, ast.Break) else "continue"
            if at not in found.setdefault(kind, []):
                found[kind].append(at)
    return found


def _guarded(node: ast.stmt, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether a `try` (its body) or a `with` of the function is around `node`: either may keep its error in."""
    child: ast.AST = node
    for _ in range(MAX_CLIMB):
        parent = parents.get(child)
        if parent is None or isinstance(parent, _SCOPES):
            return False
        if isinstance(parent, (ast.With, ast.AsyncWith)) or (
            isinstance(parent, (ast.Try, ast.TryStar)) and child in parent.body
        ):
            return True
        child = parent
    return True


def _caught_on_the_way(exit: ast.Raise, path: _Path, scope: "Scope | None") -> bool:
    """Whether `raise E` is in the body of a `try` whose first handler that catches `E` holds the raise the exits
    are read for: it does not end the call first, it leads there (`raise ValueError` in the `try` of
    `Variable.__init__`, whose `except ValueError:` raises TemplateSyntaxError, django/template/base.py:828-846;
    `raise ValueError(...)` in the `try` of `from_current_timezone`, whose `except Exception as exc:` raises
    ValidationError, django/forms/utils.py:222-235, Django 5.2.19). A handler catches `E` by its name, a bare
    `except:`, a base of it (`Exception`, a builtin base, or a base class of the harvest); a type not read (`raise
    exc`, a class whose bases are not known) is caught only by its name or a bare `except:`: it stays an exit."""
    raised = exit.exc.func if isinstance(exit.exc, ast.Call) else exit.exc
    child: ast.AST = exit
    for _ in range(MAX_CLIMB):
        parent = path.parents.get(child)
        if parent is None or isinstance(parent, _SCOPES):
            return False
        if isinstance(parent, (ast.Try, ast.TryStar)) and child in parent.body:
            for handler in parent.handlers:
                if _catches(handler.type, raised, scope):
                    return id(handler) in path.index  # the first that catches it is where it goes
                if not _read(handler.type, scope):
                    return False  # a handler not read (`except ERRORS:`) may catch it first: it stays an exit
        child = parent
    return False


def _tried_for_the_raise(exit: ast.stmt, path: _Path) -> bool:
    """Whether `exit` is a statement of its own, under no test, in the body of the `try` whose `except` holds the
    raise: it ends the call only when it runs through (a `return`) or raises what that `except` does not catch, and
    either way the `try` did not raise what the `except` catches, which the raise's own condition says it did. No
    check decides it, so it is no earlier check that exits first (unless a loop runs the `try` again).
    `return loader.get_migration_by_prefix(app_label, name)` is the call whose `AmbiguityError` leads to the raise
    (django/core/management/commands/squashmigrations.py:256-259), and so is `csrf_secret =
    self._get_secret(request)` before `except InvalidTokenFormat` (django/middleware/csrf.py:353-356, Django
    5.2.19; round 28's cards 04 and 15)."""
    tried = path.parents.get(exit)
    return (
        isinstance(tried, (ast.Try, ast.TryStar))
        and exit in tried.body
        and any(id(handler) in path.index for handler in tried.handlers)
        and not path.looped_above[path.index[id(tried)]]  # in a loop, an earlier pass may return through it
    )


_NOT_EXCEPTION = frozenset({"BaseException", "KeyboardInterrupt", "SystemExit", "GeneratorExit"})


def _catches(caught: ast.expr | None, raised: ast.expr | None, scope: "Scope | None") -> bool:
    """Whether an `except` of `caught` (None: a bare `except:`) catches a raise of the class `raised` names."""
    if caught is None:
        return True
    name = _last(raised) if raised is not None else ""
    if not name:
        return False
    names = _names(caught)
    if name in names:
        return True
    # A builtin base counts only where the `except` names the builtin itself, not an import of that name.
    kinds = caught.elts if isinstance(caught, ast.Tuple) else [caught]
    names = {kind.id for kind in kinds if isinstance(kind, ast.Name) and _builtin(kind.id, scope)}
    if scope is not None and (qualified := caught_types(raised, scope)):
        # A class of the harvest: its ancestors as read, and the builtin bases they name.
        bases = [base for info in scope.index.mro(qualified[0]) for base in info.bases if len(base) == 1]
        if bases:
            if is_caught(qualified[0], set(caught_types(caught, scope)) - {"Exception"}, scope.index):
                return True
            builtin_bases = [base[0] for base in bases if _builtin(base[0], scope)]
            return any(_subclass(base, names) for base in builtin_bases) or (
                "Exception" in names and not _NOT_EXCEPTION & set(builtin_bases)
            )
    return _builtin(name, scope) and _subclass(name, names)


def _read(caught: ast.expr | None, scope: "Scope | None") -> bool:
    """Whether each class an `except` lists is a builtin or a class the harvest resolves."""
    kinds = [] if caught is None else caught.elts if isinstance(caught, ast.Tuple) else [caught]
    return all(
        (isinstance(kind, ast.Name) and _builtin(kind.id, scope))
        or (scope is not None and any(scope.index.get(q) for q in caught_types(kind, scope)))
        or (_last(kind)[:1].isupper() and not _last(kind).isupper())  # a class, not a tuple (`ERRORS`, `errors`)
        for kind in kinds
    )


def _builtin(name: str, scope: "Scope | None") -> bool:
    """Whether `name` is the builtin exception class of that name, not one the module imports or defines."""
    if name not in BUILTIN_EXCEPTIONS:
        return False
    return scope is None or (
        scope.imported(name) is None
        and name not in scope.info.classes
        and caught_types(ast.Name(name), scope) in ([], [name])  # not bound by the module's imports
    )


def _subclass(name: str, names: set[str]) -> bool:
    """Whether the builtin exception class `name` is a subclass of a builtin one of `names`."""
    kind = getattr(builtins, name, None)
    bases = [getattr(builtins, other, None) for other in names if other in BUILTIN_EXCEPTIONS]
    return isinstance(kind, type) and any(isinstance(base, type) and issubclass(kind, base) for base in bases)


def _last(expr: ast.expr) -> str:
    return expr.id if isinstance(expr, ast.Name) else expr.attr if isinstance(expr, ast.Attribute) else ""


def _names(caught: ast.expr) -> set[str]:
    """The class names an `except` lists (`ValueError`, `errors.ValueError`, a tuple of them)."""
    found = caught.elts if isinstance(caught, ast.Tuple) else [caught]
    return {n.id if isinstance(n, ast.Name) else n.attr for n in found if isinstance(n, (ast.Name, ast.Attribute))}

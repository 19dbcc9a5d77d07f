"""Def-use inside one function (issue 29): what the locals a site's conditions and message read were last set to.

`decode_only_spec_dec = n_dst > n_src` above `if decode_only_spec_dec: raise ...` is what a reader needs to
know the condition. From the names read, the binding that reaches the site (`Scope.reaching`: the last before
it on its branch path; one per arm when `if`/`else` both set it), then the names that binding's code reads, at
most MAX_STEPS steps and MAX_ROWS rows. `self.x` set earlier in the same function counts as a local. A name with
more than MAX_BINDINGS bindings is left out: reading it for every site of a hostile function would be quadratic.
"""

import ast
import re
import weakref
from collections.abc import Callable, Iterable

from kb.harvest.reading.classes import ClassIndex
from kb.harvest.reading.imports import block_fields
from kb.harvest.reading.messages import Binding, BranchPath, exclusive
from kb.harvest.reading.reads import NOTHING, Reads
from kb.harvest.reading.scopes import Scope, child_nodes, statements
from kb.harvest.reading.walked import body_of
from kb.harvest.reading.walked import code as written
from kb.text import breadth

MAX_STEPS = 3
MAX_ROWS = 8
MAX_BINDINGS = 64  # of one name in one function
MAX_ARMS = 2  # bindings of one name reaching a site (one per arm, or one in an `if` and the one before)
MAX_SELF_ASSIGNED = 200  # `self.x = ...` statements of one function kept
CODE_LIMIT = 200

Row = dict  # {"name", "code", "line"}
# The code of a parameter a `for` loop binds again (`for name, field in ...`: no longer the argument): not an
# expression, so a card says nothing of its value.
UNKNOWN = "(bound by a for loop)"
# The code of a local bound with no value of its own (`module_name, _, name = path.rpartition(".")`, `with`,
# `except ... as`): when it may reach the site, no single definition says what the name holds there.
UNPACKED = "(bound without a value of its own)"
# The argument as the caller gave it, where a binding in an `if` the site is not in may not have run.
GIVEN = "(the argument as given)"
# Of a parameter no statement binds above the test but one changes in place (`kwargs.pop("x")`): its row only
# carries the lines that change it.
CHANGED_ARGUMENT = "(the argument, changed in place)"
# Methods that change their object in place (a dict's, a list's, a set's): a call of one on a local changes it.
MUTATORS = frozenset(
    {"pop", "popitem", "remove", "clear", "update", "append", "extend", "insert", "add", "discard", "setdefault"}
    | {"sort", "reverse", "difference_update", "intersection_update", "symmetric_difference_update"}
)
# What may change a value in place, in a function's text: a MUTATORS call, `del`, an item set, an augmented
# assignment (and comparisons, which only cost a walk). Seen nowhere between a definition and its test, the
# function's statements need no walk (most definitions). Written as `\.(?:MUTATORS)\b|\bdel\b|\]\s*+=(?!=)|
# [-+*/%&|^@<>]=`, but led by the class of the characters a match starts with, each alternative checking its own by
# a lookbehind (`(?<![\w]d)el` is `\bdel`): the engine then skips to those characters rather than trying the four
# alternatives at every character of the window (433 instructions a character against 106; the windows of a
# harvest of Django are 2.8 million characters).
_MAY_CHANGE = re.compile(
    r"[.d\]\-+*/%&|^@<>](?:(?<=\.)(?:"
    + "|".join(sorted(MUTATORS))
    + r")\b|(?<=d)(?<![\w]d)el\b|(?<=\])\s*+=(?!=)|(?<=[-+*/%&|^@<>])=)"
)
# What a `for` loop binds, before the iterable's code: `for field in fields` gives `field` "(an item of) fields";
# `for key, value in options.items()` gives "(a key of) options" and "(a value of) options".
ITEM_OF = "(an item of) "
KEY_OF = "(a key of) "
VALUE_OF = "(a value of) "


class Definitions:
    """The def-use reader of one function: what is read of each expression and each `self.x` assignment is
    kept for all its sites."""

    def __init__(self, scope: Scope, node: ast.AST, reads: Callable[[ast.AST], Reads]) -> None:
        self.scope = scope
        self.node = node
        self.reads = reads
        self._code: dict[int, str] = {}
        self._self_assigned: dict[str, list[tuple[int, ast.expr]]] | None = None
        self._loop_lines: frozenset[int] | None = None
        self._loop_nodes: dict[int, ast.For | ast.AsyncFor] = {}
        self._ifs: dict[int, ast.If] | None = None  # the function's `if` statements by id, for `_default`
        self._sorted: dict[str, list[Binding]] = {}  # each name's bindings, latest first (all its sites read them)
        self._changes: dict[str, list[tuple[int, BranchPath]]] | None = None
        # The lines of the `try` bodies a handler may leave without exiting, and of the loops (`_unsure`).
        self._blocks: tuple[list[_Tried], list[tuple[int, int]]] | None = None
        self._windows: dict[tuple[int, int], bool] = {}  # whether a window's text may change a value (`_may_change`)
        # (name, line) -> the call a tuple of plain names unpacks at that line and the name's place (`_unpacked_call`)
        self._unpacks: dict[tuple[str, int], tuple[ast.expr, int]] = {}

    def rows(
        self, names: Iterable[str], attributes: Iterable[str], line: int, path: BranchPath
    ) -> tuple[list[Row], Reads]:
        """The definitions of `names` (locals) and `attributes` (`self.x`) read at `line`, and what those
        definitions read in turn (for the attributes, settings, options and environment a site depends on)."""
        rows: list[Row] = []
        seen: set[str] = set()
        reached = NOTHING
        frontier: list[tuple[str, int, BranchPath]] = [(f"self.{a}", line, path) for a in attributes]
        frontier += [(name, line, path) for name in names]
        for _step in range(MAX_STEPS):
            following: list[tuple[str, int, BranchPath]] = []
            for name, at, where in frontier:
                if name in seen:
                    continue
                seen.add(name)
                reaching = self._reaching(name, at, where)
                if not reaching and (changed := self._argument_changed(name, at, where)):
                    # `kwargs.pop("x")` above the test: the parameter no longer holds what the caller passed.
                    rows.append({"name": name, "code": CHANGED_ARGUMENT, "line": 0, "changed": changed})
                for expr, bound_line, bound_path in reaching:
                    if expr is None:  # a loop's name, an unpacked one, the argument itself: no code says its value
                        unknown = GIVEN if bound_line == 0 else UNKNOWN if bound_line in self._loops() else UNPACKED
                        item = self._item(name, bound_line) if unknown == UNKNOWN else None
                        rows.append({"name": name, "code": unknown if item is None else item[0], "line": bound_line})
                        if unknown == UNPACKED and (unpacked := self._unpacked_call(name, bound_line, at, where)):
                            rows[-1]["unpacked"] = unpacked
                        if item is not None:  # the iterable's names are read on, as a definition's are
                            read = self.reads(item[1])
                            reached = reached | read
                            following += [(n, bound_line, bound_path) for n in read.names]
                            following += [(f"self.{a}", bound_line, bound_path) for a in read.attributes]
                        continue
                    changed = self._changed(name, bound_line, at, where)
                    unsure = isinstance(expr, ast.Call) and self._unsure(name, bound_line, at)
                    # Beside the argument as given alone: what the `if` above did to it (`_default`).
                    given = len(reaching) == 2 and reaching[1][1] == 0
                    default = self._default(name, bound_line, bound_path) if given else ""
                    rows.append(
                        {"name": name, "code": self._unparsed(expr), "line": bound_line}
                        | ({"changed": changed} if changed else {})
                        | ({default: True} if default else {})
                        | ({"unsure": True} if unsure else {})
                    )
                    read = self.reads(expr)
                    reached = reached | read
                    following += [(n, bound_line, bound_path) for n in read.names]
                    following += [(f"self.{a}", bound_line, bound_path) for a in read.attributes]
                    if len(rows) >= MAX_ROWS:
                        return rows, reached
            frontier = following
        return rows, reached

    def _reaching(self, name: str, line: int, path: BranchPath) -> list[tuple[ast.expr | None, int, BranchPath]]:
        if name.startswith("self."):
            return self._self_reaching(name[5:], line)
        bindings = self.scope.bindings.get(name)
        if not bindings and name not in self._parameters():
            return self._module_constant(name, line)
        if not bindings or len(bindings) > MAX_BINDINGS:
            return []
        latest_first = self._sorted.get(name)
        if latest_first is None:
            latest_first = self._sorted[name] = sorted(bindings, key=lambda b: -b.line)
        found: list[tuple[ast.expr | None, int, BranchPath]] = []
        for bound in latest_first:
            if bound.line >= line or exclusive(bound.path, path) or self._cut_off(bound.line, line):
                continue
            if bound.expr is not None and not bound.augmented:
                found.append((bound.expr, bound.line, bound.path))
            elif bound.expr is None and name in self._parameters() and bound.line in self._loops():
                found.append((None, bound.line, bound.path))  # `for name, field in ...`: no longer the argument
            elif bound.expr is None and not bound.augmented and name not in self._parameters():
                # `a, _, name = path.rpartition(".")` in one arm: the other arm's `name = ...` is not all it holds.
                found.append((None, bound.line, bound.path))
                if bound.unpacks is not None and isinstance(bound.unpacks[0], ast.Call):
                    self._unpacks[name, bound.line] = bound.unpacks
            # A binding on the way to the site (its branches are the site's) hides those above it; one in an
            # `if` the site is not in may not have run, and the one above it may be what reaches.
            if path[: len(bound.path)] == bound.path or len(found) >= MAX_ARMS:
                break
        else:
            if found and name in self._parameters():
                # Only set in an `if` the site is not in (`if isinstance(version, bytes): version = ...`): the
                # argument as the caller gave it reaches the site too (round 9's cards 19 and 23).
                found.append((None, 0, ()))
        return found

    def _unpacked_call(self, name: str, bound: int, used: int, path: BranchPath) -> dict | None:
        """`{"call", "item"}` for a local a tuple of plain names unpacks from a call's result at line `bound` (`out,
        err, status = popen_wrapper(["xgettext", "--version"], ...)`, django/core/management/commands/
        makemessages.py:469, Django 5.2.19): the call's code and the name's place in the tuple, 0 first. None where
        the value may not be that item at `used`: changed in place between, unpacked in a `try` whose handler may
        leave it unbound or the site is in (`_unsure`), or bound again below `used` in a loop around it. Not for a
        name, a literal tuple (each item can be read), a starred or a nested target (`scopes._unpacked_names`)."""
        found = self._unpacks.get((name, bound))
        if found is None or self._changed(name, bound, used, path) or self._unsure(name, bound, used):
            return None
        if self.later_in_a_loop(name, used, path):
            return None  # bound again further down a loop around `used`: its next pass reads that value
        call, item = found
        return {"call": self._unparsed(call), "item": item}

    def later_in_a_loop(self, name: str, test: int, path: BranchPath) -> list[Row]:
        """The bindings of `name` below a test at line `test` in a loop that holds both: on the loop's next pass the
        test reads them, not only what is bound above it (`obj_list = model_instances` above the loop's `if not
        obj_list: break`, then `obj_list = done_queries[prefetch_to]` further down, django/db/models/query.py:
        2338-2349, Django 5.2.19). None where each pass binds it anew on the way to the test, as `for sql in sqls`
        does before `if isinstance(sql, (list, tuple))` (django/db/migrations/operations/special.py:122-128). Their
        code where it is a value of its own, else UNPACKED."""
        bindings = self.scope.bindings.get(name, ())
        rows: dict[int, Row] = {}
        for first, last in self.scope.loops:
            if not first <= test <= last or any(
                first <= bound.line < test
                and (bound.line == first or (bound.expr is not None and not bound.augmented))
                and path[: len(bound.path)] == bound.path
                for bound in bindings
            ):
                continue  # not around the test, or each pass binds the name again before the test reads it
            for bound in bindings:
                if test < bound.line <= last and bound.line not in rows:
                    plain = bound.expr is not None and not bound.augmented
                    code = self._unparsed(bound.expr) if plain and bound.expr is not None else UNPACKED
                    rows[bound.line] = {"name": name, "code": code, "line": bound.line}
        return list(rows.values())

    def _changed(self, name: str, bound: int, used: int, path: BranchPath) -> list[int]:
        """The lines after its binding at `bound` and before `used` where the function changes `name` in place
        (`x.pop(...)`, `del x[k]`, `x[k] = ...`, `x += ...`), but in an arm the site is not in: a test after one
        of them (or in a loop around one) does not read the definition's value (round 19's card 13)."""
        if not self._may_change(name, bound, used):
            return []
        if self._changes is None:
            self._changes = _changes_in_place(self.node)
        lines = {
            line for line, arms in self._changes.get(name, ()) if bound < line < used and not exclusive(arms, path)
        }
        return sorted(lines)[:MAX_ROWS]

    def _unsure(self, name: str, bound: int, used: int) -> bool:
        """Whether a call's binding at `bound` may not be the value the site at `used` reads, though it is the last
        one on the way: the call is in a `try` that a handler leaves without exiting (it may have raised and bound
        nothing: `raster = None`, then `try: raster = self.get_raster_prep_value(...) except DisallowedRasterLookup:
        blocked_err = err`, django/contrib/gis/db/models/fields.py:205-213) or that the site is in (`value =
        self.coerce(value)`, the raise in its `except`, django/forms/fields.py:945-948), or a loop around the site
        changes the value in place after it, then comes back (`for field_name in exclude: assert field_name in
        fields ...; fields.remove(field_name)`, rest_framework/serializers.py:1228-1248)."""
        if self._blocks is None:
            self._blocks = _blocks(self.node)
        tries, loops = self._blocks
        for first, last, handlers, falls_through in tries:
            if first <= bound <= last and ((falls_through and used > last) or any(a <= used <= b for a, b in handlers)):
                return True
        if not any(first > bound and first <= used <= last for first, last in loops):
            return False
        if self._changes is None:
            self._changes = _changes_in_place(self.node)
        return any(
            first > bound and used < line <= last and first <= used
            for line, _ in self._changes.get(name, ())
            for first, last in loops
        )

    def _argument_changed(self, name: str, used: int, path: BranchPath) -> list[int]:
        """For a parameter (`*args` and `**kwargs` included) no statement binds before `used`: the lines where the
        function changes it in place on the way there (round 24's card 25: `kwargs.pop("box_merge_lists")`)."""
        arguments = getattr(self.node, "args", None)
        if "." in name or name in ("self", "cls") or not isinstance(arguments, ast.arguments):
            return []
        given = (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg)
        if not any(a is not None and a.arg == name for a in given):
            return []
        return self._changed(name, getattr(self.node, "lineno", 0), used, path)

    def _may_change(self, name: str, bound: int, used: int) -> bool:
        """Whether the lines from the binding to the test name the value and say anything that can change one in
        place: a look at the text, far cheaper than the walk of every statement. A module read without its lines is
        walked."""
        lines = self.scope.info.lines
        if not lines:
            return True
        first, last = max(bound - 1, 0), min(used, len(lines))
        if first >= last:
            return False
        # The window as a slice of the module's text, joined once: a module constant's window runs from the
        # top of the module, and the sites of one function ask again and again.
        text, starts = _joined(lines)
        start, end = starts[first], starts[last - 1] + len(lines[last - 1])
        if text.find(name.rpartition(".")[2], start, end) == -1:
            return False
        # The names of one test share its window: searched once.
        found = self._windows.get((start, end))
        if found is None:
            found = self._windows[start, end] = _MAY_CHANGE.search(text, start, end) is not None
        return found

    def _module_constant(self, name: str, line: int) -> list[tuple[ast.expr | None, int, BranchPath]]:
        """`READ_STDIN = "-"`, a constant of the module (`ModuleInfo.constants`) bound above the test that reads
        it: its value is what the reader needs ("`fixture_name` equals `READ_STDIN` (`'-'`)")."""
        found = self.scope.info.constants.get(name) or _imported_constant(self.scope, name)
        if found is None or found[1] >= line:
            return []
        return [(found[0], found[1], ())]

    def _default(self, name: str, line: int, path: BranchPath) -> str:
        """What the binding of parameter `name` at `line` does to the argument, where it is a statement of the body
        of an `if` with no `else` that is a statement of the function's own body (an `if` in a loop, a `try` or
        another `if` may not have run): "filled" for a default filled in by `if name is None:` (`if sources is
        None: sources = apps.get_models()`, django/contrib/gis/sitemaps/kml.py:29-30: where the argument is given,
        it is what reaches the site); "wrapped" for one value made a list of one by `if isinstance(name, T): name =
        [name]` (django/contrib/admin/sites.py:110-111: a loop over it walks the argument itself, or its items);
        "" for any other."""
        if len(path) != 1 or name not in self._parameters():
            return ""
        if self._ifs is None:
            self._ifs = {id(n): n for n in getattr(self.node, "body", []) if isinstance(n, ast.If)}
        node, arm = path[0]
        if_node = self._ifs.get(node)
        if arm != 0 or if_node is None or if_node.orelse:
            return ""
        statement = next((s for s in if_node.body if isinstance(s, ast.Assign) and s.lineno == line), None)
        if statement is None or len(statement.targets) != 1 or not _is_name(statement.targets[0], name):
            return ""
        value = statement.value
        test = if_node.test
        if (
            isinstance(test, ast.Compare)
            and isinstance(test.left, ast.Name)
            and test.left.id == name
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Is)
            and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value is None
        ):
            return "filled"
        if not (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance"):
            return ""
        tested = len(test.args) == 2 and not test.keywords and _is_name(test.args[0], name)
        one = isinstance(value, (ast.List, ast.Tuple)) and len(value.elts) == 1 and _is_name(value.elts[0], name)
        return "wrapped" if tested and one else ""

    def _parameters(self) -> frozenset[str]:
        arguments = getattr(self.node, "args", None)
        if not isinstance(arguments, ast.arguments):
            return frozenset()
        return frozenset(a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs))

    def _loops(self) -> frozenset[int]:
        """The lines of the function's `for` statements, read once."""
        if self._loop_lines is None:
            self._loop_nodes = {
                n.lineno: n
                for n in statements(getattr(self.node, "body", []))
                if isinstance(n, (ast.For, ast.AsyncFor))
            }
            self._loop_lines = frozenset(self._loop_nodes)
        return self._loop_lines

    def _item(self, name: str, line: int) -> tuple[str, ast.expr] | None:
        """What the `for` loop at `line` binds `name` to, as ITEM_OF/KEY_OF/VALUE_OF and the iterable's code; None
        for any other target (`for i, (a, b) in ...`, `for self.x in ...`)."""
        loop = self._loop_nodes.get(line)
        if loop is None:
            return None
        target, iterable = loop.target, loop.iter
        if isinstance(target, ast.Name) and target.id == name:
            return ITEM_OF + self._unparsed(iterable), iterable
        if not isinstance(target, ast.Tuple) or len(target.elts) != 2 or not isinstance(iterable, ast.Call):
            return None
        called = iterable.func
        if iterable.args or iterable.keywords or not isinstance(called, ast.Attribute) or called.attr != "items":
            return None
        mapping = called.value
        for element, kind in zip(target.elts, (KEY_OF, VALUE_OF), strict=True):
            if isinstance(element, ast.Name) and element.id == name:
                return kind + self._unparsed(mapping), mapping
        return None

    def _cut_off(self, bound: int, used: int) -> bool:
        """A binding in a block that ends in `return` or `raise` does not reach a line after that block."""
        return any(first <= bound <= last < used for first, last in self.scope.dead_ends)

    def _self_reaching(self, attribute: str, line: int) -> list[tuple[ast.expr | None, int, BranchPath]]:
        """The last `self.x = ...` of this function above `line` (branches not told apart: the nearest)."""
        if self._self_assigned is None:
            self._self_assigned = _self_assignments(self.node)
        before = [(at, expr) for at, expr in self._self_assigned.get(attribute, ()) if at < line]
        return [(before[-1][1], before[-1][0], ())] if before else []

    def _unparsed(self, expr: ast.expr) -> str:
        code = self._code.get(id(expr))
        if code is None:
            code = self._code[id(expr)] = clip(written(expr), CODE_LIMIT)
        return code


_JOINED: list = [None, "", []]  # the last module's lines, their text and where each line starts in it


def _is_name(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _imported_constant(scope: Scope, name: str) -> tuple[ast.expr, int] | None:
    """`from django.db.models.fields.related import RECURSIVE_RELATIONSHIP_CONSTANT` (django/db/migrations/utils.py:5,
    round 31's card 16): a constant another module of the tree binds once to a literal that reads no other name
    (`"self"`), imported by a statement of the module's own body and bound nowhere else in it; its value, at the
    line of that import. None otherwise: a name bound again, a constant computed from others (said where it is
    bound, not here), a module outside the tree."""
    info = scope.info
    qualified = info.imports.get(name)
    if qualified is None or not _constant_name(name) or name in info.assigned or name in info.functions:
        return None
    known = _IMPORTED.setdefault(scope.index, {})
    key = (id(info), name)
    if key not in known:  # each module's name read once per harvest, whatever site asks
        known[key] = _read_imported_constant(scope, qualified, name)
    return known[key]


# Per harvest (its class index): the imported constant each module's name is, or None.
_IMPORTED: "weakref.WeakKeyDictionary[ClassIndex, dict[tuple[int, str], tuple[ast.expr, int] | None]]" = (
    weakref.WeakKeyDictionary()
)


def _read_imported_constant(scope: Scope, qualified: str, name: str) -> tuple[ast.expr, int] | None:
    module, _, constant = scope.index.resolver.canonical(qualified).rpartition(".")
    found = (source := scope.index.resolver.modules.get(module)) and source.constants.get(constant)
    if not found or any(isinstance(node, ast.Name) for node in breadth.walk(found[0])):
        return None
    if _rebound_on_the_way(scope, qualified):
        return None
    for statement in scope.info.body:
        if isinstance(statement, ast.ImportFrom) and any((a.asname or a.name) == name for a in statement.names):
            return found[0], statement.lineno
    return None


def _rebound_on_the_way(scope: Scope, qualified: str) -> bool:
    """Whether a module the import goes through binds the name again after importing it (`from .defaults import
    TIMEOUT`, then `TIMEOUT = int(os.environ.get("TIMEOUT", TIMEOUT))`): the name there is no longer the
    constant it imported, though the resolver follows the import (`ImportResolver.canonical`)."""
    modules = scope.index.resolver.modules
    for _ in range(10):
        module, _, name = qualified.rpartition(".")
        info = modules.get(module)
        if info is None or (target := info.imports.get(name)) is None:
            return False
        if name in info.assigned or name in info.functions or name in info.classes:
            return True
        qualified = target
    return False


def _constant_name(name: str) -> bool:
    """Written as the modules' constants are (`imports._CONSTANT`): `READ_STDIN`, not `Model` or `x`."""
    return 2 <= len(name) <= 61 and "A" <= name[0] <= "Z" and all(c in _CONSTANT_CHARACTERS for c in name)


_CONSTANT_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")


def _joined(lines: list[str]) -> tuple[str, list[int]]:
    """The lines joined by newlines, and the offset of each in the text; the last module's kept (its functions are
    read one after another)."""
    if _JOINED[0] is not lines:
        starts, at = [], 0
        for line in lines:
            starts.append(at)
            at += len(line) + 1
        _JOINED[:] = [lines, "\n".join(lines), starts]
    return _JOINED[1], _JOINED[2]


def _self_assignments(function: ast.AST) -> dict[str, list[tuple[int, ast.expr]]]:
    """`self.x = value` statements of a function's own body, by attribute, in line order."""
    found: dict[str, list[tuple[int, ast.expr]]] = {}
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return found
    kept = 0
    for statement in body_of(function).of(ast.Assign):
        if len(statement.targets) != 1:
            continue
        target = statement.targets[0]
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
            found.setdefault(target.attr, []).append((statement.lineno, statement.value))
            kept += 1
            if kept >= MAX_SELF_ASSIGNED:
                break
    for assigned in found.values():
        assigned.sort(key=lambda pair: pair[0])
    return found


def _changes_in_place(function: ast.AST) -> dict[str, list[tuple[int, BranchPath]]]:
    """Where the function's own body changes a local (or `self.x`) in place, by its name: the line and the `if`
    arms around it, for a call of a MUTATORS method on it, an item set or deleted, an augmented assignment. One
    walk per function, read once."""
    found: dict[str, list[tuple[int, BranchPath]]] = {}
    stack: list[tuple[ast.AST, BranchPath]] = [(s, ()) for s in reversed(getattr(function, "body", []))]
    while stack:
        statement, path = stack.pop()
        if isinstance(statement, ast.If):  # each arm a branch of its own, as `Scope` tells them apart
            stack += [(s, (*path, (id(statement), 1))) for s in reversed(statement.orelse)]
            stack += [(s, (*path, (id(statement), 0))) for s in reversed(statement.body)]
        elif type(statement) not in _SCOPES:
            for name in block_fields(type(statement)):
                stack += [(s, path) for s in reversed(getattr(statement, name, None) or [])]
        targets: list[ast.expr] = []
        if isinstance(statement, ast.AugAssign):
            targets.append(statement.target)
        elif isinstance(statement, (ast.Assign, ast.Delete)):
            targets += [t.value for t in statement.targets if isinstance(t, ast.Subscript)]
        targets += _mutated(statement)
        at = (getattr(statement, "lineno", 0), path)
        for target in targets:
            if isinstance(target, ast.Name):
                found.setdefault(target.id, []).append(at)
            elif isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                found.setdefault(f"self.{target.attr}", []).append(at)
    return found


_SCOPES = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef})
_EXITS = (ast.Raise, ast.Return, ast.Continue, ast.Break)
_Tried = tuple[int, int, list[tuple[int, int]], bool]  # a `try`'s body (first, last line), handlers, falls through


def _blocks(function: ast.AST) -> tuple[list[_Tried], list[tuple[int, int]]]:
    """The function's `try` statements with handlers (the first and last lines of the body, the lines of each
    handler, whether one may be left without exiting: its last statement no `raise`, `return`, `continue` or
    `break`), and the first and last lines of its loops; one walk per function."""
    tries: list[_Tried] = []
    loops: list[tuple[int, int]] = []
    for node in statements(getattr(function, "body", [])):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            loops.append((node.lineno, node.end_lineno or node.lineno))
        elif isinstance(node, (ast.Try, ast.TryStar)) and node.body and node.handlers:
            handlers = [(h.lineno, h.end_lineno or h.lineno) for h in node.handlers]
            falls_through = any(not isinstance(h.body[-1], _EXITS) for h in node.handlers)
            last = node.body[-1].end_lineno or node.body[-1].lineno
            tries.append((node.body[0].lineno, last, handlers, falls_through))
    return tries, loops


def _mutated(statement: ast.AST) -> list[ast.expr]:
    """What the MUTATORS calls in one statement's own expressions (not those of the statements it holds, which
    `statements` gives, nor a lambda's body) are made on: `x` of `x.pop(k)`. The calls alone are looked for, so
    the leaves (names, constants, contexts: about half the nodes) are not visited."""
    stack: list[ast.AST] = []
    for name, child in ast.iter_fields(statement):
        if isinstance(child, ast.AST):
            stack.append(child)
        elif isinstance(child, list) and name not in _BLOCKS:
            stack += [item for item in child if isinstance(item, ast.AST)]
    found: list[ast.expr] = []
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is ast.Lambda or kind in _LEAVES:
            continue
        if kind is ast.Call and isinstance(func := node.func, ast.Attribute) and func.attr in MUTATORS:  # type: ignore[attr-defined]
            found.append(func.value)
        stack += child_nodes(node)
    return found


_LEAVES = frozenset({ast.Name, ast.Constant, ast.Load, ast.Store, ast.Del})


_BLOCKS = frozenset({"body", "orelse", "finalbody", "handlers", "cases"})


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"

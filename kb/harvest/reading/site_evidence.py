"""What the code says around one raise site (issue 13 §1), read with `ast` while the extractor walks a module.

A site's evidence, stored on its `RaiseSite` as it is:
- "conditions": what must hold for the line to raise (`kb.harvest.reading.conditions`), as code and as a sentence;
- "under_condition": whether the line sits under an `if`, `while`, `except`, `case`, an assert or a guard clause,
  told apart from the conditions read, so that the harvest can say how many of those it read;
- "values": the expression that fills each placeholder of the message (`{size}` ← `len(value)`);
- "parameters": the function's parameters that the conditions and values read; "parameters_bound" (only when
  found): those of them a statement binds anew before the raise (on any branch), whose tests may not read the
  argument as given;
- "function": name, class, signature, the first paragraph of its docstring, what the docstring says it raises;
- "callers": filled after the whole scan by `kb.harvest.reading.callers`, resolved calls only;
- "definitions", "attributes" (issue 29): the locals and `self.x` the conditions and values read, by what they
  were set to (`kb.harvest.reading.definitions`, `kb.harvest.reading.attributes`);
- "entry_points", "switches", "callee_raises": begun here (hooks, environment variables, the calls of a `try`),
  finished after the scan by `kb.harvest.reading.reach`, which takes the private "_reach" key off;
- "abstract", "comment" (only when found): a method left for subclasses, the author's comment beside the raise
  (`kb.harvest.reading.left_open`); "replaced": a method every subclass the library ships overrides
  (`kb.harvest.reading.replaced`); "never": the authors' comment that the raise's branch should never run
  (`kb.harvest.reading.never`), on a raising helper's callers' sites too; "every_call": the raise is a statement
  of the function's own body; "caught_here": a handler of the same function catches it and does not raise it
  again; "module": the module's name, for a raise at its top level (run when it is imported) or in its
  `__getattr__` (PEP 562: an attribute read);
- "module_names": the module-level names the conditions read that say more than their names: an optional import
  (`msgpack_available`), a literal container (`converters`) (`kb.harvest.reading.module_names`);
- "exits_above", "exits_looped": the `return`, `raise`, `break` and `continue` lines that may come first, and those
  of them no test of the raise rules out (`kb.harvest.reading.exits`); "exits_raising": of them, those that end
  the call with an error of their own (a `raise` or an `assert` no `try` or `with` of the function is around);
  "none_matched": the loop just above that returns on the first item meeting a test, which then met none;
- "enclosing" (only when found): the enclosing function's arguments a closure's tests read (`reading.enclosing`);
- "inherited" (only when found): what a `self.m()` the class inherits from the standard library returns, by its
  docstring (`kb.harvest.reading.stdlib_returns`);
- "deprecated_before" (only when found): a deprecation warning the raise's way passes first
  (`kb.harvest.reading.deprecated_path`);
- "written_call" (only when found): an import and a call that raise there, written from the code
  (`kb.harvest.reading.written_call`), for a card whose repository has no test that raises it.
"""

import ast
import builtins
import sys
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field

from kb.harvest.reading import module_names
from kb.harvest.reading.attributes import attributes, options_kept
from kb.harvest.reading.callees import caught_types, is_caught, raising_call, tried
from kb.harvest.reading.conditions import Condition, conditions, sentence
from kb.harvest.reading.definitions import MAX_BINDINGS, MAX_ROWS, Definitions
from kb.harvest.reading.deprecated_path import deprecated_before
from kb.harvest.reading.doc_rule import paragraphs_of, rule_paragraph
from kb.harvest.reading.docstrings import documented_raises
from kb.harvest.reading.enclosing import enclosing_arguments
from kb.harvest.reading.exits import LOOPS, MAX_CLIMB, exits_before, loop_leaves, none_matched, raising_exits
from kb.harvest.reading.failures import LINE
from kb.harvest.reading.imports import BUILTIN_EXCEPTIONS, block_fields, dotted
from kb.harvest.reading.left_open import comment_near, left_open, needs_override
from kb.harvest.reading.messages import BranchPath, Field, Parts, exclusive
from kb.harvest.reading.never import never_runs
from kb.harvest.reading.overridden import Span, overridden_at, override_spans
from kb.harvest.reading.predicates import MAX_CODE as PREDICATE_CODE
from kb.harvest.reading.predicates import read_through
from kb.harvest.reading.reads import NOTHING, Reads, reads_of
from kb.harvest.reading.replaced import replaced
from kb.harvest.reading.scopes import Scope, params_of
from kb.harvest.reading.set_by import set_by
from kb.harvest.reading.stdlib_returns import inherited_returns
from kb.harvest.reading.walked import code, docstring, empty_literal, unparsed
from kb.harvest.reading.written_call import written_call
from kb.text import breadth

_BLOCKS = ("body", "orelse", "handlers", "finalbody", "cases")
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_EXITS = (ast.Return, ast.Raise, ast.Continue, ast.Break)
_RECEIVERS = frozenset({"self", "cls"})
DOC_LIMIT = 300
MAX_TRIES = 64  # `try` statements of one function read for the calls they keep errors of
_LAST = sys.maxsize
CODE_LIMIT = 200
MAX_EXIT_STATEMENTS = 2_000  # statements of one function read for its exits
MAX_ELSE_GAP = 12  # lines between `else:` and its block's first statement (comments, blank lines) looked through


@dataclass
class Owner:
    """The function (or class body, or module) whose sites are being read, and what is read once for all of them."""

    node: ast.AST
    qualname: str
    class_name: str  # the enclosing class as the module names it ("Outer.Inner"), or ""
    params: tuple[str, ...]
    _parents: dict[ast.AST, ast.AST] | None = None
    _read: dict[int, tuple[list[Condition], bool]] = field(default_factory=dict)
    _conditions: dict[tuple[str, int], Condition] = field(default_factory=dict)  # each test read once
    _function: dict | None = None
    scope: Scope | None = None  # the function's bindings, for definitions (None: conditions alone)
    module: ast.Module | None = None  # the module it is in: its classes, for what a `try`'s calls can raise
    _reads: dict[int, Reads] = field(default_factory=dict)
    _module_level: dict[int, tuple[str, ...]] = field(default_factory=dict)  # of each test, for `module_names`
    _definitions: Definitions | None = None
    _hooks: dict[str, dict | None] = field(default_factory=dict)
    _exits: list[ast.stmt] | None = None
    _loop_exits: list[tuple[int, ast.Break | ast.Continue, ast.AST]] | None = None
    tries: list[ast.Try | ast.TryStar | ast.With | ast.AsyncWith] = field(
        default_factory=list
    )  # the function's own, for `caught_at`
    _swallowing: list[tuple[int, int, tuple[str, ...], tuple[str, ...]]] | None = None
    ifs: list[ast.If] = field(default_factory=list)  # the function's own, for `guard_at`
    _guards: list[tuple[int, int]] | None = None
    _overrides: list[Span] | None = None  # its branches under a test that a method is overridden (`overridden_at`)
    _replaced: tuple[dict | None] | None = None  # `replaced`: every shipped subclass overrides it, read once
    _first_exit: int | None = None  # the line of the first statement of its body that may end a call
    _paragraphs: list[str] | None = None  # its docstring's paragraphs, read once for all its sites (`doc_rule`)
    _through: dict[int, ast.expr | None] = field(default_factory=dict)  # each test's own calls read through, once

    def let_go(self) -> None:
        """Its sites read: its def-use reader (`Definitions`) holds `self.reads`, a method bound to it, a cycle the
        collector would free only at the harvest's end; broken now, so that both are freed at once."""
        self._definitions = None

    def paragraphs(self) -> list[str]:
        if self._paragraphs is None:
            self._paragraphs = paragraphs_of(self.node)
        return self._paragraphs

    def first_exit(self) -> int:
        """The line where, in the function's own body, a call may first end (`_leaves`, or a call of its own
        function that raises), read once for all its sites; past its end when none can."""
        if self._first_exit is None:
            body = getattr(self.node, "body", [])
            scope = self.scope
            found = next(
                (above.lineno for above in body if _leaves(above) or (scope and raising_call(above, scope))), None
            )
            self._first_exit = found if found is not None else (getattr(self.node, "end_lineno", None) or 0) + 1
        return self._first_exit

    def exits(self) -> list[ast.stmt]:
        """The function's own `return`, `raise` and `assert` statements (not those of a function or class inside
        it) and its calls of a function of its own that raises (`raising_call`), in line order, read once for all
        its sites."""
        if self._exits is None:
            self._exits, self._loop_exits = self._read_exits()
        return self._exits

    def loop_exits(self) -> list[tuple[int, ast.Break | ast.Continue, ast.AST]]:
        """The function's own `break` and `continue` statements with the loop each leaves, in line order."""
        if self._loop_exits is None:
            self._exits, self._loop_exits = self._read_exits()
        return self._loop_exits

    def _read_exits(
        self,
    ) -> tuple[list[ast.stmt], list[tuple[int, ast.Break | ast.Continue, ast.AST]]]:
        """One walk of the function's own statements (`statements`' order and cap), each with the loop it is in."""
        ends: list[ast.stmt] = []
        leaves: list[tuple[int, ast.Break | ast.Continue, ast.AST]] = []
        stack: list[tuple[ast.AST, ast.AST | None]] = [
            (node, None) for node in reversed(getattr(self.node, "body", []))
        ]
        for _ in range(MAX_EXIT_STATEMENTS):
            if not stack:
                break
            node, loop = stack.pop()
            if isinstance(node, (ast.Return, ast.Raise, ast.Assert)):  # a failed `assert` ends the call as a raise
                ends.append(node)
            elif isinstance(node, (ast.Break, ast.Continue)) and loop is not None:
                leaves.append((node.lineno, node, loop))
            elif self.scope is not None and isinstance(node, ast.stmt) and raising_call(node, self.scope):
                ends.append(node)  # `self._check(x)`, whose own raise may end the call first
            elif not isinstance(node, _SCOPES):
                inner = node if isinstance(node, LOOPS) else loop
                for name in block_fields(type(node)):
                    if isinstance(block := getattr(node, name, None), list):
                        # A loop's `else` runs after it: a `break` there leaves the loop around it.
                        held = loop if isinstance(node, LOOPS) and name == "orelse" else inner
                        stack.extend((child, held) for child in reversed(block))
        return sorted(ends, key=lambda node: node.lineno), sorted(leaves, key=lambda row: row[0])

    def module_level(self, condition: Condition, scope: Scope) -> tuple[str, ...]:
        """The names and `m.x` chains a test reads that its module binds or imports and the function does not
        (for `module_names`), once per test: most tests read none, which their names (read already) say."""
        found = self._module_level.get(id(condition))
        if found is None:
            info = scope.info
            named = {
                n
                for n in condition.names
                if (n in info.assigned or n in info.imports)
                and n not in scope.bindings
                and n not in scope.params
                and n not in self.params
                and n not in _RECEIVERS
            }
            if not named or condition.test is None:
                found = ()
            elif not any(n in info.imports for n in named):  # `m.x` is read only of an imported module
                found = tuple(sorted(named))
            else:
                read = module_names.chains_of(condition.test)
                found = tuple(c for c in read if c.partition(".")[0] in named)
            self._module_level[id(condition)] = found
        return found

    def reads(self, expr: ast.AST) -> Reads:
        """What an expression reads, once per expression (a guard is shared by the sites below it)."""
        found = self._reads.get(id(expr))
        if found is None:
            constants = self.scope.info.assigned if self.scope is not None else None
            found = self._reads[id(expr)] = reads_of(expr, constants)
        return found

    @property
    def definitions(self) -> Definitions | None:
        if self._definitions is None and self.scope is not None:
            self._definitions = Definitions(self.scope, self.node, self.reads)
        return self._definitions

    def hook(self, method: str) -> dict | None:
        """`self.create(...)` in a method: the public method of the class (or an ancestor) that the framework
        calls there and a user's subclass overrides, as an entry point of kind "hook"."""
        if method not in self._hooks:
            self._hooks[method] = _hook(self.scope, method)
        return self._hooks[method]

    @property
    def parents(self) -> dict[ast.AST, ast.AST]:
        # Built on the first site only: most functions raise nothing.
        if self._parents is None:
            self._parents = block_parents(self.node)
        return self._parents

    def caught_at(self, line: int) -> tuple[str, ...]:
        """The exceptions that a `try` around a call at `line` catches and does not raise again: the call's raise
        of one of those (or a subclass) never leaves this function. `Field.has_changed` calls `self.to_python(data)`
        in `try: ... except ValidationError: return True` (django/forms/fields.py:239-244)."""
        if not self.tries:
            return ()
        if self._swallowing is None:
            # The first few: a hostile function of thousands of `try`s would read each for each call (quadratic);
            # a call past them keeps its callers, as before this was read.
            self._swallowing = [
                span for attempt in self.tries[:MAX_TRIES] if (span := _swallowing(attempt, self.scope))
            ]
        return tuple(name for first, last, names, _ in self._swallowing if first <= line <= last for name in names)

    def quiet_at(self, line: int) -> tuple[str, ...]:
        """Of `caught_at(line)`, the types whose message goes no further: the handler does not read the error, or
        ends raising another type (whose own entry says what the user gets)."""
        if not self.caught_at(line):
            return ()
        return tuple(
            name for first, last, _, quiet in self._swallowing or () if first <= line <= last for name in quiet
        )

    def guard_at(self, line: int) -> bool:
        """Whether a call at `line` is in the test of a guard clause (`if super().has_changed(...): return True`)."""
        if not self.ifs:
            return False
        if self._guards is None:
            # Tests of `if`s never overlap: sorted by their first line, the one that may hold `line` is found by
            # bisection (a function of thousands of guards is read in linear time).
            self._guards = sorted(
                (guard.test.lineno, getattr(guard.test, "end_lineno", None) or guard.test.lineno)
                for guard in self.ifs
                if not guard.orelse and guard.body and isinstance(guard.body[-1], _EXITS)
            )
        at = bisect_right(self._guards, (line, _LAST)) - 1
        return at >= 0 and self._guards[at][1] >= line

    def overridden_at(self, line: int, name: str) -> str:
        """The base class (as written) whose `name` a call of `self.name()` at `line` never runs, being under a
        test that the method is overridden (`reading.overridden`); "" when none."""
        if not self.ifs or self.scope is None:
            return ""
        if self._overrides is None:
            self._overrides = override_spans(self.ifs, self.scope.info.lines)
        return overridden_at(self._overrides, line, name) if self._overrides else ""

    def replaced(self) -> dict | None:
        """`reading.replaced` of this method, read once for all its sites."""
        if self._replaced is None:
            scope = self.scope
            self._replaced = (replaced(self.node, scope.index, scope.owner) if scope is not None else None,)
        return self._replaced[0]

    def conditions(self, node: ast.AST) -> tuple[list[Condition], bool]:
        """The conditions of a site's node (a raise, an assert, or a call: its statement) and whether it is under
        one; a raise of two types or two wordings is read once."""
        if id(node) not in self._read:
            statement = node if isinstance(node, ast.stmt) else statement_of(node, self.node)
            if statement is None:
                self._read[id(node)] = ([], False)
            else:
                read = conditions(statement, self.parents, self._conditions, self.module)
                self._read[id(node)] = (read, under_condition(statement, self.parents))
        return self._read[id(node)]

    def through(self, condition: Condition) -> ast.expr | None:
        """The test with the calls of the tree's small functions it makes read through (`predicates`); None when
        it makes none, or the function's bindings were not read."""
        if not condition.calls or condition.test is None or self.scope is None or condition.kind == "except":
            return None  # no call to read through (an `except`'s calls raised: they returned nothing)
        if len(condition.code) > PREDICATE_CODE:
            return None  # longer than a card says
        if id(condition) not in self._through:
            try:
                self._through[id(condition)] = read_through(condition.test, self.scope, condition.calls)
            except RecursionError:  # a body nested past what copying it takes: the test stays as written
                self._through[id(condition)] = None
        return self._through[id(condition)]

    def function(self) -> dict:
        if self._function is None:
            self._function = describe_function(self.node, self.qualname, self.class_name)
        return self._function


def condition_row(c: Condition, through: ast.expr | None = None) -> dict:
    """A condition as the evidence holds it; `through`: its test with the calls it makes read through."""
    read = {"read_through": {"code": code(through), "sentence": sentence(through)}} if through else {}
    return (
        {"kind": c.kind, "code": c.code, "sentence": c.sentence, "line": c.line}
        | read
        | ({"other_raises": True} if c.other_raises else {})
        | ({"by_calls": True} if c.by_calls else {})
        | ({"one_call": True} if c.one_call else {})
        | ({"failed": _failed(c.test)} if c.failed and c.test else {})
        | ({"end": c.end} if c.end else {})
        | ({c.joined: [{"code": code, "sentence": said} for code, said in c.parts]} if c.parts else {})
    )


def _failed(test: ast.expr) -> dict:
    """What failed: its code, its words, and the line of the statement that failed (its names read as they were
    before it: `items = iter(items)` failed, so `items` is still the argument)."""
    line = getattr(test, LINE, None)
    return {"code": code(test), "sentence": sentence(test)} | ({"line": line} if isinstance(line, int) else {})


def site_evidence(owner: Owner, node: ast.AST, parts: Parts, path: BranchPath = ()) -> dict:
    """The evidence of one site: `node` what raises, `parts` the message it was read as (for its placeholders),
    `path` its branch path (for the definitions that reach it)."""
    found, under = owner.conditions(node)
    values = values_of(parts)
    read = {name for c in found for name in c.names}
    direct = NOTHING
    near = True  # the guards in the raise's own block (the early exits right above it), said on the card
    for condition in found:
        # A guard further out passed: what it reads (`settings.DEBUG` above runserver's port check) is not
        # what this error is about.
        near = near and condition.kind == "guard"
        if condition.test is not None and (condition.kind != "guard" or near):
            direct = direct | owner.reads(condition.test)
            if (through := owner.through(condition)) is not None:
                direct = direct | owner.reads(through)  # the attributes a predicate it calls reads
    for part in parts:
        if isinstance(part, Field) and part.source is not None:
            read |= {n.id for n in breadth.walk(part.source) if isinstance(n, ast.Name)}
            direct = direct | owner.reads(part.source)
    line = getattr(node, "lineno", 0)
    rebound = _rebound(owner.scope, owner.params, line, path)
    evidence = {
        "conditions": [condition_row(c, owner.through(c)) for c in found],
        "under_condition": under,
        "values": values,
        "parameters": [p for p in owner.params if p in read and p not in _RECEIVERS and p not in rebound],
        "defaults": defaults_of(owner.node, read - rebound),
        "function": dict(owner.function()),
        "callers": [],
    }
    if bound := _bound_on_the_way(owner, node, read | _read_by_values(owner, parts, line, path), path):
        evidence["parameters_bound"] = bound
    if owner.scope is not None and (enclosing := enclosing_arguments(owner.scope, read)):
        evidence["enclosing"] = enclosing  # a closure's test on the enclosing function's argument
    decided_by = next((c.names for c in found if c.kind != "guard"), read)  # the test that decides the raise
    if (paragraphs := owner.paragraphs()) and (
        rule := rule_paragraph(paragraphs, set(decided_by), "".join(p for p in parts if isinstance(p, str)))
    ):
        evidence["doc_rule"] = rule  # the docstring's paragraph on this raise (round 20's card 20)
    if owner.definitions is not None and owner.scope is not None:
        try:
            evidence.update(_reader_side(owner, owner.scope, node, direct, path, rebound, read))
            if anew := _bound_anew(owner, owner.scope, found, getattr(node, "lineno", 0), path):
                evidence["definitions_at"] = anew
            if named := _module_names(owner, owner.scope, found, parts):
                evidence["module_names"] = named
            tests = [c.test for c in found if c.test is not None]
            if inherited := inherited_returns(owner.scope.index, owner.scope.owner, tests):
                evidence["inherited"] = inherited  # what a method of a standard-library base returns, documented
        except Exception:  # odd code these steps did not foresee: the site says less, its file is still read
            evidence.update({key: [] for key in READER_SIDE})
        statement = node if isinstance(node, ast.stmt) else statement_of(node, owner.node)
        if (isinstance(owner.node, ast.Module) or owner.qualname == "__getattr__") and owner.scope.info.name:
            evidence["module"] = owner.scope.info.name  # raised while the module is imported
        if isinstance(owner.node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (accessor := _accessor(owner.node)):
            evidence["accessor"] = accessor  # a property's: read, not called
        overridden = needs_override(owner.node, statement, owner.scope.index, owner.scope.owner) if statement else None
        if overridden is not None:
            evidence["needs_override"] = overridden
        elif (
            isinstance(owner.node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and statement in owner.node.body
            and statement.lineno <= owner.first_exit()
        ):
            # In the function's own body, under nothing: each call reaches it (a property's: each read, assignment
            # or deletion; a cached property's: the first read on each object).
            evidence["every_call"] = _accessor(owner.node) or True
        if isinstance(owner.node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _accessor(owner.node) == "assign":
            evidence["setter"] = True  # the call graph names a property by its getter: its entry point is this
        if statement is not None and (handler := _caught_here(statement, owner.parents)) is not None:
            evidence["caught_here"] = {"line": handler.lineno}
        if statement is not None and (attempt := _after_try(statement, owner.parents)) is not None:
            evidence["after_try"] = {"line": attempt.lineno}  # runs only when that `try` raised nothing
        if statement is not None and (warned := deprecated_before(statement, owner.parents)) is not None:
            evidence["deprecated_before"] = warned  # a deprecation warning on the way: the fix is what it asks
        if opened := left_open(owner.node, node, owner.scope.index, owner.scope.owner):
            evidence["abstract"] = opened
        elif subclassed := owner.replaced():
            evidence["replaced"] = subclassed  # every subclass the library ships overrides the method
        deciding = next((c.line for c in found if c.kind != "guard"), None)
        lines = owner.scope.info.lines
        if statement is not None and next((c.kind for c in found if c.kind != "guard"), None) == "else":
            # An `else` that raises: the comment above `else:`, else the one above its `if` (about the test it
            # negates), but never one above an `elif`, which labels that branch of a chain.
            at, chained = _else_line(statement, owner.parents, lines, deciding)
            comment = comment_near(lines, line, at) or ("" if chained else comment_near(lines, line, deciding))
        else:
            comment = comment_near(lines, line, deciding)
        if comment:
            evidence["comment"] = comment
        if never := never_runs(lines, node, owner.scope.info.path):
            evidence["never"] = never  # its authors' comment: the branch should never run (`never`)
        if statement is not None and (call := written_call(owner.scope, owner.node, statement, owner.parents)):
            evidence["written_call"] = call  # a call that raises it, written from the code (`written_call`)
        if statement is not None:
            exits, looped = exits_before(owner, statement, line, deciding)
            if exits:
                evidence["exits_above"] = exits  # a `return`, `raise`, `break` or `continue` that may come first
                if raising := raising_exits(owner, exits):
                    evidence["exits_raising"] = raising  # of those, the ones that end the call with an error
                for kind, leaving in loop_leaves(owner, exits).items():
                    evidence[f"exits_{kind}"] = leaving  # of those, the ones that only leave a loop (or its pass)
            if looped:
                evidence["exits_looped"] = looped  # of those, the ones only an earlier pass of a loop reaches
            if exits and (matched := none_matched(statement, owner.parents)) and matched["return"] in exits:
                evidence["none_matched"] = matched  # the loop above returned on no item: its test met none
    return evidence


_CATCH_ALL = frozenset({"Exception", "BaseException"})


def _after_try(statement: ast.stmt, parents: dict[ast.AST, ast.AST]) -> ast.Try | ast.TryStar | None:
    """The `try` whose `else:` holds the statement (Django's `check --tag`: raised only when `next()` over the
    unknown tags found one, the `StopIteration` of none caught and passed), up to its function; None if none."""
    child: ast.AST = statement
    while (parent := parents.get(child)) is not None and not isinstance(parent, _SCOPES):
        if isinstance(parent, (ast.Try, ast.TryStar)) and child in parent.orelse:
            return parent
        child = parent
    return None


def _else_line(
    statement: ast.stmt, parents: dict[ast.AST, ast.AST], lines: list[str], test: int | None
) -> tuple[int | None, bool]:
    """The line of the `else:` whose block holds the statement, for the `if` (or last `elif`) at line `test`, and
    whether that is an `elif`: in `MigrationAutodetector.check_dependency`, "# Unknown dependency. Raise an
    error." is above `else:`, and the comment above the last `elif` labels that branch ("Field is removed and part
    of an index/unique_together")."""
    child: ast.AST = statement
    while (parent := parents.get(child)) is not None and not isinstance(parent, _SCOPES):
        if isinstance(parent, ast.If) and parent.lineno == test and parent.orelse and child in parent.orelse:
            above = parents.get(parent)
            chained = isinstance(above, ast.If) and above.orelse == [parent]
            first = parent.orelse[0].lineno
            for at in range(first - 1, max(first - MAX_ELSE_GAP, 0), -1):
                text = lines[at - 1].strip() if at <= len(lines) else ""
                if text.startswith("else"):
                    return at, chained
                if text and not text.startswith("#"):
                    break
            return None, chained
        child = parent
    return None, False


def _caught_here(statement: ast.stmt, parents: dict[ast.AST, ast.AST]) -> ast.ExceptHandler | None:
    """The handler of the same function that catches what `statement` raises and does not raise it again: the
    error never leaves the function (`BaseFormSet.full_clean` keeps its own "Please submit at least ..." as the
    formset's errors). Read by the raised class's name as written; None when it is not caught there."""
    if not isinstance(statement, ast.Raise) or statement.exc is None:
        return None
    raised = statement.exc.func if isinstance(statement.exc, ast.Call) else statement.exc
    name = unparsed(raised).rpartition(".")[2] if isinstance(raised, (ast.Name, ast.Attribute)) else ""
    child: ast.AST = statement
    while name and (parent := parents.get(child)) is not None and not isinstance(parent, _SCOPES):
        if isinstance(parent, (ast.Try, ast.TryStar)) and child in parent.body:
            for handler in parent.handlers:
                kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
                names = {unparsed(k).rpartition(".")[2] for k in kinds if k is not None}
                if handler.type is not None and not names & ({name} | _CATCH_ALL):
                    continue
                if any(_raises_again(n, handler) for s in handler.body for n in breadth.walk(s)):
                    return None
                return handler
        child = parent
    return None


_LEAVES = (ast.Return, ast.Raise, ast.Assert, ast.Yield, ast.YieldFrom)
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def _leaves(statement: ast.stmt) -> bool:
    """Whether a statement can end the call before what follows it: a `return` in a loop that finds a match (DRF's
    `select_renderer`, round 10's card 17), a raise, an assert, a `yield`. A raise after it is not met on every
    call."""
    stack: list[ast.AST] = [statement]
    while stack:
        node = stack.pop()
        if isinstance(node, _LEAVES):
            return True
        stack.extend(child for child in ast.iter_child_nodes(node) if not isinstance(child, _NESTED))
    return False


def _accessor(function: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    """ "read" for a property's getter ("first read" for a cached property's: once per object), "assign" for its
    setter (`@prerelease.setter`: round 9's cards 21 and 24 took it for the getter), "delete" for its deleter; ""
    for a plain function."""
    names = {unparsed(d).rpartition(".")[2] for d in function.decorator_list}
    if "cached_property" in names:
        return "first read"
    if "property" in names:
        return "read"
    return "assign" if "setter" in names else "delete" if "deleter" in names else ""


def defaults_of(node: ast.AST, read: set[str]) -> dict[str, str]:
    """Each read parameter's default when it is a literal (`ipv4=True`: "True"), so that a card says a truth test
    on it rightly: "`ipv4` is false", not "not given", when the default is true; "" for one with no default."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return {}
    found: dict[str, str] = {}
    for name, default in params_of(node.args).items():
        if (
            name not in read
            or name in _RECEIVERS
            or name in (node.args.vararg and node.args.vararg.arg, node.args.kwarg and node.args.kwarg.arg)
        ):
            continue
        if default is None:
            found[name] = ""
        elif isinstance(default, ast.Constant) and len(repr(default.value)) <= 40:
            found[name] = repr(default.value)
        elif (empty := empty_literal(default)) is not None:
            found[name] = empty  # `opclasses=()`: a truth test on it needs it given and not empty
    return found


READER_SIDE = ("definitions", "attributes", "entry_points", "switches", "callee_raises")


def suppressing(node: ast.With | ast.AsyncWith) -> list[ast.Call]:
    """The `suppress(...)` calls a `with` enters, by their name alone (`_suppressed` checks what it is bound to):
    `with contextlib.suppress(ValueError): helper()` keeps helper's ValueError as an `except ValueError: pass`
    does."""
    return [
        item.context_expr
        for item in node.items
        if isinstance(item.context_expr, ast.Call) and _last_name(item.context_expr.func) == "suppress"
    ]


def _suppressed(
    node: ast.With | ast.AsyncWith, scope: Scope
) -> tuple[int, int, tuple[str, ...], tuple[str, ...]] | None:
    """(first line, last line of the `with` body, the types) for `with suppress(E, ...):`, where `suppress` is
    contextlib's (`from contextlib import suppress`, `contextlib.suppress`)."""
    kept: list[str] = []
    for call in suppressing(node):
        parts = dotted(call.func)
        if parts is None or call.keywords or any(isinstance(arg, ast.Starred) for arg in call.args):
            continue
        head = scope.imported(parts[0]) or scope.info.imports.get(parts[0], "")
        if ".".join([head, *parts[1:]]) == "contextlib.suppress" and parts[0] not in scope.bindings:
            kept += caught_types(ast.Tuple(elts=list(call.args)), scope) if call.args else []
    if not kept or not node.body:
        return None
    last = node.body[-1]
    types = tuple(dict.fromkeys(kept))
    return (node.body[0].lineno, getattr(last, "end_lineno", None) or last.lineno, types, types)


def _swallowing(
    attempt: ast.Try | ast.TryStar | ast.With | ast.AsyncWith, scope: Scope | None
) -> tuple[int, int, tuple[str, ...], tuple[str, ...]] | None:
    """(first line, last line of the `try` body, the types its handlers catch and keep, those of them kept quiet;
    `_suppressed` for a `with`). A handler that may raise what it caught again (`raise`, `raise exc`,
    `raise ValidationError(...)` in `except ValidationError`) keeps nothing; one that raises another type
    (`except InvalidTokenFormat: raise RejectRequest(...)`) keeps it. So does
    one that reads the exception it binds and goes on: it hands its message on (DRF's `is_valid()` keeps
    `exc.detail` as the serializer's errors, and raises them with `raise_exception=True`); but not one that returns
    (`except RejectRequest as exc: return self._reject(request, exc.reason)`: a 403 page, never the error)."""
    if scope is None or not attempt.body:
        return None
    if isinstance(attempt, (ast.With, ast.AsyncWith)):
        return _suppressed(attempt, scope)
    kept: list[str] = []
    quiet: list[str] = []  # of those, the types whose handler neither reads the error nor hands it on
    for handler in attempt.handlers:
        nodes = [node for statement in handler.body for node in breadth.walk(statement)]
        reads = handler.name and any(isinstance(node, ast.Name) and node.id == handler.name for node in nodes)
        other = _raises_other(handler, scope)
        if reads and not other and not any(isinstance(node, ast.Return) for node in nodes):
            continue
        if not any(_raises_again(node, handler) for node in nodes):
            types = caught_types(handler.type, scope)
            kept += types
            if not reads or other:
                quiet += types
    if not kept:
        return None
    last = attempt.body[-1]
    end = getattr(last, "end_lineno", None) or last.lineno
    return (attempt.body[0].lineno, end, tuple(dict.fromkeys(kept)), tuple(dict.fromkeys(quiet)))


def _raises_other(handler: ast.ExceptHandler, scope: Scope) -> bool:
    """Whether the handler ends raising a class of this harvest (or a builtin) that is none of the caught types
    nor a subclass of one: `except InvalidTokenFormat as exc: raise RejectRequest(f"CSRF cookie {exc.reason}.")`
    (django/middleware/csrf.py:353-356, 5.2.19). Then the caught error itself never leaves, though its words may:
    they are the other raise's entry. Not `raise self.error(token, e)`, which may raise `e` itself."""
    last = handler.body[-1] if handler.body else None
    if not isinstance(last, ast.Raise) or not isinstance(last.exc, ast.Call) or handler.type is None:
        return False
    raised = caught_types(last.exc.func, scope)
    caught = set(caught_types(handler.type, scope))
    if len(raised) != 1 or is_caught(raised[0], caught, scope.index):
        return False
    if raised[0] in BUILTIN_EXCEPTIONS:  # `except OSError: raise FileNotFoundError(...)` is OSError again
        kind = getattr(builtins, raised[0], None)
        bases = [getattr(builtins, name, None) for name in caught]
        return isinstance(kind, type) and not any(isinstance(b, type) and issubclass(kind, b) for b in bases)
    return scope.index.get(raised[0]) is not None


def _raises_again(node: ast.AST, handler: ast.ExceptHandler) -> bool:
    if not isinstance(node, ast.Raise):
        return False
    if node.exc is None or (isinstance(node.exc, ast.Name) and node.exc.id == handler.name):
        return True
    raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    last = _last_name(raised)
    # Of a type the handler catches (by its last name), or one not read: it may be the caught type again.
    return not last or last in {_last_name(kind) for kind in kinds if kind is not None} or handler.type is None


def _last_name(expr: ast.expr) -> str:
    if isinstance(expr, ast.Attribute):
        return expr.attr
    return expr.id if isinstance(expr, ast.Name) else ""


def _rebound(scope: Scope | None, params: tuple[str, ...], line: int, path: BranchPath) -> frozenset[str]:
    """Parameters a loop, `with` or `except` target binds anew on the way to `line`: there the name holds that
    value, not the argument (`for name, field in self.fields.items()` under `ModelState.__init__(name)`). An
    assignment is left to the definitions, which say what it holds."""
    if scope is None or not scope.bindings:
        return frozenset()
    # A name bound more than MAX_BINDINGS times counts as rebound unread (reading it for each site is quadratic).
    return frozenset(
        p
        for p in params
        if p in scope.bindings
        and (len(scope.bindings[p]) > MAX_BINDINGS or any(b.expr is None for b in scope.reaching(p, line, path)))
    )


def _read_by_values(owner: Owner, parts: Sequence[object], line: int, path: BranchPath) -> set[str]:
    """The parameters a placeholder's local was bound from (`source = string`): if one is bound anew on the
    way (portion's `from_string` cuts `string` down in its loop), the local is not what that name holds at the
    raise (round 29's card 23)."""
    scope = owner.scope
    if scope is None:
        return set()
    params = set(owner.params)
    found: set[str] = set()
    for part in parts:
        if not (isinstance(part, Field) and isinstance(part.source, ast.Name)) or part.source.id in params:
            continue
        for binding in scope.reaching(part.source.id, line, path):
            if isinstance(binding.expr, ast.AST):
                found |= {n.id for n in breadth.walk(binding.expr) if isinstance(n, ast.Name) and n.id in params}
    return found


def _bound_on_the_way(owner: Owner, node: ast.AST, read: set[str], path: BranchPath) -> list[str]:
    """The parameters the conditions read that a statement of the function may bind anew before the raise: on its
    branch path or one that may run before it (anywhere in a loop around it, for a later pass). A test may then
    read that value rather than the argument: `check_settings(base_url=None)` sets `base_url =
    settings.STATIC_URL` when it is None, then tests `settings.MEDIA_URL == base_url`
    (django/contrib/staticfiles/utils.py:43-56, Django 5.2.19), which is not a test on "its `base_url` argument"."""
    scope = owner.scope
    if scope is None or not scope.bindings:
        return []
    line = getattr(node, "lineno", 0)
    until = line
    child: ast.AST | None = node if isinstance(node, ast.stmt) else statement_of(node, owner.node)
    for _ in range(MAX_CLIMB):
        if child is None or (parent := owner.parents.get(child)) is None:
            break
        if isinstance(parent, LOOPS):
            until = max(until, parent.end_lineno or until)
        child = parent
    looped = until > line
    return [
        p
        for p in owner.params
        if p in read
        and p not in _RECEIVERS
        and any(b.line < until and (looped or not exclusive(b.path, path)) for b in scope.bindings.get(p, ()))
    ]


def _bound_anew(owner: Owner, scope: Scope, found: list[Condition], line: int, path: BranchPath) -> list[dict]:
    """What a local a test reads held at that test, where it is bound again between the test and the raise: the
    site's definitions are what reaches the raise, not the test. `try: parsed = parse_datetime(value); if parsed is
    not None: return parsed ...` then `try: parsed = parse_date(value); ...` above the raise: the first guard reads
    `parse_datetime(value)` (django/db/models/fields/__init__.py:1621-1643, Django 5.2.19). Each row carries the
    line of its test ("test"); a name bound once on the way reads no binding, and an argument none. In a loop that
    holds the test, the bindings below it are rows too: they reach it on the next pass."""
    assert owner.definitions is not None
    rows: list[dict] = []
    for condition in found:
        at = condition.line
        anew = sorted(
            name
            for name in condition.names
            if name not in owner.params
            # A name bound more often is not read at all (`Definitions`): looking would be quadratic.
            and len(bindings := scope.bindings.get(name, ())) <= MAX_BINDINGS
            and any(at < bound.line < line for bound in bindings)
        )
        if not anew or not at:
            continue
        read, _ = owner.definitions.rows(anew, (), at, path)
        rows += [row | {"test": at} for row in read if row["name"] in anew and 0 < row["line"] < at]
        # In a loop, what the loop binds below the test reaches it on the next pass too: the card says no one value.
        rows += [row | {"test": at} for name in anew for row in owner.definitions.later_in_a_loop(name, at, path)]
        if len(rows) >= MAX_ROWS:
            return rows[:MAX_ROWS]
    return rows


def _reader_side(
    owner: Owner,
    scope: Scope,
    node: ast.AST,
    direct: Reads,
    path: BranchPath,
    rebound: frozenset[str],
    named: set[str],
) -> dict:
    """The keys of issue 29 known inside the module; "_reach" holds what `reach` finishes after the scan. `named`:
    every name the site's conditions read; a module constant among them is defined even in a guard further out
    (round 21's card 08: `CSRF_TOKEN_LENGTH` in the other raise's guard), what it reads left out of the rest."""
    assert owner.definitions is not None
    line = getattr(node, "lineno", 0)
    rows, reached = owner.definitions.rows(direct.names, direct.attributes, line, path)
    constants = scope.info.constants
    further = sorted(n for n in named if n in constants and n not in direct.names and n not in scope.bindings)
    if further and len(rows) < MAX_ROWS:
        defined = {row["name"] for row in rows}
        more, _ = owner.definitions.rows(further, (), line, path)
        rows += [row for row in more if row["name"] not in defined][: MAX_ROWS - len(rows)]
    every = direct | reached
    defined = {row["name"] for row in rows}
    unset = tuple(a for a in every.attributes if f"self.{a}" not in defined)
    hooks = [hook for m in every.methods[:4] if (hook := owner.hook(m)) is not None]
    statement = node if isinstance(node, ast.stmt) else statement_of(node, owner.node)
    tried_at = tried(statement, owner.parents, scope) if statement is not None else None
    params = {*owner.params, *(n for n in every.names if n in scope.params)} - rebound
    return {
        "definitions": rows,
        "attributes": attributes(scope.index, scope.owner or "", unset),
        # Where a private attribute's one other value comes from (`set_by`): kept only where there is one.
        **({"set_by": set_rows} if (set_rows := set_by(scope.index, scope.owner or "", unset)) else {}),
        "entry_points": hooks,
        "switches": [
            {"name": name, "kind": "env", "declared": name, "help": "", "path": scope.info.path, "line": line}
            for name in every.env[:4]
        ],
        "callee_raises": [],
        "_reach": {
            "settings": list(every.settings[:6]),
            "options": list(dict.fromkeys([*every.options, *options_kept(scope.index, scope.owner or "", unset)]))[:6],
            "arguments": list(every.arguments[:6]),
            "parameters": [p for p in every.names if p in params and p not in _RECEIVERS][:6],
            "tried": tried_at,
        },
    }


def _module_names(owner: Owner, scope: Scope, found: list[Condition], parts: Parts) -> list[dict]:
    """The optional imports and literal containers of the module (or of the tree's module they are imported from)
    that the site's conditions read (`kb.harvest.reading.module_names`)."""
    chains = dict.fromkeys(chain for c in found if c.test is not None for chain in owner.module_level(c, scope))
    if not chains:
        return []
    message = "".join(p for p in parts if isinstance(p, str))
    return module_names.rows(chains, scope.info, scope.index.resolver, message)


def _hook(scope: Scope | None, method: str) -> dict | None:
    if scope is None or not scope.owner or method.startswith("_"):
        return None
    found = scope.index.method(scope.owner, method)
    if found is None:
        return None
    function, info = found
    if not _left_to_subclasses(function):
        return None
    class_name = info.qualname[len(info.module.name) + 1 :]
    return {
        "function": f"{class_name}.{method}",
        "path": info.module.path,
        "line": function.lineno,
        "kind": "hook",
        "doc": first_paragraph(docstring(function) or ""),
        "via": [],
        "arguments": {},
    }


def _left_to_subclasses(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A method a subclass is meant to write: its body (past the docstring) only raises NotImplementedError,
    passes, or returns a constant or a name (`create()` of DRF's BaseSerializer)."""
    body = function.body[1:] if docstring(function) is not None else function.body
    if len(body) != 1:
        return not body
    only = body[0]
    if isinstance(only, ast.Pass) or (isinstance(only, ast.Expr) and isinstance(only.value, ast.Constant)):
        return True
    if isinstance(only, ast.Return):
        return only.value is None or isinstance(only.value, (ast.Constant, ast.Name, ast.Attribute))
    if isinstance(only, ast.Raise) and only.exc is not None:
        raised = only.exc.func if isinstance(only.exc, ast.Call) else only.exc
        return isinstance(raised, ast.Name) and raised.id == "NotImplementedError"
    return False


def values_of(parts: Parts) -> list[dict[str, str]]:
    seen: dict[tuple[str, str], None] = {}
    for part in parts:
        if isinstance(part, Field) and part.source is not None:
            seen[(part.name, _clip(code(part.source), CODE_LIMIT))] = None
    return [{"placeholder": name, "expression": expression} for name, expression in seen]


def block_parents(owner: ast.AST) -> dict[ast.AST, ast.AST]:
    """Each statement's parent in one function (or class body, or module): statements, handlers and cases
    only, nested functions and classes not entered. All `conditions` needs, at a fraction of a full walk."""
    parents: dict[ast.AST, ast.AST] = {}
    stack = [owner]
    while stack:
        node = stack.pop()
        for name in _BLOCKS:
            for child in getattr(node, name, ()):
                parents[child] = node
                if not isinstance(child, _SCOPES):
                    stack.append(child)
    return parents


def statement_of(expr: ast.AST, owner: ast.AST) -> ast.stmt | None:
    """The innermost statement of `owner` that holds `expr` (a `self.fail(...)` or `warnings.warn(...)` call)."""
    where = (expr.lineno, expr.col_offset)  # type: ignore[attr-defined]
    node: ast.AST = owner
    found: ast.stmt | None = None
    while True:
        inner = next((c for c in _children_in_blocks(node) if _holds(c, where)), None)
        if inner is None:
            return found
        if isinstance(inner, ast.stmt):
            found = inner
        node = inner


def _children_in_blocks(node: ast.AST) -> list[ast.AST]:
    return [child for name in _BLOCKS for child in getattr(node, name, ())]


def _holds(node: ast.AST, where: tuple[int, int]) -> bool:
    # A `case` has no position of its own: it runs from its pattern to the end of its body.
    first, last = (node.pattern, node.body[-1]) if isinstance(node, ast.match_case) else (node, node)
    start = (first.lineno, first.col_offset)  # type: ignore[attr-defined]
    end = (last.end_lineno or last.lineno, last.end_col_offset or 0)  # type: ignore[attr-defined]
    return start <= where <= end


def under_condition(statement: ast.stmt, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether the line only runs when something holds: inside an `if`, a `while` body, an `except`, a `case`,
    an assert, or below a guard clause (`if x: return`) in its block. Read from the structure alone, apart from
    the conditions, so that a site whose conditions were not read still counts."""
    if isinstance(statement, ast.Assert):
        return True
    child: ast.AST = statement
    while (parent := parents.get(child)) is not None and not isinstance(parent, _SCOPES):
        if isinstance(parent, (ast.If, ast.ExceptHandler, ast.match_case)):
            return True
        if isinstance(parent, ast.While) and child in parent.body:
            return True
        if _guarded(child, parent):
            return True
        child = parent
    return parent is not None and _guarded(child, parent)


def _guarded(child: ast.AST, parent: ast.AST) -> bool:
    for name in _BLOCKS:
        block = getattr(parent, name, None)
        if isinstance(block, list) and child in block:
            return any(
                isinstance(s, ast.If) and not s.orelse and isinstance(s.body[-1], _EXITS)
                for s in block[: block.index(child)]
            )
    return False


def describe_function(node: ast.AST, qualname: str, class_name: str) -> dict:
    """Name (as the site names it), class, signature, the first paragraph of the docstring and what the docstring
    says the function raises."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return {"name": qualname, "class": class_name, "signature": "", "doc": ""}
    described: dict = {
        "name": qualname,
        "class": class_name,
        "signature": _clip(f"({code(node.args)})", CODE_LIMIT),
        "doc": first_paragraph(docstring(node) or ""),
    }
    if raises := documented_raises(node):
        described["raises"] = raises  # what its docstring says it raises, in its own words
    return described


def first_paragraph(doc: str) -> str:
    paragraph = doc.strip().split("\n\n", 1)[0]
    return _clip(" ".join(paragraph.split()), DOC_LIMIT)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"

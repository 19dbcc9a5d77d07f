"""A raise site seen from the reader's side (issue 29, §1): the public entry point that reaches it, and what each
name its conditions read stands for (a parameter: the entry point's argument; a local: its definition; `self.x`:
the constructor argument it is set from; a setting, flag or environment variable: its own name).

A condition is said to the reader only when every name in it can be said so; otherwise `Reader.condition` gives
None and the card says less. Nothing here is invented: each gloss is a row of the site's evidence (its format is the
harvest's, docs/entry-format.md), and text from the repository goes through `kb.text.escaping`."""

import ast
import builtins
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache

from kb.cards import marks, matched, own_attributes
from kb.cards.headers import header_test, request_header
from kb.cards.operators import operator_of, operator_shown
from kb.cards.parsed import expression, walk
from kb.cards.phrasing import (
    ARGUMENT_GLOSS,
    ASSIGNED,
    CLASS_NAME,
    EXTRA_KEYWORDS,
    KEYWORDS,
    POSITIONALS,
    UNSAID,
    aside,
    container,
    is_marked,
    is_positionals,
    is_yes_no,
    optional_module,
    phrased,
    popped,
    positionals,
    url_part,
    without,
    yes_no_chains,
)
from kb.text.escaping import code, sentence
from kb.text.written import unparse

_BUILTINS = frozenset(dir(builtins))
_STDLIB = frozenset(sys.stdlib_module_names)
_COMMAND = re.compile(r"(?:^|/)management/commands/([A-Za-z0-9_]++)\.py$")
# A test's path, as the harvest's `is_test` reads one (kb/harvest/reading/callers.py): a `tests` or `testing` folder,
# not `test`, which is a library's public test framework as often (Django's `django/test/`: `Client`, `DiscoverRunner`).
_TEST_PATH = re.compile(r"(?:^|/)(?:tests|testing)(?:/|$)|(?:^|/)test_[^/]*+$|_tests?\.py$")
MAX_CODE = 300  # a condition longer than this is not read for names
MAX_DEFINITION = 120  # a definition longer than this is not shown as what a name stands for
MAX_INLINE = 60  # a short-named local whose definition is this short is said by it, in its place
SHORT_NAME = 3
# `format is not empty`, `kwargs.get("default", NOT_PROVIDED) is not NOT_PROVIDED`: an argument against a sentinel.
_SENTINEL_TEST = re.compile(
    r"(?<![\w.])(?:([A-Za-z_]\w*+)|([A-Za-z_]\w*+)\.get\(['\"](\w++)['\"], ([A-Za-z_]\w*+)\)) is( not)? ([A-Za-z_]\w*+)"
)
_SETS_DEFAULT = re.compile(r"(?<![\w.])(not )?+([A-Za-z_]\w*+)\.setdefault\(['\"](\w++)['\"], ([^()]*+)\)")
_INLINE = marks.INLINE  # marks a replacement that is the definition itself (said in place, glossed in turn)
# The first values of a name the code then builds on (`errors = []`, then appended to): not what a test reads.
_STARTERS = frozenset({"[]", "{}", "()", "set()", "dict()", "list()", "''", '""', "0", "None", "False", "True"})
# What a `for` loop binds (reading.definitions): the iterable's code after one of these.
_LOOPED = {
    "(an item of) ": "one of the items of",
    "(a key of) ": "one of the keys of",
    "(a value of) ": "one of the values of",
}
LOOP_BOUND = "(bound by a for loop)"  # the harvest's code of a parameter a loop binds again (reading.definitions)
# The harvest's code of a parameter no statement binds but one changes in place above the test (`kwargs.pop("x")`):
# its row carries only the lines that change it (reading.definitions).
CHANGED_ARGUMENT = "(the argument, changed in place)"
GIVEN = "(the argument as given)"  # the argument as the caller gave it, beside a binding that may not have run
UNPACKED = "(bound without a value of its own)"  # of a local unpacked, `with ... as`, `except ... as` (the same)
_DEFAULTS_TO = "(by default the "  # `self.x` set from an argument that falls back to a setting
# `self.Meta.fields`, `getattr(self.Meta, 'fields', None)`, `getattr(cls.Meta, "fields")`: a class's declared option.
_META_OPTION = re.compile(
    r"(?:self|cls)\.Meta\.(?P<attribute>\w++)"
    r"|getattr\((?:self|cls)\.Meta,\s*+['\"](?P<key>\w++)['\"](?:,\s*+[\w.'\"]*+)?+\)"
)
_DOTTED = re.compile(r"[A-Za-z_]\w{0,100}+(?:\.[A-Za-z_]\w{0,100}+){0,8}+")  # a function's qualified name
_CHAIN = re.compile(r"[A-Za-z_]\w*+(?:\.[A-Za-z_]\w*+){0,3}+")
# `options['username']`: a name read by one literal key, as a command reads its options.
_KEYED = re.compile(r"(?<![\w.])[A-Za-z_]\w*+\[(?:'\w++'|\"\w++\")\]")
_SELF_CALL = re.compile(r"self\.([A-Za-z]\w*+)\([^()]{0,200}+\)")  # `self.validate(value)`: a hook's result
_NAMED = re.compile(r"(?: setting| flag| environment variable| argument)$|^the setting `")
# Also a setting so named (`USE_TZ`: "the setting `USE_TZ` is false", base.py:264, Django 5.2.19).
_YES_NO_EMPTY = re.compile(
    r"(`(?:\w++\.)*+(?:is|has|have|supports|can|should|allow|allows|uses|use|needs|requires|enable|enabled|must)"
    r"_\w*+`) is empty or false",
    re.IGNORECASE,
)
_PROBE = "ZZPROBEZZ"  # a module-level name's stand-in while its template is tried on the harvest's sentence
_TOKEN = "ZZGLOSS{}ZZ"  # a name's stand-in while the harvest's sentence is escaped (letters only: left as it is)


@dataclass(frozen=True)
class EntryPoint:
    """A public function, method, constructor, command, template tag or hook from which the raise is reached."""

    function: str
    kind: str = "function"
    path: str = ""
    line: int | None = None
    doc: str = ""
    arguments: dict[str, str] = field(default_factory=dict)  # the site's parameter -> the entry point's argument
    via: tuple[str, ...] = ()
    before_star: tuple[str, ...] = ()  # named positional parameters ahead of its `*args`
    fields: tuple[str, ...] = ()  # a dataclass's fields, its constructor's arguments (reached in `__post_init__`)
    raises: dict[str, str] = field(default_factory=dict)  # exception name -> what its docstring says of it
    exits_before: bool = False  # a function on the way may return or raise before it calls the next one
    branched: bool = False  # a function on the way calls the next one only under a test of its own
    bound: str = ""  # the function a class body binds as this method (`quote_name = complain`): that function
    # Its body yields: calling it runs nothing of it. "iterating": iterating over what it returns does; "with": a
    # `@contextmanager`'s, using what it returns in a `with` statement does ("async with": `async with`).
    generator: str = ""
    # Named by its package for users, found in place of the functions inside it (`parse()` for `parse_attrib()`):
    # the site's parameters its tests read, each made (or handed on) from one of this function's own arguments.
    made_from: tuple[tuple[str, str], ...] | None = None
    # A metaclass's `__new__` or `__init__` (kind "metaclass"): the classes whose statement names it (`Model` for
    # `ModelBase`); it runs when a class using it is defined, never by a call of the user's.
    declared_by: tuple[str, ...] = ()
    class_name: str = ""  # its parameter that holds the name of the class being defined (`name`)
    defaults: dict[str, str] = field(default_factory=dict)  # its own constant default of each argument it hands on

    def stands_for(self, function: str) -> bool:
        """Whether it is the function, or a class's name for it."""
        return self.is_function(function) or (bool(self.bound) and self.bound == function)

    def is_function(self, function: str) -> bool:
        """Whether it is the function of that qualified name (a constructor `Func` is `Func.__init__`)."""
        own: tuple[str, ...] = (self.function, f"{self.function}.__init__", f"{self.function}.__new__")
        if self.kind == "constructor":  # a dataclass's `__init__` runs its `__post_init__`
            own += (f"{self.function}.__post_init__", f"{self.function}.__attrs_post_init__")
        return function in own

    @property
    def command(self) -> str:
        found = _COMMAND.search(self.path)
        return found[1] if found else self.function.rpartition(".")[2]

    def shown(self) -> str:
        """How a reader names it: `QuerySet.get()`, `Func()`, the `runserver` command."""
        if self.kind == "command":
            return f"the {code(self.command)} command"
        if self.kind == "initializer":  # `X.__new__` may return another object: `X()` may not run it
            return code(self.function)
        if self.kind == "metaclass":
            return self._defining()
        if self.kind == "template tag":
            return f"the {code(self.function.rpartition('.')[2])} template tag"
        if self.kind == "setter":
            return f"assigning to {code(self.function)}"
        if self.kind == "property":  # `@property`, `@cached_property`: read, not called
            return f"reading {code(self.function)}"
        if self.kind == "deleter":
            return f"deleting {code(self.function)}"
        if self.kind == "method" and (operator := operator_shown(self.function)):
            return operator
        return code(self.call())

    def _defining(self) -> str:
        """A metaclass's way in, the class statement: "defining a subclass of `Model` (a class whose metaclass is
        `ModelBase`)", or "defining a class whose metaclass is `X`" where no class of the library names it."""
        metaclass = code(self.function)
        if not self.declared_by:
            return f"defining a class whose metaclass is {metaclass}"
        if len(self.declared_by) == 1:
            return f"defining a subclass of {code(self.declared_by[0])} (a class whose metaclass is {metaclass})"
        names = f"{', '.join(code(n) for n in self.declared_by[:-1])} or {code(self.declared_by[-1])}"
        return f"defining a subclass of {names} (classes whose metaclass is {metaclass})"

    def call(self) -> str:
        owner, _, last = self.function.rpartition(".")
        if self.kind == "constructor" or (last in ("__init__", "__new__") and owner and self.kind != "initializer"):
            return f"{owner or self.function}()"
        return f"{self.function}()"

    def argument(self, parameter: str) -> str:
        """The reader's name of a site parameter: "the `addrport` argument"; "" when it is not one of theirs."""
        name = self.arguments.get(parameter)
        if self.kind == "metaclass":  # a class statement hands its name, bases and body: no arguments
            return CLASS_NAME if name and name == self.class_name else ""
        if not name:
            return ""
        if self.kind == "setter":
            return ASSIGNED
        if self.kind == "method" and (operator := operator_of(self.function)) and name == parameter:
            return operator[2]  # `other` of `__sub__`: "the right-hand operand"
        if name.startswith("**"):
            return KEYWORDS
        if name.startswith("*"):
            return positionals(name[1:], self.before_star)
        return f"the {code(name)} argument"


_RESULT_NAMES = frozenset({"result", "res", "ret", "retval", "rv", "value"})
_FUNC_NAMES = frozenset({"func", "function", "fn", "cfunc"})


def signature_of(evidence: dict) -> ast.arguments | None:
    """The parameters of the site's function, from the signature the harvest recorded; None when unreadable."""
    recorded = evidence.get("function")
    signature = str(recorded.get("signature") or "") if isinstance(recorded, dict) else ""
    return _parameters(signature) if signature.startswith("(") else None


@lru_cache(maxsize=4096)
def _parameters(signature: str) -> ast.arguments | None:
    """A recorded signature parsed once: a card asks for it from several sections (read only, never changed)."""
    try:
        tree = ast.parse(f"def f{signature}: pass").body[0]
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return tree.args if isinstance(tree, ast.FunctionDef) else None


def _parameters_of(evidence: dict) -> set[str]:
    arguments = signature_of(evidence)
    if arguments is None:
        return set()
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg]
    return {argument.arg for argument in every if argument is not None}


def is_result_check(evidence: dict) -> bool:
    """A ctypes `errcheck` callback, `f(result, func, arguments)`: ctypes calls it with a C function's result, so
    its arguments are no one's to pass (round 8's card 10: "Pass `0` as `result` to `check_predicate()`")."""
    if (arguments := signature_of(evidence)) is None:
        return False
    names = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    names = names[1:] if names[:1] in (["self"], ["cls"]) else names
    return len(names) == 3 and names[0] in _RESULT_NAMES and names[1] in _FUNC_NAMES


def is_public(function: str) -> bool:
    """No part of the qualified name is private (`_helper`, `Class._method`); dunder methods are the class's API."""
    parts = function.split(".")
    return bool(function) and all(not p.startswith("_") or (p.startswith("__") and p.endswith("__")) for p in parts)


def documented_said(raises: object) -> dict[str, str]:
    """The harvest's "raises" of a function (what its docstring says it raises), name -> the words."""
    if not isinstance(raises, dict):
        return {}
    return {
        str(name): row["said"]
        for name, row in raises.items()
        if isinstance(row, dict) and isinstance(row.get("said"), str) and row["said"].strip()
    }


# While one card is written (`reading_once`): each site's entry points by the id of its evidence, with the evidence
# itself (kept alive, so that its id is not another's). A card's sections ask three times per site.
_read: dict[int, tuple[dict, str, list["EntryPoint"]]] | None = None
# And each site's readers, by the id of its evidence (kept alive with them), one per entry point: the card's view,
# its placeholders and its solutions say the same rows for the same reader (a third of them asked again).
_readers: dict[int, list[tuple[dict, "EntryPoint | None", "Reader"]]] | None = None


@contextmanager
def reading_once() -> Iterator[None]:
    """Within it, `entry_points` reads each site's evidence once: for one card, whose evidence does not change while
    its sections are written."""
    global _read, _readers
    outer, _read = _read, {}
    outer_readers, _readers = _readers, {}
    try:
        yield
    finally:
        _read, _readers = outer, outer_readers


_USED_BY = ("iterating", "with", "async with")


def entry_points(evidence: dict, *, path: str = "") -> list[EntryPoint]:
    """The site's public entry points, nearest first. From the harvest's "entry_points" when it read them (resolved
    calls only); else the site's own function when it is public and not a test."""
    if _read is None:
        return _entry_points(evidence, path)
    known = _read.get(id(evidence))
    if known is None or known[0] is not evidence or known[1] != path:
        known = _read[id(evidence)] = (evidence, path, _entry_points(evidence, path))
    return list(known[2])


def _entry_points(evidence: dict, path: str) -> list[EntryPoint]:
    rows = evidence.get("entry_points")
    if isinstance(rows, list):
        found = []
        for row in rows:
            if not isinstance(row, dict) or not isinstance(row.get("function"), str):
                continue
            if not is_public(row["function"]) or _TEST_PATH.search(str(row.get("path") or "")):
                continue
            given = row.get("arguments")
            arguments: dict = given if isinstance(given, dict) else {}
            found.append(
                EntryPoint(
                    function=row["function"],
                    kind=str(row.get("kind") or "function"),
                    path=str(row.get("path") or ""),
                    line=row.get("line") if isinstance(row.get("line"), int) else None,
                    doc=str(row.get("doc") or ""),
                    arguments={str(k): str(v) for k, v in arguments.items() if isinstance(v, str) and v},
                    via=tuple(str(v) for v in row.get("via") or [] if isinstance(v, str)),
                    before_star=tuple(str(v) for v in row.get("before_star") or [] if isinstance(v, str)),
                    fields=tuple(str(v) for v in row.get("fields") or [] if isinstance(v, str)),
                    raises=documented_said(row.get("raises")),
                    exits_before=row.get("exits_before") is True,
                    branched=row.get("branched") is True,
                    bound=str(row.get("bound") or ""),
                    generator=str(row.get("generator") or "") if row.get("generator") in _USED_BY else "",
                    made_from=_made_from(row),
                    declared_by=tuple(str(v) for v in row.get("declared_by") or [] if isinstance(v, str))[:3],
                    class_name=str(row.get("class_name") or ""),
                    defaults=_defaults_of(row),
                )
            )
        recorded = evidence.get("function")
        own = str(recorded.get("name") or "") if isinstance(recorded, dict) else ""
        return [point for point in found if _reaches_with_the_reader_s_input(point, own, path)]
    return _own_entry_point(evidence, path)


def _made_from(row: dict) -> tuple[tuple[str, str], ...] | None:
    """An exported entry point's "made_from" (`EntryPoint.made_from`); None where the harvest wrote none."""
    made = row.get("made_from")
    if row.get("exported") is not True or not isinstance(made, dict):
        return None
    return tuple((str(k), v) for k, v in made.items() if isinstance(v, str) and v)


def _reaches_with_the_reader_s_input(point: EntryPoint, own: str, path: str) -> bool:
    """Whether a card may say "`X()` raises this": the raising function itself, or an entry point that hands the
    tested argument down as it is (`arguments`), or a hook the framework calls, or the command or template tag the
    raise is written in. A caller further out that passes values of its own (the admin setting `fields` before it
    calls the factory, a backend that always has what the check needs) reaches the function, not this error:
    reviews found such "reached from" lines false more often than true, so they are left out."""
    if point.stands_for(own) or point.arguments or point.kind == "hook" or point.made_from is not None:
        return True  # `made_from`: its package's name, handing on (or making) what the tests read from its own
    return point.kind in ("command", "template tag") and bool(path) and point.path == path


def command_path(path: str) -> bool:
    """Whether the file is a management command's (`management/commands/loaddata.py`): its name is the command's."""
    return bool(_COMMAND.search(path))


def raising_function(evidence: dict, path: str) -> EntryPoint | None:
    """The function the raise is written in, as the one whose arguments a condition reads, public or not: where no
    entry point reaches the raise, "`_get_operation` raises this when the `operation` argument is not a `Mapping`"
    still says its test in words. Never a way in for the reader (no "Calling", no "Pass ... to"): the card keeps it
    for the test's wording only. None in a test's code or without a recorded function."""
    recorded = evidence.get("function")
    name = str(recorded.get("name") or "") if isinstance(recorded, dict) else ""
    if not _DOTTED.fullmatch(name) or _TEST_PATH.search(path):
        return None
    parameters = [str(p) for p in evidence.get("parameters") or [] if str(p) not in ("self", "cls")]
    return EntryPoint(function=name, kind="method" if "." in name else "function", arguments={p: p for p in parameters})


def _own_entry_point(evidence: dict, path: str) -> list[EntryPoint]:
    recorded = evidence.get("function")
    function: dict = recorded if isinstance(recorded, dict) else {}
    name = str(function.get("name") or "")
    # Only a function or a class's method: a function defined inside another (`add.check`) is no one's to call.
    owners = name.split(".")[:-1]
    if not is_public(name) or _TEST_PATH.search(path) or not all(o[:1].isupper() for o in owners):
        return []
    parameters = [str(p) for p in evidence.get("parameters") or [] if str(p) not in ("self", "cls")]
    last = name.rpartition(".")[2]
    if _COMMAND.search(path) and last == "handle":
        kind = "command"
    elif last in ("__init__", "__new__"):
        kind = "constructor"
    else:
        kind = "method" if "." in name else "function"
    return [
        EntryPoint(
            function=name,
            kind=kind,
            path=path,
            doc=str(function.get("doc") or ""),
            arguments={p: p for p in parameters},
        )
    ]


_NOT_NONE = re.compile(r"(?<![\w.])self\.(_\w++) is not None")  # a private attribute's `is not None` test
DEFINITIONS_KEPT = 8  # kb.harvest.reading.definitions.MAX_ROWS, which this layer may not import


@dataclass
class Reader:
    """What the names in one site's conditions stand for, for the reader of `entry` (None: no public entry point)."""

    evidence: dict
    entry: EntryPoint | None

    def __post_init__(self) -> None:
        self.parameters = {str(p) for p in self.evidence.get("parameters") or []} - {"self", "cls"}
        # The loops the raise sits in (their lines): a test in one is read again after the loop's body ran.
        self.loops = [
            row["line"]
            for row in self.evidence.get("conditions") or []
            if isinstance(row, dict) and row.get("kind") in ("while", "for") and isinstance(row.get("line"), int)
        ]
        self.definitions: dict[str, list[tuple[int, str]]] = {}  # name -> (line, code) of each assignment read
        self.changed: dict[str, list[int]] = {}  # name -> the lines changing it in place after its definition
        # name -> (line, code) of a default filled in by `if name is None: name = ...`, and of one value made a list
        # by `if isinstance(name, T): name = [name]` (reading.definitions)
        self.filled: dict[str, tuple[int, str]] = {}
        self.wrapped: dict[str, tuple[int, str]] = {}
        rows = [row for row in self.evidence.get("definitions") or [] if isinstance(row, dict)]
        # As many rows as the harvest keeps (kb.harvest.reading.definitions.MAX_ROWS): some may have been left out.
        self._definitions_full = len(rows) >= DEFINITIONS_KEPT
        # A call that raises rather than return an empty value never makes a test of its emptiness true: where the
        # local has other definitions, those are what the test reads when it is true (round 21's card 02).
        others = {row.get("name") for row in rows if not row.get("never_empty")}
        for row in rows:
            if row.get("never_empty") and row.get("name") in others:
                continue
            if isinstance(row, dict) and isinstance(row.get("name"), str) and isinstance(row.get("code"), str):
                line = row["line"] if isinstance(row.get("line"), int) else 0
                if row["code"] != CHANGED_ARGUMENT:
                    self.definitions.setdefault(row["name"], []).append((line, row["code"]))
                if row.get("filled") is True:
                    self.filled[row["name"]] = (line, row["code"])
                if row.get("wrapped") is True:
                    self.wrapped[row["name"]] = (line, row["code"])
                changed = row.get("changed")
                if isinstance(changed, list):
                    self.changed.setdefault(row["name"], []).extend(n for n in changed if isinstance(n, int))
        # A local bound again between a test and the raise: what it held at that test, by the test's line (the
        # harvest's `definitions_at`); `definitions` hold what reaches the raise.
        self.at_test: dict[tuple[str, int], list[tuple[int, str]]] = {}
        for row in self.evidence.get("definitions_at") or []:
            if isinstance(row, dict) and all(isinstance(row.get(k), int) for k in ("line", "test")):
                if isinstance(row.get("name"), str) and isinstance(row.get("code"), str):
                    self.at_test.setdefault((row["name"], row["test"]), []).append((row["line"], row["code"]))
        # (name, line) -> (the call, the name's place) of a local unpacked from a call's result (`_unpacked`).
        self._unpacked_rows: dict[tuple[str, int], tuple[str, int]] = {}
        for row in (*rows, *(self.evidence.get("definitions_at") or [])):
            found = row.get("unpacked") if isinstance(row, dict) else None
            if isinstance(found, dict) and isinstance(found.get("call"), str) and type(found.get("item")) is int:
                if isinstance(row.get("name"), str) and isinstance(row.get("line"), int):
                    self._unpacked_rows[row["name"], row["line"]] = (found["call"], found["item"])
        # The locals whose call's binding may not be what the test reads (in a `try` a handler leaves without
        # exiting; changed in place further down a loop around the site): no call's result is said of them.
        self.unsure = {row["name"] for row in rows if row.get("unsure") is True}
        self.attributes: dict[str, dict] = {
            str(row["name"]): row
            for row in self.evidence.get("attributes") or []
            if isinstance(row, dict) and isinstance(row.get("name"), str)
        }
        self.switches: list[dict] = [
            row for row in self.evidence.get("switches") or [] if isinstance(row, dict) and row.get("name")
        ]
        # An optional import (`msgpack_available`), a literal container (`converters`) of the module.
        self.module_names: dict[str, dict] = {
            row["name"]: row
            for row in self.evidence.get("module_names") or []
            if isinstance(row, dict) and isinstance(row.get("name"), str)
        }
        # A closure's names that are the arguments of the function enclosing it (`reading.enclosing`).
        self.enclosing: dict[str, dict] = {
            row["name"]: row
            for row in self.evidence.get("enclosing") or []
            if isinstance(row, dict) and isinstance(row.get("name"), str) and isinstance(row.get("function"), str)
        }
        # Each condition row said once: a card's sections ask for the same rows again (its view, its trigger).
        self._said_rows: dict[int, tuple[dict, tuple[str, list[str]] | None]] = {}
        self._numeric: frozenset[str] | None = None  # `numbers()`, read once
        self._parts: dict[int, tuple[dict, list[dict]]] = {}  # each `and` row's parts as rows, made once
        self._replacements: dict[tuple[str, int | None], str | None] = {}  # `replacement`, by name and line
        self._definitions_read: dict[tuple[str, int | None], str | None] = {}  # `definition`, by name and line

    # --- one name --------------------------------------------------------------------------------------------

    def definition(self, name: str, before: int | None = None) -> str | None:
        """The one assignment of a local that reaches a test at line `before`: its code; "" when the name has none
        before it; None when more than one may reach it, or it only starts a value the code builds on afterwards
        (`errors = []`, then appended to): the card cannot say which value the test reads. Read once per name and
        line, as `replacement` (15,513 asks of 4,459 on Django)."""
        return _once(self._definitions_read, self._definition, name, before)

    def _definition(self, name: str, before: int | None) -> str | None:
        rows = self._reaching(name, before)
        found = {written for _, written in rows}
        if not found:
            return ""
        if len(found) > 1 or found & _STARTERS:
            return None
        defined = found.pop()
        if defined in (LOOP_BOUND, UNPACKED):
            return None  # a parameter a `for` loop binds again: no longer the argument, and no code says its value
        if self._changed_before(name, before):
            return None  # `params.pop("NAME")` between its definition and the test: no longer that value
        if name not in self.parameters and name in [_root(other) for other in names_in(defined) or []]:
            return None  # `errors = list(filter(None, errors))`: built on a value before it
        return defined

    def _reaching(self, name: str, before: int | None) -> list[tuple[int, str]]:
        """(line, code) of the assignments of `name` that may reach a test at line `before`: those recorded for that
        very test where it is bound again before the raise, else those above it of the ones that reach the raise."""
        if before and (anew := self.at_test.get((name, before))):
            return anew
        return [(line, written) for line, written in self.definitions.get(name, []) if not before or line < before]

    def unpacked(self, name: str, before: int | None = None) -> str:
        """ "the first item of what `popen_wrapper(['xgettext', '--version'], ...)` returns" for a local a tuple of
        plain names unpacks from a call's result, where that binding alone reaches a test at line `before` (`out,
        err, status = popen_wrapper(...)`, django/core/management/commands/makemessages.py:469, Django 5.2.19;
        the harvest's "unpacked"); "" for any other name, one bound otherwise too, changed in place or unsure."""
        rows = self._reaching(name, before)
        if len(rows) != 1 or rows[0][1] != UNPACKED or name in self.parameters or name in self.unsure:
            return ""
        found = self._unpacked_rows.get((name, rows[0][0]))
        if found is None or self._changed_before(name, before):
            return ""
        call, item = found
        ordinal = _ORDINALS[item] if item < len(_ORDINALS) else f"item number {item + 1}"
        if owned := self._hook_returns(call) or self._own_method_returns(call):
            return f"the {ordinal} item of {owned}"  # "the value your `Serializer.validate()` returns"
        shown = _call_shown(call)
        if not shown:
            return ""
        for other in names_in(shown) or []:
            # What the call is made on, as `_sayable` asks of a definition, there: no `self.` internal, no local
            # the card cannot say (`parser.parse()` of a `parser` bound in two arms).
            root = _root(other)
            if root == "self" and self._attribute(other) is None:
                return ""
            if root != name and root in self.definitions and self.definition(root, rows[0][0]) is None:
                return ""
        return f"the {ordinal} item of what {code(shown)} returns"

    def replacement(self, name: str, before: int | None = None) -> str | None:
        """Markdown that says what `name` (a name or `a.b` chain, or `options['key']`) is, in place of it; "" when
        it needs no saying (a builtin, a constant, a class, a module) or is said by its definition in the "where"
        part; None when the card cannot say it. `before`: the line of the test that reads it. Said once per name
        and line: a card's sections ask again for the same names (12,010 asks of 7,684 on Django)."""
        return _once(self._replacements, self._replacement, name, before)

    def _replacement(self, name: str, before: int | None) -> str | None:
        if switch := self.switch(name):
            if name in self.definitions and self.definition(name, before) is None:
                # `username = options["username"]`, then `username = "root"` in an `if`: a local that shares the
                # flag's name holds more than the flag (Django's createsuperuser names its locals so).
                return None
            return switch
        if name.startswith("settings.") and name.count(".") == 1 and name.partition(".")[2].isupper():
            return f"the setting {code(name.partition('.')[2])}"
        root = _root(name)
        if url_part := self._url_part(name, before):
            return url_part
        if option := self._meta_option(name, before):
            return option
        if (read := self._read_with_default(name, before)) is not None:
            return read
        if root in self.definitions and (looped := self._looped(name, before)) is not None:
            if looped:
                return looped
            # `field.name` of `for field in fields`: the code as written, its loop's name said after it.
            return "" if name != root and self._looped(root, before) else None
        if name == root and (filled := self._filled(name, before)) is not None:
            return filled
        if root in self.definitions:  # assigned in the function: a local, or a parameter given a new value
            reaching = {w for _, w in self._reaching(root, before)}
            if name == root and len(reaching) == 1 and (returned := self._hook_returns(next(iter(reaching)))):
                return returned  # `value = self.validate(value)`: whatever it was, it is now what the hook gave
            if name == root and (unpacked := self.unpacked(root, before)):
                # A short name is said by it in its place ("the first item of what `f()` returns"), another after.
                return _INLINE + unpacked if len(root) <= SHORT_NAME else ""
            defined = self.definition(root, before)
            if defined and name == root and root not in self.unsure and (returned := self._own_method_returns(defined)):
                return returned  # `app_list = self.get_app_list(request, app_label)`: what the method gave
            if defined is None or (defined and not self._sayable(defined, root)):
                # `opts = self._meta`, then `opts.abstract`: the object's own chain, read through another name.
                return (
                    self._own_chain(defined + name[len(root) :]) if defined and self._chained(defined, name) else None
                )
            if defined and name == root and defined != root and _CHAIN.fullmatch(defined):
                # Another name for a setting, a flag or an argument (`base_url = settings.STATIC_URL`): said as
                # what it names, in its place ("the `STATIC_URL` setting"), not as a local glossed after.
                alias = self.replacement(defined, before) if defined.partition(".")[0] not in self.definitions else None
                if alias and _NAMED.search(alias):
                    return alias
            if defined and not (root in self.parameters and _converts(defined, root)):
                # A short name (`m`, `num`) tells the reader nothing: its definition is said in its place.
                inline = name == root and len(root) <= SHORT_NAME and len(defined) <= MAX_INLINE
                return _INLINE + code(defined) if inline else ""
        if root in self.parameters:
            if self._given_anew(root, before) or self._changed_before(root, before):
                # `output_field = self.target_field`, `kwargs.pop("x")` before the test: no longer the argument.
                return None
            return self._parameter(name, root)
        if (outer := self._enclosing_argument(name)) is not None:
            return outer
        if name == "self.__class__":
            return self._own_class()
        if root == "self":
            return (
                self._popped(name, before)
                or self._attribute(name)
                or self._own_attribute(name)
                or self._own_chain(name)
            )
        if root == "cls" and name != root and self.in_classmethod():
            # A classmethod's `cls.reset_sequences` is the class attribute harvest records as `self.<name>`.
            return self._attribute("self." + name.partition(".")[2])
        if root in _BUILTINS or root in _STDLIB or root[:1].isupper() or root.startswith("__"):
            return ""
        if name.partition(".")[2][:1].isupper() and root not in self.parameters:
            return ""  # a module's class (`models.Aggregate`), named as written
        return None

    def _filled(self, name: str, before: int | None) -> str | None:
        """ "the `locations` argument (`apps.get_models()` where it is `None`)" for a parameter whose only other
        definition is a default filled in by `if sources is None: sources = apps.get_models()` at the function's
        top (django/contrib/gis/sitemaps/kml.py:29-30): true of every call. None where the card cannot say both:
        the argument, and the default by what it names (a setting, an attribute the card can say) or by code that
        reads no local, no `self.` internal and no parameter but an argument of the same name as passed
        (`apps.get_models()`, `now()`, `[]`, `default is empty and not read_only`)."""
        found = self.filled.get(name)
        if found is None or self.entry is None or name not in (*self.parameters, *_parameters_of(self.evidence)):
            return None
        line, written = found
        rows = {w for at, w in self.definitions.get(name, []) if not before or at < before}
        if rows != {GIVEN, written} or (before is not None and line >= before) or self._changed_before(name, before):
            return None
        argument = self._parameter(name, name)
        if not argument or not argument.endswith(" argument"):
            return None
        names = names_in(written)
        if names is None or len(written) > MAX_INLINE:
            return None
        if _CHAIN.fullmatch(written) and _root(written) not in (*self.parameters, *self.definitions):
            # `settings.STATIC_URL`, `self.db`: said as what it names ("the `STATIC_URL` setting"), where it can be.
            alias = self.replacement(written, line)
            if alias and not alias.startswith(_INLINE) and not own_attributes.is_marked(alias):
                return f"{argument} ({alias}{_FILLED}"
        # Another argument the default reads is said by its own name where the reader passes it so (`required =
        # default is empty and not read_only`, rest_framework/fields.py:303-304) and holds what was passed.
        local = [
            n
            for n in names
            if _root(n) in (*self.parameters, *self.definitions, "self", "cls") and not self._as_passed(n, line)
        ]
        return None if local else f"{argument} ({code(written)}{_FILLED}"

    def _wrapped(self, name: str, before: int | None) -> str:
        """ "the `model_or_iterable` argument or one of its items" for what a loop over a parameter walks, where the
        one other definition made a single value a list of it (`if isinstance(model_or_iterable, ModelBase):
        model_or_iterable = [model_or_iterable]`, django/contrib/admin/sites.py:110-111); "" otherwise."""
        found = self.wrapped.get(name)
        if found is None or self.entry is None or name not in (*self.parameters, *_parameters_of(self.evidence)):
            return ""
        line, written = found
        rows = {w for at, w in self.definitions.get(name, []) if not before or at < before}
        if rows != {GIVEN, written} or (before is not None and line >= before) or self._changed_before(name, before):
            return ""
        argument = self._parameter(name, name)
        return f"{argument} or one of its items" if argument and argument.endswith(" argument") else ""

    def _as_passed(self, name: str, before: int) -> bool:
        """Whether a parameter read at `before` holds the argument of the same name as the caller passed it."""
        if name not in (*self.parameters, *_parameters_of(self.evidence)) or self.entry is None:
            return False
        if name in self.definitions or self._changed_before(name, before):
            return False
        return self.entry.argument(name) == f"the {code(name)} argument"

    def _alias(self, defined: str, before: int | None) -> str:
        """What a local's definition names when it is only another name for a setting, a flag or an argument
        (`options['username']`, `settings.STATIC_URL`): "the `username` argument"; "" otherwise."""
        if not (_CHAIN.fullmatch(defined) or _KEYED.fullmatch(defined)) or _root(defined) in self.definitions:
            return ""
        alias = self.replacement(defined, before)
        if not alias or not _NAMED.search(alias):
            return ""
        return alias

    def _module_name(self, name: str) -> str:
        """An optional import ("the `msgpack` package is not installed") or a literal container ("one of `'csv'` or
        `'json'`") of the module, marked for `phrasing.phrased`; "" for any other name."""
        row = self.module_names.get(name)
        if row is None or _root(name) in self.definitions or _root(name) in self.parameters:
            return ""
        if row.get("kind") == "optional":
            return optional_module(row)
        return container(name, row) if row.get("kind") == "literal" else ""

    def loop_lines(self) -> list[int]:
        """Where a loop may start that the raise sits in: the loops around it, and each `for` that binds a name the
        site reads (`for old_name in old_names:`; whether it holds the raise is not recorded)."""
        bound = [line for rows in self.definitions.values() for line, code_ in rows if code_.startswith(tuple(_LOOPED))]
        return sorted({*self.loops, *bound})

    def moved(self, name: str, after: int) -> bool:
        """Whether the name (or an attribute of it) may hold another value after line `after`: given a value or
        changed in place further down, on a line not recorded, or bound where a handler may leave it unsure."""
        rows = [rows for defined, rows in self.definitions.items() if defined == name or defined.startswith(f"{name}.")]
        changed = [lines for held, lines in self.changed.items() if held == name or held.startswith(f"{name}.")]
        return (
            name in self.unsure
            or self._definitions_full
            or any(line >= after or line <= 0 for found in rows for line, _ in found)
            or any(line >= after or line <= 0 for lines in changed for line in lines)
        )

    def _changed_before(self, name: str, before: int | None) -> bool:
        """Whether the local is changed in place (`x.pop(...)`) after its definition and before a test on line
        `before`, or in a loop that test is in (which comes back to it after the change)."""
        lines = self.changed.get(name)
        if not lines or before is None:
            return bool(lines)
        loop = min((line for line in self.loops if line <= before), default=None)
        return any(line < before or (loop is not None and line >= loop) for line in lines)

    def _given_anew(self, parameter: str, before: int | None) -> bool:
        """Whether a new value the parameter is given on the way to the raise (not a conversion of itself, such as
        `number = int(number)`) may be what a test on line `before` reads: assigned above it, or in a loop the test
        is in, which comes back to the test after its body ran (`while isinstance(output_field, ForeignKey):
        output_field = output_field.target_field`, round 16's card 13)."""
        lines = [line for line, written in self.definitions.get(parameter, []) if not _converts(written, parameter)]
        if not lines or before is None:
            return bool(lines) and before is None
        loop = min((line for line in self.loops if line <= before), default=None)
        return any(line < before or (loop is not None and line >= loop) for line in lines)

    def _parameter(self, name: str, root: str) -> str | None:
        """A parameter of the site's function (or a key or attribute of one) as the entry point's argument."""
        if self.entry is None:
            return None
        argument = self.entry.argument(root)
        if not argument:
            return None
        if root == name:
            return EXTRA_KEYWORDS if argument == KEYWORDS and self._names_keywords() else argument
        key = re.fullmatch(r"\A\w++\[['\"](\w++)['\"]\]", name)
        if key and self.entry.kind == "command":
            # A flag that stores no sign of being given (`--noinput` stores `interactive` false) is no argument either.
            inverted = any(row.get("inverted") and row["name"] == key[1] for row in self.switches)
            return None if inverted else f"the {code(key[1])} argument"
        attribute = name.partition(".")[2]
        if argument.endswith(" argument") and attribute.isidentifier() and not attribute.startswith("_"):
            return f"{argument}'s {code(attribute)}"  # `expression.distinct`: the `expression` argument's
        return None

    def _enclosing_argument(self, name: str) -> str | None:
        """ "the `http_method_names` argument of `api_view()`" for a closure's name bound to the enclosing function's
        argument (rest_framework/decorators.py:16-39, DRF 3.18.3), with the default it fills in for `None` ("(`['GET']`
        where it is `None`)"); None for any other name, and for a chain (`x.y` of an argument no caller is shown)."""
        row = self.enclosing.get(name)
        if row is None or name in self.definitions or name in self.parameters:
            return None
        said = f"the {code(name)} argument of {code(row['function'] + '()')}"
        filled = row.get("filled")
        return f"{said} ({code(str(filled))}{_FILLED}" if isinstance(filled, str) and filled else said

    def _looped(self, name: str, before: int | None) -> str | None:
        """ "one of the items of the `fields` argument" for `field` in `for field in fields:`, when the iterable is
        one the card can say; "" when it cannot (nothing else says the name); None when `name` is not a loop's."""
        defined = self.definition(_root(name), before)
        prefix = next((p for p in _LOOPED if defined and defined.startswith(p)), None)
        if prefix is None or defined is None:
            return None
        iterable = defined.removeprefix(prefix)
        if name != _root(name) or not _CHAIN.fullmatch(iterable):
            return ""
        if prefix == "(an item of) " and (wrapped := self._wrapped(iterable, before)):
            return wrapped
        root = _root(iterable)
        if root not in (*self.parameters, *self.definitions, "self", "cls") and root in _parameters_of(self.evidence):
            # A parameter only the loop reads (`for name in options:` of `**options`): the harvest records the
            # parameters the tests read, not those their names come from.
            said = self._parameter(iterable, root)
        else:
            said = self.replacement(iterable, before)
        if not said or said.startswith(_INLINE) or is_yes_no(said) or own_attributes.is_marked(said):
            return ""
        if said in (KEYWORDS, EXTRA_KEYWORDS) and prefix != "(a value of) ":
            return f"the name of one of the {said}"  # a loop over `**options` walks the arguments' names
        if said in (KEYWORDS, EXTRA_KEYWORDS):
            return f"the value of one of the {said}"
        return f"{_LOOPED[prefix]} {said}"

    def _hook_returns(self, defined: str) -> str:
        """ "the value your `Serializer.validate()` returns" for a local set from `self.validate(...)` where
        `validate` is a hook the user overrides (the harvest's entry point of kind "hook"); "" otherwise."""
        called = _SELF_CALL.fullmatch(defined)
        if called is None:
            return ""
        for row in self.evidence.get("entry_points") or []:
            if not isinstance(row, dict) or row.get("kind") != "hook":
                continue
            function = str(row.get("function") or "")
            if function.rpartition(".")[2] == called[1] and is_public(function):
                return f"the value your {code(function + '()')} returns"
        return ""

    def _own_method_returns(self, defined: str) -> str:
        """ "the value `AdminSite.get_app_list()` returns" for a local whose one definition is a call of a public
        method of the object the raising method runs on (`app_list = self.get_app_list(request, app_label)`,
        django/contrib/admin/sites.py:578): true whatever arguments it was given, and said of the class the raise
        is in, as the object's own method. A hook the user overrides keeps its own wording ("the value your ...").
        "" for any other definition: a private method, a method of another object, a call inside longer code
        (`self.get_source_expressions()[1]`), a class that is not public."""
        call = expression(defined)
        if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute):
            return ""
        receiver, method = call.func.value, call.func.attr
        if not isinstance(receiver, ast.Name) or receiver.id not in self.roots() or receiver.id in self.definitions:
            return ""
        owner = own_attributes.own_class(self.evidence)
        if not owner or method.startswith("_") or f"self.{method}" in self.attributes:
            return ""  # `self.coerce(value)` of `self.coerce = coerce`: a function the object was given, no method
        return self._hook_returns(f"self.{method}()") or f"the value {code(f'{owner}.{method}()')} returns"

    def _meta_option(self, name: str, before: int | None) -> str:
        """ "the `Meta.fields` option of your `ModelSerializer`" for `self.Meta.fields`, or a local set from it
        (`fields = getattr(self.Meta, 'fields', None)`): an option the user declares in the class's inner `Meta`."""
        written = name
        if name in self.definitions and name not in self.parameters:
            written = self.definition(name, before) or ""
        found = _META_OPTION.fullmatch(written)
        if found is None:
            return ""
        recorded = self.evidence.get("function")
        owner = str(recorded.get("class") or "") if isinstance(recorded, dict) else ""
        option = found["attribute"] or found["key"]
        if not owner or not is_public(owner) or not is_public(option):
            return ""
        return f"the {code('Meta.' + option)} option of your {code(owner)}"

    def _read_with_default(self, name: str, before: int | None) -> str | None:
        """A local whose one definition is `getattr(self, 'x', None)` (round 24's card 18: `renderer =
        getattr(self, 'accepted_renderer', None)`): the object's `x`, marked to be said only as set or not set;
        `getattr(self, 'x')` is `self.x`. None when the local is defined otherwise."""
        if name not in self.definitions or name in self.parameters:
            return None
        owner = own_attributes.own_class(self.evidence)
        found = own_attributes.local_read(self.definition(name, before) or "", owner, self.roots())
        if found is None:
            return None
        attribute, default = found
        if default is None:
            return self.replacement(f"self.{attribute}", before)
        return own_attributes.marked(owner, attribute, default)

    def roots(self) -> tuple[str, ...]:
        """The names the object a method runs on goes by: `self`, and a classmethod's `cls`."""
        return ("self", "cls") if self.in_classmethod() else ("self",)

    def _names_keywords(self) -> bool:
        """Whether the entry point is the site's own function and takes named parameters beside its `**kwargs`."""
        recorded = self.evidence.get("function")
        own = str(recorded.get("name") or "") if isinstance(recorded, dict) else ""
        arguments = signature_of(self.evidence)
        if self.entry is None or not self.entry.is_function(own) or arguments is None:
            return False
        named = [a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)]
        return any(name not in ("self", "cls") for name in named)

    def _url_part(self, name: str, before: int | None) -> str:
        argument = self.entry.argument if self.entry is not None else None
        defined = (lambda local: self.definition(local, before)) if name.partition(".")[0] in self.definitions else None
        return url_part(name, defined, argument) if defined and argument else ""

    def _sayable(self, defined: str, name: str) -> bool:
        """Whether a definition can stand for its name before the reader: it reads no `self.` internal the card
        cannot say and no name whose value is ambiguous there (a global, a module's regex, is named as written)."""
        rows = [
            *self.definitions.get(name, []),
            *(row for (local, _), rows in self.at_test.items() if local == name for row in rows),
        ]
        line = max((row for row, written in rows if written == defined), default=None)
        for other in names_in(defined) or []:
            root = _root(other)
            if root == "self" and self._attribute(other) is None:
                return False
            if root != name and root in self.definitions and self.definition(root, line or None) is None:
                return False
        return True

    def _popped(self, name: str, before: int | None) -> str:
        if name not in self.definitions or self.entry is None:
            return ""
        return popped(name, self.definition(name, before) or "", self.entry.argument)

    def _own_attribute(self, name: str) -> str | None:
        """ "the `BaseSerializer`'s `instance`" for `self.instance` read in a method of a public class: a public
        attribute of the object the method runs on, named as the class's (no value said); None for anything else
        (a private attribute, a method, `self.a.b`)."""
        recorded = self.evidence.get("function")
        owner = str(recorded.get("class") or "") if isinstance(recorded, dict) else ""
        attribute = name.removeprefix("self.")
        if not name.startswith("self.") or not attribute.isidentifier() or attribute.startswith("_"):
            return None
        point = self.entry
        if point is not None and attribute in point.fields and name not in self.definitions:
            # A dataclass's field, read in its `__post_init__` before anything sets it again: the argument as given.
            return f"the {code(attribute)} argument of {code(point.function + '()')}"
        if attribute == "Meta":
            return None
        if not owner or not is_public(owner) or not owner.rpartition(".")[2][:1].isupper():
            return None
        return f"the {code(owner.rpartition('.')[2])}'s {code(attribute)}"

    def _own_chain(self, name: str) -> str | None:
        """ "the `Model`'s `_meta.abstract`" for `self._meta.abstract` read in a method of a public class: an
        attribute chain of the object the method runs on, two links or more, ending in a public attribute, named as
        the class's (no value said: whichever subclass the object is, it is its chain); None for anything else."""
        links = name.split(".")
        if links[0] != "self" or len(links) < 3 or not all(link.isidentifier() for link in links[1:]):
            return None
        if links[-1].startswith("_") or links[1] == "Meta":
            return None
        recorded = self.evidence.get("function")
        owner = str(recorded.get("class") or "") if isinstance(recorded, dict) else ""
        if not owner or not is_public(owner) or not owner.rpartition(".")[2][:1].isupper():
            return None
        return f"the {code(owner.rpartition('.')[2])}'s {code('.'.join(links[1:]))}"

    def _chained(self, defined: str, name: str) -> bool:
        """Whether `name` reads an attribute of a local that is only another name for a chain of `self`."""
        root = _root(name)
        return (
            name != root
            and root not in self.parameters
            and _root(defined) == "self"
            and bool(_CHAIN.fullmatch(defined))
        )

    def in_classmethod(self) -> bool:
        """Whether the raising function takes the class first (`(cls)`): its `cls.x` is the class's attribute."""
        recorded = self.evidence.get("function")
        signature = str(recorded.get("signature") or "") if isinstance(recorded, dict) else ""
        return signature.startswith("(cls") and signature[4:5] in (",", ")")

    def _own_class(self) -> str | None:
        """`self.__class__` in a method of a public class: "the `MeasureBase`'s own class" (a `Distance` for a
        `Distance`: whichever subclass the object is, never the base alone); None elsewhere."""
        recorded = self.evidence.get("function")
        owner = str(recorded.get("class") or "") if isinstance(recorded, dict) else ""
        if not owner or not is_public(owner) or not owner.rpartition(".")[2][:1].isupper():
            return None
        return f"the {code(owner.rpartition('.')[2])}'s own class"

    def _attribute(self, name: str) -> str | None:
        chain = ".".join(name.split(".")[:2])
        row = self.attributes.get(chain)
        if row is None or chain != name:
            return None
        owner = str(row.get("class") or "")
        if not row.get("parameter"):
            # A class attribute's literal (`allowed_schemes = ["http", "https", "ftp"]`): the class's, by name.
            value = str(row.get("value") or "")
            if not (value or row.get("varies")) or not is_public(owner) or not owner[:1].isupper():
                return None
            attribute = chain.partition(".")[2]
            if not value and (subclass := self._message_class_sets(attribute)) is not None:
                return subclass  # `UnicodeUsernameValidator.regex`, which words this entry's message
            if not value:  # set again on instances or subclasses: the instance's, no value said
                return f"the {code(owner)}'s {code(attribute)}"
            return f"{code(owner + '.' + attribute)} (by default {code(value)})"
        target = f" of {code(owner + '()')}" if owner and is_public(owner) else ""
        if not target:
            return None
        if (subclass := self._message_class_sets(chain.partition(".")[2])) is not None:
            return subclass
        said = f"the {code(str(row['parameter']))} argument{target}"
        setting = str(row.get("setting") or "")
        return said + (f" {_DEFAULTS_TO}{code(setting)} setting)" if setting.isupper() else "")

    def _message_class_sets(self, attribute: str) -> str | None:
        """The attribute as the subclass whose class attribute words this entry's message sets it itself
        (`UnicodeUsernameValidator.regex`, made with no arguments): not the base constructor's argument (round
        21's card 01); None when no such subclass sets it."""
        recorded = self.evidence.get("message_class")
        if not isinstance(recorded, dict) or not isinstance(sets := recorded.get("sets"), dict):
            return None
        owner, value = str(recorded.get("class") or ""), sets.get(attribute)
        if not isinstance(value, str) or not owner:
            return None
        if value and is_public(owner):
            return f"{code(owner + '.' + attribute)} (by default {code(value)})"
        return f"the {code(owner.rpartition('.')[2])}'s {code(attribute)}"

    def switch(self, name: str) -> str:
        """ "the `--enable-hisparse` flag" when `name` reads a setting, flag or environment variable the harvest
        found declared; else ""."""
        last = name.rpartition(".")[2].strip("'\"[]")
        for row in self.switches:
            if row["name"] != last and f"'{row['name']}'" not in name and f'"{row["name"]}"' not in name:
                continue
            declared = str(row.get("declared") or row["name"])
            kind = row.get("kind")
            if kind == "flag" and row.get("inverted"):
                # `--no-header` stores `include_header` false (`store_false`), `--include-editable` is true by default:
                # "the `--no-header` flag is set" for `if include_header:` would be false (`Declared.inverted`).
                continue
            if kind == "flag":  # a command's positional argument is declared without dashes
                return f"the {code(declared)} {'flag' if declared.startswith('-') else 'argument'}"
            if kind == "env":
                return f"the {code(declared)} environment variable"
            if kind == "setting" and declared.isupper():  # `settings.configured` is no setting
                return f"the {code(declared)} setting"
        return ""

    # --- one condition ---------------------------------------------------------------------------------------

    def condition(self, row: dict, glossed: set[str] | None = None) -> str | None:
        """The condition in the reader's words (Markdown), or None when a name in it cannot be said. `glossed`: what
        the names stand for, said already in the same list (left out here, added to when said)."""
        return self.all_of([row], glossed)

    def all_of(self, rows: list[dict], glossed: set[str] | None = None) -> str | None:
        """Conditions that all hold, joined by "and", with what their names stand for said once after them; None
        when a name in one of them cannot be said. `glossed`: as `condition`'s."""
        texts: list[str] = []
        where: list[str] = []
        for row in rows:
            said = self._said(row)
            if said is None:
                return None
            texts.append(said[0])
            where.extend(gloss for gloss in said[1] if gloss not in where and gloss not in (glossed or ()))
        if glossed is not None:
            glossed.update(where)
        return " and ".join(texts) + aside(where)

    def as_written(self, row: dict) -> str | None:
        """A test the card cannot say whole, said as far as it can: the names it can say in words, the others as
        written, each local among them glossed by its definition as code, a name of the module left as it is ("the
        `data` argument is `empty`",
        rest_framework/fields.py:501, DRF 3.18.3). Kept for a test that must not be folded into "N more checks"
        (round 32's cards 10 and 18). None where the harvest has no words for it, or a name is neither said nor
        defined here (a name the reader could not look up)."""
        written, before = str(row.get("code") or ""), row.get("line") if isinstance(row.get("line"), int) else None
        names = names_in(written) if row.get("sentence") and ":=" not in written else None
        if not names:  # `(extra := self.extra_select.get(f))`: an assignment inside is no test a reader reads
            return None
        replaced: dict[str, str] = {}
        where: list[str] = []
        for name in names:
            said = self.replacement(name, before)
            if said is not None and (unpacked := self.unpacked(name, before)):
                where.append(f"{code(name)} is {unpacked}")  # as written, said after
                continue
            if said and not is_marked(said) and not is_yes_no(said) and not own_attributes.is_marked(said):
                replaced[name] = said
            elif said is None or said.startswith(_INLINE):
                root = _root(name)
                if root not in self.definitions and root not in self.parameters and root not in ("self", "cls"):
                    # A module's class (`models.base.ModelBase`, of which `names_in` gives `models.base`).
                    after = written.find(name + ".")
                    classed = (
                        name != root
                        and after != -1
                        and written[after + len(name) + 1 : after + len(name) + 2].isupper()
                    )
                    if root in self.module_names or root[:1].isupper() or classed or _identity_of(written, root):
                        continue  # the module's (`data is empty`: a sentinel class; a constant; a class): as written
                    return None  # a local the harvest kept no definition of (`m is None`): no reader's name
                defined = self.definition(root, before) if root in self.definitions else None
                if not defined or len(defined) > MAX_DEFINITION or defined.startswith(tuple(_LOOPED)):
                    return None  # a loop's name is said by `glosses`' own words, or not at all
                if "getattr(" in defined or "._" in defined or _PRIVATE_CALL.search(defined):
                    # An attribute that may not be set (`own_attributes` says it, or nothing does); what a private
                    # method returns (`self._get_secret(request)`, django/middleware/csrf.py:356) or a private
                    # attribute holds (`self._str_types.get(type_input)`): no reader's word.
                    return None
                where.append(f"{code(root)} is {code(defined)}")
        words = self._words(row, replaced)
        return words[0] + aside(list(dict.fromkeys(where))) if words else None

    def in_code(self, row: dict) -> str | None:
        """A test in the code's own names, none put in words ("`self.namelist()` does not have exactly 1 item",
        django/core/management/commands/loaddata.py:425): the trigger's last resort where no name can be said. None
        where it reads a name that is neither a local the harvest defined, an argument, nor a builtin, a class or a
        function it calls: a bare local (`m is None`) is never named."""
        written = str(row.get("code") or "")
        for name in names_in(written) or []:
            root = _root(name)
            known = root in ("self", "cls") or any(
                root in names for names in (self.definitions, self.parameters, self.module_names, self.enclosing)
            )
            if not known and root not in _BUILTINS and not root[:1].isupper() and f"{root}(" not in written:
                return None  # a bare local the harvest kept no definition of (`m is None`): never named
            defined = self.definition(root, row.get("line") if isinstance(row.get("line"), int) else None)
            if defined and ("getattr(" in defined or "._" in defined or _PRIVATE_CALL.search(defined)):
                return None  # what a private method returns (`self._get_secret(request)`): as `as_written`, nothing
        words = self._words(row, {})
        return words[0] if words else None

    def said_parts(self, row: dict) -> tuple[list[str], int] | None:
        """An `and` the card cannot say whole, by its parts (the row's `all`): those it can say in the reader's
        words, and how many it cannot (round 20's card 02: "the `unique_fields` argument is not given (or empty)",
        beside a check on the backend's features). None when the row is no such `and` or no part can be said."""
        parts = self.parts(row)
        said = [words for part in parts if (words := self.condition(part))]
        return (said, len(parts) - len(said)) if said else None

    def parts(self, row: dict) -> list[dict]:
        """The parts of an `and` that must hold (the row's `all`), each as a row of its own; [] for any other row."""
        kept = self._parts.get(id(row))
        if kept is None or kept[0] is not row:
            parts = [
                {"kind": row.get("kind"), "line": row.get("line"), "code": part["code"], "sentence": part["sentence"]}
                for part in row.get("all") or []
                if isinstance(part, dict)
                and isinstance(part.get("code"), str)
                and isinstance(part.get("sentence"), str)
            ]
            kept = self._parts[id(row)] = (row, parts)
        return kept[1]

    def _said(self, row: dict) -> tuple[str, list[str]] | None:
        kept = self._said_rows.get(id(row))
        if kept is not None and kept[0] is row:
            return kept[1]
        said = self._say(row)
        through = row.get("read_through")
        if (
            said is None
            and isinstance(through, dict)
            and isinstance(through.get("code"), str)
            and not self._hooked(row)
        ):
            # `not self.is_registered(model)` by what the tree's own function returns (`reading.predicates`).
            said = self._say({**row, "code": through["code"], "sentence": str(through.get("sentence") or "")})
        if said is None and (inherited := self._inherited(row)) is not None:
            said = self._say(inherited)
        self._said_rows[id(row)] = (row, said)
        return said

    def _inherited(self, row: dict) -> dict | None:
        """The row with each `self.m()` a standard-library base defines said by what its docstring says it returns
        (`reading.stdlib_returns`): "the list of file names in the archive that `zipfile.ZipFile.namelist()`
        returns does not have exactly 1 item" (django/core/management/commands/loaddata.py:425, Django 5.2.19). The
        call is then no name to say (`0` stands for it in the code); None where the row reads none."""
        written, words = str(row.get("code") or ""), str(row.get("sentence") or "")
        found = False
        for one in self.evidence.get("inherited") or []:
            call, base, returns = (str(one.get(key) or "") for key in ("call", "base", "returns"))
            if not (call and base and returns) or f"`{call}`" not in words:
                continue
            said = re.sub(r"\A(?:an?) ", "the ", returns)
            method = f"{base}.{call.removeprefix('self.')}"
            words = words.replace(f"`{call}`", f"{said} that {code(method)} returns")
            written, found = written.replace(call, "0"), True
        return {**row, "code": written, "sentence": words} if found else None

    def _made_by(self, written: str) -> str:
        """`self._fields is not None`, where only what `values()` and `values_list()` return has another value than
        its `None` (the harvest's `set_by`): "the `QuerySet` comes from `values()` or `values_list()`" (round 30's
        card 09). Of `is not None` alone: a truth test would be false of an empty value they give (`values()`)."""
        found = _NOT_NONE.fullmatch(written.strip())
        if found is None:
            return ""
        rows = self.evidence.get("set_by")
        row = (
            next(
                (r for r in rows if isinstance(r, dict) and r.get("name") == f"self.{found[1]}"),
                None,
            )
            if isinstance(rows, list)
            else None
        )
        methods = [m for m in (row or {}).get("methods") or [] if isinstance(m, str) and m]
        if row is None or not methods or not isinstance(row.get("class"), str):
            return ""
        return f"the {code(row['class'])} comes from {' or '.join(code(m + '()') for m in methods)}"

    def _read_on(self, written: str) -> str:
        """A descriptor's `__get__(self, instance, owner)` is given `None` as `instance` when the attribute is read
        on the class (`Book.objects`), the object when read on one (`book.objects`): `instance is not None`, in the
        `__get__` the reader's read runs, is said as where they read it. "" for any other test."""
        found = _NONE_TEST.fullmatch(written)
        function = self.evidence.get("function")
        if (
            not found
            or self.entry is None
            or self.entry.kind != "method"
            or not self.entry.function.endswith(".__get__")
            or not isinstance(function, dict)
            or function.get("name") != self.entry.function
            or found[1] in self.definitions
            or (signature := signature_of(self.evidence)) is None
        ):
            return ""
        positional = [argument.arg for argument in (*signature.posonlyargs, *signature.args)]
        if len(positional) < 2 or positional[1] != found[1]:
            return ""
        read = "on an object, not on its class" if found[2] else "on its class, not on an object"
        return f"the attribute is read {read}"

    def _given(self, written: str, before: int | None) -> str:
        """`format is not empty` where the signature's default of `format` is that very name (a sentinel class or
        object, DRF's `empty`), and `kwargs.get("default", NOT_PROVIDED) is not NOT_PROVIDED` of the `**kwargs`: whether
        the caller gave the argument (round 30's cards: "one more check ... on its `format` argument"). "" for any
        other test, or where the function may have given the name anew before it."""
        recorded = self.evidence.get("function")
        own = str(recorded.get("name") or "") if isinstance(recorded, dict) else ""
        if self.entry is None or not self.entry.is_function(own):
            return ""
        if setting := _SETS_DEFAULT.fullmatch(written):
            return self._given_or_default(setting, before)
        found = _SENTINEL_TEST.fullmatch(written)
        if not found:
            return ""
        name, keywords, key, fallback, negated, sentinel = found.groups()
        if sentinel in ("None", "True", "False") or sentinel in self.definitions or sentinel in self.parameters:
            return ""
        verb = "is given" if negated else "is not given"
        if name is not None:
            if (
                _default_of(signature_of(self.evidence), name) != sentinel
                or name in self.filled
                or name in self.changed
                or self._given_anew(name, before)
                or self.entry.argument(name) != f"the {code(name)} argument"
            ):
                return ""
            return f"the {code(name)} argument {verb}"
        if (
            fallback != sentinel
            or self.entry.argument(keywords) != KEYWORDS
            or keywords in self.definitions
            or not self._other_keys_set(keywords, key, before)
        ):
            return ""
        return f"the {code(key)} keyword argument {verb}"

    def _given_or_default(self, setting: re.Match, before: int | None) -> str:
        """`if kwargs.setdefault("editable", False):` (Django's generated.py:19) reads the caller's `editable` when
        given, else the default: "the `editable` keyword argument is given and true"; `not
        kwargs.setdefault("blank", True)`: "... is given and false". "" for a default that is no `True`, `False`
        or `None`, or a `**kwargs` changed otherwise before the test."""
        negated, keywords, key, default = setting.groups()
        if (
            default not in ("True", "False", "None")
            or self.entry is None
            or self.entry.argument(keywords) != KEYWORDS
            or keywords in self.definitions
            or not self._other_keys_set(keywords, key, before)
        ):
            return ""
        true = not negated  # the test holds where the value read is true (else where it is false)
        if (default == "True") == true:  # the default makes the test hold: not given, or given that value
            return f"the {code(key)} keyword argument is {'true' if true else 'false'} or not given"
        return f"the {code(key)} keyword argument is given and {'true' if true else 'false'}"

    def _other_keys_set(self, keywords: str, key: str, before: int | None) -> bool:
        """Whether every change of the `**kwargs` before line `before` is a test that sets another key's default
        (`if kwargs.setdefault("editable", False):`, Django's generated.py:19), which leaves `key` as the caller
        gave it; False where a change is unseen (a `pop`, an assignment: the test no longer reads the caller's)."""
        lines = self.changed.get(keywords) or []
        if before is None:
            return not lines
        loop = min((line for line in self.loops if line <= before), default=None)
        if loop is not None and any(line >= loop for line in lines):
            return False  # changed in a loop the test is in: it may read a value set on an earlier pass
        lines = [line for line in lines if line < before]
        tests = {
            row.get("line"): str(row.get("code") or "")
            for row in self.evidence.get("conditions") or []
            if isinstance(row, dict)
        }
        for line in lines:
            found = _SETS_DEFAULT.fullmatch(tests.get(line, ""))
            if not found or found[2] != keywords or found[3] == key:
                return False
        return True

    def _hooked(self, row: dict) -> bool:
        """Whether the test calls a hook the user overrides (`self.get_allow_future()`): what the library's own
        body returns is then not what decides (`_hook_returns`)."""
        hooks = {
            str(point.get("function") or "").rpartition(".")[2]
            for point in self.evidence.get("entry_points") or []
            if isinstance(point, dict) and point.get("kind") == "hook"
        }
        return any(f"self.{hook}(" in str(row.get("code") or "") for hook in hooks if hook)

    def _say(self, row: dict) -> tuple[str, list[str]] | None:
        written = str(row.get("code") or "")
        before = row.get("line") if isinstance(row.get("line"), int) else None
        if made := self._made_by(written):
            return made, []
        if read_on := self._read_on(written):
            return read_on, []
        if header := header_test(written):  # `"HTTP_ORIGIN" not in request.META`: the header the reader sent
            return header, []
        if given := self._given(written, before):
            return given, []
        if (on_match := self._matched(written, before)) is not None:
            subject, worded = on_match  # `not m` of `m = re.match(...)`: said of what was matched, as its own test
            if (words := self._say({"code": subject, "sentence": worded, "line": before})) is not None:
                return words
        predicates = self._predicates(written, before)
        # `hasattr(self.Meta, 'model')`, `getattr(self, 'scope', None)`: said whole, as what the reader's class set.
        roots = tuple(root for root in self.roots() if root not in self.definitions)
        asked = own_attributes.absent_checks(written, own_attributes.own_class(self.evidence), roots)
        dropped = predicates | {piece: "" for piece, _, _ in asked}
        names = names_in(written) if not dropped else names_in(without(written, dropped))
        if names is None:
            return None
        replaced: dict[str, str] = predicates | {name: mark for _, name, mark in asked}
        raw = str(row.get("sentence") or "") or _plain_sentence(written)
        for name in names:
            # A module's optional import or literal container: said by the template of its kind where the test reads
            # it as one ("`x` is empty or false", "`X` does not contain `y`"); otherwise as any other name.
            templated = self._module_name(name)
            probe = raw.replace(f"`{name}`", _PROBE)
            if templated and (probe == raw or phrased(probe, _PROBE, templated) == UNSAID):
                templated = ""
            said = templated or self.replacement(name, before)
            if said is None and (root := self._argument_inside(name, raw, before)):
                replaced.setdefault(_root(name), root)  # `value._meta.model` inside a call: `value` is said
                continue
            if said is None:
                return None
            if said:
                replaced[name] = said
            if said and " argument's `" in said and f"`{_root(name)}`" in str(row.get("sentence") or ""):
                replaced.setdefault(_root(name), said.rpartition("'s ")[0])  # `expression` beside `expression.x`
        words = self._words(row, replaced)
        if words is None:
            return None
        text, inside = words
        if any(is_marked(replaced[name]) for name in inside):
            return None  # an optional import or a container inside longer code: no template says it there
        unsaid = [name for name in names if not replaced.get(name) or replaced[name].startswith(_INLINE)]
        # "the compiler's query is sliced" of a loop's `compiler`: which compiler is said after it.
        unsaid += [root for chain in predicates if (root := _root(chain)) not in unsaid and self._loops(root)]
        return text, [_is(name, replaced[name]) for name in inside] + self.glosses(unsaid, before)

    def _matched(self, written: str, before: int | None) -> tuple[str, str] | None:
        """A test on a local set by a regular expression's match (`matched.pattern_test`), where `re` is the
        module, not a local or an argument of that name."""
        if "re" in self.definitions or "re" in self.parameters:
            return None
        found = matched.pattern_test(
            written, lambda name: None if name in self.parameters else self.definition(name, before)
        )
        if found is None or before is None:
            return found
        # `m = re.match(p, value)`, then `value = value.strip()` before the test: what was matched is not `value` now.
        local = matched.local_of(written)
        since = max((line for line, _ in self.definitions.get(local or "", []) if line < before), default=before)
        for root in {_root(name) for name in names_in(found[0]) or []}:
            if any(since < line < before for line, _ in self.definitions.get(root, [])):
                return None
        return found

    def _argument_inside(self, name: str, sentence: str, before: int | None) -> str | None:
        """What the argument at the root of a chain the card cannot say (`value._meta`, a private attribute) is,
        when the chain sits inside a longer piece of code the sentence shows as written: the code says the rest
        (round 20's card 04, `check_rel_lookup_compatibility(value._meta.model, opts, field)`,
        django/db/models/sql/query.py:1350, Django 5.2.19). None when the chain is said on its own."""
        root = _root(name)
        if root == name or root not in self.parameters or f"`{name}`" in sentence:
            return None
        said = self.replacement(root, before)
        return said if said and not said.startswith(_INLINE) else None

    def _predicates(self, written: str, before: int | None) -> dict[str, str]:
        """The yes-or-no attributes of `written` said by their names (`phrasing.yes_no_chains`). A local a `for`
        loop binds only where the card can say what the loop walks: "the compiler's query" of `compiler` in `for
        compiler in compilers:` is no compiler the reader knows, and reads as the raising `SQLCompiler`'s own
        (round 17)."""
        recorded = self.evidence.get("function")
        owner = str(recorded.get("class") or "") if isinstance(recorded, dict) else ""
        owner = owner if is_public(owner) else ""
        return yes_no_chains(
            written,
            owner,
            lambda name: (
                name in self.definitions
                and name not in self.parameters
                and (not self._loops(name) or bool(self._looped(name, before)))
            ),
        )

    def _loops(self, name: str) -> bool:
        """Whether a `for` loop binds the local `name` (on any of its assignments)."""
        return any(written.startswith(tuple(_LOOPED)) for _, written in self.definitions.get(name, []))

    def _words(self, row: dict, replaced: dict[str, str]) -> tuple[str, list[str]] | None:
        """The harvest's sentence with each name the card can say replaced by what it is, and the names that stay
        inside a longer piece of code (said in the "where" part instead)."""
        written = str(row.get("code") or "")
        raw = str(row.get("sentence") or "") or _plain_sentence(written)
        parts = raw.split("`")
        # Words only a template says: a yes-or-no attribute, an attribute that may not be set.
        yes_no = {name for name, said in replaced.items() if is_yes_no(said) or own_attributes.is_marked(said)}
        if not raw or len(parts) % 2 == 0:
            if yes_no:
                return None
            # Not the shape harvest writes (a backtick inside a literal): the test as code, each name said apart.
            return f"{code(written)} holds", list(replaced)
        tokens: dict[str, str] = {}
        named: dict[str, str] = {}  # token -> the name it replaces
        used: set[str] = set()
        for index in range(1, len(parts), 2):
            if parts[index] in replaced:
                token = _TOKEN.format(len(tokens))
                tokens[token] = replaced[parts[index]]
                named[token] = parts[index]
                used.add(parts[index])
                parts[index] = "\x00" + token + "\x00"
        text = sentence("`".join(parts).replace("`\x00", "").replace("\x00`", ""))
        for token, said in tokens.items():
            said = said.removeprefix(_INLINE)
            # "is true" of an argument or a flag is the harvest's word for a value that is set.
            given = "set" if said.endswith(" flag") or " option of your " in said else "given"
            special = own_attributes.phrased(text, token, said) or phrased(text, token, said)
            if special == UNSAID:
                return None  # a yes-or-no attribute compared, or read another way: not one the card can say
            if special:
                text = special
            elif named.get(token) in self.numbers():  # an int: "0", not "empty" (round 32's card 07)
                text = _numbered(text, token)
            elif _DEFAULTS_TO in said:  # not given, it is the setting: "empty" is all the card can say
                text = text.replace(f"{token} is true", f"{token} is set").replace(
                    f"{token} is empty or false", f"{token} is empty"
                )
            elif given == "given" and (truth := self._truth(_parameter(said, named.get(token, "")))) is not None:
                text = text.replace(f"{token} is true", f"{token} {truth[0]}").replace(
                    f"{token} is empty or false", f"{token} {truth[1]}"
                )
            elif said.endswith((" argument", " flag")) or " argument of " in said or " option of your " in said:
                unset = f"{token} is not {given}" + (" (or empty)" if given == "given" else "")
                text = text.replace(f"{token} is true", f"{token} is {given}").replace(
                    f"{token} is empty or false", unset
                )
            text = text.replace(token, said)
        for name in self.numbers() - used:  # a local said in the "where" part, or not at all
            text = _numbered(text, code(name))
        # The harvest's sentence already says "the setting `X`" where the code reads `settings.X`.
        used |= {name for name in replaced if name.startswith("settings.") and f"the setting `{name[9:]}`" in raw}
        if yes_no - used:
            return None
        # A yes-or-no name (`supports_over_clause`, `is_proxy`) is false, not "empty or false".
        text = _YES_NO_EMPTY.sub(r"\1 is false", text)
        return text, [name for name in replaced if name not in used]

    def numbers(self) -> frozenset[str]:
        """The names that hold a number wherever the raise's conditions read them: a name compared with an integer by
        `<`, `>`, `<=` or `>=` in a condition that holds at the raise, where the comparison surely ran (the whole
        test, each part of an `and`, the first of an `or`): a parameter never assigned, a local assigned once. Ordering
        against a number raises `TypeError` on `None`, a string or a list, so its truth is whether it is 0
        (django/contrib/gis/geos/point.py:63-67, Django 5.2.19: `if not ndim: return ...`, then `ndim < 2`)."""
        if self._numeric is None:
            found: set[str] = set()
            for row in self.evidence.get("conditions") or []:
                written = str(row.get("code") or "") if isinstance(row, dict) else ""
                if ("<" in written or ">" in written) and (tree := expression(written)) is not None:
                    found.update(_ordered(tree))
            # A parameter given a new value (`x = int(x)`) may be another type where its truth is tested.
            self._numeric = frozenset(
                name for name in found if len(self.definitions.get(name, [])) == (name not in self.parameters)
            )
        return self._numeric

    def _truth(self, name: str) -> tuple[str, str] | None:
        """How a truth test on the site's own parameter reads, by its default, when the card's entry point is the
        site's function: ("is true", "is false") for a yes-or-no default (`ipv4=True`: "`ipv4` is false", never
        "not given"); ("is not empty", "is empty") with no default (always given) or a default that is not empty;
        ("is given and not empty", "is not given (or empty)") for `None`. None: the wording as before."""
        if (row := self.attributes.get(name)) is not None and "default" in row and row.get("parameter"):
            return _attribute_truth(str(row["default"]))
        if name in self.filled:
            return None  # `if x is None: x = ...` above: "not given" is no longer what a false `x` means
        if (outer := self.enclosing.get(name)) is not None and name not in (*self.parameters, *self.definitions):
            return _enclosing_truth(outer)
        defaults = self.evidence.get("defaults")
        recorded = self.evidence.get("function")
        own = str(recorded.get("name") or "") if isinstance(recorded, dict) else ""
        if self.entry is None:
            return None
        if not self.entry.is_function(own):
            # Handed on from the entry point's own argument: its default decides ("`full_document` is true (the
            # default)" of `unparse(..., full_document=True)`); none known, the wording as before.
            handed = self.entry.arguments.get(name)
            default = self.entry.defaults.get(handed) if handed else None
            return _handed_truth(default) if default is not None else None
        if not isinstance(defaults, dict) or name not in defaults:
            # A parameter without a default is always given: "not given" would be false (`DataSource(ds_input)`).
            return ("is not empty", "is empty") if _required(signature_of(self.evidence), name) else None
        default = str(defaults[name])
        if default in ("True", "False"):
            return "is true", "is false"
        if default == "None":
            return "is given and not empty", "is not given (or empty)"
        try:
            value = ast.literal_eval(default) if default else None
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return None
        if default and not value:
            # An empty default (`opclasses=()`): "given" alone is not enough, `Index(opclasses=[])` passes (round 37's
            # card 13); "not given (or empty)" is right.
            return "is given and not empty", "is not given (or empty)"
        return "is not empty", "is empty"

    def glosses(self, names: list[str], before: int | None = None) -> list[str]:
        """ "`x` is …" for what the names of a test read through their definitions, a few steps: a local by its
        own definition, an argument, setting or flag by what it is. A name no one can say is left out."""
        said: list[str] = []
        seen: set[str] = set()
        queue = [(name, before) for name in names]
        while queue and len(said) < 4:
            name, line = queue.pop(0)
            root = _root(name)
            if name in seen:
                continue
            seen.add(name)
            defined = self.definition(root, line) if root in self.definitions else ""
            if defined is None and name == root and (unpacked := self.unpacked(root, line)):
                if len(root) > SHORT_NAME or name not in names:  # else said in its place (`replacement`)
                    said.append(f"{code(root)} is {unpacked}")
                bound = self._reaching(root, line)[0][0]  # what the call's receiver was there (`parser.parse()`)
                queue.extend(
                    (other, bound) for other in names_in(_call_shown(self._unpacked_rows[root, bound][0])) or []
                )
                continue
            if defined and defined.startswith(tuple(_LOOPED)):
                if looped := self._looped(root, line):  # `field` is one of the items of the `fields` argument
                    said.append(f"{code(root)} is {looped}")
                continue
            if defined and root in self.parameters and _converts(defined, root):
                defined = ""  # the argument, converted: said as the argument
            elif defined and _rebuilt(defined, root):
                # `app_labels = set(app_labels)`: "`app_labels` is `set(app_labels)`" glosses the name by itself
                # (round 29's card 16, django/core/management/commands/makemigrations.py:127, Django 5.2.19).
                continue
            if defined and not self._sayable(defined, root):
                continue
            if not defined:
                shown = self.replacement(name, line) if name not in names else None
                if shown and not shown.startswith(_INLINE) and not own_attributes.is_marked(shown):
                    said.append(_is(name, shown))  # an argument or a switch met in a definition
                continue
            if header := request_header(defined):  # `request.META.get('HTTP_REFERER')`: the header the reader sent
                said.append(f"{code(root)} is {header}")
                continue
            if len(defined) > MAX_DEFINITION:
                continue
            if name == root and (alias := self._alias(defined, line)):
                # `username = options['username']`: "`username` is the `username` argument", once, not a chain the
                # reader resolves by hand ("`username` is `options['username']`; `options['username']` is ...").
                said.append(_is(root, alias))
                continue
            if name != root or len(root) > SHORT_NAME or len(defined) > MAX_INLINE or name not in names:
                said.append(f"{code(root)} is {code(defined)}")
            reached = [row for row, code_ in self._reaching(root, line) if code_ == defined]
            queue.extend((other, reached[0] if reached else line) for other in names_in(defined) or [])
        return said


_NONE_TEST = re.compile(r"(?<![\w.])([A-Za-z_]\w*+) is (not )?None")  # `instance is not None`, said whole
# How a name the test reads is said when it is (or holds) the site function's parameter: "the `ds_input` argument".
_ARGUMENT_SAID = re.compile(r"\Athe `(\w++)` argument\Z")


_ORDERINGS = (ast.Lt, ast.Gt, ast.LtE, ast.GtE)
_PRIVATE_CALL = re.compile(r"(?<![\w])_[A-Za-z]\w*+\(")  # `self._get_secret(`, `_check(`: a private call


def _ordered(test: ast.expr, held: bool = True) -> Iterator[str]:
    """The names `test` orders against an integer where it surely ran when `test` holds (`held`), or only ran:
    `ndim < 2 or ndim > 3` gives `ndim` (its first part ran; the second maybe not); of `(start and start < 0) or
    ...`, the `and` ran but may not hold, so only its `start` surely ran (django/db/backends/base/operations.py:766)."""
    if isinstance(test, ast.BoolOp):
        every = held and isinstance(test.op, ast.And)
        for value in test.values if every else test.values[:1]:
            yield from _ordered(value, held=every)
    elif isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], _ORDERINGS):
        for name, other in ((test.left, test.comparators[0]), (test.comparators[0], test.left)):
            if isinstance(name, ast.Name) and isinstance(other, ast.Constant) and type(other.value) is int:
                yield name.id


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_LITERAL_ITEMS = (ast.List, ast.Tuple, ast.Set)


def _call_shown(call: str) -> str:
    """A call as a gloss shows it: its function, then its leading positional arguments while they are literals
    (`popen_wrapper(['xgettext', '--version'], ...)`), the rest as `...`: what the result is made from, not names
    the card would have to say in turn. "" where it is no call, or longer than `MAX_INLINE` even so."""
    tree = expression(call)
    if not isinstance(tree, ast.Call):
        return ""
    shown: list[str] = []
    for argument in tree.args:
        items = argument.elts if isinstance(argument, _LITERAL_ITEMS) else [argument]
        if not all(isinstance(item, ast.Constant) for item in items):
            break
        shown.append(unparse(argument))
    if len(shown) < len(tree.args) or tree.keywords:
        shown.append("...")
    written = f"{unparse(tree.func)}({', '.join(shown)})"
    return written if len(written) <= MAX_INLINE else f"{unparse(tree.func)}(...)"


def _numbered(text: str, token: str) -> str:
    """The harvest's truth words on a number said as whether it is 0."""
    return text.replace(f"{token} is true", f"{token} is not 0").replace(f"{token} is empty or false", f"{token} is 0")


def _parameter(said: str, name: str) -> str:
    """The parameter a name of the test stands for: itself, or the one a local is bound to (`ds = ds_input`)."""
    return match[1] if (match := _ARGUMENT_SAID.match(said)) else name


def _default_of(arguments: ast.arguments | None, name: str) -> str:
    """The name a parameter of the recorded signature defaults to (`format=empty`: "empty"); "" for any other."""
    if arguments is None:
        return ""
    positional = [*arguments.posonlyargs, *arguments.args]
    pairs = [*zip(positional[len(positional) - len(arguments.defaults) :], arguments.defaults, strict=True)]
    pairs += [(a, d) for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True) if d is not None]
    return next((d.id for a, d in pairs if a.arg == name and isinstance(d, ast.Name)), "")


def _defaults_of(row: dict) -> dict[str, str]:
    given = row.get("defaults")
    if not isinstance(given, dict):
        return {}
    return {str(k): v for k, v in given.items() if isinstance(v, str)}


def _required(arguments: ast.arguments | None, name: str) -> bool:
    """Whether `name` is a parameter of the recorded signature that has no default (a caller always gives it)."""
    if arguments is None:
        return False
    positional = [*arguments.posonlyargs, *arguments.args]
    required = {a.arg for a in positional[: len(positional) - len(arguments.defaults)]}
    required |= {a.arg for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True) if d is None}
    return name in required


def _enclosing_truth(row: dict) -> tuple[str, str] | None:
    """`Reader._truth` of an enclosing function's argument (`reading.enclosing`), by its default: `if
    raise_exception:` of `permission_required(perm, login_url=None, raise_exception=False)` is "is true", never "is
    given" (django/contrib/auth/decorators.py:96-117, Django 5.2.19). None where a default fills in `None`; "given and
    not empty" for another empty default."""
    if row.get("filled"):
        return None
    default = row.get("default")
    if not isinstance(default, str):
        return "is not empty", "is empty"  # no default: always given
    if default in ("True", "False"):
        return "is true", "is false"
    if default == "None":
        return "is given and not empty", "is not given (or empty)"
    try:
        value = ast.literal_eval(default)
    except (ValueError, SyntaxError, MemoryError, RecursionError, TypeError):
        return None
    return ("is given and not empty", "is not given (or empty)") if not value else ("is not empty", "is empty")


def _handed_truth(default: str) -> tuple[str, str] | None:
    """`Reader._truth` of an argument the entry point hands on, by the entry point's own default ("" for none: it
    is always given). None where it is not a constant."""
    if not default:
        return "is not empty", "is empty"
    if default in ("True", "False", "None"):
        return _attribute_truth(default)
    try:
        value = ast.literal_eval(default)
    except (ValueError, SyntaxError, MemoryError, RecursionError, TypeError):
        return None
    return ("is not empty", "is empty") if value else ("is given and not empty", "is not given (or empty)")


def _attribute_truth(default: str) -> tuple[str, str] | None:
    """A truth test on `self.x`, stored as the constructor's `x` was passed: by the parameter's default, which a
    caller who passes nothing gets ("`detailed_validation` … is true (the default)"). None: the wording as before."""
    if default == "True":
        return "is true (the default)", "is false"
    if default == "False":
        return "is true", "is false (the default)"
    if default == "None":
        return "is given and not empty", "is not given (or empty)"
    return None


_FILLED = " where it is `None`)"  # the end of `Reader._filled`'s default, after the argument


def without_default(said: str) -> str:
    """An argument said with the default filled in where it is None (`Reader._filled`), as the argument alone:
    "the `locations` argument" (what a caller gives)."""
    head, parenthesis, _ = said.partition(" argument (")
    return f"{head} argument" if parenthesis and said.endswith(_FILLED) else said


def plain_said(said: str) -> str:
    """A replacement as Markdown (without the mark of a local said by its definition, or of an attribute)."""
    return own_attributes.shown(said.removeprefix(_INLINE))


def _is(name: str, said: str) -> str:
    """ "`x` is the `y` argument"; "`x` is an argument" rather than "`x` is the `x` argument"."""
    said = plain_said(said)
    if said in (POSITIONALS, KEYWORDS, EXTRA_KEYWORDS):
        return f"{code(name)} holds the {said}"
    if is_positionals(said):  # "`classes` holds the positional arguments after `converter`"
        return f"{code(name)} holds the {said.partition('(')[2].removesuffix(')')}"
    if said == f"the {code(name)} argument":
        return f"{code(name)}{ARGUMENT_GLOSS}"
    root, dot, attribute = name.partition(".")
    if dot and said == f"the {code(root)} argument's {code(attribute)}":
        # "`connection.features` is the `connection` argument's `features`" restates the name (round 27's card
        # 01): what it tells is only that `connection` is an argument.
        return f"{code(root)}{ARGUMENT_GLOSS}"
    return f"{code(name)} is {said}"


def _converts(defined: str, name: str) -> bool:
    """`int(number)` for `number`: the argument itself, converted; still what the reader passed."""
    return _called_on(defined, name, _CONVERTERS)


def _rebuilt(defined: str, name: str) -> bool:
    """`set(x)`, `list(x)`, `str(x)` for `x`: the name made again from itself by a builtin, which says nothing of
    what it holds."""
    return _called_on(defined, name, _REBUILDERS)


_CONVERTERS = frozenset({"int", "float", "str"})
_REBUILDERS = frozenset({"set", "frozenset", "list", "tuple", "sorted", "dict", "str", "int", "float", "bool"})


def _called_on(defined: str, name: str, builtins: frozenset[str]) -> bool:
    r"""Whether `defined` is `f( name )` for an `f` of `builtins`, spaces allowed inside the brackets: what
    `re.fullmatch(rf"(?:f|g)\(\s*{re.escape(name)}\s*\)", defined)` says, without a pattern compiled for each
    name (a harvest asks for hundreds of names, each a miss of `re`'s cache)."""
    function, bracket, rest = defined.partition("(")
    if not bracket or function not in builtins or not rest.endswith(")"):
        return False
    if name != name.strip():  # a name with spaces around it: the pattern's own reading
        pattern = rf"(?:{'|'.join(sorted(builtins))})\(\s*{re.escape(name)}\s*\)"
        return re.fullmatch(pattern, defined) is not None
    return rest[:-1].strip() == name


def _plain_sentence(written: str) -> str:
    """The harvest's sentence of a bare test, where it wrote none: "`x` is true", "`x` is empty or false"."""
    negated = written.startswith("not ")
    name = written.removeprefix("not ").strip()
    if names_in(name) != [name]:
        return ""
    return f"`{name}` is empty or false" if negated else f"`{name}` is true"


def reader_of(evidence: dict, entry: EntryPoint | None) -> Reader:
    """The site's reader for `entry`: while one card is written (`reading_once`), the same one for every section
    that asks with the same evidence and entry point (what it has said is kept); else a new one."""
    if _readers is None:
        return Reader(evidence, entry)
    kept = _readers.setdefault(id(evidence), [])  # each kept with its evidence: that id is no other's meanwhile
    for _, known, reader in kept:
        if known == entry:
            return reader
    reader = Reader(evidence, entry)
    kept.append((evidence, entry, reader))
    return reader


def _once(
    kept: dict[tuple[str, int | None], str | None],
    read: Callable[[str, int | None], str | None],
    name: str,
    before: int | None,
) -> str | None:
    """`read(name, before)`, kept in `kept`: a reader's answer about a name at a line is the same however often a
    card's sections ask (its evidence and entry point do not change while it lives)."""
    key = (name, before)
    if key not in kept:
        kept[key] = read(name, before)
    return kept[key]


def _root(name: str) -> str:
    """What a chain reads first: `self` of `self.port`, `options` of `options['x']` (asked 60,000 times a harvest:
    two `str.partition`s, not a regular expression)."""
    return name.partition(".")[0].partition("[")[0]


@lru_cache(maxsize=8192)
def _names(written: str) -> tuple[str, ...] | None:
    tree = expression(written)
    if tree is None:
        return None
    nodes = list(walk(tree))  # walked once, read three times: the walk is most of the cost
    bound: set[str] = set()  # a comprehension's or a lambda's own names
    for node in nodes:
        if isinstance(node, ast.comprehension):
            bound |= {n.id for n in walk(node.target) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
    called = {id(node.func) for node in nodes if isinstance(node, ast.Call)}
    found: list[str] = []
    for node in nodes:
        if id(node) in called:
            continue
        chain = _chain(node)
        if chain is None:
            continue
        if _root(chain) in bound:
            continue
        if chain not in found:
            found.append(chain)
    # The longest chains only: `self.port` stands for `self`, `options['x']` for `options`.
    return tuple(name for name in found if not any(other.startswith((name + ".", name + "[")) for other in found))


def names_in(written: str) -> list[str] | None:
    """The names a condition reads, as chains a reader can be told about (`self.port`, `settings.DEBUG`,
    `options['addrport']`, `m`); None when it does not parse."""
    if not written or len(written) > MAX_CODE:
        return None
    found = _names(written)
    return None if found is None else list(found)


def _chain(node: ast.AST) -> str | None:
    """`a`, `a.b` (two parts at most: `self.x.y` reads `self.x`), `a['key']`; None for any other node."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{node.value.id}.{node.attr}"
    if (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and isinstance(node.slice, ast.Constant)
        and isinstance(node.slice.value, str)
    ):
        return f"{node.value.id}[{node.slice.value!r}]"
    return None


def _identity_of(written: str, name: str) -> bool:
    """Whether `written` tests something's identity against the bare `name` (`data is empty`, `x is not
    NOT_PROVIDED`): a marker of the module, never the subject a local would be."""
    for lead in (" is not ", " is "):
        start = written.find(lead + name)
        while start != -1:
            end = start + len(lead) + len(name)
            if end == len(written) or not (written[end].isalnum() or written[end] in "_."):
                return True
            start = written.find(lead + name, start + 1)
    return False

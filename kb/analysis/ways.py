"""Two claims about a recorded way in that real names can still make false (issue 29, round 18's false claims 1 and
7), checked against what the code does in order (`kb.analysis.guards`):

- a value a way in cannot hand on: "the test client's `ClientMixin.alogin()` ... reaches the warning only if the
  user it passes on is `None`", where `ClientMixin.alogin` calls `self._alogin(user)` only under `if user:`. A
  sentence naming a recorded way in and giving a parameter of the raising function a state (None, false, empty,
  missing: "`user` is `None`", "an empty `user`") is contradicted when every way in it names hands that parameter
  on, at some step, only under a test of the name handed on that rules the state out (`if name:`, `if name is not
  None:`, an earlier `if not name: return`, `name.attr = ...` above the call, which fails on None);
- a way in that does not always get there: "It is called by `BaseUniqueForValidator.__call__()`, i.e. whenever
  such a validator runs", where `__call__` first calls `self.enforce_required_fields(attrs)`, which raises. A clause
  saying "whenever", "always" or "every time" of a recorded way in is contradicted when every recorded way from it
  may leave first: a call on the way made only under an `if` (or in a loop), a `return` or `raise` above it, a
  call above it of a function of the same class or module that raises, or an exit the harvest recorded
  ("exits_before").

A sentence that negates or hedges ("not", "unless", "first", "before") is left alone, and so is one that also names
the raising function as a way in itself. Every pattern is linear; what a step's code says is read once."""

import ast
import re
from collections.abc import Callable
from typing import Any

from kb.analysis import guards
from kb.analysis.facts import HEDGES, SPAN
from kb.analysis.functions import Body, Functions
from kb.analysis.hostile import backtick_spans
from kb.analysis.routes import Reach, Way, chain_of, same_function

# The words that give a value a state, and those that say a state of what comes before them ("`user` is `None`").
STATES = {"None": guards.NONE, "missing": guards.NONE, "omitted": guards.NONE}
STATES |= {word: guards.FALSY for word in ("False", "false", "falsy", "empty")}
COPULAS = frozenset({"is", "are", "was", "were", "be", "being", "equal", "equals", "to", "as"})
SAID_BEFORE = 7  # words between a name and "is `None`": "the user they pass on is `None`"
# Words that say the value is stopped, or the way left, before the raise: such a sentence may well be true.
STOPPED = re.compile(r"(?i)\b(?:before|first|fails?|failing|earlier|stops?|guards?|checks?|excludes?|skips?)\b")
EVERY_TIME = re.compile(
    r"(?i)\b(?:whenever|always|every[ \t]++time|each[ \t]++time|any[ \t]++time|on[ \t]++every[ \t]++call)\b"
)
CONDITIONAL = re.compile(
    r"(?i)\b(?:after|once|provided|as[ \t]++long[ \t]++as|pass(?:es|ed)?|succeeds?|first|earlier|before|only|checks?)\b"
)
CLAUSE = re.compile(r";")
WORD = re.compile(r"[A-Za-z_]\w*+")
MOST_CALLS = 16  # calls of the next function on the way read in one caller
MOST_FILES = 8  # files defining a step's name read to find it when the evidence does not say where it is


def contradiction(text: str, reach: Reach, functions: Functions) -> str:
    """Why a sentence's claim about a way in is false ("`A` calls `B` only under `if user:`"), or ""."""
    if "`" not in text or not reach.ways:
        return ""
    return cannot_pass(text, reach, functions) or not_always(text, reach, functions)


def cannot_pass(text: str, reach: Reach, functions: Functions) -> str:
    """A state of a parameter claimed for ways in that hand it on only where the state is ruled out."""
    prose = SPAN.sub(" ", text)
    if HEDGES.search(prose) or STOPPED.search(prose):
        return ""
    said = _states_said(text)
    starts, direct = _starts(text, reach) if said else ({}, False)
    if not starts or direct:
        return ""
    first = ""
    for way in dict.fromkeys(way for ways in starts.values() for way in ways):
        why = _never_hands(way, said, functions)
        if not why:
            return ""
        first = first or why
    return first


def not_always(text: str, reach: Reach, functions: Functions) -> str:
    """A way in said to get there "whenever" or "always", whose every recorded way may leave before the raise."""
    for clause in CLAUSE.split(text):
        prose = SPAN.sub(" ", clause)
        if "`" not in clause or not EVERY_TIME.search(prose) or HEDGES.search(prose) or CONDITIONAL.search(prose):
            continue
        for ways in _starts(clause, reach)[0].values():
            whys = [_leaves_first(way, functions) for way in ways]
            if whys and all(whys):
                return whys[0]
    return ""


def _starts(text: str, reach: Reach) -> tuple[dict[tuple[str, ...], list[Way]], bool]:
    """The ways in a sentence names by their first function, each name with the ways it means (a name that is a
    later step of one of them is a step, not a way in), and whether it names a raising function as a way in."""
    named = dict.fromkeys(tuple(name) for start, end in backtick_spans(text) for name in chain_of(text, start, end))
    best: dict[tuple[str, ...], tuple[int, list[Way]]] = {}
    raising: dict[tuple[str, ...], int] = {}
    for name in named:
        own = max((_agree(name, function) for function in reach.raising if function), default=0)
        score = max((_agree(name, way.steps[0]) for way in reach.ways), default=0)
        if score > own:
            best[name] = (score, [way for way in reach.ways if _agree(name, way.steps[0]) == score])
        elif own:
            raising[name] = own
    used = {way for _, ways in best.values() for way in ways}

    def step(name: tuple[str, ...], score: int) -> bool:
        return any(_agree(name, function) >= score for way in used for function in way.steps[1:])

    starts = {name: ways for name, (score, ways) in best.items() if not step(name, score)}
    return starts, any(not step(name, own) for name, own in raising.items())


def _agree(claimed: tuple[str, ...], recorded: str) -> int:
    """How many parts of a claimed dotted name agree with a recorded qualified one, from the right (0: none, or
    they differ)."""
    return min(len(claimed), recorded.count(".") + 1) if same_function(list(claimed), recorded) else 0


def _states_said(text: str) -> dict[str, set[str]]:
    """The states a sentence gives the words it says them of: "an empty `user`", "`user` is `None`", "the user
    they pass on is `None`", "`user=None`"."""
    words = WORD.findall(text)
    said: dict[str, set[str]] = {}
    for at, word in enumerate(words):
        if (state := STATES.get(word)) is None:
            continue
        before = words[max(0, at - 1 - SAID_BEFORE) : at - 1] if at and words[at - 1] in COPULAS else words[at - 1 : at]
        for named in (*words[at + 1 : at + 3], *before):
            said.setdefault(named, set()).add(state)
    return said


def _never_hands(way: Way, said: dict[str, set[str]], functions: Functions) -> str:
    """Why the way cannot hand on to the raising function any of its parameters in the state the sentence says
    of it, or "" when it can (or the code cannot tell)."""
    raising = _once(functions, _body, way.steps[-1], way.site_path)
    if raising is None:
        return ""
    claims = [(name, state) for name in raising.params if name not in ("self", "cls") for state in said.get(name, ())]
    first = ""
    for parameter, state in sorted(claims):
        why = _ruled_out_on_the_way(way, parameter, state, functions)
        if not why:
            return ""
        first = first or why
    return first


def _ruled_out_on_the_way(way: Way, parameter: str, state: str, functions: Functions) -> str:
    """Walks the way up from the raising function, following the name each caller hands on, to a step whose call
    rules out the state; "" when none does or the code cannot tell."""
    name = parameter
    for at in range(len(way.steps) - 1, 0, -1):
        near = (way.start_path, way.site_path)
        caller = _once(functions, _body, way.steps[at - 1], way.start_path if at == 1 else "", near)
        callee = _once(functions, _body, way.steps[at], way.site_path if at == len(way.steps) - 1 else "", near)
        if caller is None or callee is None:
            return ""
        kind, said = _once(functions, _hands, caller, callee, name, state)
        if kind != "parameter":
            return said
        name = said
    return ""


def _hands(functions: Functions, caller: Body, callee: Body, name: str, state: str) -> tuple[str, str]:
    """("ruled", why) when every call of the callee in the caller hands `name` on only where `state` is ruled out;
    ("parameter", its name) when a call hands on a parameter of the caller unchecked; ("", "") otherwise."""
    node = functions.node(caller)
    calls = guards.calls_of(node, callee.name) if node is not None else []
    if node is None or not calls or len(calls) > MOST_CALLS:
        return "", ""  # each call's guards are read from the top of its function: a hostile one is not read
    ruled, handed = "", set()
    for call, frames in calls:
        given = guards.handed(call, callee.params, callee.bound, name)
        if not isinstance(given, ast.Name):
            return "", ""
        if why := guards.ruled_out(frames, given.id, state):
            ruled = ruled or f"`{caller.qualname}` calls `{callee.qualname}` only {why}"
        elif given.id in caller.params and not any(guards.binds(statement, given.id) for statement in node.body):
            handed.add(given.id)
        else:
            return "", ""
    if handed:
        return ("parameter", handed.pop()) if len(handed) == 1 else ("", "")
    return "ruled", ruled


def _leaves_first(way: Way, functions: Functions) -> str:
    """Why a way in may leave before it reaches the raising function, or ""."""
    for at in range(len(way.steps) - 1):
        near = (way.start_path, way.site_path)
        caller = _once(functions, _body, way.steps[at], way.start_path if at == 0 else "", near)
        if caller is None:
            continue
        callee = way.steps[at + 1].rpartition(".")[2]
        if why := _once(functions, _exit_before, caller, callee):
            return why
    if way.exits_before:
        return f"`{way.steps[0]}` may exit before it reaches `{way.steps[-1]}`"
    return ""


def _exit_before(functions: Functions, caller: Body, callee: str) -> str:
    """Why the caller may not call `callee` on every run: no call of it is on every way through the caller (one
    sits under an `if`, in a loop, a `case` or an `except` handler), a `return` or `raise` is above the first, or
    a call above it of a function of the caller's class (`self.check()`) or module (`check()`) in its file that
    raises."""
    node = functions.node(caller)
    calls = guards.calls_of(node, callee) if node is not None else []
    if node is None or not calls:
        return ""
    if not guards.always_calls(node, callee):
        where = guards.conditional(calls[0][1]) or "on some of its runs"
        return f"`{caller.qualname}` calls `{callee}` only {where}"
    exits, above = guards.exits_above(node, calls[0][0].lineno)
    if exits:
        kind = type(exits[0]).__name__.lower()
        return f"`{caller.qualname}` may {kind} at line {exits[0].lineno} before it calls `{callee}`"
    for call in above:
        func = call.func
        mine = isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in ("self", "cls")
        owner = caller.owner if mine else "" if isinstance(func, ast.Name) else None
        name = guards.last_name(func)
        if owner is not None and any(
            body.raises and body.name == name and body.owner == owner for body in functions.in_file(caller.path)
        ):
            said = " ".join(ast.unparse(call).split())[: guards.LONGEST_SAID]
            return f"`{caller.qualname}` first calls `{said}`, which may raise, before it calls `{callee}`"
    return ""


def _body(functions: Functions, qualname: str, path: str, near: tuple[str, ...] = ()) -> Body | None:
    """The one definition of a qualified name in `path` (the harvest's), else in the files `near` it on the way,
    else in the tree when few files define its name; None when there is none or several."""
    name = qualname.rpartition(".")[2]
    files = functions.files.get(name, set())

    def found_in(places: set[str]) -> list[Body]:
        return [body for body in functions.defined_in(name, places) if body.qualname == qualname]

    if path:
        found = found_in({file for file in files if _same_file(file, path)})
    else:
        found = found_in({file for file in files if any(_same_file(file, place) for place in near if place)})
        if not found and len(files) <= MOST_FILES:
            found = found_in(files)
    return found[0] if len(found) == 1 else None


def _same_file(indexed: str, recorded: str) -> bool:
    """A tree's relative path and the harvest's (which may carry the repository's prefix: `django/test/client.py`
    for `test/client.py`)."""
    return indexed == recorded or recorded.endswith("/" + indexed) or indexed.endswith("/" + recorded)


def _once(functions: Functions, read: Callable[..., Any], *args: Any) -> Any:
    """What a step's code says, `read(functions, *args)`, read once per index (a hostile answer repeats itself)."""
    key = (read.__name__, *args)
    if key not in functions.read_once:
        functions.read_once[key] = read(functions, *args)
    return functions.read_once[key]

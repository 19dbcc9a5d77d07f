"""Call routes a sentence claims, checked against the code (issue 29): "`A()` calls `B()`", "`A()` calls `B()`, which
raises it", "`A` -> `B` -> `C`" (also inside one span), "from `A()` to `B()`", "`B`, called from `A`".

A pair holds when the site's evidence records it (its callers and entry points, at any distance), or when some
definition of `A` in the tree names `B`, itself or through a method of its own class (a function of its module) it
names or runs implicitly: `len(clone)` in `QuerySet.get` runs `QuerySet.__len__`, which calls `_fetch_all`. It is
contradicted only when every definition the claim can mean was read, none is open (`kb.analysis.functions`) and none
names `B`; else it is left as it is (its names are checked as every name is). A function a route says raises the
error must reach one of the entry's raises the same way.

Every pattern reads a model's answer: the spans are found in one pass, a gap between two is matched only when short,
with possessive repeats."""

import itertools
import re
from dataclasses import dataclass, field
from typing import Any

from kb.analysis import hostile
from kb.analysis.functions import Body, Functions

# A route's step inside a span: `QuerySet.get() -> QuerySet.__len__()`.
ARROW = re.compile(r"(?<![ \t])[ \t]*+(?:->|→|=>)[ \t]*+")
FUNCTION = re.compile(
    r"(?<![\w.])(?:(?:self|cls|super\(\))\.)?+((?:[A-Za-z_]\w*+\.)*+[A-Za-z_]\w*+)(?:\([^()\n]*+\))?+"
)
_FILLER = r"(?:which|that|and|then|in[ \t]++turn|it|also|first|itself|later|eventually|finally|directly|always|again)"
_AFTER = r"(?:into|the|its|a|an|their|then|again|[a-z]++'s)"
# The prose between two spans that makes the second the first's callee, or its caller.
# Each starts where no run of what it reads began: under `search`, a long run is not read again from each place in it.
FORWARD = re.compile(
    rf"(?<![\w \t,'])[ \t]*+,?+[ \t]*+(?:{_FILLER}(?![\w'])[ \t]++)*+(?:(?:calls|invokes)(?![\w'])|->|→|=>)"
    rf"(?:[ \t]++{_AFTER}(?![\w']))*+[ \t]*+"
)
BACKWARD = re.compile(
    r"(?<![\w \t,(])[ \t]*+[,(]?+[ \t]*+"
    r"(?:(?:which|that|it|is|are|was|gets|also|first|only|always|then)(?![\w'])[ \t]++)*+"
    rf"(?:called|invoked|reached)[ \t]++(?:by|from|through|via)(?:[ \t]++{_AFTER}(?![\w']))*+[ \t]*+"
)
TO = re.compile(r"(?<![ \t])[ \t]++to[ \t]++")
FROM = re.compile(r"(?<![\w])from[ \t]++\Z")
RAISES = re.compile(
    r"(?<![\w \t,])[ \t]*+,?+[ \t]*+(?:(?:which|that|and|then|itself|in[ \t]++turn)(?![\w'])[ \t]*+)*+raises\b"
)
RAISED = re.compile(r"[ \t]{1,20}+(?:an?[ \t]{1,20}+)?+`([^`\n]{1,200}+)`")
LONGEST_GAP = 60
# The ways in kept per entry (the evidence bounds its rows; a hostile one is not read past this).
MOST_WAYS = 64
# A bare name defined more often than this (`get`, `save`) says too little about which function is meant.
MOST_MEANINGS = 8


@dataclass(frozen=True)
class Way:
    """One recorded way in: the functions from the way in to the raising one, by qualified name."""

    steps: tuple[str, ...]
    start_path: str = ""
    site_path: str = ""
    exits_before: bool = False


@dataclass
class Reach:
    """What an entry's evidence records of the ways to its raises: each site's function, and each (caller, callee)
    pair along a recorded route, at any distance."""

    exception: str = ""
    raising: list[str] = field(default_factory=list)  # "" for a raise outside any function
    reaches: set[tuple[str, str]] = field(default_factory=set)
    # Each recorded way in, whole: its functions from the way in to the site's, where each is (a path, when the
    # evidence gives it), and whether the harvest saw an exit on the way (an entry point's "exits_before").
    ways: list[Way] = field(default_factory=list)
    # By raising function, for each of its sites: the tests its conditions make (`if` and guard rows, all of which
    # hold at the raise), and its parameters.
    tests: dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]] = field(default_factory=dict)
    # The names the entry's triggering tests use: a way in they call is one the evidence shows.
    tested: set[str] = field(default_factory=set)
    paths: list[str] = field(default_factory=list)  # each raising function's file, as `raising` lists them
    kept: dict[str, object] = field(default_factory=dict)  # what a check read once for this entry, by its key

    def add_site(self, function: str, evidence: Any, path: str = "") -> None:
        self.raising.append(function)
        self.paths.append(path)
        if not function or not isinstance(evidence, dict):
            return
        rows = [row for row in evidence.get("conditions") or [] if isinstance(row, dict)]
        codes = tuple(str(row.get("code"))[:300] for row in rows[:MOST_WAYS] if row.get("kind") in ("if", "guard"))
        parameters = tuple(str(name) for name in evidence.get("parameters") or [])[:MOST_WAYS]
        self.tests.setdefault(function, []).append((codes, parameters))
        routes: list[list[str]] = []
        for row in evidence.get("callers") or []:
            if isinstance(row, dict) and isinstance(row.get("function"), str):
                via = row.get("via")
                routes.append([row["function"], *([via] if isinstance(via, str) and via else []), function])
                self._add_way(routes[-1], row, path)
        for row in evidence.get("entry_points") or []:
            if isinstance(row, dict) and isinstance(row.get("function"), str):
                via = [step for step in row.get("via") or [] if isinstance(step, str)]
                routes.append([row["function"], *via, function])
                self._add_way(routes[-1], row, path)
        for route in routes:
            self.reaches.update((a, b) for i, a in enumerate(route) for b in route[i + 1 :] if a != b)

    def _add_way(self, route: list[str], row: dict, site_path: str) -> None:
        if len(route) < 2 or route[0] == route[-1] or len(self.ways) >= MOST_WAYS:
            return
        start = str(row.get("path")) if isinstance(row.get("path"), str) else ""
        way = Way(tuple(route), start, site_path, row.get("exits_before") is True)
        for at, known in enumerate(self.ways):
            if (known.steps, known.site_path) == (way.steps, way.site_path):  # a caller's row and an entry's
                self.ways[at] = Way(
                    way.steps, known.start_path or start, site_path, known.exits_before or way.exits_before
                )
                return
        self.ways.append(way)

    def records(self, caller: list[str], callee: list[str]) -> bool:
        return any(same_function(caller, a) and same_function(callee, b) for a, b in self.reaches)

    def on_route(self, function: list[str]) -> bool:
        return any(same_function(function, raising) for raising in self.raising if raising) or any(
            same_function(function, a) for a, _ in self.reaches
        )


def claimed(text: str, exception: str = "") -> tuple[list[tuple[list[str], list[str]]], list[list[str]]]:
    """The (caller, callee) pairs a sentence claims, in order, each a dotted name split, and the functions it says
    raise the error (`exception`, or "it") at the end of a route."""
    spans = hostile.backtick_spans(text)
    chains = [chain_of(text, start, end) for start, end in spans]
    pairs: list[tuple[list[str], list[str]]] = []
    raising: list[list[str]] = []
    reached = False  # the span's first function is the callee of the pair before it
    for index, chain in enumerate(chains):
        if not chain:
            reached = False
            continue
        pairs += itertools.pairwise(chain)
        end = spans[index][1]
        callee, reached = reached or len(chain) > 1, False
        after = chains[index + 1] if index + 1 < len(chains) else None
        if after and spans[index + 1][0] - end <= LONGEST_GAP:
            gap = text[end : spans[index + 1][0]]
            if FORWARD.fullmatch(gap) or (
                TO.fullmatch(gap) and _from_call_to_call(text, spans[index], spans[index + 1])
            ):
                pairs.append((chain[-1], after[0]))
                reached = True
            elif BACKWARD.fullmatch(gap):
                pairs.append((after[-1], chain[0]))
        said = RAISES.match(text, end, min(len(text), end + LONGEST_GAP)) if callee else None
        named = RAISED.match(text, said.end()) if said else None
        if said and (named is None or named.group(1).rpartition(".")[2] == exception.rpartition(".")[2]):
            raising.append(chain[-1])  # raises it, or this very exception, not another
    return pairs, raising


def contradiction(text: str, reach: Reach, functions: Functions) -> str:
    """The first step of a claimed route the code contradicts, said as "`A` does not call `B`"; "" when none."""
    if "`" not in text:
        return ""
    pairs, raising = claimed(text, reach.exception)
    told: dict[tuple[tuple[str, ...], str], bool | None] = {}  # a hostile answer repeats itself

    def names(caller: list[str], callee: str) -> bool | None:
        key = (tuple(caller), callee)
        if key not in told:
            told[key] = _names(caller, callee, functions)
        return told[key]

    for caller, callee in pairs:
        if not reach.records(caller, callee) and names(caller, callee[-1]) is False:
            return f"`{'.'.join(caller)}` does not call `{'.'.join(callee)}`"
    raises_in = [function.split(".") for function in reach.raising]
    if not raises_in or not all(part for function in raises_in for part in function):
        return ""  # a raise outside any function: nothing to end a route at
    for function in raising:
        if not reach.on_route(function) and all(names(function, site[-1]) is False for site in raises_in):
            return f"`{'.'.join(function)}` does not reach the raise in `{reach.raising[0]}`"
    return ""


def called_property(text: str, functions: Functions) -> str:
    """A property written as a call, "`Command.gettext_version()`", where every definition the name can mean was read
    and is a property's (`@property`, `@cached_property`, its setter or deleter): it is read as `cmd.gettext_version`,
    never called (round 26's AI-assisted card took makemessages' cached property for the command's way in). Said as
    "`A` is a property: read, not called"; "" when no span is one."""
    if "`" not in text:
        return ""
    for start, end in hostile.backtick_spans(text)[:MOST_WAYS]:
        if not text[start:end].rstrip("`").rstrip().endswith(")"):
            continue
        chain = chain_of(text, start, end)
        if len(chain) != 1:
            continue
        name = chain[0]
        bodies = [body for body in functions.defined(name[-1]) if body.named(name)]
        if bodies and len(bodies) <= MOST_MEANINGS and functions.complete(name[-1]) and all(b.accessed for b in bodies):
            return f"`{'.'.join(name)}` is a property: read, not called"
    return ""


def _from_call_to_call(text: str, first: tuple[int, int], second: tuple[int, int]) -> bool:
    """Whether "from `a()` to `b()`" writes both as calls: "from `None` to `0`" is a change of value, not a route."""
    called = all(text[start:end].rstrip("`").rstrip().endswith(")") for start, end in (first, second))
    return called and FROM.search(text, max(0, first[0] - 12), first[0]) is not None


def chain_of(text: str, start: int, end: int) -> list[list[str]]:
    """The dotted names of a span that is a function (`self.f()`, `a.b`) or a route of them (`a -> b`), else []."""
    inner = text[start:end].strip("`").strip()
    if len(inner) > 300:
        return []
    chain = []
    for step in ARROW.split(inner):
        function = FUNCTION.fullmatch(step.strip())
        if function is None:
            return []
        chain.append(function.group(1).split("."))
    return chain


def same_function(claimed: list[str], recorded: str) -> bool:
    """Whether a claimed dotted name and a recorded qualified one agree on every part both give, from the right."""
    parts = recorded.split(".")
    size = min(len(claimed), len(parts))
    return claimed[-size:] == parts[-size:]


def _names(caller: list[str], callee: str, functions: Functions) -> bool | None:
    """Whether the caller's body names `callee`, itself or through its own class's or module's functions it names
    (dunders count as named: they run implicitly); None when the tree cannot tell."""
    if callee.startswith("__") and callee.endswith("__"):
        return None  # run implicitly (`len(x)`, `x[i]`, a constructor): no name says so
    bodies = [body for body in functions.defined(caller[-1]) if body.named(caller)]
    if not bodies or len(bodies) > MOST_MEANINGS or any(body.open for body in bodies):
        return None
    if not functions.complete(caller[-1]):
        return None
    if any(callee in body.mentions for body in bodies):
        return True
    unknown = False
    for body in bodies:
        for step in _steps(body, functions):
            if callee in step.mentions:
                return True
            unknown = unknown or step.open
    return None if unknown else False


def _steps(body: Body, functions: Functions) -> list[Body]:
    """The functions of the body's own class (its module's, for a module function) that it names, or runs
    implicitly (`len(clone)`: the class's `__len__`)."""
    steps = functions.steps.get(id(body))
    if steps is None:
        steps = functions.steps[id(body)] = [
            other
            for other in functions.in_file(body.path)
            if other is not body and other.owner == body.owner and other.name in body.mentions
        ]
    return steps

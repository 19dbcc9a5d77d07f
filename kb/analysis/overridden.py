"""A subclass said to meet the error by defining the very method that leads to it (issue 29, round 23's card 02):
"a command that subclasses `AppCommand` but puts its logic in `handle()`" where `AppCommand.handle` is the only
recorded caller of the raising `AppCommand.handle_app_config`. A subclass's own `handle()` replaces the base's, so
its calls never get there: the claim says the opposite of the code.

A sentence that speaks of a subclass and says it defines, overrides or implements a method `m` (or puts its logic
in it), with no negation (it may be saying just this) and no `super()`, is held to the evidence: when every way in
recorded for every raise ends in a method named `m` calling the raising function, the claim is dropped. A route the
harvest did not record (a call by `getattr`) cannot be ruled out, so with several callers every one must be named.

Every pattern reads a model's answer: each span's lead-in is read in a bounded window before it."""

import re

from kb.analysis import hostile
from kb.analysis.routes import Reach, chain_of

# The words before a span that make it a method the subclass defines in place of the base's.
DEFINES = re.compile(
    r"(?i)(?<![\w'])(?:"
    r"(?:re)?+defin(?:es|e|ing)|overrid(?:es|e|ing|den)|implement(?:s|ing|ed)?+|provid(?:es|e|ing)"
    r"|put(?:s|ting)?+[ \t]++(?:all[ \t]++)?+(?:its|their|the)[ \t]++(?:own[ \t]++)?+"
    r"(?:logic|code|work)[ \t]++in(?:to)?+"
    r")(?:[ \t]++(?:its|their|the|a|an|own|only|instead))*+[ \t]*+\Z"
)
# A sentence that denies or turns it around: "without overriding `handle()`", "so it never gets there".
DENIES = re.compile(
    r"(?i)(?:(?<![\w'])(?:without|not|never|no|nor|neither|rather[ \t]++than|instead[ \t]++of)|n't)(?![\w'])"
)
SUBCLASS = re.compile(r"(?i)(?<![\w])(?:sub-?class|inherit|derive|overrid)")
WINDOW = 48  # characters before a span read for its lead-in
MOST_SPANS = 16  # spans read in one sentence


def bypassed(text: str, reach: Reach) -> str:
    """The method a sentence says a subclass defines, when every recorded way to the raise goes through the base's
    method of that name, said as "a subclass's own `handle()` replaces `AppCommand.handle`, the only caller"; ""
    when none (or when the evidence records a way in that no such method is on)."""
    if "`" not in text or "super()" in text or SUBCLASS.search(text) is None or DENIES.search(text):
        return ""  # a negation anywhere may be the point itself: "overrides `handle()`, so it never gets there"
    callers = _callers(reach)
    if not callers:
        return ""
    named: set[str] = set()
    for start, end in hostile.backtick_spans(text)[:MOST_SPANS]:
        if DEFINES.search(text, max(0, start - WINDOW), start) is None:
            continue
        chain = chain_of(text, start, end)
        if len(chain) == 1:
            named.add(chain[0][-1])
    if not named or not {caller.rsplit(".", 1)[1] for caller in callers} <= named:
        return ""
    return f"a subclass's own `{sorted(named)[0]}()` replaces `{sorted(callers)[0]}`, the way to the raise"


def _callers(reach: Reach) -> set[str]:
    """The methods that call a raising function on every recorded way in; empty when a way has none (the raising
    function is its own way in only) or a caller is no method of a class."""
    raising = {name for name in reach.raising if name}
    callers: set[str] = set()
    for way in reach.ways:
        if way.steps[-1] not in raising or len(way.steps) < 2:
            continue
        caller = way.steps[-2]
        owner = caller.rpartition(".")[0].rpartition(".")[2]
        if caller in raising or not owner[:1].isupper():
            return set()  # a module's function (by its name's form) has no subclass to replace it
        callers.add(caller)
    return callers

"""A way in an answer names that the evidence does not tie to the raise (issue 29, round 19's false claims 10, 11
and 20): "It is raised when you call `Area()` on such a field", "reached through `QuerySet.count()`".

A sentence that says the error is reached from, by or through a named function or class ("when you call `X`",
"by calling `X`", "called from `X`", "reached through `X`", "through `X`", "via `X`") is held to the entry's
evidence: `X` passes when it is one of the site's raising functions or their classes, one of its recorded callers
or entry points (at any distance), a name the triggering tests use, or when the code shows `X` naming the raising
function (itself or through its class's own functions, as `kb.analysis.routes` reads it). Otherwise it is dropped
when the evidence records no way in but the raising function or its class, or when the code shows `X` never
gets there; with other recorded ways in and a code that cannot tell, it is kept (`routes` does the same with a pair
whose names are real).

Every pattern reads a model's answer: each span's lead-in is read in a bounded window before it."""

import re

from kb.analysis import hostile
from kb.analysis.functions import Functions
from kb.analysis.routes import MOST_MEANINGS, Reach, _names, _steps, chain_of, same_function

# The words just before a span that make it the way the error is reached by.
_WHO = r"(?:you|your[ \t]++code|user[ \t]++code|the[ \t]++user|a[ \t]++user|users|one|code|it)"
LEAD_IN = re.compile(
    r"(?i)(?<![\w'])(?:"
    rf"(?:when|if|once|after|as)[ \t]++{_WHO}[ \t]++(?:calls?|calling|invokes?|uses?|constructs?|instantiates?)"
    r"|(?:by|on|when|from|after)[ \t]++(?:calling|invoking|using|constructing|instantiating)"
    r"|(?:called|invoked|reached|raised|triggered|hit|met)[ \t]++(?:from|by|through|via|in)"
    r"|through|via"
    r")(?:[ \t]++(?:the|a|an))?+[ \t]*+\Z"
)
# The lead-in of a means, not of a way in: "`A` reads the secret through `X`" (bare "through" or "via"); "`A` is
# called through `X`" says `X` leads to `A`, and is held as a way in.
MEANS = re.compile(r"(?i)(?<![\w'])(?:through|via)(?:[ \t]++(?:the|a|an))?+[ \t]*+\Z")
PASSIVE = re.compile(r"(?i)(?<![\w'])(?:is|are|was|were|be|been|being)(?![\w'])")
WINDOW = 48  # characters before a span read for its lead-in
LONGEST_DOING = 120  # characters between the function that does the work and "through `X`"
MOST_CLAIMS = 16  # ways in read in one sentence
WORD = re.compile(r"[A-Za-z_]\w*+")


def unrecorded(text: str, reach: Reach, functions: Functions) -> str:
    """The first way in a sentence names that neither the evidence nor the code ties to the raise, said as
    "`X` is no way in the evidence records"; "" when none."""
    raising = [name for name in reach.raising if name]
    if "`" not in text or not raising:
        return ""
    read = 0
    elsewhere = any(not _own(way.steps) for way in reach.ways)
    spans = hostile.backtick_spans(text)
    for index, (start, end) in enumerate(spans):
        if LEAD_IN.search(text, max(0, start - WINDOW), start) is None:
            continue
        chain = chain_of(text, start, end)
        if not chain:
            continue
        read += 1
        if read > MOST_CLAIMS:
            break
        name = chain[0]
        if not _way_in_shape(text[start:end]) or _anchored(name, reach, functions, raising):
            continue
        if _means_of_the_raising(text, start, spans[max(0, index - MOST_CLAIMS) : index], name, reach, functions):
            continue
        if not elsewhere or all(_names(name, site.split(".")[-1], functions) is False for site in raising):
            return f"`{'.'.join(name)}` is no way in the evidence records"
    return ""


def _means_of_the_raising(
    text: str, start: int, before: list[tuple[int, int]], name: list[str], reach: Reach, functions: Functions
) -> bool:
    """Whether "through `X`" names what a function the sentence names before it does its work through, a function
    of the raise's route whose body names `X`: "`_check_token()` reads the secret through `self._get_secret()`"
    (Django 5.2.19, `django/middleware/csrf.py:349-356`; round 26's AI-assisted card, dropped as a way in). Not when
    the words between them are passive ("`A` is reached through `X`": `X` leading to `A`)."""
    lead = MEANS.search(text, max(0, start - WINDOW), start)
    if lead is None:
        return False
    for before_start, before_end in before:
        chain = chain_of(text, before_start, before_end)
        gap = lead.start() - before_end
        if not chain or gap > LONGEST_DOING or PASSIVE.search(text, before_end, lead.start()) is not None:
            continue
        doer = chain[-1]
        if not reach.on_route(doer):
            continue
        bodies = [body for body in functions.defined(doer[-1]) if body.named(doer)][:MOST_MEANINGS]
        if any(name[-1] in body.mentions for body in bodies):
            return True
    return False


def _own(steps: tuple[str, ...]) -> bool:
    """Whether a recorded way in is the raising method's own class (`APISettings` for its `__init__`): a public
    function that raises is its own way in and says nothing of what calls it."""
    return len(steps) == 2 and steps[1].startswith(f"{steps[0]}.")


def _way_in_shape(span: str) -> bool:
    """A call (`f()`, `X(...)`) or a class (`Area`): a bare lowercase word after "through" is a value, an exception
    class what is raised, not a way in."""
    inner = span.strip("`").strip()
    last = WORD.findall(inner.split("(", 1)[0])
    if last and last[-1].endswith(("Error", "Exception", "Warning")):
        return False  # an exception class: what is raised or caught, not a way in
    return inner.endswith(")") or bool(last and last[-1][:1].isupper() and not last[-1].isupper())


def _anchored(name: list[str], reach: Reach, functions: Functions, raising: list[str]) -> bool:
    for site in raising:
        parts = site.split(".")
        # The raising function itself, or its class (`APISettings(...)` runs `APISettings.__init__`).
        if same_function(name, site) or (len(parts) > 1 and same_function(name, ".".join(parts[:-1]))):
            return True
    if reach.on_route(name) or any(same_function(name, b) for _, b in reach.reaches):
        return True
    if name[-1] in reach.tested:
        return True
    return any(_mentions(name, site.split(".")[-1], functions) for site in raising)


def _mentions(name: list[str], callee: str, functions: Functions) -> bool:
    """Whether a definition of `name` names `callee`, itself or through its own class's or module's functions: the
    code shows it calling toward the raise, even where other calls of its are hidden (`getattr`)."""
    bodies = [body for body in functions.defined(name[-1]) if body.named(name)][:MOST_MEANINGS]
    return any(
        callee in body.mentions or any(callee in step.mentions for step in _steps(body, functions)) for body in bodies
    )

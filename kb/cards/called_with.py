"""What the call that failed was given, where the raise's deciding test reads only the arguments of the public
function that raises it (issue 29): "`BloomIndex()` was called with a `columns` that is not an instance of `list`
or `tuple`", "`login()` was called with `user=None`", "`as_view()` was called without `actions` (or with an empty
one)". The reader's own call, in the words of the call, in place of "raises this when the `x` argument ...".

Said from the card's own condition (`Reader`'s words, "the `x` argument is ..."), each clause on an argument of
that very function; any other name, an `or` between clauses, or a gloss in brackets, and nothing is said. The test
holds whenever the raise is reached, so the sentence is true of every call that raised it; the hedges on whether
the raise is reached ("unless an earlier check ... exits first") belong to the trigger section."""

import re

from kb.cards.reader import EntryPoint
from kb.text.escaping import code

# `explain._hedged`'s words on whether the raise is reached, and "among other conditions": not what the call was given.
_HEDGES = re.compile(
    r"(?:, unless (?:an earlier check|a check just before the raise) in `[\w.]++`"
    r"(?: or an earlier one in `[\w.]++`(?: or `[\w.]++`)*+)?+(?: or `[\w.]++`)*+ exits first"
    r"|, unless `[\w.]++` raises an(?:other)?+ error first|, among other conditions)++\Z"
)
_CLAUSE = re.compile(r"the `(\w++)` argument ((?:is|has|does|equals|contains) .++)")
_LITERAL = re.compile(r"is (`(?:None|True|False|-?\d{1,12}+|'[\w .-]{0,30}+')`)")
_KINDS = ("function", "constructor")  # a method is often the framework's call, not the reader's
_NAMES_OR = re.compile(r" or `[\w.]++`")
_GIVEN = {"is given": "with", "is not given": "without"}


def called_with(point: EntryPoint | None, function: str, deciding: str | None, defaults: object = None) -> str:
    """The sentence for the site's condition `deciding` (as the card says it) when every clause is on an argument of
    `point`, the public entry point that is the raising `function` itself; "" otherwise. `defaults`: the function's
    parameter defaults as written (a test its default meets may be met by leaving the argument out)."""
    if point is None or not deciding or point.kind not in _KINDS or not point.is_function(function):
        return ""
    text = _HEDGES.sub("", deciding)
    if "(" in text.replace("(or empty)", "") or " or the `" in text:
        return ""
    names = set(point.arguments.values())
    grouped: list[tuple[str, list[str]]] = []
    for clause in re.split(r" and (?=the `\w++` argument )", text):
        found = _CLAUSE.fullmatch(clause)
        if found is None or found[1] not in names or not _one_test(found[2]):
            return ""
        if grouped and grouped[-1][0] == found[1]:
            grouped[-1][1].append(found[2])
        else:
            grouped.append((found[1], [found[2]]))
    written = defaults if isinstance(defaults, dict) else {}
    pieces = [_piece(name, predicates, str(written.get(name) or "")) for name, predicates in grouped]
    if not pieces or not all(pieces):
        return ""
    return f"{code(point.call())} was called {', and '.join(pieces)}."


def _one_test(predicate: str) -> bool:
    """A predicate about the argument alone: no second test joined to it ("is empty or `s[0]` ..."), where a list
    of names ("an instance of `NoneType` or `list` or `tuple`") and "empty or false" are one test."""
    if " and " in predicate.replace("is given and not empty", "") or "(or empty)" in predicate.removesuffix(
        "(or empty)"
    ):
        return False
    return " or " not in _NAMES_OR.sub("", predicate.replace(" empty or false", " empty"))


def _piece(name: str, predicates: list[str], default: str) -> str:
    if len(predicates) == 1:
        only = predicates[0]
        if default and only in (f"is `{default}`", "is false" if default == "False" else "-"):
            return f"without {code(name)} (or with {code(name + '=' + default)})"  # left out, it is the default
        if only == "is not given (or empty)":
            return f"without {code(name)} (or with an empty one)"
        if only == "is given and not empty":  # `Index(opclasses=[])` passes (round 37's card 13)
            return f"with a non-empty {code(name)}"
        if only in _GIVEN:
            return f"{_GIVEN[only]} {code(name)}"
        if literal := _LITERAL.fullmatch(only):
            return f"with {code(name + '=' + literal[1].strip('`'))}"
    if any(p in _GIVEN or "given" in p for p in predicates):
        return ""  # "a `x` that is not given and ...": no reader's words for it
    article = "an" if name[:1].lower() in "aeiou" else "a"
    return f"with {article} {code(name)} that {' and '.join(predicates)}"

"""What the library's own docstrings say of this error (issue 29): "The docstring of `SortedList.remove()` says of
`ValueError`: “if `value` is not in sorted list”". The library's words for what the reader did.

A docstring speaks of an exception, not of one raise, so it is quoted only where it can be about this one: every
`raise` of the type in that function is this error, or the words share a name with the test that decides the raise
(not a parameter's name, where other raises of the type may test it too). An entry point's docstring, which speaks
for everything it calls, needs that shared name too. Otherwise the quote could be about another raise: say less."""

import re
from collections.abc import Iterable, Sequence

from kb.cards.reader import EntryPoint, documented_said
from kb.models import ErrorEntry, RaiseSite
from kb.text.escaping import as_built, code

_WORDS = re.compile(r"[A-Za-z][a-z0-9]{3,}+")
_PARAMETER = re.compile(r"(?:^|[(,])\s*+\**+([A-Za-z_]\w*+)")
_COMMON = frozenset(
    "self none true false return returns error errors raise raises raised must that this with from when then will "
    "have been which should into only exception isinstance args kwargs value values name names given invalid "
    "object objects type types string".split()
)


def documented_raise(entry: ErrorEntry, sites: Sequence[tuple[RaiseSite, EntryPoint | None]], shown: str) -> str:
    """A sentence quoting a docstring on this error's type, or "" (`shown`: the card's text so far, never repeated)."""
    short = entry.exception_type.rpartition(".")[2]
    for site, point in sites:
        deciding = _deciding(site)
        own = site.evidence.get("function") if isinstance(site.evidence, dict) else None
        if isinstance(own, dict) and isinstance(own.get("raises"), dict):
            row = own["raises"].get(short)
            said = documented_said({short: row}).get(short, "")
            function = str(own.get("name") or site.function)
            mine = sum(1 for other, _ in sites if _function(other) == function)
            places = row.get("places") if isinstance(row, dict) else None
            # Other raises of the type beside this one: a parameter they may test too tells nothing.
            shared = _shares_a_word(said, short, deciding, _parameters(own) if places != mine else set())
            if said and (places == mine or shared) and _new(said, shown):
                name = point.shown() if point is not None and point.is_function(function) else ""
                return _quote(name or code(f"{function}()"), short, said)
        if point is not None and (said := point.raises.get(short, "")):
            if _shares_a_word(said, short, deciding, _parameters(own)) and _new(said, shown):
                return _quote(point.shown(), short, said)
    return ""


def _parameters(function: object) -> set[str]:
    """The words of the function's parameter names (`max_size`: "max", "size"), from its recorded signature."""
    signature = str(function.get("signature") or "") if isinstance(function, dict) else ""
    return _words(_PARAMETER.findall(signature))


def _function(site: RaiseSite) -> str:
    own = site.evidence.get("function") if isinstance(site.evidence, dict) else None
    return str(own.get("name") or site.function) if isinstance(own, dict) else site.function


def _deciding(site: RaiseSite) -> str:
    """The code of the test that decides the raise: the innermost that is not a guard clause above it."""
    rows = [row for row in site.evidence.get("conditions") or [] if isinstance(row, dict) and row.get("code")]
    return next((str(row["code"]) for row in rows if row.get("kind") not in ("guard",)), "")


def _quote(name: str, short: str, said: str) -> str:
    said = as_built(said, 300)
    return f"The docstring of {name} says of {code(short)}: “{said}”" + ("" if said.endswith((".", "!", "?")) else ".")


def _new(said: str, shown: str) -> bool:
    """Whether `said` is not quoted in `shown` already: compared as shown, escaped (`get\\(\\)`), for a docstring
    that names the exception in its first line is quoted whole by "is documented as" (round 31's sample:
    `get_object_or_404()`'s one sentence, quoted twice)."""
    return " ".join(as_built(said, 300).split())[:80] not in " ".join(shown.split())


def _shares_a_word(said: str, short: str, deciding: str, unsaid: set[str]) -> bool:
    return bool(deciding) and bool((_words([said]) - {short.lower()} - unsaid) & _words([deciding]))


def _words(texts: Iterable[str]) -> set[str]:
    found = set()
    for text in texts:
        for part in _WORDS.findall(re.sub(r"([a-z])([A-Z])", r"\1 \2", text.replace("_", " "))[:2_000]):
            if (word := part.lower()) not in _COMMON:
                found.add(word.removesuffix("s") if len(word) > 4 else word)
    return found

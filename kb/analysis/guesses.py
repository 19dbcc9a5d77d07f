"""A model's guesses at what usually happens, taken out: nothing in the evidence says how often, or what a failure
"usually means" (round 35's cards 06 and 16: "which usually means GNU gettext is not installed", false; "the view
(typically an `async` function ... called without being awaited)", false). Such words claim what errorkb cannot
check, so the guess goes and the checked claim around it stays:

- a parenthetical holding one is taken out ("a subclass of `ViewInspector` (usually an `AutoSchema` subclass)");
- a clause after the sentence's last comma before it is cut off, the sentence ended there ("..., which usually
  means ...");
- any other sentence holding one is dropped whole (`None`).

Words inside code spans are code, not guesses. One pass each, linear patterns: this reads a model's answer."""

import re

GUESS = re.compile(
    r"(?i)(?<![\w-])(?:usually|typically|commonly|often|generally|probably|presumably|likely|most[ \t]++of[ \t]++"
    r"the[ \t]++time|in[ \t]++most[ \t]++cases)(?![\w-])"
)
_SPAN = re.compile(r"`[^`]*+`")
_PARENTHETICAL = re.compile(r"[ \t]*+\([^()]*+\)")


def without_guesses(text: str) -> str | None:
    """`text` without its guesses (unchanged when it has none); None when nothing true can be kept of it."""
    if GUESS.search(_blanked(text)) is None:
        return text
    kept = _without_guessing_asides(text)
    seen = _blanked(kept)
    found = GUESS.search(seen)
    if found is None:
        return kept
    comma = seen.rfind(", ", 0, found.start())
    if comma <= 0 or GUESS.search(seen, 0, comma) is not None:
        return None
    head = kept[:comma].rstrip()
    return head + "." if head[-1:] not in ".!?:" else head


def _without_guessing_asides(text: str) -> str:
    """The parentheticals (outside code spans) that hold a guess taken out."""
    seen = _blanked(text)
    out, last = [], 0
    for aside in _PARENTHETICAL.finditer(seen):
        if GUESS.search(aside[0]):
            out.append(text[last : aside.start()])
            last = aside.end()
    out.append(text[last:])
    return "".join(out)


def _blanked(text: str) -> str:
    """`text` with each code span's characters (backticks included) as `x`: positions kept, code not read as words
    or parentheses."""
    return _SPAN.sub(lambda span: "x" * len(span[0]), text)

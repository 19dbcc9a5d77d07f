"""A situation an answer states, held to what the evidence ties to the raise (issue 29, round 19's false claims 10,
11 and 20): "Asking for the area of geometries ... on a backend that cannot compute geodetic areas", "... or running
queries against the dummy backend", "your project's `REST_FRAMEWORK` settings still set `PAGINATE_BY`".

- `kept_part`: where the evidence records no way in but the raising function (or its class), a situation, and a
  meaning or trigger sentence that speaks of the reader's situation, must name (as code) something of the entry's
  own evidence: its function, a condition's or a definition's name, a test, a doc's term. The related errors' words
  do not count. A sentence whose first alternative names nothing is dropped; trailing alternatives (", or ...",
  "; ...") that name nothing are cut.
- `unread_setting`: a setting or environment variable (`NAME_IN_CAPS`) the entry's own evidence does not hold is a
  cause only when the code on the way reads it: the raising function, a recorded way in (a class's `__init__` for
  its constructor), or a function of their own class or module they name (not through a parameter of that name).
  When every such function was read and none names it, the claim is contradicted; when the code cannot tell, kept.

Every pattern reads a model's answer and is linear; the names read on the way are read once per entry."""

import builtins
import itertools
import re

from kb.analysis import hostile
from kb.analysis.functions import Body, Functions
from kb.analysis.routes import MOST_MEANINGS, Reach, same_function
from kb.analysis.vocabulary import IDENTIFIER, NOT_ANCHORS, Vocabulary
from kb.analysis.ways import _same_file

SETTING = re.compile(r"(?<!\w)[A-Z][A-Z0-9]*+(?:_[A-Z0-9]++)++(?![\w.])")
# Where a sentence goes on to another situation: ", or ...", "; ...".
ALTERNATIVE = re.compile(r"(?:,[ \t]*+or|;(?:[ \t]*+or)?+)(?![\w'])")
# A meaning or trigger sentence that speaks of the reader's situation rather than of the code.
READERS = re.compile(r"(?i)(?<![\w'`])(?:you|your|project|upgrading|migrating|deploying)(?![\w'`])")
WORDS = re.compile(r"[A-Za-z][a-z0-9]*+")
MOST_ALTERNATIVES = 16
MOST_WORDS = 400  # of a sentence, read for a code name said in words
MOST_QUOTED = 16  # spans of a sentence looked up in the evidence's text
# Names any code has: naming one ties a sentence to nothing.
BUILTINS = frozenset({*dir(builtins), *NOT_ANCHORS})


def no_way_in(reach: Reach) -> bool:
    """Whether the evidence records no way in but the raising function or its class (round 19's requests that the
    prompt's `NO_WAY_IN` rule covers)."""
    return any(reach.raising) and all(_own(way.steps) for way in reach.ways)


def _own(steps: tuple[str, ...]) -> bool:
    return len(steps) == 2 and steps[1].startswith(f"{steps[0]}.")


def speaks_of_reader(text: str) -> bool:
    return READERS.search(_prose(text)) is not None


def kept_part(text: str, vocabulary: Vocabulary) -> str:
    """The part of a situation to keep: all of it, its anchored leading alternatives, or "" (drop it)."""
    spans = hostile.backtick_spans(text)
    cuts, position = [], 0
    for start, end in [*spans, (len(text), len(text))]:
        cuts += [match for match in ALTERNATIVE.finditer(text, position, start)][:MOST_ALTERNATIVES]
        position = end
        if len(cuts) >= MOST_ALTERNATIVES:
            break
    start = 0
    for index, cut in enumerate([*cuts, None]):
        end = cut.start() if cut is not None else len(text)
        if not _anchored(text[start:end], vocabulary):
            if index == 0:
                return ""
            head = text[: cuts[index - 1].start()].rstrip(" ,;")
            return head + ("." if text.rstrip().endswith(".") else "")
        start = cut.end() if cut is not None else end
    return text


def _anchored(part: str, vocabulary: Vocabulary) -> bool:
    """Whether a part of a sentence names a name of the entry's own evidence: as code (not a builtin, not the
    exception's own), quoted from it verbatim, or a name of its code said in words ("the app label", "the migration
    optimizer" for `app_label`, `MigrationOptimizer`)."""
    own = vocabulary.evidence_names
    exception = vocabulary.reach.exception.rpartition(".")[2]
    tested = _tested(vocabulary.reach)
    spans = [part[start:end].strip("`") for start, end in hostile.backtick_spans(part)]
    for piece in [*spans, *SETTING.findall(part)]:
        for name in IDENTIFIER.findall(piece):
            if name in tested or (len(name) > 1 and name in own and name not in BUILTINS and name != exception):
                return True
    if any(vocabulary.quotes_own(span) for span in spans[:MOST_QUOTED]):
        return True
    words = [word.lower() for word in WORDS.findall(_prose(part))][:MOST_WORDS]
    return any(
        f"{first}_{second}" in vocabulary.terms or f"{first}{second}" in vocabulary.terms
        for first, second in itertools.pairwise(words)
    )


def _tested(reach: Reach) -> frozenset[str]:
    """The names the raise's own conditions test (`None` in `app_label is None`, `str` in `isinstance(x, str)`):
    a situation that says one rewords the condition."""
    if "tested" not in reach.kept:
        codes = [code for rows in reach.tests.values() for codes, _ in rows for code in codes]
        names = {name for code in codes for name in IDENTIFIER.findall(code)}
        reach.kept["tested"] = frozenset(names - {"self", "cls"})
    found = reach.kept["tested"]
    return found if isinstance(found, frozenset) else frozenset()


def _prose(text: str) -> str:
    """The text with its code spans left out."""
    kept, position = [], 0
    for start, end in hostile.backtick_spans(text):
        kept.append(text[position:start])
        position = end
    kept.append(text[position:])
    return " ".join(kept)


def unread_setting(text: str, vocabulary: Vocabulary, section: str = "") -> str:
    """The first setting a claim names as a cause or a fix that the entry's evidence does not hold and the code on
    the way does not read, said as "`X` is not read on the way to the raise"; "" when none or the code cannot
    tell. The documentation section reports what the docs say: not checked."""
    if section == "documentation":
        return ""
    own = vocabulary.evidence_names
    named = [name for name in dict.fromkeys(SETTING.findall(text)) if name not in own]
    named = [name for name in named if vocabulary.knows_name(name)]  # an unknown name is dropped as unknown
    if not named:
        return ""
    read = read_on_way(vocabulary.reach, vocabulary.functions)
    if read is None:
        return ""
    for name in named:
        if name not in read:
            return f"`{name}` is not read on the way to the raise"
    return ""


def read_on_way(reach: Reach, functions: Functions) -> frozenset[str] | None:
    """Every name the functions on the recorded ways to the raise mention (their own class's or module's functions
    they name included), or None when some cannot be read; once per entry."""
    if "on_way" not in reach.kept:
        reach.kept["on_way"] = _read_on_way(reach, functions)
    found = reach.kept["on_way"]
    return found if isinstance(found, frozenset) else None


def _read_on_way(reach: Reach, functions: Functions) -> frozenset[str] | None:
    wanted = [(function, path, True) for function, path in zip(reach.raising, reach.paths, strict=False)]
    wanted += [
        (step, way.start_path if at == 0 else "", False) for way in reach.ways for at, step in enumerate(way.steps[:-1])
    ]
    raising: list[Body] = []
    bodies: list[Body] = []
    for function, path, raises in wanted:
        found = _bodies(function, path, functions)
        if not found or any(body.open for body in found):
            return None  # the code cannot tell
        bodies += found
        raising += found if raises else []
    if not bodies:
        return None
    names: set[str] = set()
    for body in bodies:
        names |= body.mentions
    for body in raising:  # and the helpers of its own class or module it calls (not a parameter of that name)
        for other in functions.in_file(body.path):
            if other is not body and other.owner == body.owner and other.name in body.mentions - set(body.params):
                if other.open:
                    return None
                names |= other.mentions
    return frozenset(names)


def _bodies(function: str, path: str, functions: Functions) -> list[Body]:
    """The definitions a recorded function means (a class: its `__init__`), in `path` when known (the harvest's,
    which may carry the repository's prefix); [] when the tree does not have them or has too many to tell."""
    parts = function.split(".")
    if not function or not all(parts):
        return []
    for wanted, constructor in ((parts[-1], False), ("__init__", True)):
        files = functions.files.get(wanted, set())
        places = {file for file in files if _same_file(file, path)} if path else files
        if len(places) > MOST_MEANINGS:
            continue
        found = [
            body
            for body in functions.defined_in(wanted, places)
            if (same_function(parts, body.owner) if constructor else body.named(parts))
        ]
        if found:
            return found
    return []


def situation_kept(text: str, section: str, vocabulary: Vocabulary) -> str:
    """The claim as it may stay ("" to drop it) when it states a situation of an entry with no way in recorded: any
    situation, a meaning or trigger sentence that speaks of the reader's; else the claim unchanged."""
    if section not in SITUATED or not no_way_in(vocabulary.reach):
        return text
    if section != "situations" and not speaks_of_reader(text):
        return text
    return kept_part(text, vocabulary)


SITUATED = ("meaning", "trigger", "situations")

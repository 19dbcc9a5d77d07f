"""True claims that errorkb's own checks used to lose, kept, and claims left without what qualified them, dropped
(issue 29, round 20's cards 03, 04, 14, 15, 16 and 20).

- `without_fields`: a sentence whose only unknown names are the request's own field names (`exits_before`,
  `every_call`: the reader never sees the request) loses the parenthetical that names them, and is checked again.
- `gives_reason`: a sentence that names nothing but goes on from the one before it with a reason ("It only handles
  non-negative numbers, so a negative input is refused") is about what that sentence named.
- `qualifies`: a dropped sentence that limits the one before it ("It doesn't show them passing a negative number")
  takes that one with it: the unhedged claim must not stand alone.
- `frames_the_whole`, `about_the_rest`: a list's lead-in that says something of the items taken together ("passes
  none of these:", "one of:", "refused values:"), and a sentence after it about what the list leaves out ("Anything
  else is refused"): dropping one item makes them false of the rest (round 23, card 16).
- `counts_places`: a sentence counting the other places that raise ("Three more places raise it"): the request
  shows only some sites and counts the rest, the card shows the sites the answer chose, and no count can be checked
  against them (round 23, card 01).
- `depends_on_before`: a sentence opening with "Otherwise" or "In that case" says what holds when the one before it
  does not (or does): without that one it refers to nothing (round 23, card 09); so does one whose subject refers
  back to it ("When that reports ...", "This means ...", "It then ...": round 26's CSRF card).
- `example_variable`, `dynamic_stem`, `lookup_parts`: an example's own value (`some_author`, `other_measure`), a
  name the code makes from a template (`get_next_by_<field>()` from `"get_next_by_%s"`), a lookup made of known
  names (`pk__gt`).
- `urls`: the URLs of a code span or block, to be kept only when the request's text holds them verbatim, or when
  they point nowhere (`example_url`: `https://`, `https://example.com/page/`).
- `introduced_as_examples`, `example_values`: a code span after "e.g." holds the example's own values in a tuple
  (`pk=(tenant_id, id)`); its calls, arguments, attributes and keywords are still checked (round 23, card 10).

Every function reads a model's answer: one pass each, linear patterns."""

import ast
import bisect
import itertools
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from kb.analysis import hostile

# The request's keys are named like code (`exits_before`); bounded, whatever the harvest stored.
MOST_FIELDS = 500
_FIELD = re.compile(r"(?<![a-z0-9_])[a-z][a-z0-9]*+(?:_[a-z0-9]++)++")
_MARK = re.compile(r"[();]")

_WORD = re.compile(r"[A-Za-z]++(?:'[a-z]++)?+")
# Words that make a sentence go on from the one before it: it speaks of what that one named.
BACK_REFERENCES = frozenset(
    "it its they their them this these that those such both anything everything nothing either neither".split()
)
# Connectives that open a limit on the sentence before: "But ...", "Unless ...".
LIMITING_OPENERS = frozenset("but however yet though although still except unless only otherwise".split())
LIMITS = frozenset("not no never only unless except cannot neither nor nothing none without rarely".split())
# A lead-in's words that speak of a list's items together: which values are accepted or refused, all or none of them.
WHOLE_LIST = frozenset(
    "none neither either both all any one only exactly accepted accepts refused refuses rejected rejects allowed "
    "allows permitted valid invalid".split()
)
# Words of a lead-in, or of a sentence's opening, that speak of several examples together: "either of these
# templates", "Both raise", "They give ...", "The two ...".
SEVERAL = frozenset("either both these those they them each all two three four five several".split())
# The opening words of a sentence about what a list leaves out.
THE_REST = (("anything", "else"), ("everything", "else"), ("any", "other"), ("all", "other"), ("the", "rest"))
# "Three more places", "2 other sites": a count of the places that raise beyond those shown.
_COUNTED_PLACES = re.compile(
    r"(?i)\b(?:\d++|one|two|three|four|five|six|seven|eight|nine|ten|several|many|a few)[ \t]++(?:more|other|further)"
    r"[ \t]++(?:call[ \t]++)?(?:places?|sites?|raises?|locations?|spots?|lines?)\b"
)
# The openings of a sentence that holds only beside the one before it.
DEPENDENT_OPENINGS = (("otherwise",), ("in", "that", "case"), ("in", "this", "case"), ("if", "so"), ("if", "not"))
# A subject that refers back to the sentence before it ("When that reports ...", "This means ...", "It then ..."):
# with that sentence dropped, it would refer to nothing, or to the wrong thing (round 26's CSRF card).
REFERRING = frozenset("that this these those such".split())
# A pronoun that stands for the subject of the sentence before: a dangling one when that sentence opened on a name
# (`X` ...) and was dropped; after an instruction or a sentence about something else, "It" is the card's error.
PRONOUNS = frozenset("it they".split())
# The words that may open a sentence before such a subject: "When that ...", "So this ...".
CONNECTIVES = frozenset("when if once because since so then and but as after before unless while where here".split())
# Said of the card's error itself ("This error", "It is raised when ..."): no reference back.
OWN_SUBJECTS = frozenset("error exception message raise".split())
OWN_VERBS = (("is", "raised"), ("is", "thrown"), ("happens",), ("occurs",))
REASONS = frozenset("because so since therefore hence thus".split())
MOST_WORDS = 80

# An example's own value, spelled as one: `some_author`, `my_model`, `your_obj`, `other_measure` (lower case;
# `OLD_NAME`, `MyView` are `verify.placeholder`'s).
EXAMPLE_VARIABLE = re.compile(r"(?:some|my|your|example|another|other|foo|bar|baz)_[a-z0-9_]++")
PLACEHOLDER = "_placeholder_"  # what `verify` puts for a `<name>`
# Hosts and top-level names reserved for examples and tests (RFC 2606, RFC 6761).
EXAMPLE_HOSTS = ("example.com", "example.net", "example.org", "localhost")
EXAMPLE_TLDS = (".example", ".test", ".invalid", ".localhost")
SCHEME_ONLY = re.compile(r"(?i)https?+://")
EXAMPLE_LEAD_IN = re.compile(r"(?i)(?<![\w.])(?:e\.g\.|for[ \t]++example|for[ \t]++instance|such[ \t]++as),?+[ \t]*+\Z")
LOWER_NAME = re.compile(r"[a-z][a-z0-9]*+(?:_[a-z0-9]++)*+")


def fields_of(evidence: object) -> set[str]:
    """The request's field names (its JSON keys written like code), at most MOST_FIELDS of them."""
    found: set[str] = set()
    pending = [evidence]
    while pending and len(found) < MOST_FIELDS:
        value = pending.pop()
        if isinstance(value, dict):
            found.update(key for key in value if isinstance(key, str) and _FIELD.fullmatch(key))
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
    return found


def without_fields(text: str, fields: Iterable[str]) -> str:
    """The sentence without what names a request field in parentheses: the part of the parenthetical (between its
    `;`) that holds the field's code span, or all of it ("(`exits_before`)", "(`exits_above` lines 188 and
    192 can end the call first)"); "" when such a span is not in parentheses (taking it out would leave a broken
    sentence) or there is none."""
    named = set(fields)
    opened: list[int] = []
    closes: dict[int, int] = {}
    separators: dict[int, list[int]] = {}  # by opening parenthesis: its own `;` (a `,` may part a list of lines)
    holding: dict[int, list[int]] = {}  # by opening parenthesis: where its field spans start
    position = 0
    for start, end in [*hostile.backtick_spans(text), (len(text), len(text))]:
        for match in _MARK.finditer(text, position, start):
            if match.group() == "(":
                opened.append(match.start())
            elif match.group() == ")" and opened:
                closes[opened.pop()] = match.start()
            elif match.group() != ")" and opened:
                separators.setdefault(opened[-1], []).append(match.start())
        if start < len(text) and text[start:end].strip("`").strip() in named:
            if not opened:
                return ""
            holding.setdefault(opened[-1], []).append(start)
        position = end
    if not holding or any(open_at not in closes for open_at in holding):
        return ""
    cuts = [
        cut
        for open_at, starts in holding.items()
        for cut in _cuts(text, open_at, closes[open_at], separators.get(open_at, []), starts)
    ]
    kept, position = [], 0
    for start, end in sorted(cuts):
        if start >= position:
            kept.append(text[position:start])
        position = max(position, end)
    kept.append(text[position:])
    shown = "".join(kept).strip()
    return shown if shown != text.strip() else ""


def _cuts(text: str, open_at: int, close: int, separators: list[int], starts: list[int]) -> list[tuple[int, int]]:
    """The ranges to take out of one parenthetical: the parts holding a field span, each with the separator before
    it; all of it (with the spaces before it) when every part holds one."""
    bounds = [open_at + 1, *separators, close]
    parts = list(itertools.pairwise(bounds))
    dropped = {min(bisect.bisect_right(bounds, at) - 1, len(parts) - 1) for at in starts}
    if len(dropped) == len(parts):
        before = len(text[:open_at]) - len(text[:open_at].rstrip(" \t"))
        if text[: open_at - before].endswith("("):
            return [(0, len(text))]  # first in another parenthetical: what is left of that one would be a fragment
        return [(open_at - before, close + 1)]
    cuts = []
    for index in sorted(dropped):
        start, end = parts[index]
        if index == 0:  # the first part: its separator is the one after it, and the spaces after that
            after = parts[1][0] + 1
            end = after + len(text[after:close]) - len(text[after:close].lstrip(" \t"))
        cuts.append((start, end))
    return cuts


def _prose(text: str) -> str:
    """The sentence outside its code spans (`name is not None` is code, not a limit), its first 2000 characters."""
    prose, position = [], 0
    for start, end in [*hostile.backtick_spans(text), (len(text), len(text))]:
        prose.append(text[position:start])
        position = end
    return " ".join(prose)[:2000]


def _words(text: str) -> list[str]:
    """The sentence's words outside its code spans."""
    return [word.lower() for word in _WORD.findall(_prose(text))][:MOST_WORDS]


def gives_reason(text: str) -> bool:
    """A sentence in plain words (no code, nothing named) that goes on from the sentence before it with a reason."""
    if "`" in text or hostile.name_like_words(text):
        return False
    words = _words(text)
    return bool(words) and words[0] in BACK_REFERENCES and not REASONS.isdisjoint(words)


def qualifies(text: str) -> bool:
    """A sentence that limits the one before it: it opens with a limiting connective, or refers back to it and
    says what does not hold."""
    words = _words(text)
    if not words:
        return False
    if words[0] in LIMITING_OPENERS:
        return True
    return words[0] in BACK_REFERENCES and (any(word.endswith("n't") for word in words) or not LIMITS.isdisjoint(words))


def frames_the_whole(lead_in: str) -> bool:
    """A lead-in ending in a colon that says something of its list's items taken together."""
    return lead_in.rstrip(" *_").endswith(":") and not WHOLE_LIST.isdisjoint(_words(lead_in))


def speaks_for_several(text: str, *, opening: bool = False) -> bool:
    """A lead-in ending in a colon, or (`opening`) a sentence whose first three words, that speaks of several
    examples together: without one of them, what it says of them is false (round 24, card 09)."""
    if opening:
        return not SEVERAL.isdisjoint(_words(text)[:3])
    return text.rstrip(" *_").endswith(":") and not SEVERAL.isdisjoint(_words(text))


def about_the_rest(text: str) -> bool:
    """A sentence that opens on what the list before it leaves out ("Anything else ... is refused")."""
    return tuple(_words(text)[:2]) in THE_REST


def counts_places(text: str) -> bool:
    """A sentence, read outside its code spans, that counts the places beyond those shown."""
    return _COUNTED_PLACES.search(_prose(text)) is not None


def depends_on_before(text: str, before: str = "") -> bool:
    """A sentence opening on the case the one before it set ("Otherwise ...", "In that case ..."), or whose subject
    refers back to it (`refers_back`)."""
    words = tuple(_words(text)[:4])
    return any(words[: len(opening)] == opening for opening in DEPENDENT_OPENINGS) or refers_back(text, before)


def refers_back(text: str, before: str = "") -> bool:
    """A sentence whose subject refers back to the one before it: "When that reports a malformed cookie, ...",
    "This happens first"; "It then raises ..." when that one opened on a name (`_check_token()` ...). Not "This
    error ...", "It is raised when ...", which speak of the card's error."""
    words = _words(text)[:5]
    at = 1 if words[:1] and words[0] in CONNECTIVES else 0
    if len(words) <= at:
        return False
    named = before.lstrip(" \t*_>-+").startswith("`")
    if not (words[at] in REFERRING or (words[at] in PRONOUNS and named)):
        return False
    after = tuple(words[at + 1 : at + 3])
    if after[:1] and after[0] in OWN_SUBJECTS:
        return False
    return not (words[at] == "it" and any(after[: len(verbs)] == verbs for verbs in OWN_VERBS))


def example_variable(name: str) -> bool:
    return EXAMPLE_VARIABLE.fullmatch(name) is not None


def dynamic_stem(name: str) -> str:
    """For a name with a `<placeholder>` after its start (`get_next_by_<field>`), the part the code spells out
    before it (`get_next_by_`), when that names at least two words; else ""."""
    stem = name.split(PLACEHOLDER, 1)[0] if PLACEHOLDER in name[1:] else ""
    return stem if stem.endswith("_") and len([part for part in stem.split("_") if part]) >= 2 else ""


def lookup_parts(name: str) -> list[str]:
    """`pk__gt` -> [pk, gt], `author__name` -> [author, name]: the parts of a lookup joined by `__` (not a
    dunder, no empty part); [] for any other name."""
    if "__" not in name or name.startswith("_") or name.endswith("_"):
        return []
    parts = name.split("__")
    return parts if all(parts) else []


def urls(code: str) -> list[str]:
    """The URLs in a piece of code, without the quote or punctuation after them."""
    return [found.rstrip("\"'`.,;:)]}>") for pattern in hostile.URLS for found in pattern.findall(code)]


def example_url(code: str, introduced: bool) -> bool:
    """A URL that points nowhere: a scheme alone (`https://`), or, `introduced` as an example ("e.g."), an http(s)
    URL on a host reserved for examples (RFC 2606, RFC 6761: `example.com`, `*.test`, `localhost`). Shown as code it
    is no link and names nothing of a repository (round 23, cards 09 and 12); any other URL ("its CDN is
    `https://cdn.example.net/`" says where something is) is kept only when the request holds it."""
    code = code.strip()
    if SCHEME_ONLY.fullmatch(code):
        return True
    if not introduced or len(code) > 300 or hostile.SCHEME_URL.fullmatch(code) is None:
        return False
    try:
        parts = urlsplit(code)
        host = (parts.hostname or "").rstrip(".")
    except ValueError:
        return False
    if parts.scheme.lower() not in ("http", "https") or not host:
        return False
    return host in EXAMPLE_HOSTS or host.endswith(tuple(f".{name}" for name in EXAMPLE_HOSTS) + EXAMPLE_TLDS)


def introduced_as_examples(text: str) -> list[bool]:
    """For each code span of a sentence (as `hostile.backtick_spans` finds them), whether "e.g.", "for example",
    "for instance" or "such as" introduces it: the values it holds are the example's own."""
    return [
        EXAMPLE_LEAD_IN.search(text, max(0, start - 16), start) is not None for start, _ in hostile.backtick_spans(text)
    ]


def example_values(tree: ast.AST) -> set[str]:
    """The plain lower-case names a piece of Python writes as the items of a tuple, list or set (`pk=(tenant_id,
    id)`): in an example, the reader's own values (round 23, card 10). A call's argument is not one of them (`key=
    natural_key` may name a function of the library's), and what it calls, an attribute and a keyword's name are
    still names of the code."""
    values: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            values.update(item.id for item in node.elts if isinstance(item, ast.Name) and LOWER_NAME.fullmatch(item.id))
    return values

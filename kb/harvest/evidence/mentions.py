"""Where the repository's documentation mentions an entry: the message's longest literal words, a setting the
message names or its conditions read, a parameter they read, or its exception class (the package's own, not a
builtin).

All documents are read once, their lines joined with single spaces (a phrase may wrap in reStructuredText),
and one Aho-Corasick automaton over every entry's terms finds them all in one pass.

Each mention's text is its line with the lines its sentence wraps onto (`paragraphs.wrapped_line`), and it
carries its paragraph (`paragraphs`): the one around the line, or the body under it when the line
is a directive or a heading. Of a term's few mentions, an entry is given the one whose paragraph names its
function (or the public entry point that reaches it) and its exception or message; the paragraph is kept only
when it names the exception or the message."""

import builtins
import re
from collections.abc import Iterable

import ahocorasick

from errorkb.matching.template import compile_template
from kb.harvest.evidence.paragraphs import (
    Names,
    is_directive,
    is_history,
    names_of,
    paragraph,
    quotes,
    score,
    wrapped_line,
)
from kb.harvest.reading.extract import FoundSite

EntryKey = tuple[str, str, str]

DOC_SUFFIXES = (".rst", ".md", ".txt")
MIN_PHRASE = 15
MAX_DOCS = 3
MAX_TEXT = 300
MAX_NAMES = 4  # settings and parameters per entry: its conditions may read many
_KEPT_PER_TERM = 3
PHRASE, NAME, CLASS = 0, 1, 2  # the kinds of term, in the order their mentions are shown
# Linear by construction, as every pattern over a repository's text (tests/harvest/test_adversarial_patterns.py).
_SETTING = re.compile(r"\bsettings\.([A-Z][A-Z0-9_]{2,}+)\b")
_SETTING_NAME = re.compile(r"\b[A-Z][A-Z0-9]*+(?:_[A-Z0-9]++)++\b")
_DEFINITION = re.compile(r"^\s*+(?:\.\.\s++(?:exception|class|setting|attribute|function|method)::|#++\s)")
_WORD = re.compile(r"\w")


def read_mentions(docs: list[tuple[str, str]], groups: dict[EntryKey, list[FoundSite]]) -> dict[EntryKey, list[dict]]:
    """`docs`: (path as recorded, text) pairs, read by the caller (`kb.harvest.reading.files`)."""
    terms: dict[str, tuple[int, str]] = {}  # lowercased -> (kind, as written)
    wanted: dict[EntryKey, list[str]] = {}
    for key, sites in groups.items():
        for kind, term in _terms(key, sites):
            lowered = term.lower()
            terms.setdefault(lowered, (kind, term))
            wanted.setdefault(key, []).append(lowered)
    if not terms or not docs:
        return {}
    automaton = ahocorasick.Automaton()
    for lowered in terms:
        automaton.add_word(lowered, lowered)
    automaton.make_automaton()
    seen: dict[str, list[tuple[bool, dict]]] = {}
    # Release notes and changelogs last: a term's first few mentions are kept, and theirs tell of fixes.
    for path, raw in sorted(docs, key=lambda doc: is_history(doc[0])):
        _find(automaton, terms, path, raw, seen)
    found: dict[EntryKey, list[dict]] = {}
    for key, lowered_terms in wanted.items():
        ordered = sorted(dict.fromkeys(lowered_terms), key=lambda t: terms[t][0])
        names = names_of(key, groups[key])
        mentions: list[dict] = []
        for lowered in ordered:
            # A paragraph already shown is not shown again for another of the entry's terms.
            shown = {mention.get("paragraph") for mention in mentions} - {None}
            hits = [hit for hit in seen.get(lowered, []) if hit[1].get("paragraph") not in shown]
            hits = hits or seen.get(lowered, [])
            if not hits:
                continue
            # The paragraph that names the function and the error first, then a definition, then the first.
            definition, best = max(
                hits, key=lambda hit: (_relevance(hit[1], names), hit[0] and not is_history(hit[1]["path"]))
            )
            mention = _for_entry(best, names, definition=definition)
            if mention not in mentions:
                mentions.append(mention)
            if len(mentions) == MAX_DOCS:
                break
        if mentions:
            found[key] = mentions
    return found


def _relevance(hit: dict, names: Names) -> int:
    return score(hit.get("paragraph", ""), names, path=hit["path"])


def _for_entry(hit: dict, names: Names, *, definition: bool) -> dict:
    """The mention as this entry shows it, with its paragraph when that speaks of this error: it quotes the
    message, or names the exception with the function that raises it, or is the body of the exception's
    definition (`.. exception::`). A paragraph that names the exception alone may be about another message."""
    mention = {k: v for k, v in hit.items() if k != "paragraph"}
    text = hit.get("paragraph", "")
    history = is_history(hit["path"])
    # A directive's body (`.. exception:: X` and what is indented under it) is about the exception it names.
    directive = definition and is_directive(hit["text"]) and hit["term"].lower() == names.error[0]
    if text and ((quotes(text, names) and not history) or directive or score(text, names, path=hit["path"]) >= 3):
        mention["paragraph"] = text
    return mention


def _terms(key: EntryKey, sites: list[FoundSite]) -> Iterable[tuple[int, str]]:
    template = compile_template(key[1]) if key[1] else None
    if template is not None:
        phrase = " ".join(max(template.literals, key=len).split())
        if len(phrase) >= MIN_PHRASE:
            yield PHRASE, phrase
    # Settings the message itself names ("... exceeded settings.DATA_UPLOAD_MAX_NUMBER_FILES.").
    names: list[str] = _SETTING_NAME.findall(template.skeleton) if template is not None else []
    for site in sites:
        evidence = site.evidence or {}
        for condition in evidence.get("conditions") or []:
            names.extend(_SETTING.findall(str(condition.get("code", ""))))
        names.extend(p for p in evidence.get("parameters") or [] if isinstance(p, str) and "_" in p.strip("_"))
    for name in list(dict.fromkeys(names))[:MAX_NAMES]:
        yield NAME, name
    tail = key[0].rsplit(".", 1)[-1]
    if len(tail) >= 5 and tail[0].isupper() and not isinstance(getattr(builtins, tail, None), type):
        yield CLASS, tail


def _find(
    automaton: "ahocorasick.Automaton",
    terms: dict[str, tuple[int, str]],
    path: str,
    raw: str,
    seen: dict[str, list[tuple[bool, dict]]],
) -> None:
    # Lines stripped at both ends and joined by one space: a wrapped phrase is found, and every line break
    # stays one character, so that a line number is a count of them.
    text = "\n".join(line.strip(" \t") for line in raw.split("\n")).lower()
    lines: list[str] | None = None
    for end, lowered in automaton.iter(text.replace("\n", " ")):
        kind, term = terms[lowered]
        begin = end - len(lowered) + 1
        if kind != PHRASE and (_is_word(text, begin - 1) or _is_word(text, end + 1)):
            continue  # part of a longer name
        kept = seen.setdefault(lowered, [])
        if len(kept) >= _KEPT_PER_TERM and any(d for d, _ in kept):
            continue
        lines = lines or raw.split("\n")
        number = text.count("\n", 0, begin) + 1
        line = lines[number - 1]
        # A `#` heading is Markdown's; in reStructuredText it is a comment in a code block.
        definition = bool(_DEFINITION.match(line)) and (path.endswith(".md") or not line.lstrip().startswith("#"))
        if (len(kept) >= _KEPT_PER_TERM and not definition) or (definition and any(d for d, _ in kept)):
            continue
        mention = {"path": path, "line": number, "text": wrapped_line(lines, number, MAX_TEXT), "term": term}
        if around := paragraph(lines, number):
            mention["paragraph"] = around
        kept.append((definition, mention))


def _is_word(text: str, index: int) -> bool:
    return 0 <= index < len(text) and bool(_WORD.match(text[index]))

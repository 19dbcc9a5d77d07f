"""A documentation sentence that states the rule a raise enforces, by the arguments its test reads (issue 29, M):
round 20's card 01, `ManyToManyRel.__init__`'s `if through and not db_constraint:` (Django 5.2.19,
django/db/models/fields/reverse_related.py:384), and docs/ref/models/fields.txt:2216, "It is an error to pass both
``db_constraint`` and ``through``."

A sentence is taken for an entry when it names, each as a literal (``x``), every parameter (two or more) that the
deciding test of one of its sites reads, beside a word of refusal ("error", "cannot", "must", "mutually
exclusive"): named by the code's own names, never by loose words. One pass over each document's paragraphs that
hold two literals at least, and only when some entry's test reads two parameters."""

import re

from kb.harvest.evidence.paragraphs import is_history
from kb.harvest.reading.extract import FoundSite

EntryKey = tuple[str, str, str]

MAX_SAID = 300
MAX_NAMES = 4  # parameters of one test: more, and the sentence would have to name them all
# Linear: literal starts, bounded possessive runs, no repeat that gives back what it read.
_LITERAL = re.compile(r"``([A-Za-z_]\w{0,100}+)``")
_IDENTIFIER = re.compile(r"[A-Za-z_]\w{0,100}+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s++(?=[A-Z`*:(])")
_REFUSAL = re.compile(
    r"\b(?:error|cannot|can't|must(?: not)?+|mutually exclusive|not allowed|incompatible|only one)\b", re.IGNORECASE
)
# A function the sentence calls: ``reverse()``, :func:`reverse`, :meth:`QuerySet.get`.
_CALLED = re.compile(r"``([A-Za-z_][\w.]{0,100}+)\(\)``|:(?:py:)?+(?:func|meth):`~?+([A-Za-z_][\w.]{0,100}+)")
_PLACEHOLDER = re.compile(r"\{[^{}]{0,200}+\}")
_BLANK = re.compile(r"\n[ \t]*+(?=\n)")  # a line break before a blank line: paragraphs end there
_CONSTANTS = frozenset({"None", "True", "False", "self", "cls"})


def read_rules(docs: list[tuple[str, str]], groups: dict[EntryKey, list[FoundSite]]) -> dict[EntryKey, dict]:
    """{key: {"path", "line", "said"}}: the first sentence of the documentation that states a rule on the
    parameters an entry's deciding test reads, which its message names too, and that calls no other function."""
    wanted = {key: names for key, sites in groups.items() if (names := _tested(sites, _words(key[1])))}
    if not wanted:
        return {}
    index: dict[str, list[dict]] = {}  # a literal -> the rule sentences that name it
    for path, text in docs:
        if path.endswith((".rst", ".txt", ".md")) and not is_history(path) and text.count("``") >= 4:
            for row, literals in _sentences(path, text):
                for literal in literals:
                    index.setdefault(literal, []).append(row | {"literals": literals})
    found: dict[EntryKey, dict] = {}
    for key, names in wanted.items():
        for tested in names:
            rarest = min(tested, key=lambda name: len(index.get(name, ())))
            functions = _functions(groups[key])
            rule = next((r for r in index.get(rarest, ()) if tested <= r["literals"] and r["calls"] <= functions), {})
            if rule:
                found[key] = {k: v for k, v in rule.items() if k not in ("literals", "calls")}
                break
    return found


def _words(signature: str) -> frozenset[str]:
    """The names the message's own text holds (its placeholders left out): `db_constraint` of "Can't supply a
    through model and db_constraint=False"."""
    return frozenset(_IDENTIFIER.findall(_PLACEHOLDER.sub(" ", signature)))


def _functions(sites: list[FoundSite]) -> frozenset[str]:
    """The short names of the raising functions and their entry points: a sentence may call only these."""
    names = {site.function.rpartition(".")[2] for site in sites}
    for site in sites:
        for row in (site.evidence or {}).get("entry_points") or []:
            if isinstance(row, dict):
                names.add(str(row.get("function") or "").rpartition(".")[2])
    return frozenset(names)


def _tested(sites: list[FoundSite], message: frozenset[str]) -> list[frozenset[str]]:
    """Per site, the parameters its deciding test (the innermost that is not a guard) reads, when two or more and
    the message names each (`args` and `kwargs` of "Calling format_html() without passing args or kwargs" are
    not those of `reverse()`'s rule: its sentence calls another function, below)."""
    found = []
    for site in sites:
        evidence = site.evidence or {}
        parameters = {str(p) for p in evidence.get("parameters") or []}
        rows = [row for row in evidence.get("conditions") or [] if isinstance(row, dict)]
        deciding = next((row for row in rows if row.get("kind") not in ("guard", "except")), None)
        if deciding is None or len(parameters) < 2:
            continue
        names = frozenset(_IDENTIFIER.findall(str(deciding.get("code") or ""))) & parameters - _CONSTANTS
        if 2 <= len(names) <= MAX_NAMES and names <= message and names not in found:
            found.append(names)
    return found


def _sentences(path: str, text: str) -> list[tuple[dict, frozenset[str]]]:
    """Each sentence of the document with two literals or more and a word of refusal, with its literals: only the
    paragraphs (runs of lines between blank ones) that hold four double backticks are looked into."""
    found = []
    start = counted = 0
    line = 1
    for gap in [*_BLANK.finditer(text), None]:
        end = gap.start() if gap is not None else len(text)
        if text.count("``", start, end) >= 4:
            line += text.count("\n", counted, start)  # each stretch of the text counted once
            counted = start
            block = text[start:end].split("\n")
            found += _rules_in(path, line, block, " ".join(part.strip() for part in block))
        start = gap.end() + 1 if gap is not None else end  # past the blank line's own line break
    return found


def _rules_in(path: str, first: int, block: list[str], joined: str) -> list[tuple[dict, frozenset[str]]]:
    found = []
    for sentence in _SENTENCE_END.split(joined):
        literals = frozenset(_LITERAL.findall(sentence)) - _CONSTANTS
        if len(literals) < 2 or not _REFUSAL.search(sentence):
            continue
        line = first + next((i for i, text in enumerate(block) if sentence[:16].strip() in text), 0)
        said = " ".join(sentence.split())
        said = said if len(said) <= MAX_SAID else said[: MAX_SAID - 1].rstrip() + "…"
        calls = frozenset((m[1] or m[2]).rpartition(".")[2] for m in _CALLED.finditer(sentence))
        found.append(({"path": path, "line": line, "said": said, "calls": calls}, literals))
    return found

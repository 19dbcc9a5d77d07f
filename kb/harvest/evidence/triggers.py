"""Which of the repository's test assertions trigger which entry.

"message": the asserted literal fits the entry's signature (in full, or sharing a long literal stretch with
it) and the asserted type is the raised one or a base of it. "type-and-call": the assertion names no usable
literal, the type is the raised one, and the asserted code calls the raising function by name.

Both ways of sharing a stretch are found with Aho-Corasick, once over the assertions and once over the
signatures, never by trying every pair."""

import builtins
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import ahocorasick

from kb.harvest.evidence.assertions import MIN_LITERAL, Assertion, usable
from kb.harvest.reading.extract import FoundSite
from kb.harvest.reading.files import Caps, Refusals, Refused, read_text, real_root, walk
from kb.matching.template import Template, compile_template, match_template

EntryKey = tuple[str, str, str]

MIN_SHARED = 12  # a shared stretch at least this long says the test is about that message
MAX_PER_ASSERTION = 3  # an assertion that fits more entries equally well says which one it triggers for none
MAX_TESTS = 3
FULL_MATCH = 10_000  # the score of a literal that is the whole message: above any shared stretch
# Django gives every model its own DoesNotExist and MultipleObjectsReturned; the harvest files them under these.
_MODEL_ALIASES = {"DoesNotExist": "ObjectDoesNotExist"}
_EVERY = {"Exception", "BaseException"}  # what an error and a warning both are
# The bases' list bounded: an unclosed `class X(` then reads a few hundred characters, never to the end (linear).
_CLASS = re.compile(r"^[ \t]*+class[ \t]++(\w++)[ \t]*+\(([^)]{0,500}+)\)", re.MULTILINE)


@dataclass(frozen=True)
class _Entry:
    key: EntryKey
    tail: str  # the exception type's class name
    # The signature's literal pieces, then each other wording's (a plural from ngettext, another branch).
    forms: tuple[tuple[str, ...], ...]
    templates: tuple[Template, ...]


def find_triggers(
    assertions: list[Assertion], groups: dict[EntryKey, list[FoundSite]], *, package: Path
) -> dict[EntryKey, list[dict]]:
    entries = [_entry(key, sites) for key, sites in groups.items()]
    types = _TypeTree(package)
    found: dict[EntryKey, list[tuple[int, int, Assertion]]] = {}
    scores = _shared_stretches(assertions, entries)
    for a, assertion in enumerate(assertions):
        fitting = {e: s for e, s in scores.get(a, {}).items() if types.fits(assertion.types, entries[e].tail)}
        if not fitting:
            continue
        best = max(fitting.values())
        chosen = [e for e, s in fitting.items() if s == best]
        if len(chosen) <= MAX_PER_ASSERTION:
            for e in chosen:
                found.setdefault(entries[e].key, []).append((0, best, assertion))
    for key, assertion in _type_and_call(assertions, groups):
        found.setdefault(key, []).append((1, 0, assertion))
    return {key: _best(matches) for key, matches in found.items()}


def _entry(key: EntryKey, sites: list[FoundSite]) -> _Entry:
    signatures = [key[1], *(signature for site in sites for _, signature in site.variants)]
    templates = [t for signature in dict.fromkeys(signatures) if signature and (t := compile_template(signature))]
    forms = tuple(chunks for t in templates if (chunks := tuple(s for literal in t.literals if (s := literal.strip()))))
    return _Entry(key, key[0].rsplit(".", 1)[-1], forms, tuple(templates))


def _shared_stretches(assertions: list[Assertion], entries: list[_Entry]) -> dict[int, dict[int, int]]:
    """{assertion: {entry: score}}: FULL_MATCH when the literal is the whole message, else how many of the
    literal's characters the signature's literals account for, when that is most of them. The candidates
    share a literal or the start of one (a window of MIN_SHARED characters), found from both sides."""
    pairs: set[tuple[int, int]] = set()
    keys = _automaton(
        (word, e) for e, entry in enumerate(entries) for chunks in entry.forms for word in _words(chunks, longest=True)
    )
    if keys is not None:
        for a, assertion in enumerate(assertions):
            if usable(assertion):
                for chunk in assertion.chunks:
                    pairs.update((a, e) for _, (_, hits) in keys.iter(chunk) for e in hits)
    stretches = _automaton((word, a) for a, assertion in enumerate(assertions) for word in _words(assertion.chunks))
    if stretches is not None:
        for e, entry in enumerate(entries):
            for literal in {literal for chunks in entry.forms for literal in chunks}:
                pairs.update((a, e) for _, (_, hits) in stretches.iter(literal) for a in hits)
    scores: dict[int, dict[int, int]] = {}
    for a, e in pairs:
        assertion, entry = assertions[a], entries[e]
        exact = assertion.exact.strip() if assertion.exact is not None else None
        full = [t.literal_length for t in entry.templates if exact is not None and match_template(t, exact)]
        if full:
            scores.setdefault(a, {})[e] = FULL_MATCH + max(full)
        elif (score := max(_covered(assertion.chunks, chunks) for chunks in entry.forms)) >= MIN_SHARED:
            scores.setdefault(a, {})[e] = score
    return scores


def _words(chunks: tuple[str, ...], *, longest: bool = False) -> Iterable[str]:
    """What a text is looked up by: each piece of MIN_SHARED characters or more and its start (a test's
    literal may end, or begin, inside a signature's literal), and the longest piece however short."""
    if not chunks:
        return
    if longest:
        yield max(chunks, key=len)
    for chunk in chunks:
        if len(chunk) >= MIN_SHARED:
            yield chunk
            yield chunk[:MIN_SHARED]


def _covered(chunks: tuple[str, ...], literals: tuple[str, ...]) -> int:
    """How many characters of the asserted chunks are the signature's literal text: a chunk inside one of its
    literals, its literals inside the chunk, or a literal that the chunk begins or ends inside. 0 unless that
    is two thirds of them, so that "Enter a valid country code." does not pass for "Enter a valid
    {protocol} address." on its first words."""
    total = covered = 0
    literals = tuple(literal for literal in literals if len(literal) >= 3)
    for chunk in chunks:
        if len(chunk) < 3:
            continue
        total += len(chunk)
        if any(chunk in literal for literal in literals):
            covered += len(chunk)
            continue
        inside = 0
        for literal in literals:
            if literal in chunk:
                inside += len(literal)
                continue
            start = chunk.find(literal[:MIN_SHARED])  # the chunk ends inside the literal
            if start != -1 and literal.startswith(chunk[start:]):
                inside += len(chunk) - start
            end = literal.find(chunk[:MIN_SHARED])  # the chunk begins inside the literal
            if end != -1 and chunk.startswith(literal[end:]):
                inside += len(literal) - end
        covered += min(len(chunk), inside)
    return covered if total and covered * 3 >= total * 2 else 0


def _automaton(words: Iterable[tuple[str, int]]) -> "ahocorasick.Automaton | None":
    postings: dict[str, list[int]] = {}
    for word, index in words:
        if len(word) >= MIN_LITERAL:
            postings.setdefault(word, []).append(index)
    if not postings:
        return None
    automaton = ahocorasick.Automaton()
    for word, indexes in postings.items():
        automaton.add_word(word, (word, indexes))
    automaton.make_automaton()
    return automaton


def _type_and_call(
    assertions: list[Assertion], groups: dict[EntryKey, list[FoundSite]]
) -> Iterable[tuple[EntryKey, Assertion]]:
    """Assertions without a usable literal whose code calls a function that raises the asserted type; a
    (type, name) that several entries share is left out, since the test may reach any of them."""
    raising: dict[tuple[str, str], set[EntryKey]] = {}
    for key, sites in groups.items():
        tail = key[0].rsplit(".", 1)[-1]
        for site in sites:
            if name := _called_as(site.function):
                raising.setdefault((tail, name), set()).add(key)
    for assertion in assertions:
        if usable(assertion):
            continue
        for tail in assertion.types:
            tail = _MODEL_ALIASES.get(tail, tail)
            for name in assertion.calls:
                keys = raising.get((tail, name), set())
                if len(keys) == 1:
                    yield next(iter(keys)), assertion


def _called_as(function: str) -> str | None:
    """The name a caller writes to reach a function: a constructor through its class."""
    parts = function.split(".")
    if parts[-1] == "__init__" and len(parts) > 1:
        return parts[-2]
    if not parts[-1] or parts[-1].startswith("__") or parts[-1] == "<module>":
        return None
    return parts[-1]


def _best(matches: list[tuple[int, int, Assertion]]) -> list[dict]:
    kept: list[dict] = []
    seen: set[tuple[str, str]] = set()
    for how, _, assertion in sorted(matches, key=lambda m: (m[0], -m[1], m[2].path, m[2].line)):
        if (assertion.path, assertion.name) in seen:
            continue
        seen.add((assertion.path, assertion.name))
        how_found = "message" if how == 0 else "type-and-call"
        row = {
            "path": assertion.path,
            "line": assertion.line,
            "name": assertion.name,
            "assertion": assertion.form,
            "how": how_found,
            "code": assertion.code,
            "start": assertion.start,
        }
        if assertion.call:  # the triggering call trimmed from the test, and the line it is on
            row.update(call=assertion.call, pinned=assertion.pinned)
        kept.append(row)
        if len(kept) == MAX_TESTS:
            break
    return kept


class _TypeTree:
    """Which class names are bases of which, as far as the repository's own class statements and the
    builtins say (by name: good enough to tell that `ValueError` covers a package's `InvalidName(ValueError)`)."""

    def __init__(self, package: Path) -> None:
        self.package = package
        self._bases: dict[str, set[str]] | None = None
        self.memo: dict[str, frozenset[str]] = {}

    @property
    def bases(self) -> dict[str, set[str]]:
        """Read once, and only when an assertion names another type than the raised one."""
        if self._bases is None:
            self._bases = _class_bases(self.package)
        return self._bases

    def fits(self, asserted: tuple[str, ...], raised: str) -> bool:
        try:
            return any(
                _MODEL_ALIASES.get(t, t) == raised or t in _EVERY or t in self.ancestors(raised) for t in asserted
            )
        except RecursionError:  # a chain of classes deeper than the interpreter's stack: said to fit nothing
            return False

    def ancestors(self, name: str) -> frozenset[str]:
        if name in self.memo:
            return self.memo[name]
        self.memo[name] = frozenset()  # a cycle in odd code ends here
        found: set[str] = set()
        builtin = getattr(builtins, name, None)
        if isinstance(builtin, type):
            found.update(c.__name__ for c in builtin.__mro__[1:])
        for base in self.bases.get(name, ()):
            found.add(base)
            found.update(self.ancestors(base))
        if name not in self.bases and not isinstance(builtin, type):
            # A class the package does not define (from a dependency): an exception all the same.
            found.update(_EVERY)
        self.memo[name] = frozenset(found)
        return self.memo[name]


def _class_bases(package: Path) -> dict[str, set[str]]:
    bases: dict[str, set[str]] = {}
    for text in _python_texts(package):
        for match in _CLASS.finditer(text):
            names = {b.strip().rsplit(".", 1)[-1] for b in match.group(2).split(",") if "=" not in b}
            bases.setdefault(match.group(1), set()).update(n for n in names if n.isidentifier())
    return bases


def _python_texts(package: Path) -> Iterable[str]:
    """The package's Python files as text: regular files inside it, within the harvest's caps (`reading.files`;
    the scan has counted the others already)."""
    caps, root = Caps.from_settings(), real_root(package)
    if package.is_file():
        paths: Iterable[Path] = [package]
    else:
        paths = (directory / name for directory, dirnames, filenames in _walk(package, root) for name in filenames)
    budget = caps.harvest_bytes
    for path in paths:
        try:
            text = read_text(path, root=root, cap=caps.file_bytes)
        except Refused:
            continue
        budget -= len(text)
        if budget < 0:
            return
        yield text


def _walk(package: Path, root: str) -> Iterable[tuple[Path, list[str], list[str]]]:
    for directory, dirnames, filenames in walk(package, root=root, refusals=Refusals(), suffixes=(".py",)):
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and d not in ("__pycache__", "locale")]
        yield directory, dirnames, filenames

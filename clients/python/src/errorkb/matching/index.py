"""The in-memory lookup index: entries, their compiled signatures, and the structures that find candidates.

No database here: `kb.matching.live` fills it from the models, the benchmark from generated data.

Retrieval. Every signature is keyed by one window (at most KEY_LENGTH characters) of one of its literals,
the rarest among its signatures' windows: a message can fit the signature only if it contains that
window, so an Aho-Corasick automaton over all keys yields every signature that could match, and the
template check then decides. A signature with no literal of MIN_KEY_LENGTH characters goes in a small
fallback list, by the last part of its entry's exception type: such a signature fits almost any message,
so only an agreeing type can vouch for it, and only the signatures of the message's type are checked.
`choose_keys` makes these choices, and each signature's rare words, for both builders: `MatchIndex.build`
here and `FrozenIndex.build` (frozen.py), so that they answer alike.

Messages cut short. A text that is only the start of a message holds the signature's first literal but maybe
not its key, so every signature is also filed by the first 16 (or, for a shorter first literal, 8) characters
of its first literal: a text's own first characters, looked up twice, give the signatures it may be the start
of, along with those whose key it holds; `template.match_prefix` then decides. A signature whose first literal
is shorter than 8 characters is found only by its key.

No updates. An index is built whole and never changed: what ranking reads (`LookupIndex`) has no write method.
A catalogue change goes into an overlay, a `MatchIndex` of the changed entries seen over the base
(overlay.py), swapped in whole by live.py; lookups running in other threads go on reading the index they hold.
"""

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from operator import itemgetter
from typing import Any, Protocol, runtime_checkable

import ahocorasick

from errorkb.matching import DRAFT
from errorkb.matching.template import Template, compile_template

KEY_LENGTH = 24
PREFIX_KEYS = (16, 8)  # a first literal is filed by its first 16 characters, or its first 8 when shorter
MAX_PREFIX_POSTINGS = 32  # a start shared by more signatures than this ("Cannot ") says little about a message
MIN_KEY_LENGTH = 3
WORDS_PER_SIGNATURE = 2
MAX_WORD_POSTINGS = 64  # words shared by more signatures than this say little about a message
WORD = re.compile(r"[A-Za-z][A-Za-z0-9_\-]{3,}+")  # possessive: see parse.py on linear patterns
SOURCE_ROOTS = frozenset({"src", "lib", "python", "source", "sources", "pkg", "packages"})


@dataclass(frozen=True, slots=True)
class Site:
    path: str
    line: int | None
    function: str
    commit: str
    # The site's path, and the same path from its package on: `src/requests/models.py` is installed as
    # `site-packages/requests/models.py`. Computed once: every frame comparison reads it.
    path_variants: tuple[str, ...] = field(init=False, compare=False, repr=False)
    # (file name, bare function name): what a traceback frame must share with the site to point at it.
    frame_key: tuple[str, str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        parts = self.path.strip("/").split("/")
        variants = ["/".join(parts)]
        for i, part in enumerate(parts[:3]):
            if part in SOURCE_ROOTS and len(parts) - i > 2:
                variants.append("/".join(parts[i + 1 :]))
        object.__setattr__(self, "path_variants", tuple(variants))
        object.__setattr__(self, "frame_key", frame_key(self.path, self.function or "<module>"))


def type_tail(exception_type: str) -> str:
    """The class name alone: what any two spellings of one type (bare or qualified) share."""
    return exception_type.rsplit(".", 1)[-1]


def path_matches(frame_path: str, site: Site) -> bool:
    """Whether a frame is in the site's file: its path, written either way, ends with the site's path or with the
    same path from its package on (installed)."""
    path = frame_path.replace("\\", "/")
    for variant in site.path_variants:  # a loop, not any(): a lookup asks this for every frame and site it compares
        if path == variant or path.endswith("/" + variant):
            return True
    return False


def frame_key(path: str, function: str) -> tuple[str, str]:
    """What a site and a traceback frame share however they are written: the file name and the bare function
    name (tracebacks print `names_to_path`, sites say `Query.names_to_path`)."""
    return path.replace("\\", "/").rsplit("/", 1)[-1], function.rsplit(".", 1)[-1]


@dataclass(frozen=True, slots=True)
class Entry:
    key: int  # the database id (or any unique int)
    public_id: str
    exception_type: str
    message: str
    status: str
    repository_url: str
    signature: str
    variants: tuple[tuple[str, str], ...]  # (message, signature) of other wordings: older ones, plurals
    sites: tuple[Site, ...]
    reviewed: bool = False  # a curator's word: above a generated card at equal fit


@dataclass(frozen=True, slots=True)
class Signature:
    entry_key: int
    text: str
    message: str  # the wording users see, with example values
    template: Template
    is_variant: bool
    # What a reworded message is compared with: the wording users see when there is one, else the literal
    # text. Computed once: every approximate lookup reads it for dozens of signatures.
    wording: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "wording", self.message or self.template.skeleton)


@runtime_checkable
class LookupIndex(Protocol):
    """What ranking (rank.py) reads of an index, and an overlay (overlay.py) of its base. Three kinds answer it:
    `MatchIndex` (objects: an overlay, tests), `FrozenIndex` (flat buffers: the base, frozen.py) and
    `LayeredIndex` (a base seen through an overlay, overlay.py). None can be changed once built.

    Signatures are known by int ids, entries by their keys; an unknown or hidden id or key reads as nothing
    (None, an empty answer), since a lookup may hold ids of an index that another thread has replaced."""

    @property
    def entries(self) -> Mapping[int, Entry]: ...

    @property
    def signatures(self) -> Mapping[int, Signature]: ...

    @property
    def next_signature(self) -> int:
        """The id the next signature gets: an overlay's first, so that its ids never meet this index's."""
        ...

    @property
    def draft_keys(self) -> frozenset[int]:
        """The keys of its draft entries: to those who may not see drafts, the index is one without them
        (`overlay.without_drafts`)."""
        ...

    def __len__(self) -> int: ...

    def candidates(self, text: str, exception_type: str | None = None) -> list[int]:
        """Every signature whose key occurs in the text, and the fallback ones of the type; each once."""
        ...

    def prefix_candidates(self, text: str) -> list[int]:
        """Signatures whose first literal the text starts with (16 or 8 characters of it compared): those a
        message cut short may be the start of; a start shared by many signatures is skipped."""
        ...

    def similar_candidates(self, text: str, *, limit: int) -> list[int]:
        """Signatures sharing the most rare words with the text: where a reworded message may be found."""
        ...

    def sites_at(self, path: str, function: str, *, unsigned_only: bool = False) -> list[tuple[int, Site]]:
        """(entry key, site) of the sites in the frame's file and function that its path points at
        (`path_matches`); of entries without a signature only. The caller may change the list."""
        ...

    def sites_in_file(self, path: str) -> list[tuple[int, Site]]:
        """(entry key, site) of every site in the frame's file (`path_matches`), function after function."""
        ...

    def unsigned_of_type(self, exception_type: str) -> tuple[int, ...]:
        """Keys of the entries without a signature whose type has the same class name."""
        ...

    def signatures_of(self, entry_key: int) -> tuple[int, ...]: ...

    def may_fit(self, sid: int, text: str) -> bool:
        """False when the signature's template cannot fit the text; True when it may (or the id is unknown)."""
        ...

    def may_start(self, sid: int, text: str) -> bool:
        """False when the text cannot be the start of a message of the signature (`template.match_prefix`)."""
        ...

    def signature_entry(self, sid: int) -> int | None:
        """The key of the signature's entry, None for an unknown id."""
        ...

    def wording_of(self, sid: int) -> str | None:
        """What a reworded message is compared with (`Signature.wording`), None for an unknown id."""
        ...


def choose_keys(templates: Sequence[Template]) -> list[tuple[str | None, list[str]]]:
    """(key, rare words) of each template, chosen knowing them all: what both builders file a signature by.

    The key is the window (`windows`) held by the fewest templates; of those, the longest; of those, the first.
    None when no literal is long enough: the signature is then filed by its type (the fallback). The rare words
    are its WORDS_PER_SIGNATURE words held by the fewest templates, then the longest, then alphabetically."""
    shapes = [windows(template) for template in templates]
    words = [set(words_of(template)) for template in templates]
    window_counts = Counter(chain.from_iterable(map(set, shapes)))
    word_counts = Counter(chain.from_iterable(words))
    # Those orders as one int or rank per string, so that min and sorted compare in C: windows by (count,
    # -length) (KEY_LENGTH < 64), ties to the first; words by (count, -length, word).
    window_order = {window: count * 64 - len(window) for window, count in window_counts.items()}
    ranked_words = sorted(word_counts.items(), key=lambda pair: (pair[1], -len(pair[0]), pair[0]))
    word_order = {word: rank for rank, (word, _count) in enumerate(ranked_words)}
    del window_counts, word_counts, ranked_words
    by_window, by_word = window_order.__getitem__, word_order.__getitem__
    return [
        (
            (min(found, key=by_window) if len(found) > 1 else found[0]) if found else None,
            sorted(shared, key=by_word)[:WORDS_PER_SIGNATURE],
        )
        for found, shared in zip(shapes, words, strict=True)
    ]


class MatchIndex:
    """The index in Python objects, built whole from its entries (`build`): a catalogue change's overlay, the
    tests. The base each process holds is a `FrozenIndex` (frozen.py), which answers as this one does."""

    def __init__(self, *, first_signature: int = 0) -> None:
        self.entries: Mapping[int, Entry] = {}
        self.signatures: Mapping[int, Signature] = {}
        self._entry_signatures: dict[int, tuple[int, ...]] = {}
        self._key_signatures: dict[int, tuple[int, ...]] = {}
        self._fallback: dict[str, tuple[int, ...]] = {}
        self._prefixes: dict[str, tuple[int, ...]] = {}
        self._words: dict[str, tuple[int, ...]] = {}
        self._frames: dict[tuple[str, str], tuple[tuple[int, Site], ...]] = {}
        # The same, for entries without a signature only: next to exact matches only those can still count,
        # and they are few, so this table is small where `_frames` holds dozens of sites a key.
        self._unsigned_frames: dict[tuple[str, str], tuple[tuple[int, Site], ...]] = {}
        # Entries without a signature by the class name of their type: when a bare line's message is only a
        # runtime value (`TemplateDoesNotExist: x.html`), a specific type is all there is to go on.
        self._unsigned_types: dict[str, tuple[int, ...]] = {}
        # File name -> the functions of its sites: a frame's whole file, when its function has no entry.
        self._file_functions: dict[str, tuple[str, ...]] = {}
        self._automaton: ahocorasick.Automaton | None = None  # key -> key id
        self._next_signature = first_signature  # an overlay's ids follow its base's: one id, one signature
        self.draft_keys: frozenset[int] = frozenset()

    @classmethod
    def build(cls, entries: Iterable[Entry], *, first_signature: int = 0) -> "MatchIndex":
        """Keys chosen knowing every signature (`choose_keys`), one automaton."""
        index = cls(first_signature=first_signature)
        compiled = [(entry, [Signature(entry.key, *found) for found in compile_wordings(entry)]) for entry in entries]
        choices = choose_keys([signature.template for _entry, signatures in compiled for signature in signatures])
        keys = index._file_signatures(compiled, choices)
        index._file_sites([entry for entry, _signatures in compiled])
        index._automaton = key_automaton(keys.items())
        index.draft_keys = frozenset(entry.key for entry, _signatures in compiled if entry.status == DRAFT)
        return index

    def _file_signatures(
        self, compiled: list[tuple[Entry, list[Signature]]], choices: list[tuple[str | None, list[str]]]
    ) -> dict[str, int]:
        """Entries, signatures and every table of signature ids; the keys chosen, with their ids."""
        entries: dict[int, Entry] = {}
        signatures: dict[int, Signature] = {}
        keys: dict[str, int] = {}
        # Lists while filing (appending to tuples would be quadratic), tuples once readers may see them.
        key_signatures: dict[int, list[int]] = {}
        fallback: dict[str, list[int]] = {}
        prefixes: dict[str, list[int]] = {}
        words: dict[str, list[int]] = {}
        unsigned_types: dict[str, list[int]] = {}
        start = sid = self._next_signature
        for entry, entry_signatures in compiled:
            entries[entry.key] = entry
            tail = type_tail(entry.exception_type)
            first = sid
            for signature in entry_signatures:
                signatures[sid] = signature
                key, rare = choices[sid - start]
                if key is None:
                    fallback.setdefault(tail, []).append(sid)
                else:
                    key_signatures.setdefault(keys.setdefault(key, len(keys)), []).append(sid)
                if (prefix := prefix_key(signature.template)) is not None:
                    prefixes.setdefault(prefix, []).append(sid)
                for word in rare:
                    words.setdefault(word, []).append(sid)
                sid += 1
            self._entry_signatures[entry.key] = tuple(range(first, sid))
            if sid == first:
                unsigned_types.setdefault(tail, []).append(entry.key)
        self.entries, self.signatures, self._next_signature = entries, signatures, sid
        self._key_signatures, self._fallback = _tuples(key_signatures), _tuples(fallback)
        self._prefixes, self._words, self._unsigned_types = _tuples(prefixes), _tuples(words), _tuples(unsigned_types)
        return keys

    def _file_sites(self, entries: list[Entry]) -> None:
        """The tables of sites, by frame and by file: after `_file_signatures`, which tells the unsigned."""
        frames: dict[tuple[str, str], list[tuple[int, Site]]] = {}
        unsigned_frames: dict[tuple[str, str], list[tuple[int, Site]]] = {}
        file_functions: dict[str, dict[str, None]] = {}
        for entry in entries:
            unsigned = not self._entry_signatures[entry.key]
            for site in entry.sites:
                frame = site.frame_key
                frames.setdefault(frame, []).append((entry.key, site))
                file_functions.setdefault(frame[0], {})[frame[1]] = None
                if unsigned:
                    unsigned_frames.setdefault(frame, []).append((entry.key, site))
        self._frames, self._unsigned_frames = _tuples(frames), _tuples(unsigned_frames)
        self._file_functions = _tuples(file_functions)

    def __len__(self) -> int:
        return len(self.signatures)

    @property
    def next_signature(self) -> int:
        return self._next_signature

    # Queries ---------------------------------------------------------------------------------------------

    def candidates(self, text: str, exception_type: str | None = None) -> list[int]:
        """Every signature whose key occurs in the text, and the fallback ones of the type; each once."""
        automaton = self._automaton
        hits = {key_id for _end, key_id in automaton.iter(text)} if automaton is not None else set()
        fallback = self._fallback.get(type_tail(exception_type), ()) if exception_type else ()
        key_signatures = self._key_signatures
        if not fallback and len(hits) == 1:
            return list(key_signatures.get(hits.pop(), ()))  # a key's signatures are distinct
        found: dict[int, None] = dict.fromkeys(fallback)
        for key_id in hits:
            for sid in key_signatures.get(key_id, ()):
                found[sid] = None
        return list(found)

    def prefix_candidates(self, text: str) -> list[int]:
        """Signatures whose first literal the text starts with (16 or 8 characters of it compared): those a
        message cut short may be the start of. Two dict lookups; a start shared by many signatures is skipped
        (their keys, found in the text, still lead to them)."""
        found: list[int] = []
        for length in PREFIX_KEYS:
            if len(text) >= length and len(bucket := self._prefixes.get(text[:length], ())) <= MAX_PREFIX_POSTINGS:
                found += bucket
        return found

    def similar_candidates(self, text: str, *, limit: int) -> list[int]:
        """Signatures sharing the most rare words with the text: where a reworded message may be found."""
        words = self._words
        # One count over every kept word's postings, in the order of the words: Counter.update per word
        # costs more in its own checks than in counting.
        kept = [p for word in dict.fromkeys(WORD.findall(text)) if len(p := words.get(word, ())) <= MAX_WORD_POSTINGS]
        if not kept:
            return []
        # A plain dict count: the postings are few (a handful a query), and building a Counter costs more.
        shared: dict[int, int] = {}
        for sid in chain.from_iterable(kept):
            shared[sid] = shared.get(sid, 0) + 1
        # Most shared words first; a stable sort keeps ties in the order the postings were met.
        ranked = sorted(shared.items(), key=itemgetter(1), reverse=True)
        return [sid for sid, _count in ranked[:limit]]

    def sites_for(self, path: str, function: str, *, unsigned_only: bool = False) -> tuple[tuple[int, Site], ...]:
        """(entry key, site) of the sites in the frame's file and function; of entries without a signature only."""
        table = self._unsigned_frames if unsigned_only else self._frames
        return table.get(frame_key(path, function), ())

    def sites_at(self, path: str, function: str, *, unsigned_only: bool = False) -> list[tuple[int, Site]]:
        """Those of `sites_for` that the frame's path points at (`path_matches`), in the same order: what the
        ranking compares a frame with. A frozen index (frozen.py) finds them by the path's endings, making none
        of the others (a function's name is shared by dozens of sites in files of one name)."""
        pairs = self.sites_for(path, function, unsigned_only=unsigned_only)
        return [pair for pair in pairs if path_matches(path, pair[1])]

    def sites_in_file(self, path: str) -> list[tuple[int, Site]]:
        """(entry key, site) of every site in the frame's file (`path_matches`), function after function."""
        file_name = frame_key(path, "")[0]
        frames = self._frames
        return [
            pair
            for function in self._file_functions.get(file_name, ())
            for pair in frames.get((file_name, function), ())
            if path_matches(path, pair[1])
        ]

    def unsigned_of_type(self, exception_type: str) -> tuple[int, ...]:
        """Keys of the entries without a signature whose type has the same class name."""
        return self._unsigned_types.get(type_tail(exception_type), ())

    def signatures_of(self, entry_key: int) -> tuple[int, ...]:
        return self._entry_signatures.get(entry_key, ())

    def may_fit(self, sid: int, text: str) -> bool:
        """False when the signature's template cannot fit the text. Always True here, where the template is at
        hand; a frozen index (frozen.py) checks its first and last literals without making the signature."""
        return True

    def may_start(self, sid: int, text: str) -> bool:
        """False when the text cannot be the start of a message of the signature (`template.match_prefix`). Always
        True here; a frozen index (frozen.py) compares the first literal without making the signature."""
        return True

    def signature_entry(self, sid: int) -> int | None:
        signature = self.signatures.get(sid)
        return signature.entry_key if signature is not None else None

    def wording_of(self, sid: int) -> str | None:
        signature = self.signatures.get(sid)
        return signature.wording if signature is not None else None


def compile_wordings(entry: Entry) -> list[tuple[str, str, Template, bool]]:
    """(signature text, message, template, is a variant) of each distinct wording of the entry that compiles."""
    wordings = [(entry.message, entry.signature, False)]
    wordings += [(message, signature, True) for message, signature in entry.variants]
    compiled = []
    seen: set[str] = set()
    for message, text, is_variant in wordings:
        # An empty signature means the message could not be rebuilt: such an entry is found by its frames.
        if not text.strip() or text in seen or (template := compile_template(text)) is None:
            continue
        seen.add(text)
        compiled.append((text, message, template, is_variant))
    return compiled


def windows(template: Template) -> list[str]:
    """The candidate keys of a template, of which `choose_keys` picks one: the head and the tail of each literal
    long enough to be selective."""
    found = []
    for literal in template.literals:
        if len(literal) < MIN_KEY_LENGTH:
            continue
        found.append(literal[:KEY_LENGTH])
        if len(literal) > KEY_LENGTH:
            found.append(literal[-KEY_LENGTH:])
    return found


def prefix_key(template: Template) -> str | None:
    """What a signature is filed by for messages cut short: its first literal's first 16 or 8 characters."""
    first = template.literals[0]
    return next((first[:length] for length in PREFIX_KEYS if len(first) >= length), None)


def words_of(template: Template) -> list[str]:
    return [word for literal in template.literals for word in WORD.findall(literal)]


def key_automaton(words: Iterable[tuple[str, int]]) -> ahocorasick.Automaton | None:
    automaton = ahocorasick.Automaton(ahocorasick.STORE_INTS)
    for word, key_id in words:
        automaton.add_word(word, key_id)
    if len(automaton) == 0:
        return None
    automaton.make_automaton()
    return automaton


def _tuples(filed: Mapping[Any, Iterable[Any]]) -> dict[Any, tuple[Any, ...]]:
    return {key: tuple(values) for key, values in filed.items()}

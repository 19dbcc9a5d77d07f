"""The in-memory lookup index: entries, their compiled signatures, and the structures that find candidates.

No database here: `kb.matching.live` fills it from the models, the benchmark from generated data.

Retrieval. Every signature is keyed by one window (at most KEY_LENGTH characters) of one of its literals,
the rarest among its signatures' windows: a message can fit the signature only if it contains that
window, so an Aho-Corasick automaton over all keys yields every signature that could match, and the
template check then decides. A signature with no literal of MIN_KEY_LENGTH characters goes in a small
fallback list, by the last part of its entry's exception type: such a signature fits almost any message,
so only an agreeing type can vouch for it, and only the signatures of the message's type are checked.

Messages cut short. A text that is only the start of a message holds the signature's first literal but maybe
not its key, so every signature is also filed by the first 16 (or, for a shorter first literal, 8) characters
of its first literal: a text's own first characters, looked up twice, give the signatures it may be the start
of, along with those whose key it holds; `template.match_prefix` then decides. A signature whose first literal
is shorter than 8 characters is found only by its key.

Updates. The automaton cannot take a word without being rebuilt as a whole, so keys added after the
last full build go into a small second automaton, rebuilt on every update; once it holds a sizeable
share of the keys, both are merged in one rebuild. A removed signature's key may stay in an automaton:
its hits resolve to nothing.

Readers never lock: updates replace tuples in dicts and swap whole automata, so a lookup running in
another thread sees either the old or the new state of each structure, never a half-changed one.
"""

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import chain
from operator import itemgetter
from typing import Any

import ahocorasick

from kb.matching.template import Template, compile_template

KEY_LENGTH = 24
PREFIX_KEYS = (16, 8)  # a first literal is filed by its first 16 characters, or its first 8 when shorter
MAX_PREFIX_POSTINGS = 32  # a start shared by more signatures than this ("Cannot ") says little about a message
MIN_KEY_LENGTH = 3
WORDS_PER_SIGNATURE = 2
MERGE_SHARE = 0.05  # merge the delta automaton into the main one past this share of all keys
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


class MatchIndex:
    def __init__(self, *, first_signature: int = 0) -> None:
        # Read-only to callers: a layered index (overlay.py) answers with views over two indexes.
        self._entry_table: dict[int, Entry] = {}
        self._signature_table: dict[int, Signature] = {}
        self.entries: Mapping[int, Entry] = self._entry_table
        self.signatures: Mapping[int, Signature] = self._signature_table
        self._entry_signatures: dict[int, tuple[int, ...]] = {}
        self._keys: dict[str, int] = {}
        self._key_signatures: dict[int, tuple[int, ...]] = {}
        self._signature_key: dict[int, int] = {}
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
        self._automata: tuple[ahocorasick.Automaton, ...] = ()
        self._main_keys = 0
        self._delta_keys: list[int] = []
        self._next_signature = first_signature  # an overlay's ids follow its base's: one id, one signature
        self._window_counts: Counter[str] | None = None
        self._word_counts: Counter[str] | None = None

    @classmethod
    def build(cls, entries: Iterable[Entry], *, first_signature: int = 0) -> "MatchIndex":
        """A full build: keys chosen knowing every signature, one automaton."""
        entries = list(entries)
        index = cls(first_signature=first_signature)
        compiled = [(entry, index._compile(entry)) for entry in entries]
        # Counted from generators and worked out again when filing: kept for every signature, the windows and
        # words would add a fifth to the process's memory, for a tenth of the build's time.
        signatures = [s.template for _e, sigs in compiled for s in sigs]
        index._window_counts = Counter(chain.from_iterable(set(_windows(t)) for t in signatures))
        index._word_counts = Counter(chain.from_iterable(set(_words(t)) for t in signatures))
        del signatures
        index._file_all(compiled)
        index._window_counts = index._word_counts = None
        index._rebuild_automata(merge=True)
        return index

    def __len__(self) -> int:
        return len(self.signatures)

    @property
    def next_signature(self) -> int:
        """The id the next signature gets: an overlay's first, so that its ids never meet this index's."""
        return self._next_signature

    # Updates ---------------------------------------------------------------------------------------------

    def upsert(self, entries: Iterable[Entry]) -> None:
        for entry in entries:
            self._remove(entry.key)
            self._insert(entry, self._compile(entry))

    def remove(self, keys: Iterable[int]) -> None:
        for key in keys:
            self._remove(key)

    def commit(self) -> None:
        """Make the updates since the last commit visible to `candidates`."""
        merge = len(self._delta_keys) > MERGE_SHARE * max(len(self._keys), 1)
        self._rebuild_automata(merge=merge)

    def _compile(self, entry: Entry) -> list[Signature]:
        return [Signature(entry.key, *wording) for wording in compile_wordings(entry)]

    def _file_all(self, compiled: list[tuple[Entry, list[Signature]]]) -> None:
        """`_insert` of every entry of a full build, with the tables and counts in local names: the same tables,
        in a third of the time of a million method calls."""
        window_counts, word_counts = self._window_counts or Counter(), self._word_counts or Counter()
        entries, signatures, entry_signatures = self._entry_table, self._signature_table, self._entry_signatures
        keys, signature_key, delta_keys = self._keys, self._signature_key, self._delta_keys
        # Lists while filing (appending to tuples would be quadratic), tuples once readers may see them.
        key_signatures: dict[int, list[int]] = {}
        fallback: dict[str, list[int]] = {}
        prefixes: dict[str, list[int]] = {}
        words_table: dict[str, list[int]] = {}
        unsigned_types: dict[str, list[int]] = {}
        frames: dict[tuple[str, str], list[tuple[int, Site]]] = {}
        unsigned_frames: dict[tuple[str, str], list[tuple[int, Site]]] = {}
        file_functions: dict[str, dict[str, None]] = {}
        sid = self._next_signature
        for entry, entry_sigs in compiled:
            key = entry.key
            entries[key] = entry
            tail = type_tail(entry.exception_type)
            first = sid
            for signature in entry_sigs:
                signatures[sid] = signature
                if windows := _windows(signature.template):
                    best = min(windows, key=lambda w: (window_counts[w], -len(w)))
                    key_id = keys.get(best)
                    if key_id is None:
                        key_id = keys[best] = len(keys)
                        delta_keys.append(key_id)
                    key_signatures.setdefault(key_id, []).append(sid)
                    signature_key[sid] = key_id
                else:
                    fallback.setdefault(tail, []).append(sid)
                if (prefix := _prefix_key(signature.template)) is not None:
                    prefixes.setdefault(prefix, []).append(sid)
                words = set(_words(signature.template))
                rare = sorted(words, key=lambda w: (word_counts[w], -len(w), w))[:WORDS_PER_SIGNATURE]
                for word in rare:
                    words_table.setdefault(word, []).append(sid)
                sid += 1
            entry_signatures[key] = tuple(range(first, sid))
            if sid == first:
                unsigned_types.setdefault(tail, []).append(key)
            for site in entry.sites:
                frame = site.frame_key
                frames.setdefault(frame, []).append((key, site))
                file_functions.setdefault(frame[0], {})[frame[1]] = None
                if sid == first:
                    unsigned_frames.setdefault(frame, []).append((key, site))
        self._next_signature = sid
        pairs: tuple[tuple[dict[Any, tuple[Any, ...]], dict[Any, Any]], ...] = (
            (self._key_signatures, key_signatures),
            (self._fallback, fallback),
            (self._prefixes, prefixes),
            (self._words, words_table),
            (self._unsigned_types, unsigned_types),
            (self._frames, frames),
            (self._unsigned_frames, unsigned_frames),
            (self._file_functions, file_functions),
        )
        for table, filed in pairs:
            table.update({key: tuple(values) for key, values in filed.items()})

    def _insert(
        self, entry: Entry, signatures: list[Signature], shapes: list[tuple[list[str], list[str]]] | None = None
    ) -> None:
        """`shapes`: each signature's (windows, words), when already worked out."""
        self._entry_table[entry.key] = entry
        ids = []
        tail = type_tail(entry.exception_type)
        if shapes is None:
            shapes = [(_windows(s.template), _words(s.template)) for s in signatures]
        for signature, (windows, words) in zip(signatures, shapes, strict=True):
            sid = self._next_signature
            self._next_signature += 1
            self._signature_table[sid] = signature
            ids.append(sid)
            self._key_signature(sid, windows, tail)
            if (prefix := _prefix_key(signature.template)) is not None:
                self._append(self._prefixes, prefix, sid)
            for word in self._rare_words(words):
                self._append(self._words, word, sid)
        self._entry_signatures[entry.key] = tuple(ids)
        if not ids:
            self._append(self._unsigned_types, tail, entry.key)
        for site in entry.sites:
            self._append(self._frames, site.frame_key, (entry.key, site))
            file_name, function = site.frame_key
            if function not in self._file_functions.get(file_name, ()):
                self._append(self._file_functions, file_name, function)
            if not ids:
                self._append(self._unsigned_frames, site.frame_key, (entry.key, site))

    def _append(self, table: dict, key: object, value: object) -> None:
        table[key] = (*table.get(key, ()), value)

    def _key_signature(self, sid: int, windows: list[str], exception_tail: str) -> None:
        if not windows:
            self._append(self._fallback, exception_tail, sid)
            return
        best = min(windows, key=lambda w: (self._window_frequency(w), -len(w)))
        key_id = self._keys.get(best)
        if key_id is None:
            key_id = self._keys[best] = len(self._keys)
            self._delta_keys.append(key_id)
        self._append(self._key_signatures, key_id, sid)
        self._signature_key[sid] = key_id

    def _window_frequency(self, window: str) -> int:
        if self._window_counts is not None:
            return self._window_counts[window]
        key_id = self._keys.get(window)
        return len(self._key_signatures.get(key_id, ())) if key_id is not None else 0

    def _rare_words(self, words: list[str]) -> list[str]:
        counts = self._word_counts
        words = sorted(
            set(words),
            key=lambda w: (counts[w] if counts is not None else len(self._words.get(w, ())), -len(w), w),
        )
        return words[:WORDS_PER_SIGNATURE]

    def _remove(self, entry_key: int) -> None:
        entry = self._entry_table.pop(entry_key, None)
        if entry is None:
            return
        for sid in self._entry_signatures.pop(entry_key, ()):
            signature = self._signature_table.pop(sid)
            key_id = self._signature_key.pop(sid, None)
            if key_id is None:
                tail = type_tail(entry.exception_type)
                self._fallback[tail] = tuple(s for s in self._fallback.get(tail, ()) if s != sid)
            else:
                self._key_signatures[key_id] = tuple(s for s in self._key_signatures[key_id] if s != sid)
            if (prefix := _prefix_key(signature.template)) is not None and prefix in self._prefixes:
                self._prefixes[prefix] = tuple(s for s in self._prefixes[prefix] if s != sid)
            for word in set(_words(signature.template)):
                if word in self._words:
                    self._words[word] = tuple(s for s in self._words[word] if s != sid)
        tail = type_tail(entry.exception_type)
        if entry_key in self._unsigned_types.get(tail, ()):
            self._unsigned_types[tail] = tuple(key for key in self._unsigned_types[tail] if key != entry_key)
        for site in entry.sites:
            key = site.frame_key
            for table in (self._frames, self._unsigned_frames):
                if key in table:
                    table[key] = tuple(pair for pair in table[key] if pair[0] != entry_key)

    def _rebuild_automata(self, *, merge: bool) -> None:
        if merge:
            main = _automaton(self._keys.items())
            self._main_keys, self._delta_keys = len(self._keys), []
            self._automata = (main,) if main is not None else ()
            return
        main = self._automata[:1] if self._main_keys else ()
        delta_ids = set(self._delta_keys)
        delta = _automaton((word, kid) for word, kid in self._keys.items() if kid in delta_ids) if delta_ids else None
        self._automata = (*main, delta) if delta is not None else main

    # Queries ---------------------------------------------------------------------------------------------

    def candidates(self, text: str, exception_type: str | None = None) -> list[int]:
        """Every signature whose key occurs in the text, and the fallback ones of the type; each once."""
        automata = self._automata
        if len(automata) == 1:
            hits = {key_id for _end, key_id in automata[0].iter(text)}
        else:
            hits = {key_id for automaton in automata for _end, key_id in automaton.iter(text)}
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
        kept = [p for word in set(WORD.findall(text)) if len(p := words.get(word, ())) <= MAX_WORD_POSTINGS]
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
        """(entry key, site) of every site in a file of the frame's name (the caller compares whole paths)."""
        file_name = frame_key(path, "")[0]
        frames = self._frames
        return [
            pair
            for function in self._file_functions.get(file_name, ())
            for pair in frames.get((file_name, function), ())
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
        """The key of the signature's entry, None for an unknown id."""
        signature = self.signatures.get(sid)
        return signature.entry_key if signature is not None else None

    def wording_of(self, sid: int) -> str | None:
        """What a reworded message is compared with (`Signature.wording`), None for an unknown id."""
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


def _windows(template: Template) -> list[str]:
    """The candidate keys of a template: the head and the tail of each literal long enough to be selective."""
    windows = []
    for literal in template.literals:
        if len(literal) < MIN_KEY_LENGTH:
            continue
        windows.append(literal[:KEY_LENGTH])
        if len(literal) > KEY_LENGTH:
            windows.append(literal[-KEY_LENGTH:])
    return windows


def _prefix_key(template: Template) -> str | None:
    first = template.literals[0]
    return next((first[:length] for length in PREFIX_KEYS if len(first) >= length), None)


def _words(template: Template) -> list[str]:
    return [word for literal in template.literals for word in WORD.findall(literal)]


def _automaton(words: Iterable[tuple[str, int]]) -> ahocorasick.Automaton | None:
    automaton = ahocorasick.Automaton(ahocorasick.STORE_INTS)
    for word, key_id in words:
        automaton.add_word(word, key_id)
    if len(automaton) == 0:
        return None
    automaton.make_automaton()
    return automaton

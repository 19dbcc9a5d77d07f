"""The base lookup index in flat buffers: shared by every worker forked after its build, page for page.

Why not Python objects. A worker forked from the master shares its memory until it writes to a page. Reading a
Python object writes to it: every lookup increments and decrements the reference counts of the dicts, tuples and
dataclasses it reads, so copy-on-write gave every worker its own copy of whatever its lookups had touched (1.8 GB a
worker at 1M signatures; `gc.freeze()` stops only the collector's writes). Here the bulk of the index is a few
dozen `bytes` and `array` objects whose contents are never written once built: a lookup writes to their headers
only (one page each), and to the objects it makes for its answer.

Layout. Entries, signatures and sites are numbered by their position in the build; entries and signatures have
their records marshalled one after another in one blob, with an array of offsets (an entry's record holds its
sites' fields). An entry's signatures and sites are consecutive runs (arrays of run offsets). The tables of
`MatchIndex` keyed by strings (prefixes, words, frames, types, a site's path endings) are sorted arrays of the
keys' 64-bit `hash()` with runs of ids, found through a directory of their high bits (`flat.Sorted`). The Aho-Corasick
automaton (`flat.key_finder`) is plain memory that a search only reads, a key's id its position; a key id's
signatures are a run as well. Objects (`Entry`, `Signature`, `Site`) are made from their records when asked for,
the last CACHED of each kept per process; a candidate's template is checked before its signature is made
(`may_fit`), since most candidates of a common key do not fit.

`hash()` of a string is the process's own (PYTHONHASHSEED): the buffers are valid in the process that built them
and in its forks, which is how gunicorn runs them (config/gunicorn.py); they are not written to a file. Two keys of
one hash share a run: a one in 2^64 chance per pair, and every candidate is still checked against its template.

The buffers and their build are in flat.py. Answers are those of `MatchIndex.build` over the same entries: the
same keys chosen (both builders file by `index.choose_keys`), the same ids, the same order of candidates
(tests/matching/test_frozen.py). It is never changed once built: a catalogue change goes into an overlay
(overlay.py), a large one into a new base.
"""

from array import array
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping
from itertools import chain
from operator import itemgetter
from typing import Any, TypeVar

from errorkb.matching import DRAFT, flat
from errorkb.matching.flat import Records, Runs, Sorted, Table
from errorkb.matching.index import (
    MAX_PREFIX_POSTINGS,
    MAX_WORD_POSTINGS,
    PREFIX_KEYS,
    WORD,
    Entry,
    Signature,
    Site,
    frame_key,
    path_matches,
    type_tail,
)
from errorkb.matching.slotted import restorer
from errorkb.matching.template import Template

# Objects of each kind kept per process: enough for a lookup's own second reads and a burst of one error. Every
# object kept is walked by the collector and freed long after it was made, cold: with lookups spread over the
# catalogue (match_bench at 100k), keeping 1,024 made the pass 10-25% slower than keeping 64, for no hit.
CACHED = 64
# Frames whose sites (`sites_at`) are kept per process: a few hundred small tuples.
CACHED_FRAMES = 256
V = TypeVar("V")


_restore_entry = restorer(Entry)
_restore_site = restorer(Site)
_restore_signature = restorer(Signature)
_restore_template = restorer(Template)


_KEY_ID = itemgetter(0)  # a key found (id, start, end): its id; a (signature id, count): its id
_COUNT = itemgetter(1)  # a (signature id, count): its count


def _end_longest_first(found: tuple[int, int, int]) -> tuple[int, int]:
    """A key found (id, start, end) by its end, then its start: the longest of those ending together first."""
    return found[2], -found[1]


class _Made(Mapping[int, V]):
    """Objects made on demand by number, the last CACHED of them kept."""

    __slots__ = ("_cache", "_find", "_make", "_numbers")

    def __init__(self, find: Any, make: Any, numbers: Any) -> None:
        self._find, self._make, self._numbers = find, make, numbers  # key -> position or None; position -> object
        # First in, first out: a plain dict's oldest key is found by skipping the holes its deletions left.
        self._cache: OrderedDict[int, V] = OrderedDict()

    def get(self, key: int, default: V | None = None) -> V | None:  # type: ignore[override]
        value = self._cache.get(key)
        if value is not None:
            return value
        position = self._find(key)
        if position is None:
            return default
        value = self._make(position)
        cache = self._cache  # `keep`, inlined: most objects a lookup asks for are made
        if len(cache) >= CACHED:
            try:
                cache.popitem(last=False)
            except KeyError:
                pass
        cache[key] = value
        return value

    def kept(self, key: int) -> V | None:
        """The object if it is kept, without making it."""
        return self._cache.get(key)

    def keep(self, key: int, value: V) -> None:
        cache = self._cache
        if len(cache) >= CACHED:
            try:  # another thread may evict at the same time: one eviction is enough
                cache.popitem(last=False)
            except KeyError:
                pass
        cache[key] = value

    def __getitem__(self, key: int) -> V:
        value = self.get(key)
        if value is None:
            raise KeyError(key)
        return value

    def __contains__(self, key: object) -> bool:
        return isinstance(key, int) and self._find(key) is not None

    def __iter__(self) -> Iterator[int]:
        return iter(self._numbers())

    def __len__(self) -> int:
        return len(self._numbers())


class FrozenIndex:
    """A `LookupIndex` over flat buffers (see the module's docstring), answering as `MatchIndex` does."""

    _keys_automaton: Any  # ahocorasick_rs.BytesAhoCorasick | None: the keys in UTF-8, by id (`flat.key_finder`)
    _key_runs: Runs  # key id -> signature ids
    _fallback_table: Table  # hash of a type's class name -> signature ids without a key
    _prefix_table: Table  # hash of a first literal's first 16 or 8 characters -> signature ids
    _word_table: Table  # hash of a rare word -> signature ids
    _unsigned_type_table: Table  # hash of a type's class name -> keys of entries without a signature
    _frame_table: Table  # hash of (file name, function) -> site numbers
    _unsigned_frame_table: Table  # the same, of entries without a signature
    _path_table: Table  # hash of (a site's path variant, bare function) -> site numbers: `sites_at`
    _unsigned_path_table: Table  # the same, of entries without a signature
    _file_path_table: Table  # hash of a site's path variant -> site numbers: `sites_in_file`
    _path_depth: int  # the most slashes in a path variant, plus one
    _file_table: Table  # hash of a file name -> site numbers, by function as `MatchIndex.sites_in_file` orders them
    _entry_keys: array  # by position
    _sorted_keys: Sorted
    _sorted_positions: array  # the positions of _sorted_keys
    _entry_records: Records
    _entry_signatures_runs: array  # by position: the first signature's number, then the next entry's
    _entry_sites: array  # by position: the first site's number, then the next entry's
    _signature_entries: array  # by signature number: its entry's key
    _signature_records: Records
    _wordings: bytes  # by signature number: `Signature.wording` in UTF-8, one after another
    _wording_offsets: array
    _heads: array  # by signature number: the hash of its template's first literal, and that literal's length
    _head_lengths: array
    _tails: array  # the same of its last literal
    _tail_lengths: array
    _site_owners: array  # by site number: its entry's position (its fields are in the entry's record)
    _site_entries: array  # by site number: its entry's key
    _made_entries: "_Made[Entry]"
    _made_signatures: "_Made[Signature]"
    _kept_sites: "OrderedDict[tuple[str, str, bool], tuple[tuple[int, Site], ...]]"

    @classmethod
    def build(cls, entries: Iterable[Entry], *, first_signature: int = 0) -> "FrozenIndex":
        entries = list(entries)
        next_signature, parts = flat.build(entries, first_signature)
        drafts = frozenset(entry.key for entry in entries if entry.status == DRAFT)
        return cls(next_signature, draft_keys=drafts, **parts)

    def __init__(self, next_signature: int, *, draft_keys: frozenset[int] = frozenset(), **parts: Any) -> None:
        """`parts`: the buffers annotated above, as `flat.build` makes them."""
        self.__dict__.update(parts)
        self.draft_keys = draft_keys
        self._next_signature = next_signature
        self._first = next_signature - len(self._signature_entries)
        self._made_entries = _Made[Entry](self._entry_position, self._make_entry, self._entry_keys.tolist)
        self.entries: Mapping[int, Entry] = self._made_entries
        self._made_signatures = _Made[Signature](self._signature_position, self._make_signature, self._signature_ids)
        self.signatures: Mapping[int, Signature] = self._made_signatures
        self._kept_sites = OrderedDict()

    @property
    def next_signature(self) -> int:
        return self._next_signature

    def __len__(self) -> int:
        return len(self._signature_entries)

    # Objects from records ----------------------------------------------------------------------------------

    def _entry_position(self, key: int) -> int | None:
        i = self._sorted_keys.find(key)
        return self._sorted_positions[i] if i >= 0 else None

    def _signature_position(self, sid: int) -> int | None:
        position = sid - self._first
        return position if 0 <= position < len(self._signature_entries) else None

    def _signature_ids(self) -> range:
        return range(self._first, self._next_signature)

    def _make_entry(self, position: int) -> Entry:
        # The entry's sites are in its own record: one unmarshalling for the entry and all its sites.
        *fields, sites, reviewed = self._entry_records.load(position)
        return _restore_entry((*fields, tuple(map(_restore_site, sites)), reviewed))

    def _make_site(self, n: int) -> Site:
        position = self._site_owners[n]
        # A frame's site is most often the entry a message fit has just made (rank._put_raise_first): its own.
        entry = self._made_entries.kept(self._site_entries[n])
        if entry is not None:
            return entry.sites[n - self._entry_sites[position]]
        return _restore_site(self._entry_records.load(position)[-2][n - self._entry_sites[position]])

    def _make_signature(self, position: int) -> Signature:
        return self._signature_from(position, self._signature_records.load(position))

    def _signature_from(self, position: int, record: tuple[Any, ...]) -> Signature:
        text, message, template_fields, is_variant = record
        template = _restore_template(template_fields)
        wording = message or "".join(template.literals)
        return _restore_signature((self._signature_entries[position], text, message, template, is_variant, wording))

    def _site_pairs(self, numbers: list[int], file_name: str, function: str | None) -> list[tuple[int, Site]]:
        """(entry key, site) of the sites of these numbers; those of another file or function dropped, should two
        keys share a hash."""
        keys, make = self._site_entries, self._make_site
        pairs = []
        for n in numbers:
            site = make(n)
            if site.frame_key[0] == file_name and (function is None or site.frame_key[1] == function):
                pairs.append((keys[n], site))
        return pairs

    # Queries ---------------------------------------------------------------------------------------------

    def candidates(self, text: str, exception_type: str | None = None) -> list[int]:
        finder = self._keys_automaton
        hits: set[int] = set()
        if finder is not None:
            keys = finder.find_matches_as_indexes(text.encode("utf-8", "surrogatepass"), overlapping=True)
            if len(keys) > 1:
                # In the order pyahocorasick reports them (`MatchIndex`'s): by end, the longest first at one end.
                keys.sort(key=_end_longest_first)
            hits = set(map(_KEY_ID, keys))  # in C: no comprehension's frame a lookup
        # The class name (`type_tail`, inlined).
        fallback = self._fallback_table.get(hash(exception_type.rpartition(".")[2])) if exception_type else []
        runs = self._key_runs.run
        if not fallback and len(hits) == 1:
            return runs(hits.pop())
        found: dict[int, None] = dict.fromkeys(fallback)
        for key_id in hits:
            for sid in runs(key_id):
                found[sid] = None
        return list(found)

    def prefix_candidates(self, text: str) -> list[int]:
        starts = [hash(text[:length]) for length in PREFIX_KEYS if len(text) >= length]
        runs = self._prefix_table.runs_of(starts, MAX_PREFIX_POSTINGS)
        return runs[0].tolist() if len(runs) == 1 else [sid for run in runs for sid in run]

    def similar_candidates(self, text: str, *, limit: int) -> list[int]:
        kept = self._word_table.runs_of(map(hash, dict.fromkeys(WORD.findall(text))), MAX_WORD_POSTINGS)
        if not kept:  # no rare word in the text: most noise
            return []
        shared: dict[int, int] = {}
        for sid in chain.from_iterable(kept):
            shared[sid] = shared.get(sid, 0) + 1
        ranked = sorted(shared.items(), key=_COUNT, reverse=True)
        return list(map(_KEY_ID, ranked[:limit]))

    def sites_for(self, path: str, function: str, *, unsigned_only: bool = False) -> tuple[tuple[int, Site], ...]:
        table = self._unsigned_frame_table if unsigned_only else self._frame_table
        file_name, bare = frame_key(path, function)
        numbers = table.get(hash((file_name, bare)))
        return tuple(self._site_pairs(numbers, file_name, bare)) if numbers else ()

    def sites_at(self, path: str, function: str, *, unsigned_only: bool = False) -> list[tuple[int, Site]]:
        """`_find_sites_at`'s answer, the last CACHED_FRAMES of them kept: the index never changes, and the same
        frames (a library's raising functions) come back lookup after lookup, each asked twice a lookup (its
        raise, and its entries without a signature), at about a tenth of a lookup's work each time."""
        key = (path, function, unsigned_only)
        kept = self._kept_sites.get(key)
        if kept is None:
            kept = tuple(self._find_sites_at(path, function, unsigned_only=unsigned_only))
            if len(self._kept_sites) >= CACHED_FRAMES:
                try:  # another thread may evict at the same time: one eviction is enough
                    self._kept_sites.popitem(last=False)
                except KeyError:
                    pass
            self._kept_sites[key] = kept
        return list(kept)

    def _find_sites_at(self, path: str, function: str, *, unsigned_only: bool = False) -> list[tuple[int, Site]]:
        """A frame's path ends with a site's variant when the variant is the whole path or what follows one of
        its slashes: those endings, each with the bare function, are looked up, and only the sites found are
        made (of the dozens `sites_for` makes, most in a file of the same name elsewhere). Ascending site
        numbers are `sites_for`'s order; each site made is checked again, should two keys share a hash. An ending
        of more slashes than any variant has cannot be one: only the last `_path_depth` endings are looked up."""
        normal = path.replace("\\", "/")
        file_name, bare = frame_key(normal, function)
        # Every site found is in the frame's file and function (`_site_pairs`): with none there, one lookup says so,
        # where the endings are several (most frames are not harvested code; few functions have unsigned entries).
        frames = self._unsigned_frame_table if unsigned_only else self._frame_table
        if frames.keys.find(hash((file_name, bare))) < 0:
            return []
        table = self._unsigned_path_table if unsigned_only else self._path_table
        runs = table.runs_of([hash((ending, bare)) for ending in self._endings(normal)], len(self._site_entries))
        if not runs:
            return []
        numbers = set(chain.from_iterable(runs))
        pairs = self._site_pairs(sorted(numbers), file_name, bare)
        return [pair for pair in pairs if path_matches(normal, pair[1])]

    def _endings(self, normal: str) -> list[str]:
        """The endings of a path a site's variant may be: the whole path, or what follows one of its last
        `_path_depth` slashes (an ending of more slashes than any variant has cannot be one)."""
        endings = []
        cut = len(normal)
        for _slashes in range(self._path_depth):
            cut = normal.rfind("/", 0, cut)
            if cut < 0:
                endings.append(normal)
                break
            endings.append(normal[cut + 1 :])
        return endings

    def sites_in_file(self, path: str) -> list[tuple[int, Site]]:
        """Found by the path's endings, as `_find_sites_at` finds a function's, and made only then: a file name is
        shared by whole catalogues (`__init__.py`, `base.py`), and making each of its sites to compare its path
        cost milliseconds a lookup. In `_file_table`'s order, `MatchIndex.sites_in_file`'s."""
        normal = path.replace("\\", "/")
        file_name = frame_key(normal, "")[0]
        numbers = self._file_table.get(hash(file_name))
        if not numbers:
            return []
        runs = self._file_path_table.runs_of(
            [hash(ending) for ending in self._endings(normal)], len(self._site_entries)
        )
        here = set(chain.from_iterable(runs))
        pairs = self._site_pairs([n for n in numbers if n in here], file_name, None) if here else []
        return [pair for pair in pairs if path_matches(normal, pair[1])]

    def unsigned_of_type(self, exception_type: str) -> tuple[int, ...]:
        return tuple(self._unsigned_type_table.get(hash(type_tail(exception_type))))

    def signatures_of(self, entry_key: int) -> tuple[int, ...]:
        position = self._entry_position(entry_key)
        if position is None:
            return ()
        offsets, first = self._entry_signatures_runs, self._first
        return tuple(range(first + offsets[position], first + offsets[position + 1]))

    def may_fit(self, sid: int, text: str) -> bool:
        """Whether the signature's template fits the text, told without making the signature: most candidates a
        common key yields do not fit, and making each would cost more than the whole lookup. The first and last
        literals are compared by length and hash; the middle ones are placed as `template.match_template` places
        them (leftmost, each after the previous), read from the record."""
        position = sid - self._first
        if not 0 <= position < len(self._signature_entries):
            return True
        head = self._head_lengths[position]
        if head and (len(text) < head or hash(text[:head]) != self._heads[position]):
            return False
        tail = self._tail_lengths[position]
        if tail and (len(text) < tail or hash(text[-tail:]) != self._tails[position]):
            return False
        made = self._made_signatures._cache.get(sid)  # `kept`, inlined
        record: Any = None
        if made is None:
            record = self._signature_records.load(position)
            literals = record[2][0]  # the template's first field
        else:
            literals = made.template.literals
        if len(literals) >= 3:
            start, end = len(literals[0]), len(text) - len(literals[-1])
            if end < start:
                return False
            for literal in literals[1:-1]:
                found = text.find(literal, start, end)
                if found < 0:
                    return False
                start = found + len(literal)
        # What fits so far is almost always a fit, and its signature asked for next (rank.index_finder): made
        # now, from the record at hand, rather than unmarshalled again.
        if record is not None:
            self._made_signatures.keep(sid, self._signature_from(position, record))
        return True

    def may_start(self, sid: int, text: str) -> bool:
        """A text as long as the first literal must start with it (a shorter one may be its start: not told)."""
        position = sid - self._first
        if not 0 <= position < len(self._signature_entries):
            return True
        head = self._head_lengths[position]
        return not head or len(text) < head or hash(text[:head]) == self._heads[position]

    def wording_of(self, sid: int) -> str | None:
        # `_signature_position`, inlined: an approximate lookup asks this for dozens of signatures.
        position = sid - self._first
        if not 0 <= position < len(self._signature_entries):
            return None
        # Read on their own: an approximate lookup compares dozens of wordings and makes few signatures.
        offsets = self._wording_offsets
        return self._wordings[offsets[position] : offsets[position + 1]].decode("utf-8", "surrogatepass")

    def signature_entry(self, sid: int) -> int | None:
        position = sid - self._first
        return self._signature_entries[position] if 0 <= position < len(self._signature_entries) else None

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
keys' 64-bit `hash()` with runs of ids, found through a directory of their high bits (`_Sorted`). The Aho-Corasick
automaton stores key ids as ints (STORE_INTS), its nodes plain C memory that a search only reads; a key id's
signatures are a run as well. Objects (`Entry`, `Signature`, `Site`) are made from their records when asked for,
the last CACHED of each kept per process; a candidate's template is checked before its signature is made
(`may_fit`), since most candidates of a common key do not fit.

`hash()` of a string is the process's own (PYTHONHASHSEED): the buffers are valid in the process that built them
and in its forks, which is how gunicorn runs them (config/gunicorn.py); they are not written to a file. Two keys of
one hash share a run: a one in 2^64 chance per pair, and every candidate is still checked against its template.

Answers are those of `MatchIndex.build` over the same entries: the same keys chosen (both builders file by
`index.choose_keys`), the same ids, the same order of candidates (tests/matching/test_frozen.py). It is immutable: a catalogue change goes into an overlay
(overlay.py), a large one into a new base.
"""

import ctypes
import gc
import marshal
from array import array
from bisect import bisect_left
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import accumulate, chain
from operator import itemgetter
from typing import Any, TypeVar

from kb.matching.index import (
    MAX_PREFIX_POSTINGS,
    MAX_WORD_POSTINGS,
    PREFIX_KEYS,
    WORD,
    Entry,
    Signature,
    Site,
    choose_keys,
    compile_wordings,
    frame_key,
    key_automaton,
    path_matches,
    prefix_key,
    type_tail,
)
from kb.matching.template import Template

# Objects of each kind kept per process: enough for a lookup's own second reads and a burst of one error. Every
# object kept is walked by the collector and freed long after it was made, cold: with lookups spread over the
# catalogue (match_bench at 100k), keeping 1,024 made the pass 10-25% slower than keeping 64, for no hit.
CACHED = 64
# Frames whose sites (`sites_at`) are kept per process: a few hundred small tuples.
CACHED_FRAMES = 256
V = TypeVar("V")


def _restorer(cls: type[V]) -> Callable[[tuple[Any, ...]], V]:
    """A maker of a slotted dataclass from the values of all its slots, in order, computed ones included: no
    `__init__` or `__post_init__` run again (a Site's path variants cost more to work out than to read).

    Written out as one call per slot and compiled, as `dataclasses` compiles `__init__`: a loop over the slots
    costs twice as much, and every lookup makes dozens of these objects."""
    setters = [getattr(cls, name).__set__ for name in cls.__slots__]  # type: ignore[attr-defined]
    names = [f"set{i}" for i in range(len(setters))]
    body = "".join(f"    {name}(made, values[{i}])\n" for i, name in enumerate(names))
    source = f"def restore(values, new=None, cls=None, {'=None, '.join(names)}=None):\n    made = new(cls)\n{body}"
    namespace: dict[str, Any] = {}
    exec(source + "    return made\n", namespace)
    restore = namespace["restore"]
    restore.__defaults__ = (object.__new__, cls, *setters)
    restore.__qualname__ = f"restore_{cls.__name__}"
    return restore


_restore_entry = _restorer(Entry)
_restore_site = _restorer(Site)
_restore_signature = _restorer(Signature)
_restore_template = _restorer(Template)


def _give_back_freed_memory() -> None:
    """Return to the system the pages the build's temporary lists and strings left free in the C heap (glibc keeps
    them otherwise): at 100k signatures the process is then about 90 MB smaller, and so is what a fork inherits."""
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return  # not glibc
    trim(0)


class _Runs:
    """Runs of ints by dense id: run i is values[offsets[i]:offsets[i + 1]]."""

    __slots__ = ("offsets", "values")

    def __init__(self, runs: Iterable[list[int]]) -> None:
        runs = list(runs)
        self.offsets = array("q", [0])
        self.offsets.extend(accumulate(len(run) for run in runs))
        self.values = array("q", chain.from_iterable(runs))

    def run(self, i: int) -> list[int]:
        offsets = self.offsets
        return self.values[offsets[i] : offsets[i + 1]].tolist()


class _Sorted:
    """Sorted distinct ints, found by a directory of their high bits, then a bisection of the few in one bucket.

    A bisection of the whole array costs about 0.9 µs at 100k keys (every probe makes an int); a lookup reads a
    dozen of them (a message's words, a path's endings), so the bucket is found first: hashes spread evenly,
    and database ids densely, so a bucket holds one or two keys."""

    __slots__ = ("keys", "low", "shift", "starts")

    def __init__(self, keys: list[int]) -> None:
        self.keys = array("q", keys)
        self.low = low = keys[0] if keys else 0
        spread = keys[-1] - low if keys else 0
        # At most twice as many buckets as keys: `spread >> shift` < 2 ** len(keys).bit_length().
        self.shift = shift = max(0, spread.bit_length() - len(keys).bit_length())
        counts = [0] * ((spread >> shift) + 2)
        for key in keys:
            counts[((key - low) >> shift) + 1] += 1
        self.starts = array("i" if len(keys) < 2**31 else "q", accumulate(counts))

    def find(self, key: int) -> int:
        """The key's position, or -1."""
        bucket = (key - self.low) >> self.shift
        starts = self.starts
        if not 0 <= bucket < len(starts) - 1:
            return -1
        end = starts[bucket + 1]
        i = bisect_left(self.keys, key, starts[bucket], end)
        return i if i < end and self.keys[i] == key else -1


class _Table:
    """A read-only multimap from a 64-bit hash to a run of ints."""

    __slots__ = ("keys", "runs")

    def __init__(self, filed: dict[int, list[int]]) -> None:
        items = sorted(filed.items(), key=itemgetter(0))
        self.keys = _Sorted([key for key, _run in items])
        self.runs = _Runs(run for _key, run in items)

    def span(self, key: int) -> tuple[int, int]:
        i = self.keys.find(key)
        if i < 0:
            return 0, 0
        offsets = self.runs.offsets
        return offsets[i], offsets[i + 1]

    def get(self, key: int) -> list[int]:
        start, end = self.span(key)
        return self.runs.values[start:end].tolist() if end > start else []

    def runs_of(self, keys: Iterable[int], longest: int) -> list[array]:
        """The runs of those keys that are found and hold at most `longest` values, in the keys' order: `span` for
        each, written out in one loop (a lookup reads a dozen: a message's words, a path's endings)."""
        found, low, shift, starts = self.keys.keys, self.keys.low, self.keys.shift, self.keys.starts
        offsets, values = self.runs.offsets, self.runs.values
        buckets = len(starts) - 1
        runs = []
        for key in keys:
            bucket = (key - low) >> shift
            if not 0 <= bucket < buckets:
                continue
            end = starts[bucket + 1]
            i = bisect_left(found, key, starts[bucket], end)
            if i < end and found[i] == key and offsets[i + 1] - offsets[i] <= longest:
                runs.append(values[offsets[i] : offsets[i + 1]])
        return runs


class _Records:
    """Marshalled records in one blob, by position."""

    __slots__ = ("blob", "offsets")

    def __init__(self, records: list[bytes]) -> None:
        self.offsets = array("q", [0])
        self.offsets.extend(accumulate(len(record) for record in records))
        self.blob = b"".join(records)

    def load(self, i: int) -> Any:
        # A method, not __call__: calling an instance goes through its type's slot, a few hundred ns more.
        offsets = self.offsets
        return marshal.loads(self.blob[offsets[i] : offsets[i + 1]])


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
        self.keep(key, value)
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

    _keys_automaton: Any  # ahocorasick.Automaton | None: key -> key id
    _key_runs: _Runs  # key id -> signature ids
    _fallback_table: _Table  # hash of a type's class name -> signature ids without a key
    _prefix_table: _Table  # hash of a first literal's first 16 or 8 characters -> signature ids
    _word_table: _Table  # hash of a rare word -> signature ids
    _unsigned_type_table: _Table  # hash of a type's class name -> keys of entries without a signature
    _frame_table: _Table  # hash of (file name, function) -> site numbers
    _unsigned_frame_table: _Table  # the same, of entries without a signature
    _path_table: _Table  # hash of (a site's path variant, bare function) -> site numbers: `sites_at`
    _unsigned_path_table: _Table  # the same, of entries without a signature
    _path_depth: int  # the most slashes in a path variant, plus one
    _file_table: _Table  # hash of a file name -> site numbers, by function as `MatchIndex.sites_in_file` orders them
    _entry_keys: array  # by position
    _sorted_keys: _Sorted
    _sorted_positions: array  # the positions of _sorted_keys
    _entry_records: _Records
    _entry_signatures_runs: array  # by position: the first signature's number, then the next entry's
    _entry_sites: array  # by position: the first site's number, then the next entry's
    _signature_entries: array  # by signature number: its entry's key
    _signature_records: _Records
    _wordings: bytes  # by signature number: `Signature.wording` in UTF-8, one after another
    _wording_offsets: array
    _heads: array  # by signature number: the hash of its template's first literal, and that literal's length
    _head_lengths: array
    _tails: array  # the same of its last literal
    _tail_lengths: array
    _site_owners: array  # by site number: its entry's position (its fields are in the entry's record)
    _site_entries: array  # by site number: its entry's key
    _made_signatures: "_Made[Signature]"
    _kept_sites: "OrderedDict[tuple[str, str, bool], tuple[tuple[int, Site], ...]]"

    @classmethod
    def build(cls, entries: Iterable[Entry], *, first_signature: int = 0) -> "FrozenIndex":
        # Millions of short-lived containers: the collector would walk them again and again for nothing.
        collecting = gc.isenabled()
        gc.disable()
        try:
            index = _Builder(list(entries), first_signature).build()
        finally:
            if collecting:
                gc.enable()
        _give_back_freed_memory()
        return index

    def __init__(self, next_signature: int, **parts: Any) -> None:
        """`parts`: the buffers annotated above, as `_Builder` makes them."""
        self.__dict__.update(parts)
        self._next_signature = next_signature
        self._first = next_signature - len(self._signature_entries)
        self.entries: Mapping[int, Entry] = _Made(self._entry_position, self._make_entry, self._entry_keys.tolist)
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
        *fields, sites = self._entry_records.load(position)
        return _restore_entry((*fields, tuple([_restore_site(site) for site in sites])))

    def _make_site(self, n: int) -> Site:
        position = self._site_owners[n]
        return _restore_site(self._entry_records.load(position)[-1][n - self._entry_sites[position]])

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
        automaton = self._keys_automaton
        hits = {key_id for _end, key_id in automaton.iter(text)} if automaton is not None else set()
        fallback = self._fallback_table.get(hash(type_tail(exception_type))) if exception_type else []
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
        kept = self._word_table.runs_of(map(hash, set(WORD.findall(text))), MAX_WORD_POSTINGS)
        shared: dict[int, int] = {}
        for sid in chain.from_iterable(kept):
            shared[sid] = shared.get(sid, 0) + 1
        ranked = sorted(shared.items(), key=itemgetter(1), reverse=True)
        return [sid for sid, _count in ranked[:limit]]

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
        table = self._unsigned_path_table if unsigned_only else self._path_table
        normal = path.replace("\\", "/")
        file_name, bare = frame_key(normal, function)
        endings = []
        cut = len(normal)
        for _slashes in range(self._path_depth):
            cut = normal.rfind("/", 0, cut)
            if cut < 0:
                endings.append(normal)
                break
            endings.append(normal[cut + 1 :])
        runs = table.runs_of([hash((ending, bare)) for ending in endings], len(self._site_entries))
        if not runs:
            return []
        numbers = set(chain.from_iterable(runs))
        pairs = self._site_pairs(sorted(numbers), file_name, bare)
        return [pair for pair in pairs if path_matches(normal, pair[1])]

    def sites_in_file(self, path: str) -> list[tuple[int, Site]]:
        file_name = frame_key(path, "")[0]
        numbers = self._file_table.get(hash(file_name))
        return self._site_pairs(numbers, file_name, None) if numbers else []

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
        made = self._made_signatures.kept(sid)
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
        position = self._signature_position(sid)
        if position is None:
            return None
        # Read on their own: an approximate lookup compares dozens of wordings and makes few signatures.
        offsets = self._wording_offsets
        return self._wordings[offsets[position] : offsets[position + 1]].decode("utf-8", "surrogatepass")

    def signature_entry(self, sid: int) -> int | None:
        position = sid - self._first
        return self._signature_entries[position] if 0 <= position < len(self._signature_entries) else None


class _Builder:
    """`choose_keys`' choices (index.py) over the entries, filed straight into flat buffers: one step per table.

    Entries, signatures and sites are numbered in the order of the entries, as `MatchIndex.build` numbers them."""

    def __init__(self, entries: list[Entry], first_signature: int) -> None:
        self.entries = entries
        self.first = first_signature
        self.wordings = [compile_wordings(entry) for entry in entries]
        # By entry: the number of its first signature, then the next entry's; its first site's, then the next's.
        self.entry_signatures = array("q", chain([0], accumulate(map(len, self.wordings))))
        self.entry_sites = array("q", chain([0], accumulate(len(entry.sites) for entry in entries)))

    def build(self) -> "FrozenIndex":
        # One template a signature, in order: signature n is the build's n-th, its id `first + n`.
        choices = choose_keys([template for wordings in self.wordings for _t, _m, template, _v in wordings])
        return FrozenIndex(
            self.first + self.entry_signatures[-1],
            **self._keys([key for key, _words in choices]),
            _fallback_table=self._fallback([key is None for key, _words in choices]),
            _word_table=self._words([words for _key, words in choices]),
            _prefix_table=self._prefixes(),
            **self._signature_records(),
            **self._literal_ends(),
            **self._entry_records(),
            _unsigned_type_table=self._unsigned_types(),
            **self._site_owners(),
            **self._frame_tables(),
            **self._path_tables(),
        )

    def _signed(self) -> Iterator[tuple[int, Entry, tuple[str, str, Template, bool]]]:
        """(signature id, its entry, its wording) of every signature, in order."""
        sid = self.first
        for entry, wordings in zip(self.entries, self.wordings, strict=True):
            for wording in wordings:
                yield sid, entry, wording
                sid += 1

    def _unsigned(self, position: int) -> bool:
        return self.entry_signatures[position] == self.entry_signatures[position + 1]

    def _keys(self, keys: list[str | None]) -> dict[str, Any]:
        """The automaton (key -> key id, by first use) and each key id's signatures."""
        ids: dict[str, int] = {}
        runs: list[list[int]] = []
        for sid, key in enumerate(keys, start=self.first):
            if key is not None:
                key_id = ids.setdefault(key, len(ids))
                if key_id == len(runs):
                    runs.append([])
                runs[key_id].append(sid)
        return {"_keys_automaton": key_automaton(ids.items()), "_key_runs": _Runs(runs)}

    def _fallback(self, keyless: list[bool]) -> _Table:
        """Signatures without a key, by the class name of their entry's type."""
        filed: defaultdict[int, list[int]] = defaultdict(list)
        for sid, entry, _wording in self._signed():
            if keyless[sid - self.first]:
                filed[hash(type_tail(entry.exception_type))].append(sid)
        return _Table(filed)

    def _words(self, words: list[list[str]]) -> _Table:
        """Signatures by their rare words; a word of more than a lookup reads is left out (it would skip it)."""
        filed: defaultdict[int, list[int]] = defaultdict(list)
        for sid, rare in enumerate(words, start=self.first):
            for word in rare:
                filed[hash(word)].append(sid)
        return _Table({key: run for key, run in filed.items() if len(run) <= MAX_WORD_POSTINGS})

    def _prefixes(self) -> _Table:
        """Signatures by their first literal's start (`prefix_key`); a long run is left out, as for words."""
        filed: defaultdict[int, list[int]] = defaultdict(list)
        for sid, _entry, (_text, _message, template, _variant) in self._signed():
            if (prefix := prefix_key(template)) is not None:
                filed[hash(prefix)].append(sid)
        return _Table({key: run for key, run in filed.items() if len(run) <= MAX_PREFIX_POSTINGS})

    def _signature_records(self) -> dict[str, Any]:
        """Each signature's entry key and record, and its wording in UTF-8 (`wording_of` reads it alone)."""
        dumps = marshal.dumps
        entries, records, wordings = array("q"), [], []
        for _sid, entry, (text, message, template, is_variant) in self._signed():
            entries.append(entry.key)
            template_fields = (
                template.literals,
                template.fields,
                template.multiline,
                template.literal_length,
                template.longest_literal,
            )
            records.append(dumps((text, message, template_fields, is_variant)))
            # A message read from source may hold a lone surrogate ("\\ud800"), which marshal keeps as well.
            wordings.append((message or "".join(template.literals)).encode("utf-8", "surrogatepass"))
        return {
            "_signature_entries": entries,
            "_signature_records": _Records(records),
            "_wordings": b"".join(wordings),
            "_wording_offsets": array("q", chain([0], accumulate(map(len, wordings)))),
        }

    def _literal_ends(self) -> dict[str, array]:
        """The hash and length of each signature's first and last literals: what `may_fit` compares first."""
        heads, head_lengths, tails, tail_lengths = array("q"), array("q"), array("q"), array("q")
        for _sid, _entry, (_text, _message, template, _variant) in self._signed():
            first_literal, last_literal = template.literals[0], template.literals[-1]
            heads.append(hash(first_literal))
            head_lengths.append(len(first_literal))
            tails.append(hash(last_literal))
            tail_lengths.append(len(last_literal))
        return {"_heads": heads, "_head_lengths": head_lengths, "_tails": tails, "_tail_lengths": tail_lengths}

    def _entry_records(self) -> dict[str, Any]:
        """Each entry's record (its sites' fields in it), its runs, and its position by key."""
        dumps = marshal.dumps
        records = []
        for entry in self.entries:
            fields = (entry.key, entry.public_id, entry.exception_type, entry.message, entry.status)
            sites = tuple(
                (site.path, site.line, site.function, site.commit, site.path_variants, site.frame_key)
                for site in entry.sites
            )
            records.append(dumps((*fields, entry.repository_url, entry.signature, entry.variants, sites)))
        by_key = {entry.key: position for position, entry in enumerate(self.entries)}
        sorted_keys = sorted(by_key)
        return {
            "_entry_keys": array("q", (entry.key for entry in self.entries)),
            "_sorted_keys": _Sorted(sorted_keys),
            "_sorted_positions": array("q", (by_key[key] for key in sorted_keys)),
            "_entry_records": _Records(records),
            "_entry_signatures_runs": self.entry_signatures,
            "_entry_sites": self.entry_sites,
        }

    def _unsigned_types(self) -> _Table:
        """Keys of the entries without a signature, by the class name of their type."""
        filed: defaultdict[int, list[int]] = defaultdict(list)
        for position, entry in enumerate(self.entries):
            if self._unsigned(position):
                filed[hash(type_tail(entry.exception_type))].append(entry.key)
        return _Table(filed)

    def _site_owners(self) -> dict[str, array]:
        """By site number: its entry's position, and its entry's key."""
        owners, keys = array("q"), array("q")
        for position, entry in enumerate(self.entries):
            owners.extend([position] * len(entry.sites))
            keys.extend([entry.key] * len(entry.sites))
        return {"_site_owners": owners, "_site_entries": keys}

    def _frame_tables(self) -> dict[str, _Table]:
        """Site numbers by (file name, function), of all entries and of those without a signature; by file name,
        function after function as `MatchIndex.sites_in_file` orders them."""
        frames: defaultdict[tuple[str, str], list[int]] = defaultdict(list)
        unsigned: defaultdict[int, list[int]] = defaultdict(list)
        file_functions: defaultdict[str, dict[str, None]] = defaultdict(dict)
        for position, entry in enumerate(self.entries):
            signed = not self._unsigned(position)
            for n, site in enumerate(entry.sites, start=self.entry_sites[position]):
                frame = site.frame_key
                frames[frame].append(n)
                file_functions[frame[0]][frame[1]] = None
                if not signed:
                    unsigned[hash(frame)].append(n)
        files = {
            hash(file_name): [n for function in functions for n in frames[(file_name, function)]]
            for file_name, functions in file_functions.items()
        }
        return {
            "_frame_table": _Table({hash(frame): numbers for frame, numbers in frames.items()}),
            "_unsigned_frame_table": _Table(unsigned),
            "_file_table": _Table(files),
        }

    def _path_tables(self) -> dict[str, Any]:
        """Site numbers by (path variant, bare function), of all entries and of those without a signature: what
        `sites_at` finds a frame's sites by; and the most slashes in a variant, plus one."""
        paths: defaultdict[int, list[int]] = defaultdict(list)
        unsigned: defaultdict[int, list[int]] = defaultdict(list)
        depth = 0
        for position, entry in enumerate(self.entries):
            signed = not self._unsigned(position)
            for n, site in enumerate(entry.sites, start=self.entry_sites[position]):
                bare = site.frame_key[1]
                path_keys = [hash((variant, bare)) for variant in dict.fromkeys(site.path_variants)]
                depth = max(depth, site.path_variants[0].count("/") + 1)
                for path_key in path_keys:
                    paths[path_key].append(n)
                    if not signed:
                        unsigned[path_key].append(n)
        return {"_path_table": _Table(paths), "_unsigned_path_table": _Table(unsigned), "_path_depth": depth}

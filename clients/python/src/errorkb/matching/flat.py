"""The flat buffers of a frozen index (frozen.py), and their build from the entries.

Runs of ints, sorted 64-bit keys found through a directory of their high bits, multimaps from a key's hash to a run,
marshalled records in one blob: `bytes` and `array` objects whose contents a lookup reads without writing (see
frozen.py on why). `build` files `choose_keys`' choices (index.py) into them, one step per table.
"""

import ctypes
import gc
import marshal
from array import array
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable, Iterator
from itertools import accumulate, chain
from operator import itemgetter
from typing import Any

import ahocorasick_rs

from errorkb.matching.index import (
    MAX_PREFIX_POSTINGS,
    MAX_WORD_POSTINGS,
    Entry,
    choose_keys,
    compile_wordings,
    prefix_key,
    type_tail,
)
from errorkb.matching.template import Template


def build(entries: Iterable[Entry], first_signature: int) -> tuple[int, dict[str, Any]]:
    """(the id the next signature would get, the buffers of `FrozenIndex` by name) of the entries."""
    # Millions of short-lived containers: the collector would walk them again and again for nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        built = _Builder(list(entries), first_signature).build()
    finally:
        if collecting:
            gc.enable()
    _give_back_freed_memory()
    return built


class Runs:
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


class Sorted:
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
        i, end = starts[bucket], starts[bucket + 1]
        if end - i > 1:  # a bucket holds one key or none most often: compared without a bisection
            i = bisect_left(self.keys, key, i, end)
        return i if i < end and self.keys[i] == key else -1


class Table:
    """A read-only multimap from a 64-bit hash to a run of ints."""

    __slots__ = ("keys", "runs")

    def __init__(self, filed: dict[int, list[int]]) -> None:
        items = sorted(filed.items(), key=itemgetter(0))
        self.keys = Sorted([key for key, _run in items])
        self.runs = Runs(run for _key, run in items)

    def span(self, key: int) -> tuple[int, int]:
        i = self.keys.find(key)
        if i < 0:
            return 0, 0
        offsets = self.runs.offsets
        return offsets[i], offsets[i + 1]

    def get(self, key: int) -> list[int]:
        # `span` and `Sorted.find` written out: a lookup asks this of a few tables, most often for a key not there.
        keys = self.keys
        bucket = (key - keys.low) >> keys.shift
        starts = keys.starts
        if not 0 <= bucket < len(starts) - 1:
            return []
        i, end = starts[bucket], starts[bucket + 1]
        if end - i > 1:
            i = bisect_left(keys.keys, key, i, end)
        if i >= end or keys.keys[i] != key:
            return []
        offsets = self.runs.offsets
        start, end = offsets[i], offsets[i + 1]
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
            i, end = starts[bucket], starts[bucket + 1]
            if end - i > 1:
                i = bisect_left(found, key, i, end)
            if i < end and found[i] == key and offsets[i + 1] - offsets[i] <= longest:
                runs.append(values[offsets[i] : offsets[i + 1]])
        return runs


class Records:
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

    def build(self) -> tuple[int, dict[str, Any]]:
        # One template a signature, in order: signature n is the build's n-th, its id `first + n`.
        choices = choose_keys([template for wordings in self.wordings for _t, _m, template, _v in wordings])
        return self.first + self.entry_signatures[-1], dict(
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
        return {"_keys_automaton": key_finder(list(ids)), "_key_runs": Runs(runs)}

    def _fallback(self, keyless: list[bool]) -> Table:
        """Signatures without a key, by the class name of their entry's type."""
        filed: defaultdict[int, list[int]] = defaultdict(list)
        for sid, entry, _wording in self._signed():
            if keyless[sid - self.first]:
                filed[hash(type_tail(entry.exception_type))].append(sid)
        return Table(filed)

    def _words(self, words: list[list[str]]) -> Table:
        """Signatures by their rare words; a word of more than a lookup reads is left out (it would skip it)."""
        filed: defaultdict[int, list[int]] = defaultdict(list)
        for sid, rare in enumerate(words, start=self.first):
            for word in rare:
                filed[hash(word)].append(sid)
        return Table({key: run for key, run in filed.items() if len(run) <= MAX_WORD_POSTINGS})

    def _prefixes(self) -> Table:
        """Signatures by their first literal's start (`prefix_key`); a long run is left out, as for words."""
        filed: defaultdict[int, list[int]] = defaultdict(list)
        for sid, _entry, (_text, _message, template, _variant) in self._signed():
            if (prefix := prefix_key(template)) is not None:
                filed[hash(prefix)].append(sid)
        return Table({key: run for key, run in filed.items() if len(run) <= MAX_PREFIX_POSTINGS})

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
            "_signature_records": Records(records),
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
            records.append(
                dumps((*fields, entry.repository_url, entry.signature, entry.variants, sites, entry.reviewed))
            )
        by_key = {entry.key: position for position, entry in enumerate(self.entries)}
        sorted_keys = sorted(by_key)
        return {
            "_entry_keys": array("q", (entry.key for entry in self.entries)),
            "_sorted_keys": Sorted(sorted_keys),
            "_sorted_positions": array("q", (by_key[key] for key in sorted_keys)),
            "_entry_records": Records(records),
            "_entry_signatures_runs": self.entry_signatures,
            "_entry_sites": self.entry_sites,
        }

    def _unsigned_types(self) -> Table:
        """Keys of the entries without a signature, by the class name of their type."""
        filed: defaultdict[int, list[int]] = defaultdict(list)
        for position, entry in enumerate(self.entries):
            if self._unsigned(position):
                filed[hash(type_tail(entry.exception_type))].append(entry.key)
        return Table(filed)

    def _site_owners(self) -> dict[str, array]:
        """By site number: its entry's position, and its entry's key."""
        owners, keys = array("q"), array("q")
        for position, entry in enumerate(self.entries):
            owners.extend([position] * len(entry.sites))
            keys.extend([entry.key] * len(entry.sites))
        return {"_site_owners": owners, "_site_entries": keys}

    def _frame_tables(self) -> dict[str, Table]:
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
            "_frame_table": Table({hash(frame): numbers for frame, numbers in frames.items()}),
            "_unsigned_frame_table": Table(unsigned),
            "_file_table": Table(files),
        }

    def _path_tables(self) -> dict[str, Any]:
        """Site numbers by (path variant, bare function), of all entries and of those without a signature: what
        `sites_at` finds a frame's sites by; by path variant alone: what `sites_in_file` finds them by; and the most
        slashes in a variant, plus one."""
        paths: defaultdict[int, list[int]] = defaultdict(list)
        files: defaultdict[int, list[int]] = defaultdict(list)
        unsigned: defaultdict[int, list[int]] = defaultdict(list)
        depth = 0
        for position, entry in enumerate(self.entries):
            signed = not self._unsigned(position)
            for n, site in enumerate(entry.sites, start=self.entry_sites[position]):
                bare = site.frame_key[1]
                variants = dict.fromkeys(site.path_variants)
                path_keys = [hash((variant, bare)) for variant in variants]
                for variant in variants:
                    files[hash(variant)].append(n)
                depth = max(depth, site.path_variants[0].count("/") + 1)
                for path_key in path_keys:
                    paths[path_key].append(n)
                    if not signed:
                        unsigned[path_key].append(n)
        return {
            "_path_table": Table(paths),
            "_unsigned_path_table": Table(unsigned),
            "_file_path_table": Table(files),
            "_path_depth": depth,
        }


def key_finder(keys: list[str]) -> ahocorasick_rs.BytesAhoCorasick | None:
    """An automaton over the keys in UTF-8, a key's id its position, for `FrozenIndex.candidates`; None without keys.

    Not pyahocorasick's (`index.key_automaton`, which `MatchIndex` keeps): for every character searched, its `iter`
    walks the whole chain of failure links to report the keys ending there, each link a node of a trie of 870k
    nodes at 100k signatures, most out of cache: half the last-level cache misses of a lookup (callgrind's cache
    simulation, bench/match_bench.py's queries). This one keeps each state's keys with the state, in contiguous
    memory. UTF-8 with lone surrogates passed through: a key is in a text exactly when its encoding is in the
    text's (a pattern starts on a character's first byte)."""
    if not keys:
        return None
    encoded = [key.encode("utf-8", "surrogatepass") for key in keys]
    return ahocorasick_rs.BytesAhoCorasick(encoded, implementation=ahocorasick_rs.Implementation.ContiguousNFA)


def _give_back_freed_memory() -> None:
    """Return to the system the pages the build's temporary lists and strings left free in the C heap (glibc keeps
    them otherwise): at 100k signatures the process is then about 90 MB smaller, and so is what a fork inherits."""
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return  # not glibc
    trim(0)

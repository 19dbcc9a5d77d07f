"""A shared base index seen through a small overlay: what changed since the base was built.

The base is built once per machine (in the gunicorn master, before it forks) and never written to again, so
its pages stay shared between the workers. A worker that sees a catalogue change does not touch it: it builds
an overlay of the changed entries alone, hides the base's copies of those entries and of removed ones, and
answers from both. Building an overlay costs in proportion to the change, not the catalogue.

A layered index, as its two parts, is never changed once made; a newer change makes a new one, swapped in
whole (live.py). Signature ids never meet: an overlay's ids start at the base's `next_signature`.
"""

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TypeVar

from errorkb.matching.index import Entry, LookupIndex, MatchIndex, Signature, Site

V = TypeVar("V")


class _Layered(Mapping[int, V]):
    """The overlay's values first; the base's only when `visible` lets them through."""

    __slots__ = ("_base", "_hidden", "_overlay", "_visible")

    def __init__(
        self, base: Mapping[int, V], overlay: Mapping[int, V], hidden: frozenset[int], visible: Callable[[int, V], bool]
    ) -> None:
        self._base, self._overlay, self._hidden, self._visible = base, overlay, hidden, visible

    def get(self, key: int, default: V | None = None) -> V | None:  # type: ignore[override]  # one or two dict reads
        value = self._overlay.get(key)
        if value is not None:
            return value
        value = self._base.get(key)
        return value if value is not None and self._visible(key, value) else default

    def __getitem__(self, key: int) -> V:
        value = self.get(key)
        if value is None:
            raise KeyError(key)
        return value

    def __contains__(self, key: object) -> bool:
        return isinstance(key, int) and self.get(key) is not None

    def __iter__(self) -> Iterator[int]:
        yield from self._overlay
        yield from (key for key, value in self._base.items() if self._visible(key, value))

    def __len__(self) -> int:
        return sum(1 for _key in self)


class LayeredIndex:
    """`base` with the entries of `overlay` in place of its own, and without those of `hidden` (removed or
    changed entries' keys; every key of the overlay is among them). A `LookupIndex`, as its two parts are."""

    def __init__(self, base: LookupIndex, overlay: MatchIndex, hidden: Iterable[int]) -> None:
        self.base, self.overlay = base, overlay
        self.hidden = frozenset(hidden) | frozenset(overlay.entries)
        hidden_keys = self.hidden
        self.entries: Mapping[int, Entry] = _Layered(
            base.entries, overlay.entries, hidden_keys, lambda key, _entry: key not in hidden_keys
        )
        self.signatures: Mapping[int, Signature] = _Layered(
            base.signatures, overlay.signatures, hidden_keys, lambda _sid, sig: sig.entry_key not in hidden_keys
        )
        self.draft_keys = (base.draft_keys - hidden_keys) | overlay.draft_keys

    @property
    def next_signature(self) -> int:
        return self.overlay.next_signature

    def __len__(self) -> int:
        return len(self.signatures)

    def _shown(self, sids: Iterable[int]) -> list[int]:
        # By the entry's key alone: a frozen base (frozen.py) answers it from an array, making no Signature.
        hidden, entry_of = self.hidden, self.base.signature_entry
        return [sid for sid in sids if (key := entry_of(sid)) is not None and key not in hidden]

    def candidates(self, text: str, exception_type: str | None = None) -> list[int]:
        return self._shown(self.base.candidates(text, exception_type)) + self.overlay.candidates(text, exception_type)

    def prefix_candidates(self, text: str) -> list[int]:
        return self._shown(self.base.prefix_candidates(text)) + self.overlay.prefix_candidates(text)

    def similar_candidates(self, text: str, *, limit: int) -> list[int]:
        # Each side's best: the pool is a little larger than `limit`, never missing the overlay's own.
        base = self._shown(self.base.similar_candidates(text, limit=limit))
        return base + self.overlay.similar_candidates(text, limit=limit)

    # The base's answers for the overlay's ids, which it does not know, are True.
    def may_fit(self, sid: int, text: str) -> bool:
        return self.base.may_fit(sid, text)

    def may_start(self, sid: int, text: str) -> bool:
        return self.base.may_start(sid, text)

    def sites_at(self, path: str, function: str, *, unsigned_only: bool = False) -> list[tuple[int, Site]]:
        mine = self.overlay.sites_at(path, function, unsigned_only=unsigned_only)
        hidden = self.hidden
        return [
            pair for pair in self.base.sites_at(path, function, unsigned_only=unsigned_only) if pair[0] not in hidden
        ] + mine

    def sites_in_file(self, path: str) -> list[tuple[int, Site]]:
        hidden = self.hidden
        base = [pair for pair in self.base.sites_in_file(path) if pair[0] not in hidden]
        return base + self.overlay.sites_in_file(path)

    def unsigned_of_type(self, exception_type: str) -> tuple[int, ...]:
        hidden = self.hidden
        base = self.base.unsigned_of_type(exception_type)
        return (*(key for key in base if key not in hidden), *self.overlay.unsigned_of_type(exception_type))

    def signatures_of(self, entry_key: int) -> tuple[int, ...]:
        if entry_key in self.hidden:
            return self.overlay.signatures_of(entry_key)
        return self.base.signatures_of(entry_key)

    def signature_entry(self, sid: int) -> int | None:
        key = self.overlay.signature_entry(sid)
        if key is None and (key := self.base.signature_entry(sid)) in self.hidden:
            return None
        return key

    def wording_of(self, sid: int) -> str | None:
        wording = self.overlay.wording_of(sid)
        if wording is None and self.base.signature_entry(sid) not in self.hidden:
            return self.base.wording_of(sid)
        return wording


def layered(base: LookupIndex, changed: Iterable[Entry], removed: Iterable[int]) -> LookupIndex:
    """The base as the catalogue now is: `changed` (added or changed entries, whole) in an overlay, `removed`
    hidden. The base itself when nothing differs from it."""
    changed = list(changed)
    removed = frozenset(removed)
    if not changed and not removed:
        return base
    return LayeredIndex(base, MatchIndex.build(changed, first_signature=base.next_signature), removed)


def without_drafts(index: LookupIndex) -> LookupIndex:
    """The index as those who may not see drafts see it: no draft in it at all, not only none shown, so that a
    draft's raise site, wording or nearness changes none of their answers (and an offline bundle, which holds no
    drafts, answers as the server). Made once per index, which never changes, and kept on it."""
    if not index.draft_keys:
        return index
    view = getattr(index, "_without_drafts", None)
    if view is None:
        empty = MatchIndex.build((), first_signature=index.next_signature)
        view = LayeredIndex(index, empty, index.draft_keys)
        setattr(index, "_without_drafts", view)  # noqa: B010  # not a field of the LookupIndex protocol
    return view

"""Each entry's related errors, ranked (issue 29, §4): the other errors raised in the same function, then in the
same class, then errors of the same package whose messages share rare words with its own.

Pure and cheap: computed once per harvest over all the repository's entries still raised (2,000 for Django take a
few hundredths of a second), from their sites and messages alone, and stored as the entry's evidence "related"
(`[{"id": public id, "why": "sibling"|"class"|"words"}]`). Which of them a reader sees is decided when the card is
shown (`kb.cards.related`): only the cards that reader may open."""

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from kb.models import ErrorEntry

if TYPE_CHECKING:
    from kb.models.querysets import User

MAX_RELATED = 5
# A word in more than this share of the messages is not rare: it tells nothing about what two errors share.
COMMON_SHARE = 0.02
MAX_HOLDERS = 400  # nor one that more messages than this hold, however many the repository has
MIN_WORD = 3  # letters
_PLACEHOLDER = re.compile(r"\{[^{}]*+\}")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*+(?:-[A-Za-z0-9_]++)*+")
# Words too plain to make two messages related, however few messages hold them.
_STOP = frozenset(
    "the and for not are was has have had with this that from into than then but its can cannot could does did "
    "must may should would will been being use used using only one two all any each more most some such".split()
)
# Two-letter function words: a pair holding one ("be used", "used as") is grammar, not a phrase two errors share.
_GLUE = frozenset("a an as at be by do if in is it no of on or so to up we".split())
_SOURCE_ROOTS = frozenset({"src", "python", "lib"})
_WHY = ("sibling", "class", "words")


@dataclass(frozen=True)
class Related:
    """One entry as the ranking reads it: its id, its sites as (path, function, line), its message."""

    id: str
    sites: Sequence[tuple[str, str, int | None]]
    message: str


def ranked_related(entries: Sequence[Related]) -> dict[str, list[dict]]:
    """id -> its related entries, best first, at most `MAX_RELATED`; entries with none are left out.

    Tiers: the siblings (same function), nearest line first; the class-mates whose messages share a rare word
    that is not the class's own vocabulary (a word most of its messages hold, such as `NIXL` in a NIXL manager's);
    the package's errors sharing rare words, heaviest first; then the other class-mates, nearest first."""
    by_function: dict[tuple[str, str], list[tuple[str, int]]] = defaultdict(list)
    by_class: dict[tuple[str, str], list[tuple[str, int]]] = defaultdict(list)
    packages: dict[str, set[str]] = {}
    for entry in entries:
        packages[entry.id] = {package_of(path) for path, _, _ in entry.sites}
        if not entry.message.strip():
            continue  # a card with no message of its own says nothing a reader of another card wants
        for path, function, line in entry.sites:
            if function:
                by_function[(path, function)].append((entry.id, line or 0))
            if "." in function:
                by_class[(path, function.rpartition(".")[0])].append((entry.id, line or 0))
    words = {entry.id: words_of(entry.message) for entry in entries}
    idf, shared = _shared_words(words, packages)
    vocabulary = {key: _vocabulary(members, words) for key, members in by_class.items()}
    result = {}
    for entry in entries:
        ranks: dict[str, tuple[int, float]] = {}  # other id -> (tier, measure): the smaller, the nearer
        for path, function, line in entry.sites:
            for other, other_line in by_function.get((path, function), []):
                if other != entry.id:
                    ranks[other] = min(ranks.get(other, (0, 1e9)), (0, float(abs(other_line - (line or 0)))))
            if "." not in function:
                continue
            key = (path, function.rpartition(".")[0])
            for other, other_line in by_class.get(key, []):
                if other == entry.id or ranks.get(other, (9,))[0] == 0:
                    continue
                weight = sum(idf.get(w, 0.0) for w in words[entry.id] & words[other] - vocabulary[key])
                rank = (1, -weight) if weight > 0 else (3, float(abs(other_line - (line or 0))))
                ranks[other] = min(ranks.get(other, rank), rank)
        for other, weight in shared.get(entry.id, {}).items():
            ranks.setdefault(other, (2, -weight))
        best = sorted(ranks.items(), key=lambda item: (item[1], item[0]))[:MAX_RELATED]
        if best:
            result[entry.id] = [
                {"id": other, "why": _WHY[min(tier, 2) if tier < 3 else 1]} for other, (tier, _) in best
            ]
    return result


def _vocabulary(members: list[tuple[str, int]], words: dict[str, set[str]]) -> set[str]:
    """The words at least three of a class's messages hold (and at least half of them, in a small class)."""
    ids = {member for member, _ in members}
    counts: dict[str, int] = defaultdict(int)
    for member in ids:
        for word in words[member]:
            counts[word] += 1
    return {word for word, count in counts.items() if count >= max(3, len(ids) // 2) or count >= 3}


def package_of(path: str) -> str:
    """The top-level package of a file: `django/db/models/query.py` -> `django`; `src/`, `python/` and `lib/`
    are where sources sit, not packages."""
    parts = [part for part in path.split("/") if part]
    while len(parts) > 1 and parts[0] in _SOURCE_ROOTS:
        parts = parts[1:]
    return parts[0].removesuffix(".py") if parts else ""


def words_of(message: str) -> set[str]:
    """The words of a message (placeholders taken out), lowercased: `--enable-hisparse` and `kv_cache` whole, and
    a hyphenated word's parts too (`enable-hisparse` shares `hisparse` with a message that names it alone); and
    each pair of adjacent words ("pd transfer", "not support"), so that two messages worded alike ("Ascend PD
    transfer does not support HiSparse ...") weigh more than two that merely share words. A placeholder breaks
    a pair: what stands around a value is not a phrase."""
    found: set[str] = set()
    for piece in _PLACEHOLDER.split(message):
        tokens = [m.lower() for m in _WORD.findall(piece)]
        found.update(tokens)
        found.update(part for word in tokens if "-" in word for part in word.split("-"))
        found.update(
            f"{a} {b}"
            for a, b in pairwise(tokens)
            if not (a in _STOP and b in _STOP) and a not in _GLUE and b not in _GLUE
        )
    return {w for w in found if " " in w or (len(w) >= MIN_WORD and w not in _STOP)}


def _shared_words(
    words: dict[str, set[str]], packages: dict[str, set[str]]
) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    """(each rare word's weight, its IDF; id -> {other id: the weight of the rare words their messages share}),
    within a package, only pairs whose shared words weigh enough (`least`)."""
    counts: dict[str, int] = defaultdict(int)
    holders: dict[tuple[str, str], list[str]] = defaultdict(list)  # (package, word) -> ids
    for entry_id, found in words.items():
        for word in found:
            counts[word] += 1
            for package in packages[entry_id]:
                holders[(package, word)].append(entry_id)
    total = max(len(words), 1)
    common = max(2, min(int(total * COMMON_SHARE), MAX_HOLDERS))
    idf = {word: math.log(total / count) for word, count in counts.items() if 1 < count <= common}
    # As much as two words at the edge of common, or one word no third message holds.
    least = min(2 * math.log(total / common), math.log(total / 2)) if total > 2 else 0.0
    shared: dict[str, dict[str, float]] = {}
    for entry_id, found in words.items():
        weights: dict[str, float] = defaultdict(float)
        for word in found:
            if (weight := idf.get(word)) is None:
                continue
            for package in packages[entry_id]:
                for other in holders[(package, word)]:
                    weights[other] += weight
        weights.pop(entry_id, None)
        kept = {other: weight for other, weight in weights.items() if weight >= least}
        if kept:
            shared[entry_id] = kept
    return idf, shared


def related_rows(rows: Iterable[dict]) -> list[dict]:
    """The stored rows a card may trust: each an id of 16 hex characters, once, with a known reason."""
    seen: set[str] = set()
    kept = []
    for row in rows:
        if not isinstance(row, dict):
            continue
        public_id, why = row.get("id"), row.get("why")
        if isinstance(public_id, str) and re.fullmatch(r"[0-9a-f]{16}", public_id) and public_id not in seen:
            seen.add(public_id)
            kept.append({"id": public_id, "why": why if why in _WHY else "words"})
    return kept[:MAX_RELATED]


def shown_related(entry: ErrorEntry, user: "User") -> list[ErrorEntry]:
    """The related errors a card shows this reader: the curator's links first (`RelatedLink`, as prefetched by
    `with_card()`), then the harvest's (evidence "related") up to `MAX_RELATED` in all, only those the reader may
    open, none twice. One query, and only when the harvest's fill a place."""
    curated = entry.related_visible_to(user)
    room = MAX_RELATED - len(curated)
    taken = {target.public_id for target in curated} | {entry.public_id}
    wanted = [row["id"] for row in machine_related(entry) if row["id"] not in taken]
    if room <= 0 or not wanted:
        return curated
    found = {
        target.public_id: target
        for target in ErrorEntry.objects.visible_to(user)
        .filter(public_id__in=wanted, removed_in_commit="")
        .only("public_id", "title", "status")
    }
    return curated + [found[public_id] for public_id in wanted if public_id in found][:room]


def machine_related(entry: ErrorEntry) -> list[dict]:
    """The harvest's related rows of an entry, as stored (checked: a row that is not a card's id is skipped)."""
    rows = (entry.evidence or {}).get("related")
    return related_rows(rows) if isinstance(rows, list) else []

"""Which harvested drafts `--publish` leaves unpublished, and why: what readers hit is published (a raise under a
condition, or an unconditional one that public code reaches), what says nothing to them is kept a draft, and so
is a private function's raise that every caller catches (issue 29: `_check_token_format`'s InvalidTokenFormat), and
a raise under `if not x` where every binding of `x` is a call that raises on an empty result (GDAL's `Field()`) or a
pattern's match that never fails (isodate's `parse_tzinfo`).

The reason is stored in the entry's evidence (`unpublished`), so that a repository's page counts each kind; a
bare `assert` (no message) is never an entry at all: the scan skips it, and its summary counts it."""

from collections.abc import Iterable
from typing import Protocol

from kb.harvest.reading.callers import is_private

ITERATOR_PROTOCOL = "iterator-protocol"
NO_WORDS = "no-words"
PRIVATE = "private-unconditional"
CAUGHT = "caught-by-every-caller"
NEVER_HOLDS = "test-never-holds"
BARE_ASSERT = "assert without a message"  # the scan's reason for skipping the site
# What a repository's page says of each kind kept unpublished, in its order.
LABELS = {
    ITERATOR_PROTOCOL: "StopIteration ending an iterator (the iterator protocol, not an error)",
    NO_WORDS: "a message with no words of its own (only a value, or none)",
    PRIVATE: "raised without a condition in private code that no public caller reaches",
    CAUGHT: "raised in private code whose every caller catches it",
    NEVER_HOLDS: "raised under a test that never holds (every call that makes the value never returns an empty one)",
    BARE_ASSERT: "an assert without a message",
}
_STOPS = frozenset({"StopIteration", "StopAsyncIteration"})
_NEXT = frozenset({"__next__", "__anext__"})


class _Site(Protocol):
    path: str
    function: str
    evidence: dict


def kept_unpublished(
    *, exception_type: str, signature: str, sites: Iterable[_Site], tests: Iterable[dict] = ()
) -> str | None:
    """Why `--publish` leaves a harvested entry a draft, or None when it publishes it. `tests`: the entry's
    triggering tests (its evidence's "tests" rows)."""
    sites = list(sites)
    if exception_type.rpartition(".")[2] in _STOPS and sites and all(_bare(s.function) in _NEXT for s in sites):
        return ITERATOR_PROTOCOL
    if not signature:
        return NO_WORDS
    if sites and all(s.evidence.get("never_holds") for s in sites):
        return NEVER_HOLDS
    if sites and all(s.evidence.get("caught_on_the_way") for s in sites) and not any(map(_public_call, tests)):
        return CAUGHT
    if any(site.evidence.get("conditions") for site in sites):
        return None
    return None if any(_reached_from_public(site) for site in sites) else PRIVATE


def _bare(function: str) -> str:
    return function.rpartition(".")[2]


def _reached_from_public(site: _Site) -> bool:
    """Raised in a public function of a public module, or called from one by a call read for sure (not a name
    shared by several definitions)."""
    if not is_private(site.function) and not _private_module(site.path):
        return True
    callers = site.evidence.get("callers") or []
    return any(
        not caller.get("guess")
        and not is_private(caller.get("function", ""))
        and not _private_module(caller.get("path", ""))
        for caller in callers
    )


def _public_call(test: dict) -> bool:
    """Whether a triggering test gets there through a public call: its call's function (`csrf._check_token_format(
    token)` is private); a test whose call was not read counts as public (the error may be met)."""
    head = (test.get("call") or "")[:_HEAD].partition("(")
    name = head[0].strip().removeprefix("await ").strip()
    dotted = bool(head[1]) and bool(name) and all(part.isidentifier() for part in name.split("."))
    return not dotted or not is_private(name)


_HEAD = 200  # characters of a call read for its function's name


def _private_module(path: str) -> bool:
    """`django/utils/_os.py`, `pkg/_impl/x.py`: a part named with a leading underscore (not `__init__.py`)."""
    return any(part.startswith("_") and not part.startswith("__") for part in path.split("/"))

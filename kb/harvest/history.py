"""When an entry was raised: the commit that introduced its wording, and the first and last release raising it.

Filled in by the history work; until then nothing is found."""

from pathlib import Path

from kb.harvest.extract import FoundSite

EntryKey = tuple[str, str, str]


def read_history(
    *, root: Path, groups: dict[EntryKey, list[FoundSite]], releases: str | None, pickaxe: bool
) -> dict[EntryKey, dict]:
    """{key: history} for the entries git knows something about (nothing unless PATH is a git checkout)."""
    return {}


def advance(old: dict, new: dict, *, commit: str, created: bool, reworded: bool, removed: bool) -> dict:
    """An entry's history after a harvest at `commit`: what it knew, with what this harvest learnt. Harvesting
    several tags in order fills the same fields as `--releases` does."""
    return {**old, **new}


def describe(history: dict) -> str:
    """The card's "raised in" line, e.g. "raised since 4.2; reworded in 5.0; no longer raised since 6.0"; "" when
    nothing is known."""
    return ""

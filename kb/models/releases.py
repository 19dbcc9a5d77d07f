"""Releases as the card names them: the shape a release tag has (the harvest hands no other tag to git, nor shows
it), and the "raised in" line made from an entry's history (`kb.harvest.evidence.releases` reads it from git)."""

import re

# A release tag as the harvest shows it: what a version looks like ("5.0a1", "v1.2", "rel_2_0"), never an option
# (`-`) nor markup, shell or control characters, bounded. Other tags are not releases here, never handed to git.
TAG_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+/-]{0,63}")


def short_ref(ref: str) -> str:
    """A sha shortened as git does; a tag stays whole."""
    return ref[:10] if re.fullmatch(r"[0-9a-f]{11,64}", ref) else ref


def is_tag_name(tag: str) -> bool:
    return TAG_NAME.fullmatch(tag) is not None


def describe(history: dict) -> str:
    """The card's "raised in" line, e.g. "raised since 4.2; reworded in 5.0; no longer raised since 6.0"; "" when
    nothing is known. Only what compared releases show: "raised since" needs a release before it that does not
    raise it (`absent_in`), else "raised at least since" when a later release raises it too, and a single release
    says nothing; a rewording or a removal needs an earlier release raising it. A label not shaped as a release or
    a sha (`TAG_NAME`), as one stored before tags were checked, is left out."""
    if not isinstance(history, dict):
        return ""

    def label(field: str) -> str | None:
        value = history.get(field)
        return value if isinstance(value, str) and is_tag_name(value) else None

    first, last, removed = label("first_release"), label("last_release"), label("removed_in")
    parts = []
    if first and label("absent_in"):
        parts.append(f"raised since {short_ref(first)}")
    elif first and ((last and last != first) or removed):
        parts.append(f"raised at least since {short_ref(first)}")
    reworded = [
        short_ref(r)
        for r in history.get("reworded_in") or []
        if isinstance(r, str) and is_tag_name(r) and first and r != first
    ]
    if reworded:
        parts.append(f"reworded in {', '.join(reworded)}")
    if removed and last and removed != last:
        parts.append(f"no longer raised since {short_ref(removed)}")
    return "; ".join(parts)

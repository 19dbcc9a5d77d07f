"""A raise its authors mark as one that should never run (`kb.harvest.reading.never`; round 25's card 21): the card
names no way in, no caller and no situation, since any it named would be false; it says what is true instead, in
the authors' own words (escaped): meeting it points to a bug in the library, or a use it does not support."""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from kb.cards.links import place
from kb.models import ErrorEntry, RaiseSite
from kb.text.escaping import plain

MAX_SAID = 200


# Whether the card being written has a repository test that raises its error (`tested`).
_TESTED: ContextVar[bool] = ContextVar("never_tested", default=False)


@contextmanager
def tested(raised_by_a_test: bool) -> Iterator[None]:
    """While a card is written: a repository test that raises the error shows the marked branch does run, so the
    authors' mark is not said (nor "no way to reach it is known" beside that test)."""
    token = _TESTED.set(raised_by_a_test)
    try:
        yield
    finally:
        _TESTED.reset(token)


def never(site: RaiseSite) -> dict | None:
    """The site's "never" evidence, checked for the shape the harvest writes; None when it has none, or when a
    repository test raises the error (`tested`)."""
    if _TESTED.get():
        return None
    found = (site.evidence or {}).get("never")
    if not isinstance(found, dict) or not isinstance(found.get("comment"), str) or not found["comment"].strip():
        return None
    return found


def meaning(entry: ErrorEntry, site: RaiseSite, found: dict) -> str:
    line, path = found.get("line"), found.get("path")
    path = path if isinstance(path, str) and path else site.path
    where = place(entry, path, line, site.commit or entry.analysed_commit) if isinstance(line, int) else "the code"
    said = plain(str(found["comment"]), MAX_SAID)
    return (
        f"The library's authors mark the branch that raises this as one that should never run (the comment at "
        f"{where} says: “{said}”): meeting it points to a bug in the library, or a use it does not support."
    )


def trigger(entry: ErrorEntry, site: RaiseSite, found: dict) -> str:
    """The words after a site's place. A raising helper's caller carries the helper's mark (the harvest copies it
    onto the call's site): that line is a call, not the marked branch (round 25's card 21), and is said so."""
    line, path = found.get("line"), found.get("path")
    path = path if isinstance(path, str) and path else site.path
    if not isinstance(line, int) or (path, line) == (site.path, site.line):
        return ", a branch its authors mark as one that should never run; no way to reach it is known."
    where = place(entry, path, line, site.commit or entry.analysed_commit)
    return (
        f", a call that leads to the branch its authors mark (at {where}) as one that should never run; no way to "
        "reach it is known."
    )


SOLUTION = (
    "Report it to the library's maintainers with the full traceback and the input that led to it: its authors mark "
    "this branch as one that should never run."
)

"""A lookup's result as the JSON answer that the API, the command line and the home page share.

Each match carries what a tool needs without a second request: the entry's title, a summary (the first sentence of
what it means, the curator's text else the machine's), its first solution and its review state. They are read from
the database in one query per answer (the index holds no prose, to stay small), and left out while it is away.
The JSON's shape is errorkb.matching.shape's: the offline bundle (errorkb.bundle) writes the same."""

import functools
from collections.abc import Callable, Iterable

from django.conf import settings
from django.db import DatabaseError
from django.db.models import Prefetch
from django.urls import get_script_prefix, get_urlconf, reverse

from errorkb.matching.rank import Match, Result, class_card, pasted_type
from errorkb.matching.shape import Details, first_sentence, how_it_matched, match_json, parsed_json
from kb.models import ErrorEntry, Solution
from kb.models.titles import derive_title
from kb.runtime import freshness
from kb.runtime.outage import database, is_database_unavailable

# The JSON's shape is errorkb.matching.shape's, which the offline bundle shares; these are its names here.
parsed_answer = parsed_json
__all__ = ["Details", "answer", "details_of", "entry_details", "how_it_matched", "match_answer", "parsed_answer"]


class KeptDetails:
    """Each entry's details as this process last read them, trusted while the catalogue's revision stands (read at
    most once a second: kb.runtime.freshness): a lookup of entries already seen makes no query."""

    LARGEST = 50_000  # entries; past it, the memory starts again

    def __init__(self) -> None:
        self.token: tuple[int, object] = freshness.UNKNOWN
        self.details: dict[int, Details] = {}

    def of(self, keys: set[int]) -> dict[int, Details]:
        token = freshness.catalogue.current()
        if token != self.token or len(self.details) > self.LARGEST:
            self.token, self.details = token, {}
        known = self.details  # a local: another thread may start a new dict meanwhile
        missing = keys - known.keys()
        if missing:
            read = read_details(missing)
            if token != freshness.UNKNOWN:
                known.update(read)
            return {**{key: known[key] for key in keys & known.keys()}, **read}
        return {key: known[key] for key in keys}

    def clear(self) -> None:
        self.token, self.details = freshness.UNKNOWN, {}


kept_details = KeptDetails()


def details_of(keys: Iterable[int]) -> dict[int, Details]:
    """Title, summary, first solution and review state of the entries with these database ids: from this process's
    memory, or in one query (and one for their solutions). While the database is away, nothing: the lookup still
    answers from the index in memory, each match with its message for a title and no prose, as it leaves out search
    hits."""
    if database.is_down:
        return {}
    return kept_details.of(set(keys))


def read_details(keys: set[int]) -> dict[int, Details]:
    """From the database, now (export_bundle reads them so too); nothing while it is away."""
    queryset = ErrorEntry.objects.filter(id__in=keys).prefetch_related(
        Prefetch("solutions", queryset=Solution.objects.order_by("position", "id"))
    )
    try:
        entries = list(queryset)
    except DatabaseError as exc:
        if not is_database_unavailable(exc):
            raise
        database.went_away(exc)
        return {}
    return {entry.id: entry_details(entry) for entry in entries}


def entry_details(entry: ErrorEntry) -> Details:
    """An entry's details as a match shows them (its solutions prefetched); export_bundle writes the same."""
    solutions = entry.shown_solutions()
    return {
        "title": entry.title,
        "summary": first_sentence(entry.shown("meaning").markdown),
        "first_solution": solutions[0].markdown if solutions else None,
        "review_state": entry.review_state,
    }


@functools.lru_cache(maxsize=16)
def _entry_path_around(urlconf: str, script_prefix: str) -> tuple[str, str]:
    """An entry page's path before and after its id. A lookup answers in tens of microseconds; reverse() for each
    match cost a third of that, so it runs once per URLconf and script prefix (the key: tests change them)."""
    placeholder = "0" * 16  # an id's shape (kb.models.PUBLIC_ID_PATTERN): hex, which reverse() leaves as it is
    before, _, after = reverse("kb:entry", kwargs={"public_id": placeholder}, urlconf=urlconf).rpartition(placeholder)
    return before, after


def entry_path() -> tuple[str, str]:
    """An entry page's path before and after its id, in this thread's URLconf and script prefix."""
    return _entry_path_around(get_urlconf() or settings.ROOT_URLCONF, get_script_prefix())


def _url(public_id: str, absolute: Callable[[str], str]) -> str:
    before, after = entry_path()
    return absolute(before + public_id + after)


def match_answer(
    match: Match,
    absolute: Callable[[str], str],
    *,
    link_drafts: bool = True,
    details: dict[int, Details] | None = None,
    pasted_type: str | None = None,
) -> dict:
    """`link_drafts`: whether the caller may open a draft's page; if not, a draft keeps its place and status
    but has no url (its page would be a 404). `details`: from `details_of`, read here when not given. `pasted_type`:
    the type of the exception the match answers, to say when the entry is that class's own card."""
    entry = match.entry
    if details is None:
        details = details_of([entry.key])
    shown = details.get(entry.key)
    if shown is None:  # the database is away, or the entry went meanwhile: its message for a title, no prose
        title = derive_title(message=entry.message, signature=entry.signature, exception_type=entry.exception_type)
        shown = {"title": title or entry.exception_type, "summary": None, "first_solution": None, "review_state": ""}
    return match_json(
        match,
        lambda public_id: _url(public_id, absolute),
        shown,
        link_drafts=link_drafts,
        class_card=class_card(entry, pasted_type),
    )


def answer(result: Result, absolute: Callable[[str], str], *, link_drafts: bool = True) -> dict:
    details = details_of(match.entry.key for match in result.matches) if result.matches else {}
    return {
        "matches": [
            match_answer(
                match, absolute, link_drafts=link_drafts, details=details, pasted_type=pasted_type(result, match)
            )
            for match in result.matches
        ],
        "parsed": parsed_answer(result.parsed),
        # Raised by a Rust or C extension: no harvest read where, and no card of another raise stands in for it.
        "compiled": f"raised inside compiled code of {result.compiled}" if result.compiled else None,
    }

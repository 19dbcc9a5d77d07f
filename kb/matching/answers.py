"""A lookup's result as the JSON answer that the API, the command line and the home page share.

Each match carries what a tool needs without a second request: the entry's title, a summary (the first sentence of
what it means, the curator's text else the machine's), its first solution and its review state. They are read from
the database in one query per answer (the index holds no prose, to stay small), and left out while it is away."""

import functools
import re
from collections.abc import Callable, Iterable
from typing import TypedDict

from django.conf import settings
from django.db import DatabaseError
from django.db.models import Prefetch
from django.urls import get_script_prefix, get_urlconf, reverse

from errorkb.matching.index import Site
from errorkb.matching.parse import Parsed
from errorkb.matching.rank import DRAFT, Match, Result
from kb.models import ErrorEntry, Solution
from kb.models.titles import derive_title
from kb.runtime import freshness
from kb.runtime.outage import database, is_database_unavailable

# The end of a first sentence: a full stop, question or exclamation mark before a space or the end; `e.g. ` and
# `i.e. ` are not one. Bounded: it reads a sentence that is already in memory, not pasted text.
SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)[.!?](?=\s|$)")
SUMMARY_LENGTH = 300


class Details(TypedDict):
    title: str
    summary: str | None
    first_solution: str | None
    review_state: str


def first_sentence(markdown: str) -> str | None:
    paragraph = markdown.strip().split("\n\n", 1)[0].replace("\n", " ").strip()
    if not paragraph:
        return None
    end = SENTENCE_END.search(paragraph, 0, SUMMARY_LENGTH)
    return paragraph[: end.end()] if end else paragraph[:SUMMARY_LENGTH]


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
            read = _read_details(missing)
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


def _read_details(keys: set[int]) -> dict[int, Details]:
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
    found: dict[int, Details] = {}
    for entry in entries:
        solutions = entry.shown_solutions()
        found[entry.id] = {
            "title": entry.title,
            "summary": first_sentence(entry.shown("meaning").markdown),
            "first_solution": solutions[0].markdown if solutions else None,
            "review_state": entry.review_state,
        }
    return found


def blob_url(repository_url: str, site: Site) -> str:
    """As `Repository.blob_url`: no link for a release from PyPI that names no repository."""
    if repository_url.startswith("https://pypi.org/"):
        return ""
    anchor = f"#L{site.line}" if site.line else ""
    return f"{repository_url.rstrip('/')}/blob/{site.commit}/{site.path}{anchor}"


@functools.lru_cache(maxsize=16)
def _entry_path_around(urlconf: str, script_prefix: str) -> tuple[str, str]:
    """An entry page's path before and after its id. A lookup answers in tens of microseconds; reverse() for each
    match cost a third of that, so it runs once per URLconf and script prefix (the key: tests change them)."""
    placeholder = "0" * 16  # an id's shape (kb.models.PUBLIC_ID_PATTERN): hex, which reverse() leaves as it is
    before, _, after = reverse("kb:entry", kwargs={"public_id": placeholder}, urlconf=urlconf).rpartition(placeholder)
    return before, after


def _url(public_id: str, absolute: Callable[[str], str]) -> str:
    before, after = _entry_path_around(get_urlconf() or settings.ROOT_URLCONF, get_script_prefix())
    return absolute(before + public_id + after)


def match_answer(
    match: Match, absolute: Callable[[str], str], *, link_drafts: bool = True, details: dict[int, Details] | None = None
) -> dict:
    """`link_drafts`: whether the caller may open a draft's page; if not, a draft keeps its place and status
    but has no url (its page would be a 404). `details`: from `details_of`, read here when not given."""
    entry = match.entry
    linked = link_drafts or entry.status != DRAFT
    if details is None:
        details = details_of([entry.key])
    wording = match.message_from
    shown_from = wording is not None and (link_drafts or wording.entry.status != DRAFT)
    shown = details.get(entry.key)
    if shown is None:  # the database is away, or the entry went meanwhile: its message for a title, no prose
        title = derive_title(message=entry.message, signature=entry.signature, exception_type=entry.exception_type)
        shown = {"title": title or entry.exception_type, "summary": None, "first_solution": None, "review_state": ""}
    return {
        "id": entry.public_id,
        "url": _url(entry.public_id, absolute) if linked else None,
        **shown,
        "score": match.score,
        "exact": match.exact,
        "partial": match.partial,
        "similarity": match.similarity,
        "raise_site": match.raise_site,
        "nearby": match.nearby,
        "message_from": {
            "id": wording.entry.public_id,
            "url": _url(wording.entry.public_id, absolute),
            "exception_type": wording.entry.exception_type,
            "message": wording.entry.message,
        }
        if wording is not None and shown_from
        else None,
        "exception": match.exception,
        "exception_type": entry.exception_type,
        "message": entry.message,
        "status": entry.status,
        "params": match.params,
        "why": match.why,
        "sources": [
            {
                "path": site.path,
                "line": site.line,
                "function": site.function,
                "commit": site.commit,
                "url": blob_url(entry.repository_url, site),
            }
            for site in (match.sites or entry.sites)
        ],
    }


def how_it_matched(match: dict) -> str:
    """A match's kind, for people (the command line, the home page)."""
    if match.get("nearby"):
        return f"same {match['nearby']}, not the same raise"
    if match.get("raise_site") and not match["exact"]:
        return "the raise in the innermost frame"
    if match["exact"]:
        return "exact match"
    if match.get("partial"):
        return "partial match: the text is the start of the message"
    if match["similarity"]:
        return f"approximate, {match['similarity']:.0%} similar"
    if any(reason["kind"] == "frame" for reason in match["why"]):
        return "by frame and type"
    return "by type only"


def parsed_answer(parsed: Parsed) -> dict:
    return {
        "kind": parsed.kind,
        "exceptions": [
            {
                "type": exception.type,
                "message": exception.message,
                "origin": exception.origin,
                "frames": [
                    {"path": frame.path, "line": frame.line, "function": frame.function} for frame in exception.frames
                ],
            }
            for exception in parsed.exceptions
        ],
    }


def answer(result: Result, absolute: Callable[[str], str], *, link_drafts: bool = True) -> dict:
    details = details_of(match.entry.key for match in result.matches) if result.matches else {}
    return {
        "matches": [
            match_answer(match, absolute, link_drafts=link_drafts, details=details) for match in result.matches
        ],
        "parsed": parsed_answer(result.parsed),
        # Raised by a Rust or C extension: no harvest read where, and no card of another raise stands in for it.
        "compiled": f"raised inside compiled code of {result.compiled}" if result.compiled else None,
    }

"""A lookup's result as the JSON answer that the API, the command line and the home page share."""

from collections.abc import Callable

from django.urls import reverse

from kb.matching.index import Site
from kb.matching.parse import Parsed
from kb.matching.rank import DRAFT, Match, Result


def blob_url(repository_url: str, site: Site) -> str:
    anchor = f"#L{site.line}" if site.line else ""
    return f"{repository_url.rstrip('/')}/blob/{site.commit}/{site.path}{anchor}"


def match_answer(match: Match, absolute: Callable[[str], str], *, link_drafts: bool = True) -> dict:
    """`link_drafts`: whether the caller may open a draft's page; if not, a draft keeps its place and status
    but has no url (its page would be a 404)."""
    entry = match.entry
    linked = link_drafts or entry.status != DRAFT
    return {
        "id": entry.public_id,
        "url": absolute(reverse("kb:entry", kwargs={"public_id": entry.public_id})) if linked else None,
        "score": match.score,
        "exact": match.exact,
        "partial": match.partial,
        "similarity": match.similarity,
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
    return {
        "matches": [match_answer(match, absolute, link_drafts=link_drafts) for match in result.matches],
        "parsed": parsed_answer(result.parsed),
    }

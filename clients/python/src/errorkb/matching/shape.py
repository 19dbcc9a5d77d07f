"""A lookup's result as JSON, without Django: the shape of each element of POST /api/match's "matches".

The server (kb.matching.answers, which reads each entry's details from the database and its URL from the URLconf)
and the offline bundle (errorkb.bundle, which reads both from the bundle) write their answers with these functions,
so that a match has the same keys and values either way. Standard library alone (no `offline` extra needed)."""

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypedDict

from errorkb.matching import DRAFT

if TYPE_CHECKING:  # the standard library alone at run time: the online client prints with `how_it_matched`
    from errorkb.matching.index import Site
    from errorkb.matching.parse import Parsed
    from errorkb.matching.rank import Match

# The end of a first sentence: a full stop, question or exclamation mark before a space or the end; `e.g. ` and
# `i.e. ` are not one. Bounded: it reads a sentence that is already in memory, not pasted text.
SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)[.!?](?=\s|$)")
SUMMARY_LENGTH = 300


class Details(TypedDict):
    """What a match shows of its entry beyond the index: the card's title, the first sentence of what it means,
    its first solution and whose word it is."""

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


def blob_url(repository_url: str, site: "Site") -> str:
    """As the server's `Repository.blob_url`: no link for a release from PyPI that names no repository."""
    if repository_url.startswith("https://pypi.org/"):
        return ""
    anchor = f"#L{site.line}" if site.line else ""
    return f"{repository_url.rstrip('/')}/blob/{site.commit}/{site.path}{anchor}"


def match_json(
    match: "Match", url_of: Callable[[str], str], shown: Details, *, link_drafts: bool = True, class_card: bool = False
) -> dict:
    """One match as the API answers it. `url_of`: an entry's public id -> its page's absolute URL. `shown`: the
    entry's details. `link_drafts`: whether the caller may open a draft's page; if not, a draft keeps its place
    and status but has no url (its page would be a 404). `class_card`: the entry is the pasted class's own card
    (`rank.class_card`)."""
    entry = match.entry
    linked = link_drafts or entry.status != DRAFT
    wording = match.message_from
    shown_from = wording is not None and (link_drafts or wording.entry.status != DRAFT)
    return {
        "id": entry.public_id,
        "url": url_of(entry.public_id) if linked else None,
        **shown,
        "score": match.score,
        "exact": match.exact,
        "partial": match.partial,
        "similarity": match.similarity,
        "raise_site": match.raise_site,
        "nearby": match.nearby,
        "class_card": class_card,
        "message_from": {
            "id": wording.entry.public_id,
            "url": url_of(wording.entry.public_id),
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


def how_it_matched(match: dict[str, Any]) -> str:
    """A match's kind, for people (the command line, the home page, the client)."""
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


def parsed_json(parsed: "Parsed") -> dict:
    """What the text was read as: POST /api/match's "parsed"."""
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

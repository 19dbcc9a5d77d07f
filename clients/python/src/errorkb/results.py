"""Typed results: the lookup's matches and a card, read from the server's JSON or an offline bundle's dicts.

`matches_from_json` is the one reading of `/api/match`'s "matches" (api/match.py's MatchSerializer): the server's
answer and a bundle's (whose `lookup` returns dicts of the same shape) both go through it, so both give the same
types. A dict of another shape is a `ProtocolError`, never a half-filled result."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from errorkb.errors import ProtocolError

TYPE_CHECKING = False  # not `typing`'s: see errorkb/__init__.py
if TYPE_CHECKING:
    from typing import Any

# How sure a match is for the integrations to print it unasked (the excepthook, pytest, logging): the same raise, the
# same message, or its start. A match by type alone, or a nearby raise, is left to `errorkb lookup`.
CONFIDENT_SIMILARITY = 0.85


def review_label(state: str) -> str:
    """Whose word a card is, for people: a card no curator has read says so."""
    if state == "reviewed":
        return "reviewed"
    if state == "ai-assisted":
        return "AI-assisted, not yet reviewed"
    return "not yet reviewed"


@dataclass(frozen=True)
class Source:
    """A raise site of the entry: the file in its repository, the line, the function, a link to the code."""

    path: str
    line: int | None
    function: str
    commit: str
    url: str


@dataclass(frozen=True)
class Match:
    """One entry behind the error, as `/api/match` answers it."""

    id: str
    url: str | None
    title: str
    summary: str | None
    first_solution: str | None
    review_state: str  # "generated", "ai-assisted", "reviewed", or "" (unknown)
    exception_type: str
    message: str
    status: str  # "published", "retired" or "draft"
    score: float
    exact: bool
    partial: bool
    similarity: float | None
    raise_site: bool
    nearby: str | None
    params: Mapping[str, str] = field(default_factory=dict)
    sources: tuple[Source, ...] = ()
    why: tuple[Mapping[str, Any], ...] = ()

    @property
    def reviewed(self) -> bool:
        return self.review_state == "reviewed"

    @property
    def review_label(self) -> str:
        return review_label(self.review_state)

    @property
    def how(self) -> str:
        """How it matched, in the words of `manage.py lookup` (kb.matching.answers.how_it_matched)."""
        if self.nearby:
            return f"same {self.nearby}, not the same raise"
        if self.raise_site and not self.exact:
            return "the raise in the innermost frame"
        if self.exact:
            return "exact match"
        if self.partial:
            return "partial match: the text is the start of the message"
        if self.similarity:
            return f"approximate, {self.similarity:.0%} similar"
        if any(reason.get("kind") == "frame" for reason in self.why):
            return "by frame and type"
        return "by type only"

    @property
    def confident(self) -> bool:
        """Worth printing unasked: the raise itself, the message, its start, or a close wording."""
        if self.nearby:
            return False
        return self.exact or self.raise_site or self.partial or (self.similarity or 0.0) >= CONFIDENT_SIMILARITY


@dataclass(frozen=True)
class SearchHit:
    """When nothing matches, the server offers entries that share the text's words."""

    id: str
    title: str
    url: str


@dataclass(frozen=True)
class Result:
    """A lookup's answer: the matches (best first), where from, and what the server offered when none matched."""

    matches: tuple[Match, ...]
    origin: str  # the server's URL or the bundle's path
    compiled: str | None = None  # "raised inside compiled code of <package>"
    search: tuple[SearchHit, ...] = ()

    @property
    def best(self) -> Match | None:
        return self.matches[0] if self.matches else None

    def __iter__(self) -> Iterator[Match]:
        return iter(self.matches)

    def __len__(self) -> int:
        return len(self.matches)

    def __bool__(self) -> bool:
        return bool(self.matches)


@dataclass(frozen=True)
class Card:
    """An entry's card, as `GET /api/errors/<id>` (or a bundle) gives it: what `errorkb explain` prints."""

    id: str
    url: str | None
    title: str
    exception_type: str
    message: str
    status: str
    review_state: str
    repository: str
    meaning: str
    solutions: tuple[str, ...]
    sources: tuple[Source, ...]

    @property
    def review_label(self) -> str:
        return review_label(self.review_state)


class _Reader:
    """Reads one JSON object's fields, each checked for its type; `where` names it in the error."""

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise ProtocolError(f"{where} is not a JSON object but {type(data).__name__}")
        self.data, self.where = data, where

    def _get(self, key: str, types: tuple[type, ...], default: object, required: bool) -> Any:
        if key not in self.data:
            if required:
                raise ProtocolError(f"{self.where} has no {key!r}")
            return default
        value = self.data[key]
        if value is None and type(None) in types:
            return None
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            names = " or ".join(t.__name__ for t in types)
            raise ProtocolError(f"{self.where}'s {key!r} is {type(value).__name__}, expected {names}")
        return value

    def text(self, key: str, *, default: str = "", required: bool = False) -> str:
        return str(self._get(key, (str,), default, required))

    def optional_text(self, key: str, *, required: bool = False) -> str | None:
        return self._get(key, (str, type(None)), None, required)

    def number(self, key: str, *, default: float | None = 0.0, required: bool = False) -> float | None:
        value = self._get(key, (int, float, type(None)), default, required)
        return None if value is None else float(value)

    def flag(self, key: str) -> bool:
        return bool(self._get(key, (bool,), False, False))

    def items(self, key: str) -> list:
        return list(self._get(key, (list,), [], False))

    def mapping(self, key: str) -> dict:
        return dict(self._get(key, (dict,), {}, False))


def _source(data: object, where: str) -> Source:
    read = _Reader(data, where)
    line = read._get("line", (int, type(None)), None, False)
    return Source(
        path=read.text("path"),
        line=line,
        function=read.text("function"),
        commit=read.text("commit"),
        url=read.text("url"),
    )


def match_from_json(data: object, where: str = "a match") -> Match:
    read = _Reader(data, where)
    params = read.mapping("params")
    if not all(isinstance(value, str) for value in params.values()):
        raise ProtocolError(f"{where}'s 'params' holds a value that is not a string")
    why = read.items("why")
    if not all(isinstance(reason, dict) for reason in why):
        raise ProtocolError(f"{where}'s 'why' holds an item that is not an object")
    sources = read.items("sources")
    return Match(
        id=read.text("id", required=True),
        url=read.optional_text("url", required=True),
        title=read.text("title", required=True),
        summary=read.optional_text("summary"),
        first_solution=read.optional_text("first_solution"),
        review_state=read.text("review_state"),
        exception_type=read.text("exception_type"),
        message=read.text("message"),
        status=read.text("status"),
        score=float(read.number("score", required=True) or 0.0),
        exact=read.flag("exact"),
        partial=read.flag("partial"),
        similarity=read.number("similarity", default=None),
        raise_site=read.flag("raise_site"),
        nearby=read.optional_text("nearby"),
        params=params,
        sources=tuple(_source(item, f"{where}'s source {n}") for n, item in enumerate(sources)),
        why=tuple(why),
    )


def matches_from_json(items: object) -> tuple[Match, ...]:
    """`/api/match`'s "matches", or a bundle's `lookup()`: the one reading of both."""
    if not isinstance(items, list):
        raise ProtocolError(f"the matches are not a JSON list but {type(items).__name__}")
    return tuple(match_from_json(item, f"match {n}") for n, item in enumerate(items))


def result_from_json(body: object, origin: str) -> Result:
    """A whole `/api/match` answer."""
    read = _Reader(body, "the answer")
    if "matches" not in read.data:
        raise ProtocolError("the answer has no 'matches': is this an errorkb server?")
    hits = []
    for n, item in enumerate(read.items("search")):
        hit = _Reader(item, f"search hit {n}")
        hits.append(SearchHit(id=hit.text("id"), title=hit.text("title"), url=hit.text("url")))
    return Result(
        matches=matches_from_json(read.data["matches"]),
        origin=origin,
        compiled=read.optional_text("compiled"),
        search=tuple(hits),
    )


def _markdown(value: object) -> str:
    """A section: {"markdown": ...} as the API gives it, or a plain string."""
    if isinstance(value, dict):
        value = value.get("markdown", "")
    return value if isinstance(value, str) else ""


def card_from_json(data: object) -> Card:
    """`GET /api/errors/<id>`'s card, or a bundle's: the shown sections (`explanation`) when present."""
    read = _Reader(data, "the card")
    explanation = read.mapping("explanation")
    meaning = _markdown(explanation.get("meaning")) or _markdown(read.data.get("meaning"))
    meaning = meaning or _markdown(read.data.get("summary"))
    solutions = explanation.get("solutions") if isinstance(explanation.get("solutions"), list) else None
    if solutions is None:
        solutions = read.items("solutions")
    review = read.mapping("review")
    state = review.get("state") if isinstance(review.get("state"), str) else read.text("review_state")
    repository = read.data.get("repository")
    if isinstance(repository, dict):
        repository = "/".join(str(repository.get(part, "")) for part in ("owner", "name") if repository.get(part))
    sites = read.items("sites") if "sites" in read.data else read.items("sources")
    return Card(
        id=read.text("id", required=True),
        url=read.optional_text("url"),
        title=read.text("title", required=True),
        exception_type=read.text("exception_type"),
        message=read.text("message"),
        status=read.text("status"),
        review_state=state or "",
        repository=repository if isinstance(repository, str) else "",
        meaning=meaning,
        solutions=tuple(text for text in (_markdown(item) for item in solutions) if text),
        sources=tuple(_source(item, f"the card's site {n}") for n, item in enumerate(sites)),
    )

"""HTTP caching of an entry's card, for its page and its JSON.

Every change to a card bumps its entry's `updated_at`: saving the entry itself (every writer, through
`kb.actions.writes`, saves it when it touches its fields, sites, solutions or links). A card also shows the
titles of the entries it links to, so its version is the newest `updated_at` of the entry and those
targets. One indexed query gives that version; the ETag, Last-Modified and the server-side cache key all
derive from it, so a stale copy is never served and nothing has to remember to delete keys: a new
version simply has a new key, and old ones expire. `serve` is the one flow the page and the API share; each
passes its own renderer.

In front of all that, each process keeps the answers it gave anonymous readers for published (and retired) cards
in memory (`CardMemory`, an LRU bounded in bytes), with their validators, per card, representation and host. Such
an answer is served again, 304 included, without a query for as long as the catalogue's revision
(`kb.runtime.freshness`, read at most once a second) is the one it was made at: every writer moves that revision, so a
change is served everywhere within a second. Drafts and curators' cards never go in.
"""

import hashlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from cachetools import LRUCache
from django.core.cache import cache
from django.db import connection
from django.db.models import DateTimeField, Max, QuerySet
from django.db.models.expressions import RawSQL
from django.db.models.functions import Coalesce, Greatest
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import get_conditional_response
from django.utils.http import http_date, parse_etags

from kb.models import ErrorEntry, may_see_drafts
from kb.runtime import freshness

# A CDN may keep a public card this long; it revalidates cheaply with the ETag afterwards.
PUBLIC_MAX_AGE = 300
# Per process: the rendered cards kept in memory (about 2,000 Django cards' pages and JSON).
MEMORY_BYTES = 32 * 1024 * 1024

Card = TypeVar("Card")


@dataclass(frozen=True)
class CardVersion:
    public_id: str
    status: str
    modified: datetime

    @property
    def is_public(self) -> bool:
        return self.status in ErrorEntry.PUBLIC_STATUSES

    def etag(self, representation: str, audience: str) -> str:
        raw = f"{self.public_id}:{self.modified.isoformat()}:{representation}:{audience}"
        return '"' + hashlib.sha256(raw.encode()).hexdigest()[:32] + '"'

    def cache_key(self, representation: str, audience: str) -> str:
        return f"card:v2:{self.public_id}:{representation}:{audience}:{self.modified.timestamp()}"


def card_version(entries: QuerySet[ErrorEntry], public_id: str) -> CardVersion | None:
    """The version of one visible card, or None when `entries` does not hold it."""
    row = (
        entries.filter(public_id=public_id)
        .annotate(newest_link=Max("outgoing_links__target__updated_at"), newest_related=_newest_related())
        .annotate(
            modified=Greatest(
                "updated_at", Coalesce("newest_link", "updated_at"), Coalesce("newest_related", "updated_at")
            )
        )
        .values("public_id", "status", "updated_at", "modified")
        .first()
    )
    if row is None:
        return None
    return CardVersion(row["public_id"], row["status"], row["modified"] or row["updated_at"])


def _newest_related() -> RawSQL:
    """The newest `updated_at` of the entries the harvest relates this one to (its evidence "related", shown by
    `kb.cards.related`): those links move the card's version as a curator's do. A subquery of the same query."""
    table = connection.ops.quote_name(ErrorEntry._meta.db_table)
    if connection.vendor == "postgresql":
        rows = (
            f"jsonb_array_elements(CASE WHEN jsonb_typeof({table}.evidence -> 'related') = 'array' "
            f"THEN {table}.evidence -> 'related' ELSE '[]'::jsonb END)"
        )
        ids = f"SELECT related ->> 'id' FROM {rows} AS related"
    else:
        rows = (
            f"json_each(CASE WHEN json_type({table}.evidence, '$.related') = 'array' "
            f"THEN json_extract({table}.evidence, '$.related') ELSE '[]' END)"
        )
        ids = f"SELECT json_extract(related.value, '$.id') FROM {rows} AS related"
    sql = f"SELECT MAX(target.updated_at) FROM {table} AS target WHERE target.public_id IN ({ids})"
    return RawSQL(sql, (), output_field=DateTimeField())  # no value from outside: a table name, literals


def audience_of(request: HttpRequest) -> str:
    """Whose card this is: a curator's (drafts, links to drafts; never cached publicly) or the public's."""
    return "curator" if may_see_drafts(request.user) else "public"


def not_modified(request: HttpRequest, version: CardVersion, representation: str) -> HttpResponse | None:
    """A 304 (or 412) when the client's copy is current, else None."""
    etag = version.etag(representation, audience_of(request))
    response = get_conditional_response(
        request, etag=etag, last_modified=int(version.modified.timestamp()), response=None
    )
    if response is not None:
        set_validators(response, version, representation, request)
    return response


def write_precondition_failed(request: HttpRequest, version: CardVersion) -> bool:
    """For a write: whether the client's copy, named by If-Match, is not this version.

    Either audience's JSON ETag names the version: a curator may have read the card without their token.
    If-Unmodified-Since is not read here: it counts whole seconds, so it cannot tell apart versions made within one
    second, and the API refuses it on writes (api.writes.PreconditionRequired)."""
    if (if_match := request.META.get("HTTP_IF_MATCH")) is not None:
        tags = parse_etags(if_match)
        current = {version.etag("json", audience) for audience in ("public", "curator")}
        # Strong comparison (RFC 9110): a weak W/"..." tag never matches.
        return tags != ["*"] and not current.intersection(tags)
    return False


def set_validators(response: HttpResponse, version: CardVersion, representation: str, request: HttpRequest) -> None:
    response["ETag"] = version.etag(representation, audience_of(request))
    response["Last-Modified"] = http_date(version.modified.timestamp())
    if version.is_public and audience_of(request) == "public":
        response["Cache-Control"] = f"public, max-age={PUBLIC_MAX_AGE}"
    else:
        # Drafts, and whatever a curator sees, stay out of every shared cache.
        response["Cache-Control"] = "private, no-store"
    # The audience comes from the session cookie (pages) or an API token.
    response["Vary"] = "Cookie, Authorization, Accept-Encoding"


def cached(version: CardVersion, representation: str, audience: str, build: Callable[[], Card]) -> Card:
    """The serialised card (JSON text or page fragment) for this version, built once per version."""
    key = version.cache_key(representation, audience)
    value = cache.get(key)
    if value is None:
        value = build()
        cache.set(key, value)
    return value


def card_response(
    request: HttpRequest,
    version: CardVersion,
    *,
    representation: str,
    build: Callable[[], Card],
    respond: Callable[[Card], HttpResponse],
    cacheable: bool = True,
) -> HttpResponse:
    """The one flow of a card's page and JSON: a 304 (or 412) when the client's copy is this version; else the card
    built by `build` (the page's or the API's renderer), kept once per version, host and audience unless not
    `cacheable`, and answered by `respond` with its validators. Keyed by host: a card's links and canonical URL are
    built from the request when SITE_URL is not set."""
    if (unchanged := not_modified(request, version, representation)) is not None:
        return unchanged
    if cacheable:
        card = cached(version, f"{representation}@{request.get_host()}", audience_of(request), build)
    else:
        card = build()
    response = respond(card)
    set_validators(response, version, representation, request)
    return response


_CONDITIONAL_HEADERS = ("HTTP_IF_MATCH", "HTTP_IF_UNMODIFIED_SINCE", "HTTP_IF_MODIFIED_SINCE")


@dataclass(frozen=True)
class Served:
    """An answer given to an anonymous reader, as it can be given again: at catalogue revision `token`. Its
    validators are worked out once: the same for every anonymous reader."""

    token: tuple[int, object]
    version: CardVersion
    representation: str
    body: bytes
    content_type: str
    headers: tuple[tuple[str, str], ...]

    @classmethod
    def of(
        cls, token: tuple[int, object], version: CardVersion, representation: str, response: HttpResponse
    ) -> "Served":
        headers = tuple((name, response[name]) for name in ("ETag", "Last-Modified", "Cache-Control", "Vary"))
        return cls(token, version, representation, response.content, response["Content-Type"], headers)

    def answer(self, request: HttpRequest) -> HttpResponse:
        meta = request.META
        if_none_match = meta.get("HTTP_IF_NONE_MATCH")
        plain = not any(name in meta for name in _CONDITIONAL_HEADERS)
        if plain and if_none_match is None:
            response = HttpResponse(self.body, content_type=self.content_type)
        elif plain and if_none_match == self.headers[0][1] and request.method in ("GET", "HEAD"):
            response = HttpResponseNotModified()  # the client's copy, named exactly
        elif (unchanged := not_modified(request, self.version, self.representation)) is not None:
            return unchanged  # any other precondition, as Django's conditional handling reads it
        else:
            response = HttpResponse(self.body, content_type=self.content_type)
        for name, value in self.headers:
            response[name] = value
        return response


class CardMemory:
    """Least recently used answers, at most `max_bytes` of bodies in all: cachetools' LRU, sized by body. It is not
    thread-safe (a read reorders it), so every use holds the lock, as threads may share the process."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._items: LRUCache[tuple[str, str, str], Served] = LRUCache(max_bytes, getsizeof=_body_size)
        self._lock = threading.Lock()

    def get(self, key: tuple[str, str, str]) -> Served | None:
        with self._lock:
            return self._items.get(key)

    def put(self, key: tuple[str, str, str], served: Served) -> None:
        if len(served.body) > self.max_bytes:
            return  # never kept, rather than the ValueError LRUCache raises for it
        with self._lock:
            # Replaced, not updated in place: LRUCache would count the old body too while making room for the new one.
            self._items.pop(key, None)
            self._items[key] = served

    @property
    def size(self) -> int:
        return int(self._items.currsize)

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


def _body_size(served: Served) -> int:
    return len(served.body)


memory = CardMemory(MEMORY_BYTES)


def from_memory(request: HttpRequest, public_id: str, representation: str) -> HttpResponse | None:
    """The answer kept for an anonymous reader of this public card, when the catalogue has not changed since; no
    query (but the catalogue's revision, at most once a second). The caller knows the reader is anonymous."""
    served = memory.get((public_id, representation, request.get_host()))
    if served is None or served.token != freshness.catalogue.current():
        return None
    return served.answer(request)


def serve(
    request: HttpRequest,
    public_id: str,
    entries: Callable[[], QuerySet[ErrorEntry]],
    *,
    representation: str,
    build: Callable[[], Card],
    respond: Callable[[Card], HttpResponse],
    cacheable: bool = True,
) -> HttpResponse | None:
    """A card's answer (see card_response), from this process's memory when an anonymous reader asks for a public
    card that has not changed since it was kept; None when `entries()` does not hold the card."""
    shareable = cacheable and audience_of(request) == "public"
    if shareable and (kept := from_memory(request, public_id, representation)) is not None:
        return kept
    # Read before the version: a write between the two is seen as a newer revision, never hidden by an older one.
    token = freshness.catalogue.current() if shareable else freshness.UNKNOWN
    version = card_version(entries(), public_id)
    if version is None:
        return None
    response = card_response(
        request, version, representation=representation, build=build, respond=respond, cacheable=cacheable
    )
    if shareable and version.is_public and response.status_code == 200 and token != freshness.UNKNOWN:
        memory.put((public_id, representation, request.get_host()), Served.of(token, version, representation, response))
    return response

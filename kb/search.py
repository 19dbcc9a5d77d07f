"""Full-text search over entries.

On PostgreSQL every entry row carries a stored, generated `search_vector` (title, message and exception
type weigh most, then the explanation, then solutions and repository via `search_extra`) under a GIN
index; queries go through `websearch_to_tsquery`, so readers can type "quoted phrases", `or` and `-word`.
Trigram word similarity (pg_trgm, indexed) catches typos in the title and message. On SQLite, for
`make run`, the same operators work on plain substring tests (no ranking, no typo tolerance).
"""

import html
import re
import unicodedata

from django.db import connection
from django.db.models import Count, F, FloatField, Q, QuerySet, Value
from django.db.models.expressions import RawSQL
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

MAX_QUERY_LENGTH = 500
_START, _STOP = "\x02", "\x03"
_TSQUERY = "websearch_to_tsquery('english', %s)"
_WORD = re.compile(r"[\w.]+", re.UNICODE)


class SearchQueryError(ValueError):
    """A query that cannot be searched; the message is for the reader."""


def clean_query(raw: str | None) -> str:
    """The query as searched: control characters (NUL included) become spaces, runs of space collapse."""
    text = "".join(" " if unicodedata.category(ch) in ("Cc", "Cs") else ch for ch in raw or "")
    text = " ".join(text.split())
    if len(text) > MAX_QUERY_LENGTH:
        raise SearchQueryError(f"A search is at most {MAX_QUERY_LENGTH} characters; this one has {len(text)}.")
    return text


def search(entries: QuerySet, query: str) -> QuerySet:
    """`entries` that match `query`, best first, each annotated with `rank` and `headline_source`."""
    if not query:
        return entries.none()
    if connection.vendor == "postgresql":
        return _search_postgres(entries, query)
    return _search_plain(entries, query)


def _uses_operators(query: str) -> bool:
    return '"' in query or any(w.startswith("-") or w.lower() == "or" for w in query.split())


def _search_postgres(entries: QuerySet, query: str) -> QuerySet:
    vector_match = f"kb_errorentry.search_vector @@ {_TSQUERY}"
    rank_sql = f"ts_rank_cd(kb_errorentry.search_vector, {_TSQUERY}, 32)"
    if _uses_operators(query):
        # The reader asked for exact logic (a phrase, an exclusion, an or): no fuzzy extras.
        matches = RawSQL(f"({vector_match})", [query])
        rank = RawSQL(rank_sql, [query], output_field=FloatField())
    else:
        # `<%` is word similarity above pg_trgm's threshold, answered from the trigram index: typos.
        text = "(kb_errorentry.title || ' ' || kb_errorentry.message)"
        matches = RawSQL(f"({vector_match} OR %s <%% {text})", [query, query])
        rank = RawSQL(f"{rank_sql} + 0.5 * word_similarity(%s, {text})", [query, query], output_field=FloatField())
    return (
        entries.annotate(matches=matches)
        .filter(matches=True)
        .annotate(rank=rank)
        .order_by("-rank", "-updated_at", "public_id")
    )


_TERM = re.compile(r'(-?)"([^"]*)"?|(\S+)')
_TEXT_FIELDS = ("title", "message", "exception_type", "meaning", "trigger", "situations", "search_extra")


def _contains(text: str) -> Q:
    found = Q()
    for name in _TEXT_FIELDS:
        found |= Q(**{f"{name}__icontains": text})
    return found


def plain_query(query: str) -> Q | None:
    """The query as `websearch_to_tsquery` reads it, in substring tests: every term must appear, a "quoted
    phrase" as written, `-term` must not, and `or` between two terms lets either do. None: nothing to search."""
    groups: list[Q] = []  # ANDed; each an OR of terms
    join_next = False
    for negated, phrase, bare in _TERM.findall(query):
        if bare and bare.lower() == "or":
            join_next = bool(groups)
            continue
        if bare.startswith("-"):
            negated, bare = "-", bare[1:]
        words = [phrase.strip()] if phrase.strip() else _WORD.findall(bare)
        if not words:
            continue
        term = Q()
        for word in words:
            term &= _contains(word)
        if negated:
            term = ~term
        if join_next:
            groups[-1] |= term
        else:
            groups.append(term)
        join_next = False
    if not groups or all(group.negated for group in groups):
        return None  # exclusions alone would list the whole catalogue
    combined = Q()
    for group in groups:
        combined &= group
    return combined


def _search_plain(entries: QuerySet, query: str) -> QuerySet:
    condition = plain_query(query)
    if condition is None:
        return entries.none()
    return (
        entries.filter(condition)
        .annotate(rank=Value(1.0, output_field=FloatField()))
        .order_by("-updated_at", "public_id")
    )


def facets(matched: QuerySet, *, with_status: bool) -> dict[str, list[dict]]:
    """Counts of the matched entries by repository, exception type, kind (and status for curators)."""
    base = matched.order_by().values()
    out = {
        "repository": list(
            base.annotate(value=F("repository__owner"), name=F("repository__name"))
            .values("value", "name")
            .annotate(count=Count("id"))
            .order_by("-count", "value", "name")[:20]
        ),
        "exception_type": _counts(base, "exception_type"),
        "kind": _counts(base, "kind"),
    }
    for row in out["repository"]:
        row["value"] = f"{row.pop('value')}/{row.pop('name')}"
    if with_status:
        out["status"] = _counts(base, "status")
    return out


def _counts(base: QuerySet, field: str) -> list[dict]:
    return list(
        base.annotate(value=F(field)).values("value").annotate(count=Count("id")).order_by("-count", "value")[:20]
    )


def highlight(text: str, query: str, *, width: int = 220) -> SafeString:
    """An escaped excerpt of `text` around the first query word, with every query word in <mark>."""
    words = sorted({w for w in _WORD.findall(query) if len(w) > 1 and w.lower() not in {"or", "and"}}, key=len)
    words.reverse()
    if not text:
        return mark_safe("")
    pattern = re.compile("|".join(re.escape(w) for w in words), re.IGNORECASE) if words else None
    first = pattern.search(text) if pattern else None
    start = max(0, first.start() - width // 3) if first else 0
    excerpt = text[start : start + width]
    if pattern:
        excerpt = pattern.sub(lambda m: f"{_START}{m.group(0)}{_STOP}", excerpt)
    escaped = escape(excerpt).replace(_START, "<mark>").replace(_STOP, "</mark>")
    prefix = "…" if start else ""
    suffix = "…" if start + width < len(text) else ""
    return mark_safe(f"{prefix}{escaped}{suffix}")


_TAG = re.compile(r"<(/?)([a-zA-Z0-9]*)[^>]*>")
# Inline markup sits inside words ("**Hi**Sparse"): it goes without a trace; any other tag ends a run of text.
_INLINE_TAGS = frozenset({"a", "abbr", "b", "code", "del", "em", "i", "kbd", "span", "strong", "sub", "sup"})


def plain_text(markdown_html: str) -> str:
    """Sanitised HTML (Markdown rendered on save) back to plain text, for excerpts and descriptions: no markup,
    no link targets, entities decoded, runs of whitespace as one space. Escape it on output."""
    text = _TAG.sub(lambda m: "" if m.group(2).lower() in _INLINE_TAGS else " ", markdown_html or "")
    return " ".join(html.unescape(text).split())

"""Full-text search over entries.

On PostgreSQL every entry row carries a stored, generated `search_vector` (title, message and exception
type weigh most, then the explanation, then solutions and repository via `search_extra`) under a GIN
index; queries go through `websearch_to_tsquery`, so readers can type "quoted phrases", `or` and `-word`.
A vocabulary of the entries' words under a trigram index (pg_trgm) corrects typos (kb/search_postgres.py). On
SQLite, for `make run`, FTS5 (kb/search_fts.py) ranks with bm25 and the vocabulary corrects typos; where
SQLite has no FTS5, the same operators work on plain substring tests.
"""

import html
import re
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal

from django.conf import settings
from django.db import DatabaseError, connection
from django.db.models import Count, F, FloatField, Func, Q, QuerySet, Subquery, Value
from django.db.models.expressions import RawSQL
from django.utils.html import escape, strip_tags
from django.utils.safestring import SafeString, mark_safe
from rapidfuzz import fuzz, process

from kb.models import ErrorEntry, Repository
from kb.runtime.outage import database, is_database_unavailable
from kb.search.backends import postgres as search_postgres
from kb.search.backends import sqlite as search_fts
from kb.search.paging import RankedEntries

if TYPE_CHECKING:
    from kb.matching import Result

MAX_QUERY_LENGTH = 500
DEFAULT_CANDIDATES = 1000
_START, _STOP = "\x02", "\x03"
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


def candidates() -> int:
    """How many matches a search ranks and counts at most (settings.SEARCH_CANDIDATES): ranking or counting a
    million matches of a common word took seconds, and no reader pages that far. A query matching more says so
    ("more than 1,000"); one matching fewer is ranked whole."""
    return int(getattr(settings, "SEARCH_CANDIDATES", DEFAULT_CANDIDATES))


def search(entries: QuerySet[ErrorEntry], query: str) -> QuerySet[ErrorEntry]:
    """`entries` that match `query`, best first, each annotated with `rank`: at most candidates() + 1 of them
    (the one more tells that there are more). Filter `entries` before, never the result after: a filter
    applied to the capped result would miss what lies beyond the cap."""
    if not query:
        return entries.none()
    if connection.vendor == "postgresql":
        return search_postgres.search(
            entries, query, candidates=candidates() + 1, corrected=_corrected(query), phrases=phrases(query)
        )
    return _search_sqlite(entries, query)


Corrections = search_postgres.Corrected | None
NOT_LOOKED_UP: Final = "not looked up"


def ranked(
    entries: QuerySet[ErrorEntry],
    query: str,
    *,
    corrected: Corrections | Literal["not looked up"] = NOT_LOOKED_UP,
    facets: bool = True,
) -> RankedEntries:
    """What search() finds, for a page that counts, lists and facets it: the ranked ids, found in one query
    with what the facets count (unless `facets` is false: the API counts none), and the entries (as `entries`
    would select them) fetched a page at a time.
    `corrected`: corrections() of the query, when the caller already has them (a page searching twice)."""
    facet_rows = None
    if not query:
        ids: list[int] = []
    elif connection.vendor == "postgresql":
        words = corrections(query) if corrected == NOT_LOOKED_UP else corrected
        rows = search_postgres.ranked_rows(
            entries, query, candidates=candidates() + 1, corrected=words, phrases=phrases(query), facets=facets
        )
        ids = [row[0] for row in rows]
        facet_rows = [row[4:] for row in rows] if facets else None
    else:
        ids = [entry.pk for entry in search(entries.select_related(None), query).only("pk")]
    fetch = entries.model.objects.all()
    fetch.query.select_related = entries.query.select_related
    # The caller's only()/defer(): a page of 50 whole rows decoded every column (generated JSON too), a third
    # of a search's time.
    fetch.query.deferred_loading = entries.query.deferred_loading
    return RankedEntries(ids, fetch, facet_rows)


def corrections(query: str) -> Corrections:
    """The query's words with their corrections, as a PostgreSQL search forgives typos, and how common each is
    (one query)."""
    return _corrected(query) if connection.vendor == "postgresql" else None


def _corrected(query: str) -> search_postgres.Corrected | None:
    """The query's words, each with its corrections, and the share of entries holding each; None when the reader
    asked for exact logic (typos are forgiven only when they did not)."""
    if _uses_operators(query):
        return None
    words = [w for group in parse_query(query) for term in group for w in term.words]
    if not words:
        return search_postgres.Corrected([], {}, 0.0)
    found = search_postgres.vocabulary(list(dict.fromkeys(fold(w) for w in words)), _correctable(words))
    corrected = [(w, _closest(fold(w), found.near.get(fold(w), []))) for w in words]
    held = {*words, *(option for _word, options in corrected for option in options)}
    shares = {word: found.shares.get(fold(word), 0.0) for word in held}
    return search_postgres.Corrected(corrected, shares, found.entries)


def _correctable(words: list[str]) -> list[str]:
    return list(dict.fromkeys(fold(w) for w in words if _TOKEN.fullmatch(w) and len(w) >= MIN_CORRECTED_LENGTH))


def _postgres_corrections(words: list[str]) -> dict[str, list[str]]:
    """For each word no entry holds, its closest held words (from the vocabulary's trigram index), best first."""
    near = search_postgres.similar_words(_correctable(words))
    return {word: found for word, options in near.items() if (found := _closest(word, options))}


def _candidates(entries: QuerySet[ErrorEntry], condition: Q) -> QuerySet[ErrorEntry, Any]:
    """The pks of at most candidates() + 1 of `entries` that meet `condition`: those a search ranks."""
    return entries.order_by().filter(condition).values("pk")[: candidates() + 1]


def _capped(entries: QuerySet[ErrorEntry], condition: Q) -> QuerySet[ErrorEntry]:
    return entries.filter(pk__in=_candidates(entries, condition))


def _uses_operators(query: str) -> bool:
    return '"' in query or any(w.startswith("-") or w.lower() == "or" for w in query.split())


_TERM = re.compile(r'(-?)"([^"]*)"?|(\S+)')
_TEXT_FIELDS = ("title", "message", "exception_type", "meaning", "trigger", "situations", "search_extra")


@dataclass(frozen=True, slots=True)
class Term:
    words: tuple[str, ...]  # all must appear; a phrase is one item, its words side by side
    phrase: bool
    negated: bool


def parse_query(query: str) -> list[list[Term]]:
    """The query as `websearch_to_tsquery` reads it: groups that must all match, each a list of terms of which
    one must. A "quoted phrase" is one term; `-term` must not appear; `or` joins its neighbours into a group.
    One left-to-right pass of a regex that cannot backtrack across tokens. Empty: nothing to search (no
    terms, or exclusions alone, which would list the whole catalogue)."""
    groups: list[list[Term]] = []
    join_next = False
    for negated, phrase, bare in _TERM.findall(query):
        if bare and bare.lower() == "or":
            join_next = bool(groups)
            continue
        if bare.startswith("-"):
            negated, bare = "-", bare[1:]
        phrase = phrase.strip()
        words = tuple(w for w in ([phrase] if phrase else _WORD.findall(bare)) if _searchable(w))
        if not words:
            continue
        term = Term(words, bool(phrase), bool(negated))
        if join_next:
            groups[-1].append(term)
        else:
            groups.append([term])
        join_next = False
    if all(term.negated for group in groups for term in group):
        return []
    return groups


def phrases(query: str) -> list[str]:
    """The query's "quoted phrases" of two words or more that every match must hold: not one after `or` (another
    term may match instead) nor after `-`."""
    return [
        term.words[0]
        for group in parse_query(query)
        if len(group) == 1
        for term in group
        if term.phrase and not term.negated and len(term.words[0].split()) > 1
    ]


def _searchable(word: str) -> bool:
    # Tokenizers keep letters and digits only: "..." or "_" is no word to them, and would match nothing.
    return any(ch.isalnum() for ch in word)


def _condition(groups: list[list[Term]], test) -> Q | None:
    if not groups:
        return None
    combined = Q()
    for group in groups:
        either = Q()
        for term in group:
            either |= ~test(term) if term.negated else test(term)
        combined &= either
    return combined


def _contains(text: str) -> Q:
    found = Q()
    for name in _TEXT_FIELDS:
        found |= Q(**{f"{name}__icontains": text})
    return found


def _contains_term(term: Term) -> Q:
    found = Q()
    for word in term.words:
        found &= _contains(word)
    return found


def plain_query(query: str) -> Q | None:
    """The query in substring tests, for a SQLite without FTS5: every term must appear, a "quoted phrase" as
    written, `-term` must not, and `or` between two terms lets either do. None: nothing to search."""
    return _condition(parse_query(query), _contains_term)


def _search_plain(entries: QuerySet[ErrorEntry], query: str) -> QuerySet[ErrorEntry]:
    condition = plain_query(query)
    if condition is None:
        return entries.none()
    return (
        _capped(entries, condition)
        .annotate(rank=Value(1.0, output_field=FloatField()))
        .order_by("-updated_at", "public_id")
    )


# SQLite: FTS5 (kb/search_fts.py) ------------------------------------------------------------------------------

_MATCH = f"SELECT rowid FROM {search_fts.TABLE} WHERE {search_fts.TABLE} MATCH %s"
_BM25 = f"bm25({search_fts.TABLE}, {', '.join(str(w) for w in search_fts.WEIGHTS)})"
# bm25 is lower for a better match; negated, higher is better, as ts_rank_cd is.
_RANK = f"-{_BM25}"
_TOKEN = re.compile(r"[^\W_]+")
MIN_CORRECTED_LENGTH = 3
CORRECTION_SCORE = 75  # rapidfuzz ratio: one wrong, missing or swapped letter in an 8-letter word is 87
CORRECTIONS_PER_WORD = 3


def _fts_string(text: str) -> str:
    """Text as an FTS5 string: whatever it holds is searched as words, never read as query syntax."""
    return '"' + text.replace('"', '""') + '"'


def _fts_term(term: Term, corrections: dict[str, list[str]]) -> str:
    parts = []
    for word in term.words:
        options = [word, *corrections.get(fold(word), ())]
        parts.append("(" + " OR ".join(_fts_string(w) for w in options) + ")")
    return " AND ".join(parts)


class _FtsRank(Func):
    """The entry's bm25 rank (negated: higher is better) for the FTS5 query `match`, NULL where it does not match.
    bm25 reads the whole index's statistics for the query each time it is asked in a new statement, so never a
    subquery per entry (which reran the search for every row: 44 s for 20,000 matches): the index is joined once
    with the candidates `among` (one pass, materialized), and each entry reads its rank from that."""

    def __init__(self, match: str, among: QuerySet[ErrorEntry, Any]) -> None:
        super().__init__(F("pk"), Subquery(among), output_field=FloatField())
        self.match = match

    def as_sql(self, compiler, connection, **extra_context):  # type: ignore[override]
        entry, among = self.get_source_expressions()
        entry_sql, entry_params = compiler.compile(entry)
        among_sql, among_params = compiler.compile(among)
        table = search_fts.TABLE
        sql = (
            f"(WITH among(entry) AS {among_sql}, ranked(entry, rank) AS MATERIALIZED (SELECT {table}.rowid, {_RANK} "
            f"FROM {table}, among WHERE {table} MATCH %s AND {table}.rowid = among.entry) "
            f"SELECT rank FROM ranked WHERE entry = {entry_sql})"
        )
        return sql, (*among_params, self.match, *entry_params)


def _search_sqlite(entries: QuerySet[ErrorEntry], query: str) -> QuerySet[ErrorEntry]:
    if not search_fts.is_installed(connection):
        return _search_plain(entries, query)
    groups = parse_query(query)
    # As on PostgreSQL, typos are forgiven only when the reader did not ask for exact logic.
    words = [] if _uses_operators(query) else [w for group in groups for t in group for w in t.words]
    corrections = _vocabulary_corrections(words)
    condition = _condition(groups, lambda term: Q(pk__in=RawSQL(_MATCH, [_fts_term(term, corrections)])))
    if condition is None:
        return entries.none()
    wanted = " OR ".join(f"({_fts_term(t, corrections)})" for group in groups for t in group if not t.negated)
    among = _candidates(entries, condition)
    # An entry found by an exclusion alone (`a or -b`) has no words to rank it by: it is left out, as it has
    # nothing of what was asked for.
    return (
        entries.filter(pk__in=among)
        .filter(pk__in=RawSQL(_MATCH, [wanted]))
        .annotate(rank=_FtsRank(wanted, among))
        .order_by("-rank", "-updated_at", "public_id")
    )


def fold(word: str) -> str:
    """A word as the tokenizers store it: lower case, without diacritics."""
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _vocabulary_corrections(words: list[str]) -> dict[str, list[str]]:
    """For each word the index does not hold, the closest words it does (SQLite's FTS5 vocabulary)."""
    unknown = set(_correctable(words))
    if not unknown:
        return {}
    with connection.cursor() as cursor:
        marks = ", ".join(["%s"] * len(unknown))
        cursor.execute(f"SELECT term FROM {search_fts.VOCAB} WHERE term IN ({marks})", list(unknown))
        unknown -= {row[0] for row in cursor.fetchall()}
        if not unknown:
            return {}
        shortest, longest = min(map(len, unknown)), max(map(len, unknown))
        cursor.execute(
            f"SELECT term FROM {search_fts.VOCAB} WHERE length(term) BETWEEN %s AND %s",
            [max(1, shortest - 2), longest + 2],
        )
        vocabulary = [row[0] for row in cursor.fetchall()]
    return {word: _closest(word, vocabulary) for word in unknown}


def _closest(word: str, vocabulary: list[str]) -> list[str]:
    found = process.extract(
        word, vocabulary, scorer=fuzz.ratio, score_cutoff=CORRECTION_SCORE, limit=CORRECTIONS_PER_WORD
    )
    return [term for term, _score, _i in found]


# Did you mean -----------------------------------------------------------------------------------------------------


def closest_terms(entries: QuerySet[ErrorEntry], query: str) -> dict[str, list[str]]:
    """For each word of the query that no entry of `entries` holds, the closest words they do, best first."""
    words = _correctable([w for g in parse_query(query) for t in g if not t.negated for w in t.words])
    if not words:
        return {}
    # The vocabularies hold every entry's words, drafts' too: did_you_mean offers only what finds `entries`.
    if connection.vendor == "postgresql":
        return _postgres_corrections(words)
    if search_fts.is_installed(connection):
        return {word: found for word, found in _vocabulary_corrections(words).items() if found}
    return {}


def did_you_mean(entries: QuerySet[ErrorEntry], query: str) -> list[str]:
    """Queries like this one that find something: each unknown word swapped for one of its closest words
    (the best first), words with none left out. Offered when a query finds nothing."""
    closest = closest_terms(entries, query)
    if not closest:
        return []
    suggestions: list[str] = []
    for choice in range(CORRECTIONS_PER_WORD):
        swapped = []
        for word in query.split():
            key = fold(word)
            if key in closest:
                options = closest[key]
                swapped.append(options[min(choice, len(options) - 1)])
            elif _TOKEN.fullmatch(word) and len(word) >= MIN_CORRECTED_LENGTH and not _is_known(entries, word):
                continue
            else:
                swapped.append(word)
        suggestion = " ".join(swapped)
        if (
            suggestion
            and suggestion != query
            and suggestion not in suggestions
            and search(entries, suggestion).exists()
        ):
            suggestions.append(suggestion)
    return suggestions


def _is_known(entries: QuerySet[ErrorEntry], word: str) -> bool:
    return search(entries, word).exists()


TEXT_QUERY_WORDS = 10
_TEXT_WORD = re.compile(r"[^\W\d_][\w]{3,}")  # four characters or more, not starting with a digit


def text_query(text: str) -> str:
    """A search for the words of a pasted text (a message that matched no signature): its first distinct words
    of four letters or more, any of which may match, so that the entries sharing most of them come first."""
    words = dict.fromkeys(word.lower() for word in _TEXT_WORD.findall(text[: MAX_QUERY_LENGTH * 4]))
    return " or ".join(list(words)[:TEXT_QUERY_WORDS])


def offered_for_lookup(
    result: "Result", text: str, entries: QuerySet[ErrorEntry], absolute: Callable[[str], str]
) -> list[dict]:
    """What a lookup offers when nothing matched (the API, the home page and the command alike): the entries
    that share the words of the text's last exception (or of the whole text), as the search page finds them."""
    if result.matches:
        return []
    words = result.parsed.exceptions[0].message if result.parsed.exceptions else ""
    return search_hits(entries, words or text, absolute)


def search_hits(
    entries: QuerySet[ErrorEntry], text: str, absolute: Callable[[str], str], *, limit: int = 3
) -> list[dict]:
    """The best few of `entries` for the words of a pasted text, as lookups offer them when nothing matched:
    id, title and the page's url (`absolute` makes a path a full url)."""
    query = text_query(text)
    if not query or database.is_down:
        return []  # an extra: while the database is away, lookups answer from memory without it
    try:
        found = list(search(entries, query)[:limit])
    except DatabaseError as exc:
        if not is_database_unavailable(exc):
            raise
        database.went_away(exc)
        return []
    return [{"id": e.public_id, "title": e.title, "url": absolute(e.get_absolute_url())} for e in found]


FACETS_SHOWN = 20


def ranked_facets(matched: RankedEntries, *, with_status: bool) -> dict[str, list[dict]]:
    """facets() of a search's matches, counted from the rows its ranking read (one small query for the
    repositories' names) where the search has them; else counted by the database."""
    if matched.facet_rows is None:
        return facets(matched.queryset(), with_status=with_status)
    columns = list(zip(*matched.facet_rows, strict=True)) or [(), (), (), ()]
    repositories, types, kinds, statuses = (Counter(column) for column in columns)
    found = Repository.objects.filter(pk__in=list(repositories)) if repositories else Repository.objects.none()
    names = {pk: (owner, name) for pk, owner, name in found.values_list("pk", "owner", "name")}
    by_repository = sorted(((-n, names[pk]) for pk, n in repositories.items() if pk in names))
    out = {
        "repository": [{"value": f"{o}/{r}", "count": -n} for n, (o, r) in by_repository[:FACETS_SHOWN]],
        "exception_type": _top(types),
        "kind": _top(kinds),
    }
    if with_status:
        out["status"] = _top(statuses)
    return out


def _top(counted: Counter) -> list[dict]:
    return [{"value": v, "count": n} for v, n in sorted(counted.items(), key=lambda vn: (-vn[1], vn[0]))[:FACETS_SHOWN]]


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


# Block-level closing tags end a run of text (a space goes after them); inline markup sits inside words
# ("**Hi**Sparse") and goes without a trace.
_BLOCK_ENDS = tuple(
    f"</{tag}>" for tag in ("p", "li", "pre", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th")
)


def plain_text(markdown_html: str) -> str:
    """Sanitised HTML (Markdown rendered on save) back to plain text, for excerpts and descriptions: no markup,
    no link targets, entities decoded, runs of whitespace as one space. Escape it on output."""
    text = markdown_html or ""
    for end in _BLOCK_ENDS:
        text = text.replace(end, end + " ")
    text = text.replace("<br>", " ").replace("<br/>", " ").replace("<br />", " ").replace("<hr>", " ")
    return " ".join(html.unescape(strip_tags(text)).split())

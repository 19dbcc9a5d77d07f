"""Search on PostgreSQL, in django.contrib.postgres's terms.

Every entry row carries a stored, generated `search_vector` (migration 0004: title, message and exception type
weigh most, then the explanation, then solutions and repository via `search_extra`) under a GIN index. Queries go
through `websearch_to_tsquery`, so readers can type "quoted phrases", `or` and `-word`.

At a million entries a common word matches most of them: ranking (ts_rank_cd reads every match's vector) and
counting them all took seconds. So only a bounded set of candidates is ranked: the first `candidates` matches the
index (or a scan) yields, in a subquery with a LIMIT; a query matching fewer is ranked whole, as before.

Typos: the words of titles, messages and exception types are kept once each in `kb_search_word` (migration 0010)
under a trigram index. The query's words it does not hold are looked up there (one query), and when the words as
typed match nothing, the corrected words are searched in the full-text index. The trigram index over whole texts
it replaces rechecked a hundred thousand rows for a typo of a common word.
"""

from django.contrib.postgres.search import CombinedSearchQuery, SearchQuery, SearchRank, SearchVectorField
from django.db import connection
from django.db.models import Exists, Expression, QuerySet
from django.db.models.functions import Extract

from kb.models import ErrorEntry

CONFIG = "english"
COVER_DENSITY_NORMALIZATION = 32  # rank / (rank + 1): scores in [0, 1), whatever the entry's length
SIMILAR_WORDS = 10
FACET_COLUMNS = (
    "repository_id",
    "exception_type",
    "kind",
    "status",
)  # vocabulary words fetched per unknown word, for rapidfuzz to choose among

Query = SearchQuery | CombinedSearchQuery


class SearchVectorColumn(Expression):
    """The generated `search_vector` column. No model field maps it: Django would then write to it, and
    PostgreSQL refuses writes to a generated column."""

    output_field = SearchVectorField()

    def as_sql(self, compiler, connection):
        table = compiler.quote_name_unless_alias(compiler.query.get_initial_alias())
        return f"{table}.{connection.ops.quote_name('search_vector')}", []


def search(
    entries: QuerySet[ErrorEntry], query: str, *, candidates: int, corrected: list[tuple[str, list[str]]] | None = None
) -> QuerySet[ErrorEntry]:
    """`entries` matching `query`, best first, annotated with `rank`: at most `candidates` of them. With
    `corrected` ([(word, its corrections)] for the query's words), when the words as typed match nothing, each
    word may be one of its corrections instead; kb.search gives none when the reader asked for exact logic."""
    ranked_by = _ranked_by(query, corrected)
    found = _candidates(entries, query, candidates, ranked_by, ranked=False)
    rank = SearchRank(SearchVectorColumn(), ranked_by, normalization=COVER_DENSITY_NORMALIZATION, cover_density=True)
    ranked = (
        # Not `entries.filter`: their conditions are in the candidates' subquery, and repeating them here would
        # read every candidate's row to count them (the primary key's index answers the count alone).
        entries.model.objects.filter(pk__in=found).annotate(rank=rank).order_by("-rank", "-updated_at", "public_id")
    )
    ranked.query.select_related = entries.query.select_related  # what the caller's listing shows, joined
    return ranked


def ranked_ids(
    entries: QuerySet[ErrorEntry], query: str, *, candidates: int, corrected: list[tuple[str, list[str]]] | None = None
) -> list[int]:
    """The ids of search(), best first, in one query: each candidate is ranked as the scan reads its row, where
    ranking them in a second query read every candidate's row again (most of a search's time)."""
    return [row[0] for row in ranked_rows(entries, query, candidates=candidates, corrected=corrected)]


def ranked_rows(
    entries: QuerySet[ErrorEntry], query: str, *, candidates: int, corrected: list[tuple[str, list[str]]] | None = None
) -> list[tuple]:
    """ranked_ids(), each as (id, rank, updated, public_id, repository id, exception type, kind, status): the
    facets are counted from these, where three queries over the ids read every candidate's row again."""
    rows = _candidates(entries, query, candidates, _ranked_by(query, corrected), ranked=True)
    return sorted(rows, key=lambda row: (-row[1], -row[2], row[3]))


def _ranked_by(query: str, corrected: list[tuple[str, list[str]]] | None) -> Query:
    if corrected and any(corrections for _word, corrections in corrected):
        return corrected_query(corrected)  # the words as typed are among its alternatives
    return SearchQuery(query, search_type="websearch", config=CONFIG)


def _candidates(entries: QuerySet[ErrorEntry], query: str, candidates: int, ranked_by: Query, *, ranked: bool):
    """The first `candidates` matches (ids; with `ranked`, rows of id, rank, updated_at's epoch, public_id): of the
    words as typed, or, when they match nothing and `ranked_by` holds corrections, of the corrected words."""
    tsquery = SearchQuery(query, search_type="websearch", config=CONFIG)
    base = entries.order_by().alias(vector=SearchVectorColumn())
    if ranked:
        rank = SearchRank(
            SearchVectorColumn(), ranked_by, normalization=COVER_DENSITY_NORMALIZATION, cover_density=True
        )
        # Seconds, not datetimes: parsing a thousand timestamps cost more than sorting them.
        base = base.annotate(rank=rank, updated=Extract("updated_at", "epoch"))

    def columns(matching: QuerySet[ErrorEntry]) -> QuerySet:
        if ranked:
            return matching.values_list("pk", "rank", "updated", "public_id", *FACET_COLUMNS)[:candidates]
        return matching.values("pk")[:candidates]

    found = columns(base.filter(vector=tsquery))
    if isinstance(ranked_by, CombinedSearchQuery):
        # Uncorrelated, so PostgreSQL runs the NOT EXISTS once and skips the second scan when words matched.
        found = found.union(columns(base.filter(~Exists(found), vector=ranked_by)), all=True)
    return found


def corrected_query(words: list[tuple[str, list[str]]]) -> Query:
    """Every word, each either as typed or as one of its corrections."""
    combined: Query | None = None
    for word, corrections in words:
        either: Query = SearchQuery(word, search_type="plain", config=CONFIG)
        for correction in corrections:
            either = either | SearchQuery(correction, search_type="plain", config=CONFIG)
        combined = either if combined is None else combined & either
    assert combined is not None, "kb.search never corrects a query without words"
    return combined


_SIMILAR_WORDS = f"""
    SELECT q.word, near.word FROM unnest(%s::text[]) AS q(word)
    CROSS JOIN LATERAL (
        SELECT v.word FROM kb_search_word AS v WHERE v.word %% q.word
        ORDER BY similarity(v.word, q.word) DESC, v.word LIMIT {SIMILAR_WORDS}
    ) AS near
    WHERE NOT EXISTS (SELECT 1 FROM kb_search_word AS known WHERE known.word = q.word)
"""


def similar_words(words: list[str]) -> dict[str, list[str]]:
    """For each of `words` (lower case) that no entry holds, the held words most like it (trigram similarity,
    from the vocabulary's index), best first. One query, however many words."""
    if not words:
        return {}
    out: dict[str, list[str]] = {}
    with connection.cursor() as cursor:
        cursor.execute(_SIMILAR_WORDS, [words])
        for word, near in cursor.fetchall():
            out.setdefault(word, []).append(near)
    return out

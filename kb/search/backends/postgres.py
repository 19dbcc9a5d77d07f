"""Search on PostgreSQL, in django.contrib.postgres's terms.

Every entry row carries a stored, generated `search_vector` (migration 0004: title, message and exception type
weigh most, then the explanation, then solutions and repository via `search_extra`) under a GIN index. Queries go
through `websearch_to_tsquery`, so readers can type "quoted phrases", `or` and `-word`.

At a million entries a common word matches most of them: ranking (ts_rank_cd reads every match's vector) and
counting them all took seconds. So only a bounded set of candidates is ranked: the first `candidates` matches the
index (or a scan) yields, in a subquery with a LIMIT; a query matching fewer is ranked whole, as before.

Finding those candidates: the GIN index reads every word's whole list before the first row, 55 ms for two common
words. Words common enough (ANALYZE's shares, read with the vocabulary: `scans`) are tested row by row in a scan
that stops at the LIMIT; rare words keep the index. The index holds no positions, so a phrase read both words'
lists and then each row holding both: phrases read an index of neighbouring word pairs instead (migration 0012).

Typos: the words of titles, messages and exception types are kept once each in `kb_search_word` (migration 0010)
under a trigram index. The query's words it does not hold are looked up there (one query), and when the words as
typed match nothing, the corrected words are searched in the full-text index. The trigram index over whole texts
it replaces rechecked a hundred thousand rows for a typo of a common word.
"""

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.postgres.search import CombinedSearchQuery, SearchQuery, SearchRank, SearchVectorField
from django.db import connection
from django.db.models import BooleanField, Exists, Expression, Func, QuerySet, Value
from django.db.models.functions import Extract

from kb.models import ErrorEntry

CONFIG = "english"
COVER_DENSITY_NORMALIZATION = 32  # rank / (rank + 1): scores in [0, 1), whatever the entry's length
SIMILAR_WORDS = 10  # vocabulary words fetched per unknown word, for rapidfuzz to choose among
FACET_COLUMNS = ("repository_id", "exception_type", "kind", "status")

# Microseconds, measured at a million entries (EXPLAIN ANALYZE): testing one row's vector in a scan of the table,
# and reading one entry of the index's lists (a word's whole list is read before the first row).
ROW_COST, POSTING_COST = 1.0, 0.1

Query = SearchQuery | CombinedSearchQuery


@dataclass(frozen=True, slots=True)
class Corrected:
    """A query's words (as typed, in order), each with its corrections; and, for the plan (`scans`), the share of
    entries holding each of those words and the catalogue's size, from the same query on the vocabulary."""

    words: list[tuple[str, list[str]]]
    shares: dict[str, float]
    entries: float


def scans(corrected: Corrected | None, *, candidates: int, alternatives: bool) -> bool:
    """Whether reading the table in its order, until `candidates` rows match every word (each as typed, or with
    `alternatives` as one of its corrections too), costs less than the index. The index reads the whole list of
    every word before the first row: two common words took 55 ms at a million entries for that alone, where a
    scan meets a thousand rows holding both after 14,000 rows (15 ms). A rare word is found by the index, which
    the planner chooses by itself: shares from ANALYZE, where a rarer word counts as 0."""
    if corrected is None:
        return False
    share, postings = 1.0, 0.0
    for word, corrections in corrected.words:
        options = [word, *corrections] if alternatives else [word]
        held = min(1.0, sum(corrected.shares.get(option, 0.0) for option in options))
        share *= held
        postings += held
    if share <= 0 or not corrected.words:
        return False
    return candidates / share * ROW_COST < corrected.entries * postings * POSTING_COST


class PhraseMatches(Func):
    """`vector @@ query` for a query holding "phrases" every match must contain: the rows whose pairs of
    neighbouring words (migration 0012's index) hold every pair of the phrases, tested against the query. A phrase
    with no pair (its words apart, a stop word between them) leaves the full-text index to find them: PostgreSQL
    folds the CASE on constants when it plans, so each plan sees one of the two conditions."""

    output_field = BooleanField()

    def __init__(self, vector: Expression, query: Query, phrases: Sequence[str]) -> None:
        super().__init__(vector, query, *(Value(phrase) for phrase in phrases))

    def as_sql(self, compiler, connection, *args: Any, **extra: Any) -> tuple[str, tuple]:
        (vector, vector_params), (query, query_params), *phrases = (
            compiler.compile(expression) for expression in self.get_source_expressions()
        )
        pairs = " || ".join(f"kb_word_pairs(to_tsvector('{CONFIG}', {sql}))" for sql, _params in phrases)
        pair_params = [param for _sql, params in phrases for param in params]
        sql = (
            f"CASE WHEN ({pairs}) = '{{}}' THEN {vector} @@ {query} "
            f"ELSE kb_word_pairs({vector}) @> ({pairs}) AND ts_match_vq({vector}, {query}) END"
        )
        params = [*pair_params, *vector_params, *query_params]
        params += [*vector_params, *pair_params, *vector_params, *query_params]
        return sql, tuple(params)


class Matches(Func):
    """`vector @@ query` as a function call, which no index serves: the planner then reads the table in order and
    stops at the LIMIT, where for `@@` it read the index's whole lists of common words (see `scans`)."""

    function = "ts_match_vq"
    output_field = BooleanField()


class SearchVectorColumn(Expression):
    """The generated `search_vector` column. No model field maps it: Django would then write to it, and
    PostgreSQL refuses writes to a generated column."""

    output_field = SearchVectorField()

    def as_sql(self, compiler, connection):
        table = compiler.quote_name_unless_alias(compiler.query.get_initial_alias())
        return f"{table}.{connection.ops.quote_name('search_vector')}", []


def search(
    entries: QuerySet[ErrorEntry],
    query: str,
    *,
    candidates: int,
    corrected: Corrected | None = None,
    phrases: Sequence[str] = (),
) -> QuerySet[ErrorEntry]:
    """`entries` matching `query`, best first, annotated with `rank`: at most `candidates` of them. With
    `corrected` ([(word, its corrections)] for the query's words), when the words as typed match nothing, each
    word may be one of its corrections instead; kb.search.query gives none when the reader asked for exact logic.
    `phrases`: the query's "quoted phrases" that every match holds (not those after `or` or `-`)."""
    found = _candidates(entries, query, candidates, corrected, phrases, ranked=False)
    rank = SearchRank(
        SearchVectorColumn(),
        _ranked_by(query, corrected),
        normalization=COVER_DENSITY_NORMALIZATION,
        cover_density=True,
    )
    ranked = (
        # Not `entries.filter`: their conditions are in the candidates' subquery, and repeating them here would
        # read every candidate's row to count them (the primary key's index answers the count alone).
        entries.model.objects.filter(pk__in=found).annotate(rank=rank).order_by("-rank", "-updated_at", "public_id")
    )
    ranked.query.select_related = entries.query.select_related  # what the caller's listing shows, joined
    return ranked


def ranked_ids(
    entries: QuerySet[ErrorEntry],
    query: str,
    *,
    candidates: int,
    corrected: Corrected | None = None,
    phrases: Sequence[str] = (),
) -> list[int]:
    """The ids of search(), best first, in one query: each candidate is ranked as the scan reads its row, where
    ranking them in a second query read every candidate's row again (most of a search's time)."""
    rows = ranked_rows(entries, query, candidates=candidates, corrected=corrected, phrases=phrases)
    return [row[0] for row in rows]


def ranked_rows(
    entries: QuerySet[ErrorEntry],
    query: str,
    *,
    candidates: int,
    corrected: Corrected | None = None,
    phrases: Sequence[str] = (),
    facets: bool = True,
) -> list[tuple]:
    """ranked_ids(), each as (id, rank, updated, public_id, repository id, exception type, kind, status): the
    facets are counted from these, where three queries over the ids read every candidate's row again."""
    rows = _candidates(entries, query, candidates, corrected, phrases, ranked=True, facets=facets)
    return sorted(rows, key=lambda row: (-row[1], -row[2], row[3]))


def _ranked_by(query: str, corrected: Corrected | None) -> Query:
    if corrected and any(corrections for _word, corrections in corrected.words):
        return corrected_query(corrected.words)  # the words as typed are among its alternatives
    return SearchQuery(query, search_type="websearch", config=CONFIG)


def _candidates(
    entries: QuerySet[ErrorEntry],
    query: str,
    candidates: int,
    corrected: Corrected | None,
    phrases: Sequence[str],
    *,
    ranked: bool,
    facets: bool = False,
):
    """The first `candidates` matches (ids; with `ranked`, rows of id, rank, updated_at's epoch, public_id): of the
    words as typed, or, when they match nothing and `corrected` holds corrections, of the corrected words."""
    ranked_by = _ranked_by(query, corrected)
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
            return matching.values_list("pk", "rank", "updated", "public_id", *(FACET_COLUMNS if facets else ()))[
                :candidates
            ]
        return matching.values("pk")[:candidates]

    def matching(words: Query, *, corrections: bool) -> QuerySet[ErrorEntry]:
        if phrases and not corrections:  # a query with phrases has operators: it is never corrected
            return base.filter(PhraseMatches(SearchVectorColumn(), words, phrases))
        if scans(corrected, candidates=candidates, alternatives=corrections):
            # In the primary key's order: a plain scan of a table this large starts where the last one stopped
            # (synchronize_seqscans), so each request would have ranked a different thousand matches.
            return base.filter(Matches(SearchVectorColumn(), words)).order_by("pk")
        return base.filter(vector=words)

    found = columns(matching(tsquery, corrections=False))
    if isinstance(ranked_by, CombinedSearchQuery):
        # Uncorrelated, so PostgreSQL runs the NOT EXISTS once and skips the second scan when words matched.
        found = found.union(columns(matching(ranked_by, corrections=True).filter(~Exists(found))), all=True)
    return found


def corrected_query(words: list[tuple[str, list[str]]]) -> Query:
    """Every word, each either as typed or as one of its corrections."""
    combined: Query | None = None
    for word, corrections in words:
        either: Query = SearchQuery(word, search_type="plain", config=CONFIG)
        for correction in corrections:
            either = either | SearchQuery(correction, search_type="plain", config=CONFIG)
        combined = either if combined is None else combined & either
    assert combined is not None, "kb.search.query never corrects a query without words"
    return combined


# Whether a word is known is asked as a range of one value, which only the primary key's B-tree serves: asked as
# `=`, which the trigram index serves too, PostgreSQL chose it for two words or more, 2 ms a word against 0.01.
_NEAR = f"""
    SELECT q.word, near.word AS near FROM unnest(%s::text[]) AS q(word)
    CROSS JOIN LATERAL (
        SELECT v.word FROM kb_search_word AS v WHERE v.word %% q.word
        ORDER BY similarity(v.word, q.word) DESC, v.word LIMIT {SIMILAR_WORDS}
    ) AS near
    WHERE NOT EXISTS (SELECT 1 FROM kb_search_word AS known WHERE known.word >= q.word AND known.word <= q.word)
"""
# The query's words' lexemes; and, when this process's copy is stale, the full-text column's most common lexemes
# as ANALYZE sampled them (about a thousand, down to about 0.1% of entries) with the share of entries holding
# each, and the table's size. Reading those (pg_stats) cost a millisecond: a minute-old copy chooses plans as well.
_LEXEMES = f"""
    WITH near AS ({_NEAR}),
    asked AS (SELECT unnest(%s::text[]) AS word UNION SELECT near.near FROM near)
    SELECT 'near', near.word, near.near, NULL::float8, NULL::text[], NULL::real[] FROM near
    UNION ALL
    SELECT 'lexeme', a.word, l.lexeme, NULL, NULL, NULL FROM asked AS a
    CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('{CONFIG}', a.word))) AS l(lexeme)
"""
# One row of two arrays: as a thousand rows, they took 7 ms to fetch.
_COMMON = """
    UNION ALL
    SELECT 'common', NULL, NULL, greatest(c.reltuples, 0)::float8, s.most_common_elems::text::text[],
        s.most_common_elem_freqs
    FROM pg_stats AS s, pg_class AS c
    WHERE s.schemaname = current_schema() AND s.tablename = 'kb_errorentry' AND s.attname = 'search_vector'
        AND c.oid = 'kb_errorentry'::regclass
"""
DEFAULT_STATS_SECONDS = 60.0


@dataclass(slots=True)
class _Common:
    shares: dict[str, float]
    entries: float
    read_at: float = float("-inf")


_common = _Common({}, 0.0)


def similar_words(words: list[str]) -> dict[str, list[str]]:
    """For each of `words` (lower case) that no entry holds, the held words most like it (trigram similarity,
    from the vocabulary's index), best first. One query, however many words."""
    if not words:
        return {}
    out: dict[str, list[str]] = {}
    with connection.cursor() as cursor:
        cursor.execute(_NEAR, [words])
        for word, near in cursor.fetchall():
            out.setdefault(word, []).append(near)
    return out


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """What one query on the vocabulary says of a search's words: the words like each unknown one (for typos),
    and the share of entries holding each word and each of those (for the plan: see `scans`)."""

    near: dict[str, list[str]]
    shares: dict[str, float]
    entries: float


def vocabulary(words: list[str], correctable: list[str]) -> Vocabulary:
    """similar_words(`correctable`), and the shares of `words` and of those similar words, in one query. A word
    with no lexeme (a stop word) is in every entry as far as narrowing goes; one whose lexeme is rarer than the
    most common thousand is in none (the index finds it)."""
    global _common
    stale = time.monotonic() - _common.read_at >= getattr(settings, "SEARCH_STATS_SECONDS", DEFAULT_STATS_SECONDS)
    near: dict[str, list[str]] = {}
    lexemes: dict[str, list[str]] = {}
    common = _Common({}, 0.0, time.monotonic())  # none before the first ANALYZE: every word is left to the index
    with connection.cursor() as cursor:
        cursor.execute(_LEXEMES + (_COMMON if stale else ""), [correctable, words])
        for kind, word, text, entries, common_lexemes, common_shares in cursor.fetchall():
            if kind == "near":
                near.setdefault(word, []).append(text)
            elif kind == "lexeme":
                lexemes.setdefault(word, []).append(text)
            else:  # the shares' list ends with their least and greatest, which zip leaves out
                common = _Common(dict(zip(common_lexemes, common_shares, strict=False)), entries, common.read_at)
    if stale:
        _common = common
    asked = {*words, *(w for options in near.values() for w in options)}
    shares = {
        word: min((_common.shares.get(lexeme, 0.0) for lexeme in lexemes[word]), default=0.0)
        if word in lexemes
        else 1.0
        for word in asked
    }
    return Vocabulary(near, shares, _common.entries)

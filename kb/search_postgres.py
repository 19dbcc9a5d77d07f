"""Search on PostgreSQL, in django.contrib.postgres's terms.

Every entry row carries a stored, generated `search_vector` (migration 0004: title, message and exception type
weigh most, then the explanation, then solutions and repository via `search_extra`) under a GIN index, and a
trigram GIN index over `title || ' ' || message`. Queries go through `websearch_to_tsquery`, so readers can type
"quoted phrases", `or` and `-word`; trigram word similarity catches typos in the title and message.

Both expressions below render exactly what the indexes were built on, so the planner answers from them.
"""

from django.contrib.postgres.search import SearchQuery, SearchRank, SearchVectorField, TrigramWordSimilarity
from django.db.models import Expression, F, Func, Q, QuerySet, TextField

from kb.models import ErrorEntry

CONFIG = "english"
COVER_DENSITY_NORMALIZATION = 32  # rank / (rank + 1): scores in [0, 1), whatever the entry's length
TYPO_WEIGHT = 0.5  # how much trigram word similarity adds to the rank of a query without operators


class SearchVectorColumn(Expression):
    """The generated `search_vector` column. No model field maps it: Django would then write to it, and
    PostgreSQL refuses writes to a generated column."""

    output_field = SearchVectorField()

    def as_sql(self, compiler, connection):
        table = compiler.quote_name_unless_alias(compiler.query.get_initial_alias())
        return f"{table}.{connection.ops.quote_name('search_vector')}", []


class TitleAndMessage(Func):
    """`title || ' ' || message`, as the trigram index has it (Concat would nest the pairs differently)."""

    template = "(%(expressions)s)"
    arg_joiner = " || ' ' || "
    output_field = TextField()

    def __init__(self) -> None:
        super().__init__(F("title"), F("message"))


def search(entries: QuerySet[ErrorEntry], query: str, *, exact_logic: bool) -> QuerySet[ErrorEntry]:
    """`entries` matching `query`, best first, annotated with `rank`. With `exact_logic` (the reader typed a
    phrase, an exclusion or an `or`) there are no fuzzy extras."""
    tsquery = SearchQuery(query, search_type="websearch", config=CONFIG)
    rank: Expression = SearchRank(
        SearchVectorColumn(), tsquery, normalization=COVER_DENSITY_NORMALIZATION, cover_density=True
    )  # fmt: skip
    found = entries.alias(vector=SearchVectorColumn(), text=TitleAndMessage())
    if exact_logic:
        found = found.filter(vector=tsquery)
    else:
        found = found.filter(Q(vector=tsquery) | Q(text__trigram_word_similar=query))
        rank = rank + TYPO_WEIGHT * TrigramWordSimilarity(query, TitleAndMessage())
    return found.annotate(rank=rank).order_by("-rank", "-updated_at", "public_id")


def similar_text(entries: QuerySet[ErrorEntry], word: str) -> QuerySet[ErrorEntry]:
    """Entries whose title or message holds a word like `word` (from the trigram index): a typo's vocabulary."""
    return entries.alias(text=TitleAndMessage()).filter(text__trigram_word_similar=word)

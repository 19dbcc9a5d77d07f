"""How PostgreSQL finds a search's candidates at a million entries: a scan that stops at the cap for common
words, the full-text index for rare ones, the index of neighbouring word pairs for phrases; and each finds what
the full-text test alone finds."""

import pytest
from django.contrib.postgres.search import SearchQuery
from django.db import connection

from kb.models import ErrorEntry
from kb.search import filters
from kb.search import query as kb_search
from kb.search.backends import postgres as search_postgres
from kb.search.backends.postgres import Corrected, scans
from tests.factories import ErrorEntryFactory, RepositoryFactory

CAP = 1001
MILLION = 1_000_000.0


def corrected(shares: dict[str, float], corrections: dict[str, list[str]] | None = None) -> Corrected:
    """The words of `shares` as typed, but for those that are only corrections of another."""
    offered = {option for options in (corrections or {}).values() for option in options}
    words = [(word, (corrections or {}).get(word, [])) for word in shares if word not in offered]
    return Corrected(words, shares, MILLION)


def test_two_words_each_in_a_third_of_the_entries_are_scanned_for() -> None:
    assert scans(corrected({"must": 0.35, "cannot": 0.2}), candidates=CAP, alternatives=False)


def test_a_word_in_one_entry_in_a_hundred_is_found_by_the_index() -> None:
    assert not scans(corrected({"lowercase": 0.01}), candidates=CAP, alternatives=False)


def test_a_common_word_beside_a_rare_one_is_found_by_the_index() -> None:
    assert not scans(corrected({"must": 0.35, "unaccented": 0.0}), candidates=CAP, alternatives=False)


def test_a_typo_is_scanned_for_when_its_correction_is_common() -> None:
    words = corrected({"invlaid": 0.0, "invalid": 0.13}, {"invlaid": ["invalid"]})
    assert not scans(words, candidates=CAP, alternatives=False)
    assert scans(words, candidates=CAP, alternatives=True)


def test_a_query_with_operators_is_left_to_the_planner() -> None:
    assert not scans(None, candidates=CAP, alternatives=False)


def catalogue(common: int = 40, rare: int = 2) -> None:
    repository = RepositoryFactory()
    for n in range(common):
        ErrorEntryFactory(repository=repository, message=f"Widget {n} cannot hold field number {n}")
    for n in range(rare):
        ErrorEntryFactory(repository=repository, message=f"Sprocket {n} is lowercase, not unaccented")
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE kb_errorentry")


def test_the_vocabulary_says_how_common_each_word_is(db) -> None:
    catalogue()
    found = kb_search.corrections("widget sprocket gear the")
    assert found is not None
    assert found.shares["widget"] == pytest.approx(40 / 42, abs=0.01)
    assert found.shares["sprocket"] == pytest.approx(2 / 42, abs=0.01)
    assert found.shares["gear"] == 0  # in none of ANALYZE's common words: rare, the index finds it
    assert found.shares["the"] == 1  # a stop word narrows nothing
    assert found.entries >= 42


def plan(queryset) -> str:
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")  # a tiny table would be scanned whatever the indexes
    return queryset.explain()


def planned(query: str) -> str:
    found = search_postgres.search(
        ErrorEntry.objects.all(),
        query,
        candidates=2,  # of a catalogue of 42: a scan meets two matches before the index would have read its lists
        corrected=kb_search.corrections(query),
        phrases=kb_search.phrases(query),
    )
    return plan(found)


def test_common_words_are_scanned_for_though_the_index_could_serve(db) -> None:
    catalogue()
    explained = planned("widget number")
    assert "kb_entry_search_vector" not in explained
    # In the primary key's order: a plain scan of a large table starts where the last one stopped, and each
    # request would have ranked a different thousand matches.
    assert "Index Scan using kb_errorentry_pkey" in explained


def test_common_words_in_one_repository_are_scanned_for_in_its_own_entries(db) -> None:
    catalogue(common=400)
    chosen = RepositoryFactory(owner="encode", name="django-rest-framework")
    for n in range(20):
        ErrorEntryFactory(repository=chosen, message=f"Widget {n} cannot hold field number {n}")
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE kb_errorentry")
        cursor.execute("SET LOCAL random_page_cost = 1.1")  # as docker-compose.yml's database runs
    narrowed = filters.narrowed(ErrorEntry.objects.all(), {"repository": "encode/django-rest-framework"})
    query = "widget number"
    found = search_postgres.search(narrowed, query, candidates=2, corrected=kb_search.corrections(query))
    explained = plan(found)
    # Its entries only, through an index on the repository ((repository, id) in the primary key's order, or the
    # repository's own index then sorted by id; which one depends on the table's statistics, which earlier tests
    # move): the primary key alone would read every other repository's rows as well.
    assert "Index Scan using entry_repository_order" in explained or (
        "Index Cond: (repository_id = " in explained and "Sort Key: u0.id" in explained
    ), explained
    assert "Seq Scan on kb_errorentry" not in explained
    assert "kb_entry_search_vector" not in explained
    assert {entry.repository_id for entry in found} == {chosen.pk}


def test_rare_words_are_found_by_the_full_text_index(db) -> None:
    catalogue()
    assert "kb_entry_search_vector" in planned("sprocket unaccented")


def test_a_phrase_is_found_by_the_index_of_neighbouring_words(db) -> None:
    catalogue()
    explained = planned('"hold field"')
    assert "kb_entry_word_pairs" in explained
    assert "kb_entry_search_vector" not in explained


def test_a_phrase_with_a_stop_word_inside_is_found_by_the_full_text_index(db) -> None:
    catalogue()
    assert "kb_entry_search_vector" in planned('"cannot the field"')


PHRASE_QUERIES = [
    '"hold field"',
    '"cannot hold field" widget',
    '"field number"',
    '"number hold"',  # the words, not side by side
    '"hold field',  # no closing quote
    '"cannot the field"',
    '"widget-7 cannot"',
    '"hold field" or sprocket',
    '-"hold field" sprocket',
    '"lowercase, not unaccented"',
    '"Django.db field"',
]


@pytest.mark.parametrize("query", PHRASE_QUERIES)
def test_a_phrase_finds_what_the_full_text_test_alone_finds(db, query: str) -> None:
    catalogue(common=6)
    ErrorEntryFactory(message="Widget-7 cannot hold django.db field values")
    ErrorEntryFactory(message="Field number cannot hold", meaning="The hold field is full.")
    expected = _matching_ids(query)
    found = search_postgres.ranked_ids(
        ErrorEntry.objects.all(), query, candidates=CAP, phrases=kb_search.phrases(query)
    )
    assert set(found) == expected


def _matching_ids(query: str) -> set[int]:
    tsquery = SearchQuery(query, search_type="websearch", config=search_postgres.CONFIG)
    matching = ErrorEntry.objects.alias(vector=search_postgres.SearchVectorColumn()).filter(vector=tsquery)
    return set(matching.values_list("pk", flat=True))


def test_only_phrases_every_match_must_hold_narrow_the_search() -> None:
    assert kb_search.phrases('"hold field" widget "cannot hold" or gear -"field number" "lone"') == ["hold field"]

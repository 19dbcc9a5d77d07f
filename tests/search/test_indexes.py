"""PostgreSQL search answers from its indexes: the expressions errorkb queries are the ones they were built on."""

from django.db import connection

from kb.harvest import Target, harvest
from kb.models import ErrorEntry
from kb.search.backends import postgres as search_postgres
from tests.factories import ErrorEntryFactory


def plan(queryset) -> str:
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")  # a tiny table would be scanned whatever the indexes
    return queryset.explain()


def test_a_search_reads_the_full_text_index(seed) -> None:
    found = search_postgres.search(ErrorEntry.objects.all(), "HiSparse decode", candidates=10)
    assert "kb_entry_search_vector" in plan(found)
    assert found[0].public_id == "b774bfdff5235dcd"


def test_a_typo_is_looked_up_in_the_vocabulary_index(seed) -> None:
    with connection.cursor() as cursor:
        # A vocabulary of a real catalogue's size, analysed: on a handful of rows any plan is as cheap as another.
        cursor.execute("INSERT INTO kb_search_word (word) SELECT 'word' || n FROM generate_series(1, 200000) AS n")
        cursor.execute("ANALYZE kb_search_word")
        cursor.execute("EXPLAIN SELECT word FROM kb_search_word WHERE word %% %s", ["hisparce"])
        explained = "\n".join(row[0] for row in cursor.fetchall())
    assert "kb_search_word_trgm" in explained
    assert "hisparse" in search_postgres.similar_words(["hisparce"])["hisparce"]


def test_a_new_entry_s_words_join_the_vocabulary(seed) -> None:
    entry = ErrorEntry.objects.first()
    entry.message = "Quuxification failed"
    entry.save()
    assert search_postgres.similar_words(["quuxificaton"]) == {"quuxificaton": ["quuxification"]}


def vocabulary() -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT word FROM kb_search_word")
        return {row[0] for row in cursor.fetchall()}


def test_a_created_entry_s_words_join_the_vocabulary(db) -> None:
    ErrorEntryFactory(message="Cannot frobnicate the widget", exception_type="acme.Nope")
    assert {"cannot", "frobnicate", "widget", "acme", "nope"} <= vocabulary()


def test_the_entries_a_harvest_copies_in_bring_their_words_each(db, tmp_path) -> None:
    (tmp_path / "mod.py").write_text(
        "def a():\n    raise ValueError('Zorblax overflowed')\n\n\ndef b():\n    raise KeyError('Quibbleton missing')\n"
    )
    harvest(target=Target(root=tmp_path, owner="acme", name="zorb", commit="v1"), progress=False)
    words = vocabulary()
    assert {"zorblax", "overflowed", "quibbleton", "missing", "valueerror", "keyerror"} <= words
    assert "a" not in words  # words of two letters or fewer are not kept


def test_an_update_adds_words_only_when_the_text_changes(seed) -> None:
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM kb_search_word")
    ErrorEntry.objects.update(lookup_hits=7)
    assert vocabulary() == set()
    entry = ErrorEntry.objects.first()
    entry.message = "Quuxification failed"
    entry.save()
    assert {"quuxification", "failed"} <= vocabulary()

"""PostgreSQL search answers from its indexes: the expressions errorkb queries are the ones they were built on."""

from django.db import connection

from kb import search_postgres
from kb.models import ErrorEntry


def plan(queryset) -> str:
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")  # a tiny table would be scanned whatever the indexes
    return queryset.explain()


def test_a_search_reads_the_full_text_and_the_trigram_indexes(seed) -> None:
    found = search_postgres.search(ErrorEntry.objects.all(), "HiSparse decode", exact_logic=False)
    explained = plan(found)
    assert "kb_entry_search_vector" in explained and "kb_entry_text_trgm" in explained
    assert found[0].public_id == "b774bfdff5235dcd"


def test_a_typo_is_looked_up_in_the_trigram_index(seed) -> None:
    near = search_postgres.similar_text(ErrorEntry.objects.all(), "hisparce")
    assert "kb_entry_text_trgm" in plan(near)
    assert "b774bfdff5235dcd" in near.values_list("public_id", flat=True)

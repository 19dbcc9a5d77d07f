"""The same queries find the same entry first on every database (run again on SQLite by test_search_sqlite)."""

import pytest
from django.core.management import call_command

from tests.search_queries import CARD, FIRST_RESULTS


@pytest.fixture
def catalogue(db) -> None:
    call_command("import_errors", "fixtures/sglang.json", "fixtures/python-projects.json")


def _results(client, query: str) -> list[str]:
    response = client.get("/search/", {"q": query})
    assert response.status_code == 200
    return [e.public_id for e in response.context["page"].object_list]


def test_each_query_finds_its_entry_first(client, catalogue):
    firsts = [(query, (_results(client, query) or [None])[0]) for query, _first in FIRST_RESULTS]
    assert firsts == FIRST_RESULTS


def test_the_api_ranks_as_the_page_does(client, catalogue):
    results = client.get("/api/errors", {"search": "NIXL HiSparse"}).json()["results"]
    assert results[0]["id"] == CARD


def test_a_misspelt_word_still_finds_the_card(client, catalogue):
    assert CARD in _results(client, "hisparce")

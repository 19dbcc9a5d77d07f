import pytest
from django.core.management import call_command

from tests.samples import CARD


@pytest.fixture
def catalogue(db) -> None:
    call_command("import_errors", "fixtures/sglang.json", "fixtures/python-projects.json")


def test_search_finds_the_card_first(client, catalogue):
    response = client.get("/api/errors", {"search": "NIXL HiSparse"})
    assert response.status_code == 200
    assert response.json()["results"][0]["id"] == CARD


def test_search_gives_the_same_results_as_the_page(client, catalogue):
    page = client.get("/search/", {"q": "field"}).context["page"]
    api = client.get("/api/errors", {"search": "field"}).json()
    assert len(page.object_list) > 1
    assert [r["id"] for r in api["results"][: len(page.object_list)]] == [e.public_id for e in page.object_list]


def test_search_combines_with_filters(client, catalogue):
    results = client.get("/api/errors", {"search": "error", "repository": "psf/requests"}).json()["results"]
    assert results and {r["repository"] for r in results} == {"psf/requests"}


def test_a_curator_token_finds_drafts_too(token_client, client, catalogue):
    from kb.models import ErrorEntry

    ErrorEntry.objects.filter(public_id=CARD).update(status="draft")
    found = token_client.get("/api/errors", {"search": "NIXL HiSparse"}).json()["results"]
    assert (found[0]["id"], found[0]["status"]) == (CARD, "draft")
    assert CARD not in [r["id"] for r in client.get("/api/errors", {"search": "NIXL HiSparse"}).json()["results"]]


@pytest.mark.parametrize("query", ['"unbalanced', "-", "or or or", "a:*&|!", "(((", "\u202e"])
def test_odd_queries_answer_200(client, catalogue, query):
    assert client.get("/api/errors", {"search": query}).status_code == 200


def test_a_nul_byte_is_a_clear_400(client, catalogue):
    response = client.get("/api/errors", {"search": "NIXL\x00"})
    assert response.status_code == 400
    assert "Null characters" in str(response.json()["errors"])


def test_a_search_that_is_too_long_is_a_400_problem(client, catalogue):
    response = client.get("/api/errors", {"search": "x" * 10_000})
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert "search" in response.json()["errors"]

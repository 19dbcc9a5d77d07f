from kb.models import ErrorEntry
from tests.factories import ErrorEntryFactory
from tests.samples import CARD


def test_list_is_paginated_and_filters_by_exception_type(client, seed):
    body = client.get("/api/errors?exception_type=NotImplementedError").json()
    assert body["count"] == 3
    assert {e["exception_type"] for e in body["results"]} == {"NotImplementedError"}
    first = client.get("/api/errors?exception_type=NotImplementedError&page_size=2").json()
    second = client.get(first["next"]).json()
    assert (first["count"], len(first["results"]), len(second["results"]), second["next"]) == (3, 2, 1, None)
    assert {e["id"] for e in first["results"] + second["results"]} == {e["id"] for e in body["results"]}


def test_list_hides_drafts_from_the_public_even_when_asked(client, seed):
    ErrorEntry.objects.filter(public_id=CARD).update(status="draft")
    body = client.get("/api/errors?status=draft").json()
    assert body["count"] == 0


def test_list_filters_by_repository(client, seed):
    assert client.get("/api/errors?repository=sgl-project/sglang").json()["count"] == 6
    assert client.get("/api/errors?repository=nobody/none").json()["count"] == 0


def test_repository_detail_and_page(client, seed):
    body = client.get("/api/repositories/sgl-project/sglang").json()
    assert body["full_name"] == "sgl-project/sglang" and body["error_count"] == 6
    assert client.get("/api/repositories/nobody/none").status_code == 404
    page = client.get("/repos/sgl-project/sglang/").content.decode()
    assert "NotImplementedError" in page and "ValueError" in page


def test_a_curator_token_lists_drafts_when_it_asks_for_them(token_client, seed):
    ErrorEntry.objects.filter(public_id=CARD).update(status="draft")
    body = token_client.get("/api/errors?status=draft").json()
    assert [e["id"] for e in body["results"]] == [CARD]


def test_a_repository_with_only_drafts_is_a_404_and_unlisted_for_the_public(client, seed, drafts_only_repository):
    response = client.get("/api/repositories/acme/widgets")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/problem+json"
    listed = [r["full_name"] for r in client.get("/api/repositories").json()["results"]]
    assert listed == ["sgl-project/sglang"]


def test_a_curator_token_sees_a_repository_with_only_drafts_and_counts_them(token_client, seed, drafts_only_repository):
    assert token_client.get("/api/repositories/acme/widgets").json()["error_count"] == 1
    listed = {r["full_name"]: r["error_count"] for r in token_client.get("/api/repositories").json()["results"]}
    assert listed == {"acme/widgets": 1, "sgl-project/sglang": 6}


def test_a_repository_with_a_published_entry_among_its_drafts_counts_only_that_one_for_the_public(
    client, seed, drafts_only_repository
):
    ErrorEntryFactory(repository=drafts_only_repository, exception_type="KeyError", message="No widget named 'x'")
    assert client.get("/api/repositories/acme/widgets").json()["error_count"] == 1

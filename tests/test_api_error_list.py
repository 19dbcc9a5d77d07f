from kb.models import ErrorEntry


def test_list_is_paginated_and_filters_by_exception_type(client, seed):
    body = client.get("/api/errors?exception_type=ValueError").json()
    assert body["count"] == ErrorEntry.objects.filter(exception_type="ValueError").count() > 0
    assert {e["exception_type"] for e in body["results"]} == {"ValueError"}


def test_list_hides_drafts_from_the_public_even_when_asked(client, seed):
    ErrorEntry.objects.filter(public_id="b774bfdff5235dcd").update(status="draft")
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

"""A path segment that cannot be an id (a NUL byte, anything else) is a 404 before the database is asked."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.samples import CARD

API_PATHS = ["/api/errors/%00", "/api/errors/a%00b", "/api/errors/a%00b/", "/api/repositories/a%00b/c"]
PAGE_PATHS = ["/errors/a%00b/", "/errors/%00/", "/repos/a%00b/c/", "/repos/acme/a%00b/"]


@pytest.fixture
def stranger() -> Client:
    return Client(raise_request_exception=False)


def assert_problem_404(response) -> None:
    assert response.status_code == 404, response.content
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["status"] == 404


def assert_site_404_page(response) -> None:
    assert response.status_code == 404, response.content
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert 'class="brand"' in html  # the site's own page, not Django's bare one


@pytest.mark.parametrize("path", API_PATHS)
def test_a_nul_byte_in_an_api_path_is_a_problem_404(stranger: Client, seed, path: str) -> None:
    assert_problem_404(stranger.get(path))


@pytest.mark.parametrize("path", PAGE_PATHS)
def test_a_nul_byte_in_a_page_path_is_the_sites_404_page(stranger: Client, seed, path: str) -> None:
    assert_site_404_page(stranger.get(path))


def test_writes_to_an_id_with_a_nul_byte_are_404s(token_client: Client) -> None:
    token_client.raise_request_exception = False
    assert_problem_404(token_client.put("/api/errors/a%00b", "{}", content_type="application/json"))
    assert_problem_404(token_client.patch("/api/errors/a%00b", "{}", content_type="application/json"))
    assert_problem_404(token_client.post("/api/errors/a%00b/retire"))


def test_a_report_on_an_id_with_a_nul_byte_is_the_sites_404_page(stranger: Client, seed) -> None:
    assert_site_404_page(stranger.post("/errors/a%00b/report/", {"reason": "wrong", "details": "x"}))


NOT_IDS_OR_NAMES = [
    "/errors/B774BFDFF5235DCD/",
    "/errors/b774bfdff5235dc/",
    "/repos/acme/" + "x" * 101 + "/",
    "/repos/a b/c/",
    "/api/errors/" + "f" * 17,
    "/api/errors/not-an-id",
    "/api/repositories/a%20b/c",
]


@pytest.mark.parametrize("path", NOT_IDS_OR_NAMES)
def test_a_segment_that_cannot_be_an_id_or_a_name_never_reaches_the_database(stranger: Client, db, path: str) -> None:
    with CaptureQueriesContext(connection) as queries:
        response = stranger.get(path)
    assert response.status_code == 404
    assert len(queries) == 0


def test_real_ids_and_names_are_still_found(stranger: Client, seed) -> None:
    assert stranger.get(f"/errors/{CARD}/").status_code == 200
    assert stranger.get(f"/api/errors/{CARD}").status_code == 200
    assert stranger.get("/repos/sgl-project/sglang/").status_code == 200
    assert stranger.get("/api/repositories/sgl-project/sglang").status_code == 200

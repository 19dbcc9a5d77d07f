"""The favicon, the repositories' index at /repos/, and 404s that say what was not found."""

from pathlib import Path

from django.conf import settings

from tests.samples import CARD

MISSING = "0000000000000000"


def test_favicon_ico_answers_with_a_permanent_redirect_to_a_static_icon(client, db):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"].endswith("favicon.ico")
    icon = Path(settings.BASE_DIR, "static", "favicon.ico").read_bytes()
    assert icon[:4] == b"\x00\x00\x01\x00"  # an ICO file


def test_every_page_links_its_icon(client, seed):
    for path in ["/", f"/errors/{CARD}/", "/repos/", "/search/?q=NIXL"]:
        html = client.get(path).content.decode()
        assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in html, path


def test_the_repositories_index_lists_every_visible_repository_with_its_count(client, seed, drafts_only_repository):
    response = client.get("/repos/")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<a href="/repos/sgl-project/sglang/">sgl-project/sglang</a> <span class="muted">6 errors</span>' in html
    assert "acme/widgets" not in html


def test_a_curator_sees_drafts_only_repositories_in_the_index_with_their_drafts_counted(
    staff_curator_client, drafts_only_repository
):
    html = staff_curator_client.get("/repos/").content.decode()
    assert '<a href="/repos/acme/widgets/">acme/widgets</a> <span class="muted">1 error</span>' in html


def test_the_navigation_links_the_repositories_index(client, db):
    assert '<a href="/repos/">Repositories</a>' in client.get("/").content.decode()


def test_a_missing_error_is_a_404_that_names_its_id(client, db):
    for response in [client.get(f"/errors/{MISSING}/"), client.post(f"/errors/{MISSING}/report/", {"reason": "wrong"})]:
        assert response.status_code == 404
        html = response.content.decode()
        assert f"No error with id {MISSING}." in html
        assert "ErrorEntry" not in html
    assert client.get(f"/api/errors/{MISSING}").json()["detail"] == f"No error with id {MISSING}."


def test_a_missing_repository_is_a_404_that_names_it(client, drafts_only_repository):
    response = client.get("/repos/acme/widgets/")
    assert response.status_code == 404
    assert "No repository acme/widgets." in response.content.decode()
    assert client.get("/api/repositories/acme/widgets").json()["detail"] == "No repository acme/widgets."


def test_any_other_missing_page_gets_the_plain_404(client, db):
    html = client.get("/no/such/page/").content.decode()
    assert "There is no page here." in html
    assert "Resolver404" not in html


def test_a_long_id_is_shortened_in_the_404(client, db):
    html = client.get("/errors/" + "a" * 3000 + "/").content.decode()
    assert f'<p class="not-found">No error with id {"a" * 40}…. <a href="/">' in html


def test_a_segment_that_cannot_be_an_id_gets_the_same_404_without_its_control_characters(client, db):
    html = client.get("/errors/a%00b/").content.decode()
    assert '<p class="not-found">No error with id a\ufffdb.' in html
    assert "\x00" not in html
    assert "No repository a\ufffdb/c." in client.get("/repos/a%00b/c/").content.decode()

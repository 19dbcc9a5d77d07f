"""HTML pages answer errors with the site's own pages (DEBUG is off, as in production)."""

from django.test import Client


def test_a_malformed_request_for_a_page_gets_the_sites_400_page(db) -> None:
    response = Client(raise_request_exception=False).get("/", headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert 'class="brand"' in html and "Bad request" in html


def test_an_unknown_page_gets_the_sites_404_page(db) -> None:
    response = Client().get("/no/such/page/")
    assert response.status_code == 404
    assert 'class="brand"' in response.content.decode()

"""A page built for a signed-in curator (drafts included) says `Cache-Control: private`, so that no shared cache keeps
it for the public; what an anonymous reader gets is as cacheable as before."""

import pytest
from django.test import Client

from kb.models import ErrorEntry, Repository
from tests.samples import caching_headers, is_private, without_private_marking

PAGES = ["/", "/repos/", "/repos/acme/widgets/", "/search/?q=widget"]


def draft_page(repository: Repository) -> str:
    return ErrorEntry.objects.get(repository=repository).get_absolute_url()


@pytest.mark.parametrize("path", PAGES)
def test_a_curators_page_is_private_and_varies_on_the_cookie(
    staff_curator_client: Client, drafts_only_repository: Repository, path: str
) -> None:
    response = staff_curator_client.get(path)
    assert response.status_code == 200, path
    assert is_private(response), response.get("Cache-Control")
    assert "Cookie" in response["Vary"]


def test_a_curators_draft_card_is_private(staff_curator_client: Client, drafts_only_repository: Repository) -> None:
    response = staff_curator_client.get(draft_page(drafts_only_repository))
    assert response.status_code == 200 and is_private(response)


def test_the_drafts_only_repository_the_curator_sees_is_a_404_to_the_public(
    client: Client, drafts_only_repository: Repository
) -> None:
    assert client.get("/repos/acme/widgets/").status_code == 404


@pytest.mark.parametrize("path", ["/", "/repos/", "/search/?q=widget"])
def test_an_anonymous_page_has_the_caching_headers_it_had_without_the_marking(
    client: Client, settings, drafts_only_repository: Repository, path: str
) -> None:
    marked = caching_headers(client, path)
    without_private_marking(settings)
    assert marked == caching_headers(client, path)


def test_an_anonymous_public_card_stays_public(client: Client, seed) -> None:
    card = ErrorEntry.objects.published().first()
    assert card is not None
    assert client.get(card.get_absolute_url())["Cache-Control"] == "public, max-age=300"


def test_a_signed_in_readers_public_card_is_private(staff_curator_client: Client, seed) -> None:
    card = ErrorEntry.objects.published().first()
    assert card is not None
    assert is_private(staff_curator_client.get(card.get_absolute_url()))

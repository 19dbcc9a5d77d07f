"""What the API answers a curator's token or session (drafts included) says `Cache-Control: private` and varies on
the credential; what it answers anonymously is as cacheable as before."""

import pytest
from django.test import Client

from kb.models import ErrorEntry, Repository
from tests.samples import caching_headers, is_private, without_private_marking

PATHS = ["/api/errors", "/api/repositories", "/api/repositories/acme/widgets"]


@pytest.mark.parametrize("path", PATHS)
def test_a_tokens_answer_is_private_and_varies_on_authorization(
    token_client: Client, drafts_only_repository: Repository, path: str
) -> None:
    response = token_client.get(path)
    assert response.status_code == 200, response.content
    assert is_private(response), response.get("Cache-Control")
    assert "Authorization" in response["Vary"]


@pytest.mark.parametrize("path", PATHS)
def test_a_signed_in_curators_answer_is_private(
    staff_curator_client: Client, drafts_only_repository: Repository, path: str
) -> None:
    response = staff_curator_client.get(path)
    assert response.status_code == 200, response.content
    assert is_private(response) and "Cookie" in response["Vary"]


def test_a_tokens_public_card_is_private(token_client: Client, seed) -> None:
    card = ErrorEntry.objects.published().first()
    assert card is not None
    assert is_private(token_client.get(card.get_api_url()))


@pytest.mark.parametrize("path", ["/api/errors", "/api/repositories"])
def test_an_anonymous_answer_has_the_caching_headers_it_had_without_the_marking(
    client: Client, settings, drafts_only_repository: Repository, path: str
) -> None:
    marked = caching_headers(client, path)
    without_private_marking(settings)
    assert marked == caching_headers(client, path)


def test_an_anonymous_public_card_stays_public(client: Client, seed) -> None:
    card = ErrorEntry.objects.published().first()
    assert card is not None
    assert client.get(card.get_api_url())["Cache-Control"] == "public, max-age=300"

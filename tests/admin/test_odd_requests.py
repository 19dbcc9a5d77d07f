"""A curator's odd URL or filter gets the admin's own answer (a 404, the invalid-filter page), never a 500."""

import pytest
from django.test import Client

from tests.factories import ErrorEntryFactory


@pytest.mark.parametrize(
    "url",
    [
        "/admin/kb/errorentry/abc/history/",
        "/admin/kb/errorentry/{pk}/history/abc/",
        "/admin/kb/errorentry/{pk}/history/1%00/",
    ],
)
def test_a_history_page_of_an_id_that_cannot_exist_is_a_404(admin_client: Client, url: str) -> None:
    entry = ErrorEntryFactory()
    assert admin_client.get(url.format(pk=entry.pk)).status_code == 404


@pytest.mark.parametrize(
    "url",
    [
        "/admin/kb/errorentry/?status__exact=%00",
        "/admin/kb/errorentry/?q=a%00b",
        "/admin/kb/repository/?q=%00",
        "/admin/kb/report/?q=%00",
        "/admin/kb/relatedsuggestion/?q=%00",
        "/admin/api/curatortoken/?q=%00",
    ],
)
def test_a_nul_in_a_filter_or_search_gets_the_invalid_filter_page(admin_client: Client, url: str) -> None:
    response = admin_client.get(url)
    assert response.status_code == 302 and response["Location"].endswith("?e=1")


def test_an_entrys_history_still_opens(admin_client: Client) -> None:
    entry = ErrorEntryFactory()
    assert admin_client.get(f"/admin/kb/errorentry/{entry.pk}/history/").status_code == 200

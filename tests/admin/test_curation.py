"""A curator's round through the admin: add an error, publish it, see it on the public site."""

import pytest
from django.contrib.auth.models import User

from kb.models import ErrorEntry, Repository
from tests.factories import RepositoryFactory


@pytest.fixture
def curator_client(client, db):
    curator = User.objects.create_superuser("curator", "curator@example.com", "pw")
    client.force_login(curator)
    return client


def _formset(prefix: str, rows: list[dict]) -> dict:
    data = {f"{prefix}-TOTAL_FORMS": len(rows), f"{prefix}-INITIAL_FORMS": 0}
    for index, row in enumerate(rows):
        data.update({f"{prefix}-{index}-{key}": value for key, value in row.items()})
    return data


def _new_entry_form(repository: Repository) -> dict:
    snippet = "def connect(url):\n    if not url:\n        raise ValueError('Empty URL')\n"
    site = {"function": "connect", "commit": "v1.0", "snippet": snippet, "snippet_start": 10, "line": 12}
    return {
        "repository": repository.pk,
        "kind": "error",
        "exception_type": "ValueError",
        "message": "Empty URL",
        "signature": "Empty URL",
        "meaning": "The client was given an **empty** URL.",
        "status": "draft",
        "method": "curated",
        **_formset("sites", [{**site, "path": f"client/{name}.py", "position": n} for n, name in enumerate("ab")]),
        **_formset("variants", []),
        **_formset("solutions", [{"body": f"Solution {n}", "position": n} for n in (1, 2, 3)]),
        **_formset("outgoing_links", []),
    }


def test_curator_adds_an_error_with_two_sites_and_three_solutions_and_publishes_it(curator_client, client):
    repository = RepositoryFactory(owner="acme", name="client")
    response = curator_client.post("/admin/kb/errorentry/add/", _new_entry_form(repository))
    assert response.status_code == 302
    entry = ErrorEntry.objects.get(message="Empty URL")
    assert [site.path for site in entry.sites.all()] == ["client/a.py", "client/b.py"]
    assert [s.body for s in entry.solutions.all()] == ["Solution 1", "Solution 2", "Solution 3"]
    assert 'class="hll"' in entry.sites.first().snippet_html

    response = curator_client.post(
        "/admin/kb/errorentry/", {"action": "publish", "_selected_action": [entry.pk]}, follow=True
    )
    assert "1 entry published." in response.content.decode()

    client.logout()
    page = client.get(entry.get_absolute_url()).content.decode()
    assert "Empty URL" in page and "<strong>empty</strong>" in page
    assert page.count("Solution ") >= 3


def test_a_draft_is_hidden_from_the_public_until_published(curator_client, client):
    repository = RepositoryFactory(owner="acme", name="client")
    curator_client.post("/admin/kb/errorentry/add/", _new_entry_form(repository))
    entry = ErrorEntry.objects.get(message="Empty URL")
    client.logout()
    assert client.get(entry.get_absolute_url()).status_code == 404


def test_every_change_is_in_the_history_with_its_author(curator_client):
    repository = RepositoryFactory(owner="acme", name="client")
    curator_client.post("/admin/kb/errorentry/add/", _new_entry_form(repository))
    entry = ErrorEntry.objects.get(message="Empty URL")
    curator_client.post("/admin/kb/errorentry/", {"action": "publish", "_selected_action": [entry.pk]})
    assert [(h.status, h.history_user.username) for h in entry.history.order_by("history_date")] == [
        ("draft", "curator"),
        ("published", "curator"),
    ]
    assert curator_client.get(f"/admin/kb/errorentry/{entry.pk}/history/").status_code == 200

"""/repos/<owner>/<name>/: a repository's errors, grouped by exception type."""

from django.contrib.auth.models import User
from django.test import Client

from tests.factories import ErrorEntryFactory


def test_a_repository_with_only_drafts_is_a_404_to_anonymous_readers(client, drafts_only_repository):
    assert client.get("/repos/acme/widgets/").status_code == 404


def test_a_repository_with_no_entries_yet_is_a_404_to_anonymous_readers(client, drafts_only_repository):
    drafts_only_repository.entries.all().delete()
    assert client.get("/repos/acme/widgets/").status_code == 404


def test_a_curator_sees_the_drafts_of_a_repository_with_only_drafts(staff_curator_client, drafts_only_repository):
    response = staff_curator_client.get("/repos/acme/widgets/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Widget size must be positive, got -1" in html
    assert "1 error." in html


def test_staff_without_the_permission_to_view_entries_see_only_what_the_public_sees(drafts_only_repository):
    staff = Client()
    staff.force_login(User.objects.create_user("helper", "helper@example.com", "a-long-password", is_staff=True))
    assert staff.get("/repos/acme/widgets/").status_code == 404


def test_once_an_entry_is_published_the_public_sees_it_and_not_the_drafts_beside_it(client, drafts_only_repository):
    ErrorEntryFactory(repository=drafts_only_repository, exception_type="KeyError", message="No widget named 'x'")
    response = client.get("/repos/acme/widgets/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "No widget named" in html
    assert "Widget size must be positive" not in html
    assert "1 error." in html


def test_a_repository_with_only_retired_entries_stays_readable(client, drafts_only_repository):
    drafts_only_repository.entries.update(status="retired")
    response = client.get("/repos/acme/widgets/")
    assert response.status_code == 200
    assert "Widget size must be positive" in response.content.decode()

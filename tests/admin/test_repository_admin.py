"""Repositories in the admin: their entries counted (all, published, not yet reviewed) and their publish setting,
which curators switch from the list or the form."""

import re

import pytest
from django.contrib.auth.models import User

from kb.models import ErrorEntry, Repository
from tests.factories import ErrorEntryFactory, RepositoryFactory

CHANGELIST = "/admin/kb/repository/"
COUNTS = ("entries", "published", "unreviewed")


@pytest.fixture
def curator_client(client, db):
    client.force_login(User.objects.create_superuser("curator", "curator@example.com", "pw"))
    return client


@pytest.fixture
def repository(db) -> Repository:
    repository = RepositoryFactory(owner="acme", name="widgets")
    generated, reviewed = ErrorEntry.Review.GENERATED, ErrorEntry.Review.REVIEWED
    for status, review in [
        ("published", generated),
        ("published", reviewed),
        ("draft", generated),
        ("draft", reviewed),
    ]:
        ErrorEntryFactory(repository=repository, status=status, review_state=review)
    ErrorEntryFactory(repository=repository, status="retired", review_state=ErrorEntry.Review.AI_ASSISTED)
    return repository


def counts(page: str, full_name: str) -> tuple[str, ...]:
    """The (entries, published, not yet reviewed) cells of the changelist row that names the repository."""
    row = next(r for r in re.findall(r"<tr[^>]*>(.*?)</tr>", page, re.S) if full_name in r)
    return tuple(re.search(rf'class="field-{name}[^"]*">([^<]*)<', row)[1] for name in COUNTS)  # type: ignore[index]


def test_the_list_counts_each_repositorys_entries_published_and_not_yet_reviewed(curator_client, repository):
    RepositoryFactory(owner="acme", name="empty")
    page = curator_client.get(CHANGELIST).content.decode()
    assert all(f">{header}<" in page for header in ("Entries", "Published", "Not yet reviewed"))
    assert counts(page, "acme/widgets") == ("5", "2", "3")
    assert counts(page, "acme/empty") == ("0", "0", "0")


def test_the_list_sorts_by_how_many_entries_are_not_yet_reviewed(curator_client, repository):
    RepositoryFactory(owner="acme", name="empty")
    column = str(curator_client.get(CHANGELIST).context["cl"].list_display.index("unreviewed"))
    most = curator_client.get(CHANGELIST, {"o": f"-{column}"}).content.decode()
    fewest = curator_client.get(CHANGELIST, {"o": column}).content.decode()
    assert most.index("acme/widgets") < most.index("acme/empty")
    assert fewest.index("acme/empty") < fewest.index("acme/widgets")


def test_a_curator_turns_publishing_on_from_the_list_without_touching_the_cards(curator_client, repository):
    before = dict(ErrorEntry.objects.values_list("pk", "updated_at"))
    response = curator_client.post(
        CHANGELIST,
        {
            "form-TOTAL_FORMS": 1,
            "form-INITIAL_FORMS": 1,
            "form-0-id": repository.pk,
            "form-0-publish_harvested": "on",
            "_save": "Save",
        },
    )
    assert response.status_code == 302
    repository.refresh_from_db()
    assert repository.publish_harvested is True
    assert dict(ErrorEntry.objects.values_list("pk", "updated_at")) == before


def test_the_form_shows_and_saves_the_publish_setting(curator_client, repository):
    url = f"{CHANGELIST}{repository.pk}/change/"
    assert 'name="publish_harvested"' in curator_client.get(url).content.decode()
    form = {
        "host": "github.com",
        "owner": "acme",
        "name": "widgets",
        "url": repository.url,
        "description": "",
        "publish_harvested": "on",
    }
    assert curator_client.post(url, form).status_code == 302
    repository.refresh_from_db()
    assert repository.publish_harvested is True


def test_changing_the_url_still_gives_the_cards_new_versions(curator_client, repository):
    before = dict(ErrorEntry.objects.values_list("pk", "updated_at"))
    form = {
        "host": "github.com",
        "owner": "acme",
        "name": "widgets",
        "url": "https://example.org/acme/widgets",
        "description": "",
    }
    curator_client.post(f"{CHANGELIST}{repository.pk}/change/", form)
    after = dict(ErrorEntry.objects.values_list("pk", "updated_at"))
    assert all(after[pk] > before[pk] for pk in before)

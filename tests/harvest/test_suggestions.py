"""Related errors suggested for drafts (same function, then same class, nearest first), accepted in the admin."""

import io

import pytest
from django.core.management import call_command

from kb.models import ErrorEntry, RelatedLink, RelatedSuggestion

SOURCE = """
class Client:
    def connect(self, url):
        if not url:
            raise ValueError("Empty URL")
        if ":" not in url:
            raise ValueError("No scheme supplied")
        raise RuntimeError("Could not connect")

    def close(self):
        raise OSError("Already closed")


def elsewhere():
    raise KeyError("Unrelated")
"""


@pytest.fixture
def harvested(db, git_repo):
    git_repo.write("client.py", SOURCE)
    git_repo.commit("v1")
    call_command("harvest", str(git_repo.root), "--repo", "acme/client", "--no-progress", stdout=io.StringIO())
    return git_repo


def by_message(message: str) -> ErrorEntry:
    return ErrorEntry.objects.get(message=message)


def test_errors_of_the_same_function_come_first_nearest_first_then_the_same_class(harvested):
    source = by_message("Empty URL")
    suggested = [(s.target.message, s.scope) for s in source.suggestions.select_related("target")]
    assert suggested == [
        ("No scheme supplied", RelatedSuggestion.Scope.FUNCTION),
        ("Could not connect", RelatedSuggestion.Scope.FUNCTION),
        ("Already closed", RelatedSuggestion.Scope.CLASS),
    ]
    assert not by_message("Unrelated").suggestions.exists()


def test_a_second_harvest_leaves_suggestions_as_they_are(harvested):
    before = list(RelatedSuggestion.objects.values_list("pk", "source", "target", "scope", "distance"))
    call_command("harvest", str(harvested.root), "--repo", "acme/client", "--no-progress", stdout=io.StringIO())
    assert list(RelatedSuggestion.objects.values_list("pk", "source", "target", "scope", "distance")) == before


def test_a_curator_accepts_suggestions_in_the_admin_which_makes_related_links(admin_client, harvested):
    source = by_message("Empty URL")
    page = admin_client.get(f"/admin/kb/errorentry/{source.pk}/change/").content.decode()
    assert "No scheme supplied" in page and "Accept or dismiss them" in page
    response = admin_client.post(
        "/admin/kb/errorentry/", {"action": "accept_suggested_related", "_selected_action": [source.pk]}, follow=True
    )
    assert "3 related links added." in response.content.decode()
    assert [link.target.message for link in RelatedLink.objects.filter(source=source).order_by("position")] == [
        "No scheme supplied",
        "Could not connect",
        "Already closed",
    ]
    assert set(source.suggestions.values_list("state", flat=True)) == {"accepted"}


def test_a_dismissed_suggestion_is_not_made_again(admin_client, harvested):
    suggestion = by_message("Empty URL").suggestions.first()
    admin_client.post(
        "/admin/kb/relatedsuggestion/", {"action": "dismiss", "_selected_action": [suggestion.pk]}, follow=True
    )
    call_command("harvest", str(harvested.root), "--repo", "acme/client", "--no-progress", stdout=io.StringIO())
    suggestion.refresh_from_db()
    assert suggestion.state == "dismissed"
    assert RelatedSuggestion.objects.filter(source=suggestion.source, target=suggestion.target).count() == 1


def suggestions_by_message() -> set[tuple[str, str, int, int]]:
    return {
        (s.source.message, s.target.message, s.scope, s.distance)
        for s in RelatedSuggestion.objects.select_related("source", "target")
    }


def test_a_first_harvest_writes_from_memory_what_reading_its_entries_back_would_suggest(harvested):
    from kb.harvest.pipeline.suggest import refresh_suggestions
    from kb.models import Repository

    written = suggestions_by_message()
    assert written  # written with the entries, by the first harvest
    assert refresh_suggestions(repository=Repository.objects.get(owner="acme", name="client")) == 0
    assert suggestions_by_message() == written


def test_a_published_entry_of_a_first_harvest_gets_no_suggestions(db, git_repo):
    git_repo.write("client.py", SOURCE)
    git_repo.commit("v1")
    call_command(
        "harvest", str(git_repo.root), "--repo", "acme/client", "--publish", "--no-progress", stdout=io.StringIO()
    )
    published = set(ErrorEntry.objects.filter(status=ErrorEntry.Status.PUBLISHED).values_list("message", flat=True))
    assert published
    assert not {source for source, _, _, _ in suggestions_by_message()} & published

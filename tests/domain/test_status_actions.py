"""`kb.actions`: each status change written once. Each locks its rows, refuses what is not allowed before it writes
anything, records its reason (and curator) in the history, and ends in `finish_write` (the catalogue's revision and
the card's version move)."""

import pytest
from django.contrib.auth.models import AnonymousUser, User

from kb import actions
from kb.actions.writes import finish_write
from kb.models import ErrorEntry, RelatedLink, RelatedSuggestion
from tests.factories import ErrorEntryFactory, generated_entry
from tests.samples import catalogue_revision

Status = ErrorEntry.Status


@pytest.fixture
def curator(db) -> User:
    return User.objects.create_user("reader-of-cards", "r@example.com", "a-long-password")


def latest(entry: ErrorEntry):
    return entry.history.order_by("-history_id").first()


@pytest.mark.parametrize(
    ("action", "before", "after", "reason"),
    [
        (actions.publish, Status.DRAFT, Status.PUBLISHED, "published"),
        (actions.retire, Status.PUBLISHED, Status.RETIRED, "retired"),
        (actions.restore, Status.RETIRED, Status.PUBLISHED, "restored"),
        (actions.unpublish, Status.PUBLISHED, Status.DRAFT, "unpublished"),
    ],
)
def test_each_status_action_records_its_reason_and_curator_and_ends_in_the_step_after_a_write(
    curator, action, before, after, reason
):
    entry = ErrorEntryFactory(status=before)
    revision, version, rows = catalogue_revision(), entry.updated_at, entry.history.count()
    assert [e.pk for e in action(entry, by=curator, reason=f"{reason} by a test")] == [entry.pk]
    entry.refresh_from_db()
    assert entry.status == after
    assert entry.history.count() == rows + 1
    row = latest(entry)
    assert (row.status, row.history_change_reason, row.history_user) == (after, f"{reason} by a test", curator)
    assert catalogue_revision() == revision + 1 and entry.updated_at > version
    # Again: nothing to change, so nothing is written.
    assert action(entry.pk, by=curator, reason="again") == []
    assert entry.history.count() == rows + 1 and catalogue_revision() == revision + 1


def test_the_review_actions_record_who_reviewed_and_take_it_back(curator):
    entry = generated_entry(assisted={"meaning": "AI text", "model": "m", "at": "2026-06-02"})
    actions.mark_reviewed([entry], by=curator)
    entry.refresh_from_db()
    assert (entry.review_state, entry.reviewed_by) == (ErrorEntry.Review.REVIEWED, curator)
    assert entry.reviewed_at is not None
    assert latest(entry).history_change_reason == "reviewed"
    actions.mark_not_reviewed(ErrorEntry.objects.filter(pk=entry.pk), by=AnonymousUser())
    entry.refresh_from_db()
    assert (entry.review_state, entry.reviewed_by, entry.reviewed_at) == (ErrorEntry.Review.AI_ASSISTED, None, None)
    assert latest(entry).history_change_reason == "marked not reviewed"


def test_a_draft_is_never_retired_and_a_refusal_writes_nothing(curator):
    draft, published = ErrorEntryFactory(status=Status.DRAFT), ErrorEntryFactory()
    revision = catalogue_revision()
    with pytest.raises(actions.DraftCannotBeRetired) as refused:
        actions.retire([published, draft], by=curator)
    assert refused.value.entries == [draft.public_id]
    assert str(refused.value) == (
        f"{draft.public_id}: a draft was never published, so it cannot be retired; it stays a draft"
    )
    statuses = dict(ErrorEntry.objects.values_list("pk", "status"))
    assert (statuses[draft.pk], statuses[published.pk]) == (Status.DRAFT, Status.PUBLISHED)
    assert catalogue_revision() == revision


def test_publish_refuses_a_retired_entry_and_restore_refuses_a_draft(curator):
    retired, draft = ErrorEntryFactory(status=Status.RETIRED), ErrorEntryFactory(status=Status.DRAFT)
    with pytest.raises(actions.StatusChangeRefused, match="restore it"):
        actions.publish(retired, by=curator)
    with pytest.raises(actions.StatusChangeRefused, match="publish it"):
        actions.restore(draft, by=curator)


def test_change_status_picks_the_action(curator):
    retired, draft = ErrorEntryFactory(status=Status.RETIRED), ErrorEntryFactory(status=Status.DRAFT)
    actions.change_status([retired, draft], Status.PUBLISHED, by=curator, reason="both out")
    assert set(ErrorEntry.objects.values_list("status", flat=True)) == {Status.PUBLISHED}
    assert [latest(e).history_change_reason for e in (retired, draft)] == ["both out", "both out"]
    with pytest.raises(actions.DraftCannotBeRetired):
        actions.change_status(ErrorEntryFactory(status=Status.DRAFT), Status.RETIRED, by=curator, reason="no")


def test_accepting_a_suggestion_links_it_with_its_reason(curator):
    source, target = ErrorEntryFactory(status=Status.DRAFT), ErrorEntryFactory()
    suggestion = RelatedSuggestion.objects.create(source=source, target=target, scope=0, distance=3)
    revision = catalogue_revision()
    assert actions.accept_suggestion(suggestion, by=curator) == 1
    assert RelatedLink.objects.filter(source=source, target=target).exists()
    assert RelatedSuggestion.objects.get(pk=suggestion.pk).state == RelatedSuggestion.State.ACCEPTED
    row = latest(source)
    assert (row.history_change_reason, row.history_user) == ("accepted suggested related errors", curator)
    assert catalogue_revision() == revision + 1
    assert actions.accept_suggestion(suggestion, by=curator) == 0  # linked already


def test_finish_write_saves_only_when_asked(db):
    entry = ErrorEntryFactory()
    entry.meaning = "Unsaved *text*."
    finish_write(entries=[entry])
    assert ErrorEntry.objects.get(pk=entry.pk).meaning == ""
    finish_write(entries=[entry], save=True)
    assert ErrorEntry.objects.get(pk=entry.pk).meaning_html == "<p>Unsaved <em>text</em>.</p>"

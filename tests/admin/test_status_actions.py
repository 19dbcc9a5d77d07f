"""The admin changes a status only through `kb.actions`: a draft is never retired (it would become public), by the
"Save and retire" button, the "Retire" list action or the status field; each change is in the history with its
reason and curator."""

from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.test import Client

from kb.models import ErrorEntry
from tests.admin.test_review import change_form_data
from tests.admin.test_stale_edit import FormFields
from tests.factories import ErrorEntryFactory, generated_entry
from tests.samples import catalogue_revision

CHANGELIST = "/admin/kb/errorentry/"
REFUSED = "A draft was never published, so it cannot be retired"


def draft() -> ErrorEntry:
    return generated_entry(status=ErrorEntry.Status.DRAFT)


def messages_of(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def reasons(entry: ErrorEntry) -> list[str | None]:
    return list(entry.history.order_by("-history_id").values_list("history_change_reason", flat=True))


def assert_still_a_private_draft(entry: ErrorEntry, before: int) -> None:
    entry.refresh_from_db()
    assert entry.status == ErrorEntry.Status.DRAFT
    assert Client().get(entry.get_absolute_url()).status_code == 404
    assert Client().get(f"/api/errors/{entry.public_id}").status_code == 404
    assert entry.history.count() == before


def test_the_save_and_retire_button_refuses_a_draft_and_says_why(staff_curator_client, db):
    entry = draft()
    rows = entry.history.count()
    data = change_form_data(entry, meaning="Edited too.", _retire="Save and retire")
    response = staff_curator_client.post(f"{CHANGELIST}{entry.pk}/change/", data)
    assert response.status_code == 200  # the form again, with the curator's text, and why
    assert f"{REFUSED}; it stays a draft. Nothing was saved." in response.content.decode()
    assert_still_a_private_draft(entry, rows)
    assert entry.meaning == ""


def test_a_draft_offers_no_save_and_retire_button(staff_curator_client, db):
    html = staff_curator_client.get(f"{CHANGELIST}{draft().pk}/change/").content.decode()
    assert 'name="_retire"' not in html


def test_the_status_field_refuses_to_retire_a_draft(staff_curator_client, db):
    entry = draft()
    rows = entry.history.count()
    response = staff_curator_client.post(f"{CHANGELIST}{entry.pk}/change/", change_form_data(entry, status="retired"))
    assert response.status_code == 200
    assert REFUSED in response.content.decode()
    assert_still_a_private_draft(entry, rows)


def test_the_retire_list_action_refuses_a_draft_and_retires_nothing(staff_curator_client, db):
    entry, published = draft(), ErrorEntryFactory()
    rows, revision = entry.history.count(), catalogue_revision()
    response = staff_curator_client.post(CHANGELIST, {"action": "retire", "_selected_action": [entry.pk, published.pk]})
    assert response.status_code == 302
    assert messages_of(response) == [f"Nothing was retired: {entry.public_id}: {REFUSED.lower()}; it stays a draft."]
    assert_still_a_private_draft(entry, rows)
    assert ErrorEntry.objects.get(pk=published.pk).status == ErrorEntry.Status.PUBLISHED  # all or nothing
    assert catalogue_revision() == revision


def test_the_retire_list_action_retires_published_entries_with_its_reason(staff_curator_client, db):
    entry = ErrorEntryFactory()
    response = staff_curator_client.post(CHANGELIST, {"action": "retire", "_selected_action": [entry.pk]})
    assert messages_of(response) == ["1 entry retired."]
    entry.refresh_from_db()
    assert entry.status == ErrorEntry.Status.RETIRED
    latest = entry.history.first()
    assert (latest.history_change_reason, latest.history_user.username) == ("retired from the list", "editor")


def test_the_publish_list_action_refuses_a_retired_entry_and_restore_brings_it_back(staff_curator_client, db):
    entry = ErrorEntryFactory(status=ErrorEntry.Status.RETIRED)
    response = staff_curator_client.post(CHANGELIST, {"action": "publish", "_selected_action": [entry.pk]})
    refused = f"Nothing was published: {entry.public_id}: retired: restore it instead of publishing it."
    assert messages_of(response) == [refused]
    assert ErrorEntry.objects.get(pk=entry.pk).status == ErrorEntry.Status.RETIRED
    response = staff_curator_client.post(CHANGELIST, {"action": "restore", "_selected_action": [entry.pk]})
    assert messages_of(response)[-1] == "1 entry restored."
    entry.refresh_from_db()
    assert entry.status == ErrorEntry.Status.PUBLISHED
    assert reasons(entry)[0] == "restored from the list"


def test_publishing_with_the_status_field_goes_through_the_action(staff_curator_client, db):
    entry = draft()
    data = change_form_data(entry, status="published", meaning="Checked.")
    assert staff_curator_client.post(f"{CHANGELIST}{entry.pk}/change/", data).status_code == 302
    entry.refresh_from_db()
    assert (entry.status, entry.meaning) == (ErrorEntry.Status.PUBLISHED, "Checked.")
    # The form's edit, then the status by its action: each its own row in the history.
    assert reasons(entry)[:2] == ["published in the admin", None]
    assert Client().get(entry.get_absolute_url()).status_code == 200


def test_the_button_retires_a_published_entry_after_saving_the_edit(staff_curator_client, db):
    entry = generated_entry()
    data = change_form_data(entry, meaning="Superseded.", _retire="Save and retire")
    assert staff_curator_client.post(f"{CHANGELIST}{entry.pk}/change/", data).status_code == 302
    entry.refresh_from_db()
    assert (entry.status, entry.meaning) == (ErrorEntry.Status.RETIRED, "Superseded.")
    assert reasons(entry)[0] == "retired in the admin"


def test_the_reviewed_box_is_recorded_by_the_action(staff_curator_client, db):
    entry = generated_entry()
    data = change_form_data(entry, mark_reviewed="on")
    assert staff_curator_client.post(f"{CHANGELIST}{entry.pk}/change/", data).status_code == 302
    latest = entry.history.first()
    assert (latest.review_state, latest.history_change_reason) == ("reviewed", "reviewed")
    assert latest.history_user.username == "editor"


def test_a_revert_from_the_history_cannot_retire_a_draft_either(db):
    entry = ErrorEntryFactory(status=ErrorEntry.Status.RETIRED)
    ErrorEntry.objects.filter(pk=entry.pk).update(status=ErrorEntry.Status.DRAFT)  # its history's last row: retired
    client = Client()
    client.force_login(User.objects.create_superuser("reverter", "r@example.com", "a-long-password"))
    url = f"{CHANGELIST}{entry.pk}/history/{entry.history.get().history_id}/"
    form = FormFields()
    form.feed(client.get(url).content.decode())
    response = client.post(url, form.data)
    assert response.status_code == 200 and REFUSED in response.content.decode()
    assert ErrorEntry.objects.get(pk=entry.pk).status == ErrorEntry.Status.DRAFT

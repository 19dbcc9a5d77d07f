"""Reverting an entry from its history page is a write like any other: lookups follow it."""

from django.contrib.auth.models import User
from django.test import Client

from kb.actions.writes import write_entry
from kb.matching.service import lookup
from kb.models import ErrorEntry
from tests.admin.test_stale_edit import FormFields
from tests.domain.test_write_path import entry_data
from tests.samples import catalogue_revision


def revert_to_first_version(entry: ErrorEntry) -> None:
    client = Client()
    client.force_login(User.objects.create_superuser("reverter", "r@example.com", "a-long-password"))
    first = entry.history.order_by("history_date", "history_id").first()
    url = f"/admin/kb/errorentry/{entry.pk}/history/{first.history_id}/"
    form = FormFields()
    form.feed(client.get(url).content.decode())
    assert client.post(url, form.data).status_code == 302


def test_reverting_a_published_entry_to_its_draft_hides_it_from_anonymous_lookups(db, settings):
    entry, _ = write_entry(data=entry_data(status="draft"))
    entry, _ = write_entry(data=entry_data(status="published"), entry=ErrorEntry.objects.get(pk=entry.pk))
    assert [m.entry.public_id for m in lookup(entry.message, drafts=False).matches] == [entry.public_id]
    before = catalogue_revision()
    revert_to_first_version(entry)
    assert ErrorEntry.objects.get(pk=entry.pk).status == ErrorEntry.Status.DRAFT
    assert catalogue_revision() == before + 1
    assert lookup(entry.message, drafts=False).matches == []

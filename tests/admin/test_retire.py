"""Nothing is deleted: the admin offers curators retire, not delete; only a superuser may delete an entry."""

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client

from kb.models import ErrorEntry
from tests.samples import CARD


@pytest.fixture
def entry(seed) -> ErrorEntry:
    return ErrorEntry.objects.get(public_id=CARD)


@pytest.fixture
def staff_with_delete_permission(staff_curator_client: Client) -> Client:
    """A staff curator who was also given the delete permission: the admin still refuses to delete."""
    user = User.objects.get(username="editor")
    user.user_permissions.add(Permission.objects.get(codename="delete_errorentry"))
    return staff_curator_client


def change_form(client: Client, entry: ErrorEntry) -> dict:
    """The change form's fields as the admin filled them in (inline formsets included)."""
    response = client.get(f"/admin/kb/errorentry/{entry.pk}/change/")
    form = response.context["adminform"].form
    data = {name: form[name].value() for name in form.fields}
    data = {k: ("" if v is None else v) for k, v in data.items()}
    for formset in response.context["inline_admin_formsets"]:
        management = formset.formset.management_form
        data.update({management.add_prefix(k): v for k, v in management.initial.items()})
        for inline in formset.formset.forms:
            data.update(
                {inline.add_prefix(n): ("" if inline[n].value() is None else inline[n].value()) for n in inline.fields}
            )
    return data


def test_a_curator_sees_retire_and_no_delete_on_an_entry(staff_with_delete_permission, entry):
    html = staff_with_delete_permission.get(f"/admin/kb/errorentry/{entry.pk}/change/").content.decode()
    assert 'name="_retire"' in html
    assert 'class="deletelink"' not in html
    changelist = staff_with_delete_permission.get("/admin/kb/errorentry/").content.decode()
    assert 'value="retire"' in changelist
    assert 'value="delete_selected"' not in changelist


def test_a_curator_cannot_delete_an_entry_even_with_the_permission(staff_with_delete_permission, entry):
    assert staff_with_delete_permission.get(f"/admin/kb/errorentry/{entry.pk}/delete/").status_code == 403
    response = staff_with_delete_permission.post(f"/admin/kb/errorentry/{entry.pk}/delete/", {"post": "yes"})
    assert response.status_code == 403
    assert ErrorEntry.objects.filter(pk=entry.pk).exists()


def test_the_retire_button_saves_and_retires_the_entry(staff_curator_client, entry):
    data = change_form(staff_curator_client, entry)
    response = staff_curator_client.post(f"/admin/kb/errorentry/{entry.pk}/change/", {**data, "_retire": "Retire"})
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == ErrorEntry.Status.RETIRED
    assert entry.history.first().history_change_reason == "retired in the admin"


def test_a_retired_entry_offers_no_retire_button(staff_curator_client, entry):
    ErrorEntry.objects.filter(pk=entry.pk).update(status=ErrorEntry.Status.RETIRED)
    html = staff_curator_client.get(f"/admin/kb/errorentry/{entry.pk}/change/").content.decode()
    assert 'name="_retire"' not in html


def test_a_superuser_may_still_delete(client, entry):
    client.force_login(User.objects.create_superuser("boss", "boss@example.com", "a-long-password"))
    assert 'class="deletelink"' in client.get(f"/admin/kb/errorentry/{entry.pk}/change/").content.decode()
    assert client.post(f"/admin/kb/errorentry/{entry.pk}/delete/", {"post": "yes"}).status_code == 302
    assert not ErrorEntry.objects.filter(pk=entry.pk).exists()

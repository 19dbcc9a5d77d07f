"""Two curators in the admin: the one who saves second, over a version they never saw, is refused; nothing is lost."""

from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User
from django.test import Client

from kb.models import ErrorEntry
from tests.samples import CARD


class FormFields(HTMLParser):
    """What a browser would send for the admin's change form, as it was served."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, str] = {}
        self._textarea: str | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        attrs = dict(attrs)
        name = attrs.get("name")
        if tag == "input" and name and attrs.get("type") not in ("submit", "button", "file"):
            if attrs.get("type") in ("checkbox", "radio") and "checked" not in attrs:
                return
            self.data[name] = attrs.get("value") or ""
        elif tag == "textarea" and name:
            self._textarea = name
            self.data[name] = ""
        elif tag == "select" and name:
            self._select = name
            self.data.setdefault(name, "")
        elif tag == "option" and self._select and "selected" in attrs:
            self.data[self._select] = attrs.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "textarea":
            self._textarea = None
        elif tag == "select":
            self._select = None

    def handle_data(self, data: str) -> None:
        if self._textarea:
            # A browser drops the newline that follows <textarea>.
            self.data[self._textarea] += data.removeprefix("\n") if not self.data[self._textarea] else data


def open_change_form(client: Client, entry: ErrorEntry) -> dict[str, str]:
    response = client.get(f"/admin/kb/errorentry/{entry.pk}/change/")
    assert response.status_code == 200
    parser = FormFields()
    parser.feed(response.content.decode())
    return parser.data


def save(client: Client, entry: ErrorEntry, data: dict[str, str]):
    return client.post(f"/admin/kb/errorentry/{entry.pk}/change/", data)


def curator(name: str) -> Client:
    client = Client()
    client.force_login(User.objects.create_superuser(name, f"{name}@example.com", "a-long-password"))
    return client


@pytest.fixture
def entry(seed) -> ErrorEntry:
    return ErrorEntry.objects.get(public_id=CARD)


def test_an_unchanged_form_saves(entry: ErrorEntry) -> None:
    alice = curator("alice")
    form = open_change_form(alice, entry)
    response = save(alice, entry, {**form, "meaning": "Alice's meaning."})
    assert response.status_code == 302, response.context["adminform"].form.errors
    assert ErrorEntry.objects.get(pk=entry.pk).meaning == "Alice's meaning."


def test_the_second_curator_to_save_is_refused_and_the_first_ones_change_is_kept(entry: ErrorEntry) -> None:
    alice, bob = curator("alice"), curator("bob")
    alices_form, bobs_form = open_change_form(alice, entry), open_change_form(bob, entry)
    trigger = entry.trigger
    assert save(alice, entry, {**alices_form, "meaning": "Alice's meaning."}).status_code == 302

    refused = save(bob, entry, {**bobs_form, "trigger": "Bob's trigger."})
    assert refused.status_code == 200
    page = refused.content.decode()
    assert "changed since you opened it" in page and "alice" in page
    stored = ErrorEntry.objects.get(pk=entry.pk)
    assert (stored.meaning, stored.trigger) == ("Alice's meaning.", trigger)

    # Opened again, the form shows Alice's change and Bob's save goes through.
    bobs_form = open_change_form(bob, entry)
    assert bobs_form["meaning"] == "Alice's meaning."
    assert save(bob, entry, {**bobs_form, "trigger": "Bob's trigger."}).status_code == 302
    stored = ErrorEntry.objects.get(pk=entry.pk)
    assert (stored.meaning, stored.trigger) == ("Alice's meaning.", "Bob's trigger.")


def test_a_form_opened_before_an_api_write_is_refused(entry: ErrorEntry, token_client: Client) -> None:
    alice = curator("alice")
    form = open_change_form(alice, entry)
    response = token_client.patch(f"/api/errors/{CARD}", {"meaning": "From a tool."}, content_type="application/json")
    assert response.status_code == 200
    assert save(alice, entry, {**form, "trigger": "Alice's trigger."}).status_code == 200
    assert ErrorEntry.objects.get(pk=entry.pk).meaning == "From a tool."


@pytest.mark.parametrize("field", ["meaning", "trigger", "situations", "example_fix", "solutions-0-body"])
def test_a_nul_in_a_text_field_is_a_form_error_not_a_500(entry: ErrorEntry, field: str) -> None:
    alice = curator("alice")
    form = open_change_form(alice, entry)
    before = texts(entry)
    response = save(alice, entry, {**form, field: "before\x00after"})
    assert response.status_code == 200
    assert "Null characters are not allowed." in response.content.decode()
    assert texts(entry) == before


def texts(entry: ErrorEntry) -> list[str]:
    """The entry's text fields and its solutions, as stored."""
    stored = ErrorEntry.objects.get(pk=entry.pk)
    fields = [stored.meaning, stored.trigger, stored.situations, stored.example_fix]
    return fields + list(stored.solutions.order_by("position", "id").values_list("body", flat=True))

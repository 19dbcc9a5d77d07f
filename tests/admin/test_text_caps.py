"""The admin's entry form holds texts to the API's caps (kb.models.limits): one too long is a form error, not a 500."""

import pytest

from kb.models import ErrorEntry, limits
from tests.admin.test_stale_edit import curator, open_change_form, save
from tests.samples import CARD

CAPS = {
    "message": limits.MESSAGE_CHARS,
    "signature": limits.MESSAGE_CHARS,
    **{name: limits.PROSE_CHARS for name in ErrorEntry.MARKDOWN_FIELDS},
}


@pytest.mark.parametrize("field", CAPS)
def test_a_text_over_its_cap_is_a_form_error_and_saves_nothing(seed, field: str) -> None:
    entry = ErrorEntry.objects.get(public_id=CARD)
    alice = curator("alice")
    response = save(alice, entry, {**open_change_form(alice, entry), field: "x" * (CAPS[field] + 1)})
    assert response.status_code == 200
    assert field in response.context["adminform"].form.errors
    assert f"at most {CAPS[field]}" in response.content.decode()
    assert ErrorEntry.objects.get(pk=entry.pk).updated_at == entry.updated_at


def test_a_text_at_its_cap_saves(seed) -> None:
    entry = ErrorEntry.objects.get(public_id=CARD)
    alice = curator("alice")
    meaning = "y" * limits.PROSE_CHARS
    assert save(alice, entry, {**open_change_form(alice, entry), "meaning": meaning}).status_code == 302
    assert ErrorEntry.objects.get(pk=entry.pk).meaning == meaning

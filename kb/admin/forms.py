"""The admin's change forms: an entry's refuses to save over a version the curator never saw; every text a curator
types is held to the caps of `limits`, as the API holds it, so that a text too long is a form error, not a 500."""

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.utils import timezone

from kb.actions.status import refusal
from kb.models import ErrorEntry, RaiseSite, Solution, limits

ENTRY_CAPS = {
    "message": limits.MESSAGE_CHARS,
    "signature": limits.MESSAGE_CHARS,
    **{name: limits.PROSE_CHARS for name in ErrorEntry.MARKDOWN_FIELDS},
}


def cap_lengths(form: forms.BaseForm, caps: dict[str, int]) -> None:
    """Each named text field of the form refuses more than its cap, with the field's own error."""
    for name, cap in caps.items():
        if (field := form.fields.get(name)) is not None and isinstance(field, forms.CharField):
            field.max_length = cap
            field.validators.append(MaxLengthValidator(cap))


class SolutionAdminForm(forms.ModelForm):
    """A solution's body, capped as the API caps it (its text goes into the entry's search vector)."""

    class Meta:
        model = Solution
        fields = ["position", "body"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        cap_lengths(self, {"body": limits.SOLUTION_CHARS})


class RaiseSiteAdminForm(forms.ModelForm):
    """A site's snippet, capped as the API caps it."""

    class Meta:
        model = RaiseSite
        fields = ["path", "line", "function", "commit", "snippet_start", "snippet", "position"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        cap_lengths(self, {"snippet": limits.SNIPPET_CHARS})


class ErrorEntryAdminForm(forms.ModelForm):
    """Carries the version (`updated_at`) the entry had when the form was opened. The admin reads the entry under a
    row lock when it saves, so a newer version is seen here, and the save refused, before anything is written."""

    opened_version = forms.CharField(widget=forms.HiddenInput, required=False)
    # Saving reviews nothing by itself: the curator says so here (or with the list's action).
    mark_reviewed = forms.BooleanField(
        label="reviewed",
        required=False,
        help_text="Tick once you have read the card as readers see it: its badge then says 'Reviewed'. Saving alone "
        "reviews nothing.",
    )

    class Meta:
        model = ErrorEntry
        fields = [
            "repository",
            "kind",
            "exception_type",
            "message",
            "signature",
            *ErrorEntry.MARKDOWN_FIELDS,
            "status",
            "method",
            "analysed_commit",
            "analysed_at",
            "removed_in_commit",
        ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["opened_version"].initial = self.instance.updated_at.isoformat()
        # A reviewed card shows the box ticked and fixed: the list's "Mark not reviewed" action takes a review back.
        self.fields["mark_reviewed"].initial = self.instance.is_reviewed
        self.fields["mark_reviewed"].disabled = self.instance.is_reviewed
        cap_lengths(self, ENTRY_CAPS)

    def clean(self) -> dict[str, Any]:
        super().clean()  # a ModelForm's clean() returns cleaned_data, though the base form's may return None
        cleaned = self.cleaned_data
        opened = cleaned.get("opened_version")
        # A form without the field (sent by a page from before it existed) is not checked.
        if self.instance.pk and opened and opened != self.instance.updated_at.isoformat():
            raise ValidationError(self._changed_since(), code="stale")
        # The status asked for (the field, the "Save and retire" button, a revert from the history) as the actions
        # allow it from the stored one (the row is locked): no draft is retired.
        wanted = ErrorEntry.Status.RETIRED if "_retire" in self.data else cleaned.get("status")
        stored = ErrorEntry.objects.filter(pk=self.instance.pk).values_list("status", flat=True).first()
        if stored and wanted and (why := refusal(stored, wanted)):
            raise ValidationError(f"{why[:1].upper()}{why[1:]}. Nothing was saved.", code="status")
        return cleaned

    def _changed_since(self) -> str:
        latest = self.instance.history.select_related("history_user").first()
        who = f" by {latest.history_user}" if latest and latest.history_user else ""
        when = timezone.localtime(self.instance.updated_at).strftime("%Y-%m-%d %H:%M:%S %Z")
        return (
            f"This entry was changed since you opened it (at {when}{who}). Your changes were not saved, so as not "
            "to overwrite that change: open the entry again to see it, then make yours."
        )

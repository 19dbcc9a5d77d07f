"""What curators decide on: related entries harvest suggests, and readers' reports. Models of `kb` (`kb.models.entries`
imports and re-exports them)."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from kb.models.querysets import ReportQuerySet


class RelatedSuggestion(models.Model):
    """A related entry harvest proposes for a draft (same function or class); a curator accepts or dismisses it."""

    class Scope(models.IntegerChoices):
        FUNCTION = 0, "raised in the same function"
        CLASS = 1, "raised in the same class"

    # Accepted and dismissed suggestions are the curator's word: harvest leaves them alone.
    class State(models.TextChoices):
        OPEN = "open"
        ACCEPTED = "accepted"
        DISMISSED = "dismissed"

    source = models.ForeignKey("kb.ErrorEntry", on_delete=models.CASCADE, related_name="suggestions")
    target = models.ForeignKey("kb.ErrorEntry", on_delete=models.CASCADE, related_name="+")
    scope = models.PositiveSmallIntegerField(choices=Scope.choices)
    distance = models.PositiveIntegerField(help_text="Lines between the nearest sites of the two entries.")
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["scope", "distance", "id"]
        constraints = [
            models.UniqueConstraint(fields=["source", "target"], name="suggestion_once"),
            models.CheckConstraint(condition=~Q(source=models.F("target")), name="suggestion_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.source.public_id} → {self.target.public_id} ({self.get_scope_display()})"


class Report(models.Model):
    """A reader's "Report an issue": a queue for curators."""

    class Reason(models.TextChoices):
        WRONG = "wrong", "Something here is wrong"
        OUTDATED = "outdated", "It is out of date"
        UNCLEAR = "unclear", "It did not help me"
        OTHER = "other", "Something else"

    # An open report is in the curators' queue; a new one like a done or dismissed one opens again.
    class State(models.TextChoices):
        OPEN = "open"
        DONE = "done"
        DISMISSED = "dismissed"

    entry = models.ForeignKey("kb.ErrorEntry", on_delete=models.CASCADE, related_name="reports")
    reason = models.CharField(max_length=10, choices=Reason.choices)
    details = models.TextField(max_length=4000, blank=True)
    email = models.EmailField(blank=True, help_text="Only if the reader wants an answer.")
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN, db_index=True)
    count = models.PositiveIntegerField(default=1, help_text="How many times this same report was sent.")
    created_at = models.DateTimeField(auto_now_add=True)
    handled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)

    objects = ReportQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.get_reason_display()} on {self.entry.public_id}"

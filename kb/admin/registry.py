"""The curator's tool."""

from django.contrib import admin, messages
from django.db import models, transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from simple_history.admin import SimpleHistoryAdmin

from kb import actions
from kb.actions.writes import finish_write
from kb.admin.forms import ErrorEntryAdminForm, RaiseSiteAdminForm, SolutionAdminForm
from kb.admin.safety import StrictHistoryMixin, StrictQueryMixin
from kb.models import (
    ErrorEntry,
    MessageVariant,
    RaiseSite,
    RelatedLink,
    RelatedSuggestion,
    Report,
    Repository,
    Solution,
)

MACHINE_SECTIONS = (*ErrorEntry.SECTIONS, "solutions")
MACHINE_FIELDSET = "Machine-written text (shown where the curator's field is empty)"


class ReviewQueueFilter(admin.SimpleListFilter):
    """The curators' queue: published cards nobody has reviewed, those lookups hit most first (`get_ordering`)."""

    title = "review queue"
    parameter_name = "queue"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple[str, str]]:
        return [("unreviewed", "Published, not yet reviewed, most looked-up first")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[ErrorEntry]) -> QuerySet[ErrorEntry]:
        if self.value() == "unreviewed":
            return queryset.filter(status=ErrorEntry.Status.PUBLISHED).exclude(review_state=ErrorEntry.Review.REVIEWED)
        return queryset


def machine_text(section: str):
    """A read-only field showing the generated and the AI pass's text of one section, beside the curator's."""

    @admin.display(description=f"{section.replace('_', ' ')}: machine-written")
    def show(admin_self: admin.ModelAdmin, entry: ErrorEntry) -> str:
        parts = [
            format_html('<div class="machine-text"><strong>{}</strong>{}</div>', label, _html(html))
            for label, html in (
                ("AI-assisted", entry.assisted_html.get(section, "")),
                ("Generated from code", entry.generated_html.get(section, "")),
            )
            if html  # sanitised when rendered, on save (kb.models.render_sections)
        ]
        return format_html_join("", "{}", ((part,) for part in parts)) if parts else "—"

    show.__name__ = f"machine_{section}"
    return show


def _html(rendered: str | list[str]) -> str:
    """A section's stored HTML, sanitised when it was rendered; solutions are a list."""
    if isinstance(rendered, list):
        return format_html("<ol>{}</ol>", format_html_join("", "<li>{}</li>", ((mark_safe(i),) for i in rendered)))
    return mark_safe(rendered)


class RaiseSiteInline(admin.StackedInline):
    model = RaiseSite
    form = RaiseSiteAdminForm
    extra = 0
    min_num = 1
    fields = [("path", "line"), ("function", "commit"), "snippet_start", "snippet", "position"]


class MessageVariantInline(admin.TabularInline):
    model = MessageVariant
    extra = 0
    fields = ["message", "signature", "last_seen_commit"]
    verbose_name = "other wording"
    verbose_name_plural = "older and other wordings (message variants: a plural, an earlier message)"


class SolutionInline(admin.TabularInline):
    model = Solution
    form = SolutionAdminForm
    extra = 1
    fields = ["position", "body"]


class RelatedLinkInline(admin.TabularInline):
    model = RelatedLink
    fk_name = "source"
    extra = 0
    fields = ["position", "target"]
    autocomplete_fields = ["target"]
    verbose_name = "related error"
    verbose_name_plural = "related errors"


@admin.register(ErrorEntry)
class ErrorEntryAdmin(StrictHistoryMixin, SimpleHistoryAdmin):
    form = ErrorEntryAdminForm
    list_display = [
        "title",
        "exception_type",
        "repository",
        "kind",
        "status",
        "review_state",
        "lookup_hits",
        "method",
        "updated_at",
        "public_page",
    ]
    list_filter = [ReviewQueueFilter, "status", "review_state", "kind", "method", "repository", "exception_type"]
    list_select_related = ["repository"]
    search_fields = ["title", "message", "signature", "public_id", "exception_type"]
    machine_meaning = machine_text("meaning")
    machine_trigger = machine_text("trigger")
    machine_situations = machine_text("situations")
    machine_example_fix = machine_text("example_fix")
    machine_how_to_trigger = machine_text("how_to_trigger")
    machine_documentation = machine_text("documentation")
    machine_solutions = machine_text("solutions")
    readonly_fields = [
        "public_id",
        "title",
        "created_at",
        "updated_at",
        "public_page",
        "site_key",
        "suggested_related",
        "review_state",
        "reviewed_at",
        "reviewed_by",
        "lookup_hits",
        *(f"machine_{s}" for s in MACHINE_SECTIONS),
    ]
    autocomplete_fields = ["repository"]
    inlines = [RaiseSiteInline, MessageVariantInline, SolutionInline, RelatedLinkInline]
    actions = ["publish", "retire", "restore", "mark_reviewed", "mark_not_reviewed", "accept_suggested_related"]
    date_hierarchy = "created_at"
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "public_id",
                    "public_page",
                    "repository",
                    ("kind", "exception_type"),
                    "message",
                    "signature",
                    "title",
                    "opened_version",
                ]
            },
        ),
        ("Explanation (Markdown)", {"fields": ["meaning", "trigger", "situations", "example_fix"]}),
        (MACHINE_FIELDSET, {"fields": [f"machine_{s}" for s in MACHINE_SECTIONS]}),
        ("Suggested related errors", {"fields": ["suggested_related"]}),
        (
            "Status and provenance",
            {
                "fields": [
                    "status",
                    ("review_state", "mark_reviewed", "reviewed_at", "reviewed_by", "lookup_hits"),
                    ("method", "analysed_commit", "analysed_at"),
                    ("removed_in_commit", "site_key"),
                    ("created_at", "updated_at"),
                ]
            },
        ),
    ]

    def get_ordering(self, request: HttpRequest) -> list[str]:
        if request.GET.get(ReviewQueueFilter.parameter_name) == "unreviewed":
            return ["-lookup_hits", "-updated_at"]
        return list(super().get_ordering(request) or [])

    def get_object(self, request: HttpRequest, object_id: str, from_field: str | None = None) -> ErrorEntry | None:
        """On a save (the admin runs it in a transaction), the entry's row is locked until it commits: writes through
        the API or an import wait for it, and the form compares its version with the current one."""
        entry = super().get_object(request, object_id, from_field)
        if entry is not None and request.method == "POST" and transaction.get_connection().in_atomic_block:
            entry = self.get_queryset(request).locked_for_write().get(pk=entry.pk)
        return entry

    @admin.display(description="page")
    def public_page(self, entry: ErrorEntry) -> str:
        if not entry.pk:
            return "—"
        label = "Preview" if entry.is_draft else "View"
        return format_html('<a href="{}" target="_blank" rel="noopener">{}</a>', entry.get_absolute_url(), label)

    @admin.display(description="suggested by harvest")
    def suggested_related(self, entry: ErrorEntry) -> str:
        """Open suggestions, nearest first; accepting them is an action here or on the suggestions list."""
        if not entry.pk:
            return "—"
        open_ones = entry.suggestions.filter(state=RelatedSuggestion.State.OPEN).select_related("target")
        if not open_ones:
            return "None open."
        items = format_html_join(
            "", "<li>{} ({}, {} lines away)</li>", ((s.target, s.get_scope_display(), s.distance) for s in open_ones)
        )
        review = reverse("admin:kb_relatedsuggestion_changelist") + f"?source__id__exact={entry.pk}&state__exact=open"
        return format_html('<ul>{}</ul><a href="{}">Accept or dismiss them</a>', items, review)

    @admin.action(description="Accept the suggested related errors of the selected entries")
    def accept_suggested_related(self, request: HttpRequest, queryset: QuerySet[ErrorEntry]) -> None:
        suggestions = RelatedSuggestion.objects.filter(source__in=queryset, state=RelatedSuggestion.State.OPEN)
        made = actions.accept_suggestions(suggestions, by=request.user)
        self.message_user(request, f"{made} related link{'' if made == 1 else 's'} added.", messages.SUCCESS)

    def save_related(self, request: HttpRequest, form, formsets, change: bool) -> None:
        # The entry itself was saved (save_model) before its inlines, which need its id.
        super().save_related(request, form, formsets, change)
        finish_write(entries=[form.instance], sites_changed=True)
        # Then the status and the review, each by its action (the form checked the change is allowed).
        entry, stored = form.instance, form.initial.get("status")
        wanted = ErrorEntry.Status.RETIRED if "_retire" in request.POST else form.cleaned_data["status"]
        if change and wanted != stored:
            verb = "retired" if "_retire" in request.POST else actions.status.ALLOWED[(stored, wanted)]
            actions.change_status(entry, wanted, by=request.user, reason=f"{verb} in the admin")
        # Saving reviews nothing by itself: the form's "reviewed" box (or the action) does; "Mark not reviewed" is an
        # action, so that a form posted without the box never takes a review back.
        if form.cleaned_data.get("mark_reviewed") and not entry.is_reviewed:
            actions.mark_reviewed(entry, by=request.user)

    def history_form_view(
        self, request: HttpRequest, object_id: str, version_id: str, extra_context: dict | None = None
    ) -> HttpResponse:
        """A revert from the history page is a write like any other: one transaction, the row locked, and the
        step after every write (simple-history saves the entry but calls no save_related)."""
        if request.method != "POST" or not object_id.isdigit():
            return super().history_form_view(request, object_id, version_id, extra_context)
        with transaction.atomic():
            locked = list(ErrorEntry.objects.locked_for_write().filter(pk=object_id))
            response = super().history_form_view(request, object_id, version_id, extra_context)
            if response.status_code == 302 and locked:
                finish_write(entries=list(ErrorEntry.objects.filter(pk=object_id)))
            return response

    def has_delete_permission(self, request: HttpRequest, obj: ErrorEntry | None = None) -> bool:
        # Nothing is deleted (readers' links and tools' ids stay valid): curators retire; only a superuser
        # may delete, for a mistake.
        return request.user.is_superuser and super().has_delete_permission(request, obj)

    def save_model(self, request: HttpRequest, obj: ErrorEntry, form, change: bool) -> None:
        if change:  # a new status (the field, or the "Save and retire" button) is set by its action, in save_related
            obj.status = form.initial["status"]
        super().save_model(request, obj, form, change)

    def delete_model(self, request: HttpRequest, obj: ErrorEntry) -> None:
        super().delete_model(request, obj)
        finish_write()

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[ErrorEntry]) -> None:
        super().delete_queryset(request, queryset)
        finish_write()

    @admin.action(description="Publish the selected drafts")
    def publish(self, request: HttpRequest, queryset: QuerySet[ErrorEntry]) -> None:
        self._act(request, queryset, actions.publish, "published", reason="published from the list")

    @admin.action(description="Retire the selected published entries")
    def retire(self, request: HttpRequest, queryset: QuerySet[ErrorEntry]) -> None:
        self._act(request, queryset, actions.retire, "retired", reason="retired from the list")

    @admin.action(description="Restore the selected retired entries")
    def restore(self, request: HttpRequest, queryset: QuerySet[ErrorEntry]) -> None:
        self._act(request, queryset, actions.restore, "restored", reason="restored from the list")

    @admin.action(description="Mark reviewed: a curator has read the selected cards")
    def mark_reviewed(self, request: HttpRequest, queryset: QuerySet[ErrorEntry]) -> None:
        self._act(request, queryset, actions.mark_reviewed, "marked reviewed", reason="reviewed")

    @admin.action(description="Mark not reviewed")
    def mark_not_reviewed(self, request: HttpRequest, queryset: QuerySet[ErrorEntry]) -> None:
        self._act(request, queryset, actions.mark_not_reviewed, "marked not reviewed", reason="marked not reviewed")

    def _act(self, request: HttpRequest, queryset: QuerySet[ErrorEntry], action, verb: str, *, reason: str) -> None:
        """One action over the selected entries: all of them changed, or (one refused) none, and a message why."""
        try:
            changed = len(action(queryset, by=request.user, reason=reason))
        except actions.StatusChangeRefused as refused:
            self.message_user(request, f"Nothing was {verb}: {refused}.", messages.ERROR)
            return
        self.message_user(request, f"{changed} entr{'y' if changed == 1 else 'ies'} {verb}.", messages.SUCCESS)


@admin.register(RelatedSuggestion)
class RelatedSuggestionAdmin(StrictQueryMixin, admin.ModelAdmin):
    list_display = ["source", "target", "scope", "distance", "state", "created_at"]
    list_filter = ["state", "scope", "source__repository"]
    list_select_related = ["source", "target"]
    search_fields = ["source__public_id", "target__public_id", "source__title", "target__title"]
    readonly_fields = ["source", "target", "scope", "distance", "created_at"]
    actions = ["accept", "dismiss"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # harvest proposes them; a curator only decides

    @admin.action(description="Accept: add as related errors")
    def accept(self, request: HttpRequest, queryset: QuerySet[RelatedSuggestion]) -> None:
        made = actions.accept_suggestions(queryset, by=request.user)
        self.message_user(request, f"{made} related link{'' if made == 1 else 's'} added.", messages.SUCCESS)

    @admin.action(description="Dismiss: harvest will not suggest them again")
    def dismiss(self, request: HttpRequest, queryset: QuerySet[RelatedSuggestion]) -> None:
        queryset.update(state=RelatedSuggestion.State.DISMISSED)


@admin.register(Repository)
class RepositoryAdmin(StrictQueryMixin, admin.ModelAdmin):
    list_display = [
        "full_name",
        "entries",
        "published",
        "unreviewed",
        "publish_harvested",
        "host",
        "url",
        "created_at",
    ]
    list_editable = ["publish_harvested"]
    list_filter = ["publish_harvested"]
    search_fields = ["owner", "name"]
    fields = ["host", "owner", "name", "url", "description", "publish_harvested"]
    # A URL typed without a scheme is https (Django 6's default; 5.2 warns until told).
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}

    def get_queryset(self, request: HttpRequest) -> QuerySet[Repository]:
        return super().get_queryset(request).with_entry_counts(request.user)  # type: ignore[attr-defined]

    @admin.display(description="entries", ordering="error_count")
    def entries(self, repository: Repository) -> int:
        return repository.error_count  # type: ignore[attr-defined]  # annotated by get_queryset

    @admin.display(description="published", ordering="published_count")
    def published(self, repository: Repository) -> int:
        return repository.published_count  # type: ignore[attr-defined]

    @admin.display(description="not yet reviewed", ordering="unreviewed_count")
    def unreviewed(self, repository: Repository) -> int:
        return repository.unreviewed_count  # type: ignore[attr-defined]

    def save_model(self, request: HttpRequest, obj: Repository, form, change: bool) -> None:
        super().save_model(request, obj, form, change)
        # The publish setting is read by the next harvest and shown on no card: only the rest moves them.
        if change and set(form.changed_data) - {"publish_harvested"}:
            # Every card links into its repository: new versions for their caches, and for lookups.
            obj.entries.update(updated_at=timezone.now())
            finish_write()


@admin.register(Report)
class ReportAdmin(StrictQueryMixin, admin.ModelAdmin):
    list_display = ["created_at", "reason", "entry_link", "short_details", "count", "email", "state", "handled_by"]
    list_filter = ["state", "reason"]
    list_select_related = ["entry", "handled_by"]
    list_editable = ["state"]
    search_fields = ["details", "email", "entry__public_id", "entry__title"]
    readonly_fields = ["entry", "reason", "details", "email", "count", "created_at"]
    actions = ["mark_done", "dismiss"]

    @admin.display(description="entry")
    def entry_link(self, report: Report) -> str:
        return format_html('<a href="{}">{}</a>', report.entry.get_absolute_url(), report.entry.title)

    @admin.display(description="details")
    def short_details(self, report: Report) -> str:
        return report.details[:80]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Mark as done")
    def mark_done(self, request: HttpRequest, queryset: QuerySet[Report]) -> None:
        queryset.update(state=Report.State.DONE, handled_by=request.user)

    @admin.action(description="Dismiss")
    def dismiss(self, request: HttpRequest, queryset: QuerySet[Report]) -> None:
        queryset.update(state=Report.State.DISMISSED, handled_by=request.user)

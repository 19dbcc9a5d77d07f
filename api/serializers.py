"""The card as JSON: one shape for the API, export_errors and import_errors (docs/entry-format.md)."""

import re
from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.explanation import (
    EvidenceSerializer,
    ExplanationSerializer,
    ReviewSerializer,
    entry_evidence,
    explanation,
    review,
)
from kb.cards.related import shown_related
from kb.models import PUBLIC_ID_RE, ErrorEntry, RaiseSite, Repository, Solution, limits


def absolute(path: str, context: Mapping[str, Any]) -> str:
    request = context.get("request")
    if request is not None:
        return request.build_absolute_uri(path)
    return f"{settings.SITE_URL}{path}"


# PostgreSQL's text holds no NUL, and UTF-8 cannot encode a lone surrogate: either would fail in the database.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def check_storable(text: str) -> str:
    """Refuses, by the field that holds it, text the database would refuse with an error (DRF's CharField does
    the same for its own fields)."""
    if (found := _UNSTORABLE.search(text)) is not None:
        character = found.group()
        if character == "\x00":
            raise serializers.ValidationError("Null characters are not allowed.")
        raise serializers.ValidationError(f"Surrogate characters are not allowed: U+{ord(character):X}.")
    return text


class PublicIdField(serializers.RegexField):
    """An entry's id, of the one shape `kb.models.PUBLIC_ID_RE` gives it."""

    def __init__(self, **kwargs) -> None:
        super().__init__(PUBLIC_ID_RE.pattern, max_length=16, **kwargs)


MACHINE_ORIGINS = ("ai-assisted", "generated")


class MarkdownField(serializers.Field):
    """Output: {"markdown", "html"}, and for a reader's request the section the page shows with its "origin".
    Input: that object, or a plain Markdown string of at most `max_length` characters (kb.models.limits: a longer
    text would not fit the entry's search vector); an object whose origin is a machine's writes nothing."""

    def __init__(self, *, max_length: int = limits.PROSE_CHARS, **kwargs) -> None:
        kwargs.setdefault("source", "*")
        self.markdown_name = kwargs.pop("markdown_name")
        self.max_length = max_length
        super().__init__(**kwargs)

    def to_representation(self, instance) -> dict:
        if self.context.get("request") is not None and isinstance(instance, ErrorEntry):
            # A reader's card: the text the page shows (the curator's, else the AI pass's, else the generated),
            # with whose it is. An export and a write's current state (no request) keep the curator's own field.
            shown = instance.shown(self.markdown_name)
            return {"markdown": shown.markdown, "html": shown.html, "origin": shown.origin}
        return {
            "markdown": getattr(instance, self.markdown_name),
            "html": getattr(instance, f"{self.markdown_name}_html"),
        }

    def to_internal_value(self, data) -> dict:
        if isinstance(data, dict) and data.get("origin") in MACHINE_ORIGINS:
            # A machine's text sent back as it was read is not the curator's: the field stays as it was (empty).
            return {self.markdown_name: ""}
        if isinstance(data, dict):
            data = data.get("markdown", "")
        if not isinstance(data, str):
            raise serializers.ValidationError('Expected Markdown: a string or {"markdown": "..."}.')
        if len(data) > self.max_length:
            raise serializers.ValidationError(limits.too_long(len(data), self.max_length))
        return {self.markdown_name: check_storable(data)}


class RepositorySerializer(serializers.ModelSerializer):
    full_name = serializers.CharField(read_only=True)
    html_url = serializers.SerializerMethodField()
    api_url = serializers.SerializerMethodField()

    class Meta:
        model = Repository
        fields = ["host", "owner", "name", "full_name", "url", "description", "html_url", "api_url"]
        read_only_fields = ["full_name", "html_url", "api_url"]
        extra_kwargs = {"url": {"required": False}, "host": {"required": False}}
        # owner/name identify an existing repository on import, so uniqueness is not an error
        validators: list[Callable[..., object]] = []

    def get_html_url(self, repo: Repository) -> str:
        return absolute(repo.get_absolute_url(), self.context)

    def get_api_url(self, repo: Repository) -> str:
        return absolute(f"/api/repositories/{repo.owner}/{repo.name}", self.context)


class RepositoryDetailSerializer(RepositorySerializer):
    error_count = serializers.IntegerField(read_only=True)

    class Meta(RepositorySerializer.Meta):
        fields = [*RepositorySerializer.Meta.fields, "error_count"]


class RepositoryRefSerializer(RepositorySerializer):
    class Meta(RepositorySerializer.Meta):
        fields = ["host", "owner", "name", "url"]


class SiteSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField()

    class Meta:
        model = RaiseSite
        fields = ["path", "line", "function", "commit", "snippet", "snippet_start", "url"]
        extra_kwargs = {
            "function": {"required": False},
            "snippet": {"required": False, "trim_whitespace": False},
            "snippet_start": {"required": False},
            "line": {"required": False},
        }

    def get_url(self, site: RaiseSite) -> str:
        return site.url


class SolutionSerializer(serializers.ModelSerializer):
    markdown = serializers.CharField(source="body", trim_whitespace=False)
    html = serializers.CharField(source="body_html", read_only=True)

    class Meta:
        model = Solution
        fields = ["markdown", "html"]

    def to_internal_value(self, data):
        if isinstance(data, str):
            data = {"markdown": data}
        return super().to_internal_value(data)


class ProvenanceSerializer(serializers.Serializer):
    method = serializers.ChoiceField(choices=ErrorEntry.Method.choices)
    commit = serializers.CharField(max_length=64, allow_blank=True, required=False, default="")
    analysed_at = serializers.DateField(allow_null=True, required=False, default=None)


class EntryCardSerializer(serializers.ModelSerializer):
    """The whole card. Expects an entry loaded with `ErrorEntry.objects.with_card()`."""

    id = PublicIdField(source="public_id", required=False)
    url = serializers.SerializerMethodField()
    repository = RepositoryRefSerializer()
    meaning = MarkdownField(markdown_name="meaning", required=False)
    trigger = MarkdownField(markdown_name="trigger", required=False)
    situations = MarkdownField(markdown_name="situations", required=False)
    example_fix = MarkdownField(markdown_name="example_fix", required=False)
    sites = SiteSerializer(many=True)
    solutions = SolutionSerializer(many=True, required=False)
    related = serializers.SerializerMethodField()
    provenance = serializers.SerializerMethodField()
    reviewed = serializers.SerializerMethodField(help_text="Whether a curator has reviewed the card (review.state).")
    explanation = serializers.SerializerMethodField(
        help_text="Every section as the card shows it: the curator's text, else the AI pass's, else the text "
        "generated from the code; `origin` says whose. Read-only: write the curator's fields."
    )
    evidence = serializers.SerializerMethodField(
        help_text="What harvest read in the code: per site its conditions, values, function and callers; for the "
        "entry the tests that trigger it, the docs that mention it and its history. Read-only."
    )
    review = serializers.SerializerMethodField(help_text="Whose word the card is. Read-only.")
    variants = serializers.SerializerMethodField(help_text="Older wordings of the message; lookups find them too.")

    class Meta:
        model = ErrorEntry
        fields = [
            "id",
            "url",
            "repository",
            "kind",
            "exception_type",
            "title",
            "message",
            "signature",
            "meaning",
            "trigger",
            "situations",
            "example_fix",
            "sites",
            "solutions",
            "related",
            "variants",
            "provenance",
            "reviewed",
            "review",
            "explanation",
            "evidence",
            "status",
            "removed_in_commit",
            "created_at",
            "updated_at",
        ]
        read_only_fields = ["title", "removed_in_commit", "created_at", "updated_at"]
        extra_kwargs = {"message": {"trim_whitespace": False}, "signature": {"trim_whitespace": False}}

    def get_url(self, entry: ErrorEntry) -> str:
        return absolute(entry.get_absolute_url(), self.context)

    def get_related(self, entry: ErrorEntry) -> list[dict]:
        viewer = self.context.get("request")
        # No request: an export, which has all the curator's links and none of the harvest's (an import would make
        # them a curator's). Else the card's list: the curator's, then the harvest's the reader may open.
        targets = entry.related_entries() if viewer is None else shown_related(entry, viewer.user)
        curated = {link.target_id for link in entry.outgoing_links.all()}
        return [
            {
                "id": t.public_id,
                "title": t.title,
                "url": absolute(t.get_absolute_url(), self.context),
                "origin": "curated" if t.pk in curated else "generated",
            }
            for t in targets
        ]

    def get_variants(self, entry: ErrorEntry) -> list[dict]:
        return [
            {"message": v.message, "signature": v.signature, "last_seen_commit": v.last_seen_commit}
            for v in entry.variants.all()
        ]

    def get_provenance(self, entry: ErrorEntry) -> dict:
        return {
            "method": entry.method,
            "commit": entry.analysed_commit,
            "analysed_at": entry.analysed_at.isoformat() if entry.analysed_at else None,
        }

    def get_reviewed(self, entry: ErrorEntry) -> bool:
        """False until a curator has reviewed it: harvest's and the AI pass's cards are not."""
        return entry.is_reviewed

    @extend_schema_field(ExplanationSerializer)
    def get_explanation(self, entry: ErrorEntry) -> dict:
        return explanation(entry)

    @extend_schema_field(EvidenceSerializer)
    def get_evidence(self, entry: ErrorEntry) -> dict:
        return entry_evidence(entry)

    @extend_schema_field(ReviewSerializer)
    def get_review(self, entry: ErrorEntry) -> dict:
        return review(entry)


class EntrySummarySerializer(serializers.ModelSerializer):
    """An entry in a list: enough to show it and to open its card (page or JSON)."""

    class Meta:
        model = ErrorEntry
        fields = [
            "id",
            "url",
            "api_url",
            "repository",
            "kind",
            "exception_type",
            "title",
            "message",
            "status",
            "updated_at",
        ]

    id = serializers.CharField(source="public_id")
    url = serializers.SerializerMethodField()
    api_url = serializers.SerializerMethodField()
    repository = serializers.CharField(source="repository.full_name")

    def get_url(self, entry: ErrorEntry) -> str:
        return absolute(entry.get_absolute_url(), self.context)

    def get_api_url(self, entry: ErrorEntry) -> str:
        return absolute(entry.get_api_url(), self.context)

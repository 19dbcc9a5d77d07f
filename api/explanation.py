"""The card's machine-written parts as JSON, read-only: the sections as shown (with whose text each is), the
evidence harvest read (per site, and for the entry), and the review state. Typed for the OpenAPI schema; an import
ignores them (`api.exchange.EntryInput` takes only what a writer may set)."""

from rest_framework import serializers

from kb.models import ErrorEntry, RaiseSite

ORIGINS = ["curated", "ai-assisted", "generated", ""]


class ShownSerializer(serializers.Serializer):
    markdown = serializers.CharField()
    html = serializers.CharField()
    origin = serializers.ChoiceField(
        choices=ORIGINS, help_text="Whose text: a curator's, the AI pass's, or generated from the code; '' when empty."
    )


class ExplanationSerializer(serializers.Serializer):
    meaning = ShownSerializer()
    trigger = ShownSerializer()
    situations = ShownSerializer()
    example_fix = ShownSerializer()
    how_to_trigger = ShownSerializer()
    documentation = ShownSerializer()
    solutions = ShownSerializer(many=True)


class ConditionSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["if", "else", "while", "case", "except", "guard", "assert"])
    code = serializers.CharField()
    sentence = serializers.CharField(help_text="Markdown; '' where no template says it.")
    line = serializers.IntegerField(allow_null=True)


class ValueSerializer(serializers.Serializer):
    placeholder = serializers.CharField()
    expression = serializers.CharField()


class FunctionSerializer(serializers.Serializer):
    name = serializers.CharField()
    class_name = serializers.CharField(allow_blank=True)
    signature = serializers.CharField(allow_blank=True)
    doc = serializers.CharField(allow_blank=True)

    def get_fields(self) -> dict:
        # "class" is the evidence's own key; a Python name cannot be it.
        fields = super().get_fields()
        fields["class"] = fields.pop("class_name")
        return fields


class CallerSerializer(serializers.Serializer):
    function = serializers.CharField()
    path = serializers.CharField()
    line = serializers.IntegerField(allow_null=True)
    level = serializers.IntegerField()
    guess = serializers.BooleanField(help_text="Resolved by name only.")


class SiteEvidenceSerializer(serializers.Serializer):
    path = serializers.CharField()
    line = serializers.IntegerField(allow_null=True)
    conditions = ConditionSerializer(many=True)
    under_condition = serializers.BooleanField(allow_null=True)
    values = ValueSerializer(many=True)
    parameters = serializers.ListField(child=serializers.CharField())
    function = FunctionSerializer(allow_null=True)
    callers = CallerSerializer(many=True)


class TestEvidenceSerializer(serializers.Serializer):
    path = serializers.CharField()
    line = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    assertion = serializers.CharField()
    how = serializers.ChoiceField(choices=["message", "type-and-call"])
    code = serializers.CharField()
    start = serializers.IntegerField(allow_null=True)


class DocEvidenceSerializer(serializers.Serializer):
    path = serializers.CharField()
    line = serializers.IntegerField(allow_null=True)
    text = serializers.CharField()
    term = serializers.CharField()


class EvidenceSerializer(serializers.Serializer):
    sites = SiteEvidenceSerializer(many=True)
    tests = TestEvidenceSerializer(many=True)
    docs = DocEvidenceSerializer(many=True)
    history = serializers.DictField(
        help_text="introduced {commit, date, summary}, first_release, last_release, absent_in (a release compared "
        "before the first that does not raise it), reworded_in [...], removed_in; {} when unknown."
    )


class AssistedSerializer(serializers.Serializer):
    model = serializers.CharField()
    at = serializers.CharField(help_text="ISO date of the AI pass.")
    dropped = serializers.IntegerField(help_text="Claims that did not check out against the code, left out.")


class ReviewSerializer(serializers.Serializer):
    state = serializers.ChoiceField(choices=ErrorEntry.Review.choices)
    reviewed_at = serializers.DateTimeField(allow_null=True)
    assisted = AssistedSerializer(allow_null=True)


def explanation(entry: ErrorEntry) -> dict:
    shown = {name: value._asdict() for name, value in entry.sections.items()}
    return {**shown, "solutions": [value._asdict() for value in entry.shown_solutions()]}


def site_evidence(site: RaiseSite) -> dict:
    evidence = site.evidence or {}
    return {
        "path": site.path,
        "line": site.line,
        "conditions": [c for c in evidence.get("conditions") or [] if isinstance(c, dict)],
        "under_condition": evidence.get("under_condition"),
        "values": [v for v in evidence.get("values") or [] if isinstance(v, dict)],
        "parameters": list(evidence.get("parameters") or []),
        "function": evidence.get("function") or None,
        "callers": [c for c in evidence.get("callers") or [] if isinstance(c, dict)],
    }


def entry_evidence(entry: ErrorEntry) -> dict:
    evidence = entry.evidence or {}
    return {
        "sites": [site_evidence(site) for site in entry.sites.all()],
        "tests": list(evidence.get("tests") or []),
        "docs": list(evidence.get("docs") or []),
        "history": dict(evidence.get("history") or {}),
    }


def review(entry: ErrorEntry) -> dict:
    assisted = entry.assisted or {}
    return {
        "state": entry.review_state,
        "reviewed_at": serializers.DateTimeField().to_representation(entry.reviewed_at) if entry.reviewed_at else None,
        "assisted": (
            {
                "model": str(assisted.get("model", "")),
                "at": str(assisted.get("at", "")),
                "dropped": int(assisted.get("dropped") or 0),
            }
            if assisted
            else None
        ),
    }

"""Import and export in the API's own JSON: validation (`EntryInput`) and the problems it names; the writes are
`kb.actions.writes`'. An import is all or nothing."""

from collections.abc import Callable, Iterable

from django.db import IntegrityError
from rest_framework import serializers

from api.serializers import EntryCardSerializer, MarkdownField, ProvenanceSerializer, PublicIdField, check_storable
from kb.actions.writes import EntryData, ImportResult, LinkTargetsGone, import_entries
from kb.models import NAME_PART_RE, ErrorEntry, RaiseSite, Repository, limits, validate_signature

FORMAT = "errorkb/1"
# Line numbers are stored as 32-bit integers (PostgreSQL `integer`); a larger one would fail in the database.
MAX_LINE = 2**31 - 1


class InvalidImport(Exception):
    """An invalid import file; `problems` name the entry and the field."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


# A code host's name (ASCII labels, an optional port): the card's links are built from it. Each label is bounded
# and cannot hold the '.' that starts the next, so the pattern runs in linear time without a possessive `*+`,
# which the published schema's ECMA-262 patterns do not have.
HOST_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
HOST_RE = rf"\A{HOST_LABEL}(?:\.{HOST_LABEL})*(?::[0-9]{{1,5}})?\Z"


class RepositoryInput(serializers.Serializer):
    host = serializers.RegexField(
        HOST_RE,
        max_length=100,
        required=False,
        default="github.com",
        error_messages={"invalid": "Enter a host name such as github.com (letters, digits, '-' and '.')."},
    )
    owner = serializers.RegexField(NAME_PART_RE.pattern, max_length=100)
    name = serializers.RegexField(NAME_PART_RE.pattern, max_length=100)
    url = serializers.URLField(max_length=limits.URL_CHARS, required=False, allow_blank=True, default="")


class SiteInput(serializers.Serializer):
    path = serializers.CharField(max_length=500)
    line = serializers.IntegerField(min_value=1, max_value=MAX_LINE, allow_null=True, required=False, default=None)
    function = serializers.CharField(max_length=300, allow_blank=True, required=False, default="")
    commit = serializers.CharField(max_length=64)
    snippet = serializers.CharField(
        max_length=limits.SNIPPET_CHARS, allow_blank=True, required=False, default="", trim_whitespace=False
    )
    snippet_start = serializers.IntegerField(
        min_value=1, max_value=MAX_LINE, allow_null=True, required=False, default=None
    )

    def validate(self, attrs: dict) -> dict:
        from django.core.exceptions import ValidationError

        try:
            RaiseSite(**attrs).clean()
        except ValidationError as exc:
            raise serializers.ValidationError(exc.message_dict) from None
        return attrs


MACHINE_KEYS = {*ErrorEntry.SECTIONS}
ASSISTED_KEYS = {"model", "at", "commit", "dropped"}


def _storable_json(value, where: str = ""):
    """Every string in a JSON value checked as a text field is (no NUL, no lone surrogate)."""
    if isinstance(value, str):
        return check_storable(value)
    if isinstance(value, list):
        return [_storable_json(item, where) for item in value]
    if isinstance(value, dict):
        return {check_storable(str(key)): _storable_json(item, where) for key, item in value.items()}
    return value


def _solutions_over_caps(bodies: list[str]) -> str | None:
    """What is wrong with a list of solutions' sizes (kb.models.limits), if anything: too many, or one too long."""
    if len(bodies) > limits.SOLUTIONS:
        return f"at most {limits.SOLUTIONS} solutions; this has {len(bodies)}."
    for number, body in enumerate(bodies, start=1):
        if len(body) > limits.SOLUTION_CHARS:
            return f"solution {number}: {limits.too_long(len(body), limits.SOLUTION_CHARS)}"
    return None


class MachineInput(serializers.Serializer):
    """What harvest and the AI pass wrote, as an export carries it so that an import gives back the same card: the
    machine's sections, whose word the card is, and the evidence. Absent, a write leaves them as they are."""

    review_state = serializers.ChoiceField(choices=ErrorEntry.Review.choices)
    reviewed_at = serializers.DateTimeField(allow_null=True, required=False, default=None)
    generated = serializers.DictField(required=False, default=dict)
    assisted = serializers.DictField(required=False, default=dict)
    evidence = serializers.DictField(required=False, default=dict)
    site_evidence = serializers.ListField(child=serializers.DictField(), required=False, default=list)

    def _sections(self, value: dict, extra: set[str]) -> dict:
        unknown = sorted(set(value) - MACHINE_KEYS - {"solutions"} - extra)
        if unknown:
            raise serializers.ValidationError(f"unknown sections {', '.join(map(repr, unknown[:5]))}")
        for name in MACHINE_KEYS & set(value):
            if not isinstance(value[name], str):
                raise serializers.ValidationError(f"{name}: expected Markdown text.")
            if len(value[name]) > limits.PROSE_CHARS:
                raise serializers.ValidationError(f"{name}: {limits.too_long(len(value[name]), limits.PROSE_CHARS)}")
        solutions = value.get("solutions", [])
        if not isinstance(solutions, list) or not all(isinstance(item, str) for item in solutions):
            raise serializers.ValidationError("solutions: expected a list of Markdown texts.")
        if problem := _solutions_over_caps(solutions):
            raise serializers.ValidationError(f"solutions: {problem}")
        return _storable_json(value)

    def validate_generated(self, value: dict) -> dict:
        return self._sections(value, set())

    def validate_assisted(self, value: dict) -> dict:
        return self._sections(value, ASSISTED_KEYS)

    def validate_evidence(self, value: dict) -> dict:
        return _storable_json(value)

    def validate_site_evidence(self, value: list) -> list:
        return _storable_json(value)


class RelatedInput(serializers.Serializer):
    id = PublicIdField()

    def to_internal_value(self, data):
        return super().to_internal_value({"id": data} if isinstance(data, str) else data)


class EntryInput(serializers.Serializer):
    """What a writer may set: everything on the card except what is derived from it."""

    id = PublicIdField(required=False)
    repository = RepositoryInput()
    kind = serializers.ChoiceField(choices=ErrorEntry.Kind.choices, default=ErrorEntry.Kind.ERROR)
    exception_type = serializers.CharField(max_length=255)
    message = serializers.CharField(max_length=limits.MESSAGE_CHARS, trim_whitespace=False)
    signature = serializers.CharField(
        max_length=limits.MESSAGE_CHARS,
        allow_blank=True,
        required=False,
        default="",
        trim_whitespace=False,
        validators=[validate_signature],
    )
    meaning = MarkdownField(markdown_name="meaning", required=False)
    trigger = MarkdownField(markdown_name="trigger", required=False)
    situations = MarkdownField(markdown_name="situations", required=False)
    example_fix = MarkdownField(markdown_name="example_fix", required=False)
    sites = SiteInput(many=True, allow_empty=False)
    solutions = serializers.ListField(child=serializers.JSONField(), required=False, default=list)
    related = RelatedInput(many=True, required=False, default=list)
    provenance = ProvenanceSerializer(
        required=False, default=lambda: {"method": "curated", "commit": "", "analysed_at": None}
    )
    status = serializers.ChoiceField(choices=ErrorEntry.Status.choices, default=ErrorEntry.Status.DRAFT)
    created_at = serializers.DateTimeField(required=False)
    machine = MachineInput(required=False)

    def validate(self, attrs: dict) -> dict:
        machine = attrs.get("machine")
        if machine is not None and len(machine["site_evidence"]) not in (0, len(attrs.get("sites", []))):
            raise serializers.ValidationError({"machine": "site_evidence: expected one object per site."})
        return attrs

    def validate_solutions(self, value: list) -> list[str]:
        if len(value) > limits.SOLUTIONS:
            raise serializers.ValidationError(f"At most {limits.SOLUTIONS} solutions; this has {len(value)}.")
        bodies = []
        for number, item in enumerate(value, start=1):
            body = item.get("markdown") if isinstance(item, dict) else item
            if not isinstance(body, str) or not body.strip():
                raise serializers.ValidationError(f"solution {number}: expected Markdown text.")
            if len(body) > limits.SOLUTION_CHARS:
                raise serializers.ValidationError(
                    f"solution {number}: {limits.too_long(len(body), limits.SOLUTION_CHARS)}"
                )
            try:
                bodies.append(check_storable(body))
            except serializers.ValidationError as exc:
                # check_storable raises with one message, which DRF keeps as a list of one.
                reason = exc.detail[0] if isinstance(exc.detail, list) else exc.detail
                raise serializers.ValidationError(f"solution {number}: {reason}") from None
        return bodies


def _flatten(errors, prefix: str = "") -> Iterable[str]:
    if isinstance(errors, dict):
        for key, value in errors.items():
            yield from _flatten(value, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(errors, list) and errors and not all(isinstance(e, str) for e in errors):
        for index, value in enumerate(errors):
            if value:
                yield from _flatten(value, f"{prefix}[{index}]")
    else:
        messages = errors if isinstance(errors, list) else [errors]
        yield f"{prefix or 'entry'}: {' '.join(str(m) for m in messages)}"


def entries_of(document) -> list:
    """An export file, a bare list of entries, or one entry as /api/errors/<id> gives it."""
    if isinstance(document, dict) and "entries" in document:
        if document.get("format", FORMAT) != FORMAT:
            raise InvalidImport([f'format: expected "{FORMAT}", got {document.get("format")!r}'])
        document = document["entries"]
    elif isinstance(document, dict):
        document = [document]
    if not isinstance(document, list):
        raise InvalidImport(['file: expected {"format": "errorkb/1", "entries": [...]}'])
    return document


def _file_label(index: int, raw) -> str:
    given = raw.get("id") if isinstance(raw, dict) else None
    return f"entry {index + 1}" + (f" ({given})" if isinstance(given, str) else "")


def validate_entries(raw_entries: list, *, label: Callable[[int, object], str] = _file_label) -> list[EntryData]:
    """Every entry checked, and every problem named by `label` (its place in the file) and field."""

    def named(index: int, line: str) -> str:
        prefix = label(index, raw_entries[index])
        return f"{prefix}: {line}" if prefix else line

    problems, valid, places = [], [], []
    for index, raw in enumerate(raw_entries):
        if not isinstance(raw, dict):
            problems.append(named(index, "expected an object"))
            continue
        serializer = EntryInput(data=raw)
        if serializer.is_valid():
            valid.append(serializer.validated_data)
            places.append(index)
        else:
            problems.extend(named(index, line) for line in _flatten(serializer.errors))
    ids = [e["id"] for e in valid if "id" in e]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    problems.extend(f"entry {i}: id appears more than once in the file" for i in duplicates)
    # An invalid entry's id counts as known: its own problem is reported, not once more in every link to it.
    given = {raw["id"] for raw in raw_entries if isinstance(raw, dict) and isinstance(raw.get("id"), str)}
    known = (
        set(ids)
        | given
        | set(
            ErrorEntry.objects.filter(public_id__in=[r["id"] for e in valid for r in e["related"]]).values_list(
                "public_id", flat=True
            )
        )
    )
    for index, entry in zip(places, valid, strict=True):
        seen = set()
        for position, link in enumerate(entry["related"]):
            if link["id"] in seen:
                problems.append(named(index, f"related[{position}]: {link['id']} is listed twice"))
            seen.add(link["id"])
            if link["id"] not in known:
                problems.append(named(index, f"related[{position}]: no entry {link['id']}"))
            if link["id"] == entry.get("id"):
                problems.append(named(index, f"related[{position}]: an entry cannot be related to itself"))
    if problems:
        raise InvalidImport(problems)
    return valid


def validate_entry(raw) -> EntryData:
    """One entry as the API receives it: the checks of an import of a file that holds only it."""
    return validate_entries([raw], label=lambda index, raw: "")[0]


def import_document(document, *, overwrite: bool = False) -> ImportResult:
    """Adds the entries that do not exist yet. An existing entry that differs from the file is skipped (a curator
    or a tool may have changed it since it was loaded) unless `overwrite`. All or nothing."""
    valid = validate_entries(entries_of(document))
    ids = [data["id"] for data in valid if "id" in data]
    try:
        return import_entries(entries=valid, overwrite=overwrite)
    except LinkTargetsGone as gone:
        raise InvalidImport(
            [f"related entries {', '.join(gone.ids)} were deleted while this ran; nothing was imported"]
        ) from None
    except IntegrityError:
        # Another writer (the API, another import) created one of the new ids while this ran; all was rolled back.
        taken = ErrorEntry.objects.filter(public_id__in=ids).values_list("public_id", flat=True)
        raise InvalidImport(
            [
                f"entries {', '.join(sorted(taken)) or 'of this file'} were created by another writer while this ran; "
                "nothing was imported: run it again to add the rest"
            ]
        ) from None


def export_document(*, repository: Repository | None = None) -> dict:
    entries = ErrorEntry.objects.with_card().order_by("repository__owner", "repository__name", "public_id")
    if repository is not None:
        entries = entries.filter(repository=repository)
    cards = EntryCardSerializer(entries, many=True, context={}).data
    return {
        "format": FORMAT,
        "entries": [{**card, "machine": machine_of(entry)} for card, entry in zip(cards, entries, strict=True)],
    }


def machine_of(entry: ErrorEntry) -> dict:
    """What an import needs to give back the same card beyond what a curator writes (MachineInput)."""
    return {
        "review_state": entry.review_state,
        "reviewed_at": serializers.DateTimeField().to_representation(entry.reviewed_at) if entry.reviewed_at else None,
        "generated": entry.generated,
        "assisted": entry.assisted,
        "evidence": entry.evidence,
        "site_evidence": [site.evidence for site in entry.sites.all()],
    }

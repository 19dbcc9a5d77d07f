"""The domain: repositories, error entries and what hangs off them."""

import hashlib
import re
import secrets
import string
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from simple_history.models import HistoricalRecords

from kb.models.querysets import (  # noqa: F401  (re-exported: `from kb.models.entries import may_see_drafts` and the rest)
    DRAFT_READER_PERMISSIONS,
    ErrorEntryManager,
    ErrorEntryQuerySet,
    ReportQuerySet,
    RepositoryQuerySet,
    may_see_drafts,
    split_full_name,
)
from kb.models.releases import short_ref
from kb.models.titles import TITLE_LENGTH, derive_title, fallback_title, shorten_title  # noqa: F401  (re-exported)
from kb.text.highlight import highlight_snippet
from kb.text.markdown import render_machine_markdown, render_markdown

if TYPE_CHECKING:
    from kb.models.querysets import User

# The one shape of a public id and of an owner's or repository's name: URL converters, the API's fields and the
# command-line arguments all derive from these (the validators' regexes are in migration 0001 as they read here).
PUBLIC_ID_PATTERN = "[0-9a-f]{16}"
PUBLIC_ID_RE = re.compile(rf"^{PUBLIC_ID_PATTERN}$")
public_id_validator = RegexValidator(PUBLIC_ID_RE, "An id is 16 lowercase hexadecimal characters.")
NAME_CHARACTER = "[A-Za-z0-9_.-]"
NAME_PART_RE = re.compile(rf"^{NAME_CHARACTER}+$")
_NAME_PART = RegexValidator(NAME_PART_RE.pattern, "Use letters, digits, '.', '_' and '-' only.")


def derive_public_id(*, host: str, owner: str, name: str, exception_type: str, signature: str) -> str:
    """The id harvesting gives an error: the same (repository, type, signature) always gets the same id."""
    key = f"{host}/{owner}/{name}\n{exception_type}\n{signature}"
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def validate_signature(value: str) -> None:
    try:
        list(string.Formatter().parse(value))
    except ValueError as exc:
        raise ValidationError(
            f"Not a valid format-string template ({exc}); write literal braces as {{{{ and }}}}."
        ) from None


class Repository(models.Model):
    host = models.CharField(max_length=100, default="github.com")
    owner = models.CharField(max_length=100, validators=[_NAME_PART])
    name = models.CharField(max_length=100, validators=[_NAME_PART])
    url = models.URLField(blank=True, help_text="Leave empty for https://<host>/<owner>/<name>.")
    description = models.CharField(max_length=300, blank=True)
    publish_harvested = models.BooleanField(
        default=False,
        help_text="Every harvest publishes the entries it can explain (conditions or a curator's text), marked "
        "'not yet reviewed'; entries with no explanation stay drafts.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # What the last harvest found of compiled code in the tree (`kb.harvest.pipeline.compiled`): its top-level
    # packages, the extension modules it could not read, the names imported from them. Lookup answers "raised
    # inside compiled code of <package>" from it; {} for a repository never harvested since it was recorded.
    compiled = models.JSONField(default=dict, blank=True, editable=False)

    objects = RepositoryQuerySet.as_manager()

    class Meta:
        ordering = ["owner", "name"]
        verbose_name_plural = "repositories"
        constraints = [models.UniqueConstraint(fields=["owner", "name"], name="repository_unique_owner_name")]

    def __str__(self) -> str:
        return self.full_name

    @property
    def full_name(self) -> str:
        return f"{self.owner}/{self.name}"

    def save(self, *args, **kwargs) -> None:
        if not self.url:
            self.url = f"https://{self.host}/{self.owner}/{self.name}"
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("kb:repository", kwargs={"owner": self.owner, "name": self.name})

    def blob_url(self, *, commit: str, path: str, line: int | None) -> str:
        """The code host's page of `path` at `commit`; "" for a release from PyPI whose project names no
        repository (pypi.org has no page per file to link)."""
        if self.host == "pypi.org":
            return ""
        anchor = f"#L{line}" if line else ""
        return f"{self.url.rstrip('/')}/blob/{commit}/{path}{anchor}"


class ErrorEntry(models.Model):
    class Kind(models.TextChoices):
        ERROR = "error", "error"
        WARNING = "warning", "warning"

    class Status(models.TextChoices):
        """Who may read it: a draft only curators; a published or retired entry everyone."""

        DRAFT = "draft", "draft"
        PUBLISHED = "published", "published"
        RETIRED = "retired", "retired"

    class Method(models.TextChoices):
        """How its text was made, as the card's footer says."""

        CURATED = "curated", "curated"
        HARVESTED = "harvested", "harvested"
        AI_ASSISTED = "ai-assisted", "AI-assisted"

    class Review(models.TextChoices):
        """Whose word the card is, kept apart from `status` (who may read it): machine text until a curator
        reviews it."""

        GENERATED = "generated", "generated from code"
        AI_ASSISTED = "ai-assisted", "AI-assisted"
        REVIEWED = "reviewed", "reviewed"

    public_id = models.CharField(
        "id",
        max_length=16,
        unique=True,
        editable=False,
        validators=[public_id_validator],
        help_text="16 hex characters, used in every URL; never changes.",
    )
    repository = models.ForeignKey(Repository, on_delete=models.PROTECT, related_name="entries")
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.ERROR)
    exception_type = models.CharField(
        max_length=255,
        help_text="Bare for builtins (ValueError), qualified otherwise (django.core.exceptions.FieldError).",
    )
    message = models.TextField(help_text="The message exactly as users see it.")
    signature = models.TextField(
        blank=True,
        validators=[validate_signature],
        help_text="The message as a format-string template: {name} or {} where a runtime value goes, {{ }} for braces.",
    )
    title = models.CharField(max_length=TITLE_LENGTH, editable=False)

    meaning = models.TextField("what it means", blank=True, help_text="Markdown.")
    trigger = models.TextField(blank=True, help_text="Markdown: what makes the code raise it.")
    situations = models.TextField("common situations", blank=True, help_text="Markdown.")
    example_fix = models.TextField(blank=True, help_text="Markdown, usually fenced code.")
    # Rendered once on save: pages and JSON never render Markdown per request.
    meaning_html = models.TextField(blank=True, editable=False)
    trigger_html = models.TextField(blank=True, editable=False)
    situations_html = models.TextField(blank=True, editable=False)
    example_fix_html = models.TextField(blank=True, editable=False)

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT, db_index=True)
    method = models.CharField("analysed how", max_length=12, choices=Method.choices, default=Method.CURATED)
    review_state = models.CharField(
        max_length=12,
        choices=Review.choices,
        default=Review.REVIEWED,
        db_index=True,
        help_text="A curator's entry is reviewed; harvest's and the AI pass's text is not until a curator says so.",
    )
    reviewed_at = models.DateTimeField(null=True, blank=True, editable=False)
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, editable=False, on_delete=models.SET_NULL, related_name="+"
    )
    # Machine-written sections, never the curator's fields above: the card shows a curator's text where there is
    # one, else the AI pass's, else the text generated from the code. Keys: SECTIONS; "solutions" is a list.
    generated = models.JSONField(default=dict, blank=True, editable=False)
    generated_html = models.JSONField(default=dict, blank=True, editable=False)
    # The AI pass's sections, plus "model", "at" (ISO date), "commit" and "dropped" (claims that did not check out).
    assisted = models.JSONField(default=dict, blank=True, editable=False)
    assisted_html = models.JSONField(default=dict, blank=True, editable=False)
    # What harvest read about the entry as a whole: {"tests": [...], "docs": [...], "history": {...}}; each site's
    # own evidence (conditions, values, function, callers) is on the site.
    evidence = models.JSONField(default=dict, blank=True, editable=False)
    lookup_hits = models.PositiveIntegerField(
        default=0, editable=False, help_text="How often a lookup's best match was this entry: the review queue's order."
    )
    analysed_commit = models.CharField(max_length=64, blank=True, help_text="Commit sha or tag the analysis read.")
    analysed_at = models.DateField(null=True, blank=True)
    removed_in_commit = models.CharField(
        max_length=64,
        blank=True,
        help_text="Set by harvest when no site raises it any more: 'no longer raised since' this commit.",
    )
    # A raise whose message harvest cannot rebuild has no signature to key it by; its site keys it instead,
    # so that such raises are never pooled into one entry per exception type.
    site_key = models.CharField(
        max_length=800,
        blank=True,
        help_text="For an entry without a signature: 'path::function' of the site that keys it.",
    )
    # Solutions and the repository's name, for full-text search: PostgreSQL's generated search vector
    # (migration 0004) can only read its own row. Kept by refresh_search_extra().
    search_extra = models.TextField(blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    history = HistoricalRecords(
        excluded_fields=["search_extra", "generated", "generated_html", "assisted_html", "evidence", "lookup_hits"]
    )
    # django-simple-history reads this attribute, when set, as the reason of the history row the next save writes.
    _change_reason: str
    objects = ErrorEntryManager()

    MARKDOWN_FIELDS = ("meaning", "trigger", "situations", "example_fix")
    # The sections machines write (`generated`, `assisted`): the curator's four, and two only evidence fills.
    SECTIONS = (*MARKDOWN_FIELDS, "how_to_trigger", "documentation")
    # Sections whose generated text is the repository's own, pinned to its line: shown first beside the AI pass's.
    PINNED_FIRST = ("how_to_trigger",)
    PUBLIC_STATUSES = (Status.PUBLISHED, Status.RETIRED)

    class Meta:
        verbose_name = "error entry"
        verbose_name_plural = "error entries"
        ordering = ["-updated_at"]
        indexes = [
            models.Index(fields=["repository", "exception_type"], name="entry_repo_type"),
            models.Index(fields=["status", "-created_at"], name="entry_status_newest"),
            # A search narrowed to one repository scans its entries in the primary key's order (postgres backend):
            # through the primary key alone, it read every other repository's rows too.
            models.Index(fields=["repository", "id"], name="entry_repository_order"),
        ]

    def __str__(self) -> str:
        return f"{self.exception_type}: {self.title}"

    def save(self, *args, **kwargs) -> None:
        self.derive_fields()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {
                *update_fields,
                "title",
                *(f"{f}_html" for f in self.MARKDOWN_FIELDS),
                "generated_html",
                "assisted_html",
            }
        super().save(*args, **kwargs)

    def derive_fields(self) -> None:
        """What is worked out from the entry rather than written: its id when it has none, its title, its Markdown
        rendered once (pages and JSON never render per request), and a first `search_extra` (the repository's name;
        `refresh_search_extra` adds the solutions once they are saved). `save()` calls it; a bulk writer (harvest)
        calls it before `bulk_create`, which bypasses `save()`."""
        if not self.public_id:
            self.public_id = self.new_public_id()
        if not self.search_extra and self.repository_id:
            self.search_extra = f"{self.repository.owner} {self.repository.name}"
        self.title = self.derived_title()
        for field in self.MARKDOWN_FIELDS:
            setattr(self, f"{field}_html", render_markdown(getattr(self, field)))
        self.generated_html = render_sections(self.generated)
        self.assisted_html = render_sections(self.assisted, links=False)

    def new_public_id(self) -> str:
        if self.signature and self.repository_id:
            repo = self.repository
            candidate = derive_public_id(
                host=repo.host,
                owner=repo.owner,
                name=repo.name,
                exception_type=self.exception_type,
                signature=self.signature,
            )
            if not ErrorEntry.objects.filter(public_id=candidate).exists():
                return candidate
        return secrets.token_hex(8)

    def derived_title(self) -> str:
        """The title everything shows (pages, lists, the admin, the API), derived on every save."""
        return derive_title(
            message=self.message, signature=self.signature, exception_type=self.exception_type
        ) or fallback_title(exception_type=self.exception_type, site_key=self.site_key)

    def get_absolute_url(self) -> str:
        return reverse("kb:entry", kwargs={"public_id": self.public_id})

    def get_api_url(self) -> str:
        return reverse("api:error-detail", kwargs={"public_id": self.public_id})

    @property
    def is_draft(self) -> bool:
        return self.status == self.Status.DRAFT

    @property
    def is_retired(self) -> bool:
        return self.status == self.Status.RETIRED

    @property
    def short_commit(self) -> str:
        return short_ref(self.analysed_commit)

    @property
    def is_reviewed(self) -> bool:
        return self.review_state == self.Review.REVIEWED

    def shown(self, section: str) -> "Shown":
        """What the card shows for a section, and whose text it is: the curator's, else the AI pass's, else the
        text generated from the code. All three were sanitised when they were rendered, on save."""
        if section in self.MARKDOWN_FIELDS and getattr(self, section):
            return Shown(getattr(self, section), getattr(self, f"{section}_html"), "curated")
        if section in self.PINNED_FIRST and self.assisted.get(section) and self.generated.get(section):
            # The repository's own test, pinned to its line, goes before what the AI pass wrote of it: a model
            # gives no link (round 17: 2 of 25 AI-assisted cards pinned their call).
            return Shown(
                f"{self.generated[section]}\n\n{self.assisted[section]}",
                f"{self.generated_html.get(section, '')}\n{self.assisted_html.get(section, '')}",
                "ai-assisted",
            )
        for origin, markdown, html in self._machine_texts():
            if markdown.get(section):
                return Shown(markdown[section], html.get(section, ""), origin)
            if origin == "ai-assisted" and markdown.get(section) == "":
                break  # the AI pass left it empty on purpose: the generated text does not come back
        return Shown("", "", "")

    def shown_solutions(self) -> list["Shown"]:
        """The curator's solutions (read from the prefetched `solutions`), else the machine's."""
        curated = [Shown(s.body, s.body_html, "curated") for s in self.solutions.all()]
        if curated:
            return curated
        for origin, markdown, html in self._machine_texts():
            if markdown.get("solutions"):
                return [Shown(md, h, origin) for md, h in zip(markdown["solutions"], html["solutions"], strict=False)]
            if origin == "ai-assisted" and markdown.get("solutions") == []:
                break  # none on purpose (solutions the verifier dropped are not stored as [])
        return []

    def _machine_texts(self) -> tuple[tuple[str, dict, dict], ...]:
        """The machine's sections in the order they win: the AI pass's over the text generated from the code."""
        return (("ai-assisted", self.assisted, self.assisted_html), ("generated", self.generated, self.generated_html))

    @property
    def sections(self) -> dict[str, "Shown"]:
        """Every section as shown, for templates: `entry.sections.meaning.html`."""
        return {name: self.shown(name) for name in self.SECTIONS}

    @property
    def raised_in(self) -> str:
        """The card's "raised in" line from the harvested history ("raised since 4.2; ..."); "" when unknown."""
        from kb.models.releases import describe

        return describe((self.evidence or {}).get("history", {}))

    @property
    def short_removed_commit(self) -> str:
        return short_ref(self.removed_in_commit)

    def related_visible_to(self, user: "User") -> list["ErrorEntry"]:
        """The entries this one links to that the user may open (drafts only for those who may see them), in the
        card's order. Reads the links `with_card()` prefetches."""
        show_drafts = may_see_drafts(user)
        return [target for target in self.related_entries() if show_drafts or not target.is_draft]

    def related_entries(self) -> list["ErrorEntry"]:
        """Every entry this one links to, drafts included: for an export, which has them all."""
        return [link.target for link in self.outgoing_links.all()]

    def source_groups(self) -> list[list["RaiseSite"]]:
        """The sites as the card shows their source: sites that share one snippet are shown once, with every raise
        line marked. Reads the sites `with_card()` prefetches."""
        groups: list[list[RaiseSite]] = []
        for site in self.sites.all():
            for group in groups:
                if group[0].shares_snippet_with(site) and site.snippet:
                    group.append(site)
                    break
            else:
                groups.append([site])
        return groups

    def refresh_search_extra(self) -> None:
        """Called after the solutions are saved (`kb.actions.writes.finish_write`)."""
        bodies = self.solutions.order_by("position", "id").values_list("body", flat=True)
        text = " ".join([self.repository.owner, self.repository.name, *bodies])
        if text != self.search_extra:
            ErrorEntry.objects.filter(pk=self.pk).update(search_extra=text)
            self.search_extra = text

    def render_sites(self) -> None:
        """Re-highlight every site's snippet, marking the raise lines of all sites that share it.

        Called after the sites are saved together (`kb.actions.writes.finish_write`)."""
        RaiseSite.objects.bulk_update(render_snippets(list(self.sites.all())), ["snippet_html"])


class Shown(NamedTuple):
    markdown: str
    html: str
    origin: str  # "curated", "ai-assisted", "generated", or "" when the section is empty


def render_sections(sections: dict, *, links: bool = True) -> dict:
    """Machine-written Markdown sections rendered and sanitised like a curator's: `SECTIONS` keys to HTML, and
    "solutions" to a list of HTML; anything else (model, date, counts) is not text and is left out. `links`
    False (a model's text): no link survives, whatever wrote the Markdown; the generated sections' links are
    built from evidence alone (`kb.cards.explain`)."""
    html: dict = {}
    for key, value in sections.items():
        if key == "solutions" and isinstance(value, list):
            html[key] = [render_machine_markdown(str(item), links=links) for item in value]
        elif key in ErrorEntry.SECTIONS and isinstance(value, str):
            html[key] = render_machine_markdown(value, links=links)
    return html


class MessageVariant(models.Model):
    """An older (or other) wording of an entry's message; lookups by it still find the entry."""

    entry = models.ForeignKey(ErrorEntry, on_delete=models.CASCADE, related_name="variants")
    message = models.TextField()
    signature = models.TextField(blank=True, validators=[validate_signature])
    last_seen_commit = models.CharField(max_length=64, blank=True, help_text="The last commit that raised it so.")
    created_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["entry", "signature", "message"], name="variant_once_per_entry")]

    def __str__(self) -> str:
        return self.message[:80]

    @property
    def short_last_seen_commit(self) -> str:
        return short_ref(self.last_seen_commit)


class Catalogue(models.Model):
    """One row whose revision goes up on every write to entries, so that every process sees it cheaply.

    Every writer (admin, API, import, harvest, suggestions) ends in `kb.actions.writes.finish_write`, which calls
    `Catalogue.touch()` in the same transaction as the change; the lookup index compares the revision it was built
    at with this one."""

    revision = models.BigIntegerField(default=0)
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"catalogue revision {self.revision}"

    @classmethod
    def touch(cls) -> None:
        from django.utils import timezone

        if not cls.objects.filter(pk=1).update(revision=models.F("revision") + 1, changed_at=timezone.now()):
            cls.objects.get_or_create(pk=1, defaults={"revision": 1})


class RaiseSite(models.Model):
    entry = models.ForeignKey(ErrorEntry, on_delete=models.CASCADE, related_name="sites")
    position = models.PositiveIntegerField(default=0)
    path = models.CharField(max_length=500, help_text="Relative to the repository root.")
    line = models.PositiveIntegerField(null=True, blank=True, help_text="Empty when the line is not known.")
    function = models.CharField(max_length=300, blank=True, help_text="Qualified with its class: Class.method.")
    commit = models.CharField(max_length=64, help_text="Commit sha or tag the site is pinned to.")
    snippet = models.TextField(blank=True, help_text="The surrounding source lines, verbatim.")
    snippet_start = models.PositiveIntegerField(
        null=True, blank=True, help_text="Line number of the snippet's first line."
    )
    snippet_html = models.TextField(blank=True, editable=False)
    # What harvest read around this raise: {"conditions": [...], "values": [...], "parameters": [...],
    # "function": {...}, "callers": [...]} (see kb.harvest.reading.site_evidence).
    evidence = models.JSONField(default=dict, blank=True, editable=False)

    # The highlighted HTML is the snippet's, made again from it whenever needed: history keeps the snippet alone,
    # as an entry's keeps its Markdown and not its HTML (half of what a harvest wrote to the site history).
    history = HistoricalRecords(excluded_fields=["evidence", "snippet_html"])

    class Meta:
        ordering = ["position", "id"]
        indexes = [models.Index(fields=["path", "function"], name="site_path_function")]

    def __str__(self) -> str:
        return self.location

    @property
    def location(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path

    @property
    def short_commit(self) -> str:
        return short_ref(self.commit)

    @property
    def url(self) -> str:
        return self.entry.repository.blob_url(commit=self.commit, path=self.path, line=self.line)

    @property
    def snippet_end(self) -> int | None:
        if not self.snippet or self.snippet_start is None:
            return None
        return self.snippet_start + len(self.snippet.splitlines()) - 1

    def shares_snippet_with(self, other: "RaiseSite") -> bool:
        return (self.path, self.commit, self.snippet, self.snippet_start) == (
            other.path,
            other.commit,
            other.snippet,
            other.snippet_start,
        )

    def clean(self) -> None:
        start, end = self.snippet_start, self.snippet_end  # an end implies a start
        if start is not None and end is not None and self.line is not None and not (start <= self.line <= end):
            raise ValidationError({"line": f"Line {self.line} is outside the snippet (lines {start}-{end})."})
        if self.snippet and self.snippet_start is None:
            raise ValidationError({"snippet_start": "Give the line number of the snippet's first line."})

    def render_snippet(self, *, sibling_lines: Iterable[int | None] = ()) -> str:
        if not self.snippet or self.snippet_start is None:
            return ""
        return highlight_snippet(self.snippet, first_line=self.snippet_start, marked_lines=[self.line, *sibling_lines])

    def save(self, *args, **kwargs) -> None:
        self.snippet_html = self.render_snippet()
        super().save(*args, **kwargs)


def render_snippets(sites: list[RaiseSite]) -> list[RaiseSite]:
    """Each site's snippet highlighted with the raise lines of every site that shares it marked (one entry's sites,
    in memory); returns the sites whose HTML changed, for the caller to save."""
    changed = []
    for site in sites:
        html = site.render_snippet(sibling_lines=[s.line for s in sites if s.shares_snippet_with(site)])
        if html != site.snippet_html:
            site.snippet_html = html
            changed.append(site)
    return changed


class Solution(models.Model):
    entry = models.ForeignKey(ErrorEntry, on_delete=models.CASCADE, related_name="solutions")
    position = models.PositiveIntegerField(default=0)
    body = models.TextField(help_text="Markdown.")
    body_html = models.TextField(blank=True, editable=False)

    history = HistoricalRecords()

    class Meta:
        ordering = ["position", "id"]

    def __str__(self) -> str:
        return self.body[:80]

    def save(self, *args, **kwargs) -> None:
        self.body_html = render_markdown(self.body)
        super().save(*args, **kwargs)


class RelatedLink(models.Model):
    source = models.ForeignKey(ErrorEntry, on_delete=models.CASCADE, related_name="outgoing_links")
    target = models.ForeignKey(ErrorEntry, on_delete=models.CASCADE, related_name="incoming_links")
    position = models.PositiveIntegerField(default=0)

    history = HistoricalRecords()

    class Meta:
        ordering = ["position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["source", "target"], name="related_link_once"),
            models.CheckConstraint(condition=~Q(source=models.F("target")), name="related_link_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.source.public_id} → {self.target.public_id}"


# What curators decide on, in a module of its own; imported here so that Django registers them with the app.


class HarvestState(models.Model):
    """What the last harvest of a repository read, so that the next one can tell that nothing changed: a
    fingerprint of every file it read, its options and the code that reads them, and of the entries as it left
    them (`kb.harvest.pipeline.fingerprint`); each file's content hash; the figures its summary printed."""

    repository = models.OneToOneField(
        Repository, on_delete=models.CASCADE, primary_key=True, related_name="harvest_state"
    )
    fingerprint = models.CharField(max_length=64)
    files = models.JSONField(default=dict)  # recorded path -> hash of its content
    figures = models.JSONField(default=dict)
    harvested_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"harvest of {self.repository_id}"

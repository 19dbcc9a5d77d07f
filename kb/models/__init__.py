"""The knowledge base's tables and the rules on them: repositories, entries with their sites, wordings, solutions
and links, the catalogue's revision, the harvest's state, and the curators' queues (suggestions, reports).

`entries` holds the models, `querysets` their rules (who may read what, locked writes), `titles` how a title is
made, `queues` the review queues, `limits` the caps on text. Import them from here."""

from kb.models.entries import (
    NAME_CHARACTER,
    NAME_PART_RE,
    PUBLIC_ID_PATTERN,
    PUBLIC_ID_RE,
    Catalogue,
    ErrorEntry,
    HarvestState,
    MessageVariant,
    RaiseSite,
    RelatedLink,
    Repository,
    Shown,
    Solution,
    derive_public_id,
    public_id_validator,
    render_sections,
    render_snippets,
    validate_signature,
)
from kb.models.querysets import add_lookup_hits, may_see_drafts, split_full_name
from kb.models.queues import RelatedSuggestion, Report
from kb.models.releases import short_ref
from kb.models.titles import TITLE_LENGTH, derive_title, fallback_title, shorten_title
from kb.runtime import freshness, lookup_hits

# The runtime's per-process state reads and writes the catalogue through these: it imports no model itself.
freshness.catalogue.read_with(lambda: Catalogue.objects.filter(pk=1).values_list("revision", "changed_at").first())
lookup_hits.lookup_hits.write_with(add_lookup_hits)

__all__ = [
    "NAME_CHARACTER",
    "NAME_PART_RE",
    "PUBLIC_ID_PATTERN",
    "PUBLIC_ID_RE",
    "TITLE_LENGTH",
    "Catalogue",
    "ErrorEntry",
    "HarvestState",
    "MessageVariant",
    "RaiseSite",
    "RelatedLink",
    "RelatedSuggestion",
    "Report",
    "Repository",
    "Shown",
    "Solution",
    "derive_public_id",
    "derive_title",
    "fallback_title",
    "may_see_drafts",
    "public_id_validator",
    "render_sections",
    "render_snippets",
    "short_ref",
    "shorten_title",
    "split_full_name",
    "validate_signature",
]

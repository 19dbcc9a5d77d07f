"""A card's sections written from the evidence harvest read (issue 13, §2): templates, never invention.

Filled in by the card work; until then nothing is generated."""

from collections.abc import Sequence

from kb.models import ErrorEntry, RaiseSite


def generate_sections(*, entry: ErrorEntry, sites: Sequence[RaiseSite]) -> dict:
    """{"meaning": md, "trigger": md, "situations": md, "how_to_trigger": md, "documentation": md,
    "solutions": [md, ...]}: only the sections the evidence can fill."""
    return {}

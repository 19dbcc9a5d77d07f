"""The entry point: `lookup(text)` finds the entries behind a message, a traceback or a log."""

import logging

from django.conf import settings

from errorkb.matching.deadline import Deadline, LookupTimeout
from errorkb.matching.limits import (
    DEFAULT_LIMIT,
    MAX_LIMIT,
    MAX_TEXT_BYTES,
    TextTooLarge,
    checked_text,
    clamped_limit,
    clean_text,
    text_size,
)
from errorkb.matching.rank import Result, match_text
from kb.matching.live import live_index

# The limits are errorkb.matching.limits', which the offline bundle shares; these are their names here too.
__all__ = [
    "DEFAULT_LIMIT", "MAX_LIMIT", "MAX_TEXT_BYTES", "TextTooLarge", "clean_text", "log_stopped", "lookup", "text_size",
]  # fmt: skip

logger = logging.getLogger(__name__)


def lookup(text: str, *, limit: int = DEFAULT_LIMIT, drafts: bool = False, cleaned: bool = False) -> Result:
    """Raises TextTooLarge past 64 KiB of UTF-8, and errorkb.matching.deadline.LookupTimeout when the matching
    takes longer than settings.MATCH_TIME_BUDGET seconds; anything else gets an answer, possibly with no matches.

    `drafts`: only for those who may see them (kb.models.may_see_drafts); to everyone else a draft, and a
    repository with nothing but drafts, does not exist. `cleaned`: the caller has measured the text and passed it
    through `clean_text` already (the API's input serializer does both), so neither is done again."""
    if not cleaned:
        text = checked_text(text)
    index = live_index.get()
    # The budget starts here: it is the matching's, not the wait for a first build or refresh of the index.
    deadline = Deadline(settings.MATCH_TIME_BUDGET)
    return match_text(
        index, text, limit=clamped_limit(limit), drafts=drafts, deadline=deadline, compiled=live_index.compiled
    )


def log_stopped(text: str, stopped: LookupTimeout) -> None:
    """For the web's entry points (the command says it to its user): one line, not a traceback, since a
    starved machine may stop many lookups in a row."""
    logger.warning("A lookup of %d bytes ran past its %g s budget and was stopped.", text_size(text), stopped.budget)

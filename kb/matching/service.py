"""The entry point: `lookup(text)` finds the entries behind a message, a traceback or a log."""

from kb.matching.live import live_index
from kb.matching.rank import Result, match_text

MAX_TEXT_BYTES = 64 * 1024
DEFAULT_LIMIT = 5
MAX_LIMIT = 50


class TextTooLarge(ValueError):
    def __init__(self, size: int) -> None:
        super().__init__(f"The text is {size} bytes; lookups take at most {MAX_TEXT_BYTES} bytes (64 KiB).")
        self.size = size


def clean_text(text: str) -> str:
    """Lone surrogates (valid in JSON, not in UTF-8) would break the answer's encoding: replace them."""
    return text.encode("utf-8", "replace").decode("utf-8")


def text_size(text: str) -> int:
    return len(text.encode("utf-8", "replace"))


def lookup(text: str, *, limit: int = DEFAULT_LIMIT, drafts: bool = False) -> Result:
    """Raises TextTooLarge past 64 KiB of UTF-8; anything else gets an answer, possibly with no matches.

    `drafts`: only for those who may see them (kb.models.may_see_drafts); to everyone else a draft, and a
    repository with nothing but drafts, does not exist."""
    size = text_size(text)
    if size > MAX_TEXT_BYTES:
        raise TextTooLarge(size)
    return match_text(live_index.get(), clean_text(text), limit=max(1, min(limit, MAX_LIMIT)), drafts=drafts)

"""What a lookup takes: at most 64 KiB of UTF-8 and 50 matches, the text cleaned of what UTF-8 cannot encode.

The server (kb.matching.service, POST /api/match) and the offline bundle (errorkb.bundle) hold a text to the
same limits, so that what one answers the other answers too."""

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


def checked_text(text: str) -> str:
    """The text, cleaned; TextTooLarge past MAX_TEXT_BYTES."""
    size = text_size(text)
    if size > MAX_TEXT_BYTES:
        raise TextTooLarge(size)
    return clean_text(text)


def clamped_limit(limit: int) -> int:
    return max(1, min(limit, MAX_LIMIT))

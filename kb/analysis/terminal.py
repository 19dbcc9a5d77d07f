"""Text from an endpoint made safe to print: a hostile server's error body or answer may carry terminal escapes
(`ESC ]0;…` retitles the window, `ESC [2J` clears it), C1 controls or bidi overrides that reorder what the curator
reads. Every such character becomes a space, runs of spaces one, and the whole is cut to a bounded length."""

import re
import unicodedata

# Categories never printed: controls (C0, DEL, C1), formats (bidi embeddings, overrides and isolates, zero-width
# characters, the BOM), line and paragraph separators, surrogates, private use and unassigned code points.
_UNPRINTED = {"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"}
_SPACES = re.compile(r"\s++")
LONGEST = 300


def printable(text: str, limit: int = LONGEST) -> str:
    """`text` on one line, with nothing a terminal would act on, at most `limit` characters (an ellipsis says it
    was cut)."""
    cleaned = "".join(" " if unicodedata.category(char) in _UNPRINTED else char for char in text[: limit * 4])
    cleaned = _SPACES.sub(" ", cleaned).strip()
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1].rstrip() + "…"

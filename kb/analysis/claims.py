"""A model's Markdown split into the claims the verifier checks one by one: fenced code blocks (as CommonMark reads a
fence), list items and sentences (not cut after "e.g.", "i.e." or "etc."). Every pattern is linear."""

import bisect
import re

# Unicode's control (Cc) and format (Cf) characters, newline and tab aside: terminal escapes, bidi embeddings,
# overrides and isolates, zero-width characters, the BOM, tag characters.
UNSHOWN = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f"
    "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]++"
)
# Abbreviations a sentence goes on after.
ABBREVIATIONS = re.compile(r"(?i)(?<![\w.])(?:e\.g|i\.e|etc|cf|vs|approx|incl|resp)\.$")
# Quote marks (opening: closing) a quoted message sits between, and the longest quote read as one.
QUOTES = {'"': '"', "\u201c": "\u201d"}
MOST_QUOTED = 400
FENCE = re.compile(r"(?:(?<!\s)\s++)?+(?:```|~~~)")
BULLET = re.compile(r"(?:(?<!\s)\s++)?+(?!(?<=\d)\d)(?:[-*+]|\d++[.)])\s")


# A fence as CommonMark reads one (at most three spaces in; a backtick fence's info string has no backtick), and the
# line that closes it (the same character, at least as many, nothing after): a line that only looks like a fence is
# prose, checked as prose, since the card renders it so.
OPENING_FENCE = re.compile(r" {0,3}+(?:(`{3,}+)[^`]*+|(~{3,}+).*+)")
CLOSING_FENCE = re.compile(r" {0,3}+(`{3,}+|~{3,}+)[ \t]*+")


def plain(text: str) -> str:
    """The text without control or format characters (terminal escapes, bidi overrides, zero-width characters);
    newlines and tabs stay."""
    return UNSHOWN.sub("", text.replace("\r\n", "\n"))


def claims_of(markdown: str, *, whole: bool = False) -> list[str]:
    """The claims of a section as the verifier splits it (code blocks, list items, sentences); a solution is one."""
    if whole:
        return [markdown.strip()] if markdown.strip() else []
    found: list[str] = []
    for kind, block in blocks(plain(markdown)):
        if kind == "code":
            found.append(block)
        else:
            found += items(block) if kind == "list" else sentences(" ".join(block.split("\n")))
    return found


def blocks(text: str) -> list[tuple[str, str]]:
    """("code" | "list" | "text", block) in order: fenced code, lists and paragraphs."""
    found: list[tuple[str, str]] = []
    lines: list[str] = []
    fenced = False

    def flush() -> None:
        if any(line.strip() for line in lines):
            kind = "code" if fenced else "list" if any(BULLET.match(line) for line in lines) else "text"
            found.append((kind, "\n".join(lines)))
        lines.clear()

    fence = ""
    for line in text.strip("\n").splitlines():
        opening = None if fenced else OPENING_FENCE.fullmatch(line)
        closing = CLOSING_FENCE.fullmatch(line) if fenced else None
        if closing and closing.group(1)[0] == fence[0] and len(closing.group(1)) >= len(fence):
            lines.append(line)
            flush()
            fenced = False
        elif opening:
            flush()
            fenced, fence = True, opening.group(1) or opening.group(2)
            lines.append(line)
        elif not fenced and not line.strip():
            flush()
        else:
            lines.append(line)
    flush()  # an unclosed fence keeps the rest as code
    return found


def language(block: str) -> str:
    return block.split("\n", 1)[0].strip().lstrip("`~").strip().lower()


def fenced_body(block: str) -> str:
    lines = block.split("\n")[1:]
    if lines and FENCE.match(lines[-1]):
        lines = lines[:-1]
    return "\n".join(lines)


def items(block: str) -> list[str]:
    items: list[str] = []
    for line in block.split("\n"):
        if BULLET.match(line) or not items:
            items.append(line.rstrip())
        else:
            items[-1] += "\n" + line.rstrip()
    return items


def sentences(text: str) -> list[str]:
    """Sentences split after . ! or ? followed by a space and a capital, a backtick or a digit, outside code spans
    and quotes: a quoted message's period ends no sentence (round 23, card 17). A quote mark with no partner within
    MOST_QUOTED characters opens nothing."""
    closers = {opener: [m.start() for m in re.finditer(re.escape(closer), text)] for opener, closer in QUOTES.items()}
    sentences, start, in_span, quote_end, i = [], 0, False, -1, 0
    while i < len(text):
        char = text[i]
        if char == "`":
            in_span = not in_span
            while i + 1 < len(text) and text[i + 1] == "`":
                i += 1
        elif char in QUOTES and not in_span and i > quote_end:
            found = closers[char]
            after = bisect.bisect_right(found, i)
            if after < len(found) and found[after] - i <= MOST_QUOTED:
                quote_end = found[after]
        elif char in ".!?" and not in_span and i > quote_end and i + 2 < len(text) and text[i + 1] == " ":
            follower = text[i + 2]
            abbreviation = char == "." and ABBREVIATIONS.search(text, max(0, i - 7), i + 1) is not None
            if not abbreviation and (follower.isupper() or follower.isdigit() or follower in "`*("):
                sentences.append(text[start : i + 1].strip())
                start = i + 2
        i += 1
    sentences.append(text[start:].strip())
    return [sentence for sentence in sentences if sentence]

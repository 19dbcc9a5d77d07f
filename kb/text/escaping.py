"""Text taken from a repository (code, docstrings, test names, doc lines) put into Markdown so that it reads as
written: plain text escaped, code in spans or fences longer than any backtick run inside it, no newline in a link.
Machine-written sections are built only with these; the renderer sanitises the HTML anyway (`kb.text.markdown`).

Also what every page does with the characters that show nothing yet change how the text around them reads (the
bidirectional controls of "Trojan Source", CVE-2021-42574, and the zero-width ones): they are shown as a visible
`<U+202E>` mark (`reveal_html`, `reveal_text`), in messages, code, titles and rendered Markdown alike."""

import re
import unicodedata

# What python-markdown reads as markup in running text; `<` and `&` become entities (it passes raw HTML through).
_MARKUP = re.compile(r"([\\`*_{}\[\]()#+\-.!>|~])")
_SPACE = re.compile(r"\s+")
_BACKTICKS = re.compile(r"`+")


WORD_SLACK = 30  # a cut moves back to a word boundary at most this far


def one_line(text: str, limit: int) -> str:
    """Whitespace (newlines included) folded to single spaces, cut to `limit` characters: after the last whole
    sentence that fits in its second half, else at the last word boundary near the end, with an ellipsis (a quote
    cut mid-word, "not suppo…", reads as a slip)."""
    text = " ".join(text.split())  # `\s+` to one space, stripped: the same whitespace, no regular expression
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    sentence_end = max(head.rfind(". "), head.rfind("? "), head.rfind("! "))
    if sentence_end >= limit // 2:
        return head[: sentence_end + 1]
    space = head.rfind(" ")
    if space >= limit - WORD_SLACK:
        head = head[:space]
    return head.rstrip() + "…"


def plain(text: str, limit: int = 300) -> str:
    """Running text, shown as written: nothing in it is markup."""
    return _escape(one_line(text, limit))


# reST's inline markup in quoted docs and docstrings: a role (":exc:`~a.B`", ":doc:`Title </path>`"), a ``literal``
# or a `name` (Markdown's code, reST's default role). Bounded runs, no nested quantifier: linear in the text.
_REST = re.compile(r":(?:[a-z]{1,12}:)?([a-z]{1,16}):`([^`]{1,200}+)`|``([^`]{1,200}+)``|`([^`\s][^`]{0,199}+)`")
_TITLED = re.compile(r"([^<]{1,200}+)<([^<>]{0,200}+)>")
_PROSE_ROLES = frozenset({"doc", "ref", "term", "ticket", "abbr", "dfn", "download", "numref"})


def as_built(text: str, limit: int = 300) -> str:
    """Documentation or a docstring quoted as its reader sees it built: a role's or a literal's name in a code span
    (":exc:`~django.core.exceptions.ValidationError`" as `ValidationError`), a cross-reference by its title
    (":doc:`Form validation </ref/forms/validation>`" as "Form validation"), everything else plain text."""
    text = one_line(text, limit)
    out, last = [], 0
    for found in _REST.finditer(text):
        out.append(_escape(text[last : found.start()]))
        role, inner, literal, name = found.groups()
        out.append(code(literal or name) if literal or name else _role(role, inner))
        last = found.end()
    out.append(_escape(text[last:]))
    return "".join(out)


def _role(role: str, inner: str) -> str:
    titled = _TITLED.fullmatch(inner)
    shown = titled[1].strip() if titled else inner.strip()
    if role in ("pep", "rfc") and not titled:
        return _escape(f"{role.upper()} {shown}")
    if role in _PROSE_ROLES:
        return _escape(shown)
    if not titled and shown.startswith("~"):
        shown = shown.rpartition(".")[2]
    shown = shown.lstrip("!~")
    # Sphinx writes a function's or a method's reference as a call.
    return code(shown + "()" if role in ("func", "meth") and not shown.endswith(")") else shown)


def _escape(text: str) -> str:
    text = _SPACE.sub(" ", text).replace("&", "&amp;").replace("<", "&lt;")
    return _MARKUP.sub(r"\\\1", text)


def _longest_run(text: str) -> int:
    return max((len(run) for run in _BACKTICKS.findall(text)), default=0)


def code(text: str, limit: int = 200) -> str:
    """An inline code span, its fence longer than any run of backticks in the code. Nothing for no code: an empty
    span ("``") would be an unclosed fence that pairs with a run inside a later span and lets its code out."""
    text = one_line(text, limit)
    if not text:
        return ""
    fence = "`" * (_longest_run(text) + 1) if "`" in text else "`"
    # python-markdown strips a span's edges; the padding keeps a backtick at an edge apart from the fence.
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def fenced(text: str, language: str = "python") -> str:
    """A fenced block, its fence longer than any run of backticks in the code (python-markdown closes a block only at
    a line of exactly its own fence)."""
    fence = "`" * max(3, _longest_run(text) + 1)
    return f"{fence}{language}\n{text.rstrip()}\n{fence}"


# What may stand bare in a link's destination: letters, digits and the URL punctuation that is no Markdown syntax.
# Everything else (newlines, controls, spaces, brackets, parentheses, `<>`, backslash, backticks, quotes, `&` that
# would start an entity, non-ASCII) is percent-encoded, so a destination can neither end early nor start a new line.
# `%` stays: the path in it was percent-encoded already (`kb.cards.links.pinned_url`).
_URL_UNSAFE = re.compile(r"[^A-Za-z0-9\-._~!$+,;=:@/?#%]")
_LINE_BREAKS = re.compile(r"[\r\n]+")


def _percent(found: re.Match[str]) -> str:
    return "".join(f"%{byte:02X}" for byte in found[0].encode())


def link(label_markdown: str, url: str) -> str:
    """A link whose label is already Markdown (built with `code`/`plain`, so escaped, but any line break is folded
    again here) to a URL of ours (a pinned blob URL), everything in it that Markdown could read percent-encoded."""
    safe = _URL_UNSAFE.sub(_percent, url)
    return f"[{_LINE_BREAKS.sub(' ', label_markdown)}]({safe})"


def sentence(text: str) -> str:
    """A condition's sentence as harvest wrote it ("`args` has fewer than 2 items": words, and code between single
    backticks) re-built with the escapes above: an odd backtick inside its code cannot break out of its span."""
    parts = text.split("`")
    if len(parts) % 2 == 0:  # unpaired backticks: not the shape harvest writes; show it as text
        return plain(text)
    return "".join(code(part) if index % 2 else _escape(part) for index, part in enumerate(parts))


# Bidirectional controls (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069) and zero-width characters (U+200B-U+200D,
# U+2060-U+2064, U+FEFF): invisible, and able to make code read otherwise than it runs.
INVISIBLE = re.compile("[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
# A tag in the HTML nh3 or Pygments writes: attribute values are double-quoted and may hold a `>`; text holds no `<`.
_TAG = re.compile(r'<(?:[^>"]|"[^"]*")*>')


def codepoint(char: str) -> str:
    return f"U+{ord(char):04X}"


def _mark(found: re.Match[str]) -> str:
    char = found[0]
    return (
        f'<mark class="invisible-char" title="{codepoint(char)} {unicodedata.name(char, "")}">'
        f"&lt;{codepoint(char)}&gt;</mark>"
    )


def reveal_html(html: str) -> str:
    """HTML (sanitised Markdown, a highlighted snippet, escaped text) with each invisible character shown: in text
    as a marked `<U+202E>`, inside a tag (an attribute) percent-encoded. Unchanged, and quick, when there is none."""
    if not INVISIBLE.search(html):
        return html
    out = []
    end = 0
    for tag in _TAG.finditer(html):
        out.append(INVISIBLE.sub(_mark, html[end : tag.start()]))
        out.append(INVISIBLE.sub(_percent, tag[0]))
        end = tag.end()
    out.append(INVISIBLE.sub(_mark, html[end:]))
    return "".join(out)


def reveal_text(text: str) -> str:
    """Plain text (a page's `<title>`, an attribute) with each invisible character written as `<U+202E>`."""
    return INVISIBLE.sub(lambda found: f"<{codepoint(found[0])}>", text)

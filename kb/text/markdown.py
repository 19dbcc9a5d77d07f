"""Curator Markdown to safe HTML: python-markdown renders, nh3 sanitises with an explicit allowlist.

Everything a curator writes passes through `render_markdown` before it is shown anywhere.
"""

import re
import threading
from html import unescape

import cmarkgfm
import markdown
import nh3
from markdown_it import MarkdownIt

from kb.text.escaping import reveal_html
from kb.text.highlight import highlight_block

ALLOWED_TAGS = {
    "a",
    "abbr",
    "b",
    "blockquote",
    "br",
    "code",
    "dd",
    "del",
    "div",
    "dl",
    "dt",
    "em",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "i",
    "kbd",
    "li",
    "ol",
    "p",
    "pre",
    "span",
    "strong",
    "sub",
    "sup",
    "table",
    "tbody",
    "td",
    "th",
    "thead",
    "tr",
    "ul",
}
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title"},
    "abbr": {"title"},
    "code": {"class"},
    "div": {"class"},
    "span": {"class"},
    "pre": {"class"},
    "th": {"align"},
    "td": {"align"},
    "ol": {"start"},
}
# nh3 drops any scheme not listed here, so javascript:, vbscript: and data: links never survive,
# however they are spelled (entities, mixed case, embedded whitespace).
ALLOWED_URL_SCHEMES = {"http", "https", "mailto"}

_EXTENSIONS = ["fenced_code", "codehilite", "tables", "sane_lists"]
_EXTENSION_CONFIGS = {"codehilite": {"css_class": "highlight", "guess_lang": False}}


_BLOCK_CLASSES = {"highlight", "hll", "linenos"}


def _is_token_class(name: str) -> bool:
    return name.isascii() and name.isalnum() and len(name) <= 3


def _allowed_class(tag: str, attribute: str, value: str) -> str | None:
    # Pygments token classes are short lowercase words ("k", "nf", "s2"); "highlight" wraps a block;
    # "language-x" comes from fenced code without Pygments. Anything else is dropped.
    if attribute != "class":
        return value
    kept = [c for c in value.split() if c in _BLOCK_CLASSES or c.startswith("language-") or _is_token_class(c)]
    return " ".join(kept) or None


# One converter per thread, reset between texts: building one (its extensions, their patterns) costs about as much
# as converting a card's section, and a harvest converts thousands. A converter is not safe to share between
# threads.
_local = threading.local()


def _converter() -> markdown.Markdown:
    converter = getattr(_local, "converter", None)
    if converter is None:
        converter = _local.converter = markdown.Markdown(extensions=_EXTENSIONS, extension_configs=_EXTENSION_CONFIGS)
    return converter


def render_markdown(text: str) -> str:
    if not text:
        return ""
    converter = _converter()
    try:
        html = converter.convert(text)
    finally:
        converter.reset()
    return sanitize_html(html)


# Machine-written sections (harvest's generated text, the AI pass's) are plain CommonMark that errorkb or a model
# writes: paragraphs, lists, links, code spans and fenced code. A harvest renders thousands at once, so most go
# through cmark-gfm (C, GitHub's CommonMark), over ten times faster than markdown-it (Python). The two differ by
# design only on raw HTML, which cmark drops unseen and markdown-it shows as text, as a reader should see a model's
# `<module>`: raw HTML (and an autolink) cannot begin without a `<`, so a text with one goes to markdown-it, which
# renders the sections of a real harvest to the same HTML (tests/domain/test_machine_markdown.py). Fenced
# Python is highlighted by Pygments as a curator's is. The same nh3 allowlist makes everything safe.
_machine = MarkdownIt("commonmark", {"html": False, "highlight": highlight_block}).enable("table")
# A line whose blockquote and list markers run this long could nest as many blocks (`> > > …`): cmark nests
# them all, and sanitising thousands of nested elements takes quadratic time, where markdown-it stops at a hundred.
# Each level of nesting takes at least one character of the line's prefix, so a shorter prefix nests less.
# (`^` of each line, as `re.MULTILINE` reads it: the text's start, then a newline; led by the newline, the engine
# skips from one to the next rather than trying the pattern at every character.)
_DEEP_NESTING_FIRST = re.compile(r"[ \t>*+\-\d.)]{40}")
_DEEP_NESTING = re.compile(r"\n[ \t>*+\-\d.)]{40}")
# What cmark writes for a fenced block (its code escaped, so the first "</code></pre>" is its end): Python's is
# highlighted as markdown-it's `highlight` hook does it.
_FENCED_PYTHON = re.compile(r'<pre><code class="language-(python|py|pycon)">(.*?)</code></pre>\n', re.DOTALL)


def render_machine_markdown(text: str, *, links: bool = True) -> str:
    """`links` False: every link dropped, its text kept (a model's answer, whichever path wrote it)."""
    if not text:
        return ""
    deep = "<" in text or _DEEP_NESTING_FIRST.match(text) is not None or _DEEP_NESTING.search(text) is not None
    html = _machine.render(text) if deep else _cmark(text)
    return (sanitize_html(html) if links else reveal_html(_linkless.clean(html))).rstrip("\n")


def _cmark(text: str) -> str:
    html = cmarkgfm.markdown_to_html_with_extensions(text, extensions=["table"])
    if '<pre><code class="language-p' in html:
        html = _FENCED_PYTHON.sub(lambda fenced: highlight_block(unescape(fenced[2]), fenced[1]), html)
    return html


# One sanitiser built once: `nh3.clean` builds one from its arguments at each call, half its time on a card's
# section (a harvest sanitises thousands).
_cleaner = nh3.Cleaner(
    tags=ALLOWED_TAGS,
    attributes=ALLOWED_ATTRIBUTES,
    url_schemes=ALLOWED_URL_SCHEMES,
    attribute_filter=_allowed_class,
    link_rel="nofollow noopener noreferrer",
    strip_comments=True,
)


# The same without links: for text no link of which may be shown (an AI-assisted section's).
_linkless = nh3.Cleaner(
    tags=ALLOWED_TAGS - {"a"},
    attributes={tag: names for tag, names in ALLOWED_ATTRIBUTES.items() if tag != "a"},
    url_schemes=ALLOWED_URL_SCHEMES,
    attribute_filter=_allowed_class,
    strip_comments=True,
)


def sanitize_html(html: str) -> str:
    """The allowlisted HTML, with the invisible bidirectional and zero-width characters shown (`reveal_html`): the
    reader sees that something is there, where a Trojan Source comment would otherwise hide code."""
    return reveal_html(_cleaner.clean(html))

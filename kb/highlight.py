"""Source snippets as highlighted HTML, with the raise lines marked."""

import copy
from collections.abc import Iterable

from pygments import highlight
from pygments.formatters import HtmlFormatter

from kb.pylexer import JoinedPythonLexer


def highlight_snippet(code: str, *, first_line: int, marked_lines: Iterable[int | None]) -> str:
    """Pygments HTML for a snippet numbered from `first_line`; `marked_lines` are absolute line numbers."""
    if not code:
        return ""
    # A copy of one formatter with the line numbers set: making a formatter builds its style sheet each time,
    # a third of the cost of highlighting when a harvest highlights thousands of snippets.
    formatter = copy.copy(_SNIPPET)
    formatter.linenostart = abs(first_line)
    formatter.hl_lines = {n - first_line + 1 for n in marked_lines if n is not None and n >= first_line}
    return highlight(code, _SNIPPET_LEXER, formatter)


_SNIPPET = HtmlFormatter(cssclass="highlight", linenos="inline", wrapcode=True)
_SNIPPET_LEXER = JoinedPythonLexer(stripnl=False, ensurenl=True)


_BLOCK = HtmlFormatter(nowrap=True)


def highlight_block(code: str, language: str, _attributes: object = None) -> str:
    """A fenced block of Python in machine-written Markdown (a test that triggers an error), highlighted as the
    curator's fenced code is; other languages are left to the renderer ("" tells markdown-it to escape them)."""
    if language not in ("python", "py", "pycon"):
        return ""
    # Wrapped here, starting with <pre>, so that markdown-it takes the block as it is rather than wrapping it again.
    return f'<pre class="highlight"><code>{highlight(code, JoinedPythonLexer(), _BLOCK)}</code></pre>\n'

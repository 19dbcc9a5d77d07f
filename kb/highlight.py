"""Source snippets as highlighted HTML, with the raise lines marked."""

from collections.abc import Iterable

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer


def highlight_snippet(code: str, *, first_line: int, marked_lines: Iterable[int | None]) -> str:
    """Pygments HTML for a snippet numbered from `first_line`; `marked_lines` are absolute line numbers."""
    if not code:
        return ""
    relative = sorted({n - first_line + 1 for n in marked_lines if n is not None and n >= first_line})
    formatter = HtmlFormatter(
        cssclass="highlight",
        linenos="inline",
        linenostart=first_line,
        hl_lines=relative,
        wrapcode=True,
    )
    return highlight(code, PythonLexer(stripnl=False, ensurenl=True), formatter)

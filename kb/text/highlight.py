"""Source snippets as highlighted HTML, with the raise lines marked."""

import functools
from collections.abc import Iterable
from html import escape

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.token import _TokenType

from kb.text.escaping import INVISIBLE, reveal_html
from kb.text.pylexer import JoinedPythonLexer


def highlight_snippet(code: str, *, first_line: int, marked_lines: Iterable[int | None]) -> str:
    """Pygments HTML for a snippet numbered from `first_line`; `marked_lines` are absolute line numbers.

    Byte for byte what `highlight(code, lexer, HtmlFormatter(cssclass="highlight", linenos="inline",
    wrapcode=True, linenostart=..., hl_lines=...))` writes (tests/harvest/test_snippet_html.py), written in one
    pass: Pygments' formatter passes each line through a generator per option, and a harvest highlights
    thousands of snippets (a fifth less time). A bidirectional or zero-width character in the code is then shown as
    a marked `<U+202E>` (`reveal_html`): the one difference from Pygments, and only for code that holds one."""
    if not code:
        return ""
    html = _snippet_html(code, first_line=first_line, marked_lines=marked_lines)
    return reveal_html(html) if INVISIBLE.search(code) else html


def _snippet_html(code: str, *, first_line: int, marked_lines: Iterable[int | None]) -> str:
    # The lexer's own preparation of the text (newlines, a final one), then its tokens without the generator that
    # `get_tokens` wraps them in (it has no filters).
    lexer = _SNIPPET_LEXER
    lines = _token_lines(lexer.get_tokens_unprocessed(lexer._preprocess_lexer_input(code)))
    start = abs(first_line)
    marked = {n - first_line + 1 for n in marked_lines if n is not None and n >= first_line}
    width = len(str(len(lines) + start - 1))
    out = ['<div class="highlight"><pre><span></span><code>']
    for number, line in enumerate(lines, start=1):
        numbered = f'<span class="linenos">{start + number - 1:>{width}}</span>{line}'
        out.append(f'<span class="hll">{numbered}</span>' if number in marked else numbered)
    out.append("</code></pre></div>\n")
    return "".join(out)


def _token_lines(tokens: Iterable[tuple[int, _TokenType, str]]) -> list[str]:
    """Each line's HTML, newline included: as `HtmlFormatter._format_lines` writes them (a token type's span opened
    once for its run of tokens on a line, closed at the line's end)."""
    openers = _OPENERS
    lines: list[str] = []
    line: list[str] = []
    open_span = ""
    for _, ttype, value in tokens:
        span = openers.get(ttype)
        if span is None:
            css = _SNIPPET._get_css_classes(ttype)
            span = openers[ttype] = f'<span class="{css}">' if css else ""
        parts = _escaped_lines(value)
        if len(parts) > 1:
            for part in parts[:-1]:
                if line:
                    if open_span != span and part:
                        line.extend((open_span and "</span>", span, part, span and "</span>", "\n"))
                    else:
                        line.extend((part, open_span and "</span>", "\n"))
                    lines.append("".join(line))
                    line = []
                elif part:
                    lines.append("".join((span, part, span and "</span>", "\n")))
                else:
                    lines.append("\n")
        last = parts[-1]
        if line and last:
            if open_span != span:
                line.extend((open_span and "</span>", span, last))
                open_span = span
            else:
                line.append(last)
        elif last:
            line = [span, last]
            open_span = span
    if line:
        line.extend((open_span and "</span>", "\n"))
        lines.append("".join(line))
    return lines


@functools.lru_cache(maxsize=1024)
def _escaped_lines(value: str) -> tuple[str, ...]:
    """A token's text escaped, by line (a tuple: the cache hands the same one to every caller)."""
    return tuple(escape(value, quote=False).split("\n"))


_SNIPPET = HtmlFormatter(cssclass="highlight", linenos="inline", wrapcode=True)
_SNIPPET_LEXER = JoinedPythonLexer(stripnl=False, ensurenl=True)
_OPENERS: dict[_TokenType, str] = {}  # a token type -> its span's opening tag ("" for plain text)


_BLOCK = HtmlFormatter(nowrap=True)


def highlight_block(code: str, language: str, _attributes: object = None) -> str:
    """A fenced block of Python in machine-written Markdown (a test that triggers an error), highlighted as the
    curator's fenced code is; other languages are left to the renderer ("" tells markdown-it to escape them)."""
    if language not in ("python", "py", "pycon"):
        return ""
    # Wrapped here, starting with <pre>, so that markdown-it takes the block as it is rather than wrapping it again.
    return f'<pre class="highlight"><code>{highlight(code, JoinedPythonLexer(), _BLOCK)}</code></pre>\n'

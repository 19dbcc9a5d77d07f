"""Text for pages: Markdown rendered and sanitised (`markdown`), repository and model text made safe to put into
Markdown (`escaping`: escaped, in code spans and fences built to hold it, invisible characters shown), and code
highlighted (`highlight`, on Pygments' rules joined by `pylexer`); `breadth`, the walk of a syntax tree that the
harvest and the cards share (`ast.walk`'s nodes and order, without its generators)."""

from kb.text.escaping import code, fenced, link, plain, reveal_html, reveal_text, sentence
from kb.text.highlight import highlight_snippet
from kb.text.markdown import render_machine_markdown, render_markdown, sanitize_html

__all__ = [
    "code",
    "fenced",
    "highlight_snippet",
    "link",
    "plain",
    "render_machine_markdown",
    "render_markdown",
    "reveal_html",
    "reveal_text",
    "sanitize_html",
    "sentence",
]

"""Text taken from a repository (code, docstrings, test names, doc lines) put into Markdown so that it reads as
written: plain text escaped, code in spans or fences longer than any backtick run inside it. Machine-written
sections are built only with these; the renderer sanitises the HTML anyway (`kb.markdown`)."""

import re

# What python-markdown reads as markup in running text; `<` and `&` become entities (it passes raw HTML through).
_MARKUP = re.compile(r"([\\`*_{}\[\]()#+\-.!>|~])")
_SPACE = re.compile(r"\s+")
_BACKTICKS = re.compile(r"`+")


def one_line(text: str, limit: int) -> str:
    """Whitespace (newlines included) folded to single spaces, cut to `limit` characters with an ellipsis."""
    text = _SPACE.sub(" ", text).strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def plain(text: str, limit: int = 300) -> str:
    """Running text, shown as written: nothing in it is markup."""
    return _escape(one_line(text, limit))


def _escape(text: str) -> str:
    text = _SPACE.sub(" ", text).replace("&", "&amp;").replace("<", "&lt;")
    return _MARKUP.sub(r"\\\1", text)


def _longest_run(text: str) -> int:
    return max((len(run) for run in _BACKTICKS.findall(text)), default=0)


def code(text: str, limit: int = 200) -> str:
    """An inline code span, its fence longer than any run of backticks in the code."""
    text = one_line(text, limit)
    fence = "`" * (_longest_run(text) + 1) if "`" in text else "`"
    # python-markdown strips a span's edges; the padding keeps a backtick at an edge apart from the fence.
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def fenced(text: str, language: str = "python") -> str:
    """A fenced block, its fence longer than any run of backticks in the code (python-markdown closes a block only at
    a line of exactly its own fence)."""
    fence = "`" * max(3, _longest_run(text) + 1)
    return f"{fence}{language}\n{text.rstrip()}\n{fence}"


def link(label_markdown: str, url: str) -> str:
    """A link whose label is already Markdown; the URL is ours (a pinned blob URL), its parentheses escaped."""
    safe = url.replace(" ", "%20").replace("(", "%28").replace(")", "%29").replace("<", "%3C").replace(">", "%3E")
    return f"[{label_markdown}]({safe})"


def sentence(text: str) -> str:
    """A condition's sentence as harvest wrote it ("`args` has fewer than 2 items": words, and code between single
    backticks) re-built with the escapes above: an odd backtick inside its code cannot break out of its span."""
    parts = text.split("`")
    if len(parts) % 2 == 0:  # unpaired backticks: not the shape harvest writes; show it as text
        return plain(text)
    return "".join(code(part) if index % 2 else _escape(part) for index, part in enumerate(parts))

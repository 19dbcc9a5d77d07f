"""Links from a card to the repository: a line at the commit it was read at, percent-encoded so that no path can
leave the repository's pages (used by the card's sections and by the templates)."""

from functools import lru_cache
from urllib.parse import quote

from kb.models import ErrorEntry, Repository
from kb.text.escaping import code, link


def line_number(value: object) -> int | None:
    """A line number from the evidence (JSON), or None for anything that is not a positive int."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def pinned_url(repository: Repository, *, commit: str, path: str, line: object = None) -> str:
    """The repository's page of `path` at `commit`, or "" when there is none to link. The base is the repository's
    own URL; the commit and path from the tree are percent-encoded into it (`%`, `?`, `#`, newlines, spaces and
    brackets included, so a file's name cannot end the path, add a query or a fragment, or break the Markdown link
    it goes into), and a path with `.` or `..` segments is not linked (a browser would climb out of the repository
    to another page of its host)."""
    if not commit:
        return ""
    pinned = f"{commit}/{path}"
    if any(segment in (".", "..") for segment in pinned.split("/")):
        return ""
    return repository.blob_url(commit=_quoted(commit, ""), path=_quoted(path, "/"), line=line_number(line))


@lru_cache(maxsize=4096)
def _quoted(text: str, safe: str) -> str:
    """`quote`, once per path and commit: a harvest links each of them from many sections."""
    return quote(text, safe=safe)


def pinned(entry: ErrorEntry, label: str, *, path: str, line: object, commit: str) -> str:
    """`label` (Markdown) linked to the line at the commit it was read at; unlinked when no commit is known."""
    url = pinned_url(entry.repository, commit=commit, path=path, line=line)
    return link(label, url) if url else label


def place(entry: ErrorEntry, path: str, line: object, commit: str) -> str:
    number = line_number(line)
    label = code(path) + (f" line {number}" if number else "")
    return pinned(entry, label, path=path, line=number, commit=commit)

"""404s that say what was not found ("No error with id …"), for pages and the API alike."""

from django.http import Http404

LONGEST_SHOWN = 40  # a path segment can be kilobytes long; the message names only its start


class NotFound(Http404):
    """An Http404 whose message is meant for the reader: the site's 404 page shows it."""


def _shown(value: str) -> str:
    # Echoed text: no control characters (a NUL from the URL) reach the page.
    start = "".join(c if c.isprintable() else "\ufffd" for c in value[:LONGEST_SHOWN])
    return start if len(value) <= LONGEST_SHOWN else start + "…"


def no_error_with_id(public_id: str) -> str:
    return f"No error with id {_shown(public_id)}."


def no_repository(owner: str, name: str) -> str:
    return f"No repository {_shown(owner)}/{_shown(name)}."


def api_detail(view_kwargs: dict) -> str | None:
    """What the API's 404 says for an object its URL names; None for anything else."""
    if "public_id" in view_kwargs:
        return no_error_with_id(str(view_kwargs["public_id"]))
    if "owner" in view_kwargs and "name" in view_kwargs:
        return no_repository(str(view_kwargs["owner"]), str(view_kwargs["name"]))
    return None

"""`errorkb.lookup` and `errorkb.explain`: an error's entries and an entry's card, from a server or a bundle.

Where from: `bundle=` (or ERRORKB_BUNDLE), matched on this machine, nothing sent; else `url=` (or ERRORKB_URL).
There is no default host: with neither, `NotConfigured` says so and nothing leaves the machine. Before a lookup
the text is redacted (errorkb.redact), for the server and the bundle alike, so both answer the same text."""

from __future__ import annotations

import os
import threading
import traceback
import urllib.parse

from errorkb import redact as redaction
from errorkb import transport
from errorkb.config import configured_bundle, configured_redaction, configured_timeout, configured_url
from errorkb.errors import HTTPStatusError, NotConfigured
from errorkb.results import Card, Result, card_from_json, matches_from_json, result_from_json

TYPE_CHECKING = False  # not `typing`'s: see errorkb/__init__.py
if TYPE_CHECKING:
    from typing import Any

    from errorkb.bundle import Bundle  # type: ignore[import-not-found, unused-ignore]  # the core's, landing

DEFAULT_LIMIT = 5
MAX_LIMIT = 50
NOTHING_CONFIGURED = (
    "no errorkb server is configured: set ERRORKB_URL (or pass url=), or use an offline bundle "
    "(ERRORKB_BUNDLE or bundle=); nothing was sent"
)


def text_of(exc_or_text: BaseException | str) -> str:
    """An exception formatted as Python prints it (its traceback, causes and notes), or the text as given."""
    if isinstance(exc_or_text, BaseException):
        return "".join(traceback.format_exception(exc_or_text))
    if isinstance(exc_or_text, str):
        return exc_or_text
    raise TypeError(f"lookup takes an exception or a str, not {type(exc_or_text).__name__}")


_bundles: dict[tuple[str, int, int], Bundle] = {}
_bundles_lock = threading.Lock()


def open_bundle(path: str) -> Bundle:
    """The bundle at `path`, opened once per process (again when the file changes)."""
    from errorkb.bundle import open_bundle as open_file  # the offline reader, loaded only when a bundle is used

    stat = os.stat(path)
    key = (os.path.abspath(path), stat.st_mtime_ns, stat.st_size)
    with _bundles_lock:
        if key not in _bundles:
            _bundles.clear()
            _bundles[key] = open_file(path)
        return _bundles[key]


def where(url: str | None, bundle: str | os.PathLike[str] | None) -> tuple[str, str]:
    """("bundle", path) or ("server", url): what was passed wins over the environment, and a bundle over a server
    at the same level (ERRORKB_BUNDLE over ERRORKB_URL). NotConfigured with neither."""
    if bundle is not None:
        return "bundle", os.fspath(bundle)
    if url:
        return "server", url
    found = configured_bundle()
    if found is not None:
        return "bundle", found
    server = configured_url()
    if server is None:
        raise NotConfigured(NOTHING_CONFIGURED)
    return "server", server


def lookup(
    exc_or_text: BaseException | str,
    *,
    url: str | None = None,
    timeout: float | None = None,
    bundle: str | os.PathLike[str] | None = None,
    redact: str | None = None,
    limit: int = DEFAULT_LIMIT,
) -> Result:
    """The entries behind an exception, a traceback or a message, best first.

    Raises NotConfigured (no server, no bundle), ServerUnreachable, ServerTimeout, HTTPStatusError (the status and
    the problem's title), ProtocolError (an answer that is not errorkb's JSON), or the bundle's BundleError."""
    if not 1 <= limit <= MAX_LIMIT:
        raise ValueError(f"limit must be between 1 and {MAX_LIMIT}")
    kind, place = where(url, bundle)
    text = redaction.redact(text_of(exc_or_text), configured_redaction(redact))
    if kind == "bundle":
        return Result(matches=matches_from_json(open_bundle(place).lookup(text, limit=limit)), origin=place)
    root = transport.base_url(place)
    answer = transport.call(f"{root}/api/match", {"text": text, "limit": limit}, configured_timeout(timeout))
    return result_from_json(answer, root)


def explain(
    entry_id: str,
    *,
    url: str | None = None,
    timeout: float | None = None,
    bundle: str | os.PathLike[str] | None = None,
) -> Card | None:
    """An entry's card by its id; None when the server or the bundle has no such entry."""
    kind, place = where(url, bundle)
    if kind == "bundle":
        found: Any = open_bundle(place).card(entry_id)
        return None if found is None else card_from_json(found)
    root = transport.base_url(place)
    quoted = urllib.parse.quote(entry_id, safe="")
    try:
        answer = transport.call(f"{root}/api/errors/{quoted}", None, configured_timeout(timeout))
    except HTTPStatusError as error:
        if error.status == 404:
            return None
        raise
    return card_from_json(answer)

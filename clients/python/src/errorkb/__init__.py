"""errorkb's client: the card of an error where the error happens.

`errorkb.lookup(exc_or_text)` asks the server in ERRORKB_URL (or `url=`), or an offline bundle, for the entries
behind an error; `errorkb.install()` prints the card after an uncaught exception's traceback; the pytest plugin,
the logging filter and the `errorkb` command do the same in their places. Nothing is sent unless a server is
configured, and what is sent is redacted first (errorkb.redact). Nothing here imports Django.

This module stays cheap to import (the pytest plugin loads it in every test run): the names below are loaded on
first use."""

from __future__ import annotations

import importlib

# `typing` is not imported at run time: this module is loaded at every start-up (the excepthook, the pytest
# plugin), and typing with `re` costs more than the rest of it.
TYPE_CHECKING = False

__version__ = "0.1.0"  # also errorkb.config.VERSION, which the submodules read (importing this package from them
# would make an import cycle)

_EXPORTS = {
    "lookup": "client",
    "explain": "client",
    "text_of": "client",
    "Result": "results",
    "Match": "results",
    "Card": "results",
    "Source": "results",
    "SearchHit": "results",
    "ErrorkbError": "errors",
    "NotConfigured": "errors",
    "ServerUnreachable": "errors",
    "ServerTimeout": "errors",
    "HTTPStatusError": "errors",
    "ProtocolError": "errors",
    "install": "hook",
    "uninstall": "hook",
    "ErrorkbFilter": "logs",
}
__all__ = [
    "Card",
    "ErrorkbError",
    "ErrorkbFilter",
    "HTTPStatusError",
    "Match",
    "NotConfigured",
    "ProtocolError",
    "Result",
    "SearchHit",
    "ServerTimeout",
    "ServerUnreachable",
    "Source",
    "explain",
    "install",
    "load_ipython_extension",
    "lookup",
    "text_of",
    "uninstall",
    "unload_ipython_extension",
]

if TYPE_CHECKING:
    from typing import Any

    from errorkb.client import explain, lookup, text_of
    from errorkb.errors import (
        ErrorkbError,
        HTTPStatusError,
        NotConfigured,
        ProtocolError,
        ServerTimeout,
        ServerUnreachable,
    )
    from errorkb.hook import install, uninstall
    from errorkb.logs import ErrorkbFilter
    from errorkb.results import Card, Match, Result, SearchHit, Source


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'errorkb' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"errorkb.{module}"), name)
    globals()[name] = value
    return value


def load_ipython_extension(ipython: Any) -> None:
    """`%load_ext errorkb`: after a cell's traceback, the card of its error."""
    from errorkb.hook import load_ipython

    load_ipython(ipython)


def unload_ipython_extension(ipython: Any) -> None:
    from errorkb.hook import unload_ipython

    unload_ipython(ipython)

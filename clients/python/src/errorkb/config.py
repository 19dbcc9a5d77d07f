"""Where lookups go and how: the arguments, else the environment (ERRORKB_URL, ERRORKB_BUNDLE, ERRORKB_REDACT,
ERRORKB_TIMEOUT, ERRORKB_VERBOSE). Standard library `os` and `math` only: the excepthook reads it at start-up,
before anything fails."""

from __future__ import annotations

import math
import os

VERSION = "0.1.0"  # the distribution's (clients/python/pyproject.toml); errorkb.__version__
DEFAULT_TIMEOUT = 2.0
MAX_TIMEOUT = 86_400.0
DEFAULT_REDACTION = "secrets"
TRUE = {"1", "true", "yes", "on"}


def configured_url(url: str | None = None) -> str | None:
    return url or os.environ.get("ERRORKB_URL") or None


def configured_bundle(bundle: str | os.PathLike[str] | None = None) -> str | None:
    chosen = bundle if bundle is not None else os.environ.get("ERRORKB_BUNDLE")
    return os.fspath(chosen) if chosen else None


def configured_redaction(redact: str | None = None) -> str:
    return redact or os.environ.get("ERRORKB_REDACT") or DEFAULT_REDACTION


def configured_timeout(timeout: float | None = None) -> float:
    """Seconds to wait for the server: the argument, else ERRORKB_TIMEOUT when it is a number of seconds above 0 and
    at most a day, else 2. A malformed value is the default: the excepthook must not fail for its own setting."""
    if timeout is not None:
        return timeout
    written = os.environ.get("ERRORKB_TIMEOUT", "").strip()
    try:
        chosen = float(written) if len(written) <= 32 else math.nan
    except ValueError:
        return DEFAULT_TIMEOUT
    return chosen if 0 < chosen <= MAX_TIMEOUT else DEFAULT_TIMEOUT


def verbose_from_environment() -> bool:
    return os.environ.get("ERRORKB_VERBOSE", "").strip().lower() in TRUE

"""Where lookups go and how: the arguments, else the environment (ERRORKB_URL, ERRORKB_BUNDLE, ERRORKB_REDACT,
ERRORKB_VERBOSE). Standard library `os` only: the excepthook reads it at start-up, before anything fails."""

from __future__ import annotations

import os

VERSION = "0.1.0"  # the distribution's (clients/python/pyproject.toml); errorkb.__version__
DEFAULT_TIMEOUT = 2.0
DEFAULT_REDACTION = "secrets"
TRUE = {"1", "true", "yes", "on"}


def configured_url(url: str | None = None) -> str | None:
    return url or os.environ.get("ERRORKB_URL") or None


def configured_bundle(bundle: str | os.PathLike[str] | None = None) -> str | None:
    chosen = bundle if bundle is not None else os.environ.get("ERRORKB_BUNDLE")
    return os.fspath(chosen) if chosen else None


def configured_redaction(redact: str | None = None) -> str:
    return redact or os.environ.get("ERRORKB_REDACT") or DEFAULT_REDACTION


def verbose_from_environment() -> bool:
    return os.environ.get("ERRORKB_VERBOSE", "").strip().lower() in TRUE

"""Logging: a record logged with an exception gets its card's URL and title as attributes.

`ErrorkbFilter` sets `record.errorkb_url`, `record.errorkb_title` and `record.errorkb_id` on every record it sees
(empty strings when the record has no exception or nothing matched, so `%(errorkb_url)s` never breaks a format).
Attach it to a handler, so that it sees records propagated from other loggers too. It never drops a record.

Logging is synchronous, so the filter keeps a slow server from slowing every logged error: answers are kept per
text (a repeated error is not asked again), and after a failure it asks nothing for `pause` seconds.

Django:  LOGGING = {"filters": {"errorkb": {"()": "errorkb.logs.ErrorkbFilter"}},
                    "handlers": {"console": {..., "filters": ["errorkb"]}}, ...}"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections import OrderedDict

from errorkb.client import lookup, text_of
from errorkb.config import DEFAULT_TIMEOUT, configured_bundle, configured_url
from errorkb.results import Match

ATTRIBUTES = ("errorkb_url", "errorkb_title", "errorkb_id")


class ErrorkbFilter(logging.Filter):
    """Adds the card of a record's exception; `url`, `bundle`, `redact` as for `errorkb.lookup`."""

    def __init__(
        self,
        name: str = "",
        *,
        url: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        bundle: str | os.PathLike[str] | None = None,
        redact: str | None = None,
        pause: float = 60.0,
        remember: int = 256,
    ) -> None:
        super().__init__(name)
        self.url, self.timeout, self.redact = url, timeout, redact
        self.bundle = os.fspath(bundle) if bundle is not None else None
        self.pause, self.remember = pause, remember
        self._known: OrderedDict[str, Match | None] = OrderedDict()
        self._quiet_until = 0.0
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        match = None
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, Exception) and super().filter(record):
            try:
                match = self.card_of(error)
            except Exception:  # never the logging call's failure
                match = None
        record.errorkb_url = (match.url or "") if match else ""
        record.errorkb_title = match.title if match else ""
        record.errorkb_id = match.id if match else ""
        return True

    def card_of(self, error: BaseException) -> Match | None:
        """The best confident match of `error`, from this filter's memory or asked once."""
        if configured_bundle(self.bundle) is None and configured_url(self.url) is None:
            return None
        text = text_of(error)
        with self._lock:
            if text in self._known:
                self._known.move_to_end(text)
                return self._known[text]
            if time.monotonic() < self._quiet_until:
                return None
        try:
            result = lookup(text, url=self.url, timeout=self.timeout, bundle=self.bundle, redact=self.redact)
        except Exception:
            with self._lock:
                self._quiet_until = time.monotonic() + self.pause
            return None
        match = next((found for found in result.matches if found.confident), None)
        with self._lock:
            self._known[text] = match
            while len(self._known) > self.remember:
                self._known.popitem(last=False)
        return match


class ErrorkbHandler(logging.Handler):
    """Wraps another handler: each record goes to it with the errorkb attributes set (for a handler that a
    configuration cannot give filters to)."""

    def __init__(self, target: logging.Handler, **options: object) -> None:
        super().__init__(target.level)
        self.target = target
        self.cards = ErrorkbFilter(**options)  # type: ignore[arg-type]

    def emit(self, record: logging.LogRecord) -> None:
        self.cards.filter(record)
        self.target.handle(record)

    def setFormatter(self, fmt: logging.Formatter | None) -> None:
        self.target.setFormatter(fmt)

    def flush(self) -> None:
        self.target.flush()

    def close(self) -> None:
        self.target.close()
        super().close()

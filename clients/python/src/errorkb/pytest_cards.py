"""What the pytest plugin (errorkb.pytest_plugin) registers once enabled: the lookups of failing tests' errors,
kept for the run, within one budget of waiting for the whole run."""

from __future__ import annotations

import time
from collections.abc import Generator

import pytest

from errorkb.client import lookup, text_of
from errorkb.config import DEFAULT_TIMEOUT, configured_bundle, configured_url
from errorkb.errors import ErrorkbError
from errorkb.results import Match
from errorkb.terminal import hint

SECTION = "errorkb"


class Cards:
    def __init__(self, *, url: str | None, bundle: str | None, timeout: float) -> None:
        self.url, self.bundle, self.timeout = url, bundle, timeout
        self.spent = 0.0  # seconds spent waiting for lookups in this run
        self.known: dict[str, Match | None] = {}
        self.stopped = "" if configured_bundle(bundle) or configured_url(url) else "no server is configured"
        self.shown = 0
        self.last_failure = ""

    @classmethod
    def from_config(cls, config: pytest.Config) -> Cards:
        timeout = str(config.getini("errorkb_timeout") or "").strip()
        return cls(
            url=config.getoption("errorkb_url") or config.getini("errorkb_url") or None,
            bundle=config.getoption("errorkb_bundle") or config.getini("errorkb_bundle") or None,
            timeout=float(timeout) if timeout else DEFAULT_TIMEOUT,
        )

    def card_of(self, error: BaseException) -> Match | None:
        text = text_of(error)
        if text in self.known:
            return self.known[text]
        left = self.timeout - self.spent
        if self.stopped or left <= 0:
            self.stopped = self.stopped or f"the run's {self.timeout:g} s of waiting for the server are spent"
            return None
        started = time.monotonic()
        try:
            result = lookup(text, url=self.url, bundle=self.bundle, timeout=left)
        except (TimeoutError, ConnectionError) as failed:  # ServerTimeout, ServerUnreachable: a server not to wait for
            self.stopped = f"stopped asking: {failed}"
            return None
        except (ErrorkbError, OSError, ValueError) as failed:
            self.known[text] = None
            self.last_failure = str(failed)
            return None
        finally:
            if not configured_bundle(self.bundle):
                self.spent += time.monotonic() - started
        match = next((found for found in result.matches if found.confident), None)
        self.known[text] = match
        return match

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        report = yield
        excinfo = call.excinfo
        if report.failed and excinfo is not None and not excinfo.errisinstance(_OUTCOMES):
            match = self.card_of(excinfo.value)
            if match is not None:
                report.sections.append((SECTION, hint(match)))
                self.shown += 1
        return report

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if self.stopped:
            terminalreporter.write_line(f"errorkb: {self.stopped}")


# pytest.fail(), pytest.skip() and pytest.exit() end a test with pytest's own exceptions: no error to explain.
_OUTCOMES = (pytest.fail.Exception, pytest.skip.Exception, pytest.exit.Exception)

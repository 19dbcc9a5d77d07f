"""What the pytest plugin (errorkb.pytest_plugin) registers once enabled: the lookups of failing tests' errors,
kept for the run, within one budget of waiting for the whole run."""

from __future__ import annotations

import time
from collections.abc import Generator

import pytest

from errorkb.client import lookup, text_of, where
from errorkb.config import configured_timeout
from errorkb.errors import ErrorkbError, NotConfigured
from errorkb.results import Match
from errorkb.terminal import hint

SECTION = "errorkb"


class Cards:
    """The run's lookups: each distinct error asked once; `stopped` says why no more are asked (printed once, in
    the terminal summary)."""

    def __init__(self, *, url: str | None, bundle: str | None, timeout: float) -> None:
        self.url, self.bundle, self.timeout = url, bundle, timeout
        self.spent = 0.0  # seconds spent waiting for the server in this run
        self.known: dict[str, Match | None] = {}
        self.stopped = ""
        try:
            self.offline = where(url, bundle)[0] == "bundle"  # a bundle is no server to wait for
        except NotConfigured:
            self.offline, self.stopped = False, "no server is configured (ERRORKB_URL, errorkb_url or --errorkb-url)"

    @classmethod
    def from_config(cls, config: pytest.Config) -> Cards:
        timeout = str(config.getini("errorkb_timeout") or "").strip()
        return cls(
            url=config.getoption("errorkb_url") or config.getini("errorkb_url") or None,
            bundle=config.getoption("errorkb_bundle") or config.getini("errorkb_bundle") or None,
            timeout=configured_timeout(float(timeout) if timeout else None),
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
        except ErrorkbError:  # this answer was refused or malformed; the next may not be
            self.known[text] = None
            return None
        except Exception as failed:  # an unreadable bundle, anything else: never the test run's failure
            self.stopped = f"stopped asking: {type(failed).__name__}: {failed}"
            return None
        finally:
            if not self.offline:
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
        return report

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if self.stopped:
            terminalreporter.write_line(f"errorkb: {self.stopped}")


# pytest.fail(), pytest.skip() and pytest.exit() end a test with pytest's own exceptions: no error to explain.
_OUTCOMES = (pytest.fail.Exception, pytest.skip.Exception, pytest.exit.Exception)

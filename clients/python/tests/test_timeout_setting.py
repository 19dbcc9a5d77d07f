"""ERRORKB_TIMEOUT: how long the client waits for the server when no argument says; a malformed value is the
default (the excepthook must not fail for its own setting), and a server slower than it gets no card."""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from errorkb_fake_server import TITLE, FakeServer, SilentServer

from errorkb.config import DEFAULT_TIMEOUT, configured_timeout

FAILING = "raise ValueError('the program failed')\n"


@pytest.fixture
def server() -> Iterator[FakeServer]:
    fake = FakeServer()
    yield fake
    fake.close()


def run(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """`python -m errorkb run` of a failing program with `env` as errorkb's whole environment."""
    app = tmp_path / "app.py"
    app.write_text(FAILING)
    environment = {k: v for k, v in os.environ.items() if not k.startswith("ERRORKB_")} | env
    command = [sys.executable, "-m", "errorkb", "run", str(app)]
    return subprocess.run(command, capture_output=True, text=True, env=environment, timeout=120)


def test_an_argument_wins_over_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ERRORKB_TIMEOUT", "30")
    assert configured_timeout(5.0) == 5.0


@pytest.mark.parametrize(("value", "seconds"), [(" 12.5 ", 12.5), ("86400", 86_400.0), ("0.01", 0.01)])
def test_the_environment_sets_the_timeout(monkeypatch: pytest.MonkeyPatch, value: str, seconds: float) -> None:
    monkeypatch.setenv("ERRORKB_TIMEOUT", value)
    assert configured_timeout() == seconds


@pytest.mark.parametrize("value", ["", "soon", "-1", "0", "nan", "inf", "1e999", "86401", "9" * 70_000])
def test_a_malformed_value_is_the_default(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("ERRORKB_TIMEOUT", value)
    assert configured_timeout() == DEFAULT_TIMEOUT == 2.0


def test_the_excepthook_gives_up_after_errorkb_timeout(tmp_path: Path) -> None:
    silent = SilentServer()
    try:
        ran = run(tmp_path, ERRORKB_URL=silent.url, ERRORKB_TIMEOUT="0.3", ERRORKB_VERBOSE="1")
    finally:
        silent.close()
    assert ran.returncode == 1
    *_, error, said = ran.stderr.splitlines()
    assert error == "ValueError: the program failed"
    waited = re.fullmatch(r"errorkb: the lookup failed: .* did not answer within ([\d.e-]+) s", said)
    assert waited and float(waited.group(1)) <= 0.2  # 0.3 s less the margin kept for the program's exit


def test_a_server_slower_than_the_default_answers_within_errorkb_timeout(tmp_path: Path, server: FakeServer) -> None:
    server.replies["/api/match"] = dataclasses.replace(server.replies["/api/match"], delay=2.5)
    ran = run(tmp_path, ERRORKB_URL=server.url, ERRORKB_TIMEOUT="60")
    assert ran.returncode == 1
    assert f"\nerrorkb: {TITLE}  [not yet reviewed]\n" in ran.stderr

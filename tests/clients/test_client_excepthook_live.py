"""The excepthook in real subprocesses against a live errorkb: the traceback as Python prints it, then the card
found in the database; against a closed port and a socket that never answers, the program's own output and exit
status only. Durations are not asserted: output and status are."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_django.live_server_helper import LiveServer

FIELD_ERROR = "2f70a93935f33691"
PROGRAM = """
from django.core.exceptions import FieldError

def post_list():
    raise FieldError(
        "Cannot resolve keyword 'titel' into field. Choices are: author, author_id, id, published_at, title"
    )

post_list()
"""


@pytest.fixture
def program(tmp_path: Path) -> Path:
    path = tmp_path / "blog.py"
    path.write_text(PROGRAM)
    return path


@pytest.fixture
def silent_url() -> Iterator[str]:
    """A socket that accepts connections (the kernel's backlog) and never answers."""
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen(16)
        yield f"http://127.0.0.1:{listening.getsockname()[1]}"


def closed_url() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def python(*args: str | Path, url: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ERRORKB_")}
    if url:
        env["ERRORKB_URL"] = url
    return subprocess.run([sys.executable, *map(str, args)], capture_output=True, text=True, env=env, timeout=60)


def test_the_card_follows_the_traceback(cards: None, live_server: LiveServer, program: Path) -> None:
    plain = python(program)
    hooked = python("-m", "errorkb", "run", program, url=live_server.url)
    assert hooked.returncode == plain.returncode == 1
    assert hooked.stderr.startswith(plain.stderr)
    card = hooked.stderr[len(plain.stderr) :]
    assert card.startswith("\nerrorkb: Cannot resolve keyword 'titel' into field. Choices are…  [")
    assert f"  {live_server.url}/errors/{FIELD_ERROR}/\n" in card
    assert "A queryset lookup uses a name that is not a field" in card
    assert "First solution:" in card


def test_install_in_the_program_prints_the_same_card(cards: None, live_server: LiveServer, tmp_path: Path) -> None:
    path = tmp_path / "installed.py"
    path.write_text("import errorkb\nerrorkb.install()\n" + PROGRAM)
    ran = python(path, url=live_server.url)
    assert ran.returncode == 1
    assert ran.stderr.startswith("Traceback (most recent call last):\n")
    assert f"{live_server.url}/errors/{FIELD_ERROR}/" in ran.stderr


@pytest.mark.parametrize("down", ["closed port", "never answers"])
def test_a_server_that_does_not_answer_leaves_the_program_as_it_was(program: Path, silent_url: str, down: str) -> None:
    url = closed_url() if down == "closed port" else silent_url
    plain = python(program)
    hooked = python("-m", "errorkb", "run", "--timeout", "0.5", program, url=url)
    assert (hooked.returncode, hooked.stdout, hooked.stderr) == (plain.returncode, plain.stdout, plain.stderr)

"""The excepthook in real subprocesses: the traceback exactly as Python prints it, then the card; the exit status
Python's own; with a server that is down or never answers, the program still ends with its own status and says
nothing more (one line under -v)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from errorkb_fake_server import MESSAGE, TITLE, FakeServer, SilentServer, closed_port_url

FAILING = f"""
class FieldError(Exception):
    pass

def index():
    raise FieldError({MESSAGE!r})

index()
"""


@pytest.fixture
def server() -> Iterator[FakeServer]:
    fake = FakeServer()
    yield fake
    fake.close()


def script(tmp_path: Path, source: str, name: str = "app.py") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(source))
    return path


def python(
    *args: str | Path, url: str | None = None, cwd: Path | None = None, **env: str
) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("ERRORKB_")}
    if url is not None:
        environment["ERRORKB_URL"] = url
        environment["ERRORKB_TIMEOUT"] = "60"  # a loaded machine starts the client slowly; --timeout still wins
    environment.update(env)
    return subprocess.run(
        [sys.executable, *map(str, args)], capture_output=True, text=True, env=environment, cwd=cwd, timeout=60
    )


def test_run_prints_the_traceback_unchanged_then_the_card(tmp_path: Path, server: FakeServer) -> None:
    app = script(tmp_path, FAILING)
    plain = python(app)
    hooked = python("-m", "errorkb", "run", app, url=server.url)
    assert hooked.returncode == plain.returncode == 1
    assert hooked.stdout == plain.stdout
    assert hooked.stderr.startswith(plain.stderr)
    card = hooked.stderr[len(plain.stderr) :]
    assert card.startswith(f"\nerrorkb: {TITLE}  [not yet reviewed]\n  http://errorkb.test/errors/")
    assert "A queryset lookup uses a name that is not a field" in card
    assert "First solution:\n    Fix the spelling of the field:" in card


def test_install_in_the_program_prints_the_card_after_the_traceback(tmp_path: Path, server: FakeServer) -> None:
    app = script(tmp_path, "import errorkb\nerrorkb.install()\n" + FAILING)
    ran = python(app, url=server.url)
    assert ran.returncode == 1
    traceback, _, card = ran.stderr.partition("\nerrorkb: ")
    assert traceback.startswith("Traceback (most recent call last):\n")
    assert traceback.endswith(f"FieldError: {MESSAGE}\n")
    assert card.startswith(TITLE)
    assert server.received[0].json()["text"].endswith(f"FieldError: {MESSAGE}\n")


@pytest.mark.parametrize(
    ("source", "status"),
    [
        ("print('fine')", 0),
        ("import sys\nsys.exit(3)", 3),
        ("raise SystemExit('bye')", 1),
        ("import os\nos._exit(7)", 7),
    ],
)
def test_run_keeps_the_programs_exit_status(tmp_path: Path, server: FakeServer, source: str, status: int) -> None:
    app = script(tmp_path, source)
    plain, hooked = python(app), python("-m", "errorkb", "run", app, url=server.url)
    assert hooked.returncode == plain.returncode == status
    assert (hooked.stdout, hooked.stderr) == (plain.stdout, plain.stderr)


def test_run_passes_the_arguments_and_the_scripts_directory(tmp_path: Path, server: FakeServer) -> None:
    (tmp_path / "helper.py").write_text("VALUE = 'imported next to the script'\n")
    app = script(tmp_path, "import sys, helper\nprint(sys.argv, helper.VALUE, __name__)")
    ran = python("-m", "errorkb", "run", app, "--flag", "x", url=server.url, cwd=Path("/"))
    assert ran.returncode == 0
    assert ran.stdout == f"[{str(app)!r}, '--flag', 'x'] imported next to the script __main__\n"


def test_a_keyboard_interrupt_ends_the_program_as_python_does(tmp_path: Path, server: FakeServer) -> None:
    app = script(tmp_path, "raise KeyboardInterrupt")
    plain, hooked = python(app), python("-m", "errorkb", "run", app, url=server.url)
    assert hooked.returncode == plain.returncode
    assert hooked.stderr == plain.stderr
    assert server.received == []


@pytest.mark.parametrize("down", ["closed port", "never answers"])
def test_a_dead_server_changes_nothing(tmp_path: Path, down: str) -> None:
    silent = SilentServer()
    url = closed_port_url() if down == "closed port" else silent.url
    try:
        app = script(tmp_path, FAILING)
        plain = python(app)
        hooked = python("-m", "errorkb", "run", "--timeout", "0.5", app, url=url)
        verbose = python("-m", "errorkb", "-v", "run", "--timeout", "0.5", app, url=url)
    finally:
        silent.close()
    assert hooked.returncode == verbose.returncode == plain.returncode == 1
    assert hooked.stderr == plain.stderr
    assert verbose.stderr.startswith(plain.stderr)
    said = verbose.stderr[len(plain.stderr) :]
    assert said.count("\n") == 1 and said.startswith("errorkb: the lookup failed: ")


def test_with_no_server_nothing_is_sent_or_printed(tmp_path: Path) -> None:
    app = script(tmp_path, FAILING)
    plain, hooked = python(app), python("-m", "errorkb", "run", app)
    assert (hooked.returncode, hooked.stderr) == (plain.returncode, plain.stderr)
    verbose = python("-m", "errorkb", "run", app, ERRORKB_VERBOSE="1")
    assert (
        verbose.stderr
        == plain.stderr + "errorkb: no server is configured (ERRORKB_URL or ERRORKB_BUNDLE): nothing was sent\n"
    )


def test_a_thread_s_uncaught_error_gets_its_card(tmp_path: Path, server: FakeServer) -> None:
    source = (
        "import threading\n"
        + FAILING.replace("index()\n", "")
        + ("worker = threading.Thread(target=index)\nworker.start()\nworker.join()\nprint('main goes on')\n")
    )
    app = script(tmp_path, "import errorkb\nerrorkb.install()\n" + source)
    ran = python(app, url=server.url)
    assert ran.returncode == 0 and ran.stdout == "main goes on\n"
    assert ran.stderr.startswith("Exception in thread Thread-1 (index):\nTraceback (most recent call last):\n")
    assert f"FieldError: {MESSAGE}\n\nerrorkb: {TITLE}" in ran.stderr


def test_a_match_by_type_only_is_not_printed(tmp_path: Path, server: FakeServer) -> None:
    from errorkb_fake_server import answer_json, json_reply, match_json

    server.replies["/api/match"] = json_reply(answer_json(match_json(exact=False, raise_site=False)))
    app = script(tmp_path, FAILING)
    plain, hooked = python(app), python("-m", "errorkb", "run", app, url=server.url)
    assert hooked.stderr == plain.stderr and len(server.received) == 1


def test_a_script_that_does_not_compile_is_reported_as_python_reports_it(tmp_path: Path, server: FakeServer) -> None:
    from errorkb_fake_server import answer_json, json_reply

    server.replies["/api/match"] = json_reply(answer_json())
    app = script(tmp_path, "x = (\n")
    plain, hooked = python(app), python("-m", "errorkb", "run", app, url=server.url)
    assert (hooked.returncode, hooked.stderr) == (plain.returncode, plain.stderr)
    assert "SyntaxError: '(' was never closed" in hooked.stderr

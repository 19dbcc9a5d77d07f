"""The `errorkb` command in subprocesses: lookup from an argument or standard input, --json, explain; the exit
status says whether anything matched (0), nothing did (1), or the call failed (2)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from errorkb_fake_server import (
    ENTRY,
    MESSAGE,
    TITLE,
    TRACEBACK,
    FakeServer,
    answer_json,
    card_json,
    closed_port_url,
    json_reply,
    problem,
)


@pytest.fixture
def server() -> Iterator[FakeServer]:
    fake = FakeServer()
    yield fake
    fake.close()


def errorkb(*args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("ERRORKB_")}
    environment.update({"ERRORKB_TIMEOUT": "60", **env})  # a loaded machine answers slowly; --timeout still wins
    return subprocess.run(
        [sys.executable, "-m", "errorkb", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
    )


def test_a_traceback_on_stdin_matches(server: FakeServer) -> None:
    ran = errorkb("lookup", "-", "--url", server.url, stdin=TRACEBACK)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.startswith(f"1. {TITLE}  [not yet reviewed]\n   {ENTRY}  exact match  score 120  published\n")
    assert "raised at django/db/models/sql/query.py:1768 in Query.names_to_path" in ran.stdout
    assert "/home/alice" not in server.sent_text()


def test_no_argument_reads_stdin_and_the_url_comes_from_the_environment(server: FakeServer) -> None:
    ran = errorkb("lookup", stdin=MESSAGE, ERRORKB_URL=server.url)
    assert ran.returncode == 0 and TITLE in ran.stdout
    assert server.received[0].json()["text"] == MESSAGE


def test_json_output_is_the_typed_results(server: FakeServer) -> None:
    ran = errorkb("lookup", MESSAGE, "--url", server.url, "--json")
    answer = json.loads(ran.stdout)
    assert ran.returncode == 0
    assert answer["origin"] == server.url
    match = answer["matches"][0]
    assert (match["id"], match["title"], match["review_state"]) == (ENTRY, TITLE, "generated")
    assert match["sources"][0]["line"] == 1768


def test_nothing_matched_exits_1(server: FakeServer) -> None:
    server.replies["/api/match"] = json_reply(answer_json())
    ran = errorkb("lookup", "nothing like it", "--url", server.url)
    assert (ran.returncode, ran.stdout) == (1, "No entry matches.\n")


def test_values_redaction_is_asked_on_the_command_line(server: FakeServer) -> None:
    errorkb("lookup", "ValueError: no user 'alice' with id 4211", "--url", server.url, "--redact", "values")
    assert server.received[0].json()["text"] == "ValueError: no user '…' with id N"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("lookup", MESSAGE), "no errorkb server is configured"),
        (("lookup", "  "), "nothing to look up"),
        (("lookup", MESSAGE, "--url", "ftp://example.org"), "http:// or https://"),
        (("lookup", MESSAGE, "--url", "http://127.0.0.1:9", "--limit", "0"), "--limit must be between 1 and 50"),
    ],
)
def test_usage_and_configuration_errors_exit_2(args: tuple[str, ...], says: str) -> None:
    ran = errorkb(*args)
    assert ran.returncode == 2 and says in ran.stderr and ran.stdout == ""


def test_an_unknown_option_is_a_usage_error() -> None:
    assert errorkb("lookup", "--nope").returncode == 2


def test_a_server_that_is_down_or_failing_exits_2(server: FakeServer) -> None:
    down = errorkb("lookup", MESSAGE, "--url", closed_port_url())
    assert down.returncode == 2 and down.stderr.startswith("errorkb: ") and "could not be reached" in down.stderr
    server.replies["/api/match"] = problem(503, "Service Unavailable", "The lookup took too long.")
    failing = errorkb("lookup", MESSAGE, "--url", server.url)
    assert failing.returncode == 2 and "503 Service Unavailable: The lookup took too long." in failing.stderr


def test_explain_prints_the_card(server: FakeServer) -> None:
    server.replies[f"/api/errors/{ENTRY}"] = json_reply(card_json())
    ran = errorkb("explain", ENTRY, "--url", server.url)
    assert ran.returncode == 0
    assert ran.stdout.startswith(
        f"{TITLE}\n  django/django, published, reviewed\n  http://errorkb.test/errors/{ENTRY}/\n"
    )
    assert "What it means\n  A queryset lookup uses a name that is not a field.\n" in ran.stdout
    assert "Solutions\n  1. Fix the spelling.\n" in ran.stdout


def test_explain_as_json(server: FakeServer) -> None:
    server.replies[f"/api/errors/{ENTRY}"] = json_reply(card_json())
    ran = errorkb("explain", ENTRY, "--url", server.url, "--json")
    card = json.loads(ran.stdout)
    assert ran.returncode == 0 and (card["id"], card["review_state"]) == (ENTRY, "reviewed")


def test_explain_of_an_unknown_entry_exits_1(server: FakeServer) -> None:
    ran = errorkb("explain", "0000000000000000", "--url", server.url)
    assert ran.returncode == 1 and "no entry '0000000000000000'" in ran.stderr


def test_terminal_escapes_from_the_server_are_not_printed(server: FakeServer) -> None:
    from errorkb_fake_server import match_json

    server.replies["/api/match"] = json_reply(answer_json(match_json(title="Evil \x1b]0;pwned\x07\x1b[2J title")))
    ran = errorkb("lookup", MESSAGE, "--url", server.url)
    assert "\x1b" not in ran.stdout and "Evil ]0;pwned[2J title" in ran.stdout


def test_the_console_script_is_the_same_command(server: FakeServer) -> None:
    script = shutil.which("errorkb", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip("the errorkb console script is not installed next to this Python")
    ran = subprocess.run([script, "lookup", MESSAGE, "--url", server.url], capture_output=True, text=True, timeout=60)
    assert ran.returncode == 0 and TITLE in ran.stdout

"""`errorkb lookup` and `errorkb explain` against a live errorkb: the exit status says whether something matched."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from pytest_django.live_server_helper import LiveServer

FIELD_ERROR = "2f70a93935f33691"
MESSAGE = "Cannot resolve keyword 'titel' into field. Choices are: author, author_id, id, published_at, title"


def errorkb(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ERRORKB_")}
    return subprocess.run(
        [sys.executable, "-m", "errorkb", *args], input=stdin, capture_output=True, text=True, env=env, timeout=60
    )


def test_lookup_from_stdin_as_json(cards: None, live_server: LiveServer) -> None:
    ran = errorkb("lookup", "-", "--url", live_server.url, "--json", stdin=f"FieldError: {MESSAGE}\n")
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout)["matches"][0]["id"] == FIELD_ERROR


def test_nothing_matched_exits_1(cards: None, live_server: LiveServer) -> None:
    ran = errorkb("lookup", "zzqx wholly unknown words qqzz", "--url", live_server.url)
    assert ran.returncode == 1 and ran.stdout.startswith("No entry matches.")


def test_explain_prints_the_card(cards: None, live_server: LiveServer) -> None:
    ran = errorkb("explain", FIELD_ERROR, "--url", live_server.url)
    assert ran.returncode == 0
    assert ran.stdout.startswith(
        "Cannot resolve keyword 'titel' into field. Choices are…\n  django/django, published, "
    )
    assert "What it means\n" in ran.stdout and "Raised at\n  django/db/models/sql/query.py:1813" in ran.stdout

"""gunicorn as deployed (`gunicorn -c config/gunicorn.py config.wsgi`): the master builds the lookup index before
it forks, both workers answer from it, and a change reaches them within the refresh window, no lookup waiting."""

import json
import os
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.core.cache import cache
from django.db import connection

from kb.matching.live import REFRESH_SECONDS
from kb.models import Catalogue, ErrorEntry
from tests.factories import ErrorEntryFactory

pytestmark = pytest.mark.django_db(transaction=True)  # gunicorn's processes must see the rows: committed

OLD, OLD_SIGNATURE = "Gizmo 7 cannot spin: jammed", "Gizmo {name} cannot spin: {why}"
NEW, NEW_SIGNATURE = "Gizmo 7 refuses to spin: jammed", "Gizmo {name} refuses to spin: {why}"


class Server:
    def __init__(self, tmp_path: Path) -> None:
        database = urlsplit(os.environ["DATABASE_URL"])._replace(path="/" + connection.settings_dict["NAME"])
        self.port = 20000 + (os.getpid() + 7) % 20000
        self.access_log = tmp_path / "access.log"
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "SECRET_KEY": "Zq8#vT2@pL9!mW4$xR7%nB1^cY6&hJ3*gF5(dK0)sA-" * 2,
            "DATABASE_URL": database.geturl(),
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "0",
            "THROTTLE_MATCH": "100000/minute",
            "CONN_MAX_AGE": "0",
            "GUNICORN_BIND": f"127.0.0.1:{self.port}",
            "GUNICORN_WORKERS": "2",
        }
        self.log = tmp_path / "gunicorn.log"
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "-c",
                "config/gunicorn.py",
                "config.wsgi",
                "--access-logfile",
                str(self.access_log),
                "--access-logformat",
                "%(p)s %(s)s %(U)s",
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=self.log.open("w"),
        )

    def wait_until_ready(self) -> None:
        for _ in range(240):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=2):
                    return
            except OSError:
                assert self.process.poll() is None, self.log.read_text()
                time.sleep(0.25)
        raise AssertionError(self.log.read_text())

    def lookup(self, text: str) -> list[str]:
        """The messages of the exact matches."""
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/api/match",
            data=json.dumps({"text": text}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            matches = json.load(response)["matches"]
        return [match["message"] for match in matches if match["exact"]]

    def burst(self, text: str, count: int = 24) -> list[list[str]]:
        """Lookups eight at a time: more than the workers, so that both answer some."""
        with ThreadPoolExecutor(8) as pool:
            return list(pool.map(self.lookup, [text] * count))

    def burst_until_both_answer(self, text: str, *, seconds: float = 30) -> list[list[str]]:
        """Bursts until both workers have answered: the second may still be starting when the first is ready, and
        on a busy machine one worker can accept a whole burst."""
        since = len(self.access_log.read_text().splitlines())
        deadline = time.monotonic() + seconds
        answers = self.burst(text)
        while len(self.answering_workers(since=since)) < 2 and time.monotonic() < deadline:
            answers += self.burst(text)
        return answers

    def answering_workers(self, since: int = 0) -> set[str]:
        lines = self.access_log.read_text().splitlines()[since:]
        return {line.split()[0] for line in lines if line.endswith("/api/match") and " 200 " in line}

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


@pytest.fixture
def server(tmp_path):
    ErrorEntryFactory(message=OLD, signature=OLD_SIGNATURE)
    started = Server(tmp_path)
    try:
        started.wait_until_ready()
        yield started
    finally:
        started.stop()
        # The workers counted their lookups from 127.0.0.1 in the shared cache (a table no flush empties): left
        # there, they would throttle the next tests' lookups from the same address.
        cache.clear()


def test_both_workers_answer_from_the_index_the_master_built_before_forking(server):
    answers = server.burst_until_both_answer("Gizmo 3 cannot spin: rusty")
    assert {tuple(messages) for messages in answers} == {(OLD,)}
    assert len(server.answering_workers()) == 2
    assert "Lookup index built in the master" in server.log.read_text()


def test_a_change_is_answered_by_both_workers_once_refreshed(server):
    server.burst("Gizmo 3 cannot spin: rusty")
    entry = ErrorEntry.objects.get(signature=OLD_SIGNATURE)
    entry.message, entry.signature = NEW, NEW_SIGNATURE
    entry.save()
    Catalogue.touch()
    # A deadline for a change that never comes, not a speed target: generous, as any busy machine needs.
    deadline = time.monotonic() + REFRESH_SECONDS + 120
    while True:
        answers = server.burst("Gizmo 3 refuses to spin: rusty", count=8)
        if all(messages == [NEW] for messages in answers):
            break
        if time.monotonic() > deadline:
            pytest.fail("the change never reached the workers")
    logged = len(server.access_log.read_text().splitlines())
    settled = server.burst_until_both_answer("Gizmo 3 refuses to spin: rusty")
    assert {tuple(messages) for messages in settled} == {(NEW,)}
    assert len(server.answering_workers(since=logged)) == 2
    assert server.burst("Gizmo 3 cannot spin: rusty", count=4)[0] == []
    # That no lookup waits for the refresh is tests/matching/test_live_swap.py's (the build held on an event); the
    # latencies are bench/http's.

"""The whole loop: harvest a repository, run its code until it fails, paste the real traceback."""

import io
import subprocess
import sys

from django.core.management import call_command

SOURCE = """
class Pool:
    def __init__(self, size):
        self.size = size

    def acquire(self, timeout):
        if timeout < 0:
            raise ValueError(f"timeout must be non-negative, got {timeout}")
        return self._take(timeout)

    def _take(self, timeout):
        raise RuntimeError(f"Pool of {self.size} connections exhausted after {timeout}s")
"""

CRASH = "from pool.core import Pool\nPool(4).acquire(2.5)\n"


def test_a_real_traceback_from_a_harvested_repository_finds_its_raise_site(client, db, git_repo):
    git_repo.write("pool/__init__.py", "")
    git_repo.write("pool/core.py", SOURCE)
    sha = git_repo.commit("first")
    call_command("harvest", str(git_repo.root), "--repo", "acme/pool", "--no-progress", stdout=io.StringIO())

    crashed = subprocess.run([sys.executable, "-c", CRASH], cwd=git_repo.root, capture_output=True, text=True)
    assert "RuntimeError: Pool of 4 connections exhausted after 2.5s" in crashed.stderr

    response = client.post("/api/match", {"text": crashed.stderr}, content_type="application/json")
    best = response.json()["matches"][0]
    assert best["exact"] is True
    assert best["exception_type"] == "RuntimeError"
    assert best["params"] == {"size": "4", "timeout": "2.5"}
    assert best["sources"][0]["path"] == "pool/core.py"
    assert best["sources"][0]["function"] == "Pool._take"
    assert best["sources"][0]["line"] == 11  # the file starts at "class Pool:"
    assert 'core.py", line 11, in _take' in crashed.stderr
    assert best["sources"][0]["commit"] == sha
    assert any("pool/core.py" in str(reason) for reason in best["why"]), best["why"]

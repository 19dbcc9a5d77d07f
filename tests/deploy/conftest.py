"""Fixtures of the deployment tests: the Debian programs they run (redis-server, nginx) and a child process's
environment on the test's committed database."""

import os
import subprocess

import pytest
from django.db import connections


def _needs(program: str) -> None:
    """Skip a test whose Debian package is missing here, but never in CI (.ci/run installs it)."""
    import shutil

    if shutil.which(program) is None and not os.environ.get("CI"):
        pytest.skip(f"{program} is not installed")


@pytest.fixture
def redis_url():
    """A throwaway redis-server for this test, started by scripts/with-redis; yields its REDIS_URL."""
    _needs("redis-server")
    # with-redis runs `cat` until its stdin closes, then stops the server and removes its directory.
    server = subprocess.Popen(
        ["scripts/with-redis", "sh", "-c", 'echo "$REDIS_URL"; exec cat'],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={name: value for name, value in os.environ.items() if name != "REDIS_URL"},
    )
    assert server.stdin is not None and server.stdout is not None
    try:
        yield server.stdout.readline().strip()
    finally:
        server.stdin.close()
        server.wait(timeout=30)


@pytest.fixture
def committed_database_env(transactional_db) -> dict[str, str]:
    """The environment of a child process that uses this test's (committed) database, with test settings."""
    from urllib.parse import urlsplit

    name = connections["default"].settings_dict["NAME"]
    url = urlsplit(os.environ["DATABASE_URL"])._replace(path="/" + name).geturl()
    return {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "config.settings.test"}


@pytest.fixture
def nginx() -> str:
    """The path of Debian's nginx (.ci/run installs it)."""
    import shutil

    _needs("nginx")
    return shutil.which("nginx") or "/usr/sbin/nginx"

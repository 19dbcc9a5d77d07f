"""deploy/nginx.conf, run for real by Debian's nginx in front of two gunicorns: static files come from nginx,
every other request is spread over both. Adapted to localhost: its own ports and files, and an upstream block
of the two gunicorns in place of Docker's DNS name `web` (which the resolver would otherwise look up)."""

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

HASHED_ASSET = "site.0123456789ab.css"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"deploy/nginx.conf no longer has {old!r} once: adapt this test"
    return text.replace(old, new)


def localhost_config(tmp: Path, port: int, static: Path, upstreams: list[int]) -> Path:
    config = Path("deploy/nginx.conf").read_text()
    config = replace_once(config, "worker_processes auto;", "worker_processes 1;\nuser root;")
    config = replace_once(config, "pid /tmp/nginx.pid;", f"pid {tmp}/nginx.pid;")
    config = replace_once(config, "error_log stderr warn;", f"error_log {tmp}/error.log warn;")
    config = replace_once(config, "listen 80;", f"listen 127.0.0.1:{port};")
    config = config.replace("/srv/static/", f"{static}/")
    servers = "".join(f"server 127.0.0.1:{upstream}; " for upstream in upstreams)
    temp_paths = "".join(
        f"{kind}_temp_path {tmp}/{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    config = replace_once(config, "    server {", f"    upstream local_web {{ {servers}}}\n{temp_paths}    server {{")
    config = replace_once(config, "set $web http://web:8000;", "set $web http://local_web;")
    path = tmp / "nginx.conf"
    path.write_text(config)
    return path


# Deadlines for what never comes, not speed targets: a gunicorn that loads Django on a machine at a load of 8 on two
# cores takes many seconds, and nothing here should depend on how fast a process starts.
DEADLINE = 120.0


def wait_for(port: int, process: subprocess.Popen, path: str | None = None) -> None:
    """Until something listens on `port` (and, given a path, answers it with a 200: the app is loaded)."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        assert process.poll() is None, "the server exited"
        try:
            if path is None:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return
            if get(port, path)[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.05)
    pytest.fail(f"nothing answers on port {port} after {DEADLINE:g} s")


def get(port: int, path: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}")
    try:
        with urllib.request.urlopen(request, timeout=DEADLINE) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    process.wait(timeout=30)


@pytest.fixture
def gunicorns(tmp_path) -> Iterator[list[tuple[int, Path]]]:
    """Two gunicorns with the test settings, each logging the requests it answered, each with its app loaded (a
    first request answered), and their logs emptied of that request."""
    started = []
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test"}
    for number in (1, 2):
        port, log = free_port(), tmp_path / f"access-{number}.log"
        command = [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "1",
            "--access-logfile",
            str(log),
        ]
        started.append((subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL), port, log))
    try:
        for process, port, log in started:
            wait_for(port, process, "/healthz")
            wait_until(lambda log=log: len(answered(log)) >= 1)
            log.write_text("")
        yield [(port, log) for _, port, log in started]
    finally:
        for process, _, _ in started:
            stop(process)


@pytest.fixture
def proxy(nginx, tmp_path, gunicorns) -> Iterator[int]:
    static = tmp_path / "static"
    (static / "kb").mkdir(parents=True)
    (static / HASHED_ASSET).write_text("body { color: teal }\n")
    (static / "kb" / "plain.js").write_text("// not hashed\n")
    port = free_port()
    config = localhost_config(tmp_path, port, static, [upstream for upstream, _ in gunicorns])
    process = subprocess.Popen([nginx, "-c", str(config), "-p", str(tmp_path), "-g", "daemon off;"])
    try:
        wait_for(port, process)
        yield port
    finally:
        stop(process)


def answered(log: Path) -> list[str]:
    return re.findall(r'"GET (\S+)', log.read_text())


def wait_until(condition) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"still not so after {DEADLINE:g} s")
        time.sleep(0.05)


def answered_by_each(gunicorns: list[tuple[int, Path]], total: int) -> list[int]:
    """How many requests each gunicorn logged, once their logs (written after the response) add up."""
    wait_until(lambda: sum(len(answered(log)) for _, log in gunicorns) >= total)
    return [len(answered(log)) for _, log in gunicorns]


def test_the_configuration_passes_nginxs_own_check(nginx, tmp_path):
    config = localhost_config(tmp_path, free_port(), tmp_path, [free_port(), free_port()])
    result = subprocess.run([nginx, "-t", "-c", str(config), "-p", str(tmp_path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_nginx_spreads_requests_over_both_web_replicas(proxy, gunicorns):
    statuses = [get(proxy, "/healthz")[0] for _ in range(10)]

    assert statuses == [200] * 10
    assert answered_by_each(gunicorns, total=10) == [5, 5]


def test_nginx_serves_hashed_static_files_itself_cached_for_a_year(proxy, gunicorns):
    status, headers, body = get(proxy, f"/static/{HASHED_ASSET}")

    assert status == 200
    assert body == b"body { color: teal }\n"
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert headers["Content-Type"] == "text/css"
    assert "X-Frame-Options" not in headers  # every response of Django's has it
    assert not any(answered(log) for _, log in gunicorns)


def test_unhashed_static_files_are_cached_briefly_and_missing_ones_never_reach_django(proxy, gunicorns):
    status, headers, _ = get(proxy, "/static/kb/plain.js")
    missing, missing_headers, _ = get(proxy, "/static/kb/missing.js")

    assert (status, headers["Cache-Control"]) == (200, "public, max-age=60")
    assert missing == 404
    assert "X-Frame-Options" not in missing_headers  # every response of Django's has it
    assert not any(answered(log) for _, log in gunicorns)


def test_nginx_has_a_health_check_of_its_own(proxy):
    assert get(proxy, "/nginx-health")[:1] == (200,)

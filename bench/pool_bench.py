"""Database connections under load: a new one per request, persistent ones (CONN_MAX_AGE), or psycopg's pool.

    scripts/with-postgres .venv/bin/python bench/pool_bench.py                 # 2 rounds of 5 s per request
    scripts/with-postgres .venv/bin/python bench/pool_bench.py --seconds 3 --rounds 1

Loads the fixtures into DATABASE_URL's database (migrate, createcachetable, import_errors), then for each
worker model (2 sync workers; 2 gthread workers of 4 threads) and each connection mode starts gunicorn with
`config.settings.production` and runs wrk (Debian's `wrk`: 2 threads, 8 connections, on the same cores) against
`/healthz` (no query), a card's JSON and `/api/errors?search=`, round after round; the median round counts.
Modes: `new` (CONN_MAX_AGE=0: a connection opened and closed per request), `persistent` (CONN_MAX_AGE=60, the
default without the pool), `pool` (DATABASE_POOL=true, min 1 / max 4 per process). Printed: requests per second
and the ratio to `new` for the same request and worker model. Throttles are set high enough never to refuse
(they are still counted). Any response other than 2xx/3xx fails the run.

scripts/with-postgres's server listens on a unix socket, the cheapest connection there is; over TCP, and more
so with TLS, a new connection costs more than measured here.
"""

import argparse
import os
import re
import secrets
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

REQUESTS = {
    "/healthz": "/healthz",
    "card JSON": "/api/errors/b774bfdff5235dcd",
    "search": "/api/errors?search=transfer",
}
MODES = {
    "new": {"CONN_MAX_AGE": "0"},
    "persistent": {"CONN_MAX_AGE": "60"},
    "pool": {"DATABASE_POOL": "true", "DATABASE_POOL_MIN_SIZE": "1", "DATABASE_POOL_MAX_SIZE": "4"},
}
WORKERS = {
    "sync": ["--workers", "2"],
    "gthread": ["--workers", "2", "--worker-class", "gthread", "--threads", "4"],
}


def environment(mode: str) -> dict[str, str]:
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in {"CONN_MAX_AGE", "DATABASE_POOL", "DATABASE_POOL_MIN_SIZE", "DATABASE_POOL_MAX_SIZE"}
    }
    return {
        **env,
        **MODES[mode],
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "SECRET_KEY": secrets.token_urlsafe(60),
        "SECURE_SSL_REDIRECT": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "THROTTLE_SEARCH": "100000000/hour",
        "LOG_LEVEL": "WARNING",
    }


def prepare() -> None:
    env = environment("new")
    for command in (["migrate", "--noinput"], ["createcachetable"], ["import_errors", *sorted(
        str(path) for path in (ROOT / "fixtures").glob("*.json"))]):  # fmt: skip
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(mode: str, workers: str, port: int) -> subprocess.Popen:
    command = [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind", f"127.0.0.1:{port}",
               *WORKERS[workers]]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, env=environment(mode), stderr=subprocess.DEVNULL)
    for _ in range(400):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as answer:
                if answer.status == 200:
                    return server
        except OSError:
            time.sleep(0.05)
    server.terminate()
    raise SystemExit(f"gunicorn ({mode}, {workers}) did not become ready")


def wrk(port: int, path: str, seconds: int) -> float:
    url = f"http://127.0.0.1:{port}{path}"
    out = subprocess.run(["wrk", "-t2", "-c8", f"-d{seconds}s", url], capture_output=True, text=True, check=True)
    if "Non-2xx or 3xx responses" in out.stdout:
        raise SystemExit(f"{path} answered errors:\n{out.stdout}")
    found = re.search(r"Requests/sec:\s+([\d.]+)", out.stdout)
    if not found:
        raise SystemExit(out.stdout + out.stderr)
    return float(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=2)
    arguments = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("Run under scripts/with-postgres (DATABASE_URL must name PostgreSQL).")
    prepare()
    results: dict[tuple[str, str, str], list[float]] = {}
    for round_number in range(arguments.rounds):
        # Alternate the order from round to round, so that drift in the machine's load favours no mode.
        modes = list(MODES) if round_number % 2 == 0 else list(reversed(MODES))
        for workers in WORKERS:
            for mode in modes:
                port = free_port()
                server = start(mode, workers, port)
                try:
                    for name, path in REQUESTS.items():
                        wrk(port, path, 1)  # warm: imports, the cache, the pool
                        results.setdefault((workers, mode, name), []).append(wrk(port, path, arguments.seconds))
                finally:
                    server.terminate()
                    server.wait(timeout=30)
    print(f"{'workers':<8} {'request':<10} " + " ".join(f"{mode:>18}" for mode in MODES))
    for workers in WORKERS:
        for name in REQUESTS:
            baseline = statistics.median(results[(workers, "new", name)])
            cells = []
            for mode in MODES:
                rate = statistics.median(results[(workers, mode, name)])
                cells.append(f"{rate:>9.0f} ({rate / baseline:>4.2f}x)")
            print(f"{workers:<8} {name:<10} " + " ".join(f"{cell:>18}" for cell in cells))


if __name__ == "__main__":
    main()

"""Database connections under load: a new one per request, persistent ones (CONN_MAX_AGE), or psycopg's pool.

    scripts/with-postgres .venv/bin/python bench/pool_bench.py                 # 3 rounds of 3 s per request
    scripts/with-postgres .venv/bin/python bench/pool_bench.py --seconds 3 --rounds 1

Loads the fixtures into DATABASE_URL's database (migrate, createcachetable, import_errors), then for each
worker model (2 sync workers; 2 gthread workers of 4 threads) and each connection mode starts gunicorn with
`config.settings.production` and runs wrk (Debian's `wrk`: 2 threads, 8 connections, on the same cores) against
`/healthz` (no query: it shows the noise), a card's JSON and `/api/errors?search=`; the three modes' servers
take turns, round after round, and the median round counts. Then the cost of one connection, new or pooled.
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
    for command in (
        ["migrate", "--noinput"],
        ["createcachetable"],
        ["import_errors", *sorted(str(path) for path in (ROOT / "fixtures").glob("*.json"))],
    ):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(mode: str, workers: str, port: int) -> subprocess.Popen:
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi:application",
        "--bind",
        f"127.0.0.1:{port}",
        *WORKERS[workers],
    ]
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


def connection_costs(samples: int = 200) -> dict[str, float]:
    """Milliseconds to get a connection and run `SELECT 1`: a new one each time, or one borrowed from a pool."""
    from psycopg import connect
    from psycopg_pool import ConnectionPool

    sys.path.insert(0, str(ROOT))
    os.environ.update(environment("new"))
    import django

    django.setup()
    from django.db import connection

    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    costs = {}
    started = time.perf_counter()
    for _ in range(samples):
        with connect(**params) as fresh:
            fresh.execute("SELECT 1")
    costs["new"] = (time.perf_counter() - started) / samples * 1000
    with ConnectionPool(kwargs=params, min_size=1, max_size=1, check=ConnectionPool.check_connection) as pool:
        pool.wait()
        started = time.perf_counter()
        for _ in range(samples):
            with pool.connection() as borrowed:
                borrowed.execute("SELECT 1")
        costs["pool"] = (time.perf_counter() - started) / samples * 1000
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    arguments = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("Run under scripts/with-postgres (DATABASE_URL must name PostgreSQL).")
    prepare()
    results: dict[tuple[str, str, str], list[float]] = {}
    for workers in WORKERS:
        # The three modes' servers run side by side (idle ones cost nothing) and take turns, request by request,
        # in an order that rotates every round, so that drift in the machine's load favours none of them.
        servers = {mode: (port := free_port(), start(mode, workers, port)) for mode in MODES}
        try:
            for name, path in REQUESTS.items():
                for port, _ in servers.values():
                    wrk(port, path, 1)  # warm: imports, the cache, the pool
                for round_number in range(arguments.rounds):
                    order = list(MODES)[round_number % 3 :] + list(MODES)[: round_number % 3]
                    for mode in order:
                        rate = wrk(servers[mode][0], path, arguments.seconds)
                        results.setdefault((workers, mode, name), []).append(rate)
        finally:
            for _, server in servers.values():
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
    costs = connection_costs()
    print(f"a connection + SELECT 1: new {costs['new']:.2f} ms, borrowed from a pool {costs['pool']:.2f} ms")


if __name__ == "__main__":
    main()

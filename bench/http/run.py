"""HTTP throughput at the origin: wrk against gunicorn with the production settings on PostgreSQL.

    scripts/with-postgres .venv/bin/python bench/http/run.py                  # 3 rounds of 5 s per request
    scripts/with-postgres .venv/bin/python bench/http/run.py --seconds 3 --rounds 1
    scripts/with-postgres .venv/bin/python bench/http/run.py --only /api/match    # and the bare views, always

Fills the database first when it holds fewer than --entries entries (migrate, createcachetable, the installed
Django and DRF harvested with --publish, then generated published entries: see fill.py). Then starts gunicorn
(2 sync workers; `config/gunicorn.py` when it exists, else the same as flags) with `config.settings.production`
plus a benchmark URLconf (bench/http/urls.py) whose bare views return the card's own bytes through the same
middleware. wrk (Debian's `wrk`: 2 threads, 8 connections, on the same cores) runs every request for
--seconds, round after round, side by side; the median round counts. Each request's share is of the bare view
that returns the same kind of bytes (JSON for the API, the page for pages). Anonymous throttles are set high
enough never to refuse: they are still counted. Any response other than 2xx/3xx fails the run."""

import argparse
import json
import os
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

TARGETS = {"card JSON": 0.80, "card page": 0.70, "card JSON 304": 0.90, "card page 304": 0.90, "/api/match": 0.60}


@dataclass
class Request:
    name: str
    path: str
    baseline: str  # which bare view it is compared with: "json" or "page"
    headers: dict[str, str] = field(default_factory=dict)
    body: str | None = None
    results: list[float] = field(default_factory=list)


def environment(bare_dir: str) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "bench.http.settings",
        "SECRET_KEY": secrets.token_urlsafe(60),
        "SECURE_SSL_REDIRECT": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "THROTTLE_MATCH": "1000000/hour",
        "THROTTLE_SEARCH": "1000000/hour",
        "LOG_LEVEL": "WARNING",
        "BENCH_BARE_DIR": bare_dir,
        "PYTHONPATH": str(ROOT),
    }


def traceback_of(entry) -> str:
    """Five lines, as a user pastes them: the caller's frame, the entry's raise, the message."""
    site = entry.sites.order_by("position", "id").first()
    path = f"/usr/lib/python3/site-packages/{site.path}" if site else "/srv/app/lib.py"
    function = site.function.rsplit(".", 1)[-1] if site and site.function else "run"
    return (
        "Traceback (most recent call last):\n"
        '  File "/srv/app/views.py", line 12, in handle\n'
        "    return run(request)\n"
        f'  File "{path}", line {site.line if site and site.line else 1}, in {function}\n'
        f"{entry.exception_type.rsplit('.', 1)[-1]}: {entry.message}"
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def gunicorn(port: int, env: dict[str, str]) -> subprocess.Popen:
    command = [str(ROOT / ".venv/bin/gunicorn")]
    if (ROOT / "config/gunicorn.py").exists():
        command += ["-c", "config/gunicorn.py"]
    # A worker builds its lookup index (100k signatures) on its first lookup: longer than gunicorn's default 30 s
    # on a busy machine.
    command += ["--workers", "2", "--worker-class", "sync", "--timeout", "300", "--bind", f"127.0.0.1:{port}"]
    return subprocess.Popen([*command, "config.wsgi"], cwd=ROOT, env=env)


def fetch(url: str, *, body: str | None = None, headers: dict[str, str] | None = None) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(url, data=body.encode() if body else None, headers=headers or {})
    with urllib.request.urlopen(request, timeout=600) as response:
        return response.status, dict(response.headers), response.read()


def wait_until_up(base: str, process: subprocess.Popen) -> None:
    for _ in range(600):
        if process.poll() is not None:
            raise SystemExit("gunicorn exited")
        try:
            fetch(f"{base}/healthz")
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("gunicorn did not answer")


def wrk(base: str, request: Request, seconds: int, scripts: Path, *, strict: bool = True) -> float:
    command = ["wrk", "-t2", "-c8", f"-d{seconds}s", "--timeout", "300s" if not strict else "10s"]
    for name, value in request.headers.items():
        command += ["-H", f"{name}: {value}"]
    if request.body is not None:
        script = scripts / f"{abs(hash(request.name))}.lua"
        script.write_text(f'wrk.method = "POST"\nwrk.body = [==[{request.body}]==]\n')
        command += ["-s", str(script)]
    done = subprocess.run([*command, base + request.path], capture_output=True, text=True, check=False)
    output = done.stdout
    if os.environ.get("BENCH_VERBOSE"):
        print(output, flush=True)
    if done.returncode != 0:
        if not strict:
            return 0.0
        raise SystemExit(f"{request.name}: wrk failed\n{output}{done.stderr}")
    if re.search(r"Non-2xx or 3xx responses: (\d+)", output) or "Socket errors" in output:
        if not strict:
            return 0.0
        raise SystemExit(f"{request.name}: failed requests\n{output}")
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    if strict and rate == 0 and request.name in TARGETS:
        raise SystemExit(f"{request.name}: no answer within {seconds} s\n{output}")
    return rate


def warm_lookups(base: str, match: "Request") -> None:
    """Each worker builds its lookup index on its first lookup (a minute or more on a busy machine): two lookups at
    a time, one per worker, until both answer at once."""
    headers = match.headers
    for _ in range(100):
        with ThreadPoolExecutor(2) as pool:
            started = time.monotonic()
            list(pool.map(lambda _: fetch(base + match.path, body=match.body, headers=headers), range(2)))
        if time.monotonic() - started < 1.0:
            return
    raise SystemExit("the lookup index did not get ready")


def requests_for(base: str, card: str, traceback: str) -> list[Request]:
    json_etag = fetch(f"{base}/api/errors/{card}")[1]["ETag"]
    page_etag = fetch(f"{base}/errors/{card}/")[1]["ETag"]
    return [
        Request("bare view (JSON bytes)", "/bench/bare/json", "json"),
        Request("bare view (page bytes)", "/bench/bare/page", "page"),
        Request("card JSON", f"/api/errors/{card}", "json"),
        Request("card page", f"/errors/{card}/", "page"),
        Request("card JSON 304", f"/api/errors/{card}", "json", {"If-None-Match": json_etag}),
        Request("card page 304", f"/errors/{card}/", "page", {"If-None-Match": page_etag}),
        Request(
            "/api/match", "/api/match", "json", {"Content-Type": "application/json"}, json.dumps({"text": traceback})
        ),
        Request("home page", "/", "page"),
        # Last: at this size a search is slow (H2's part), and its queue would hold up what follows it.
        Request("/api/errors?search=", "/api/errors?search=connection+refused", "json"),
        Request("search page", "/search/?q=connection+refused", "page"),
    ]


def report(requests: list[Request]) -> bool:
    bare = {r.baseline: statistics.median(r.results) for r in requests if r.name.startswith("bare view")}
    ok = True
    print(f"\n{'request':<24}{'req/s':>9}{'share of bare':>15}{'target':>9}")
    for r in requests:
        rate = statistics.median(r.results)
        share = rate / bare[r.baseline] if bare[r.baseline] else 0.0
        target = TARGETS.get(r.name)
        verdict = "" if target is None else ("  ok" if share >= target else "  MISSED")
        ok &= target is None or share >= target
        shown = f"{target:.0%}" if target is not None else ""
        print(f"{r.name:<24}{rate:>9,.0f}{share:>15.0%}{shown:>9}{verdict}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument(
        "--only", action="append", default=[], metavar="NAME", help="run only the requests whose name holds NAME"
    )
    args = parser.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("needs wrk (Debian: apt-get install wrk)")
    bare_dir = tempfile.mkdtemp(prefix="errorkb-bench-http-")
    env = environment(bare_dir)
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    from bench.http.fill import fill
    from kb.models import ErrorEntry

    total = fill(args.entries)
    call_command("collectstatic", "--noinput", verbosity=0)  # the production settings serve the manifest's names
    published = ErrorEntry.objects.published().filter(repository__owner="django").order_by("public_id")
    entry = published.filter(exception_type__endswith="ImproperlyConfigured").first() or published.first()
    traceback = traceback_of(entry)
    connections.close_all()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = gunicorn(port, env)
    try:
        wait_until_up(base, server)
        Path(bare_dir, "json").write_bytes(fetch(f"{base}/api/errors/{entry.public_id}")[2])
        Path(bare_dir, "page").write_bytes(fetch(f"{base}/errors/{entry.public_id}/")[2])
        requests = [
            r
            for r in requests_for(base, entry.public_id, traceback)
            if not args.only or r.name.startswith("bare view") or any(part in r.name for part in args.only)
        ]
        scripts = Path(bare_dir)
        for match in (r for r in requests if r.name == "/api/match"):
            warm_lookups(base, match)
        for request in requests:
            for _ in range(30):
                if wrk(base, request, 2, scripts, strict=False) > 0:
                    break
        for _ in range(args.rounds):
            for request in requests:
                request.results.append(wrk(base, request, args.seconds, scripts))
                print(f"  {request.name}: {request.results[-1]:,.0f} req/s", flush=True)
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(bare_dir, ignore_errors=True)
    print(f"{total:,} entries; card {entry.public_id} ({entry.exception_type}); {os.cpu_count()} cores")
    print(f"load average: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    return 0 if report(requests) else 1


if __name__ == "__main__":
    sys.exit(main())

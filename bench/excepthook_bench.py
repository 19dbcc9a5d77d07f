"""What the excepthook costs an exiting program: `python -c "raise ..."` with and without it.

    scripts/with-postgres .venv/bin/python bench/excepthook_bench.py              # 15 rounds
    scripts/with-postgres .venv/bin/python bench/excepthook_bench.py --rounds 5

Loads the fixtures into DATABASE_URL's database and starts gunicorn (`config.settings.production`, 2 sync
workers) on a free port. Then, round after round, the variants take turns, each a new `python` process whose
uncaught exception is an error of the fixtures (FieldError's message, so the answering server finds a card):

- without the hook (the baseline: Python prints the traceback and exits 1);
- `errorkb.install()` with no server configured (the import and the hook alone: nothing is sent);
- `errorkb.install()` against the live server (the lookup, and the card printed after the traceback);
- `python -m errorkb run script.py` against the live server (the same program as a script);
- `errorkb.install()` against a closed port (refused at once);
- `errorkb.install()` against a socket that accepts and never answers (the hook waits its whole timeout).

Printed: the median wall time of each variant and what it adds (the median, over the rounds, of its difference to
the baseline of the same round), and the same for the process's CPU time (user and system), which the load of a
shared machine moves less than wall time. Targets
(issue 31): at most +100 ms with an answering server, at most +the timeout (2 s) with a dead one. Every run
is checked: exit status 1, the traceback unchanged, the card there only when the server answered.
"""

import argparse
import os
import resource
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MESSAGE = "Cannot resolve keyword 'titel' into field. Choices are: author, author_id, id, published_at, title"
PROGRAM = f"class FieldError(Exception):\n    pass\n\nraise FieldError({MESSAGE!r})\n"
HOOK = "import errorkb\nerrorkb.install()\n"
CARD = "errorkb: Cannot resolve keyword 'titel' into field."


def environment() -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if not name.startswith("ERRORKB_")}
    return {
        **env,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "SECRET_KEY": secrets.token_urlsafe(60),
        "SECURE_SSL_REDIRECT": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "THROTTLE_MATCH": "100000000/hour",
        "LOG_LEVEL": "WARNING",
    }


def prepare() -> None:
    for command in (
        ["migrate", "--noinput"],
        ["createcachetable"],
        ["import_errors", *sorted(str(path) for path in (ROOT / "fixtures").glob("*.json"))],
    ):
        subprocess.run(
            [sys.executable, "manage.py", *command], cwd=ROOT, env=environment(), check=True, capture_output=True
        )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(port: int) -> subprocess.Popen:
    command = [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind", f"127.0.0.1:{port}"]
    server = subprocess.Popen([*command, "--workers", "2"], cwd=ROOT, env=environment(), stderr=subprocess.DEVNULL)
    for _ in range(400):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as answer:
                if answer.status == 200:
                    return server
        except OSError:
            time.sleep(0.05)
    server.terminate()
    raise SystemExit("gunicorn did not become ready")


def run(argv: list[str], url: str | None) -> tuple[float, float, subprocess.CompletedProcess]:
    """Wall time, the process's CPU time (user and system: what the machine's load moves less), its result."""
    env = {name: value for name, value in os.environ.items() if not name.startswith("ERRORKB_")}
    if url:
        env["ERRORKB_URL"] = url
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, *argv], capture_output=True, text=True, env=env, timeout=60)
    took = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return took, cpu, done


def check(name: str, done: subprocess.CompletedProcess, baseline: str, card: bool) -> None:
    if done.returncode != 1 or not done.stderr.startswith(baseline.split("\n", 1)[0]):
        raise SystemExit(f"{name}: exit {done.returncode}\n{done.stderr}")
    if (CARD in done.stderr) != card:
        raise SystemExit(f"{name}: the card was {'missing' if card else 'printed'}:\n{done.stderr}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    options = parser.parse_args()
    prepare()
    port = free_port()
    server = start_server(port)
    live = f"http://127.0.0.1:{port}"
    closed = f"http://127.0.0.1:{free_port()}"
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(64)
    never = f"http://127.0.0.1:{silent.getsockname()[1]}"
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "app.py"
        script.write_text(PROGRAM)
        variants = {
            "without the hook (baseline)": (["-c", PROGRAM], None, False),
            "hook, no server configured": (["-c", HOOK + PROGRAM], None, False),
            "hook, live server answering": (["-c", HOOK + PROGRAM], live, True),
            "`python -m errorkb run`, live server": (["-m", "errorkb", "run", str(script)], live, True),
            "hook, closed port": (["-c", HOOK + PROGRAM], closed, False),
            "hook, server never answers": (["-c", HOOK + PROGRAM], never, False),
        }
        times: dict[str, list[float]] = {name: [] for name in variants}
        cpus: dict[str, list[float]] = {name: [] for name in variants}
        try:
            baseline = run(["-c", PROGRAM], None)[2].stderr
            for name, (argv, url, card) in variants.items():  # a warm-up round, checked
                check(name, run(argv, url)[2], baseline, card)
            for _ in range(options.rounds):
                for name, (argv, url, card) in variants.items():
                    took, cpu, done = run(argv, url)
                    check(name, done, baseline, card)
                    times[name].append(took)
                    cpus[name].append(cpu)
        finally:
            server.terminate()
            server.wait()
            silent.close()
    base, base_cpu = times["without the hook (baseline)"], cpus["without the hook (baseline)"]
    load = os.getloadavg()[0]
    print(f"{options.rounds} rounds, medians per program run (a new python process each); load average {load:.1f}")
    print("added: the median of each round's difference to that round's baseline (the load moves both alike)")
    print(f"{'variant':40} {'wall':>10} {'added':>10} {'CPU':>10} {'added':>10}")
    for name, taken in times.items():
        added = statistics.median(t - b for t, b in zip(taken, base, strict=True))
        added_cpu = statistics.median(c - b for c, b in zip(cpus[name], base_cpu, strict=True))
        print(
            f"{name:40} {statistics.median(taken) * 1000:7.1f} ms {added * 1000:+7.1f} ms"
            f" {statistics.median(cpus[name]) * 1000:7.1f} ms {added_cpu * 1000:+7.1f} ms"
        )


if __name__ == "__main__":
    main()

"""The offline bundle of a Django + DRF catalogue: its size, its load time, its lookups' time, and whether it gives
the server's first match.

    scripts/with-postgres .venv/bin/python bench/bundle_bench.py [--rounds 5] [--keep FILE]

Harvests the installed Django and DRF into a throwaway database, publishing what harvest can explain (as `make
demo` does; the rest stays drafts, which the bundle leaves out), writes the bundle with `manage.py export_bundle`,
then looks up the errors of bench/lookup_corpus.py's development scripts for Django, DRF, Jinja2, click, SQLAlchemy
and requests (raise_django.py, raise_others.py: no held-out library), each as its traceback and as its last line.

Baselines, measured in the same run on the same inputs: the server's in-process lookup as POST /api/match makes it
for an anonymous reader (`answer(lookup(text, drafts=False))`, details from memory once read), and `json.loads` of
the bundle's own index, already decompressed in memory. Targets (issue 31): ≤ 10 MB, loaded in ≤ 300 ms, p99 ≤ 1 ms
per Django or DRF traceback (CPU time per call: the wall clock's p99 on a shared machine is its scheduler's), and
the server's first match for every text.
"""

import argparse
import gc
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment, teardown_test_environment  # noqa: E402
from lookup_corpus import CORPUS, LIBRARIES, site_packages  # noqa: E402

from errorkb.bundle import INDEX, Bundle, open_bundle  # noqa: E402
from kb.harvest import Target, harvest  # noqa: E402
from kb.matching import answer, lookup  # noqa: E402
from kb.matching.live import live_index  # noqa: E402
from kb.models import ErrorEntry  # noqa: E402

SCRIPTS = ["raise_django.py", "raise_others.py"]  # the development half's libraries that .venv holds
HARVESTED = ("Django", "DRF")
SITE_URL = "https://errors.example.org"
TARGETS = {"size_mb": 10.0, "load_ms": 300.0, "p99_ms": 1.0}


def raised_texts() -> list[tuple[str, str, str]]:
    """(library, kind, text) of every error the scripts raise: its traceback, and its last line alone."""
    texts = []
    for script in SCRIPTS:
        done = subprocess.run(
            [sys.executable, str(CORPUS / script)], capture_output=True, text=True, stdin=subprocess.DEVNULL, check=True
        )
        for line in done.stdout.splitlines():
            if line.strip():
                record = json.loads(line)
                library = record["library"]
                texts += [(library, "traceback", record["traceback"]), (library, "message", record["message"])]
    return texts


def harvest_django_and_drf() -> None:
    from importlib.metadata import version

    for library in LIBRARIES:
        if library.label not in HARVESTED:
            continue
        owner, name = library.full_name.split("/")
        root = site_packages() / library.package
        target = Target(
            root=root,
            owner=owner,
            name=name,
            commit=version(library.distribution),
            prefix=library.package,
            publish=True,
        )
        harvest(target=target, progress=False)
    live_index.reset()


def timed(function: Callable[[], object], rounds: int) -> tuple[float, object]:
    """The median of `rounds` calls, in seconds, and the last call's result."""
    times, result = [], None
    for _ in range(rounds):
        gc.collect()
        started = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - started)
    return statistics.median(times), result


def per_call(texts: list[str], function: Callable[[str], object], rounds: int) -> tuple[list[float], list[float]]:
    """Every call's time, in seconds, each text looked up `rounds` times (after one warming pass): the wall clock's,
    and this thread's CPU time (what the lookup costs, without the pauses other processes on a busy machine
    cause: a 2-core machine shared with test runs preempts a call for a scheduler's slice, ~4 ms, now and then)."""
    for text in texts:
        function(text)
    wall, cpu = [], []
    for _ in range(rounds):
        for text in texts:
            started, started_cpu = time.perf_counter(), time.thread_time()
            function(text)
            wall.append(time.perf_counter() - started)
            cpu.append(time.thread_time() - started_cpu)
    return wall, cpu


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def server_matches(text: str) -> list[dict]:
    return answer(lookup(text, limit=5, drafts=False), lambda path: SITE_URL + path, link_drafts=False)["matches"]


def measure(bundle_path: Path, texts: list[tuple[str, str]], rounds: int) -> dict[str, float | int | str]:
    size = bundle_path.stat().st_size
    with zipfile.ZipFile(bundle_path) as archive:
        index_bytes = archive.read(INDEX)
        unpacked = sum(info.file_size for info in archive.infolist())
    load, bundle = timed(lambda: open_bundle(bundle_path), rounds)
    assert isinstance(bundle, Bundle)
    parse, _ = timed(lambda: json.loads(index_bytes), rounds)

    agree = same_list = 0
    differ = []
    for _library, kind, text in texts:
        server, offline = server_matches(text), bundle.lookup(text)
        first = (server[0]["id"] if server else None, offline[0]["id"] if offline else None)
        agree += first[0] == first[1]
        same_list += server == offline
        if first[0] != first[1]:
            differ.append(f"{kind}: server {first[0]}, bundle {first[1]}: {text.splitlines()[-1][:100]}")
    for line in differ:
        print("DIFFERENT FIRST MATCH", line, file=sys.stderr)

    # The bundle's own libraries' tracebacks; the others' (no card to find: the slowest, approximate search) apart.
    tracebacks = [text for library, kind, text in texts if kind == "traceback" and library in HARVESTED]
    others = [text for library, kind, text in texts if kind == "traceback" and library not in HARVESTED]
    offline_wall, offline_cpu = per_call(tracebacks, bundle.lookup, rounds)
    server_wall, server_cpu = per_call(tracebacks, server_matches, rounds)
    _others_wall, others_cpu = per_call(others, bundle.lookup, rounds)
    # What hiding the drafts costs the server (a layer over its index, overlay.without_drafts): a curator's lookup
    # of the same texts reads the index as it is.
    _wall, curator_cpu = per_call(tracebacks, lambda text: lookup(text, limit=5, drafts=True), rounds)
    _wall, reader_cpu = per_call(tracebacks, lambda text: lookup(text, limit=5, drafts=False), rounds)
    return {
        "entries": len(bundle),
        "drafts left out": ErrorEntry.objects.filter(status=ErrorEntry.Status.DRAFT).count(),
        "size": size,
        "unpacked": unpacked,
        "index": len(index_bytes),
        "load": load,
        "json": parse,
        "texts": len(texts),
        "tracebacks": len(tracebacks),
        "others": len(others),
        "agree": agree,
        "same list": same_list,
        "cpu p50": percentile(offline_cpu, 0.5),
        "cpu p99": percentile(offline_cpu, 0.99),
        "wall p99": percentile(offline_wall, 0.99),
        "server cpu p50": percentile(server_cpu, 0.5),
        "server cpu p99": percentile(server_cpu, 0.99),
        "server wall p99": percentile(server_wall, 0.99),
        "others cpu p50": percentile(others_cpu, 0.5),
        "others cpu p99": percentile(others_cpu, 0.99),
        "reader p50": percentile(reader_cpu, 0.5),
        "curator p50": percentile(curator_cpu, 0.5),
        "load average": os.getloadavg()[0],
    }


def report(figures: dict) -> None:
    mb = figures["size"] / 1e6
    print(
        f"\nBundle of {figures['entries']} published Django and DRF cards ({figures['drafts left out']} drafts left "
        f"out): {figures['size']:,} bytes compressed, {figures['unpacked']:,} unpacked (index {figures['index']:,}).\n"
    )
    print("| measure | bundle | baseline (same run) | ratio | target |")
    print("|---|---:|---:|---:|---|")
    print(f"| size, compressed | {mb:.2f} MB | | | ≤ {TARGETS['size_mb']:g} MB |")
    print(
        f"| load (`open_bundle`: read, unzip, check, build the index) | {figures['load'] * 1e3:.0f} ms "
        f"| `json.loads` of its index: {figures['json'] * 1e3:.0f} ms | {figures['load'] / figures['json']:.1f}x "
        f"| ≤ {TARGETS['load_ms']:g} ms |"
    )
    for share in ("p50", "p99"):
        offline, server = figures[f"cpu {share}"], figures[f"server cpu {share}"]
        target = f"≤ {TARGETS['p99_ms']:g} ms" if share == "p99" else ""
        print(
            f"| lookup of a Django or DRF traceback, {share}, CPU ({figures['tracebacks']}) | {offline * 1e3:.3f} ms "
            f"| server in-process: {server * 1e3:.3f} ms | {offline / server:.2f}x | {target} |"
        )
    print(
        f"| the same, p99, wall clock (load average {figures['load average']:.1f} on {os.cpu_count()} cores) "
        f"| {figures['wall p99'] * 1e3:.3f} ms | server in-process: {figures['server wall p99'] * 1e3:.3f} ms "
        f"| {figures['wall p99'] / figures['server wall p99']:.2f}x | |"
    )
    print(
        f"| lookup of another library's traceback (no card: approximate search), p50 / p99, CPU ({figures['others']}) "
        f"| {figures['others cpu p50'] * 1e3:.3f} / {figures['others cpu p99'] * 1e3:.3f} ms | | | |"
    )
    print(
        f"| first match as the server's ({figures['texts']} tracebacks and messages) | {figures['agree']} "
        f"| {figures['texts']} | {figures['agree'] / figures['texts']:.0%} | identical |"
    )
    print(f"| whole answer as the server's | {figures['same list']} | {figures['texts']} | | |")
    print(
        f"\nThe server's lookup of a traceback without drafts (a reader's), p50 CPU: {figures['reader p50'] * 1e3:.3f} "
        f"ms; with them (a curator's, no layer hiding them): {figures['curator p50'] * 1e3:.3f} ms."
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds of each measure (median, percentiles)")
    parser.add_argument("--keep", type=Path, help="keep the bundle in this file")
    options = parser.parse_args()
    texts = raised_texts()
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        harvest_django_and_drf()
        with tempfile.TemporaryDirectory() as folder:
            path = options.keep or Path(folder) / "errorkb-bundle.zip"
            call_command("export_bundle", "-o", str(path), "--site-url", SITE_URL, stdout=io.StringIO())
            figures = measure(path, texts, options.rounds)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()
    report(figures)


if __name__ == "__main__":
    main()

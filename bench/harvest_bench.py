"""Harvest Django's own source and time it, against a baseline taken in the same run.

    scripts/with-postgres .venv/bin/python bench/harvest_bench.py [PATH] [--prefix django] [--rounds 3]

The machine is shared and noisy, so the figure that matters is the ratio to the baseline (plain
`ast.parse` of the same files in this one process, which any harvester has to pay; the best of three reads):
it moves far less than seconds do. Issue 15's targets, into the database, on all the machine's cores (the
harvest forks `os.cpu_count()` workers; HARVEST_WORKERS=1 times it without):
- a first harvest takes at most 3x the baseline;
- a harvest of the same tree again, nothing to change, at most 1x (every file hashed, nothing parsed or written).

The evidence (issue 13: each site's conditions, function and callers; the tests, docs and history) must not
slow the first harvest by more than 30%: the same harvest with `Target.evidence` off is timed in the same run,
alternating with the full one, each into an empty database, and the best of each is compared: in seconds, and
in this process's CPU seconds (the workers' and the database server's own work are not in them). Every timed
harvest starts from cold caches: kb's `functools` caches are emptied first, so that no harvest is flattered by what
the one before it left in this process (a snippet highlighted by the bare harvest is not free to the full one).

The first harvest is judged by its wall time when the machine is quiet (a load average under a quarter of a
core per core as the bench starts), else by the CPU seconds of all its processes over the workers' count,
against the parse's CPU seconds: both are printed, and "<- the judge" marks which counts."""

import argparse
import ast
import dataclasses
import functools
import gc
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment, teardown_test_environment  # noqa: E402

from kb.harvest.pipeline.pool import pool_size  # noqa: E402
from kb.harvest.pipeline.run import Target, harvest  # noqa: E402
from kb.harvest.pipeline.sources import collect_files  # noqa: E402
from kb.harvest.reading.files import decode_source  # noqa: E402
from kb.management.commands.harvest import coverage_lines  # noqa: E402
from kb.models import ErrorEntry, Repository  # noqa: E402

FIRST_TARGET = 3.0  # a first harvest, to the baseline
AGAIN_TARGET = 1.0  # a harvest of an unchanged tree, to the baseline
EVIDENCE_BUDGET = 1.30  # the first harvest with evidence, to the same without
QUIET = 0.25  # the load average per core, below which the machine counts as quiet and wall time judges


def all_cpu() -> float:
    """CPU seconds of this process and of its children that have ended (the harvest's workers)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def cold_caches() -> int:
    """Empty every `functools` cache of errorkb's own modules (whatever this checkout defines, so that the bench
    treats any two versions alike); the number emptied."""
    emptied = 0
    for found in gc.get_objects():
        if isinstance(found, functools._lru_cache_wrapper) and str(getattr(found, "__module__", "")).startswith("kb."):
            found.cache_clear()
            emptied += 1
    return emptied


def baseline(root: Path, prefix: str) -> tuple[int, float, float]:
    """(files, best seconds, best CPU seconds) of three reads."""
    files = collect_files(root, prefix=prefix, excludes=[])
    best, best_cpu = float("inf"), float("inf")
    for _ in range(3):
        started, started_cpu = time.perf_counter(), all_cpu()
        for source in files:
            ast.parse(decode_source(source.absolute.read_bytes()))
        best, best_cpu = min(best, time.perf_counter() - started), min(best_cpu, all_cpu() - started_cpu)
    return len(files), best, best_cpu


def empty_database(target: Target) -> None:
    """What a first harvest finds: no entries (and so no sites) of the repository, nor the repository."""
    ErrorEntry.objects.filter(repository__owner=target.owner, repository__name=target.name).delete()
    Repository.objects.filter(owner=target.owner, name=target.name).delete()


def main() -> None:
    import django as installed

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=str(Path(installed.__file__).parent))
    parser.add_argument("--prefix", default="django")
    parser.add_argument("--commit", default=installed.get_version())
    parser.add_argument("--rounds", type=int, default=3, help="first harvests of each kind, alternating")
    options = parser.parse_args()
    load_before = os.getloadavg()[0]
    root = Path(options.path)

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        files, parse_seconds, parse_cpu = baseline(root, options.prefix)
        target = Target(root=root, owner="django", name="django", commit=options.commit, prefix=options.prefix)
        bare = dataclasses.replace(target, evidence=False)
        times: dict[bool, list[float]] = {True: [], False: []}
        cpu: dict[bool, list[float]] = {True: [], False: []}
        work: list[float] = []  # CPU seconds of the first harvest, its workers' included
        for _ in range(options.rounds):
            for kind in (bare, target):
                empty_database(target)
                cold_caches()
                started, started_cpu, started_all = time.perf_counter(), time.process_time(), all_cpu()
                first = harvest(target=kind, progress=False)
                times[kind.evidence].append(time.perf_counter() - started)
                cpu[kind.evidence].append(time.process_time() - started_cpu)
                if kind.evidence:
                    work.append(all_cpu() - started_all)
        again: list[float] = []
        for _ in range(options.rounds):
            cold_caches()
            started = time.perf_counter()
            second = harvest(target=target, progress=False)
            again.append(time.perf_counter() - started)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()
    first_seconds, bare_seconds, again_seconds = min(times[True]), min(times[False]), min(again)

    print(f"files: {files}, sites: {len(first.scan.sites)}, entries created: {first.outcome.new}")
    print(f"database: {connection.vendor}, workers: {pool_size(files)} (cpu_count {os.cpu_count()})")
    print(f"baseline (ast.parse of the same files, one process): {parse_seconds:.2f} s ({parse_cpu:.2f} CPU s)")
    for label, seconds, target_ratio in (
        ("first harvest (read, extract, write)", first_seconds, FIRST_TARGET),
        ("same tree again (nothing to change)", again_seconds, AGAIN_TARGET),
    ):
        ratio = seconds / parse_seconds
        verdict = "within" if ratio <= target_ratio else "OVER"
        print(f"{label + ':':40} {seconds:.2f} s  = {ratio:.2f}x baseline (target {target_ratio:.0f}x): {verdict}")
    # The work done, whatever else runs on the machine: on an idle one with N cores, the first harvest's seconds
    # tend to this over N plus what cannot be shared (the parse, the writes).
    least = min(work)
    print(f"{'first harvest, CPU of all its processes:':40} {least:.2f} s  = {least / parse_cpu:.2f}x baseline CPU")
    # Which figure judges the first harvest: its wall time when nothing else ran as the bench started (the load
    # average under QUIET per core); else its CPU over the cores it was given, which the load moves far less.
    # Both are printed.
    cores = pool_size(files)
    by_wall, by_cpu = first_seconds / parse_seconds, least / cores / parse_cpu
    quiet = load_before < QUIET * (os.cpu_count() or 1)
    for label, judged, chosen in (("wall time", by_wall, quiet), (f"CPU / {cores} cores", by_cpu, not quiet)):
        verdict = "within" if judged <= FIRST_TARGET else "OVER"
        print(
            f"first harvest by {label}: {judged:.2f}x baseline (target {FIRST_TARGET:.0f}x): {verdict}"
            f"{'  <- the judge' if chosen else ''}"
        )
    print(f"load average when the bench started: {load_before:.2f} ({'quiet' if quiet else 'loaded'} machine)")
    bare_ratio = bare_seconds / parse_seconds
    print(f"{'first harvest without evidence:':40} {bare_seconds:.2f} s  = {bare_ratio:.2f}x baseline")
    changed = second.outcome.new + second.outcome.updated
    print(
        f"same tree again: {second.outcome.unchanged} entries unchanged, {changed} changed, "
        f"nothing read: {second.unchanged_since is not None}"
    )
    print("\n".join(coverage_lines(second.outcome)))
    for label, measured in (("seconds", times), ("CPU seconds", cpu)):
        ratio = min(measured[True]) / min(measured[False])
        verdict = "within" if ratio <= EVIDENCE_BUDGET else "OVER"
        print(
            f"evidence, in {label}: first harvest {ratio:.2f}x the same without (budget {EVIDENCE_BUDGET:.2f}x): "
            f"{verdict}"
        )
        each = " / ".join(", ".join(f"{value:.2f}" for value in measured[kind]) for kind in (True, False))
        print(f"  each first harvest, with / without evidence: {each}")
    print(f"  each harvest of the same tree again: {', '.join(f'{value:.3f}' for value in again)}")


if __name__ == "__main__":
    main()

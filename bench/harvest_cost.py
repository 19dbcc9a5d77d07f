"""Issue 29's cost budget: a Django harvest here costs at most 1.5x what it cost before issue 29 (46ba686).

    scripts/with-postgres .venv/bin/python bench/harvest_cost.py [--baseline 46ba686] [--budget 1.5]

Counts the instructions (valgrind's cachegrind, no cache simulation) of one process (`HARVEST_WORKERS=1`,
`PYTHONHASHSEED=0`) harvesting the installed Django into the test database, Django's set-up included, with a copy
of this checkout and a worktree of the baseline commit, at paths of one length, both run in this one command;
prints each count and the ratio. Instructions, not seconds: two runs of one version from paths of one length agree
within 0.01 G (a path longer by a character moved one by 0.09 G), where CPU seconds move by a third on a shared
machine. Each run takes 5-25 minutes. Needs Debian's `valgrind` package."""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def harvest_here(tree: Path) -> None:
    """The measured program: one harvest of the installed Django with `tree`'s code, into a fresh test database."""
    sys.path.insert(0, str(tree))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    from kb.harvest.pipeline.run import Target, harvest

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        target = Target(
            root=Path(django.__file__).parent,
            owner="django",
            name="django",
            commit=django.get_version(),
            prefix="django",
        )
        first = harvest(target=target, progress=False)
        print(f"sites: {len(first.scan.sites)}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


def instructions(tree: Path) -> int:
    """Instructions of the measured program run with `tree`'s code."""
    environment = {**os.environ, "HARVEST_WORKERS": "1", "PYTHONHASHSEED": "0"}
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    command += [sys.executable, str(Path(__file__).resolve()), "--measure", str(tree)]
    run = subprocess.run(command, cwd=tree, env=environment, capture_output=True, text=True, check=False)
    found = REFS.search(run.stderr)
    if run.returncode or not found:
        sys.exit(f"the harvest with {tree}'s code failed:\n{run.stdout[-2000:]}{run.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def _copy_checkout(into: Path) -> None:
    """This checkout's files as they are (tracked, and new ones git does not ignore), uncommitted changes included,
    without its compiled modules: as fresh as the baseline's worktree."""
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file() and not source.is_symlink():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="46ba686", help="the commit the budget is measured against")
    parser.add_argument("--budget", type=float, default=1.5)
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.measure:
        harvest_here(options.measure)
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: apt-get install valgrind")
    with tempfile.TemporaryDirectory(prefix="harvest-cost-") as scratch:
        # Both trees at paths of one length: the count moves by up to 0.1 G with the path's length (the type
        # attribute cache hashes names' addresses, which the path's strings shift), more than a step worth seeing.
        baseline_tree, checkout_tree = Path(scratch) / "base", Path(scratch) / "head"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(baseline_tree), options.baseline],
            check=True,
        )
        _copy_checkout(checkout_tree)
        try:
            counts = {}
            for label, tree in (("baseline", baseline_tree), ("this checkout", checkout_tree)):
                started = time.monotonic()
                counts[label] = instructions(tree)
                print(f"{label}: {counts[label] / 1e9:.2f} G instructions ({time.monotonic() - started:.0f} s)")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(baseline_tree)], check=False)
    ratio = counts["this checkout"] / counts["baseline"]
    verdict = "met" if ratio <= options.budget else "MISSED"
    print(f"target: this checkout / {options.baseline} <= {options.budget}: {ratio:.3f} {verdict}")


if __name__ == "__main__":
    main()

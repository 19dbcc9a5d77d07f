"""Time `harvest --history --releases` on a git repository built from a source tree, and check its answers.

    .venv/bin/python bench/history_bench.py [SOURCE_DIR] [--commits 40] [--every 8]

SOURCE_DIR (default: Django's package from the unpacked source distribution) is committed into a new repository
in a temporary directory, its files split over --commits commits in path order, with a release tag every --every
commits ("0.1", "0.2", ...). The answer is then known: an entry's wording was introduced by the commit that added
its file, and first released by the first tag at or after that commit. Prints the time of the pickaxe and of the
releases, and how many entries got an answer and how many answers were right. No database is needed."""

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
os.environ.setdefault("DATABASE_URL", "sqlite:///:memory:")

import django  # noqa: E402

django.setup()

from kb.harvest.evidence.releases import read_history  # noqa: E402
from kb.harvest.pipeline.scan import scan  # noqa: E402


def git(root: Path, *args: str) -> str:
    command = ["git", "-c", "user.name=Bench", "-c", "user.email=bench@example.com", *args]
    return subprocess.run(command, cwd=root, check=True, capture_output=True, text=True).stdout.strip()


def build(source: Path, root: Path, commits: int, every: int) -> tuple[dict[str, str], dict[str, str]]:
    """({path: sha of the commit adding it}, {sha: first tag at or after it})."""
    files = sorted(p for p in source.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    git(root, "init", "-q", "-b", "main")
    added, released, pending = {}, {}, []
    size = -(-len(files) // commits)
    for n in range(commits):
        batch = files[n * size : (n + 1) * size]
        for path in batch:
            target = root / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
        git(root, "add", "-A")
        git(root, "commit", "-q", "--allow-empty", "-m", f"batch {n}")
        sha = git(root, "rev-parse", "HEAD")
        added.update({path.relative_to(source).as_posix(): sha for path in batch})
        pending.append(sha)
        if (n + 1) % every == 0 or n == commits - 1:
            tag = f"0.{(n // every) + 1}"
            git(root, "tag", tag)
            released.update(dict.fromkeys(pending, tag))
            pending = []
    return added, released


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("source", nargs="?", default="/work/sdists/django-5.2.19/django")
    parser.add_argument("--commits", type=int, default=40)
    parser.add_argument("--every", type=int, default=8)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        added, released = build(Path(options.source), root, options.commits, options.every)
        found = scan(root, progress=False)
        groups: dict = {}
        for site in found.sites:
            groups.setdefault(site.key, []).append(site)
        worded = {key: sites for key, sites in groups.items() if key[1]}
        print(f"{len(added)} files in {options.commits} commits; {len(groups)} entries, {len(worded)} with a wording")
        for label, kwargs in (
            ("pickaxe", {"pickaxe": True, "releases": None}),
            ("releases", {"pickaxe": False, "releases": "0.*"}),
        ):
            started = time.perf_counter()
            history = read_history(root=root, groups=groups, **kwargs)
            took = time.perf_counter() - started
            right = 0
            for key, found_history in history.items():
                earliest = min((added[site.path] for site in groups[key]), key=list(released).index)
                if label == "pickaxe":
                    right += found_history["introduced"]["commit"] == earliest
                else:
                    right += found_history.get("first_release") == released[earliest]
            print(
                f"{label}: {took:.1f} s; answered {len(history)}/{len(worded)} entries with a wording "
                f"({len(history) / max(len(worded), 1):.0%}); right {right}/{len(history)}"
            )


if __name__ == "__main__":
    main()

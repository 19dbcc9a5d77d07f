"""Trees the tests of issue 29's evidence read: the installed Django and DRF scanned once per test run, and the
trimmed copy of sglang 0.5.23's NIXL connector (the seed error) laid out as the wheel has it."""

import functools
import shutil
from pathlib import Path

import django
import rest_framework

from kb.harvest.pipeline.scan import scan
from kb.harvest.reading.extract import FoundSite

DJANGO = Path(django.__file__).parent
DRF = Path(rest_framework.__file__).parent
NIXL = Path(__file__).parent / "trees" / "nixl_conn.py.txt"


@functools.cache
def django_sites() -> tuple[FoundSite, ...]:
    return tuple(scan(DJANGO, prefix="django", progress=False).sites)


@functools.cache
def drf_sites() -> tuple[FoundSite, ...]:
    return tuple(scan(DRF, prefix="rest_framework", progress=False).sites)


def scanned(root: Path, files: dict[str, str], prefix: str) -> list[FoundSite]:
    """The sites of a package `prefix` made of `files` (path under the package -> text) written under `root`."""
    for name, text in files.items():
        path = root / prefix / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (root / prefix / "__init__.py").touch()
    return scan(root / prefix, prefix=prefix, progress=False).sites


def ways_in(sites: list[FoundSite], words: str) -> tuple[list[str], list[str]]:
    """The callers and the entry points of the one site whose message holds `words`."""
    [found] = [s for s in sites if words in s.message]
    evidence = found.evidence
    return [r["function"] for r in evidence["callers"]], [r["function"] for r in evidence["entry_points"]]


def nixl_sites(tmp_path: Path) -> list[FoundSite]:
    folder = tmp_path / "sglang" / "srt" / "disaggregation" / "nixl"
    folder.mkdir(parents=True)
    for package in ("sglang", "sglang/srt", "sglang/srt/disaggregation", "sglang/srt/disaggregation/nixl"):
        (tmp_path / package / "__init__.py").touch()
    shutil.copyfile(NIXL, folder / "conn.py")
    return scan(tmp_path / "sglang", prefix="sglang", progress=False).sites


def nixl_line(text: str) -> int:
    """The line of the trimmed copy that holds `text`."""
    return next(n for n, line in enumerate(NIXL.read_text().splitlines(), 1) if text in line)


def site(sites: "list[FoundSite] | tuple[FoundSite, ...]", words: str, function: str, line: int = 0) -> FoundSite:
    [found] = [s for s in sites if words in s.message and s.function == function and line in (0, s.line)]
    return found

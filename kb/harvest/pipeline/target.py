"""What a harvest (or a verify) reads, and which repository it is."""

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Target:
    """What to read and which repository it is: checked by the command before anything runs."""

    root: Path
    owner: str
    name: str
    commit: str
    prefix: str = ""
    excludes: tuple[str, ...] = ()
    publish: bool = False  # publish what it can explain (also when the repository's own setting says so)
    releases: str | None = None  # a tag pattern: which releases raise each error (a git checkout only)
    pickaxe: bool = False  # find the commit that introduced each wording (a git checkout only)
    # Read the evidence (each site's conditions, function and callers; the tests, docs and history): off, the
    # harvest reads the sites alone, as the benchmark's comparison does.
    evidence: bool = True
    host: str = "github.com"  # where the repository lives: a release fetched from PyPI may name GitLab, or none

"""The repository's own tests that trigger an entry, and the documentation that mentions it (issue 13, §1).

Read with `ast` and plain text, never run. The repository is found from PATH: PATH itself, or, with a path
prefix, the directory that holds the package when it is a checkout or a source distribution (an installed
package in site-packages has neither tests nor docs, and its parent is not searched)."""

import os
import subprocess
from pathlib import Path

from kb.harvest.assertions import read_assertions
from kb.harvest.extract import FoundSite
from kb.harvest.mentions import DOC_SUFFIXES, read_mentions
from kb.harvest.scan import read_source
from kb.harvest.triggers import find_triggers

EntryKey = tuple[str, str, str]

_MARKERS = (".git", "pyproject.toml", "setup.py", "setup.cfg")
_TEST_DIRS = {"tests", "test", "testing"}
_DOC_DIRS = {"docs", "doc"}
# Never tests nor docs, and a package's translations alone are thousands of directories.
_SKIPPED_DIRS = {"__pycache__", "node_modules", "site-packages", "dist-packages", "build", "dist", "venv", "locale"}
_INSTALLED = {"site-packages", "dist-packages"}


def read_tests_and_docs(
    *, root: Path, prefix: str, groups: dict[EntryKey, list[FoundSite]], use_git: bool = True
) -> dict[EntryKey, dict]:
    """{key: {"tests": [...], "docs": [...]}} for the entries that have any."""
    found = repository_root(root, prefix, use_git=use_git)
    if found is None or not groups:
        return {}
    repo, lead = found
    tests, docs = _files(repo)
    assertions = []
    for path in tests:
        try:
            text = read_source(path.read_bytes())
        except (OSError, SyntaxError, UnicodeDecodeError):
            continue
        assertions.extend(read_assertions(text, lead + path.relative_to(repo).as_posix()))
    evidence: dict[EntryKey, dict] = {}
    for key, matched in find_triggers(assertions, groups, package=root).items():
        evidence.setdefault(key, {})["tests"] = matched
    for key, mentioned in read_mentions([(lead + p.relative_to(repo).as_posix(), p) for p in docs], groups).items():
        evidence.setdefault(key, {})["docs"] = mentioned
    return evidence


def evidence_files(*, root: Path, prefix: str) -> list[Path]:
    """Every file `read_tests_and_docs` would read, for the harvest's fingerprint (`kb.harvest.fingerprint`)."""
    found = repository_root(root, prefix)
    if found is None:
        return []
    tests, docs = _files(found[0])
    return tests + docs


def repository_root(path: Path, prefix: str, *, use_git: bool = True) -> tuple[Path, str] | None:
    """(the directory whose tests and docs are read, what to put before paths under it so that they read
    as from the repository's root). None when there is nothing to read, as for an installed package."""
    path = path.resolve()
    if not path.is_dir() or _INSTALLED & set(path.parts):
        return None
    parts = [p for p in prefix.strip("/").split("/") if p]
    if parts and list(path.parts[-len(parts) :]) == parts:
        above = path.parents[len(parts) - 1]
        if any((above / marker).exists() for marker in _MARKERS):
            return above, ""
    if any((path / name).is_dir() for name in (*_TEST_DIRS, *_DOC_DIRS)) or (path / ".git").exists():
        return path, "/".join(parts) + "/" if parts else ""
    if use_git:
        top = _git_toplevel(path)
        if top is not None and not _INSTALLED & set(top.parts):
            return top, ""
    return None


def _git_toplevel(path: Path) -> Path | None:
    try:
        done = subprocess.run(
            ["git", "-C", str(path), "rev-parse", "--show-toplevel"], capture_output=True, text=True, timeout=10
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return Path(done.stdout.strip()) if done.returncode == 0 and done.stdout.strip() else None


def _files(repo: Path) -> tuple[list[Path], list[Path]]:
    """The test modules and the documents under the repository, in a stable order."""
    tests: list[Path] = []
    docs: list[Path] = []
    for directory, dirnames, filenames in os.walk(repo):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in _SKIPPED_DIRS)
        here = Path(directory)
        relative = here.relative_to(repo).parts
        in_tests = bool(_TEST_DIRS & set(relative))
        in_docs = bool(relative) and relative[0] in _DOC_DIRS
        for name in sorted(filenames):
            if name.endswith(".py") and (
                in_tests or name.startswith("test_") or name.endswith("_test.py") or name == "tests.py"
            ):
                tests.append(here / name)
            elif (in_docs or not relative) and name.endswith(DOC_SUFFIXES):
                docs.append(here / name)
    return tests, docs

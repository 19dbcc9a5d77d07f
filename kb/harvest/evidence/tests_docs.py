"""The repository's own tests that trigger an entry, and the documentation that mentions it (issue 13, §1).

Read with `ast` and plain text, never run. The repository is found from PATH: PATH itself, or, with a path
prefix, the directory that holds the package when it is a checkout or a source distribution (an installed
package in site-packages has neither tests nor docs, and its parent is not searched)."""

import os
from pathlib import Path

from kb.harvest.evidence import git
from kb.harvest.evidence.assertions import read_assertions
from kb.harvest.evidence.cli_runs import read_cli_runs
from kb.harvest.evidence.doctests import read_doctests
from kb.harvest.evidence.mentions import DOC_SUFFIXES, read_mentions
from kb.harvest.evidence.parameters import read_parameter_docs
from kb.harvest.evidence.recorded import read_recorded
from kb.harvest.evidence.returned import read_returned
from kb.harvest.evidence.rules import read_rules
from kb.harvest.evidence.tables import read_tables
from kb.harvest.evidence.triggers import find_triggers
from kb.harvest.reading.extract import FoundSite
from kb.harvest.reading.files import (
    OVER_BUDGET,
    Caps,
    Refusals,
    Refused,
    decode_source,
    read_bytes,
    read_text,
    real_root,
    refusal,
    size_of,
    walk,
)

EntryKey = tuple[str, str, str]

_MARKERS = (".git", "pyproject.toml", "setup.py", "setup.cfg")
_TEST_DIRS = {"tests", "test", "testing"}
_DOC_DIRS = {"docs", "doc"}
# Never tests nor docs, and a package's translations alone are thousands of directories. A `build` folder is
# skipped only when it is an output folder (`_is_output`): SQLAlchemy's docs are sources under `doc/build/`.
_SKIPPED_DIRS = {"__pycache__", "node_modules", "site-packages", "dist-packages", "dist", "venv", "locale"}
_SOURCES_MARKS = (".rst", ".md", ".txt")
_OUTPUT_MARKS = {"lib", "html", "doctrees", "latex", "_sources"}  # setuptools' build/lib, Sphinx's build/html
_LISTED = 2_000  # entries of a build folder looked at to tell
_INSTALLED = {"site-packages", "dist-packages"}
_SUFFIXES = (".py", *DOC_SUFFIXES)


def read_tests_and_docs(
    *,
    root: Path,
    prefix: str,
    groups: dict[EntryKey, list[FoundSite]],
    use_git: bool = True,
    refusals: Refusals | None = None,
) -> dict[EntryKey, dict]:
    """{key: {"tests": [...], "docs": [...]}} for the entries that have any. A test or document that cannot be
    read (not a regular file in the tree, over the caps, not text, too deep) is counted in `refusals`."""
    found = repository_root(root, prefix, use_git=use_git)
    if found is None or not groups:
        return {}
    repo, lead = found
    refusals = Refusals() if refusals is None else refusals
    caps, inside = Caps.from_settings(), real_root(repo)
    tests, docs = _files(repo, refusals, caps)
    # Imported here, with tests to read: an installed package (most harvests of a dependency) has none, and a
    # module compiled for nothing costs its compiling (bench/harvest_cost.py counts it: 0.04 G for this one).
    from kb.harvest.evidence.caught import read_caught
    from kb.harvest.evidence.logged import read_logged

    assertions = []
    for path in tests:
        recorded = lead + path.relative_to(repo).as_posix()
        try:
            text = decode_source(read_bytes(path, root=inside, cap=caps.file_bytes))
            assertions.extend(read_assertions(text, recorded))
            assertions.extend(read_cli_runs(text, recorded))
            assertions.extend(read_tables(text, recorded))
            assertions.extend(read_returned(text, recorded))
            assertions.extend(read_caught(text, recorded))
            assertions.extend(read_recorded(text, recorded))
            assertions.extend(read_logged(text, recorded))
            assertions.extend(read_doctests(text, recorded))
        except Refused as refused:
            refusals.add(recorded, refused)
        except Exception as error:  # a hostile test file's fault is that file's, never the harvest's
            refusals.add(recorded, refusal(error, "reading its tests"))
    texts = []
    for path in docs:
        recorded = lead + path.relative_to(repo).as_posix()
        try:
            texts.append((recorded, read_text(path, root=inside, cap=caps.file_bytes)))
        except Refused as refused:
            refusals.add(recorded, refused)
    for recorded, text in texts:  # the documentation's examples that end in a traceback
        try:
            assertions.extend(read_doctests(text, recorded))
        except Exception as error:  # a hostile document's fault is that document's
            refusals.add(recorded, refusal(error, "reading its examples"))
    evidence: dict[EntryKey, dict] = {}
    for key, matched in find_triggers(assertions, groups, package=root, prefix=prefix, refusals=refusals).items():
        evidence.setdefault(key, {})["tests"] = matched
    for key, mentioned in read_mentions(texts, groups).items():
        evidence.setdefault(key, {})["docs"] = mentioned
    for key, described in read_parameter_docs(texts, groups).items():
        evidence.setdefault(key, {})["parameter_docs"] = described
    for key, rule in read_rules(texts, groups).items():
        evidence.setdefault(key, {})["rule_docs"] = rule
    return evidence


def evidence_files(*, root: Path, prefix: str) -> list[tuple[Path, str]]:
    """Every file `read_tests_and_docs` would read, for the harvest's fingerprint (`pipeline.fingerprint`), with
    the real path of the tree it is read within."""
    found = repository_root(root, prefix)
    if found is None:
        return []
    tests, docs = _files(found[0], Refusals(), Caps.from_settings())
    inside = real_root(found[0])
    return [(path, inside) for path in tests + docs]


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
    return git.toplevel(path)  # the checkout's own config neutralised: kb.harvest.evidence.git


def _files(repo: Path, refusals: Refusals, caps: Caps) -> tuple[list[Path], list[Path]]:
    """The test modules and the documents under the repository, in a stable order: regular files inside it, as
    many as the harvest's size cap holds (`kb.harvest.reading.files`)."""
    tests: list[Path] = []
    docs: list[Path] = []
    budget = caps.harvest_bytes
    for here, dirnames, filenames in walk(repo, root=real_root(repo), refusals=refusals, suffixes=_SUFFIXES):
        dirnames[:] = [
            d
            for d in dirnames
            if not d.startswith(".") and d not in _SKIPPED_DIRS and not (d == "build" and _is_output(here / d))
        ]
        relative = here.relative_to(repo).parts
        in_tests = bool(_TEST_DIRS & set(relative))
        in_docs = bool(relative) and relative[0] in _DOC_DIRS
        for name in filenames:
            if name.endswith(".py") and (
                in_tests or name.startswith("test_") or name.endswith("_test.py") or name == "tests.py"
            ):
                chosen = tests
            elif (in_docs or not relative) and name.endswith(DOC_SUFFIXES):
                chosen = docs
            else:
                continue
            budget -= size_of(here / name)
            if budget < 0:
                refusals.add((here / name).relative_to(repo).as_posix(), Refused(OVER_BUDGET))
                continue
            chosen.append(here / name)
    return tests, docs


def _is_output(folder: Path) -> bool:
    """Whether a `build` folder is what a build wrote (setuptools' `build/lib`, Sphinx's `build/html`), not
    sources: it holds no document nor Sphinx's `conf.py` of its own, or it holds an output folder."""
    try:
        with os.scandir(folder) as entries:
            names = [entry.name for _, entry in zip(range(_LISTED), entries, strict=False)]
    except OSError:
        return True
    if _OUTPUT_MARKS & set(names):
        return True
    return not any(name == "conf.py" or name.endswith(_SOURCES_MARKS) for name in names)

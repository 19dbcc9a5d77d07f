"""Which files a harvest reads, under which recorded path and module name, and which commit they are at."""

import fnmatch
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from kb.harvest.evidence import git
from kb.harvest.reading.files import LONG_PATH, MAX_PATH, OVER_BUDGET, Caps, Refusals, Refused, real_root, size_of, walk
from kb.models import NAME_PART_RE, split_full_name

# Directories no repository wants harvested: VCS metadata, caches, virtual environments.
_SKIPPED_DIRS = {"__pycache__", "node_modules", "site-packages"}
_REF_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/+-]{0,63}$")


class SourceError(Exception):
    """Bad input from the person running the command: said plainly, never as a traceback."""


@dataclass(frozen=True)
class SourceFile:
    absolute: Path
    path: str  # as recorded: relative to the harvested root, with the prefix in front
    module: str  # dotted module name, as `import` would know it
    # Directories without __init__.py above the module's outermost package (or above the module itself when it
    # is in none), up to the harvested root, innermost first: namespace packages it may be imported under.
    namespaces: tuple[str, ...] = ()


def recorded_path(relative: str, prefix: str) -> str:
    prefix = prefix.strip("/")
    return f"{prefix}/{relative}" if prefix else relative


def is_excluded(relative: str, *, prefix: str, excludes: list[str]) -> bool:
    """A glob may be written against the path under PATH or against the recorded path; both are tried."""
    candidates = (relative, recorded_path(relative, prefix))
    return any(fnmatch.fnmatchcase(c, pattern) for c in candidates for pattern in excludes)


def in_scope(path: str, *, prefix: str, excludes: list[str]) -> bool:
    """Whether a recorded site path belongs to what this harvest reads, so that its absence means removal."""
    prefix = prefix.strip("/")
    if prefix and not path.startswith(f"{prefix}/"):
        return False
    relative = path[len(prefix) + 1 :] if prefix else path
    return path.endswith(".py") and not is_excluded(relative, prefix=prefix, excludes=excludes)


def collect_files(
    root: Path, *, prefix: str, excludes: list[str], refusals: Refusals | None = None, caps: Caps | None = None
) -> list[SourceFile]:
    """The Python files a harvest reads, in a stable order: regular files (or links to one) inside the tree, within
    the harvest's size cap; the others are counted in `refusals` (`kb.harvest.reading.files`)."""
    if not root.exists():
        raise SourceError(f"{root} does not exist.")
    if root.is_file():
        if root.suffix != ".py":
            raise SourceError(f"{root} is not a directory of Python files.")
        return [SourceFile(root, recorded_path(root.name, prefix), *_module_name(root, root.parent))]
    refusals = Refusals() if refusals is None else refusals
    caps = Caps.from_settings() if caps is None else caps
    found = []
    budget = caps.harvest_bytes
    package_dirs: dict[Path, bool] = {}
    for path, dirnames, filenames in walk(root, root=real_root(root), refusals=refusals, suffixes=(".py",)):
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and d not in _SKIPPED_DIRS]
        here: tuple[str, list[str], tuple[str, ...]] | None = None  # read once per directory
        for filename in filenames:
            if here is None:
                relative_dir = path.relative_to(root).as_posix()
                here = ("" if relative_dir == "." else f"{relative_dir}/", *_packages(path, root, package_dirs))
            relative_dir, packages, namespaces = here
            relative = f"{relative_dir}{filename}"
            if is_excluded(relative, prefix=prefix, excludes=excludes):
                continue
            recorded = recorded_path(relative, prefix)
            if len(recorded) > MAX_PATH:
                refusals.add(recorded, Refused(LONG_PATH))
                continue
            budget -= size_of(path / filename)
            if budget < 0:
                refusals.add(recorded, Refused(OVER_BUDGET))
                continue
            module = _dotted(filename, packages)
            found.append(SourceFile(path / filename, recorded, module, namespaces))
    return found


def _is_package(directory: Path, cache: dict[Path, bool]) -> bool:
    if directory not in cache:
        cache[directory] = (directory / "__init__.py").is_file()
    return cache[directory]


def _module_name(absolute: Path, root: Path, cache: dict[Path, bool] | None = None) -> tuple[str, tuple[str, ...]]:
    """The dotted name from the outermost enclosing package, which may lie above the harvested root; and the
    directories without `__init__.py` above that, up to the root, innermost first (`SourceFile.namespaces`).

    Relative imports resolve against it, and it is what other modules import, so it is taken from the
    `__init__.py` files on disk rather than from the recorded path (`src/` layouts, subpackages). Under the
    root (and for the root itself), a directory without `__init__.py` inside a package is part of it (PEP 420:
    `pkg/data/x.py` is `pkg.data.x`); a module in no package at all (a script, a test run by pytest) is named
    by its file."""
    packages, namespaces = _packages(absolute.parent, root, {} if cache is None else cache)
    return _dotted(absolute.name, packages), namespaces


def dotted_in(directory: Path, stem: str, root: Path, cache: dict[Path, bool]) -> str:
    """The dotted name of a module named `stem` in `directory` (an extension module: `_speedups` of
    `_speedups.abi3.so`), as `_module_name` names a Python file there."""
    packages, _namespaces = _packages(directory, root, cache)
    return ".".join([*reversed(packages), stem])


def _dotted(filename: str, packages: list[str]) -> str:
    """A module's dotted name from its file's name and the packages it is in, innermost first."""
    stem = filename[:-3] if len(filename) > 3 else filename  # as `Path.stem` reads "x.py" (and ".py")
    parts = packages if filename == "__init__.py" else [stem, *packages]
    return ".".join(reversed(parts)) or stem


def _packages(directory: Path, root: Path, cache: dict[Path, bool]) -> tuple[list[str], tuple[str, ...]]:
    """For a module in `directory`: the names of the packages it is in, innermost first, and the namespaces
    (`_module_name`); the same for every module of the directory."""
    chain = [directory]  # from the file's directory up to the root
    while chain[-1] != root and chain[-1] != chain[-1].parent:
        chain.append(chain[-1].parent)
    top = max((n for n, directory in enumerate(chain) if _is_package(directory, cache)), default=-1)
    above = chain[-1].parent
    if above != chain[-1] and _is_package(above, cache):
        top = len(chain) - 1  # the root is itself a directory without __init__.py inside a package
    parts = [d.name for d in chain[: top + 1]]
    while top == len(chain) - 1 and _is_package(above, cache) and above != above.parent:
        parts.append(above.name)
        above = above.parent
    return parts, tuple(d.name for d in chain[top + 1 :] if d.name)


def with_namespaces(files: list[SourceFile], imported: Iterable[str]) -> list[SourceFile]:
    """Files renamed under the namespace packages the code imports them through.

    Whether `src/company/product/` is the package `product` under a `src/` layout or `company.product` in the
    namespace package `company` (PEP 420), the disk cannot tell: the imports can. The shortest name some
    module imports (`from company.product.errors import ...`) is the one; with no such import, none. An import of a
    module as already named, or of a name in one, says nothing of a namespace: `from traitlets.traitlets import x`
    in a checkout folder `traitlets/` names the package's own module `traitlets.traitlets`."""
    known = {source.module for source in files}
    imported = (name for name in imported if name not in known and name.rpartition(".")[0] not in known)
    wanted = {prefix for name in imported for prefix in _prefixes(name)}
    renamed, chosen = [], {}
    for source in files:
        head = source.module.partition(".")[0]
        key = (head, source.namespaces)
        if key not in chosen:
            names = (".".join([*reversed(source.namespaces[:n]), head]) for n in range(1, len(source.namespaces) + 1))
            chosen[key] = next((name for name in names if name in wanted), None)
        name = chosen[key]
        renamed.append(source if name is None else replace(source, module=name + source.module[len(head) :]))
    return renamed


def _prefixes(name: str) -> Iterable[str]:
    parts = name.split(".")
    return (".".join(parts[:n]) for n in range(2, len(parts) + 1))


def resolve_commit(root: Path, ref: str | None) -> str:
    """REF as given; else HEAD's sha when PATH is (inside) a git checkout that tracks it."""
    if ref is not None:
        if not _REF_RE.match(ref):
            raise SourceError(f"--commit {ref!r} is not a commit sha or tag.")
        return ref
    directory = root if root.is_dir() else root.parent
    sha = _git(directory, "rev-parse", "HEAD")
    # An installed package inside a virtual environment inside some other checkout is not that checkout:
    # pinning its sites to the outer repository's HEAD would be wrong.
    if sha is None or _git(directory, "check-ignore", "-q", ".") is not None:
        raise SourceError(f"{root} is not a git checkout: give the commit sha or tag with --commit.")
    return sha


def _git(directory: Path, *args: str) -> str | None:
    out = git.run(directory, *args)  # the checkout's own config neutralised: kb.harvest.evidence.git
    return None if out is None else out.strip()


def parse_repo(value: str) -> tuple[str, str]:
    """(owner, name) of --repo OWNER/NAME, each part of the shape a repository's name has."""
    parts = split_full_name(value)
    if parts is None or not all(NAME_PART_RE.match(part) for part in parts):
        raise SourceError(f"--repo {value!r} is not OWNER/NAME (for example django/django).")
    return parts

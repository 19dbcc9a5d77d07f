"""`harvest pypi:NAME==VERSION`: a release fetched with pip, unpacked safely, and read as its repository.

pip downloads the source distribution (tests and docs are in it), else the wheel, into a cache folder
(`HARVEST_PYPI_CACHE`); a release unpacked there once is not fetched again. The layout is found from the tree:
the package folders (`top_level.txt` when the release says, else the folders with an `__init__.py`, under `src/`
or `lib/` too), vendored code left out; the repository is the GitHub or GitLab project its metadata names, else
`pypi/NAME`; the commit is the version; the recorded paths are as under the release's top folder, which for a
source distribution is the repository's layout."""

import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from email.parser import HeaderParser
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings

from kb.harvest.pipeline.sources import SourceError
from kb.harvest.pipeline.unpack import UnpackError, remove_tree, unpack
from kb.harvest.reading.files import Caps, Refused, read_text, real_root
from kb.models import NAME_PART_RE

PREFIX = "pypi:"
# Linear by construction, as every pattern over text a user or a release gives (test_adversarial_patterns.py).
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}+")
_VERSION = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,62}+")
_HOSTS = {"github.com": "github.com", "www.github.com": "github.com", "gitlab.com": "gitlab.com"}
_NOT_REPOSITORIES = {"sponsors", "orgs", "users", "apps", "marketplace", "features", "topics"}
_NOT_SOURCE_LABELS = ("fund", "sponsor", "donat", "changelog", "release", "doc")
# Folders at the top of a release that are never its package.
_NOT_PACKAGES = {"tests", "test", "testing", "docs", "doc", "examples", "example", "benchmarks", "bench", "scripts"}
_NOT_PACKAGES |= {"tools", "build", "dist", "site-packages", "node_modules", "__pycache__"}
VENDORED = ("_vendor", "vendor", "_vendored", "vendored", "third_party", "extern", "_extern")
PIP_TIMEOUT = 600  # seconds: a large sdist over a slow link, its build backend installed first


@dataclass(frozen=True)
class Release:
    """What `target_from` harvests for a `pypi:` argument."""

    path: Path  # the folder read (a package's, or the one holding several)
    repo: str  # OWNER/NAME
    host: str  # github.com, gitlab.com or pypi.org
    commit: str  # the version
    prefix: str  # the recorded paths' front: the folder read, under the release's top folder
    excludes: tuple[str, ...]  # vendored code, and what sits beside several packages
    kind: str  # "source distribution" or "wheel"


def is_spec(text: str | None) -> bool:
    return bool(text) and str(text).startswith(PREFIX)


def parse_spec(text: str) -> tuple[str, str]:
    """(name, version) of `pypi:NAME==VERSION`, or a SourceError that says what is expected."""
    name, equals, version = text.strip().removeprefix(PREFIX).partition("==")
    if not (equals and _NAME.fullmatch(name) and name[-1].isalnum() and _VERSION.fullmatch(version)):
        raise SourceError(
            f"{text[:120]!r} is not pypi:NAME==VERSION (for example pypi:django==5.2.19): give one exact version."
        )
    return name, version


def canonical(name: str) -> str:
    return re.sub(r"[-_.]++", "-", name).lower()


def cache_folder() -> Path:
    return Path(settings.HARVEST_PYPI_CACHE).expanduser()


def fetch_release(spec: str, *, say: Callable[[str], None] = lambda _: None) -> Release:
    """The release of `spec`, fetched (unless the cache holds it), unpacked and laid out."""
    name, version = parse_spec(spec)
    top, kind = _unpacked(name, version, say)
    return layout(top, name=name, version=version, kind=kind)


def _unpacked(name: str, version: str, say: Callable[[str], None]) -> tuple[Path, str]:
    """The release's top folder in the cache, and its kind: unpacked from what pip downloads, once."""
    cache = cache_folder()
    home = cache / f"{canonical(name)}-{version}"
    for kind in ("source distribution", "wheel"):
        done = home / kind.replace(" ", "-")
        if (done / ".complete").is_file():
            return _top(done), kind
    try:
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache, prefix=".download-") as scratch:
            archive, kind = _download(name, version, Path(scratch), say)
            unpacked = Path(scratch) / "tree"
            unpacked.mkdir()
            caps = Caps.from_settings()
            unpack(archive, unpacked, max_bytes=caps.harvest_bytes, max_file_bytes=caps.file_bytes)
            (unpacked / ".complete").write_text(archive.name)
            done = home / kind.replace(" ", "-")
            home.mkdir(exist_ok=True)
            remove_tree(done)
            unpacked.rename(done)
    except UnpackError as error:
        raise SourceError(f"{name}=={version}: {error}") from None
    except OSError as error:
        raise SourceError(f"{name}=={version}: the cache folder {cache} could not be written ({error}).") from None
    return _top(done), kind


def _top(done: Path) -> Path:
    entries = [entry for entry in done.iterdir() if entry.name != ".complete"]
    return entries[0] if len(entries) == 1 and entries[0].is_dir() and not entries[0].is_symlink() else done


def _download(name: str, version: str, into: Path, say: Callable[[str], None]) -> tuple[Path, str]:
    """(the archive pip downloaded, its kind): the source distribution, else the wheel."""
    requirement = f"{name}=={version}"
    failures = []
    for kind, flag in (("source distribution", "--no-binary"), ("wheel", "--only-binary")):
        say(f"Fetching the {kind} of {requirement} with pip ...")
        command = [sys.executable, "-m", "pip", "download", "--no-deps", flag, ":all:", "--dest", str(into)]
        command += ["--disable-pip-version-check", "--no-input", "--progress-bar", "off", requirement]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=PIP_TIMEOUT, check=False)
        except subprocess.TimeoutExpired:
            raise SourceError(f"pip took more than {PIP_TIMEOUT} s to download {requirement}; try again.") from None
        archives = [p for p in into.iterdir() if p.is_file()]
        if done.returncode == 0 and archives:
            return archives[0], kind
        output = f"{done.stdout}\n{done.stderr}"
        if any(sign in output for sign in _OFFLINE):
            raise SourceError(
                f"pypi:{requirement}: the package index could not be reached (pip said: {_pip_error(output)})."
            )
        failures.append(_pip_error(output))
        if not _not_found(failures[-1]):
            break  # pip refused for another reason: a wheel would not come either
    raise SourceError(_explained(requirement, failures))


# What pip's output holds when the index is away (it retries, then says it found no version at all).
_OFFLINE = (
    "NewConnectionError",
    "Failed to establish a new connection",
    "Temporary failure in name resolution",
    "Network is unreachable",
    "ConnectTimeoutError",
    "ProxyError",
    "Could not fetch URL",
)


def _pip_error(output: str) -> str:
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("ERROR:")]
    return (errors[-1] if errors else lines[-1] if lines else "pip failed without saying why")[:300]


def _not_found(error: str) -> bool:
    return "No matching distribution" in error or "Could not find a version" in error


def _explained(requirement: str, failures: list[str]) -> str:
    last = failures[-1]
    if _not_found(last):
        why = f"the package index has no release {requirement} (check the name and the version)"
    else:
        why = "pip could not download it"
    return f"pypi:{requirement}: {why}. pip said: {last}"


def layout(top: Path, *, name: str, version: str, kind: str) -> Release:
    """Which folder to read under the release's top folder, under which repository and paths."""
    host, repo = repository_of(top, name)
    base = next((top / d for d in ("src", "lib") if _holds_packages(top / d)), top)  # src/ or lib/ layouts
    packages = _packages(top, base)
    if not packages:
        raise SourceError(f"pypi:{name}=={version}: the {kind} holds no Python package to harvest.")
    vendored = tuple(glob for folder in VENDORED for glob in (f"{folder}/*", f"*/{folder}/*"))
    if packages == [""]:  # modules, no package: the folder, without what is never the package
        others = (*(f"{folder}/*" for folder in sorted(_NOT_PACKAGES)), "setup.py", "conftest.py", "noxfile.py")
        return Release(base, repo, host, version, _relative(base, top), vendored + others, kind)
    if len(packages) == 1 and _is_folder(base / packages[0]):
        path = base / packages[0]
        return Release(path, repo, host, version, _relative(path, top), vendored, kind)
    beside = tuple(
        f"{entry.name}/*" if entry.is_dir() else entry.name
        for entry in sorted(base.iterdir())
        if entry.name not in packages
    )
    return Release(base, repo, host, version, _relative(base, top), vendored + beside, kind)


def _relative(path: Path, top: Path) -> str:
    relative = path.relative_to(top).as_posix()
    return "" if relative == "." else relative


def _packages(top: Path, base: Path) -> list[str]:
    """The release's top-level packages (folders; a lone module is read with its folder): those its metadata
    lists in `top_level.txt` that exist (a listed module as its file, `jsonpatch.py`), else the folders with an
    `__init__.py` or, for a namespace package, a subfolder with one."""
    listed = [line.strip() for text in _metadata_texts(top, "top_level.txt") for line in text.splitlines()]
    listed = [n for n in dict.fromkeys(listed) if n.isidentifier() and n not in _NOT_PACKAGES]  # not `x-stubs`
    found = [n for n in listed if _is_folder(base / n)]
    # A module the metadata lists (`jsonpatch.py` beside a `jsonpatch-stubs/` folder of `.pyi` files).
    modules = [f"{n}.py" for n in listed if (base / f"{n}.py").is_file() and not (base / f"{n}.py").is_symlink()]
    if found or modules:
        return sorted(found) + modules
    folders = [entry for entry in sorted(base.iterdir()) if _is_folder(entry) and entry.name.isidentifier()]
    found = [f.name for f in folders if f.name not in _NOT_PACKAGES and (f / "__init__.py").is_file()]
    if found:
        return found
    namespaces = [
        f.name
        for f in folders
        if f.name not in _NOT_PACKAGES
        and any((sub / "__init__.py").is_file() for sub in f.iterdir() if _is_folder(sub))
    ]
    if namespaces:
        return namespaces
    modules = [entry.name for entry in base.iterdir() if entry.suffix == ".py" and entry.name != "setup.py"]
    return [""] if modules else []


def _holds_packages(folder: Path) -> bool:
    """A `src/` (or SQLAlchemy's `lib/`) folder: no package itself, a package in it."""
    if not _is_folder(folder) or (folder / "__init__.py").exists():
        return False
    return any(_is_folder(sub) and (sub / "__init__.py").is_file() for sub in folder.iterdir())


def _is_folder(path: Path) -> bool:
    return path.is_dir() and not path.is_symlink()


def _metadata_texts(top: Path, filename: str) -> list[str]:
    """A metadata file of the release (PKG-INFO, an egg-info's or a dist-info's), read as any file of the tree."""
    places = [top / filename] if filename == "PKG-INFO" else []
    for folder in sorted([*top.glob("*.egg-info"), *top.glob("src/*.egg-info"), *top.glob("*.dist-info")]):
        places.append(folder / ("METADATA" if filename == "PKG-INFO" and folder.suffix == ".dist-info" else filename))
    texts, root = [], real_root(top)
    for place in places:
        try:
            texts.append(read_text(place, root=root, cap=Caps.from_settings().file_bytes))
        except (Refused, OSError):
            continue
    return texts


def repository_of(top: Path, name: str) -> tuple[str, str]:
    """(host, OWNER/NAME): the GitHub or GitLab project the release's metadata names as its source, else
    pypi.org's pypi/NAME."""
    urls: list[tuple[str, str]] = []
    for text in _metadata_texts(top, "PKG-INFO"):
        headers = HeaderParser().parsestr(text.split("\n\n", 1)[0] + "\n")
        for value in headers.get_all("Project-URL") or []:
            label, _, url = str(value).partition(",")
            urls.append((label.strip().lower(), url.strip()))
        urls += [("home-page", str(v).strip()) for v in headers.get_all("Home-page") or []]
    ranked = sorted(urls, key=lambda pair: _rank(pair[0]))
    for label, url in ranked:
        hosted = None if any(word in label for word in _NOT_SOURCE_LABELS) else _hosted(url)
        if hosted is not None:
            return hosted
    return "pypi.org", f"pypi/{canonical(name)}"


def _hosted(url: str) -> tuple[str, str] | None:
    """(host, OWNER/NAME) of a GitHub or GitLab project's address (its pages too: /tree/main, /issues)."""
    try:
        parts = urlsplit(url[:500])
    except ValueError:
        return None
    host = _HOSTS.get((parts.hostname or "").lower())
    path = [part for part in parts.path.split("/") if part]
    if parts.scheme not in ("http", "https") or host is None or len(path) < 2:
        return None
    owner, project = path[0], path[1].removesuffix(".git")
    if owner.lower() in _NOT_REPOSITORIES or not (NAME_PART_RE.match(owner) and NAME_PART_RE.match(project)):
        return None
    return host, f"{owner}/{project}"


def _rank(label: str) -> int:
    for rank, words in enumerate((("source", "repository", "code", "github", "gitlab"), ("home",))):
        if any(word in label for word in words):
            return rank
    return 2

"""Fixtures of the harvest tests: the source distributions of the installed Django and Django REST framework, a small
checkout (`shapes`) and a local package index for `harvest pypi:` (`index`)."""

import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import pytest


def source_distribution(requirement: str) -> Path:
    """A release's source distribution (tests/ and docs/ included, which wheels lack), unpacked: downloaded once
    from the package index into the virtual environment's cache and kept there. No network, no test."""
    cache = Path(sys.prefix) / "test-sdists"
    name, _, version = requirement.partition("==")
    found = [p for p in cache.glob("*") if p.is_dir() and p.name.lower().replace("_", "-") == f"{name}-{version}"]
    if found:
        return found[0]
    cache.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as download:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:", "-d", download,
             requirement],
            check=True,
        )  # fmt: skip
        [archive] = Path(download).glob("*.tar.gz")
        with tarfile.open(archive) as tar:
            tar.extractall(cache, filter="data")
    return source_distribution(requirement)


@pytest.fixture(scope="session")
def django_sdist() -> Path:
    """Django's own source distribution, of the version installed: django/, tests/ and docs/."""
    import django

    return source_distribution(f"django=={django.get_version()}")


@pytest.fixture(scope="session")
def drf_sdist() -> Path:
    """Django REST framework's source distribution, of the version installed: rest_framework/ and tests/."""
    import rest_framework

    return source_distribution(f"djangorestframework=={rest_framework.__version__}")


SHAPES = """
    import warnings


    class ShapeError(ValueError):
        pass


    def area(side):
        if side < 0:
            raise ShapeError(f"Side must not be negative, got {side}.")
        return side * side


    def scale(factor):
        if factor == 0:
            raise ZeroDivisionError("Cannot scale by a zero factor at all.")
        return factor


    def parse(text):
        if isinstance(text, bytes):
            raise TypeError("Expected text for the parser input, got bytes.")
        return text


    def load(path):
        if not path:
            raise LookupError
        return path


    def rotate(angle):
        if angle > 360:
            warnings.warn("Rotation by more than a full turn is deprecated.", DeprecationWarning)
        return angle
"""


@pytest.fixture
def shapes(git_repo):
    """A small checkout: the package `shapes` whose `core` raises five ways (SHAPES); tests add tests and docs."""
    git_repo.write("pyproject.toml", "[project]\nname = 'shapes'\n")
    git_repo.write("shapes/__init__.py", "")
    git_repo.write("shapes/core.py", SHAPES)
    return git_repo


@pytest.fixture
def index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settings) -> Path:
    """An empty local package index that pip reads instead of PyPI (`tests/harvest/local_index.py` fills it), and a
    release cache of the test's own."""
    folder = tmp_path / "index"
    folder.mkdir()
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(folder))
    monkeypatch.setenv("PIP_CONFIG_FILE", "/dev/null")
    settings.HARVEST_PYPI_CACHE = str(tmp_path / "cache")
    return folder

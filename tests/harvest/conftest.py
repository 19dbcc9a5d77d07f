"""Fixtures of the harvest tests: the source distributions of the installed Django and Django REST framework."""

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

"""A package index in a folder, for the `harvest pypi:` tests: pip reads it with `--no-index --find-links` (set through
its environment variables), so the tests need no network. The source distribution builds its metadata with a
backend of its own (`backend-path`), which needs nothing installed."""

import io
import tarfile
import zipfile
from pathlib import Path

BACKEND = """import os
def get_requires_for_build_wheel(config_settings=None):
    return []
def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    folder = os.path.join(metadata_directory, "{name}-{version}.dist-info")
    os.makedirs(folder)
    with open(os.path.join(folder, "METADATA"), "w") as out:
        out.write("Metadata-Version: 2.1\\nName: {name}\\nVersion: {version}\\n")
    return "{name}-{version}.dist-info"
"""
PYPROJECT = '[build-system]\nrequires = []\nbuild-backend = "backend"\nbackend-path = ["."]\n'


def metadata(name: str, version: str, urls: dict[str, str]) -> str:
    lines = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
    lines += [f"Project-URL: {label}, {url}" for label, url in urls.items()]
    return "\n".join(lines) + "\n\nThe description.\n"


def source_distribution(
    index: Path, name: str, version: str, files: dict[str, str], *, urls: dict[str, str] | None = None
) -> Path:
    """`name-version.tar.gz` in the index: `files` (path under the release's top folder -> text), with PKG-INFO,
    pyproject.toml and the metadata backend."""
    top = f"{name}-{version}"
    members = {
        "PKG-INFO": metadata(name, version, urls or {}),
        "pyproject.toml": PYPROJECT,
        "backend.py": BACKEND.format(name=name, version=version),
        **files,
    }
    archive = index / f"{top}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        for path, text in members.items():
            data = text.encode()
            info = tarfile.TarInfo(f"{top}/{path}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return archive


def wheel(index: Path, name: str, version: str, files: dict[str, str], *, urls: dict[str, str] | None = None) -> Path:
    """`name-version-py3-none-any.whl` in the index: `files` at the top, and the dist-info pip reads."""
    info = f"{name}-{version}.dist-info"
    members = {
        **files,
        f"{info}/METADATA": metadata(name, version, urls or {}),
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        f"{info}/RECORD": "",
    }
    archive = index / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(archive, "w") as zipped:
        for path, text in members.items():
            zipped.writestr(path, text)
    return archive

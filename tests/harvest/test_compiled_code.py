"""Compiled code recorded at harvest (issue 30, item 3): the extension modules a tree holds, named as `import` knows
them, and the names its Python modules import from one, stored with the repository. On msgpack's real wheel (a
C extension, `msgpack/_cmsgpack.cpython-*.so`), unpacked by the harvest's own unpacker, and on small trees."""

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from kb.harvest import Target, harvest
from kb.harvest.pipeline.scan import scan
from kb.harvest.pipeline.unpack import unpack
from kb.models import Repository

MSGPACK = "msgpack==1.1.2"


def wheel(requirement: str) -> Path:
    """A release's wheel for this interpreter, downloaded once from the package index into the virtual environment's
    cache and kept there (as tests/harvest/conftest.py keeps source distributions)."""
    cache = Path(sys.prefix) / "test-wheels"
    name, _, version = requirement.partition("==")
    found = sorted(cache.glob(f"{name}-{version}-*.whl"))
    if found:
        return found[0]
    cache.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as download:
        done = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:", "-d", download,
             requirement],
            capture_output=True,
        )  # fmt: skip
        if done.returncode != 0:
            pytest.skip(f"no wheel of {requirement} from the package index")
        [archive] = Path(download).glob("*.whl")
        archive.rename(cache / archive.name)
    return wheel(requirement)


@pytest.fixture(scope="module")
def msgpack_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    into = tmp_path_factory.mktemp("msgpack")
    return unpack(wheel(MSGPACK), into, max_bytes=50 * 1024 * 1024, max_file_bytes=2 * 1024 * 1024)


def test_a_wheel_s_extension_module_is_recorded_as_compiled(msgpack_tree: Path):
    assert any(path.name.startswith("_cmsgpack.") for path in (msgpack_tree / "msgpack").iterdir())
    record = scan(msgpack_tree, progress=False, evidence=False).compiled
    assert record["packages"] == ["msgpack"]
    assert record["modules"] == ["msgpack._cmsgpack"]


def test_the_names_a_package_imports_from_its_extension_are_recorded_with_it(msgpack_tree: Path):
    # `from ._cmsgpack import Packer, Unpacker, unpackb`, in a `try` beside the pure-Python fallback.
    names = scan(msgpack_tree, progress=False, evidence=False).compiled["names"]
    assert names["msgpack.Unpacker"] == "msgpack._cmsgpack"
    assert "msgpack.ExtraData" not in names  # msgpack/exceptions.py: Python the harvest reads


def test_an_extension_left_out_of_the_tree_is_still_found_in_the_wheel_s_record(msgpack_tree: Path, tmp_path: Path):
    small = unpack(wheel(MSGPACK), tmp_path / "small", max_bytes=50 * 1024 * 1024, max_file_bytes=64 * 1024)
    assert not any(path.name.endswith(".so") for path in (small / "msgpack").iterdir())
    assert scan(small, progress=False, evidence=False).compiled["modules"] == ["msgpack._cmsgpack"]


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_a_cython_source_and_an_abi3_module_are_compiled_and_a_python_twin_is_not(tmp_path: Path):
    root = write(
        tmp_path / "tree",
        {
            "pkg/__init__.py": "from ._speedups import escape\nfrom .errors import Problem\n",
            "pkg/errors.py": "class Problem(Exception):\n    pass\n",
            "pkg/_speedups.abi3.so": "",
            "pkg/parsing/__init__.py": "",
            "pkg/parsing/_reader.pyx": "",
            # Built with Cython from its own .py (SQLAlchemy's `_row_cy`): the harvest reads the source.
            "pkg/_row_cy.py": "",
            "pkg/_row_cy.cpython-311-x86_64-linux-gnu.so": "",
        },
    )
    record = scan(root, progress=False, evidence=False).compiled
    assert record == {
        "packages": ["pkg"],
        "modules": ["pkg._speedups", "pkg.parsing._reader"],
        "names": {"pkg.escape": "pkg._speedups"},
    }


def test_a_harvest_stores_the_record_with_the_repository(db, msgpack_tree: Path):
    harvest(target=Target(root=msgpack_tree, owner="msgpack", name="msgpack-python", commit="v1.1.2"), progress=False)
    stored = Repository.objects.get(owner="msgpack", name="msgpack-python").compiled
    assert stored["modules"] == ["msgpack._cmsgpack"]
    assert stored["packages"] == ["msgpack"]

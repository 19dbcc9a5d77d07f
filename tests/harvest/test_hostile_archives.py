"""A downloaded release is hostile: unpacking it never writes outside its folder, never makes a link, and stops at
the caps (`kb.harvest.pipeline.unpack`)."""

import io
import stat
import tarfile
import zipfile
from pathlib import Path

import pytest

from kb.harvest.pipeline.unpack import UnpackError, unpack

CAPS = {"max_bytes": 10_000, "max_file_bytes": 1_000}


def tar_of(path: Path, members: list[tarfile.TarInfo], data: dict[str, bytes] | None = None) -> Path:
    with tarfile.open(path, "w:gz") as tar:
        for member in members:
            body = (data or {}).get(member.name, b"")
            if member.isfile():
                member.size = len(body)
            tar.addfile(member, io.BytesIO(body) if member.isfile() else None)
    return path


def member(name: str, kind: bytes = tarfile.REGTYPE, target: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type, info.linkname = kind, target
    return info


@pytest.mark.parametrize("name", ["../escape.py", "/tmp/absolute.py", "pkg/../../escape.py", "C:/x.py", "a\\..\\b.py"])
def test_a_tar_member_outside_its_folder_refuses_the_archive(tmp_path: Path, name: str) -> None:
    archive = tar_of(tmp_path / "bad.tar.gz", [member("pkg-1.0/ok.py"), member(name)])
    (tmp_path / "out").mkdir()
    with pytest.raises(UnpackError, match="outside its folder"):
        unpack(archive, tmp_path / "out", **CAPS)
    assert not (tmp_path / "escape.py").exists()


def test_links_devices_and_oversized_files_are_left_out_of_a_tar(tmp_path: Path) -> None:
    archive = tar_of(
        tmp_path / "r.tar.gz",
        [
            member("pkg-1.0/kept.py"),
            member("pkg-1.0/secret", tarfile.SYMTYPE, "/etc/passwd"),
            member("pkg-1.0/hard", tarfile.LNKTYPE, "pkg-1.0/kept.py"),
            member("pkg-1.0/fifo", tarfile.FIFOTYPE),
            member("pkg-1.0/big.py"),
        ],
        {"pkg-1.0/kept.py": b"x = 1\n", "pkg-1.0/big.py": b"#" * 2_000},
    )
    (tmp_path / "out").mkdir()
    top = unpack(archive, tmp_path / "out", **CAPS)
    assert top == tmp_path / "out" / "pkg-1.0"
    assert sorted(p.name for p in top.iterdir()) == ["kept.py"]


def test_a_tar_larger_than_the_cap_in_all_is_refused(tmp_path: Path) -> None:
    names = [f"pkg/m{n}.py" for n in range(12)]
    archive = tar_of(tmp_path / "r.tar.gz", [member(n) for n in names], {n: b"#" * 900 for n in names})
    (tmp_path / "out").mkdir()
    with pytest.raises(UnpackError, match="more than 10000 bytes"):
        unpack(archive, tmp_path / "out", **CAPS)


def zip_of(path: Path, members: list[tuple[zipfile.ZipInfo, bytes]]) -> Path:
    with zipfile.ZipFile(path, "w") as zipped:
        for info, data in members:
            zipped.writestr(info, data)
    return path


def test_a_zip_member_outside_its_folder_refuses_the_wheel(tmp_path: Path) -> None:
    archive = zip_of(tmp_path / "w-1.0-py3-none-any.whl", [(zipfile.ZipInfo("../../escape.py"), b"x")])
    (tmp_path / "out").mkdir()
    with pytest.raises(UnpackError, match="outside its folder"):
        unpack(archive, tmp_path / "out", **CAPS)
    assert not (tmp_path / "escape.py").exists()


def test_a_zip_link_is_never_made_and_its_files_are_unpacked(tmp_path: Path) -> None:
    link = zipfile.ZipInfo("w/secret")
    link.external_attr = (stat.S_IFLNK | 0o777) << 16
    archive = zip_of(tmp_path / "w.whl", [(zipfile.ZipInfo("w/__init__.py"), b"x = 1\n"), (link, b"/etc/passwd")])
    (tmp_path / "out").mkdir()
    top = unpack(archive, tmp_path / "out", **CAPS)
    assert (top / "__init__.py").read_text() == "x = 1\n"
    assert not (top / "secret").exists() and not (top / "secret").is_symlink()


def test_something_that_is_no_archive_is_said_plainly(tmp_path: Path) -> None:
    (tmp_path / "r.tar.gz").write_bytes(b"not gzip at all")
    (tmp_path / "out").mkdir()
    with pytest.raises(UnpackError, match="could not be unpacked"):
        unpack(tmp_path / "r.tar.gz", tmp_path / "out", **CAPS)

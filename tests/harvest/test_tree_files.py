"""Reading a harvested tree (`reading.files`): only regular files inside it, within the caps, never blocking."""

import os
from pathlib import Path

import pytest

from kb.harvest.reading.files import (
    NOT_REGULAR,
    OUTSIDE,
    TOO_LARGE,
    UNDECODABLE,
    Refusals,
    Refused,
    parse_source,
    read_bytes,
    real_root,
    walk,
)


def tree(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "real.py").write_text("x = 1\n")
    (tmp_path / "outside.py").write_text("SECRET = 1\n")
    return root


def refused_reason(path: Path, root: Path, cap: int = 1024) -> str:
    with pytest.raises(Refused) as refused:
        read_bytes(path, root=real_root(root), cap=cap)
    return refused.value.reason


def listed(root: Path) -> tuple[list[str], Refusals]:
    refusals = Refusals()
    names = [
        (directory / name).relative_to(root).as_posix()
        for directory, _, files in walk(root, root=real_root(root), refusals=refusals, suffixes=(".py",))
        for name in files
    ]
    return names, refusals


def test_a_link_to_a_file_inside_the_tree_is_read(tmp_path):
    root = tree(tmp_path)
    (root / "pkg" / "alias.py").symlink_to(root / "pkg" / "real.py")
    assert read_bytes(root / "pkg" / "alias.py", root=real_root(root), cap=1024) == b"x = 1\n"
    assert listed(root)[0] == ["pkg/alias.py", "pkg/real.py"]


def test_a_link_out_of_the_tree_is_refused_and_counted(tmp_path):
    root = tree(tmp_path)
    (root / "pkg" / "stolen.py").symlink_to(tmp_path / "outside.py")
    (root / "pkg" / "relative.py").symlink_to("../../outside.py")
    assert refused_reason(root / "pkg" / "stolen.py", root) == OUTSIDE
    assert refused_reason(root / "pkg" / "relative.py", root) == OUTSIDE
    names, refusals = listed(root)
    assert names == ["pkg/real.py"]
    assert refusals.counts == {OUTSIDE: 2}


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    root = tree(tmp_path)
    os.mkfifo(root / "pkg" / "fifo.py")
    assert refused_reason(root / "pkg" / "fifo.py", root) == NOT_REGULAR
    assert listed(root)[1].counts == {NOT_REGULAR: 1}


def test_a_device_is_never_read(tmp_path):
    root = tree(tmp_path)
    (root / "pkg" / "zero.py").symlink_to("/dev/zero")
    assert refused_reason(root / "pkg" / "zero.py", root) == OUTSIDE
    assert refused_reason(Path("/dev/zero"), Path("/dev")) == NOT_REGULAR


def test_a_file_over_the_cap_is_refused(tmp_path):
    root = tree(tmp_path)
    (root / "pkg" / "big.py").write_bytes(b"#" * 2048)
    assert refused_reason(root / "pkg" / "big.py", root, cap=1024) == TOO_LARGE


def test_links_to_directories_are_not_followed(tmp_path):
    root = tree(tmp_path)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "far.py").write_text("y = 2\n")
    (root / "linked").symlink_to(tmp_path / "elsewhere")
    assert listed(root)[0] == ["pkg/real.py"]


def test_a_codec_that_is_not_text_is_refused():
    with pytest.raises(Refused) as refused:
        parse_source(b"# coding: rot13\nk = 1\n", "rot.py")
    assert refused.value.reason == UNDECODABLE


def test_escapes_the_database_refuses_are_replaced_in_constants():
    _, tree = parse_source(b'a = "x\\x00y"\nb = "p\\ud800q"\n', "bad.py")
    values = [node.value.value for node in tree.body]  # type: ignore[attr-defined]
    assert values == ["x\ufffdy", "p\ufffdq"]


def test_a_path_is_counted_once_however_many_listings_refuse_it():
    refusals = Refusals()
    refusals.add("pkg/stolen.py", Refused(OUTSIDE))
    refusals.add("pkg/stolen.py", Refused(OUTSIDE))
    assert len(refusals) == 1

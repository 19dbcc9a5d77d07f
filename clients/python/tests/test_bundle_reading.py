"""A bundle written by `write_bundle` reads back and answers; anything else (another file, a truncated or corrupt
bundle, one of a newer format, values of the wrong type or size) is refused with a `BundleError` that says which.
No Django: the bundles here are written from entries made in the test."""

import json
import zipfile
from pathlib import Path

import pytest

from errorkb.bundle import FORMAT_VERSION, INDEX, MANIFEST, BundleError, open_bundle, write_bundle
from errorkb.matching.index import Entry, Site
from errorkb.matching.limits import TextTooLarge
from errorkb.matching.shape import Details

REPOSITORY = {"full_name": "acme/widgets", "url": "https://github.com/acme/widgets"}
SIZE = Entry(
    key=7,
    public_id="00000000000000a7",
    exception_type="widgets.errors.SizeError",
    message="Widget size must be positive, got -1",
    status="published",
    repository_url=REPOSITORY["url"],
    signature="Widget size must be positive, got {size}",
    variants=(("Widget size must be > 0, got -1", "Widget size must be > 0, got {size}"),),
    sites=(Site("widgets/core.py", 40, "Widget.resize", "v1.2"),),
)
DETAILS: Details = {
    "title": "Widget size must be positive",
    "summary": "A widget was resized to a negative size.",
    "first_solution": "Pass a size above zero.",
    "review_state": "reviewed",
}
CARD = {"id": SIZE.public_id, "title": DETAILS["title"], "solutions": [{"markdown": "Pass a size above zero."}]}


def written(tmp_path: Path) -> Path:
    path = tmp_path / "widgets.zip"
    write_bundle(
        path,
        entries=[(SIZE, DETAILS)],
        cards=[CARD],
        repositories=[REPOSITORY],
        site_url="https://errors.example.org",
        entry_path=("/errors/", "/"),
    )
    return path


def rewritten(source: Path, target: Path, **members: bytes) -> Path:
    """The bundle with some members' bytes replaced."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        for info in old.infolist():
            new.writestr(info, members.get(info.filename, old.read(info)))
    return target


def test_a_written_bundle_answers_a_traceback_with_its_card(tmp_path: Path):
    bundle = open_bundle(written(tmp_path))
    traceback = (
        "Traceback (most recent call last):\n"
        '  File "/srv/app/run.py", line 3, in <module>\n'
        '  File "/venv/lib/python3.12/site-packages/widgets/core.py", line 40, in resize\n'
        "widgets.errors.SizeError: Widget size must be positive, got -3\n"
    )
    [match] = bundle.lookup(traceback)
    assert match["id"] == SIZE.public_id
    assert match["url"] == "https://errors.example.org/errors/00000000000000a7/"
    assert (match["title"], match["summary"], match["first_solution"]) == (
        DETAILS["title"],
        DETAILS["summary"],
        DETAILS["first_solution"],
    )
    assert match["exact"] and match["params"] == {"size": "-3"}
    assert match["sources"][0]["url"] == "https://github.com/acme/widgets/blob/v1.2/widgets/core.py#L40"
    assert bundle.card(SIZE.public_id) == CARD
    assert len(bundle) == 1 and bundle.repositories == [REPOSITORY]


def test_an_older_wording_finds_the_card_and_an_unknown_id_has_none(tmp_path: Path):
    bundle = open_bundle(written(tmp_path))
    assert [m["id"] for m in bundle.lookup("Widget size must be > 0, got -8")] == [SIZE.public_id]
    assert bundle.card("ffffffffffffffff") is None
    assert bundle.card("../index") is None


def test_a_text_over_64_kib_is_refused_as_the_server_refuses_it(tmp_path: Path):
    bundle = open_bundle(written(tmp_path))
    with pytest.raises(TextTooLarge, match="at most 65536 bytes"):
        bundle.lookup("x" * (64 * 1024 + 1))


def test_a_bundle_of_a_newer_format_is_refused_and_says_to_upgrade(tmp_path: Path):
    path = written(tmp_path)
    with zipfile.ZipFile(path) as archive:
        manifest = json.loads(archive.read(MANIFEST))
    newer = json.dumps({**manifest, "format": FORMAT_VERSION + 1}).encode()
    with pytest.raises(BundleError, match=rf"format {FORMAT_VERSION + 1}, newer than this errorkb reads.*Upgrade"):
        open_bundle(rewritten(path, tmp_path / "newer.zip", **{MANIFEST: newer}))


@pytest.mark.parametrize("kept", [0.25, 0.5, 0.9, 0.99])
def test_a_truncated_bundle_is_refused_as_truncated(tmp_path: Path, kept: float):
    data = written(tmp_path).read_bytes()
    cut = tmp_path / "cut.zip"
    cut.write_bytes(data[: int(len(data) * kept)])
    with pytest.raises(BundleError, match="truncated"):
        open_bundle(cut)


def test_a_file_that_is_not_a_bundle_is_refused(tmp_path: Path):
    other = tmp_path / "notes.txt"
    other.write_text("not a bundle\n")
    with pytest.raises(BundleError, match="not an errorkb bundle"):
        open_bundle(other)
    archive = tmp_path / "other.zip"
    with zipfile.ZipFile(archive, "w") as file:
        file.writestr("readme.txt", "hello")
    with pytest.raises(BundleError, match=r"not an errorkb bundle.*manifest"):
        open_bundle(archive)
    with pytest.raises(BundleError, match="cannot read"):
        open_bundle(tmp_path / "missing.zip")


def test_a_member_whose_bytes_were_damaged_is_refused_as_corrupt(tmp_path: Path):
    path = written(tmp_path)
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        index = archive.getinfo(INDEX)
    start = index.header_offset + 30 + len(index.filename) + 10  # inside the compressed index
    data[start : start + 8] = b"\xff" * 8
    damaged = tmp_path / "damaged.zip"
    damaged.write_bytes(bytes(data))
    with pytest.raises(BundleError, match="corrupt"):
        open_bundle(damaged)


@pytest.mark.parametrize(
    "index",
    [
        b"[1, 2",  # not JSON
        b"[" * 100_000 + b"]" * 100_000,  # nested past the parser's depth
        b'{"entries": {}}',
        b'{"entries": [[7]]}',
        b'{"entries": [[7, "00000000000000a7", 1, "m", "published", 0, "", [], [], "t", null, null, "generated"]]}',
        b'{"entries": [[7, "zz", "E", "m", "published", 0, "", [], [], "t", null, null, "generated"]]}',
        b'{"entries": [[7, "00000000000000a7", "E", "m", "published", 5, "", [], [], "t", null, null, "generated"]]}',
        b'{"entries": [[7, "00000000000000a7", "E", "m", "published", 0, "", [], [["p", "9", "f", "c"]], "t", null, '
        b'null, "generated"]]}',
        b'{"entries": [[-1, "00000000000000a7", "E", "m", "published", 0, "", [], [], "t", null, null, "generated"]]}',
    ],
    ids=[
        "not JSON",
        "too deep",
        "entries not a list",
        "a short row",
        "a type not a string",
        "a malformed id",
        "an unknown repository",
        "a line not a number",
        "a negative key",
    ],
)
def test_an_index_with_values_of_the_wrong_shape_is_refused_as_corrupt(tmp_path: Path, index: bytes):
    damaged = rewritten(written(tmp_path), tmp_path / "bad.zip", **{INDEX: index})
    with pytest.raises(BundleError, match="corrupt"):
        open_bundle(damaged)


def test_a_member_declaring_more_than_its_limit_is_refused_before_it_is_read(tmp_path: Path, monkeypatch):
    import errorkb.bundle

    path = written(tmp_path)
    monkeypatch.setattr(errorkb.bundle, "MAX_INDEX_BYTES", 64)
    with pytest.raises(BundleError, match="over the limit"):
        open_bundle(path)


def with_compiled(tmp_path: Path, record: object) -> Path:
    path = tmp_path / "compiled.zip"
    write_bundle(
        path,
        entries=[(SIZE, DETAILS)],
        cards=[CARD],
        repositories=[{**REPOSITORY, "compiled": record}],
        site_url="https://errors.example.org",
        entry_path=("/errors/", "/"),
    )
    return path


def test_a_repositorys_record_of_compiled_code_travels_in_the_bundle(tmp_path: Path):
    record = {"packages": ["widgets"], "modules": ["widgets._speedups"], "names": {"widgets.Fast": "widgets._speedups"}}
    bundle = open_bundle(with_compiled(tmp_path, record))
    assert [m["id"] for m in bundle.lookup(f"SizeError: {SIZE.message}")] == [SIZE.public_id]
    assert bundle.lookup("widgets._speedups.Overflow: the fast path gave up") == []  # compiled code: no nearby card


def test_a_record_of_compiled_code_that_is_not_an_object_is_refused_as_corrupt(tmp_path: Path):
    with pytest.raises(BundleError, match="compiled is not an object"):
        open_bundle(with_compiled(tmp_path, ["widgets"]))

"""`manage.py harvest --manifest FILE`: a list of projects, each harvested in turn with its progress shown, ending
with a summary table; one that fails is a row of the table and the others go on."""

import io
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from kb.models import ErrorEntry
from tests.harvest.local_index import source_distribution

RAISES = 'def check(n):\n    if n < 0:\n        raise ValueError("the count must not be negative, got {}".format(n))\n'


def run_manifest(path: Path) -> str:
    out = io.StringIO()
    call_command("harvest", "--manifest", str(path), "--publish", "--no-progress", stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_each_project_is_harvested_and_the_table_sums_them_up(index: Path, tmp_path: Path, db) -> None:
    source_distribution(index, "first", "1.0", {"first/__init__.py": RAISES})
    local = tmp_path / "checkout" / "second"
    local.mkdir(parents=True)
    (local / "errors.py").write_text(RAISES.replace("count", "total"))
    manifest = tmp_path / "projects.txt"
    manifest.write_text(
        "# two projects\npypi:first==1.0\n\ncheckout/second --repo me/second --commit v2  # a local one\n"
    )
    output = run_manifest(manifest)
    assert "[1/2] pypi:first==1.0" in output and "[2/2] checkout/second" in output
    lines = output.splitlines()
    header = lines.index(next(line for line in lines if line.startswith("project ")))
    assert lines[header].split() == ["project", "entries", "published", "skipped", "seconds"]
    first, second, total = (line.split() for line in lines[header + 1 : header + 4])
    assert first[:4] == ["pypi:first==1.0", "1", "1", "0"]
    assert second[:4] == ["checkout/second", "1", "1", "0"]
    assert total[:6] == ["2", "of", "2", "harvested", "2", "2"]
    assert ErrorEntry.objects.filter(repository__name__in=["first", "second"]).count() == 2


def test_a_project_that_fails_is_reported_and_does_not_stop_the_rest(index: Path, tmp_path: Path, db) -> None:
    source_distribution(index, "good", "1.0", {"good/__init__.py": RAISES})
    manifest = tmp_path / "projects.txt"
    manifest.write_text("pypi:missing==3.0\nnot/a/folder --repo me/x --commit 1\npypi:good==1.0\n")
    output = run_manifest(manifest)
    assert "the package index has no release missing==3.0" in output
    assert "does not exist" in output
    rows = [line.split() for line in output.splitlines()]
    assert any(row[:4] == ["pypi:missing==3.0", "failed", "-", "-"] for row in rows)
    assert any(row[:3] == ["pypi:good==1.0", "1", "1"] for row in rows)
    assert output.splitlines()[-1].startswith("1 of 3 harvested")


def test_a_manifest_where_nothing_could_be_harvested_fails_the_command(index: Path, tmp_path: Path, db) -> None:
    manifest = tmp_path / "projects.txt"
    manifest.write_text("pypi:missing==3.0\n")
    with pytest.raises(CommandError, match="No project of the manifest could be harvested"):
        run_manifest(manifest)


def test_a_manifest_that_cannot_be_read_is_said_plainly(tmp_path: Path, db) -> None:
    with pytest.raises(CommandError, match="could not be read"):
        run_manifest(tmp_path / "absent.txt")

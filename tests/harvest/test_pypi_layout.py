"""Which files of a release are its code: a distribution of modules (`jsonpatch.py`, `jsonpatch_cli.py`) beside a
`jsonpatch-stubs/` folder of type stubs is read as those modules; before, the stubs folder, the only folder its
`top_level.txt` names, was taken for the package and the harvest found nothing."""

from pathlib import Path

from kb.harvest.pipeline.pypi import layout


def release(top: Path) -> Path:
    (top / "jsonpatch.egg-info").mkdir(parents=True)
    (top / "jsonpatch.egg-info" / "top_level.txt").write_text("jsonpatch\njsonpatch-stubs\njsonpatch_cli\n")
    (top / "jsonpatch-stubs").mkdir()
    (top / "jsonpatch-stubs" / "__init__.pyi").write_text("def apply_patch(doc: object) -> object: ...\n")
    (top / "jsonpatch.py").write_text("def apply_patch(doc):\n    raise ValueError('A patch must be a list.')\n")
    (top / "jsonpatch_cli.py").write_text("def main():\n    pass\n")
    (top / "tests.py").write_text("def test_apply():\n    pass\n")
    return top


def test_the_listed_modules_are_read_and_nothing_beside_them(tmp_path: Path) -> None:
    found = layout(release(tmp_path / "jsonpatch-1.47"), name="jsonpatch", version="1.47", kind="source distribution")
    assert found.path == tmp_path / "jsonpatch-1.47"
    assert "tests.py" in found.excludes and "jsonpatch-stubs/*" in found.excludes
    assert "jsonpatch.py" not in found.excludes and "jsonpatch_cli.py" not in found.excludes

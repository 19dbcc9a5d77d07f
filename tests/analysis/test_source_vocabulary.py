"""`analyze --source PATH` reads the tree as a harvest does: regular files inside it only, never blocking."""

import os
from pathlib import Path

from kb.analysis.vocabulary import Vocabulary, read_source


def test_the_source_tree_is_read_without_its_links_out_fifos_or_devices(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "good.py").write_text("def resize_widget():\n    pass\n")
    (tmp_path / "secret.py").write_text("STOLEN_TOKEN_NAME = 1\n")
    (root / "stolen.py").symlink_to(tmp_path / "secret.py")
    (root / "zero.py").symlink_to("/dev/zero")
    os.mkfifo(root / "fifo.py")
    vocabulary = Vocabulary()
    assert read_source(vocabulary, root) == 1
    assert "resize_widget" in vocabulary.names
    assert "STOLEN_TOKEN_NAME" not in vocabulary.names
    assert "stolen.py" not in vocabulary.paths

"""A hostile tree, built at run time, harvests: nothing from outside it, no git hook, no off-site link, and the
good module's errors published. Every kind of file the attack used is in it, beside one good module."""

import io
import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from kb.models import ErrorEntry, RaiseSite

SECRET = "s3cr3t-9f1c2e7a"
GOOD = """
def check(widget):
    if widget.broken:
        raise ValueError("The widget is broken beyond repair")
    return widget
"""
TEST = """
import pytest
from pkg.good import check

def test_broken():
    with pytest.raises(ValueError, match="The widget is broken"):
        check(object())
"""
# A link whose host is the attacker's (`https://evil.example/`, `https:evil.example`); a path that holds the words,
# percent-encoded on the repository's own host, is the file's link, as it should be.
OFF_SITE = re.compile(r"""(?:href|src)=\\?["']?[a-z]*:?/*evil\.example""")
INJECTED_DIR = "q1\n\n[x1]:https:evil.example\n\n[Your token expired][x1]\n\n"


def write(path: Path, text: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)


def git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=T", "-c", "user.email=t@example.com", *args], cwd=root, check=True, capture_output=True
    )


def hostile_tree(base: Path) -> tuple[Path, Path]:
    """(the checkout, the marker a git hook would write)."""
    outside = base / "outside"
    write(outside / ".env", f'export SECRET_KEY="{SECRET}"\n')
    write(outside / "secret.py", f'raise ValueError("{SECRET} from outside the tree")\n')
    root = base / "repo"
    write(root / "pkg" / "__init__.py", "")
    write(root / "pkg" / "good.py", GOOD)
    write(root / "tests" / "test_good.py", TEST)
    write(root / "tests" / INJECTED_DIR / "test_injected.py", TEST)
    write(root / "docs" / "widgets.md", "# Widgets\n\nThe widget is broken beyond repair when it is dropped.\n")
    # Links out of the tree, to special files, and a FIFO, under names the harvest reads.
    (root / "docs" / "deploy-notes.md").symlink_to(outside / ".env")
    (root / "docs" / "users.txt").symlink_to("/etc/passwd")
    (root / "pkg" / "stolen.py").symlink_to(outside / "secret.py")
    (root / "pkg" / "zero.py").symlink_to("/dev/zero")
    (root / "docs" / "zero.md").symlink_to("/dev/zero")
    os.mkfifo(root / "pkg" / "fifo.py")
    os.mkfifo(root / "docs" / "fifo.md")
    # Files no step can take, each alone.
    write(root / "pkg" / "deep.py", "def f(a):\n    raise ValueError('x' + " + " + ".join(["a"] * 2_000) + ")\n")
    write(root / "pkg" / "minus.py", "x = " + "-" * 20_000 + "1\n")
    write(root / "pkg" / "rot.py", "# coding: rot13\nenvfr InyhrReebe('uryyb')\n")
    write(root / "pkg" / "nul.py", 'def f():\n    raise ValueError("a\\x00b")\n')
    write(root / "pkg" / "surrogate.py", 'def f():\n    raise ValueError("a\\ud800b")\n')
    words = " ".join(f"w{n}" for n in range(200_000))
    write(root / "pkg" / "wordy.py", f'def f():\n    raise ValueError("{words}")\n')
    write(root / "pkg" / "percent.py", 'def f(x):\n    raise ValueError("%' + "0" * 60_000 + '! %s" % x)\n')
    write(root / "pkg" / "dense.py", "def f(x):\n" + '    if x: raise ValueError("dense")\n' * 3_000)
    write(root / "pkg" / "huge.py", "# " + "x" * (3 * 1024 * 1024) + "\n")
    bait = "%" + "0" * 60_000
    test_match = root / "tests" / "test_match.py"
    write(test_match, f'import pytest\ndef test():\n    pytest.raises(OSError, match="{bait}")\n')
    write(root / "pkg" / ("d" * 200) / ("e" * 200) / ("f" * 200) / "far.py", 'raise ValueError("too far")\n')
    write(Path(os.fsdecode(os.fsencode(root / "pkg") + b"/\xff.py")), 'raise ValueError("badly named")\n')
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "hostile")
    marker = base / "hook-ran"
    with open(root / ".git" / "config", "a") as config:
        config.write(f'[core]\n\tfsmonitor = "touch {marker}; false"\n')
    return root, marker


@pytest.fixture
def harvested(db, tmp_path: Path) -> tuple[str, Path]:
    root, marker = hostile_tree(tmp_path)
    out = io.StringIO()
    call_command("harvest", str(root), "--repo", "hostile/tree", "--publish", "--no-progress", stdout=out)
    return out.getvalue(), marker


def stored_text() -> str:
    entries = list(ErrorEntry.objects.values())
    sites = list(RaiseSite.objects.values())
    return json.dumps([entries, sites], default=str)


def test_nothing_from_outside_the_tree_reaches_the_catalogue(harvested):
    stored = stored_text()
    assert SECRET not in stored
    assert "root:x:0:0" not in stored


def test_no_git_hook_of_the_checkout_runs(harvested):
    _, marker = harvested
    assert not marker.exists()


def test_the_good_module_is_published_with_its_test_and_doc(harvested):
    entry = ErrorEntry.objects.get(message="The widget is broken beyond repair")
    assert entry.status == ErrorEntry.Status.PUBLISHED
    assert entry.evidence.get("tests")
    assert entry.evidence.get("docs")


def test_every_hostile_file_is_skipped_and_counted_by_reason(harvested):
    output, _ = harvested
    counts = {reason: count for count, reason in re.findall(r"^ +(\d+)  (.+)$", output, re.MULTILINE)}
    # stolen.py, deploy-notes.md, users.txt (/etc/passwd), and the two links to /dev/zero
    assert counts.get("a link out of the tree") == "5"
    assert counts.get("not a regular file") == "2"  # the two FIFOs
    assert counts.get("larger than the file cap") == "1"
    assert counts.get("more raise sites than the file cap") == "1"
    assert counts.get("a path longer than 500 characters") == "1"
    assert counts.get("a name that is not UTF-8") == "1"
    assert counts.get("not text in a known encoding") == "1"  # rot13
    assert counts.get("too deep or too large to read") == "2"  # minus.py in the parser, deep.py in the extraction


def test_what_the_database_refuses_is_cleaned_or_skipped(harvested):
    output, _ = harvested
    messages = set(ErrorEntry.objects.values_list("message", flat=True))
    assert "a\ufffdb" in messages  # the NUL and the lone surrogate, each replaced
    assert not any(len(message) > 4_000 for message in messages)
    assert "message longer than 4,000 characters" in output


def test_no_card_links_off_site(harvested):
    client = Client()
    for entry in ErrorEntry.objects.filter(status=ErrorEntry.Status.PUBLISHED):
        for url in (f"/errors/{entry.public_id}/", f"/api/errors/{entry.public_id}"):
            body = client.get(url, HTTP_ACCEPT="text/html" if url.startswith("/errors") else "application/json")
            text = body.content.decode()
            assert body.status_code == 200, url
            assert not OFF_SITE.search(text), url


def test_the_summary_sends_no_control_character_to_the_terminal(db, tmp_path: Path) -> None:
    root = tmp_path / "repo"
    write(root / "pkg" / "__init__.py", "")
    write(root / "pkg" / "bell.py", 'def f():\n    raise ValueError("\\x1b]0;owned\\x07 and \\x1b[2J")\n')
    write(root / "pkg" / "esc\x1b[31m.py", "def broken(:\n")
    out = io.StringIO()
    call_command("harvest", str(root), "--repo", "hostile/terminal", "--commit", "v1", "--no-progress", stdout=out)
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", out.getvalue())
    assert "esc\\x1b[31m.py" in out.getvalue()

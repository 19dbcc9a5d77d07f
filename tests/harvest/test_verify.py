"""`manage.py verify`: which entries no longer match a checkout; read-only, and non-zero when any."""

import io

import pytest
from django.core.management import CommandError, call_command

from kb.models import ErrorEntry, RaiseSite

V1 = """
def connect(url):
    if not url:
        raise ValueError("Empty URL")
    raise RuntimeError("Could not connect to the server")


def close():
    raise OSError("Already closed")
"""


def command(name: str, repo) -> tuple[int, str]:
    out = io.StringIO()
    try:
        call_command(name, str(repo.root), "--repo", "acme/client", "--no-progress", stdout=out)
    except SystemExit as exit_:
        return exit_.code, out.getvalue()
    return 0, out.getvalue()


@pytest.fixture
def harvested(db, git_repo):
    git_repo.write("client.py", V1)
    git_repo.commit("v1")
    command("harvest", git_repo)
    return git_repo


def test_verify_passes_when_every_entry_matches(harvested):
    code, output = command("verify", harvested)
    assert code == 0 and "Every entry matches." in output


def test_verify_reports_moved_reworded_and_gone_entries_and_exits_non_zero(harvested):
    changed = V1.replace("server", "remote server").replace('    raise OSError("Already closed")\n', "    pass\n")
    harvested.write("client.py", "# a comment that moves every line\n" + changed)
    harvested.commit("v2")
    before = list(ErrorEntry.objects.values_list("pk", "signature", "removed_in_commit", "updated_at"))
    sites = list(RaiseSite.objects.values_list("pk", "line", "commit"))
    code, output = command("verify", harvested)
    assert code == 1
    assert "moved: 2, reworded: 1, gone: 1" in output
    assert "client.py:3: now line 5" in output
    assert "'Could not connect to the server' -> 'Could not connect to the remote server'" in output
    assert "gone" in output and "Already closed" in output
    assert list(ErrorEntry.objects.values_list("pk", "signature", "removed_in_commit", "updated_at")) == before
    assert list(RaiseSite.objects.values_list("pk", "line", "commit")) == sites


def test_after_harvesting_the_new_commit_verify_passes_again(harvested):
    harvested.write("client.py", "# pushed down\n" + V1)
    harvested.commit("v2")
    assert command("verify", harvested)[0] == 1
    command("harvest", harvested)
    assert command("verify", harvested)[0] == 0


def test_verify_of_an_unknown_repository_is_a_helpful_error(db, git_repo):
    git_repo.write("x.py", "")
    git_repo.commit()
    with pytest.raises(CommandError, match="No repository acme/client in the knowledge base"):
        call_command("verify", str(git_repo.root), "--repo", "acme/client")

"""When an entry was raised, read from git: the commit that introduced its wording, and the releases raising it."""

import io
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command

from kb.harvest.evidence.releases import advance, chunk_in, order_releases, read_history
from kb.harvest.pipeline.scan import scan
from kb.models import ErrorEntry
from kb.models.releases import describe

STAYS = 'raise ValueError("the first wording stays in every release")\n'
GOES = 'raise TypeError("this wording is dropped from release two")\n'
ADDED = 'raise KeyError("a wording added in the middle release")\n'


def harvest(root: Path, *args: str, repo: str = "acme/lib") -> str:
    out = io.StringIO()
    call_command("harvest", str(root), "--repo", repo, "--no-progress", *args, stdout=out)
    return out.getvalue()


def checkout(repo, ref: str) -> None:
    subprocess.run(["git", "checkout", "-q", ref], cwd=repo.root, check=True, capture_output=True)


def history(repo: str = "acme/lib") -> dict[str, dict]:
    owner, name = repo.split("/")
    entries = ErrorEntry.objects.filter(repository__owner=owner, repository__name=name)
    return {entry.signature: entry.evidence.get("history", {}) for entry in entries}


def spans(found: dict[str, dict]) -> dict[str, tuple]:
    fields = ("first_release", "last_release", "removed_in", "reworded_in")
    return {signature: tuple(h.get(f) for f in fields) for signature, h in found.items()}


def three_releases(repo) -> None:
    """1.0 raises STAYS and GOES; 1.1 adds ADDED; 2.0 drops GOES."""
    repo.write("lib/core.py", "def run():\n    " + STAYS + "\ndef stop():\n    " + GOES)
    repo.commit("first")
    repo.tag("1.0")
    repo.write("lib/more.py", "def more():\n    " + ADDED)
    repo.commit("more")
    repo.tag("1.1")
    repo.write("lib/core.py", "def run():\n    " + STAYS)
    repo.commit("drop")
    repo.tag("2.0")


def test_a_message_added_in_a_second_commit_is_dated_to_that_commit(db, git_repo):
    git_repo.write("lib.py", "def a():\n    raise ValueError('the first message of the library')\n")
    first = git_repo.commit("Add a")
    git_repo.write(
        "lib.py",
        "def a():\n    raise ValueError('the first message of the library')\n"
        "def b():\n    raise ValueError(f'the second message, about {b}')\n",
    )
    second = git_repo.commit("Add b, which says more")
    harvest(git_repo.root, "--history")
    found = history()
    assert found["the first message of the library"]["introduced"]["commit"] == first
    introduced = found["the second message, about {b}"]["introduced"]
    assert introduced["commit"] == second
    assert introduced["summary"] == "Add b, which says more"
    assert len(introduced["date"]) == 10 and introduced["date"][4] == "-"


def test_with_a_path_prefix_the_files_are_still_found_in_git(db, git_repo):
    git_repo.write("lib.py", "def a():\n    raise ValueError('only one message in this library')\n")
    first = git_repo.commit()
    harvest(git_repo.root, "--history", "--path-prefix", "src/acme")
    assert history()["only one message in this library"]["introduced"]["commit"] == first


def test_releases_give_the_first_and_last_release_raising_a_wording_and_the_one_that_dropped_it(db, git_repo):
    three_releases(git_repo)
    checkout(git_repo, "1.1")
    harvest(git_repo.root, "--releases", "*", "--commit", "1.1")
    found = history()
    assert spans(found) == {
        "the first wording stays in every release": ("1.0", "2.0", None, None),
        "this wording is dropped from release two": ("1.0", "1.1", "2.0", None),
        "a wording added in the middle release": ("1.1", "2.0", None, None),
    }
    # 1.0 is the first release compared: nothing says the wording is not older than that.
    assert ErrorEntry.objects.get(signature__startswith="this wording").raised_in == (
        "raised at least since 1.0; no longer raised since 2.0"
    )
    assert ErrorEntry.objects.get(signature__startswith="a wording added").raised_in == "raised since 1.1"


def test_a_release_holds_a_wording_in_the_entrys_own_file_or_in_one_of_that_name_when_it_moved(db, git_repo):
    git_repo.write("lib/a.py", "def a():\n    pass\n")
    git_repo.write("lib/b.py", "NOTE = 'the same words written in a comment elsewhere'\n")
    git_repo.write("old/c.py", "def c():\n    raise KeyError('a wording whose file moves later')\n")
    git_repo.commit()
    git_repo.tag("1.0")
    git_repo.write("lib/a.py", "def a():\n    raise ValueError('the same words written in a comment elsewhere')\n")
    git_repo.remove("old/c.py")
    git_repo.write("lib/c.py", "def c():\n    raise KeyError('a wording whose file moves later')\n")
    git_repo.commit()
    git_repo.tag("2.0")
    harvest(git_repo.root, "--releases", "*", "--exclude", "lib/b.py")
    found = spans(history())
    assert found["the same words written in a comment elsewhere"][:2] == ("2.0", "2.0")
    assert found["a wording whose file moves later"][:2] == ("1.0", "2.0")


def test_harvesting_tag_by_tag_fills_the_same_as_releases(db, git_repo):
    three_releases(git_repo)
    for tag in ("1.0", "1.1", "2.0"):
        checkout(git_repo, tag)
        harvest(git_repo.root, "--commit", tag, repo="acme/tagwise")
    for tag in ("1.1", "2.0"):
        checkout(git_repo, tag)
        harvest(git_repo.root, "--commit", tag, "--releases", "[12].*", repo="acme/pattern")
    tagwise = spans(history("acme/tagwise"))
    assert tagwise["this wording is dropped from release two"] == ("1.0", "1.1", "2.0", None)
    assert tagwise == spans(history("acme/pattern"))


def test_a_wording_reworded_between_tags_is_said_to_be_reworded_there(db, git_repo):
    git_repo.write("net.py", "def connect():\n    raise OSError('Could not connect to the server')\n")
    git_repo.commit()
    git_repo.tag("1.1")
    git_repo.write("net.py", "def connect():\n    raise OSError('Could not connect to the remote server')\n")
    git_repo.commit()
    git_repo.tag("2.0")
    for tag in ("1.1", "2.0"):
        checkout(git_repo, tag)
        harvest(git_repo.root, "--commit", tag)
    entry = ErrorEntry.objects.get()
    assert entry.evidence["history"]["reworded_in"] == ["2.0"]
    assert entry.raised_in == "raised at least since 1.1; reworded in 2.0"


def test_a_directory_outside_git_gives_no_history_and_no_error(db, tmp_path):
    (tmp_path / "lib.py").write_text("def a():\n    raise ValueError('a message outside any checkout')\n")
    harvest(tmp_path, "--commit", "1.0", "--history", "--releases", "*")
    assert ErrorEntry.objects.get().evidence.get("history", {}) == {"first_release": "1.0", "last_release": "1.0"}
    found = scan(tmp_path, progress=False)
    assert read_history(root=tmp_path, groups={s.key: [s] for s in found.sites}, releases="*", pickaxe=True) == {}


def test_an_installed_package_that_its_outer_checkout_ignores_gives_no_history(git_repo):
    git_repo.write(".gitignore", "venv/\n")
    git_repo.write("venv/pkg/mod.py", "def a():\n    raise ValueError('a message in an installed package')\n")
    git_repo.commit()
    git_repo.tag("1.0")
    package = git_repo.root / "venv" / "pkg"
    found = scan(package, progress=False)
    assert read_history(root=package, groups={s.key: [s] for s in found.sites}, releases="*", pickaxe=True) == {}


@pytest.mark.parametrize("pattern", ["9.*", "[", "--contains=HEAD", "$(touch pwned); *"])
def test_a_tag_pattern_matching_nothing_finds_nothing_and_goes_through_no_shell(db, git_repo, pattern):
    three_releases(git_repo)
    harvest(git_repo.root, f"--releases={pattern}")
    assert all(h == {} for h in history().values())
    assert not (git_repo.root / "pwned").exists() and not Path("pwned").exists()


def test_releases_are_ordered_as_versions_and_else_naturally():
    versions = ["4.2.9", "4.2.10", "5.0a1", "5.0rc1", "5.0"]
    assert order_releases(sorted(versions)) == versions
    assert order_releases(["v10", "stable", "v9"]) == ["stable", "v9", "v10"]


def test_a_wording_split_over_joined_literals_is_looked_for_by_the_longest_run_of_words_the_source_has():
    source = 'raise ValueError(\n    "The connection pool is exhausted "\n    "and no further clients are allowed")'
    assert chunk_in("The connection pool is exhausted and no further clients are allowed", [source]) == (
        "and no further clients are allowed"
    )


def test_a_wording_is_looked_for_without_the_characters_the_source_escapes():
    assert chunk_in('Field "{name}" can\'t be 100%% empty', ["anything"]) == "t be 100"


def test_a_removal_then_a_harvest_raising_it_again_at_a_later_release_ends_the_removal():
    raised = advance({}, {}, commit="1.0", created=True, reworded=False, removed=False)
    removed = advance(raised, {}, commit="2.0", created=False, reworded=False, removed=True)
    assert removed == {"first_release": "1.0", "last_release": "1.0", "removed_in": "2.0"}
    back = advance(removed, {}, commit="3.0", created=False, reworded=False, removed=False)
    assert back == {"first_release": "1.0", "last_release": "3.0"}


def test_a_harvest_of_an_older_release_moves_the_first_release_back_and_keeps_the_rest():
    known = {"introduced": {"commit": "a" * 40}, "first_release": "2.0", "last_release": "3.0", "removed_in": "4.0"}
    known["absent_in"] = "1.5"
    older = advance(
        known, {"introduced": {"commit": "b" * 40}}, commit="1.0", created=False, reworded=False, removed=False
    )
    # Raised in 1.0 after all: 1.5 not raising it no longer dates it.
    assert older == {
        "introduced": {"commit": "a" * 40},
        "first_release": "1.0",
        "last_release": "3.0",
        "removed_in": "4.0",
    }


def test_a_harvest_at_a_commit_sha_gives_no_release_but_keeps_what_releases_found():
    sha = "0123456789abcdef0123456789abcdef01234567"
    assert advance({}, {}, commit=sha, created=True, reworded=False, removed=False) == {}
    found = {"first_release": "4.2", "last_release": "5.1", "removed_in": "6.0"}
    assert advance({}, found, commit=sha, created=True, reworded=False, removed=False) == found


def test_describe_says_only_what_is_known():
    assert describe({}) == ""
    assert describe({"introduced": {"commit": "a" * 40}}) == ""
    full = {"first_release": "4.2", "last_release": "5.1", "reworded_in": ["5.0"], "removed_in": "6.0"}
    assert describe(full) == "raised at least since 4.2; reworded in 5.0; no longer raised since 6.0"
    assert describe({**full, "absent_in": "4.1"}) == "raised since 4.2; reworded in 5.0; no longer raised since 6.0"
    sha = "0123456789abcdef0123456789abcdef01234567"
    assert describe({"removed_in": sha}) == ""  # no release raising it before: the removal says nothing


def test_one_release_harvested_says_nothing_about_history():
    assert describe({"first_release": "5.2.19", "last_release": "5.2.19"}) == ""
    assert describe({"last_release": "3.18.3", "reworded_in": ["3.18.3"]}) == ""  # as a stored false claim read
    once = advance({}, {}, commit="5.2.19", created=True, reworded=False, removed=False)
    assert describe(once) == ""
    again = advance(once, {}, commit="5.2.19", created=False, reworded=True, removed=False)
    assert describe(again) == ""
    gone = advance({}, {}, commit="5.2.19", created=False, reworded=False, removed=True)
    assert describe(gone) == "" and "removed_in" not in gone

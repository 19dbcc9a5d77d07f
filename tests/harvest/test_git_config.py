"""Git as data, never as code: a checkout's own git config and its tag names run nothing during a harvest.

Each test builds a real repository and plants, in its `.git/config`, every setting that names a command git
may run (fsmonitor, hooks, textconv and external diff drivers, filters, pagers, signature programs, ssh and
proxy commands, aliases), each command leaving a file behind when it runs."""

import io
import os
import subprocess
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from kb.models import ErrorEntry
from kb.models.releases import describe
from tests.conftest import GitRepo

FIRST = "the planted config never runs a command"
SECOND = "a wording added in the signed second commit"

HOOKS = (
    "applypatch-msg",
    "pre-applypatch",
    "post-applypatch",
    "pre-commit",
    "pre-merge-commit",
    "prepare-commit-msg",
    "commit-msg",
    "post-commit",
    "pre-rebase",
    "post-checkout",
    "post-merge",
    "pre-push",
    "pre-receive",
    "update",
    "proc-receive",
    "post-receive",
    "post-update",
    "reference-transaction",
    "push-to-checkout",
    "pre-auto-gc",
    "post-rewrite",
    "sendemail-validate",
    "fsmonitor-watchman",
    "post-index-change",
)


class Planted:
    """Commands that leave a file named after them in `fired` when they run."""

    def __init__(self, place: Path) -> None:
        self.bin = place / "bin"
        self.fired = place / "fired"
        self.bin.mkdir()
        self.fired.mkdir()

    def command(self, name: str, script: Path | None = None) -> str:
        """A script leaving `fired/<name>` (at `script`, else in `bin`), as config names a command."""
        script = script or self.bin / name
        script.write_text(f"#!/bin/sh\ntouch '{self.fired / name}'\nexit 0\n")
        script.chmod(0o755)
        return str(script)

    def ran(self) -> set[str]:
        return {path.name for path in self.fired.iterdir()}


def harvest(path: Path, *args: str, repo: str = "acme/planted") -> str:
    out = io.StringIO()
    call_command("harvest", str(path), "--repo", repo, "--no-progress", *args, stdout=out)
    return out.getvalue()


def histories(repo: str = "acme/planted") -> dict[str, dict]:
    owner, name = repo.split("/")
    entries = ErrorEntry.objects.filter(repository__owner=owner, repository__name=name)
    return {entry.signature: entry.evidence.get("history", {}) for entry in entries}


def sign_head(repo: GitRepo) -> str:
    """HEAD rewritten with a (bogus) signature: `log.showSignature` makes `git log` run gpg.program on it."""
    body = repo._run("cat-file", "commit", "HEAD")
    header, _, message = body.partition("\n\n")
    signature = "gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----"
    signed = subprocess.run(
        ["git", "hash-object", "-t", "commit", "-w", "--stdin"],
        input=f"{header}\n{signature}\n\n{message}\n",
        cwd=repo.root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    repo._run("update-ref", "refs/heads/main", signed)
    return signed


def two_releases(repo: GitRepo) -> None:
    """1.0 raises FIRST; 2.0, a signed commit, adds SECOND."""
    repo.write("lib/__init__.py", "")
    repo.write("lib/core.py", f"def run():\n    raise ValueError({FIRST!r})\n")
    repo.commit("first")
    repo.tag("1.0")
    repo.write("lib/more.py", f"def more():\n    raise KeyError({SECOND!r})\n")
    repo.commit("second")
    sign_head(repo)
    repo.tag("2.0")


def plant(repo: GitRepo, commands: Planted) -> None:
    """Every setting of the checkout's own config that names a command, after the commits (our own `git add`
    would run the filters)."""
    hooks = commands.bin / "hooks"
    hooks.mkdir()
    for hook in HOOKS:
        commands.command(f"hook-{hook}", hooks / hook)
        commands.command(f"default-hook-{hook}", repo.root / ".git" / "hooks" / hook)
    settings = {
        "core.fsmonitor": commands.command("fsmonitor"),
        "core.hooksPath": str(hooks),
        "core.pager": commands.command("core-pager"),
        "core.editor": commands.command("editor"),
        "core.sshCommand": commands.command("ssh-command"),
        "core.gitProxy": commands.command("git-proxy"),
        "core.askPass": commands.command("askpass"),
        "core.alternateRefsCommand": commands.command("alternate-refs"),
        "core.untrackedCache": "true",
        "credential.helper": "!" + commands.command("credential-helper"),
        "diff.external": commands.command("diff-external"),
        "diff.planted.textconv": commands.command("textconv"),
        "diff.planted.command": commands.command("diff-command"),
        "filter.planted.clean": commands.command("filter-clean"),
        "filter.planted.smudge": commands.command("filter-smudge"),
        "filter.planted.process": commands.command("filter-process"),
        "log.showSignature": "true",
        "gpg.program": commands.command("gpg"),
        "gpg.openpgp.program": commands.command("gpg-openpgp"),
        "gpg.ssh.program": commands.command("gpg-ssh"),
        "gpg.x509.program": commands.command("gpg-x509"),
        "protocol.allow": "always",
        "protocol.ext.allow": "always",
        "remote.origin.url": "ext::" + commands.command("remote-ext"),
        "remote.origin.promisor": "true",
        "submodule.recurse": "true",
        "sequence.editor": commands.command("sequence-editor"),
    }
    for command in ("log", "grep", "tag", "ls-tree", "rev-parse", "check-ignore", "merge-base", "for-each-ref"):
        settings[f"pager.{command}"] = commands.command(f"pager-{command}")
        settings[f"alias.{command}"] = "!" + commands.command(f"alias-{command}")
    for key, value in settings.items():
        repo._run("config", key, value)
    attributes = "* diff=planted filter=planted\n*.py diff=planted filter=planted\n"
    (repo.root / ".gitattributes").write_text(attributes)
    (repo.root / ".git" / "info").mkdir(exist_ok=True)
    (repo.root / ".git" / "info" / "attributes").write_text(attributes)


@pytest.fixture
def planted(git_repo: GitRepo, tmp_path: Path) -> tuple[GitRepo, Planted]:
    commands = Planted(tmp_path)
    two_releases(git_repo)
    plant(git_repo, commands)
    return git_repo, commands


def test_the_planted_config_does_run_commands_under_a_plain_git(planted):
    repo, commands = planted

    def plain(*args: str) -> None:
        subprocess.run(["git", *args], cwd=repo.root, capture_output=True, check=False)

    def commands_run() -> set[str]:
        plain("check-ignore", "-q", ".")
        plain("log", f"-S{SECOND}")
        plain("log", "-p", "-1")
        plain("-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "x")
        return commands.ran()

    assert {"fsmonitor", "filter-process", "gpg-openpgp"} <= commands_run()
    repo._run("config", "--unset", "filter.planted.process")  # its failure stops git before the others run
    assert {"textconv", "filter-smudge", "filter-clean", "hook-pre-commit"} <= commands_run()


@pytest.mark.parametrize("inside", ["", "lib"], ids=["the checkout", "a directory of it"])
def test_a_harvest_with_its_history_runs_nothing_the_checkout_configures(db, planted, inside):
    repo, commands = planted
    out = harvest(repo.root / inside, "--history", "--releases", "*")
    assert commands.ran() == set()
    assert "entries: 2 new" in out
    found = histories()
    assert found[FIRST]["first_release"] == "1.0"
    assert found[SECOND]["first_release"] == "2.0"
    assert found[SECOND]["introduced"]["summary"] == "second"


def test_a_plain_harvest_runs_nothing_the_checkout_configures(db, planted):
    repo, commands = planted
    harvest(repo.root)
    harvest(repo.root)  # the second finds the tree unchanged: the fingerprint's reads
    assert commands.ran() == set()
    assert set(histories()) == {FIRST, SECOND}


@pytest.mark.skipif(os.geteuid() != 0, reason="giving files to another user takes root")
def test_a_checkout_owned_by_another_user_is_read_when_the_files_are_theirs_too(db, planted):
    repo, commands = planted
    subprocess.run(["chown", "-R", "nobody", str(repo.root)], check=True)
    harvest(repo.root, "--history", "--releases", "*")
    assert histories()[SECOND]["introduced"]["summary"] == "second"
    assert commands.ran() == set()


@pytest.mark.skipif(os.geteuid() != 0, reason="giving files to another user takes root")
def test_a_checkout_another_user_planted_above_the_directory_is_not_read(db, tmp_path):
    outer = GitRepo(tmp_path)
    outer.write("inner/lib.py", f"def run():\n    raise ValueError({FIRST!r})\n")
    outer.commit("planted above")
    subprocess.run(["chown", "-R", "nobody", str(tmp_path / ".git")], check=True)
    with pytest.raises(CommandError, match="not a git checkout"):
        harvest(tmp_path / "inner")
    harvest(tmp_path / "inner", "--commit", "1.0", "--history")
    assert histories()[FIRST] == {"first_release": "1.0", "last_release": "1.0"}


# --- tag names -----------------------------------------------------------------------------------------


@pytest.fixture
def odd_tags(git_repo: GitRepo, tmp_path: Path) -> tuple[GitRepo, Path]:
    """Releases 1.0 and 2.0, and at 2.0 tags that read as options, shell or markup: nothing may run them."""
    fired = tmp_path / "fired"
    fired.mkdir()
    two_releases(git_repo)
    for tag in (
        "--exec=touch",
        f"--output={fired}/written",
        f"1.1;$(touch${{IFS}}{fired}/shell)",
        "2.0<b>bold</b>",
        "-1.0",
        "2.0\u00e9",
        "9" * 80,
    ):
        git_repo._run("update-ref", f"refs/tags/{tag}", "HEAD")
    (git_repo.root / ".git" / "refs" / "tags" / "--exec=touch.").write_text(git_repo._run("rev-parse", "HEAD"))
    return git_repo, fired


def test_tags_that_read_as_options_or_markup_are_never_releases(db, odd_tags):
    repo, fired = odd_tags
    harvest(repo.root, "--history", "--releases", "*")
    found = histories()
    labels = {
        label
        for history in found.values()
        for field in ("first_release", "last_release", "removed_in")
        if (label := history.get(field))
    }
    assert labels == {"1.0", "2.0"}
    assert describe(found[FIRST]) == "raised at least since 1.0"  # 1.0 is the first release compared
    assert list(fired.iterdir()) == []


def test_a_tag_that_reads_as_an_option_is_refused_as_the_commit(db, odd_tags):
    repo, _fired = odd_tags
    with pytest.raises(CommandError, match="not a commit sha or tag"):
        harvest(repo.root, "--commit=--exec=touch")
    assert not ErrorEntry.objects.exists()


def test_a_release_stored_before_tags_were_checked_is_not_shown_on_the_card():
    stored = {
        "first_release": "1.0",
        "absent_in": "--exec=touch.",
        "last_release": "1.5",
        "reworded_in": ["1.1;$(id)", "1.5"],
        "removed_in": "2.0",
    }
    assert describe(stored) == "raised at least since 1.0; reworded in 1.5; no longer raised since 2.0"
    assert describe({**stored, "first_release": "--exec=touch."}) == "no longer raised since 2.0"

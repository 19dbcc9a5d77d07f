"""Every git command of the harvester: git reads a checkout as data, and nothing in the checkout runs.

A checkout's own `.git/config` can name commands git runs: `core.fsmonitor` on reading the index,
`diff.<driver>.textconv` and `diff.external` on comparing blobs (`log -S`), `gpg.program` under
`log.showSignature`, hooks, pagers, filters, ssh and proxy commands. A fresh clone carries none of it, an
uploaded, archived or shared checkout may. Git has no switch to skip a repository's config, so each call:

- runs only a read-only subcommand of `READ_ONLY`, with the flags that keep it from running drivers
  (`--no-textconv`, `--no-ext-diff`, `--no-show-signature`). Without textconv, `log -S` reads blobs from the
  object store and never a work-tree file, so `filter.<driver>.clean/smudge/process` never run either (textconv
  does run them); git cannot unset a driver the repository names, so these flags are what stop it;
- overrides the settings that name or enable a command with `-c` (the command line is read last, so it wins
  over the repository's config): fsmonitor, hooks, pager, signatures, submodules, untracked cache, auto gc;
- reads no system or global config, inherits no `GIT_*` variable (GIT_DIR, GIT_EXTERNAL_DIFF,
  GIT_CONFIG_PARAMETERS...), allows no transport at all (`GIT_ALLOW_PROTOCOL` empty beats
  `protocol.<name>.allow` in the repository's config; so no ssh, proxy, `ext::` or lazy fetch), prompts for
  nothing, follows no replace refs, takes no optional locks;
- never goes through a shell, stops after a wall-clock timeout and decodes its output with errors replaced.

Ownership (`safe.directory`): git refuses a checkout owned by another user ("dubious ownership") because its
config could run commands as us; here that config is neutralised, so the risk left is reading some other
repository than the one meant, such as a `.git` someone else planted above PATH (`/tmp/.git`). The checkout
holding the directory is therefore trusted (`-c safe.directory=<its top>`) when its `.git` has the same owner as
the directory harvested: the files read and their history come from the same hands. Otherwise git decides.
"""

import os
import subprocess
from pathlib import Path

from kb.models.releases import TAG_NAME, is_tag_name  # noqa: F401  (TAG_NAME: what a release tag looks like)

TIMEOUT = 30.0  # seconds, the default for one call

# The subcommands the harvester runs, each with the flags that keep it from running a configured command.
READ_ONLY: dict[str, tuple[str, ...]] = {
    "rev-parse": (),
    "check-ignore": (),
    "log": ("--no-textconv", "--no-ext-diff", "--no-show-signature"),
    "grep": ("--no-textconv", "--no-recurse-submodules"),
    "ls-tree": (),
    "merge-base": (),
    "for-each-ref": (),
    "tag": (),  # `tag --list` only: see run()
}

# Settings a repository's config may use to run a command, or to change what these commands print.
_OVERRIDES = (
    "core.fsmonitor=",  # empty: off both as a boolean (git 2.36+) and as the hook path it was before
    "core.untrackedCache=false",
    "core.hooksPath=/dev/null",
    "core.pager=cat",
    "core.askPass=",
    "log.showSignature=false",
    "submodule.recurse=false",
    "protocol.allow=never",
    "gc.auto=0",
    "color.ui=never",
    "column.ui=never",
)

_ENVIRONMENT = {
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_ATTR_NOSYSTEM": "1",
    "GIT_TERMINAL_PROMPT": "0",
    "GIT_ASKPASS": "",  # empty: no prompt program, and core.askPass is not looked up
    "GIT_ALLOW_PROTOCOL": "",  # no transport, whatever protocol.<name>.allow says
    "GIT_SSH_COMMAND": "",  # set (even empty): core.sshCommand is not read
    "GIT_PROXY_COMMAND": "",  # set (even empty): core.gitProxy is not read
    "GIT_NO_LAZY_FETCH": "1",
    "GIT_NO_REPLACE_OBJECTS": "1",
    "GIT_OPTIONAL_LOCKS": "0",
    "GIT_PAGER": "cat",
    "PAGER": "cat",
}


def run(
    directory: Path, *args: str, timeout: float = TIMEOUT, literal_pathspecs: bool = False, no_match_ok: bool = False
) -> str | None:
    """git's standard output in `directory`, or None when it failed, was refused or took longer than `timeout`.

    `args` start with a subcommand of READ_ONLY (anything else is a mistake in the harvester: ValueError); they go
    to git as they are, never to a shell. `no_match_ok`: exit status 1 with nothing on stderr means nothing
    matched (grep), which is an answer, not a failure."""
    if not args or args[0] not in READ_ONLY or (args[0] == "tag" and args[1:2] != ("--list",)):
        raise ValueError(f"git {' '.join(args[:2])} is not a read-only command the harvester may run")
    command = ["git", "--no-pager", "--no-replace-objects"]
    if literal_pathspecs:
        command.append("--literal-pathspecs")
    command += ["-C", str(directory)]
    for setting in (*_OVERRIDES, *_trusted(directory)):
        command += ["-c", setting]
    command += [args[0], *READ_ONLY[args[0]], *args[1:]]
    try:
        done = subprocess.run(
            command, capture_output=True, stdin=subprocess.DEVNULL, env=_environment(), timeout=timeout, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode == 0 or (no_match_ok and done.returncode == 1 and not done.stderr):
        return done.stdout.decode("utf-8", errors="replace")
    return None


def toplevel(directory: Path) -> Path | None:
    """The top of the work tree holding `directory`, or None when it is in none."""
    out = (run(directory, "rev-parse", "--show-toplevel", timeout=10) or "").strip()
    return Path(out) if out else None


def release_tags(directory: Path, pattern: str, *, timeout: float = TIMEOUT) -> list[str] | None:
    """The tags matching the glob `pattern` (as `git tag --list` matches) whose names are of the shape of a
    release (TAG_NAME), in git's order; None when git could not say."""
    out = run(directory, "tag", "--list", "--", pattern, timeout=timeout)
    if out is None:
        return None
    return [tag for tag in out.splitlines() if is_tag_name(tag)]


def _environment() -> dict[str, str]:
    inherited = {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}
    return {**inherited, **_ENVIRONMENT}


def _trusted(directory: Path) -> tuple[str, ...]:
    """`safe.directory=<top>` for the work tree holding `directory` when its `.git` is owned as `directory` is
    (see the module's docstring); nothing otherwise."""
    real = os.path.realpath(directory)  # as git names the work tree: symbolic links resolved
    try:
        owner = os.stat(real).st_uid
        for top in (real, *map(str, Path(real).parents)):
            dot_git = os.path.join(top, ".git")
            if os.path.lexists(dot_git):
                return (f"safe.directory={top}",) if os.lstat(dot_git).st_uid == owner else ()
    except OSError:
        pass
    return ()

"""Arguments both `harvest` and `verify` take, checked into a `Target` or refused with a CommandError.

PATH is a checkout or a folder of Python files, or `pypi:NAME==VERSION`: a release fetched with pip, whose
repository, commit and path prefix come from the release (`pipeline.pypi`) unless the options say otherwise."""

from argparse import ArgumentParser
from collections.abc import Callable
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from kb.harvest.pipeline import pypi
from kb.harvest.pipeline.sources import SourceError, parse_repo, resolve_commit
from kb.harvest.pipeline.target import Target
from kb.harvest.reading.files import Refusals


def add_target_arguments(parser: ArgumentParser, *, path_optional: bool = False) -> None:
    parser.add_argument(
        "path",
        metavar="PATH",
        nargs="?" if path_optional else None,
        help="A checkout, any directory of Python files, or pypi:NAME==VERSION (fetched with pip).",
    )
    parser.add_argument(
        "--repo", metavar="OWNER/NAME", help="The repository, e.g. django/django (for pypi: read from the release)."
    )
    parser.add_argument(
        "--commit",
        metavar="REF",
        help="Commit sha or tag the sites are pinned to (default: HEAD of a checkout; for pypi: the version).",
    )
    parser.add_argument(
        "--path-prefix",
        default=None,
        metavar="PREFIX",
        help="Put in front of every recorded path, e.g. django (for pypi: the package folder's place in the release).",
    )
    parser.add_argument(
        "--exclude", action="append", default=[], metavar="GLOB", help="Skip files matching GLOB (repeatable)."
    )
    parser.add_argument("--no-progress", action="store_true", help="Do not show the progress bar.")


def target_from(options: dict, *, say: Callable[[str], None] = lambda _: None) -> Target:
    """The options checked into a Target; `say` is told what takes time (fetching a release with pip)."""
    if pypi.is_spec(options.get("path")):
        return _release_target(options, say)
    if not options.get("path"):
        raise CommandError("Give PATH: a checkout, a directory of Python files, or pypi:NAME==VERSION.")
    root = Path(options["path"]).expanduser()
    try:
        if not options.get("repo"):
            raise SourceError("Give --repo OWNER/NAME: the repository PATH is a checkout of (e.g. django/django).")
        owner, name = parse_repo(options["repo"])
        if not root.exists():
            raise SourceError(f"{root} does not exist: give a checkout or a directory of Python files.")
        commit = resolve_commit(root.resolve(), options.get("commit"))
    except SourceError as exc:
        raise CommandError(str(exc)) from None
    prefix = (options.get("path_prefix") or "").strip("/")
    return Target(
        root=root.resolve(),
        owner=owner,
        name=name,
        commit=commit,
        prefix=prefix,
        excludes=tuple(options.get("exclude") or ()),
    )


def _release_target(options: dict, say: Callable[[str], None]) -> Target:
    """`pypi:NAME==VERSION`: the release's own repository, version and layout, each unless an option says."""
    try:
        release = pypi.fetch_release(options["path"], say=say)
        owner, name = parse_repo(options.get("repo") or release.repo)
        commit = resolve_commit(release.path, options.get("commit") or release.commit)
    except SourceError as exc:
        raise CommandError(str(exc)) from None
    given = options.get("path_prefix")
    return Target(
        root=release.path.resolve(),
        owner=owner,
        name=name,
        commit=commit,
        prefix=(release.prefix if given is None else given).strip("/"),
        excludes=(*release.excludes, *(options.get("exclude") or ())),
        host=release.host if not options.get("repo") else "github.com",
    )


def progress_option(options: dict) -> bool | None:
    return False if options.get("no_progress") else None


class TargetCommand(BaseCommand):
    """A command over PATH --repo OWNER/NAME [--commit] [--path-prefix] [--exclude]."""

    def add_arguments(self, parser: ArgumentParser) -> None:
        add_target_arguments(parser)


def refused_lines(refused: Refusals) -> list[str]:
    """The files not taken, by reason, then the first of them with why (a hostile tree may hold thousands)."""
    if not refused:
        return []
    lines = [f"  files skipped: {len(refused)}"]
    lines += [f"    {count:6}  {reason}" for reason, count in refused.counts.most_common()]
    lines += [f"    skipped: {path} ({why})" for path, why in refused.examples]
    if len(refused) > len(refused.examples):
        lines.append(f"    ... and {len(refused) - len(refused.examples)} more")
    return lines


def printable(text: str) -> str:
    """Repository text for a terminal: control characters (escapes, newlines) shown as escapes, never sent."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)

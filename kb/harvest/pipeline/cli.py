"""Arguments both `harvest` and `verify` take, checked into a `Target` or refused with a CommandError."""

from argparse import ArgumentParser
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from kb.harvest.pipeline.sources import SourceError, parse_repo, resolve_commit
from kb.harvest.pipeline.target import Target
from kb.harvest.reading.files import Refusals


def add_target_arguments(parser: ArgumentParser) -> None:
    parser.add_argument("path", metavar="PATH", help="A checkout, or any directory of Python files.")
    parser.add_argument("--repo", required=True, metavar="OWNER/NAME", help="The repository, e.g. django/django.")
    parser.add_argument(
        "--commit", metavar="REF", help="Commit sha or tag the sites are pinned to (default: HEAD of a checkout)."
    )
    parser.add_argument(
        "--path-prefix", default="", metavar="PREFIX", help="Put in front of every recorded path, e.g. django."
    )
    parser.add_argument(
        "--exclude", action="append", default=[], metavar="GLOB", help="Skip files matching GLOB (repeatable)."
    )
    parser.add_argument("--no-progress", action="store_true", help="Do not show the progress bar.")


def target_from(options: dict) -> Target:
    root = Path(options["path"]).expanduser()
    try:
        owner, name = parse_repo(options["repo"])
        if not root.exists():
            raise SourceError(f"{root} does not exist: give a checkout or a directory of Python files.")
        commit = resolve_commit(root.resolve(), options.get("commit"))
    except SourceError as exc:
        raise CommandError(str(exc)) from None
    prefix = options.get("path_prefix", "").strip("/")
    return Target(
        root=root.resolve(),
        owner=owner,
        name=name,
        commit=commit,
        prefix=prefix,
        excludes=tuple(options.get("exclude") or ()),
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

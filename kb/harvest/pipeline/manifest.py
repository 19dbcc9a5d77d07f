"""`harvest --manifest FILE`: a list of projects harvested one after another, ending with a summary table.

One project a line: `pypi:NAME==VERSION`, or a path (relative to the manifest's folder) followed by the options
a harvest of it needs (`--repo OWNER/NAME --commit REF --path-prefix P --exclude GLOB`); `#` starts a comment.
A project that fails (a bad line, pip, the harvest itself) is a row of the table; the others go on."""

import shlex
import time
from argparse import ArgumentParser
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NoReturn

from django.core.management.base import CommandError

from kb.harvest.pipeline.cli import add_target_arguments, printable, target_from
from kb.harvest.pipeline.pypi import is_spec
from kb.harvest.pipeline.run import HarvestResult, harvest
from kb.harvest.pipeline.sources import SourceError
from kb.harvest.pipeline.target import Target
from kb.models import ErrorEntry, Repository

MAX_LINES = 10_000
MAX_SHOWN = 120  # characters of a failure's reason in the table


@dataclass
class Row:
    project: str
    entries: int = 0
    published: int = 0
    skipped: int = 0
    seconds: float = 0.0
    failed: str | None = None


class _LineParser(ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse's exits; a manifest's line only fails
        raise SourceError(message)


def read_manifest(path: Path) -> list[tuple[int, str]]:
    """(line number, line) of each project, comments and blank lines left out."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"The manifest {path} could not be read: {error}") from None
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)]
    kept = [(n, line) for n, line in lines if line and not line.startswith("#")]
    if len(kept) > MAX_LINES:
        raise CommandError(f"The manifest {path} lists more than {MAX_LINES} projects.")
    return kept


def line_options(line: str, folder: Path) -> dict:
    """The options of one manifest line, as the command's own (`path`, `repo`, `commit`, ...)."""
    parser = _LineParser(prog="manifest line", add_help=False)
    add_target_arguments(parser)
    try:
        words = shlex.split(line, comments=True)
    except ValueError as error:
        raise SourceError(f"cannot read the line: {error}") from None
    options = vars(parser.parse_args(words))
    if not is_spec(options["path"]):
        options["path"] = str(folder / Path(options["path"]).expanduser())
    return options


def harvest_manifest(
    path: Path,
    *,
    publish: bool,
    progress: bool | None,
    write: Callable[[str], None],
    each: Callable[[Target, HarvestResult], None] = lambda target, result: None,
) -> list[Row]:
    """Harvest every project of the manifest in turn, telling `write` how it goes; the rows of the table."""
    projects = read_manifest(path)
    rows = []
    for count, (number, line) in enumerate(projects, 1):
        label = printable(line.split("#", 1)[0].split()[0] if line.split() else line)[:60]
        write(f"[{count}/{len(projects)}] {label}")
        row, started = Row(label), time.monotonic()
        try:
            options = line_options(line, path.parent)
            target = replace(target_from(options, say=lambda text: write(f"  {text}")), publish=publish)
            ensure_repository(target)
            result = harvest(target=target, progress=progress)
            figures = result.outcome.coverage()
            row.entries = figures["entries"]
            row.skipped = sum(result.scan.skipped.values())
            row.published = (
                ErrorEntry.objects.published().filter(repository__owner=target.owner, repository__name=target.name)
            ).count()
            each(target, result)
        except (CommandError, SourceError) as error:
            row.failed = f"line {number}: {error}"
        except Exception as error:  # one project's failure is its row's, never the whole list's
            row.failed = f"line {number}: {type(error).__name__}: {error}"
        row.seconds = time.monotonic() - started
        if row.failed:
            write(f"  failed: {printable(row.failed)[: MAX_SHOWN * 2]}")
        rows.append(row)
    return rows


def ensure_repository(target: Target) -> None:
    """A repository not on GitHub is created with its host and address first, so that its links go there."""
    if target.host == "github.com":
        return
    url = f"https://pypi.org/project/{target.name}/" if target.host == "pypi.org" else ""
    Repository.objects.get_or_create(
        owner=target.owner, name=target.name, defaults={"host": target.host, "url": url or ""}
    )


def table(rows: list[Row]) -> list[str]:
    """The summary: one row per project, then the totals; a failed project says why under its row."""
    width = max([len("project"), *(len(row.project) for row in rows)])
    lines = [f"{'project':<{width}}  {'entries':>7}  {'published':>9}  {'skipped':>7}  {'seconds':>7}"]
    for row in rows:
        if row.failed:
            lines.append(f"{row.project:<{width}}  {'failed':>7}  {'-':>9}  {'-':>7}  {row.seconds:7.1f}")
            lines.append(f"{'':<{width}}    {printable(row.failed)[:MAX_SHOWN]}")
        else:
            lines.append(
                f"{row.project:<{width}}  {row.entries:7}  {row.published:9}  {row.skipped:7}  {row.seconds:7.1f}"
            )
    done = [row for row in rows if not row.failed]
    total = f"{len(done)} of {len(rows)} harvested"
    lines.append(
        f"{total:<{width}}  {sum(r.entries for r in done):7}  {sum(r.published for r in done):9}  "
        f"{sum(r.skipped for r in done):7}  {sum(r.seconds for r in rows):7.1f}"
    )
    return lines

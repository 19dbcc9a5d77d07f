"""`manage.py harvest PATH --repo OWNER/NAME`: draft entries from a repository's source code.

Also `manage.py harvest pypi:NAME==VERSION` (a release fetched with pip) and `manage.py harvest --manifest FILE`
(a list of projects, ending with a summary table)."""

from argparse import ArgumentParser
from dataclasses import replace
from pathlib import Path

from django.core.management.base import CommandError

from kb.harvest.pipeline.cli import (
    TargetCommand,
    add_target_arguments,
    printable,
    progress_option,
    refused_lines,
    target_from,
)
from kb.harvest.pipeline.manifest import ensure_repository, harvest_manifest, table
from kb.harvest.pipeline.run import HarvestResult, harvest
from kb.harvest.pipeline.store import Outcome
from kb.models import short_ref


class Command(TargetCommand):
    help = "Read a repository's Python source (never importing it) and create or update draft entries."

    def add_arguments(self, parser: ArgumentParser) -> None:
        add_target_arguments(parser, path_optional=True)
        parser.add_argument(
            "--manifest",
            metavar="FILE",
            help="Harvest each project FILE lists, one a line: pypi:NAME==VERSION, or PATH --repo OWNER/NAME ...",
        )
        parser.add_argument(
            "--publish",
            action="store_true",
            help="Publish every entry it can explain (conditions, or a curator's text), marked 'not yet reviewed'.",
        )
        parser.add_argument(
            "--releases",
            metavar="TAG_PATTERN",
            help="With a git checkout: which releases (tags matching e.g. '5.*') raise each error.",
        )
        parser.add_argument(
            "--history",
            action="store_true",
            help="With a git checkout: find the commit that introduced each message's wording (git log -S).",
        )

    def handle(self, *args, **options) -> None:
        if options.get("manifest"):
            if options.get("path"):
                raise CommandError("Give PATH or --manifest FILE, not both.")
            self._manifest(Path(options["manifest"]).expanduser(), options)
            return
        target = replace(
            target_from(options, say=lambda text: self.stderr.write(printable(text))),
            publish=options["publish"],
            releases=options.get("releases"),
            pickaxe=options["history"],
        )
        ensure_repository(target)
        result = harvest(target=target, progress=progress_option(options))
        prefix = f" (paths under {target.prefix}/)" if target.prefix else ""
        self.stdout.write(f"Harvested {target.owner}/{target.name} at {short_ref(target.commit)}{prefix}.")
        for line in summary_lines(result):  # messages and paths are the repository's: shown, never sent to the terminal
            self.stdout.write(printable(line))

    def _manifest(self, path: Path, options: dict) -> None:
        rows = harvest_manifest(
            path,
            publish=options["publish"],
            progress=progress_option(options),
            write=lambda text: self.stdout.write(printable(text)),
        )
        self.stdout.write("")
        for line in table(rows):
            self.stdout.write(line)
        if rows and all(row.failed for row in rows):
            raise CommandError("No project of the manifest could be harvested.")


def summary_lines(result: HarvestResult) -> list[str]:
    scan, outcome = result.scan, result.outcome
    if result.unchanged_since is not None:
        # Nothing read past the files' hashes: the figures are the last harvest's, which still hold.
        when = result.unchanged_since.strftime("%Y-%m-%d %H:%M UTC")
        lines = [f"  files read: {scan.files_read}, each as the last harvest ({when}) read it"]
        lines.append(f"  entries: 0 new, 0 updated, {outcome.unchanged} unchanged")
        lines.append("  nothing written: the files, the options and the entries are as the last harvest left them")
        return lines + coverage_lines(outcome)
    signatureless = sum(1 for site in scan.sites if not site.signature)
    lines = [f"  files read: {scan.files_read}", *refused_lines(scan.refused)]
    lines.append(f"  sites found: {len(scan.sites)} ({signatureless} without a rebuildable message)")
    lines.append(f"  entries: {outcome.new} new, {outcome.updated} updated, {outcome.unchanged} unchanged")
    lines.append(
        f"  of those: {outcome.moved} sites moved, {len(outcome.reworded)} reworded, "
        f"{len(outcome.removed)} no longer raised, {len(outcome.restored)} raised again"
    )
    lines += [f"    reworded: {e.public_id} {e.exception_type}: {e.signature[:80]}" for e in outcome.reworded]
    lines += [f"    no longer raised: {e.public_id} {e.exception_type}: {e.title}" for e in outcome.removed]
    lines += [f"    raised again: {e.public_id} {e.exception_type}: {e.title}" for e in outcome.restored]
    if outcome.unverifiable:
        lines.append(
            f"  left as they were: {outcome.unverifiable} entries not found where a raise of a type only known"
            " at run time remains"
        )
    lines.append(f"  sites skipped: {sum(scan.skipped.values())}")
    lines += [f"    {count:6}  {reason}" for reason, count in scan.skipped.most_common()]
    lines += coverage_lines(outcome)
    if result.suggestions_changed:
        lines.append(f"  related-error suggestions changed: {result.suggestions_changed}")
    return lines


def coverage_lines(outcome: Outcome) -> list[str]:
    """How much of what is still raised the evidence explains: the issue's figures, on every harvest."""
    figures = outcome.coverage()
    total = figures["entries"]
    if not total:
        return []
    lines = [f"  evidence, of {total} entries still raised:"]
    lines += [f"    {count:6}  {count / total:6.1%}  {what}" for what, count in figures["shares"]]
    under, read = figures["under_condition"], figures["conditions_read"]
    if under:
        lines.append(f"    raise sites under a condition: {under}; conditions read for {read} ({read / under:.1%})")
    if figures["published"]:
        lines.append(f"  published: {figures['published']} (marked 'not yet reviewed')")
    return lines

"""`manage.py verify PATH --repo OWNER/NAME`: which entries no longer match a checkout. Changes nothing."""

from django.core.management.base import CommandError

from kb.harvest.pipeline.cli import TargetCommand, printable, progress_option, refused_lines, target_from
from kb.harvest.pipeline.run import VerifyResult, verify
from kb.models import Repository, short_ref


class Command(TargetCommand):
    help = "Report entries whose sites moved, were reworded or are gone in PATH; exit 1 when there are any."

    def handle(self, *args, **options) -> None:
        target = target_from(options)
        repository = Repository.objects.filter(owner=target.owner, name=target.name).first()
        if repository is None:
            raise CommandError(f"No repository {target.owner}/{target.name} in the knowledge base: harvest it first.")
        result = verify(target=target, repository=repository, progress=progress_option(options))
        self.stdout.write(f"Verified {repository.full_name} against {short_ref(target.commit)}.")
        for line in report_lines(result):  # messages and paths are the repository's: shown, never sent to the terminal
            self.stdout.write(printable(line))
        if result.problems:
            # A non-zero exit is what lets a CI job fail on a knowledge base that no longer matches the code.
            raise SystemExit(1)


def report_lines(result: VerifyResult) -> list[str]:
    lines = [
        f"  files read: {result.scan.files_read}, sites found: {len(result.scan.sites)}",
        f"  moved: {len(result.moved)}, reworded: {len(result.reworded)}, gone: {len(result.gone)}"
        f" (not in the knowledge base yet: {result.new})",
    ]
    for entry, site, found in result.moved:
        where = f"now line {found.line}" if found is not None else "no longer raised there"
        if found is not None and found.line == site.line:
            where = "code around it changed"
        lines.append(f"  moved     {entry.public_id} {entry.exception_type} {site.location}: {where}")
    for entry, found in result.reworded:
        change = f"{entry.signature!r} -> {found.signature!r}"
        lines.append(f"  reworded  {entry.public_id} {entry.exception_type}: {change}")
    for entry in result.gone:
        lines.append(f"  gone      {entry.public_id} {entry.exception_type}: {entry.title}")
    lines += refused_lines(result.scan.refused)
    if not result.problems:
        lines.append("  Every entry matches.")
    return lines

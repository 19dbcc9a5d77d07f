"""`manage.py harvest PATH --repo OWNER/NAME`: draft entries from a repository's source code."""

from kb.harvest.cli import TargetCommand, progress_option, target_from
from kb.harvest.run import HarvestResult, harvest
from kb.models import short_ref


class Command(TargetCommand):
    help = "Read a repository's Python source (never importing it) and create or update draft entries."

    def handle(self, *args, **options) -> None:
        target = target_from(options)
        result = harvest(target=target, progress=progress_option(options))
        prefix = f" (paths under {target.prefix}/)" if target.prefix else ""
        self.stdout.write(f"Harvested {target.owner}/{target.name} at {short_ref(target.commit)}{prefix}.")
        for line in summary_lines(result):
            self.stdout.write(line)


def summary_lines(result: HarvestResult) -> list[str]:
    scan, outcome = result.scan, result.outcome
    signatureless = sum(1 for site in scan.sites if not site.signature)
    unparsable = f", unparsable and skipped: {len(scan.unparsable)}" if scan.unparsable else ""
    lines = [f"  files read: {scan.files_read}{unparsable}"]
    lines += [f"    unparsable: {path} ({why})" for path, why in scan.unparsable]
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
    if result.suggestions_changed:
        lines.append(f"  related-error suggestions changed: {result.suggestions_changed}")
    return lines

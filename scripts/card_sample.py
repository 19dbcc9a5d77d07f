"""Draw the reader's review sample (docs/card-review.md) and print each card as a reader sees it.

    .venv/bin/python scripts/card_sample.py --out DIR [--seed 29] [--repo owner/name=COUNT ...]

Reads `make run`'s database (DATABASE_URL for another). Draws COUNT random published, generated (not reviewed)
cards of each repository with a fixed seed, and writes one Markdown file per card: the message, every section as
the page shows it, the solutions, the related errors a reader may open, the "raised in" line and the sites with
their pinned links. Nothing is timed or changed."""

import argparse
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--repo", action="append", default=[], help="owner/name=COUNT")
    parser.add_argument("--ids", type=Path, help="a file of public ids, one per line: the same cards again")
    arguments = parser.parse_args()
    import django

    django.setup()
    from django.contrib.auth.models import AnonymousUser

    from kb.cards.related import shown_related
    from kb.models.releases import describe

    arguments.out.mkdir(parents=True, exist_ok=True)
    number = 0
    for entry in sample(arguments):
        label = entry.repository.full_name
        number += 1
        lines = [f"# {number:02d} {entry.public_id} · {label}", "", f"{entry.exception_type}: {entry.message}", ""]
        for section in entry.SECTIONS:
            shown = entry.shown(section)
            if shown.markdown:
                lines += [f"## {section}", "", shown.markdown, ""]
        solutions = entry.shown_solutions()
        if solutions:
            lines += ["## solutions", "", *(f"- {s.markdown}" for s in solutions), ""]
        related = shown_related(entry, AnonymousUser())
        if related:
            lines += ["## related", "", *(f"- {r.public_id}: {r.title}" for r in related), ""]
        if history := describe((entry.evidence or {}).get("history") or {}):
            lines += [f"Raised in: {history}", ""]
        lines += [
            "## sites",
            "",
            *(f"- {s.path}:{s.line}{f' in {s.function}' if s.function else ''} ({s.url})" for s in entry.sites.all()),
        ]
        (arguments.out / f"{number:02d}-{entry.public_id}.md").write_text("\n".join(lines) + "\n")
    print(f"{number} cards written to {arguments.out}")


def sample(arguments: argparse.Namespace) -> list:
    """The cards of `--ids` in their order (those still published), else COUNT random ones per repository."""
    from kb.models import ErrorEntry

    published = ErrorEntry.objects.filter(status="published").select_related("repository")
    if arguments.ids:
        wanted = arguments.ids.read_text().split()
        found = {e.public_id: e for e in published.filter(public_id__in=wanted)}
        return [found[i] for i in wanted if i in found]
    chosen = []
    for label, _, count in [r.rpartition("=") for r in arguments.repo] or [("django/django", "", "20")]:
        owner, _, name = label.partition("/")
        pool = list(
            published.filter(repository__owner=owner, repository__name=name, review_state="generated").order_by(
                "public_id"
            )
        )
        chosen += random.Random(arguments.seed).sample(pool, min(int(count), len(pool)))
    return chosen


if __name__ == "__main__":
    main()

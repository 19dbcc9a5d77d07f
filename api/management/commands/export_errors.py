import json

from django.core.management.base import BaseCommand, CommandError, CommandParser

from api.exchange import export_document
from kb.models import Repository


class Command(BaseCommand):
    help = "Write error entries as JSON, exactly as /api/errors/<id> serves them (import_errors reads it back)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--repo", metavar="OWNER/NAME", help="only this repository's entries")

    def handle(self, *args, repo: str | None = None, **options) -> None:
        repository = None
        if repo:
            repository = Repository.objects.by_full_name(repo).first()
            if repository is None:
                raise CommandError(
                    f"No repository {repo!r}; known: {', '.join(map(str, Repository.objects.all())) or 'none'}."
                )
        document = export_document(repository=repository)
        self.stdout.write(json.dumps(document, indent=2, ensure_ascii=False))

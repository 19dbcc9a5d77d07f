import json
import sys

from django.core.management.base import BaseCommand, CommandError, CommandParser

from api.exchange import InvalidImport, entries_of, import_document
from api.parsers import JSONTooDeep, loads_bounded


class Command(BaseCommand):
    help = "Read entries written by export_errors (or the API). All or nothing: one bad entry and nothing is written."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE", help="JSON file, or - for standard input")

    def handle(self, *args, files: list[str], **options) -> None:
        entries = []
        for name in files:
            document = self._read(name)
            try:
                entries.extend(entries_of(document))
            except InvalidImport as exc:
                raise CommandError(f"{name}: {exc}") from None
        try:
            result = import_document(entries)
        except InvalidImport as exc:
            listing = "\n  ".join(exc.problems)
            raise CommandError(f"Nothing was imported; {len(exc.problems)} problem(s):\n  {listing}") from None
        self.stdout.write(
            f"{len(result.created)} created, {len(result.updated)} updated, {len(result.unchanged)} unchanged."
        )

    def _read(self, name: str):
        try:
            text = sys.stdin.read() if name == "-" else open(name, encoding="utf-8").read()
        except OSError as exc:
            raise CommandError(f"Cannot read {name}: {exc.strerror}.") from None
        except UnicodeDecodeError:
            raise CommandError(f"{name} is not UTF-8 text.") from None
        try:
            return loads_bounded(text)
        except JSONTooDeep as exc:
            raise CommandError(f"{name} is not an export: {exc}") from None
        except json.JSONDecodeError as exc:
            raise CommandError(
                f"{name} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}."
            ) from None

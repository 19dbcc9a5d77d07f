import json
import sys

from django.core.management.base import BaseCommand, CommandError, CommandParser

from api.exchange import InvalidImport, entries_of, import_document
from kb.runtime.jsonsafe import JSONTooDeep, loads_bounded

# Enough ids to find them; the rest are counted.
LISTED = 20


class Command(BaseCommand):
    help = (
        "Read entries written by export_errors (or the API): adds those that do not exist yet and leaves existing "
        "ones alone, unless --overwrite. All or nothing: one bad entry and nothing is written."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE", help="JSON file, or - for standard input")
        parser.add_argument(
            "--overwrite",
            action="store_true",
            help="replace existing entries that differ from the file, curators' and tools' changes included",
        )

    def handle(self, *args, files: list[str], overwrite: bool = False, **options) -> None:
        entries = []
        for name in files:
            document = self._read(name)
            try:
                entries.extend(entries_of(document))
            except InvalidImport as exc:
                raise CommandError(f"{name}: {exc}") from None
        try:
            result = import_document(entries, overwrite=overwrite)
        except InvalidImport as exc:
            if len(exc.problems) == 1:
                raise CommandError(f"Nothing was imported: {exc.problems[0]}") from None
            listing = "\n  ".join(exc.problems)
            raise CommandError(f"Nothing was imported; {len(exc.problems)} problems:\n  {listing}") from None
        self.stdout.write(
            f"{len(result.created)} created, {len(result.updated)} updated, {len(result.unchanged)} unchanged."
        )
        if result.skipped:
            self.stdout.write(self._skipped(result.skipped))

    @staticmethod
    def _skipped(ids: list[str]) -> str:
        one = len(ids) == 1
        listed = ", ".join(ids[:LISTED]) + (f" and {len(ids) - LISTED} more" if len(ids) > LISTED else "")
        return (
            f"skipped {len(ids)} existing entr{'y that differs' if one else 'ies that differ'} from the file "
            f"(use --overwrite to replace {'it' if one else 'them'}): {listed}"
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

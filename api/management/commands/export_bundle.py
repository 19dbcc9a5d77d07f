"""`manage.py export_bundle [--repo OWNER/NAME ...] [-o FILE] [--site-url URL]`: the offline bundle.

One file with every card an anonymous reader may open (published and retired entries), each as GET /api/errors/<id>
serves it to that reader, and the entries as the lookup index holds them (kb.matching.live reads them the same
way), with what a match shows of each. `errorkb lookup --bundle FILE` matches against it with the server's own
code. The format is errorkb.bundle's (docs/bundle-format.md)."""

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.management.base import BaseCommand, CommandError, CommandParser

from api.serializers import EntryCardSerializer
from errorkb.bundle import write_bundle
from kb.matching.answers import entry_path, read_details
from kb.matching.live import read_entries
from kb.models import ErrorEntry, Repository

CHUNK = 500  # cards serialized at a time: the whole catalogue is never in memory as model instances


class AnonymousReader:
    """What the card's serializer reads of a request: an anonymous reader, on the server at `site_url`."""

    def __init__(self, site_url: str) -> None:
        self.user = AnonymousUser()
        self.site_url = site_url

    def build_absolute_uri(self, path: str) -> str:
        return f"{self.site_url}{path}"


class Command(BaseCommand):
    help = (
        "Write the offline bundle: the published cards (those an anonymous reader may open) and what the lookup "
        "index needs to match them, in one file that `errorkb lookup --bundle FILE` reads."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--repo", metavar="OWNER/NAME", action="append", default=[], help="only this repository (repeatable)"
        )
        parser.add_argument("-o", "--output", default="errorkb-bundle.zip", help="the file to write")
        parser.add_argument(
            "--site-url",
            default=None,
            help="the server's address the cards' links point at (default: the SITE_URL setting)",
        )

    def handle(self, *args, repo: list[str], output: str, site_url: str | None, **options) -> None:
        site_url = (site_url if site_url is not None else settings.SITE_URL).rstrip("/")
        if not site_url.startswith(("https://", "http://")):
            raise CommandError("The cards' links need the server's address: set SITE_URL, or pass --site-url URL.")
        repositories = self._repositories(repo)
        entries = ErrorEntry.objects.public().filter(repository__in=repositories).order_by("id")
        ids = list(entries.values_list("id", flat=True))
        in_index = read_entries(ids)
        details = read_details(set(ids))
        size = write_bundle(
            output,
            entries=[(entry, details[entry.key]) for entry in in_index if entry.key in details],
            cards=self._cards(ids, AnonymousReader(site_url)),
            repositories=[{"full_name": r.full_name, "url": r.url, "compiled": r.compiled or {}} for r in repositories],
            site_url=site_url,
            entry_path=entry_path(),
        )
        self.stdout.write(f"Wrote {output}: {len(in_index)} cards of {len(repositories)} repositories, {size} bytes.")

    def _repositories(self, names: list[str]) -> list[Repository]:
        if not names:
            return list(Repository.objects.order_by("owner", "name"))
        found = []
        for name in names:
            repository = Repository.objects.by_full_name(name).first()
            if repository is None:
                known = ", ".join(map(str, Repository.objects.all())) or "none"
                raise CommandError(f"No repository {name!r}; known: {known}.")
            found.append(repository)
        return found

    def _cards(self, ids: list[int], reader: AnonymousReader):
        for i in range(0, len(ids), CHUNK):
            chunk = ErrorEntry.objects.with_card().filter(id__in=ids[i : i + CHUNK]).order_by("id")
            yield from EntryCardSerializer(chunk, many=True, context={"request": reader}).data

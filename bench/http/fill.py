"""The benchmark's catalogue: the installed Django and DRF harvested with --publish, plus generated published
entries (each with a site, two solutions and a related link) up to the size asked for. Idempotent: a database that
holds enough entries already is left as it is."""

import itertools
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
CHUNK = 5_000


def harvest_installed() -> None:
    from django.core.management import call_command

    sys.path.insert(0, str(ROOT / "scripts"))
    from demo import harvests

    for arguments in harvests():
        call_command(*arguments)


def generated(count: int, *, seed: int = 20261203) -> None:
    """`count` published entries with the match benchmark's signatures, bulk-created as harvest's store does:
    fields derived before bulk_create, no history rows (the benchmark never reads them)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from match_bench import make_catalogue

    from kb.actions.writes import finish_write
    from kb.models import ErrorEntry, RaiseSite, RelatedLink, Repository, Solution

    rng = random.Random(seed)
    catalogue, _ = make_catalogue(count, seed=seed)
    repositories: dict[str, Repository] = {}
    for made in catalogue:
        if made.repository_url not in repositories:
            owner, name = made.repository_url.rstrip("/").split("/")[-2:]
            repositories[made.repository_url], _ = Repository.objects.get_or_create(
                owner=owner, name=name, defaults={"host": "github.com", "url": made.repository_url}
            )
    for start in range(0, len(catalogue), CHUNK):
        chunk = catalogue[start : start + CHUNK]
        entries = []
        for made in chunk:
            entry = ErrorEntry(
                public_id=f"{rng.getrandbits(64):016x}",
                repository=repositories[made.repository_url],
                exception_type=made.exception_type,
                message=made.message,
                signature=made.signature,
                status=ErrorEntry.Status.PUBLISHED,
                meaning=f"The {made.exception_type} raised when {made.message[:80]}.",
                trigger="Calling the function with a value it does not accept.",
            )
            entry.derive_fields()
            entries.append(entry)
        entries = ErrorEntry.objects.bulk_create(entries, batch_size=1000)
        sites, solutions, links = [], [], []
        for entry, made in zip(entries, chunk, strict=True):
            for position, site in enumerate(made.sites):
                sites.append(
                    RaiseSite(
                        entry=entry,
                        position=position,
                        path=site.path,
                        line=site.line,
                        function=site.function,
                        commit=site.commit,
                    )
                )
            for position in range(2):
                body = f"Pass a supported value (solution {position + 1})."
                solutions.append(Solution(entry=entry, position=position, body=body, body_html=f"<p>{body}</p>"))
        for previous, entry in itertools.pairwise(entries):
            links.append(RelatedLink(source=entry, target=previous))
        RaiseSite.objects.bulk_create(sites, batch_size=2000)
        Solution.objects.bulk_create(solutions, batch_size=2000)
        RelatedLink.objects.bulk_create(links, batch_size=2000)
    finish_write()


def fill(minimum: int) -> int:
    """At least `minimum` entries; returns how many there are."""
    from django.core.management import call_command

    from kb.models import ErrorEntry

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    have = ErrorEntry.objects.count()
    if have >= minimum:
        return have
    started = time.monotonic()
    if not ErrorEntry.objects.filter(repository__owner="django").exists():
        harvest_installed()
    missing = minimum - ErrorEntry.objects.count()
    if missing > 0:
        generated(missing)
    total = ErrorEntry.objects.count()
    print(f"filled: {total} entries in {time.monotonic() - started:.0f} s", flush=True)
    return total

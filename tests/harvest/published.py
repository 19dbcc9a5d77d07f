"""One way the harvest tests make cards: files written into a small git checkout, harvested with `--publish` as a
named repository, the entries returned by message."""

import io
from collections.abc import Mapping
from pathlib import Path

import django
from django.core.management import call_command

from kb.models import ErrorEntry

DJANGO = Path(django.__file__).parent


def harvest_published(git_repo, files: Mapping[str, str | Path], repo: str = "django/django") -> dict[str, ErrorEntry]:
    """`files`: a path in the checkout -> its text, or the file to copy it from."""
    for name, source in files.items():
        git_repo.write(name, source.read_text() if isinstance(source, Path) else source)
    git_repo.commit(repo)
    call_command("harvest", str(git_repo.root), "--repo", repo, "--no-progress", "--publish", stdout=io.StringIO())
    return {entry.message: entry for entry in ErrorEntry.objects.all()}


def django_files(*names: str) -> dict[str, Path]:
    """Files of the installed Django, at their place in its repository."""
    return {f"django/{name}": DJANGO / name for name in names}


def solutions(cards: Mapping[str, ErrorEntry], words: str) -> list[str]:
    """The generated solutions of the card whose message holds `words`."""
    entry = next(entry for message, entry in cards.items() if words in message)
    return list(entry.generated.get("solutions") or [])

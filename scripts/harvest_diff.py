"""Whether a change to the harvester changed what it finds: harvest a tree into an empty database and dump every
row it wrote, then compare two dumps field by field.

    scripts/with-postgres .venv/bin/python scripts/harvest_diff.py dump OUT.json [PATH --prefix django]
        [--code CHECKOUT] [--publish]
    .venv/bin/python scripts/harvest_diff.py compare BEFORE.json AFTER.json

`--code`: the checkout whose harvester runs (a worktree of an older commit, sharing .venv), so that the same
script dumps before and after. The dump holds each entry (its text, sections, evidence), its sites (snippets,
evidence), solutions, variants, related links and suggestions, and the repository's figures; timestamps are left
out. Entry ids are made in order rather than at random, under a fixed hash seed (related errors of equal rank
are ordered by id), and each is replaced by the entry's key (type, signature, site key) wherever it appears.
`compare` prints the differences and exits 1 when there are any."""

import argparse
import hashlib
import json
import os
import re
import sys
from pathlib import Path

_SKIPPED = {"id", "created_at", "updated_at", "harvested_at", "analysed_at", "reviewed_at", "public_id", "lookup_hits"}


def _fields(row: object) -> dict:
    """A row's own values: no ids, foreign keys or timestamps."""
    return {
        field.attname: getattr(row, field.attname)
        for field in row._meta.concrete_fields  # type: ignore[attr-defined]
        if field.attname not in _SKIPPED and not field.is_relation
    }


def dump(out: Path, path: str | None, prefix: str, publish: bool) -> None:
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        rows = _harvested(path, prefix, publish)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()
    out.write_text(rows)


def _harvested(path: str | None, prefix: str, publish: bool) -> str:
    import itertools
    import secrets

    import django as installed

    # Ids in the order entries are made: related errors of equal rank are ordered by id, which must not be random.
    numbers = itertools.count()
    secrets.token_hex = lambda size=8: hashlib.sha256(str(next(numbers)).encode()).hexdigest()[: 2 * size]

    from kb.harvest.pipeline.run import Target, harvest
    from kb.models import ErrorEntry, HarvestState, RelatedSuggestion, Repository

    root = Path(path or Path(installed.__file__).parent)
    target = Target(root=root, owner="diff", name="diff", commit="c0ffee", prefix=prefix, publish=publish)
    harvest(target=target, progress=False)
    repository = Repository.objects.get(owner="diff", name="diff")
    entries = ErrorEntry.objects.filter(repository=repository).prefetch_related(
        "sites", "solutions", "variants", "outgoing_links__target"
    )
    keys = {e.public_id: _key(e) for e in entries}
    document: dict = {"repository": {"compiled": repository.compiled}, "entries": {}}
    state = HarvestState.objects.filter(repository=repository).first()
    if state is not None:
        document["repository"]["figures"] = state.figures
    suggestions: dict[str, list] = {}
    for suggestion in RelatedSuggestion.objects.filter(source__repository=repository).select_related(
        "source", "target"
    ):
        suggestions.setdefault(keys[suggestion.source.public_id], []).append(
            [keys[suggestion.target.public_id], suggestion.scope, suggestion.distance, suggestion.state]
        )
    for entry in entries:
        document["entries"][keys[entry.public_id]] = {
            "entry": _fields(entry),
            "sites": [_fields(site) for site in sorted(entry.sites.all(), key=lambda s: s.position)],
            "solutions": [_fields(s) for s in sorted(entry.solutions.all(), key=lambda s: s.position)],
            "variants": sorted((v.message, v.signature) for v in entry.variants.all()),
            "related": [[keys[link.target.public_id], link.position] for link in entry.outgoing_links.all()],
            "suggestions": sorted(suggestions.get(keys[entry.public_id], [])),
        }
    text = json.dumps(document, indent=1, sort_keys=True, default=str, ensure_ascii=False)
    # The random ids, wherever a section or a link names one.
    return re.sub(r"\b[0-9a-f]{16}\b", lambda m: keys.get(m.group(0), m.group(0)), text)


def _key(entry: object) -> str:
    raw = "\0".join([entry.exception_type, entry.signature, entry.site_key])  # type: ignore[attr-defined]
    return "E" + hashlib.sha256(raw.encode()).hexdigest()[:15]


def compare(before: Path, after: Path, shown: int = 30) -> int:
    old, new = json.loads(before.read_text()), json.loads(after.read_text())
    differences: list[str] = []
    if old["repository"] != new["repository"]:
        differences.append(f"repository: {old['repository']!r} -> {new['repository']!r}")
    for key in sorted(old["entries"].keys() - new["entries"].keys()):
        differences.append(f"{key} gone: {old['entries'][key]['entry']['message']!r}")
    for key in sorted(new["entries"].keys() - old["entries"].keys()):
        differences.append(f"{key} new: {new['entries'][key]['entry']['message']!r}")
    for key in sorted(old["entries"].keys() & new["entries"].keys()):
        differences += [f"{key} {where}" for where in _differences(old["entries"][key], new["entries"][key], "")]
    print(f"entries: {len(old['entries'])} before, {len(new['entries'])} after; differences: {len(differences)}")
    for line in differences[:shown]:
        print(" ", line[:400])
    return 1 if differences else 0


def _differences(old: object, new: object, where: str) -> list[str]:
    if isinstance(old, dict) and isinstance(new, dict):
        found = []
        for name in sorted(old.keys() | new.keys()):
            found += _differences(old.get(name), new.get(name), f"{where}.{name}")
        return found
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [
            d
            for number, pair in enumerate(zip(old, new, strict=True))
            for d in _differences(*pair, f"{where}[{number}]")
        ]
    return [] if old == new else [f"{where}: {old!r} -> {new!r}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    dumping = commands.add_parser("dump")
    dumping.add_argument("out", type=Path)
    dumping.add_argument("path", nargs="?")
    dumping.add_argument("--prefix", default="django")
    dumping.add_argument("--code", type=Path, default=Path(__file__).resolve().parent.parent)
    dumping.add_argument("--publish", action="store_true")
    comparing = commands.add_parser("compare")
    comparing.add_argument("before", type=Path)
    comparing.add_argument("after", type=Path)
    options = parser.parse_args()
    if options.command == "compare":
        sys.exit(compare(options.before, options.after))
    if os.environ.get("PYTHONHASHSEED") != "0":
        # The same order of sets and dicts of strings in every run (and its forked workers): which entry is made
        # first, and so its id, must not hang on the run's hash seed.
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    out = options.out.resolve()
    sys.path.insert(0, str(options.code.resolve()))
    os.chdir(options.code)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    dump(out, options.path, options.prefix, options.publish)


if __name__ == "__main__":
    main()

"""Whether a harvest would find what the last one left: then it reads nothing more and writes nothing.

The fingerprint covers everything a harvest's result depends on: each file it reads (the source files, and the
tests and docs its evidence reads) by content hash, its options and commit, the code of the harvester itself,
the release tags when it reads them, and the entries as the last harvest left them (the latest history row of
the repository's entries, sites and variants: a curator's edit, a deletion, another tool's write all move it).
Hashing the files costs a small part of parsing them."""

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.db.models import Max

from kb.harvest.evidence import git
from kb.harvest.evidence.tests_docs import evidence_files
from kb.harvest.pipeline.sources import SourceFile, collect_files
from kb.harvest.pipeline.target import Target
from kb.harvest.reading.files import Caps, Refused, read_bytes, real_root
from kb.models import ErrorEntry, HarvestState, MessageVariant, RaiseSite, Repository

_KB = Path(__file__).resolve().parents[2]
# The code whose output a harvest writes: a change to it must harvest again, even over an unchanged tree.
_HARVESTER = ("harvest/**/*.py", "cards/*.py", "text/*.py", "models/*.py")


@dataclass(frozen=True)
class Tree:
    """What a harvest of the target would read, hashed: `key` over all of it, `files` per source file."""

    key: str
    files: dict[str, str]  # recorded path -> content hash


def file_hash(path: Path, *, root: str, cap: int) -> str:
    """The content's hash; for a file the harvest does not take (`kb.harvest.reading.files`), why, so that a change of
    that is a change of the tree too."""
    try:
        return hashlib.blake2b(read_bytes(path, root=root, cap=cap), digest_size=16).hexdigest()
    except Refused as refused:
        return f"refused: {refused.reason}"


@cache
def harvester_version() -> str:
    digest = hashlib.blake2b(digest_size=16)
    for pattern in _HARVESTER:
        for path in sorted(_KB.glob(pattern)):
            digest.update(path.relative_to(_KB).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def read_tree(target: Target, files: list[SourceFile] | None = None) -> Tree:
    if files is None:
        files = collect_files(target.root, prefix=target.prefix, excludes=list(target.excludes))
    hashes: dict[str, str] = {}
    root, cap = real_root(target.root), Caps.from_settings().file_bytes
    for source in files:
        hashes[source.path] = file_hash(source.absolute, root=root, cap=cap)
    options = {
        "version": harvester_version(),
        "commit": target.commit,
        "prefix": target.prefix,
        "excludes": list(target.excludes),
        "evidence": target.evidence,
        "releases": target.releases,
        "pickaxe": target.pickaxe,
        "publish": target.publish,
    }
    digest = hashlib.blake2b(json.dumps(options, sort_keys=True).encode(), digest_size=32)
    for path, content in hashes.items():
        digest.update(f"{path}\0{content}\n".encode("utf-8", "backslashreplace"))
    if target.evidence:
        for read, inside in evidence_files(root=target.root, prefix=target.prefix):
            digest.update(f"{read}\0{file_hash(read, root=inside, cap=cap)}\n".encode("utf-8", "backslashreplace"))
        if target.releases:
            digest.update(_tags(target.root).encode())
    return Tree(key=digest.hexdigest(), files=hashes)


def _tags(root: Path) -> str:
    directory = root if root.is_dir() else root.parent
    out = git.run(directory, "for-each-ref", "--format=%(refname) %(objectname)", "refs/tags")
    return "?" if out is None else out  # the checkout's own config neutralised: kb.harvest.evidence.git


def written_mark(repository: Repository) -> str:
    """The latest history row of the repository's entries, sites and variants: every write leaves one."""
    entries = ErrorEntry.history.filter(repository_id=repository.pk)
    sites = RaiseSite.history.filter(entry_id__in=ErrorEntry.objects.filter(repository=repository).values("pk"))
    variants = MessageVariant.history.filter(entry_id__in=ErrorEntry.objects.filter(repository=repository).values("pk"))
    latest = [query.aggregate(latest=Max("history_id"))["latest"] for query in (entries, sites, variants)]
    return ",".join(str(value) for value in latest)


def fingerprint(tree: Tree, repository: Repository) -> str:
    return hashlib.blake2b(
        f"{tree.key}\0{repository.publish_harvested}\0{written_mark(repository)}".encode(), digest_size=32
    ).hexdigest()


def unchanged(tree: Tree, owner: str, name: str) -> HarvestState | None:
    """The last harvest's state when this one would find exactly what it left; else None."""
    state = (
        HarvestState.objects.select_related("repository").filter(repository__owner=owner, repository__name=name).first()
    )
    if state is None or state.fingerprint != fingerprint(tree, state.repository):
        return None
    return state


def remember(tree: Tree, repository: Repository, figures: dict) -> None:
    """Called in the harvest's transaction, after its writes, so that the mark is the one it left."""
    HarvestState.objects.update_or_create(
        repository=repository,
        defaults={"fingerprint": fingerprint(tree, repository), "files": tree.files, "figures": figures},
    )

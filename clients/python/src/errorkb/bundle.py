"""The offline bundle: the published cards of a server and what its lookup index needs, in one file.

`manage.py export_bundle` writes it (through `write_bundle`); `open_bundle(path)` reads it, and its `lookup` runs
the server's own matching (errorkb.matching: the same index, built by `FrozenIndex.build`, and the same ranking),
so that it gives the same first match as POST /api/match. docs/bundle-format.md describes the format.

A bundle is input from anywhere: it is a ZIP archive of JSON documents, read with bounded sizes, every value
checked for its type before use; no pickle, no marshal, nothing in it is run. An unreadable, corrupt or truncated
file, or one of a newer format than this reader's, is a `BundleError` that says which.
"""

from __future__ import annotations

import io
import json
import os
import re
import zipfile
import zlib
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from errorkb.matching.limits import DEFAULT_LIMIT, checked_text, clamped_limit
from errorkb.matching.shape import Details, match_json

try:  # the `offline` extra: errorkb without it still imports this module, and says what to install
    from errorkb.matching.compiled import CompiledCode
    from errorkb.matching.frozen import FrozenIndex
    from errorkb.matching.index import Entry, Site
    from errorkb.matching.rank import class_card, match_text, pasted_type
except ImportError as missing:
    _NEEDS_EXTRA: ImportError | None = missing
else:
    _NEEDS_EXTRA = None

FORMAT_VERSION = 1
MANIFEST = "errorkb-bundle.json"
INDEX = "index.json"
CARDS = "cards/"
PUBLIC_ID = re.compile(r"[0-9a-f]{16}")

# Bounds on what a bundle may make this process read or hold (a Django + DRF bundle is a few MB).
MAX_FILE_BYTES = 512 * 1024 * 1024
MAX_MANIFEST_BYTES = 1024 * 1024
MAX_INDEX_BYTES = 512 * 1024 * 1024
MAX_CARD_BYTES = 8 * 1024 * 1024
MAX_ENTRIES = 2_000_000
MAX_TEXT = 256 * 1024  # characters in any one string of the index
MAX_PARTS = 10_000  # sites or variants of one entry
MAX_REPOSITORIES = 100_000

REVIEWED = "reviewed"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # every member's stamp: the same cards make the same file


class BundleError(Exception):
    """The bundle cannot be read: not a bundle, corrupt or truncated, or of a newer format. The message says which,
    and what to do."""


class _Corrupt(Exception):
    """A value of the wrong type or size somewhere in the bundle; becomes a BundleError naming the file."""


class Bundle:
    """An opened bundle: its lookup index in memory, its cards read from the file's bytes when asked for."""

    def __init__(self, path: str, archive: zipfile.ZipFile, manifest: dict[str, Any], index_document: Any) -> None:
        self.path = path
        self._archive = archive
        self.format: int = manifest["format"]
        self.created_at: str = _text(manifest.get("created_at", ""), "created_at")
        self.site_url: str = _text(manifest.get("site_url", ""), "site_url")
        before, after = _pair(manifest.get("entry_path"), "entry_path")
        self._path_around = (before, after)
        self.repositories: list[dict[str, str]] = _repositories(manifest.get("repositories"))
        # What the harvests recorded of compiled code, so that offline answers say "raised inside compiled code"
        # as the server's do (absent in bundles written before it was recorded: then the name-based guess).
        self._compiled = CompiledCode.from_records(_compiled_records(manifest.get("repositories")))
        entries, self._details = _entries(index_document, [repository["url"] for repository in self.repositories])
        self._index = FrozenIndex.build(entries)

    def __len__(self) -> int:
        return len(self._details)

    def url(self, entry_id: str) -> str:
        """The card's page on the server the bundle was exported from."""
        before, after = self._path_around
        return f"{self.site_url}{before}{entry_id}{after}"

    def lookup(self, text: str, *, limit: int = DEFAULT_LIMIT) -> list[dict[str, Any]]:
        """The best matches of a traceback, a log or a message, each shaped as an element of POST /api/match's
        "matches". Raises errorkb.matching.limits.TextTooLarge (a ValueError) past 64 KiB, as the server does."""
        result = match_text(
            self._index, checked_text(text), limit=clamped_limit(limit), drafts=False, compiled=self._compiled
        )
        return [
            match_json(
                match,
                self.url,
                self._details[match.entry.key],
                link_drafts=False,
                class_card=class_card(match.entry, pasted_type(result, match)),
            )
            for match in result.matches
        ]

    def card(self, entry_id: str) -> dict[str, Any] | None:
        """The card as GET /api/errors/<id> serves it to a reader; None for an id the bundle does not hold."""
        if not isinstance(entry_id, str) or not PUBLIC_ID.fullmatch(entry_id):
            return None
        name = f"{CARDS}{entry_id}.json"
        try:
            self._archive.getinfo(name)
        except KeyError:
            return None
        card = _read_json(self._archive, name, MAX_CARD_BYTES, self.path)
        if not isinstance(card, dict) or card.get("id") != entry_id:
            raise BundleError(f"{self.path}: the card {entry_id} in the bundle is corrupt; export the bundle again.")
        return card


def open_bundle(path: str | os.PathLike[str]) -> Bundle:
    """Read a bundle whole and build its lookup index. BundleError for anything but a readable bundle of a format
    this errorkb knows."""
    shown = os.fspath(path)
    if _NEEDS_EXTRA is not None:
        raise BundleError(
            f"Reading a bundle needs errorkb's offline extra: pip install 'errorkb[offline]' ({_NEEDS_EXTRA})."
        )
    try:
        with open(shown, "rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise BundleError(f"{shown}: cannot read the bundle: {exc.strerror or exc}.") from None
    if len(data) > MAX_FILE_BYTES:
        raise BundleError(f"{shown}: larger than {MAX_FILE_BYTES // 2**20} MiB, too large for a bundle.")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError):
        raise BundleError(
            f"{shown}: not an errorkb bundle, or a truncated one (no ZIP directory at its end); "
            "export it again with `manage.py export_bundle`, or download it again."
        ) from None
    manifest = _read_json(archive, MANIFEST, MAX_MANIFEST_BYTES, shown, what="an errorkb bundle's manifest")
    if not isinstance(manifest, dict) or type(manifest.get("format")) is not int:
        raise BundleError(f"{shown}: the bundle's manifest ({MANIFEST}) has no format number; it is corrupt.")
    if manifest["format"] > FORMAT_VERSION:
        raise BundleError(
            f"{shown}: this bundle is of format {manifest['format']}, newer than this errorkb reads "
            f"(format {FORMAT_VERSION} at most). Upgrade errorkb (pip install --upgrade errorkb), or export a bundle "
            "from a server of the same version."
        )
    if manifest["format"] < 1:
        raise BundleError(f"{shown}: the bundle's format number ({manifest['format']}) is not one; it is corrupt.")
    index_document = _read_json(archive, INDEX, MAX_INDEX_BYTES, shown)
    try:
        return Bundle(shown, archive, manifest, index_document)
    except _Corrupt as exc:
        raise BundleError(f"{shown}: the bundle is corrupt ({exc}); export it again.") from None


def write_bundle(
    path: str | os.PathLike[str],
    *,
    entries: Iterable[tuple[Entry, Details]],
    cards: Iterable[dict[str, Any]],
    repositories: list[dict[str, Any]],
    site_url: str,
    entry_path: tuple[str, str],
    created_at: datetime | None = None,
) -> int:
    """Write a bundle: the index's entries with each one's details (what a match shows), every card (as
    GET /api/errors/<id> serves it), the repositories (`full_name`, `url`: each entry's repository must be one),
    and what makes a card's URL: `site_url` + `entry_path[0]` + id + `entry_path[1]`. Returns the bytes written.
    The file appears whole or not at all (written aside, then renamed)."""
    target = os.fspath(path)
    position = {repository["url"]: i for i, repository in enumerate(repositories)}
    rows = [_row(entry, details, position) for entry, details in entries]
    manifest = {
        "format": FORMAT_VERSION,
        "generator": "errorkb export_bundle",
        "created_at": (created_at or datetime.now(UTC)).isoformat(timespec="seconds"),
        "site_url": site_url,
        "entry_path": list(entry_path),
        "repositories": repositories,
        "entries": len(rows),
    }
    partial = f"{target}.partial"
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        _write_json(archive, MANIFEST, manifest)
        _write_json(archive, INDEX, {"entries": rows})
        for card in cards:
            if not PUBLIC_ID.fullmatch(card["id"]):
                raise ValueError(f"A card's id is not a public id: {card['id']!r}")
            _write_json(archive, f"{CARDS}{card['id']}.json", card)
    os.replace(partial, target)
    return os.path.getsize(target)


# Writing ---------------------------------------------------------------------------------------------------------


def _row(entry: Entry, details: Details, repositories: dict[str, int]) -> list[Any]:
    """One entry as index.json holds it: a list, in the order docs/bundle-format.md gives."""
    return [
        entry.key,
        entry.public_id,
        entry.exception_type,
        entry.message,
        entry.status,
        repositories[entry.repository_url],
        entry.signature,
        [list(variant) for variant in entry.variants],
        [[site.path, site.line, site.function, site.commit] for site in entry.sites],
        details["title"],
        details["summary"],
        details["first_solution"],
        details["review_state"],
    ]


def _write_json(archive: zipfile.ZipFile, name: str, document: Any) -> None:
    member = zipfile.ZipInfo(name, date_time=ZIP_TIME)
    member.compress_type = zipfile.ZIP_DEFLATED
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    archive.writestr(member, text.encode("utf-8", "surrogatepass"), compresslevel=9)


# Reading: every value checked ------------------------------------------------------------------------------------


def _read_json(archive: zipfile.ZipFile, name: str, limit: int, shown: str, *, what: str = "") -> Any:
    try:
        member = archive.getinfo(name)
    except KeyError:
        missing = what or name
        raise BundleError(f"{shown}: not an errorkb bundle, or a damaged one: it holds no {missing}.") from None
    if member.file_size > limit:
        raise BundleError(f"{shown}: {name} in the bundle says it is {member.file_size} bytes, over the limit.")
    if member.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        raise BundleError(f"{shown}: {name} in the bundle is compressed in a way bundles never are; it is corrupt.")
    try:
        with archive.open(member) as file:
            data = file.read(limit + 1)
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError, NotImplementedError, RuntimeError) as exc:
        raise BundleError(f"{shown}: {name} in the bundle is corrupt or truncated ({exc}); export it again.") from None
    if len(data) > limit:
        raise BundleError(f"{shown}: {name} in the bundle is over the limit of {limit} bytes.")
    try:
        return json.loads(data.decode("utf-8", "surrogatepass"))
    except (ValueError, RecursionError):
        raise BundleError(f"{shown}: {name} in the bundle is not valid JSON; it is corrupt.") from None


def _text(value: Any, where: str) -> str:
    if type(value) is not str or len(value) > MAX_TEXT:
        raise _Corrupt(f"{where} is not a string of at most {MAX_TEXT} characters")
    return value


def _optional_text(value: Any, where: str) -> str | None:
    return None if value is None else _text(value, where)


def _integer(value: Any, where: str, low: int = 0, high: int = 2**63 - 1) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _Corrupt(f"{where} is not a whole number from {low} to {high}")
    return value


def _list(value: Any, where: str, most: int) -> list[Any]:
    if type(value) is not list or len(value) > most:
        raise _Corrupt(f"{where} is not a list of at most {most} items")
    return value


def _pair(value: Any, where: str) -> tuple[str, str]:
    items = _list(value, where, 2)
    if len(items) != 2:
        raise _Corrupt(f"{where} is not a pair")
    return _text(items[0], where), _text(items[1], where)


def _repositories(value: Any) -> list[dict[str, str]]:
    found = []
    for i, repository in enumerate(_list(value, "repositories", MAX_REPOSITORIES)):
        if type(repository) is not dict:
            raise _Corrupt(f"repositories[{i}] is not an object")
        found.append(
            {
                "full_name": _text(repository.get("full_name"), f"repositories[{i}].full_name"),
                "url": _text(repository.get("url"), f"repositories[{i}].url"),
            }
        )
    return found


def _compiled_records(value: Any) -> list[dict[str, Any]]:
    """Each repository's optional `compiled` record (`{"packages", "modules", "names"}`); `_repositories` has
    checked the list. CompiledCode.from_records keeps only values of the right types."""
    records = []
    for i, repository in enumerate(value):
        record = repository.get("compiled", {})
        if type(record) is not dict:
            raise _Corrupt(f"repositories[{i}].compiled is not an object")
        records.append(record)
    return records


def _entries(document: Any, repository_urls: list[str]) -> tuple[list[Entry], dict[int, Details]]:
    if type(document) is not dict:
        raise _Corrupt(f"{INDEX} is not an object")
    entries: list[Entry] = []
    details: dict[int, Details] = {}
    seen_ids: set[str] = set()
    for n, row in enumerate(_list(document.get("entries"), "entries", MAX_ENTRIES)):
        where = f"entries[{n}]"
        fields = _list(row, where, 13)
        if len(fields) != 13:
            raise _Corrupt(f"{where} does not have 13 fields")
        key = _integer(fields[0], f"{where} key")
        public_id = _text(fields[1], f"{where} id")
        if not PUBLIC_ID.fullmatch(public_id) or public_id in seen_ids or key in details:
            raise _Corrupt(f"{where} has a malformed or repeated id")
        seen_ids.add(public_id)
        repository = _integer(fields[5], f"{where} repository", 0, len(repository_urls) - 1)
        variants = tuple(
            (_text(message, f"{where} variant"), _text(signature, f"{where} variant"))
            for message, signature in (_pair(item, f"{where} variant") for item in _list(fields[7], where, MAX_PARTS))
        )
        entries.append(
            Entry(
                key=key,
                public_id=public_id,
                exception_type=_text(fields[2], f"{where} exception type"),
                message=_text(fields[3], f"{where} message"),
                status=_text(fields[4], f"{where} status"),
                repository_url=repository_urls[repository],
                signature=_text(fields[6], f"{where} signature"),
                variants=variants,
                sites=tuple(_site(site, f"{where} site") for site in _list(fields[8], where, MAX_PARTS)),
                reviewed=fields[12] == REVIEWED,
            )
        )
        details[key] = {
            "title": _text(fields[9], f"{where} title"),
            "summary": _optional_text(fields[10], f"{where} summary"),
            "first_solution": _optional_text(fields[11], f"{where} first solution"),
            "review_state": _text(fields[12], f"{where} review state"),
        }
    return entries, details


def _site(value: Any, where: str) -> Site:
    fields = _list(value, where, 4)
    if len(fields) != 4:
        raise _Corrupt(f"{where} does not have 4 fields")
    line = None if fields[1] is None else _integer(fields[1], where, 0, 2**31 - 1)
    return Site(_text(fields[0], where), line, _text(fields[2], where), _text(fields[3], where))

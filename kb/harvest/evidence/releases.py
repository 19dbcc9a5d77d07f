"""When an entry was raised: the commit that introduced its wording, and the first and last release raising it.

Read from git, never from the code's imports: `git log -S` (pickaxe) for the introducing commit, one `git grep -F`
per release tag for which wordings each release holds. A wording is looked for by its longest literal chunk, the
part of the signature the source spells exactly as the message reads, so nothing here parses old code."""

import re
import string
import tempfile
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from kb.harvest.evidence import git
from kb.harvest.reading.extract import FoundSite
from kb.harvest.reading.files import Caps, Refused, read_text, real_root

EntryKey = tuple[str, str, str]

WORKERS = 4  # git calls at once: each is one process reading the object store
TIMEOUT = 120  # seconds for one git call; a call that takes longer tells nothing, the others still do
MIN_CHUNK = 8  # shorter literal text ("Invalid ") is in too many places to say which release raises it

# Characters the source may spell otherwise than the message reads them (escapes, quotes, `%%`, f-string braces):
# a chunk never spans one, so that it is found in the source as it is written.
_UNSAFE = re.compile(r"[\\'\"%{}\x00-\x1f\x7f]")
_SHA = re.compile(r"[0-9a-f]{40}|[0-9a-f]{7,39}")
_FORMAT = "%H%x00%as%x00%s"
_ERE_SPECIAL = re.compile(r"[.\[\]\\()*+?{}|^$]")  # a backslash before them makes them literal (POSIX)


@dataclass(frozen=True)
class Checkout:
    directory: Path  # where git runs: PATH, or the directory of a single file; pathspecs are relative to it
    pathspecs: tuple[str, ...]  # what a harvest of PATH reads, as git pathspecs


def read_history(
    *,
    root: Path,
    groups: dict[EntryKey, list[FoundSite]],
    releases: str | None,
    pickaxe: bool,
    prefix: str = "",
    excludes: Sequence[str] = (),
) -> dict[EntryKey, dict]:
    """{key: history} for the entries git knows something about (nothing unless PATH is a git checkout).

    `prefix`: what the harvest put in front of every recorded path (`--path-prefix`), taken off again to find the
    files in git; `excludes`: the harvest's `--exclude` globs, left out of the releases' files too."""
    if not (releases or pickaxe) or not groups:
        return {}
    checkout = find_checkout(root, excludes=excludes, prefix=prefix)
    if checkout is None:
        return {}
    wordings = _wordings(checkout, groups, prefix)
    found: dict[EntryKey, dict] = {}
    if pickaxe:
        for key, introduced in introductions(checkout, wordings, groups, prefix).items():
            found.setdefault(key, {})["introduced"] = introduced
    if releases:
        paths = {key: {_relative(site.path, prefix) for site in groups[key]} for key in wordings}
        for key, span in release_spans(checkout, wordings, releases, paths).items():
            found.setdefault(key, {}).update(span)
    return found


def find_checkout(root: Path, *, excludes: Sequence[str] = (), prefix: str = "") -> Checkout | None:
    """PATH as a place in a git checkout, or None: not in one, or an installed package that some outer checkout
    ignores (its history is not that checkout's)."""
    directory = root if root.is_dir() else root.parent
    if _git(directory, "rev-parse", "--show-toplevel") is None:
        return None
    if _git(directory, "check-ignore", "-q", ".") is not None:
        return None
    if not root.is_dir():
        return Checkout(directory, (f":(literal){root.name}",))
    prefix = prefix.strip("/")
    relative = [p[len(prefix) + 1 :] if prefix and p.startswith(f"{prefix}/") else p for p in excludes]
    skipped = [f":(exclude){pattern}" for pattern in dict.fromkeys([*excludes, *relative])]
    return Checkout(directory, ("*.py", *skipped))


# --- wordings ----------------------------------------------------------------------------------------


def literal_chunks(signature: str) -> list[str]:
    """The signature's runs of literal text the source spells as they read, longest first."""
    try:
        literals = [text for text, *_ in string.Formatter().parse(signature)]
    except ValueError:
        literals = re.split(r"\{[^{}]*+\}", signature)
    pieces = (piece.strip() for text in literals for piece in _UNSAFE.split(text))
    return sorted({p for p in pieces if len(p) >= MIN_CHUNK}, key=lambda p: (-len(p), p))


def chunk_in(signature: str, texts: Iterable[str]) -> str | None:
    """The longest run of words of the signature's chunks that the first text holding one holds (the raise's
    snippet, then its files), else the longest chunk (its message may be written in some other file). A run
    rather than a whole chunk: a wording split over implicitly joined literals ("a " "b") is not in the source
    as one piece."""
    chunks = literal_chunks(signature)
    for text in texts:
        best = max((_longest_run(chunk, text) for chunk in chunks), key=len, default="")
        if len(best) >= MIN_CHUNK:
            return best
    return chunks[0] if chunks else None


def _longest_run(chunk: str, text: str) -> str:
    """The longest run of the chunk's words in the text. A run the text lacks is in no longer run, so each start
    stops at its first miss: linear in the words found, times one search."""
    if chunk in text:
        return chunk
    words, best = chunk.split(" "), ""
    for start in range(len(words)):
        end = start
        while end < len(words) and " ".join(words[start : end + 1]) in text:
            end += 1
        run = " ".join(words[start:end]).strip()
        if len(run) > len(best):
            best = run
    return best


def _wordings(checkout: Checkout, groups: dict[EntryKey, list[FoundSite]], prefix: str) -> dict[EntryKey, list[str]]:
    """Each entry's chunks to look for: its own wording's first, then its other wordings' (ngettext's plural, the
    arms of `a if c else b`). Entries without a wording of their own have none."""
    files: dict[str, str] = {}
    inside, cap = real_root(checkout.directory), Caps.from_settings().file_bytes

    def text(path: str) -> str:
        if path not in files:
            try:
                files[path] = read_text(checkout.directory / _relative(path, prefix), root=inside, cap=cap)
            except Refused:
                files[path] = ""
        return files[path]

    found = {}
    for key, sites in groups.items():
        signatures = [key[1], *(sig for site in sites for _message, sig in site.variants)]
        texts = [*(site.snippet for site in sites), *(text(path) for path in dict.fromkeys(s.path for s in sites))]
        chunks = [c for sig in dict.fromkeys(signatures) if sig and (c := chunk_in(sig, texts))]
        if chunks:
            found[key] = list(dict.fromkeys(chunks))
    return found


def _relative(path: str, prefix: str) -> str:
    prefix = prefix.strip("/")
    return path[len(prefix) + 1 :] if prefix and path.startswith(f"{prefix}/") else path


# --- the introducing commit --------------------------------------------------------------------------


def introductions(
    checkout: Checkout, wordings: dict[EntryKey, list[str]], groups: dict[EntryKey, list[FoundSite]], prefix: str
) -> dict[EntryKey, dict]:
    """The oldest commit that changed how often the entry's wording occurs in its sites' files: one `git log -S`
    per entry, a few at a time. Renames are not followed (`--follow` costs 40 times as much and takes one path):
    a wording in a file moved since it was written is dated to the move."""

    def introduced(key: EntryKey) -> dict | None:
        paths = sorted({_relative(site.path, prefix) for site in groups[key]})
        out = _git(
            checkout.directory,
            "log",
            "--reverse",
            f"-S{wordings[key][0]}",
            f"--format={_FORMAT}",
            "--",
            *paths,
            literal=True,
        )
        lines = (out or "").splitlines()
        if not lines:
            return None
        sha, date, summary = [*lines[0].split("\x00"), "", ""][:3]
        return {"commit": sha, "date": date, "summary": summary}

    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        keys = list(wordings)
        return {key: found for key, found in zip(keys, pool.map(introduced, keys), strict=True) if found}


# --- releases ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Holding:
    """What one release's files hold of the wordings looked for."""

    files: frozenset[str]  # every file the release has below the harvested directory
    lines: dict[str, str]  # per file, its lines holding some wording

    def holds(self, chunks: list[str], paths: set[str]) -> bool:
        """In the entry's own files when the release has them (a common phrase elsewhere says nothing); else in
        a file of the same name anywhere (moved since: a file's name outlives its directory more often)."""
        own = paths & self.files
        if not own:
            names = {path.rpartition("/")[2] for path in paths}
            own = {path for path in self.lines if path.rpartition("/")[2] in names}
        return any(chunk in self.lines.get(path, "") for path in own for chunk in chunks)


def release_spans(
    checkout: Checkout, wordings: dict[EntryKey, list[str]], pattern: str, paths: dict[EntryKey, set[str]]
) -> dict[EntryKey, dict]:
    """first_release, last_release and removed_in of each entry whose wording some tag matching PATTERN holds, and
    absent_in: the compared release just before its first one, which does not hold it (none when the first tag
    compared holds it: then nothing says when it was added).

    `paths`: each entry's files, relative to the checkout directory. Tags git could not read are left out rather
    than counted as holding nothing. A wording missing from the release after its last one is removed there,
    unless HEAD descends from that release: then it came back later."""
    # Only tags shaped as releases (git.TAG_NAME): one that reads as an option or markup is never shown.
    tags = order_releases(git.release_tags(checkout.directory, pattern, timeout=TIMEOUT) or [])
    if not tags or not wordings:
        return {}
    chunks = sorted({chunk for found in wordings.values() for chunk in found})
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        read = zip(tags, pool.map(lambda tag: _holding(checkout, tag, chunks), tags), strict=True)
        holdings = [(tag, holding) for tag, holding in read if holding is not None]
    spans = {}
    descends: dict[str, bool] = {}
    for key, found in wordings.items():
        having = [n for n, (_tag, holding) in enumerate(holdings) if holding.holds(found, paths[key])]
        if not having:
            continue
        span = {"first_release": holdings[having[0]][0], "last_release": holdings[having[-1]][0]}
        if having[0] > 0:
            span["absent_in"] = holdings[having[0] - 1][0]
        if having[-1] + 1 < len(holdings):
            after = holdings[having[-1] + 1][0]
            if after not in descends:
                ancestry = _git(checkout.directory, "merge-base", "--is-ancestor", f"refs/tags/{after}", "HEAD")
                descends[after] = ancestry is not None
            if not descends[after]:
                span["removed_in"] = after
        spans[key] = span
    return spans


def _holding(checkout: Checkout, tag: str, chunks: list[str]) -> Holding | None:
    """One `git grep` of the release's files for every wording at once. An alternation of escaped literals
    (`-E`) is matched in one pass over each line; git tries `-F` patterns one by one, 15 times slower here."""
    ref = f"refs/tags/{tag}"
    listed = _git(checkout.directory, "ls-tree", "-r", "--name-only", ref)  # takes no globs: every file below
    if listed is None:
        return None
    with tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8") as patterns:
        patterns.write("|".join(_ERE_SPECIAL.sub(r"\\\g<0>", chunk) for chunk in chunks) + "\n")
        patterns.flush()
        out = _git(
            checkout.directory,
            "grep",
            "-E",
            "-z",
            "-I",
            "--no-color",
            "-f",
            patterns.name,
            ref,
            "--",
            *checkout.pathspecs,
            no_match_ok=True,
        )
    if out is None:
        return None
    lines: dict[str, list[str]] = {}
    for line in out.split("\n"):
        name, _, text = line.partition("\x00")
        lines.setdefault(name.removeprefix(f"{ref}:"), []).append(text)
    return Holding(
        files=frozenset(listed.splitlines()),
        lines={path: "\n".join(texts) for path, texts in lines.items()},
    )


def order_releases(tags: Iterable[str]) -> list[str]:
    """Tags in version order: as PEP 440 versions when they all are ("5.0a1" before "5.0"), else naturally
    ("v10" after "v9")."""
    tags = [tag for tag in dict.fromkeys(tags) if tag]
    try:
        from packaging.version import InvalidVersion, Version
    except ImportError:  # pragma: no cover - packaging comes with Django's dependencies here
        return sorted(tags, key=_natural)
    try:
        versions = {tag: Version(tag) for tag in tags}
    except InvalidVersion:
        return sorted(tags, key=_natural)
    return sorted(tags, key=lambda tag: (versions[tag], tag))


def _natural(tag: str) -> list[tuple[int, int | str]]:
    return [(0, int(part)) if part.isdigit() else (1, part) for part in re.findall(r"\d++|\D++", tag)]


def is_release(ref: str) -> bool:
    """A tag rather than a commit sha: no release is named by hex digits with a letter among them."""
    return bool(ref) and not (_SHA.fullmatch(ref) and (len(ref) == 40 or re.search(r"[a-f]", ref)))


def _git(directory: Path, *args: str, literal: bool = False, no_match_ok: bool = False) -> str | None:
    """git's output, or None when it failed or took too long, run by `evidence.git` (the checkout's own config
    neutralised, never a shell). `no_match_ok`: exit status 1 means nothing matched (grep), an answer."""
    return git.run(directory, *args, timeout=TIMEOUT, literal_pathspecs=literal, no_match_ok=no_match_ok)


# --- across harvests ---------------------------------------------------------------------------------


def advance(
    old: dict,
    new: dict,
    *,
    commit: str,
    created: bool,
    reworded: bool,
    removed: bool,
    previous: str | None = None,
) -> dict:
    """An entry's history after a harvest at `commit`: what it knew, with what this harvest learnt. Harvesting
    several tags in order fills the same fields as `--releases` does.

    Only releases compared say anything: `previous`, the release an earlier harvest of the repository read just
    before this one, tells that a wording new here was not raised there (`absent_in`, which makes "raised since"
    true); a removal or a rewording needs a release that raised it before this one. A single release harvested
    gives first and last release alike and nothing else. `removed` False means the entry is raised at `commit`.
    The earliest first release and the latest last release win, so the order of harvests does not matter for
    them; the introducing commit found first stays."""
    history = dict(old)
    if new.get("introduced") and not history.get("introduced"):
        history["introduced"] = new["introduced"]
    release = commit if is_release(commit) else None
    before = _latest([old.get("last_release"), new.get("last_release")])
    if removed:
        if release and "removed_in" not in history and before and _later(release, before):
            history["removed_in"] = release
        return history
    firsts = [old.get("first_release"), new.get("first_release"), release]
    lasts = [old.get("last_release"), new.get("last_release"), release]
    for field, labels, pick in (("first_release", firsts, min), ("last_release", lasts, max)):
        known = list(dict.fromkeys(label for label in labels if label))
        if known:
            # One label (the harvested release, on a first harvest) needs no ordering: thousands of entries at once.
            history[field] = known[0] if len(known) == 1 else pick(known, key=_release_key(known))
    # Not raised in a compared release before its first one: the latest such, when there is one.
    first = history.get("first_release")
    absent = [label for label in (old.get("absent_in"), new.get("absent_in"), previous if created else None) if label]
    history.pop("absent_in", None)
    if first and (earlier := [label for label in absent if _later(first, label)]):
        history["absent_in"] = _latest(earlier)
    # Raised here: a removal stands only when it is a release after the last one raising it, and when this
    # harvest knows where it stands among releases (a tag), or --releases found it just now.
    removal = new.get("removed_in") or (old.get("removed_in") if release else None)
    history.pop("removed_in", None)
    if removal and _later(removal, history.get("last_release")):
        history["removed_in"] = removal
    if reworded and release and before and _later(release, before):
        history["reworded_in"] = list(dict.fromkeys([*old.get("reworded_in", []), release]))
    return history


def _latest(labels: list[str | None]) -> str | None:
    known = list(dict.fromkeys(label for label in labels if label and is_release(label)))
    return order_releases(known)[-1] if known else None


def _release_key(labels: list[str]) -> Callable[[str], int]:
    order = {label: n for n, label in enumerate(order_releases(labels))}
    return order.__getitem__


def _later(label: str, than: str | None) -> bool:
    if not is_release(label):
        return False
    return than is None or (label != than and order_releases([label, than])[-1] == label)

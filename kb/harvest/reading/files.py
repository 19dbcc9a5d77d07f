"""Reading a harvested tree, which is hostile: only regular files inside it, each within the harvest's caps.

A repository may hold a link to `~/.env` or `/dev/zero`, a FIFO that never answers, a file of gigabytes, a coding
cookie naming a codec that is not text, or escapes that make a NUL or a lone surrogate. Every read of the tree goes
through here: `walk` lists only regular files and links whose target is a regular file inside the tree; `read_bytes`
opens with O_NOFOLLOW and O_NONBLOCK (a link is followed only to a target inside the tree, by its resolved path),
checks `fstat` and reads at most the cap. What is refused raises `Refused` with a reason that the harvest counts
(`Refusals`) and goes on; nothing here ends a run.
"""

import ast
import codecs
import errno
import io
import os
import re
import stat
import tokenize
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

from kb.text import breadth

# The reasons a file is not taken, as the harvest's summary counts them.
NOT_REGULAR = "not a regular file"
OUTSIDE = "a link out of the tree"
TOO_LARGE = "larger than the file cap"
OVER_BUDGET = "over the harvest's size cap"
BAD_NAME = "a name that is not UTF-8"
LONG_PATH = "a path longer than 500 characters"
UNDECODABLE = "not text in a known encoding"
SYNTAX = "not valid Python"
TOO_DEEP = "too deep or too large to read"
UNREADABLE = "could not be read"
TOO_MANY_SITES = "more raise sites than the file cap"
FAILED = "could not be read to the end"

MAX_PATH, MAX_TYPE, MAX_FUNCTION = 500, 255, 300  # the lengths of RaiseSite.path, exception_type and function
_EXAMPLES = 50
_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
# Escapes that make a NUL or a lone surrogate in a string constant: only a file holding one is cleaned.
_BAD_ESCAPE = re.compile(r"\\(?:0|x00|u0000|U00000000|[uU](?:0000)?[dD][89a-fA-F]|N\{)")
_BAD_CHARS = re.compile("[\x00\ud800-\udfff]")


class Refused(Exception):
    """A file the harvest does not take; `reason` is one of the constants above, `detail` says more."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail

    def __reduce__(self) -> tuple:
        return (Refused, (self.reason, self.detail))  # sent back from the harvest's helper processes


@dataclass
class Refusals:
    """The files a harvest did not take: counted by reason, the first few named with why."""

    counts: Counter = field(default_factory=Counter)
    examples: list[tuple[str, str]] = field(default_factory=list)  # (path, why)
    paths: set[str] = field(default_factory=set)  # each counted once, though the sources and tests both list it

    def add(self, path: str, refused: Refused) -> None:
        if path in self.paths:
            return
        self.paths.add(path)
        self.counts[refused.reason] += 1
        if len(self.examples) < _EXAMPLES:
            self.examples.append((path, str(refused)))

    def __len__(self) -> int:
        return sum(self.counts.values())


@dataclass(frozen=True)
class Caps:
    file_bytes: int
    harvest_bytes: int
    file_sites: int
    message_chars: int

    @classmethod
    def from_settings(cls) -> "Caps":
        return cls(
            file_bytes=settings.HARVEST_MAX_FILE_BYTES,
            harvest_bytes=settings.HARVEST_MAX_BYTES,
            file_sites=settings.HARVEST_MAX_FILE_SITES,
            message_chars=settings.HARVEST_MAX_MESSAGE_CHARS,
        )


def real_root(root: Path) -> str:
    return os.path.realpath(root if root.is_dir() else root.parent)


def inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def walk(
    top: Path, *, root: str, refusals: Refusals, suffixes: tuple[str, ...] | None = None
) -> Iterator[tuple[Path, list[str], list[str]]]:
    """As `os.walk(top)` top-down (prune the directories in place), with only the files worth reading: regular
    files, and links to a regular file inside `root`, whose names end with one of `suffixes` (None: any). A wanted
    name that is refused is counted; links to directories are never followed. Iterative: any depth."""
    stack = [top]
    while stack:
        directory = stack.pop()
        try:
            with os.scandir(directory) as entries:
                listed = list(entries)
        except OSError:
            continue
        dirs, files = [], []
        for entry in listed:
            wanted = suffixes is None or entry.name.endswith(suffixes)
            try:
                if entry.is_dir(follow_symlinks=False):
                    if _encodable(entry.name):
                        dirs.append(entry.name)
                    continue
                if not wanted:
                    continue
                if not _encodable(entry.name):
                    raise Refused(BAD_NAME)
                if entry.is_symlink():
                    _check_link(entry.path, root)
                elif not entry.is_file(follow_symlinks=False):
                    raise Refused(NOT_REGULAR)
                files.append(entry.name)
            except Refused as refused:
                refusals.add(_shown(entry.path, top), refused)
            except OSError as error:
                refusals.add(_shown(entry.path, top), Refused(UNREADABLE, error.strerror or ""))
        dirs.sort()
        files.sort()
        yield directory, dirs, files
        stack.extend(directory / name for name in reversed(dirs))


def _encodable(name: str) -> bool:
    if name.isascii():
        return True
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _shown(path: str, top: Path) -> str:
    shown = os.path.relpath(path, top)
    return shown.encode("utf-8", "backslashreplace").decode("utf-8")


def _check_link(path: str, root: str) -> str:
    target = os.path.realpath(path)
    if not inside(target, root):
        raise Refused(OUTSIDE)
    try:
        mode = os.stat(target, follow_symlinks=False).st_mode
    except OSError:
        raise Refused(NOT_REGULAR, "a broken link") from None
    if not stat.S_ISREG(mode):
        raise Refused(NOT_REGULAR)
    return target


def size_of(path: Path) -> int:
    """The size `read_bytes` would read: the file's, or its link's target's."""
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def read_bytes(path: Path, *, root: str, cap: int) -> bytes:
    """The file's bytes, at most `cap` of them, when it is a regular file inside `root` (a link is followed only
    to a target there); else `Refused`. Never blocks on a FIFO or a device, never reads past the cap."""
    try:
        descriptor = os.open(path, _FLAGS)
    except OSError as error:
        if error.errno != errno.ELOOP:
            raise Refused(UNREADABLE, error.strerror or "") from None
        try:
            descriptor = os.open(_check_link(os.fspath(path), root), _FLAGS)
        except OSError as again:
            raise Refused(UNREADABLE, again.strerror or "") from None
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise Refused(NOT_REGULAR)
        if status.st_size > cap:
            raise Refused(TOO_LARGE, f"{status.st_size:,} bytes, the cap is {cap:,}")
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            data = file.read(cap + 1)
    except OSError as error:
        raise Refused(UNREADABLE, error.strerror or "") from None
    finally:
        os.close(descriptor)
    if len(data) > cap:
        raise Refused(TOO_LARGE, f"more than {cap:,} bytes")
    return data


def read_text(path: Path, *, root: str, cap: int) -> str:
    """A document's text: UTF-8, undecodable bytes replaced, NULs too (the database refuses them)."""
    text = read_bytes(path, root=root, cap=cap).decode("utf-8", errors="replace")
    return text.replace("\x00", "\ufffd") if "\x00" in text else text


def decode_source(raw: bytes) -> str:
    """A Python file's text in the encoding its coding cookie declares, when that is a text encoding that
    makes text the database can hold; else `Refused`."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(raw).readline)
        if encoding in ("utf-8", "utf-8-sig"):
            return raw.decode(encoding)
        if not getattr(codecs.lookup(encoding), "_is_text_encoding", True):
            raise Refused(UNDECODABLE, f"{encoding!r} is not a text encoding")
        text = raw.decode(encoding)
    except (SyntaxError, LookupError, UnicodeDecodeError, ValueError) as error:
        raise Refused(UNDECODABLE, str(error)[:200]) from None
    if _BAD_CHARS.search(text):
        raise Refused(UNDECODABLE, "decodes to a NUL or a lone surrogate")
    return text


def parse_source(raw: bytes, filename: str) -> tuple[str, ast.Module]:
    """A Python file's text and syntax tree, its string constants cleaned of what the database refuses; else
    `Refused` (not text, not Python, or too deep or too large for the parser)."""
    text = decode_source(raw)
    try:
        tree = ast.parse(text, filename=filename)
    except SyntaxError as error:
        raise Refused(SYNTAX, f"line {error.lineno}: {error.msg}") from None
    except ValueError as error:
        raise Refused(UNDECODABLE, str(error)[:200]) from None
    except (RecursionError, MemoryError):
        raise Refused(TOO_DEEP, "the parser gave up") from None
    if _BAD_ESCAPE.search(text):
        clean_constants(tree)
    return text, tree


def refusal(error: Exception, step: str) -> Refused:
    """Why a file is refused when `step` failed on it: any fault of a step on one hostile file is that file's."""
    if isinstance(error, (RecursionError, MemoryError)):
        return Refused(TOO_DEEP, f"nested deeper than {step} goes")
    return Refused(FAILED, f"{type(error).__name__} in {step}")


def clean_constants(tree: ast.AST) -> None:
    """NULs and lone surrogates in string constants replaced by U+FFFD: PostgreSQL holds neither, in text or JSON."""
    for node in breadth.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and _BAD_CHARS.search(node.value):
            node.value = _BAD_CHARS.sub("\ufffd", node.value)


def clean_text(text: str) -> str:
    return _BAD_CHARS.sub("\ufffd", text) if _BAD_CHARS.search(text) else text


def clean_json(value: object) -> object:
    """`clean_text` through a JSON value (evidence read from tests, docs and git, before it is stored)."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, dict):
        return {clean_text(str(key)): clean_json(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean_json(item) for item in value]
    return value

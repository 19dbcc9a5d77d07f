"""Unpacking a downloaded release, which is hostile: no absolute path, no `..`, no link, no device, within caps.

A tar archive goes through the standard library's `filter="data"` after the members are checked here (links and
special files are left out, sizes counted); a zip archive's members are checked and copied here, each read no
further than its declared size. What breaks a rule stops the unpacking with `UnpackError`, said plainly."""

import os
import shutil
import stat
import tarfile
import zipfile
from pathlib import Path, PurePosixPath

MAX_MEMBERS = 200_000  # Django's sdist has about 7,000
_COPY_CHUNK = 1 << 20


class UnpackError(Exception):
    """The archive breaks a rule: what it is and which member, for the person running the command."""


def unpack(archive: Path, into: Path, *, max_bytes: int, max_file_bytes: int) -> Path:
    """Unpack `archive` (.tar.gz, .tar.bz2, .tgz, .zip, .whl) into the empty directory `into`; return the release's
    top directory: the one directory every member is under (an sdist's `name-version/`), else `into`. Members
    larger than `max_file_bytes` are left out (the harvest would not read them); more than `max_bytes` in all,
    or more than MAX_MEMBERS members, is refused."""
    name = archive.name.lower()
    if name.endswith((".zip", ".whl")):
        _unzip(archive, into, max_bytes=max_bytes, max_file_bytes=max_file_bytes)
    elif name.endswith((".tar.gz", ".tgz", ".tar.bz2", ".tar.xz", ".tar")):
        _untar(archive, into, max_bytes=max_bytes, max_file_bytes=max_file_bytes)
    else:
        raise UnpackError(f"{archive.name} is not an archive this harvest reads (.tar.gz, .zip or .whl).")
    entries = [entry for entry in into.iterdir()]
    if len(entries) == 1 and entries[0].is_dir() and not entries[0].is_symlink():
        return entries[0]
    return into


def safe_name(name: str) -> PurePosixPath | None:
    """The member's path when it stays inside the folder it is unpacked into: relative, no `..`, no backslash
    or NUL, no drive; else None."""
    if not name or "\\" in name or "\x00" in name or name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return None
    path = PurePosixPath(name)
    if any(part == ".." for part in path.parts) or not path.parts:
        return None
    return path


def _untar(archive: Path, into: Path, *, max_bytes: int, max_file_bytes: int) -> None:
    try:
        with tarfile.open(archive) as tar:
            kept, total = [], 0
            for count, member in enumerate(tar, start=1):
                if count > MAX_MEMBERS:
                    raise UnpackError(f"{archive.name} holds more than {MAX_MEMBERS} members.")
                if safe_name(member.name) is None:
                    raise UnpackError(f"{archive.name} holds a member outside its folder: {member.name[:200]!r}.")
                if not (member.isfile() or member.isdir()) or member.size > max_file_bytes:
                    continue  # links, devices and FIFOs are never read; a file over the cap would not be either
                total += member.size
                if total > max_bytes:
                    raise UnpackError(f"{archive.name} unpacks to more than {max_bytes} bytes.")
                kept.append(member)
            tar.extractall(into, members=kept, filter="data")
    except (tarfile.TarError, EOFError, OSError, ValueError) as error:
        raise UnpackError(f"{archive.name} could not be unpacked: {error}") from None


def _unzip(archive: Path, into: Path, *, max_bytes: int, max_file_bytes: int) -> None:
    try:
        with zipfile.ZipFile(archive) as zipped:
            members = zipped.infolist()
            if len(members) > MAX_MEMBERS:
                raise UnpackError(f"{archive.name} holds more than {MAX_MEMBERS} members.")
            total = 0
            for member in members:
                path = safe_name(member.filename)
                if path is None:
                    raise UnpackError(f"{archive.name} holds a member outside its folder: {member.filename[:200]!r}.")
                mode = member.external_attr >> 16
                if member.is_dir() or stat.S_IFMT(mode) not in (0, stat.S_IFREG) or member.file_size > max_file_bytes:
                    continue  # a link, a device; a file over the cap would not be read
                total += member.file_size
                if total > max_bytes:
                    raise UnpackError(f"{archive.name} unpacks to more than {max_bytes} bytes.")
                _copy_member(zipped, member, into / path)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, ValueError) as error:
        raise UnpackError(f"{archive.name} could not be unpacked: {error}") from None


def _copy_member(zipped: zipfile.ZipFile, member: zipfile.ZipInfo, target: Path) -> None:
    """One member's bytes, no more than it declares (a lying header cannot fill the disk), into a new file."""
    target.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    left = member.file_size
    with zipped.open(member) as source, os.fdopen(os.open(target, flags, 0o644), "wb") as out:
        while chunk := source.read(min(_COPY_CHUNK, left + 1)):
            left -= len(chunk)
            if left < 0:
                raise UnpackError(f"{member.filename[:200]!r} holds more than its declared size.")
            out.write(chunk)


def remove_tree(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)

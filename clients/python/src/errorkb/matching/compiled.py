"""Errors raised inside compiled code (a Rust or C extension) that no harvest can read: pydantic-core's
`pydantic_core._pydantic_core.ValidationError`. A lookup says so rather than offer the card of another raise nearby.

Told from what the harvest recorded of each package's tree (`CompiledCode`, from the server's records of the
extension modules a tree holds and the names imported from them): the innermost frame is in a compiled file
(`.so`, `.pyd`, `.pyx`), or the type is defined in a recorded extension module or imported from one. For a package
never harvested, guessed from the text alone: the type's module is the package's private extension module named
after it (`pydantic_core._pydantic_core`, `_yaml`-like `<pkg>._<pkg>` and `<pkg>._<pkg>_<suffix>`)."""

from collections.abc import Iterable
from dataclasses import dataclass, field

from errorkb.matching.parse import ParsedException

_COMPILED_SUFFIXES = (".so", ".pyd", ".pyx", ".dylib")
_MAX_DEPTH = 16  # parts of a dotted name tried as a module: no recorded extension module is nested deeper


@dataclass(frozen=True)
class CompiledCode:
    """What harvests found of compiled code: the top-level packages they read (a type of one of them is told from
    the record, never guessed), the extension modules they could not read, and the names imported from one."""

    packages: frozenset[str] = frozenset()
    modules: frozenset[str] = frozenset()
    names: dict[str, str] = field(default_factory=dict)  # `msgpack.Unpacker` -> `msgpack._cmsgpack`

    @classmethod
    def from_records(cls, records: Iterable[dict]) -> "CompiledCode":
        """From each repository's record, `{"packages": [...], "modules": [...], "names": {...}}`."""
        packages: set[str] = set()
        modules: set[str] = set()
        names: dict[str, str] = {}
        for record in records:
            packages.update(p for p in record.get("packages", ()) if isinstance(p, str))
            modules.update(m for m in record.get("modules", ()) if isinstance(m, str))
            given = record.get("names", {})
            if isinstance(given, dict):
                names.update({k: v for k, v in given.items() if isinstance(k, str) and isinstance(v, str)})
        return cls(frozenset(packages), frozenset(modules), names)

    def harvested(self, exception_type: str) -> bool:
        """Whether the type's top-level package is one a harvest read: then its record tells, no guess."""
        return exception_type.split(".")[0] in self.packages

    def module_of(self, dotted: str) -> str | None:
        """The recorded extension module a dotted name is in (`msgpack._cmsgpack.Packer.pack`), or None."""
        # A pasted frame's name may be 64 KiB of dots: only the first parts can name a module (the prefixes tried,
        # and the text each joins, stay bounded; every prefix of a 30,000-part name took seconds).
        parts = dotted.split(".", _MAX_DEPTH)[:_MAX_DEPTH]
        return next((m for n in range(len(parts) - 1, 0, -1) if (m := ".".join(parts[:n])) in self.modules), None)

    def raised_in(self, exception_type: str) -> str | None:
        """The package whose compiled code defines the type: `<module>.<Name>` in a recorded extension module, or a
        name imported from one (`pydantic_core.ValidationError`); else None."""
        module = exception_type.rpartition(".")[0]
        if module in self.modules or exception_type in self.names:
            return module.split(".")[0]
        return None


def compiled_package(exception: ParsedException, known: CompiledCode | None = None) -> str | None:
    """The top-level package whose compiled code raised the exception, or None. `known`: what harvests recorded;
    a type of a package they never read is guessed from its name."""
    frames = exception.frames
    if frames:
        innermost = frames[-1]  # read once: a traceback's frames read it alone, in Python (frames.py)
        path = innermost.path.replace("\\", "/")
        if path.lower().endswith(_COMPILED_SUFFIXES) or ".cpython-" in path:
            parts = [p for p in path.split("/") if p]
            return _package_of(parts)
        if known is not None and (module := known.module_of(innermost.function)) is not None:
            return module.split(".")[0]  # Cython names a frame by its module: `msgpack._cmsgpack.unpackb`
    if not exception.type or "." not in exception.type:
        return None
    if known is not None and known.harvested(exception.type):
        return known.raised_in(exception.type)
    parts = exception.type.split(".")[:-1]
    top = parts[0]
    if any(part.startswith(f"_{top}") for part in parts[1:]):
        return top
    return None


def _package_of(parts: list[str]) -> str:
    """The package a compiled file is in: the folder after site-packages, else the file's folder."""
    for n, part in enumerate(parts[:-1]):
        if part in ("site-packages", "dist-packages") and n + 1 < len(parts):
            return parts[n + 1].split(".")[0]
    return parts[-2] if len(parts) > 1 else parts[-1].split(".")[0]

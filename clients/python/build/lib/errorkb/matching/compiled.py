"""Errors raised inside compiled code (a Rust or C extension) that no harvest can read: pydantic-core's
`pydantic_core._pydantic_core.ValidationError`. A lookup says so rather than offer the card of another raise nearby.

Told from the text alone: the innermost frame is in a compiled file (`.so`, `.pyd`, `.pyx`), or the type's module is
the package's private extension module named after it (`pydantic_core._pydantic_core`, `_yaml`-like `<pkg>._<pkg>`
and `<pkg>._<pkg>_<suffix>`)."""

from errorkb.matching.parse import ParsedException

_COMPILED_SUFFIXES = (".so", ".pyd", ".pyx", ".dylib")


def compiled_package(exception: ParsedException) -> str | None:
    """The top-level package whose compiled code raised the exception, or None."""
    frames = exception.frames
    if frames:
        path = frames[-1].path.replace("\\", "/")
        if path.lower().endswith(_COMPILED_SUFFIXES) or ".cpython-" in path:
            parts = [p for p in path.split("/") if p]
            return _package_of(parts)
    if not exception.type or "." not in exception.type:
        return None
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

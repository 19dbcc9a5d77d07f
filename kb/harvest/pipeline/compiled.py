"""Which modules of a harvested tree are compiled code the harvest cannot read, recorded with the repository so that a
lookup says "raised inside compiled code of <package>" from what the tree holds rather than from a type's name.

Read from the tree's file names (never their content): an extension module (`_cmsgpack.cpython-311-x86_64-linux-
gnu.so`, `_speedups.abi3.so`, `_yaml.cp311-win_amd64.pyd`) or the Cython source it is built from (`_cmsgpack.pyx`,
in a source distribution), named as `import` knows it; and, when the tree is an unpacked wheel, the extension
modules its `*.dist-info/RECORD` lists. A compiled module with a Python twin of the same name (SQLAlchemy's
`_row_cy.py` built with Cython) is not one: the harvest read its source. With the modules, the names the tree's
Python modules import from one (`pydantic_core.ValidationError` from `pydantic_core._pydantic_core`): the types a
package re-exports from its compiled code."""

import ast
import csv
import io
from pathlib import Path

from kb.harvest.pipeline.sources import SourceFile, dotted_in, is_excluded
from kb.harvest.reading.files import Caps, Refusals, Refused, read_text, real_root, walk
from kb.harvest.reading.imports import ModuleInfo
from kb.harvest.reading.scopes import statements

EXTENSIONS = (".so", ".pyd", ".pyx")
_SKIPPED_DIRS = {"__pycache__", "node_modules", ".git"}
MAX_RECORDED = 500  # compiled modules and names kept per repository: a record, not an inventory


def compiled_record(
    root: Path,
    *,
    prefix: str,
    excludes: list[str],
    files: list[SourceFile],
    modules: list[tuple[ModuleInfo, ast.Module]],
    caps: Caps,
) -> dict:
    """`{"packages": [...], "modules": [...], "names": {name: module}}`: the tree's top-level packages (what its
    types' names start with), its compiled modules, and the names its Python modules import from one. Empty lists
    for a tree with no compiled code; {} for a single file."""
    if not root.is_dir():
        return {}
    python = {f.module for f in files}
    found: set[str] = set()
    cache: dict[Path, bool] = {}
    # Names alone are read, and no file is taken: what the walk refuses is not counted against the harvest.
    for directory, dirnames, filenames in walk(
        root, root=real_root(root), refusals=Refusals(), suffixes=(*EXTENSIONS, "RECORD")
    ):
        dirnames[:] = [d for d in dirnames if d not in _SKIPPED_DIRS and not d.startswith(".")]
        relative_dir = directory.relative_to(root).as_posix()
        for filename in filenames:
            relative = filename if relative_dir == "." else f"{relative_dir}/{filename}"
            if is_excluded(relative, prefix=prefix, excludes=excludes):
                continue
            if filename == "RECORD" and directory.name.endswith(".dist-info"):
                found.update(_listed(directory / filename, root, caps))
            elif filename.endswith(EXTENSIONS):
                found.add(dotted_in(directory, _stem(filename), root, cache))
    compiled = sorted(m for m in found if m and m not in python)[:MAX_RECORDED]
    names = _imported_from(modules, set(compiled))
    packages = sorted({f.module.split(".")[0] for f in files if f.module})
    kept = dict(sorted(names.items())[:MAX_RECORDED])
    return {"packages": packages[:MAX_RECORDED], "modules": compiled, "names": kept}


def _imported_from(modules: list[tuple[ModuleInfo, ast.Module]], compiled: set[str]) -> dict[str, str]:
    """`from ._cmsgpack import Packer` at a module's top level (in an `if` or a `try` too, beside its fallback):
    `msgpack.Packer` -> `msgpack._cmsgpack`."""
    names: dict[str, str] = {}
    if not compiled:
        return names
    for info, tree in modules:
        for node in statements(tree.body):
            if not isinstance(node, ast.ImportFrom):
                continue
            source = info.absolute(node.module, node.level)
            if source in compiled:
                names.update({f"{info.name}.{a.asname or a.name}": source for a in node.names if a.name != "*"})
    return names


def _stem(filename: str) -> str:
    """An extension module's name: its file name up to the first dot (`_speedups.cpython-311-x86_64-linux-gnu.so`)."""
    return filename.split(".", 1)[0]


def _listed(record: Path, root: Path, caps: Caps) -> list[str]:
    """The extension modules a wheel's RECORD lists (`markupsafe/_speedups.cpython-311-x86_64-linux-gnu.so,...`),
    as dotted names; [] when the file is refused."""
    try:
        text = read_text(record, root=real_root(root), cap=caps.file_bytes)
    except Refused:
        return []
    found = []
    for row in csv.reader(io.StringIO(text)):
        path = row[0] if row else ""
        if not path.endswith((".so", ".pyd")) or path.startswith(("/", "..")) or ".." in path.split("/"):
            continue
        parts = path.split("/")
        if all(part.isidentifier() for part in parts[:-1]) and _stem(parts[-1]).isidentifier():
            found.append(".".join([*parts[:-1], _stem(parts[-1])]))
    return found

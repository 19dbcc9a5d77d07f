"""Libraries a test reads the real source of (and runs, for the tracebacks it raises), pinned as
bench/lookup_corpus.py pins them: its `.corpus-libs/` when the bench installed them there, else installed once
(`pip install --no-deps --target`, from source where a wheel is compiled) into the virtual environment's cache.
So these tests run on a fresh clone too, not only where the bench ran."""

import subprocess
import sys
from pathlib import Path

BENCH_LIBS = Path(__file__).resolve().parents[1] / ".corpus-libs"
COMPILED_WHEELS = frozenset({"tomli"})  # mypyc-compiled wheels: their Python source comes from the sdist


def corpus_libs(pin: str, installed_as: str, *needs: str) -> Path:
    """The folder whose `installed_as` (`pyparsing`, `docopt.py`) is `pin` (`pyparsing==3.3.3`), with the pinned
    libraries it imports (`needs`: colander's `translationstring==1.4`) beside it."""
    name, _, version = pin.partition("==")
    wanted = f"{name.replace('-', '_').lower()}-{version}.dist-info"
    if (BENCH_LIBS / installed_as).exists() and any(p.name.lower() == wanted for p in BENCH_LIBS.glob("*.dist-info")):
        return BENCH_LIBS
    target = Path(sys.prefix) / "test-libs" / f"{name}-{version}"
    if not (target / installed_as).exists() or not all(_installed(target, need) for need in needs):
        no_binary = [f"--no-binary={name}"] if name in COMPILED_WHEELS else []
        command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--upgrade", "--target", str(target)]
        subprocess.run([*command, *no_binary, pin, *needs], check=True)
    return target


def _installed(folder: Path, pin: str) -> bool:
    """Whether `pin` (`babel==2.19.0`) is installed in the folder, by its dist-info."""
    name, _, version = pin.partition("==")
    wanted = f"{name.replace('-', '_').lower()}-{version}.dist-info"
    return any(found.name.lower() == wanted for found in folder.glob("*.dist-info"))


def ends_at(error: BaseException) -> tuple[str, int]:
    """(file, line) of the innermost frame of an error's traceback: where a harvest should find its raise."""
    frame = error.__traceback__
    assert frame is not None
    while frame.tb_next is not None:
        frame = frame.tb_next
    return frame.tb_frame.f_code.co_filename, frame.tb_lineno

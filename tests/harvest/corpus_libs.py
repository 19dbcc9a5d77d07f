"""The libraries bench/lookup_corpus.py installs into .corpus-libs, for tests on real code: a library harvested
once per test run, its errors raised by calling it, and the sites a harvest found where each error's traceback
ends. A test that needs a library is skipped until the bench has installed it."""

import functools
import importlib
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from kb.harvest.pipeline.plan import produces
from kb.harvest.pipeline.scan import Scan, scan

CORPUS_LIBS = Path(__file__).resolve().parents[2] / ".corpus-libs"


def installed(package: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(not (CORPUS_LIBS / package).is_dir(), reason=f"bench/lookup_corpus.py installs {package}")


@functools.cache
def harvested(package: str) -> Scan:
    return scan(CORPUS_LIBS / package, prefix=package, progress=False)


def imported(module: str) -> ModuleType:
    """A module of the installed libraries, imported from .corpus-libs."""
    if str(CORPUS_LIBS) not in sys.path:
        sys.path.append(str(CORPUS_LIBS))
    return importlib.import_module(module)


def raised(call: Callable[[], object]) -> BaseException:
    try:
        call()
    except Exception as error:  # whatever the library raises is the error looked at
        return error
    raise AssertionError("nothing was raised")


def found_where_it_ends(package: str, error: BaseException, message: str | None = None) -> list[tuple[str, str]]:
    """(type, signature) of the sites found at the line the error's traceback ends on, inside the package, whose
    type is the error's and whose signature, filled in, is its message (`message`: as the error says it when its
    `str()` wraps it, as a dict of messages does)."""
    inside = [f for f in traceback.extract_tb(error.__traceback__) if f"/{package}/" in f.filename]
    innermost = inside[-1]
    name = type(error).__name__
    return [
        (site.exception_type, site.signature)
        for site in harvested(package).sites
        if innermost.filename.endswith(site.path)
        and site.line == innermost.lineno
        and site.exception_type.rpartition(".")[2] == name
        and produces(site.signature, str(error) if message is None else message)
    ]

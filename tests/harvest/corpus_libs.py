"""Libraries of bench/lookup_corpus.py's corpus, for tests on real code: a library harvested once per test run,
its errors raised by calling it, and the sites a harvest found where each error's traceback ends. Each is the
bench's copy in .corpus-libs when it installed one, else installed once for the tests (`tests.corpus_libs`)."""

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
from tests.corpus_libs import corpus_libs

# The pins of bench/lookup_corpus.py, and what each imports.
PINNED = {
    "colander": ("colander==2.0", "translationstring==1.4", "iso8601==2.1.0"),
    "configobj": ("configobj==5.0.9",),
    "more_itertools": ("more-itertools==11.2.1",),
    "schema": ("schema==0.7.8",),
    "pyrsistent": ("pyrsistent==0.20.0",),
    "sqlglot": ("sqlglot==30.31.0",),
    "glom": ("glom==25.12.0", "boltons==26.2.0", "face==26.0.1"),
    "typeguard": ("typeguard==4.6.1",),
    "voluptuous": ("voluptuous==0.16.0",),
    "liquid": (
        "python-liquid==2.3.6",
        "importlib-resources==7.1.0",
        "python-dateutil==4.0.0",
        "tzdata==2026.6",
        "pytz==2026.6",
        "babel==2.19.0",
    ),
    "cleo": ("cleo==2.1.0", "crashtest==0.4.1"),
}


@functools.cache
def root(package: str) -> Path:
    """The folder the package is installed in."""
    pin, *needs = PINNED[package]
    return corpus_libs(pin, package, *needs)


def installed(package: str) -> pytest.MarkDecorator:
    """A test on `package`'s real code (installed on first use: it runs everywhere, never skipped)."""
    return pytest.mark.skipif(package not in PINNED, reason=f"no pin for {package}")


@functools.cache
def harvested(package: str) -> Scan:
    return scan(root(package) / package, prefix=package, progress=False)


def imported(module: str) -> ModuleType:
    """A module of the installed libraries, imported from the folder its package is installed in."""
    folder = str(root(module.partition(".")[0]))
    if folder not in sys.path:
        sys.path.append(folder)
    return importlib.import_module(module)


def raised(call: Callable[[], object]) -> BaseException:
    try:
        call()
    except Exception as error:  # whatever the library raises is the error looked at
        return error
    raise AssertionError("nothing was raised")


def found_where_it_ends(package: str, error: BaseException, message: str | None = None) -> list[tuple[str, str]]:
    """(type, signature) of the sites found at the line the error's traceback ends on, inside the package, whose
    type is the error's and whose signature, or one of its variants (the entry's other wordings), filled in, is its
    message (`message`: as the error says it when its `str()` wraps it, as a dict of messages does)."""
    inside = [f for f in traceback.extract_tb(error.__traceback__) if f"/{package}/" in f.filename]
    innermost = inside[-1]
    name = type(error).__name__
    return [
        (site.exception_type, site.signature)
        for site in harvested(package).sites
        if innermost.filename.endswith(site.path)
        and site.line == innermost.lineno
        and site.exception_type.rpartition(".")[2] == name
        and any(
            produces(signature, str(error) if message is None else message)
            for signature in (site.signature, *(variant for _message, variant in site.variants))
        )
    ]

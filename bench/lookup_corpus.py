"""Lookup measured on real errors: raise them from installed packages, harvest those packages, look each one up.

    scripts/with-postgres .venv/bin/python bench/lookup_corpus.py [--previous] [--misses FILE] [--half HALF]

bench/corpus/raise_*.py run code against 66 libraries (SPLIT.md: a development half and a held-out half) as users do
(loops over form and serializer fields, validators, model fields, QuerySet misuse, template syntax, click types and
command lines, broken TOML, YAML, JSON5, HOCON and INI files, bad dates, durations, cron lines and locales, grammars and
SQL, schemas and data that fail them, HTTP/1.1 and HTTP/2 events in the wrong state, URLs and retries, usage messages,
caches, iterables of the wrong length, invalid C code, unknown time zones, bad WebSocket frames, persistent collections
misused, glom specs, type-checked calls, textX grammars, ISO 8601 strings, dpath globs, trafarets, attrs classes, invoke
tasks, iCalendar data, email addresses, Velocity templates, queries built with PyPika, ...). Django, DRF, Jinja2, click,
SQLAlchemy, requests, urllib3, cachetools, pycparser, jsonschema and attrs are in .venv (the project's own requirements
and theirs); the other fifty-five are installed pinned into .corpus-libs (PINNED, `--no-deps`, never into .venv), with
the few runtime dependencies of theirs .venv lacks, and put on the raise scripts' PYTHONPATH. Each script records each
error's traceback, its last line, and the raise site the traceback names: the innermost frame inside the package. Only
errors whose site is a `raise` or `assert` statement are scored (a KeyError from a dict lookup has no entry to find).
The same installed source is harvested into a throwaway database (`--commit` = the version), and each error is looked up
twice: the whole traceback (its last 64 KiB, cut at a line, when it is longer: as the client sends it), and its last
line alone (`module.Type: message`). The table gives each library, each group and each half, with what each harvest
skipped as "exception type is computed at run time" and the sites it found without a rebuildable message. A lookup is
right when the expected site is one of its first match's sites (top 1) or of one of its first three (top 3).

The expected site is the innermost frame inside the package, or, when the traceback no longer shows where the
exception was raised (Jinja2 rewrites tracebacks into the template's lines; SQLAlchemy re-raises with the DBAPI
error's traceback), that raise (`origin`, seen by tracing the case as it runs). For the message alone it may also be
the raise of the caught error whose wording the message carries (`wording`: a `raise ValidationError(errors)` that
collects the validators' errors says nothing in its message about itself; the issue counts the entry of the
wording as right). `--innermost-only` scores by the innermost frame alone, as the first version did.

--previous harvests Django 5.1 and DRF 3.15 from their source distributions instead (downloaded with `pip download
--no-binary :all:` into .venv/prev-sdists), and looks up the errors raised by the installed releases: lines move
between releases, so a site is right when its file and function are.

--half development (or held-out) raises, harvests and looks up that half alone: set beside a run of both, it shows
what the other half's entries, harvested into the same database, cost (or gain) it.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment, teardown_test_environment  # noqa: E402

from errorkb.matching.rank import Match  # noqa: E402
from errorkb.redact import redact  # noqa: E402
from kb.harvest import Target, harvest  # noqa: E402
from kb.matching.live import live_index  # noqa: E402
from kb.matching.service import lookup  # noqa: E402

CORPUS = Path(__file__).resolve().parent / "corpus"
# The libraries the project does not depend on, installed pinned (`pip install --no-deps --target`) into a folder
# the bench owns and put on the raise scripts' PYTHONPATH: never into .venv's site-packages, so the project's
# requirements stay as they are and Django is importable once. Versions as the package registry gave them on the
# day each was added (bench/corpus/SPLIT.md).
LIBS = ROOT / ".corpus-libs"
PINNED = [
    "mako==1.4.3",
    "h11==0.16.0",
    "pyyaml==6.0.3",
    "lark==1.3.1",
    "arrow==1.4.0",
    "sortedcontainers==2.4.0",
    "marshmallow==4.4.0",
    "voluptuous==0.16.0",
    "tomlkit==0.15.2",
    "python-dateutil==4.0.0",
    "bidict==0.24.1",
    "cerberus==1.3.8",
    "tzdata==2026.6",  # python-dateutil's and arrow's one dependency not in .venv
    # The third split's held-out half (urllib3 2.8.0 and cachetools 8.0.2 are in .venv already, at those versions).
    "pyparsing==3.3.3",
    "tomli==2.5.0",
    "croniter==7.0.0",
    "docopt==0.6.2",
    "pystache==0.6.8",
    "schema==0.7.8",
    # The fourth split's held-out half, and three of its libraries' own runtime dependencies (not harvested).
    "chevron==0.14.0",
    "plac==1.4.7",
    "rfc3986==2.0.0",
    "parsimonious==0.11.0",
    "configobj==5.0.9",
    "isodate==0.7.2",
    "more-itertools==11.2.1",
    "colander==2.0",
    "regex==2026.12.2",  # parsimonious's
    "translationstring==1.4",  # colander's
    "iso8601==2.1.0",  # colander's
    # The fifth split's held-out half (pycparser 3.12 and jsonschema 4.26.0 are in .venv already, at those versions,
    # with jsonschema's dependencies; wsproto's one dependency, h11, is pinned above).
    "toml==0.10.2",
    "pytz==2026.6",
    "wsproto==1.3.2",
    "argh==0.31.3",
    "pyrsistent==0.20.0",  # a wheel with a C extension: the raise script turns it off (PYRSISTENT_NO_C_EXTENSION)
    "chameleon==4.6.0",
    # The sixth split's held-out half, and its libraries' runtime dependencies that .venv lacks (not harvested; cleo's
    # rapidfuzz, glom's attrs, python-liquid's markupsafe and typeguard's typing_extensions are in .venv already).
    "sqlglot==30.31.0",  # pure Python: its optional Rust tokenizer (sqlglotrs) is not installed
    "json5==0.17.3",
    "babel==2.19.0",
    "h2==4.4.1",
    "cleo==2.1.0",
    "glom==25.12.0",
    "python-liquid==2.3.6",
    "typeguard==4.6.1",
    "hpack==4.2.0",  # h2's
    "hyperframe==6.1.0",  # h2's
    "crashtest==0.4.1",  # cleo's
    "boltons==26.2.0",  # glom's and face's; harvested since the eighth split
    "face==26.0.1",  # glom's
    "importlib-resources==7.1.0",  # python-liquid's
    # The seventh split's held-out half, and its libraries' runtime dependencies that .venv lacks (not harvested;
    # hyperlink's idna is in .venv already). ruamel.yaml is its pure-Python wheel: its C loader is an extra.
    "textx==4.4.0",
    "ruamel.yaml==0.19.1",
    "aniso8601==10.0.1",
    "hyperlink==21.0.0",
    "fire==0.7.1",
    "dpath==2.2.0",
    "genshi==0.7.12",
    "trafaret==2.1.1",
    "arpeggio==2.0.3",  # textX's
    "termcolor==3.3.0",  # fire's
    # The eighth split's held-out half (attrs is in .venv already; boltons is pinned above, as glom's), and its
    # libraries' runtime dependencies that .venv lacks (not harvested; pyhocon's pyparsing, icalendar's
    # python-dateutil and tzdata are pinned above; airspeed's cachetools, email-validator's idna and icalendar's
    # typing_extensions are in .venv). pyhocon is a source distribution alone: pip builds it (pure Python).
    "pyhocon==0.3.63",
    "invoke==3.0.3",
    "icalendar==7.3.0",
    "email-validator==2.4.0",
    "airspeed==0.7.1",
    "pypika==0.51.1",
    "dnspython==2.9.2",  # email-validator's
]
# Built from the source distribution: the registry's wheel for CPython is compiled (mypyc), and a harvest reads
# Python files.
NO_BINARY = ["tomli"]
PREVIOUS = {"django": ("django", "5.1.*"), "rest_framework": ("djangorestframework", "3.15.*")}


@dataclass(frozen=True)
class Library:
    label: str  # as the tables name it, and as the raise scripts' records do
    package: str  # the import package, harvested from its installed source
    full_name: str  # owner/name
    distribution: str
    half: str  # "development" or "held-out" (bench/corpus/SPLIT.md)
    cached: bool = True  # installed into LIBS, not into .venv
    module: bool = False  # one module (`docopt.py`), not a package: the harvest reads that one file
    # More top-level modules of the same distribution (plac is plac.py, plac_core.py, plac_ext.py, plac_tk.py): the
    # harvest reads them all, copied into a folder of their own (the installed folder holds every other library).
    siblings: tuple[str, ...] = ()
    # Where the repository lives, as a harvest names it: a release whose metadata names no GitHub or GitLab project
    # (ruamel.yaml on SourceForge, aniso8601 on Codeberg) is pypi.org's "pypi/<name>", as `harvest --pypi` names it.
    host: str = "github.com"

    @property
    def source(self) -> str:
        """The installed file or folder, as the raise scripts' records name its paths' first part."""
        return f"{self.package}.py" if self.module else self.package

    @property
    def files(self) -> tuple[str, ...]:
        """The installed top-level files of a library made of modules, not a package."""
        return (self.source, *(f"{sibling}.py" for sibling in self.siblings))


LIBRARIES = [
    Library("Django", "django", "django/django", "django", "development", cached=False),
    Library("DRF", "rest_framework", "encode/django-rest-framework", "djangorestframework", "development", False),
    Library("Jinja2", "jinja2", "pallets/jinja", "jinja2", "development", cached=False),
    Library("click", "click", "pallets/click", "click", "development", cached=False),
    Library("SQLAlchemy", "sqlalchemy", "sqlalchemy/sqlalchemy", "sqlalchemy", "development", cached=False),
    Library("requests", "requests", "psf/requests", "requests", "development", cached=False),
    Library("tomlkit", "tomlkit", "python-poetry/tomlkit", "tomlkit", "development"),
    Library("python-dateutil", "dateutil", "dateutil/dateutil", "python-dateutil", "development"),
    Library("bidict", "bidict", "jab/bidict", "bidict", "development"),
    Library("Cerberus", "cerberus", "pyeve/cerberus", "cerberus", "development"),
    Library("Mako", "mako", "sqlalchemy/mako", "mako", "development"),
    Library("h11", "h11", "python-hyper/h11", "h11", "development"),
    Library("PyYAML", "yaml", "yaml/pyyaml", "pyyaml", "development"),
    Library("lark", "lark", "lark-parser/lark", "lark", "development"),
    Library("arrow", "arrow", "arrow-py/arrow", "arrow", "development"),
    Library(
        "sortedcontainers", "sortedcontainers", "grantjenks/python-sortedcontainers", "sortedcontainers", "development"
    ),
    Library("marshmallow", "marshmallow", "marshmallow-code/marshmallow", "marshmallow", "development"),
    Library("voluptuous", "voluptuous", "alecthomas/voluptuous", "voluptuous", "development"),
    Library("pyparsing", "pyparsing", "pyparsing/pyparsing", "pyparsing", "development"),
    Library("tomli", "tomli", "hukkin/tomli", "tomli", "development"),
    Library("croniter", "croniter", "pallets-eco/croniter", "croniter", "development"),
    Library("urllib3", "urllib3", "urllib3/urllib3", "urllib3", "development", cached=False),
    Library("docopt", "docopt", "docopt/docopt", "docopt", "development", module=True),
    Library("cachetools", "cachetools", "tkem/cachetools", "cachetools", "development", cached=False),
    Library("pystache", "pystache", "PennyDreadfulMTG/pystache", "pystache", "development"),
    Library("schema", "schema", "keleshev/schema", "schema", "development"),
    # The fourth split's held-out half, development since the fifth split (SPLIT.md).
    Library("chevron", "chevron", "noahmorrison/chevron", "chevron", "development"),
    Library(
        "plac",
        "plac",
        "ialbert/plac",
        "plac",
        "development",
        module=True,
        siblings=("plac_core", "plac_ext", "plac_tk"),
    ),
    Library("rfc3986", "rfc3986", "python-hyper/rfc3986", "rfc3986", "development"),
    Library("parsimonious", "parsimonious", "erikrose/parsimonious", "parsimonious", "development"),
    Library("configobj", "configobj", "DiffSK/configobj", "configobj", "development"),
    Library("isodate", "isodate", "gweis/isodate", "isodate", "development"),
    Library("more-itertools", "more_itertools", "more-itertools/more-itertools", "more-itertools", "development"),
    Library("colander", "colander", "Pylons/colander", "colander", "development"),
    # The fifth split's held-out half, development since the sixth split (SPLIT.md).
    Library("pycparser", "pycparser", "eliben/pycparser", "pycparser", "development", cached=False),
    Library("toml", "toml", "uiri/toml", "toml", "development"),
    Library("pytz", "pytz", "stub42/pytz", "pytz", "development"),
    Library("wsproto", "wsproto", "python-hyper/wsproto", "wsproto", "development"),
    Library("argh", "argh", "neithere/argh", "argh", "development"),
    Library("pyrsistent", "pyrsistent", "tobgu/pyrsistent", "pyrsistent", "development"),
    Library("Chameleon", "chameleon", "malthe/chameleon", "chameleon", "development"),
    Library("jsonschema", "jsonschema", "python-jsonschema/jsonschema", "jsonschema", "development", cached=False),
    # The sixth split's held-out half, development since the seventh split (SPLIT.md).
    Library("sqlglot", "sqlglot", "tobymao/sqlglot", "sqlglot", "development"),
    Library("json5", "json5", "dpranke/pyjson5", "json5", "development"),
    Library("Babel", "babel", "python-babel/babel", "babel", "development"),
    Library("h2", "h2", "python-hyper/h2", "h2", "development"),
    Library("cleo", "cleo", "python-poetry/cleo", "cleo", "development"),
    Library("glom", "glom", "mahmoud/glom", "glom", "development"),
    Library("python-liquid", "liquid", "jg-rp/liquid", "python-liquid", "development"),
    Library("typeguard", "typeguard", "agronholm/typeguard", "typeguard", "development"),
    # The seventh split's held-out half, development since the eighth split (SPLIT.md). ruamel.yaml is the namespace
    # package ruamel/ holding yaml/ alone.
    Library("textX", "textx", "textX/textX", "textx", "development"),
    Library("ruamel.yaml", "ruamel", "pypi/ruamel-yaml", "ruamel.yaml", "development", host="pypi.org"),
    Library("aniso8601", "aniso8601", "pypi/aniso8601", "aniso8601", "development", host="pypi.org"),
    Library("hyperlink", "hyperlink", "python-hyper/hyperlink", "hyperlink", "development"),
    Library("fire", "fire", "google/python-fire", "fire", "development"),
    Library("dpath", "dpath", "dpath-maintainers/dpath-python", "dpath", "development"),
    Library("Genshi", "genshi", "edgewall/genshi", "genshi", "development"),
    Library("trafaret", "trafaret", "Deepwalker/trafaret", "trafaret", "development"),
    # The eighth split's held-out half (SPLIT.md). attrs is in .venv (a project requirement): its code is the package
    # attr/ (attrs/ re-exports it).
    Library("pyhocon", "pyhocon", "chimpler/pyhocon", "pyhocon", "held-out"),
    Library("attrs", "attr", "python-attrs/attrs", "attrs", "held-out", cached=False),
    Library("invoke", "invoke", "pyinvoke/invoke", "invoke", "held-out"),
    Library("icalendar", "icalendar", "collective/icalendar", "icalendar", "held-out"),
    Library("email-validator", "email_validator", "JoshData/python-email-validator", "email-validator", "held-out"),
    Library("boltons", "boltons", "mahmoud/boltons", "boltons", "held-out"),
    Library("airspeed", "airspeed", "purcell/airspeed", "airspeed", "held-out"),
    Library("PyPika", "pypika", "kayak/pypika", "pypika", "held-out"),
]
GROUPS = {
    "Django + DRF": ("Django", "DRF"),
    "Jinja2, click, SQLAlchemy, requests": ("Jinja2", "click", "SQLAlchemy", "requests"),
    "tomlkit, python-dateutil, bidict, Cerberus": ("tomlkit", "python-dateutil", "bidict", "Cerberus"),
}
PREVIOUS_LABELS = {library.label for library in LIBRARIES if library.package in PREVIOUS}
HALVES = {
    half: tuple(library.label for library in LIBRARIES if library.half == half) for half in ("development", "held-out")
}
# The scripts that raise several libraries' errors; every other library has its own, raise_<package>.py.
SHARED_SCRIPTS = {
    "django": "raise_django.py",
    "rest_framework": "raise_django.py",
    **dict.fromkeys(("jinja2", "click", "sqlalchemy", "requests"), "raise_others.py"),
}
RUNTIME_TYPE = "exception type is computed at run time"


def install_libraries() -> None:
    """The pinned libraries in LIBS, installed once (again when a pin changes)."""
    # As a wheel names its .dist-info folder: "ruamel.yaml==0.19.1" is ruamel_yaml-0.19.1.dist-info.
    wanted = {re.sub(r"[-_.]+", "_", pin.split("==")[0]).lower() + "-" + pin.split("==")[1] for pin in PINNED}
    present = {path.name.removesuffix(".dist-info").lower() for path in LIBS.glob("*.dist-info")}
    if wanted <= present:
        return
    subprocess.run(
        [
            *(sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--upgrade", "--target", str(LIBS)),
            *(f"--no-binary={name}" for name in NO_BINARY),
            *PINNED,
        ],
        check=True,
    )
    # Django, DRF, urllib3, ... come from .venv alone: a second copy on PYTHONPATH would shadow the one the project
    # runs (and the one harvested).
    shadowing = [library.source for library in LIBRARIES if not library.cached and (LIBS / library.source).exists()]
    if shadowing:
        raise SystemExit(f"{LIBS} holds {', '.join(shadowing)}: remove it, each library must be importable once")


def chosen(half: str | None) -> list[Library]:
    """The libraries measured: one half (`--half`) or all."""
    return [library for library in LIBRARIES if half in (None, library.half)]


def scripts(libraries: list[Library]) -> list[str]:
    return list(
        dict.fromkeys(SHARED_SCRIPTS.get(library.package, f"raise_{library.package}.py") for library in libraries)
    )


def raise_corpus(libraries: list[Library]) -> list[dict]:
    records = []
    env = {**os.environ, "PYTHONPATH": str(LIBS)}
    for script in scripts(libraries):
        done = subprocess.run(
            [sys.executable, str(CORPUS / script)],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            check=True,
            env=env,
        )
        records += [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return records


def site_packages() -> Path:
    return Path(django.__file__).resolve().parent.parent


def previous_source(package: str) -> tuple[Path, str]:
    """The unpacked sdist of the previous release of a package, downloaded once."""
    distribution, version = PREVIOUS[package]
    store = ROOT / ".venv" / "prev-sdists"
    store.mkdir(exist_ok=True)
    archives = sorted(store.glob(f"{distribution}-*.tar.gz"))
    if not archives:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--no-binary",
                ":all:",
                f"{distribution}=={version}",
                "-d",
                str(store),
            ],
            check=True,
        )
        archives = sorted(store.glob(f"{distribution}-*.tar.gz"))
    archive = archives[-1]
    unpacked = store / archive.name.removesuffix(".tar.gz")
    if not unpacked.exists():
        with tarfile.open(archive) as tar:
            tar.extractall(store, filter="data")
    return unpacked / package, unpacked.name.rsplit("-", 1)[1]


def modules_folder(library: Library) -> Path:
    """A folder holding a library's top-level modules alone (copied from LIBS, which holds every library): the
    harvest reads them as one repository, their paths as the raise scripts name them (`plac_core.py`)."""
    folder = Path(tempfile.mkdtemp(prefix=f"corpus-{library.package}-"))
    for name in library.files:
        shutil.copyfile(LIBS / name, folder / name)
    return folder


def harvest_all(previous: bool, libraries: list[Library]) -> dict[str, tuple[int, int]]:
    """Harvest every library from the source the errors were raised from; per library, the sites skipped because
    the exception type is computed at run time and those found without a rebuildable message."""
    from importlib.metadata import version

    pins = dict(pin.split("==") for pin in PINNED)
    skipped = {}
    for library in libraries:
        if previous and library.package in PREVIOUS:
            root, commit = previous_source(library.package)
        elif library.siblings:
            root, commit = modules_folder(library), pins[library.distribution]
        elif library.cached:
            root, commit = LIBS / library.source, pins[library.distribution]
        else:
            root, commit = site_packages() / library.source, version(library.distribution)
        owner, name = library.full_name.split("/")
        # A package's paths start with its folder (`yaml/parser.py`), a one-module library's path is its file's.
        prefix = "" if library.module else library.package
        try:
            target = Target(root=root, owner=owner, name=name, commit=commit, prefix=prefix, host=library.host)
            result = harvest(target=target, progress=False)
        finally:
            if library.siblings:
                shutil.rmtree(root)
        runtime = result.scan.skipped[RUNTIME_TYPE]
        signatureless = sum(1 for site in result.scan.sites if not site.signature)
        skipped[library.label] = (runtime, signatureless)
        print(
            f"harvested {library.full_name} {commit}: {len(result.scan.sites)} sites, {result.outcome.new} entries; "
            f"skipped as {RUNTIME_TYPE!r}: {runtime}; without a rebuildable message: {signatureless}"
        )
    live_index.reset()
    return skipped


def right(match: Match, expected: dict, previous: bool, kind: str, innermost_only: bool = False) -> bool:
    """Whether one of the match's sites is the error's raise: the traceback's innermost frame, or where the
    exception itself was raised when the traceback no longer shows it (`origin`); for the message alone, also the
    raise of the wording it carries when it collects or wraps caught errors (`wording`)."""
    wanted = [expected]
    if not innermost_only:
        wanted += [
            expected[key] for key in ("origin", "wording") if key in expected and (kind == "message" or key == "origin")
        ]
    for site in match.sites or match.entry.sites:
        for want in wanted:
            if site.path != want["path"]:
                continue
            if previous:
                if (site.function or "<module>").rsplit(".", 1)[-1] == want["function"]:
                    return True
            elif site.line in (want["line"], want.get("statement")):
                return True
    return False


def score(
    records: list[dict], previous: bool, misses_file: Path | None, innermost_only: bool = False
) -> dict[str, dict[str, int]]:
    figures: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    misses = []
    for record in records:
        row = figures[record["library"]]
        if not record["expected"]["is_raise"]:
            row["not a raise"] += 1
            continue
        row["errors"] += 1
        # By file and function only where an older release was harvested (--previous: Django and DRF).
        loose = previous and record["library"] in PREVIOUS_LABELS
        for kind, text in (("traceback", record["traceback"]), ("message", record["message"])):
            # As the client sends it: a traceback past the 64 KiB a lookup takes loses its start (textX's grammar
            # errors chain arpeggio's recursion), the last exception is kept; a shorter text is sent as it is.
            matches = lookup(redact(text, "none"), limit=3, drafts=True).matches
            top1 = bool(matches) and right(matches[0], record["expected"], loose, kind, innermost_only)
            top3 = any(right(m, record["expected"], loose, kind, innermost_only) for m in matches)
            row[f"{kind} top1"] += top1
            row[f"{kind} top3"] += top3
            row[f"{kind} nothing"] += not matches
            if not top1:
                misses.append(
                    {
                        "kind": kind,
                        "case": record["case"],
                        "library": record["library"],
                        "expected": record["expected"],
                        "text": text[-1500:],
                        "got": [
                            {
                                "type": m.entry.exception_type,
                                "message": m.entry.message[:120],
                                "score": m.score,
                                "sites": [f"{s.path}:{s.line}:{s.function}" for s in (m.sites or m.entry.sites)[:3]],
                            }
                            for m in matches
                        ],
                    }
                )
    if misses_file is not None:
        misses_file.write_text("".join(json.dumps(miss) + "\n" for miss in misses))
    return figures


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def table(
    figures: dict[str, dict[str, int]], skipped: dict[str, tuple[int, int]], libraries: list[Library]
) -> list[str]:
    """Per library (with its half and what its harvest skipped), per group, per half."""
    lines = [
        "| what was looked up | half | errors | whole traceback, top 1 | top 3 | message alone, top 1 | top 3 "
        "| no answer (traceback) | sites skipped: type computed at run time | sites with no rebuildable message |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    half_of = {library.label: library.half for library in libraries}
    groups = {group: labels for group, labels in GROUPS.items() if set(labels) <= set(half_of)}
    halves = {half: labels for half, labels in HALVES.items() if set(labels) <= set(half_of)}
    rows = [(library.label, (library.label,)) for library in libraries]
    rows += list(groups.items()) + [(f"{half} half", labels) for half, labels in halves.items()]
    for label, labels in rows:
        total: dict[str, int] = defaultdict(int)
        for library in labels:
            for key, value in figures.get(library, {}).items():
                total[key] += value
        n = total["errors"]
        of = {half_of[library] for library in labels}
        runtime = sum(skipped.get(library, (0, 0))[0] for library in labels)
        signatureless = sum(skipped.get(library, (0, 0))[1] for library in labels)
        label = f"**{label}**" if len(labels) > 1 else label
        lines.append(
            f"| {label} | {'/'.join(sorted(of))} | {n} | {percent(total['traceback top1'], n)} "
            f"| {percent(total['traceback top3'], n)} | {percent(total['message top1'], n)} "
            f"| {percent(total['message top3'], n)} | {total['traceback nothing']} | {runtime} | {signatureless} |"
        )
    lines.append("")
    lines += [f"{half} half: {', '.join(labels)}." for half, labels in halves.items()]
    lines += [f"{group}: {', '.join(labels)}." for group, labels in groups.items()]
    skipped_errors = sum(row["not a raise"] for row in figures.values())
    lines.append(
        f"\n({skipped_errors} more errors were raised by a line that is not a `raise` or `assert`: not scored.)"
    )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--previous", action="store_true", help="Harvest Django 5.1 and DRF 3.15 instead.")
    parser.add_argument("--misses", type=Path, help="Write every lookup whose first match is wrong here (JSON lines).")
    parser.add_argument(
        "--innermost-only",
        action="store_true",
        help="Score by the traceback's innermost frame alone, as before (no origin, no wording).",
    )
    parser.add_argument(
        "--half",
        choices=("development", "held-out"),
        help="Raise, harvest and look up one half alone (what the other half's entries cost it: compare with all).",
    )
    options = parser.parse_args()
    libraries = chosen(options.half)
    install_libraries()
    records = raise_corpus(libraries)
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        skipped = harvest_all(options.previous, libraries)
        figures = score(records, options.previous, options.misses, options.innermost_only)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()
    print("\n".join(table(figures, skipped, libraries)))


if __name__ == "__main__":
    main()

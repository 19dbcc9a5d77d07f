"""Running one case: the error it raises, its traceback as Python prints it, and the raise site the traceback names.

A case is a callable that should raise. Its record holds the text a user would paste (the whole traceback, and
the last line alone) and the expected site: the innermost frame inside the library's installed source, with
whether that line is a `raise` or `assert` statement (only those can be harvested)."""

import ast
import json
import re
import sys
import sysconfig
import traceback
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from types import FrameType
from typing import Any

# One wording raised with many values ("“x” value must be an integer.") would weigh as much as dozens of other
# errors: at most this many of its messages are kept per site (values, quoted or numbers, left out to compare).
PER_WORDING = 2
VALUES = re.compile(r"'[^'\n]{0,24}+'|\"[^\"\n]{0,24}+\"|“[^”\n]{0,24}+”|\d++")
# Where a raise may be seen by the tracer: every package the benchmark harvests (a DRF field's error may be raised by
# a Django validator).
HARVESTED = (
    "django",
    "rest_framework",
    "jinja2",
    "click",
    "sqlalchemy",
    "requests",
    "tomlkit",
    "dateutil",
    "bidict",
    "cerberus",
    "mako",
    "h11",
    "yaml",
    "lark",
    "arrow",
    "sortedcontainers",
    "marshmallow",
    "voluptuous",
    "pyparsing",
    "tomli",
    "croniter",
    "urllib3",
    "docopt.py",  # one module, not a package: its path's first part is the file
    "cachetools",
    "pystache",
    "schema",
    "chevron",
    "plac.py",  # plac is four top-level modules
    "plac_core.py",
    "plac_ext.py",
    "plac_tk.py",
    "rfc3986",
    "parsimonious",
    "configobj",
    "isodate",
    "more_itertools",
    "colander",
    "pycparser",
    "toml",
    "pytz",
    "wsproto",
    "argh",
    "pyrsistent",
    "chameleon",
    "jsonschema",
    "sqlglot",
    "json5",
    "babel",
    "h2",
    "cleo",
    "glom",
    "liquid",
    "typeguard",
    "textx",
    "ruamel",  # ruamel.yaml: its package is ruamel/yaml
    "aniso8601",
    "hyperlink",
    "fire",
    "dpath",
    "genshi",
    "trafaret",
    "pyhocon",
    "attr",  # attrs: its code is the package attr/ (attrs/ re-exports it)
    "invoke",
    "icalendar",
    "email_validator",
    "boltons",
    "airspeed",
    "pypika",
)
SITE_PACKAGES = Path(sysconfig.get_paths()["purelib"]).resolve()
# Where lookup_corpus.py installs the libraries the project does not depend on (on the scripts' PYTHONPATH).
LIBS = Path(__file__).resolve().parent.parent.parent / ".corpus-libs"
ROOTS = (SITE_PACKAGES, LIBS)


@cache
def raise_lines(path: str) -> dict[int, int]:
    """Every line of the file inside a `raise` or `assert` statement, and the statement's first line (where a
    harvest puts the site; a traceback may name a later line of it, as a failing `assert`'s condition)."""
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return {}
    lines: dict[int, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Raise, ast.Assert)):
            lines.update(dict.fromkeys(range(node.lineno, (node.end_lineno or node.lineno) + 1), node.lineno))
    return lines


def _expected(exc: BaseException, packages: tuple[str, ...]) -> dict | None:
    innermost = None
    for frame in traceback.extract_tb(exc.__traceback__):
        relative = _relative(frame.filename)
        if relative is None:
            continue
        if relative.split("/", 1)[0] in packages:
            innermost = (frame, relative)
    if innermost is None:
        return None
    frame, relative = innermost
    return {
        "path": relative,
        "line": frame.lineno,
        "function": frame.name,
        "is_raise": frame.lineno in raise_lines(frame.filename),
        "statement": raise_lines(frame.filename).get(frame.lineno or 0),
    }


def _texts(exc: BaseException) -> list[str]:
    """How an exception's wording may show inside another's message: its text, and the strings it holds."""
    text = str(exc)
    texts = [text, *re.findall(r"'([^'\n]{8,})'|\"([^\"\n]{8,})\"", text)]
    flat = [t for item in texts for t in ((item,) if isinstance(item, str) else item) if t]
    return [t for t in flat if len(t) >= 8]


class _Raised:
    """Every exception raised in the packages' frames during one case: where it was first raised (a frame's
    first 'exception' event for it is its raise; later ones are its way out)."""

    def __init__(self, packages: tuple[str, ...]) -> None:
        self.packages = packages
        self.sites: dict[int, dict] = {}
        self.order: list[tuple[BaseException, dict]] = []

    def on_call(self, frame: FrameType, event: str, arg: object) -> Callable | None:
        relative = _relative(frame.f_code.co_filename)
        if relative is None or relative.split("/", 1)[0] not in self.packages:
            return None
        frame.f_trace_lines = False
        return self.on_event

    def on_event(self, frame: FrameType, event: str, arg: Any) -> Callable:
        if event == "exception" and id(arg[1]) not in self.sites:
            relative = _relative(frame.f_code.co_filename)
            site = {
                "path": relative,
                "line": frame.f_lineno,
                "function": frame.f_code.co_name,
                "is_raise": frame.f_lineno in raise_lines(frame.f_code.co_filename),
                "statement": raise_lines(frame.f_code.co_filename).get(frame.f_lineno),
            }
            self.sites[id(arg[1])] = site
            self.order.append((arg[1], site))  # kept alive: ids stay unique while the case runs
        return self.on_event

    def wording(self, exc: BaseException, message: str) -> dict | None:
        """The first raised (so the innermost: a collector is raised after what it collects) of the other
        exceptions whose text the message holds."""
        for inner, site in self.order:
            if inner is not exc and site["is_raise"] and any(text in message for text in _texts(inner)):
                return site
        return None


@cache
def _relative(filename: str) -> str | None:
    """The file's path as the harvest names it: inside site-packages or the bench's folder of libraries."""
    path = Path(filename).resolve()
    for root in ROOTS:
        if path.is_relative_to(root):
            return path.relative_to(root).as_posix()
    return None


class Recorder:
    def __init__(self, library: str, packages: tuple[str, ...]) -> None:
        self.library, self.packages = library, packages
        self.seen: set[tuple] = set()
        self.per_wording: dict[tuple[str, int, str], int] = {}
        self.count = 0

    def run(self, case: str, call: Callable[[], object]) -> None:
        raised = _Raised((*self.packages, *HARVESTED))
        sys.settrace(raised.on_call)
        try:
            call()
        # Every kind is a case, SystemExit too: docopt rejects a command line with DocoptExit, a SystemExit whose
        # traceback a program's tests (or a program calling another's main) see.
        except (Exception, SystemExit) as exc:
            sys.settrace(None)
            self._record(case, exc, raised)
        finally:
            sys.settrace(None)

    def run_all(self, cases: Iterable[tuple[str, Callable[[], object]]]) -> None:
        for case, call in cases:
            self.run(case, call)

    def _record(self, case: str, exc: BaseException, raised: "_Raised") -> None:
        expected = _expected(exc, self.packages)
        if expected is None:
            return  # raised by the corpus's own code or the standard library: not the library's error
        last_line = "".join(traceback.format_exception_only(exc)).strip()
        # Where the exception itself was raised, when the traceback no longer shows it (Jinja2 rewrites it into
        # the template's lines, a `raise exc` re-raises a caught one): the traceback's raise is that one.
        origin = raised.sites.get(id(exc))
        if (
            origin is not None
            and origin["is_raise"]
            and (origin["path"], origin["line"]) != (expected["path"], expected["line"])
        ):
            expected["origin"] = origin
        # The message alone carries another error's wording when the exception collects caught ones
        # (`raise ValidationError(errors)`): the first of them, in the message's order, is its wording's raise.
        if (wording := raised.wording(exc, last_line)) is not None:
            expected["wording"] = wording
        key = (expected["path"], expected["line"], last_line)
        if key in self.seen:
            return  # the same error from another input: counted once
        self.seen.add(key)
        wording = (expected["path"], expected["line"], VALUES.sub("", last_line))
        if self.per_wording.get(wording, 0) >= PER_WORDING:
            return
        self.per_wording[wording] = self.per_wording.get(wording, 0) + 1
        self.count += 1
        record = {
            "library": self.library,
            "case": case,
            "type": type(exc).__module__ + "." + type(exc).__qualname__,
            "message": last_line,
            "traceback": "".join(traceback.format_exception(exc)),
            "expected": expected,
        }
        sys.stdout.write(json.dumps(record) + "\n")

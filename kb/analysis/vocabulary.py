"""What errorkb knows of a repository's names: identifiers, command-line flags and file paths, read from an entry's
evidence, the repository's other entries, and (optionally) the harvested source tree. An answer's claims are checked
against it (`kb.analysis.verify`)."""

import builtins
import io
import itertools
import keyword
import re
import sys
import textwrap
import tokenize
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from kb.analysis.constants import Value, values
from kb.analysis.declarations import Declarations
from kb.analysis.facts import Either, Fact, site_facts
from kb.analysis.functions import Functions
from kb.analysis.routes import Reach
from kb.analysis.salvage import fields_of
from kb.harvest.reading.files import Refusals, Refused, read_text, real_root, walk
from kb.models import ErrorEntry, RaiseSite, Repository

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*+")
FLAG = re.compile(r"(?<![\w-])--[A-Za-z0-9][\w-]*+")
# Files whose text may name things: code, docs, configuration. Others count only by their path.
TEXT_SUFFIXES = {".py", ".pyi", ".rst", ".txt", ".md", ".cfg", ".toml", ".ini", ".html", ".json", ".yaml", ".yml"}
LARGEST_TEXT = 1024 * 1024
FILE_NAMED = re.compile(r"(?<![\w/.-])[\w-]++\.(?:py|cfg|toml|ini|txt|rst|md|yaml|yml|json)(?![\w/])")
SKIPPED_DIRS = {"node_modules", "__pycache__"}


def _python_names() -> set[str]:
    """Names any Python answer may use without the repository defining them: builtins, keywords, the standard
    library's modules and the methods of the builtin types."""
    names = {*dir(builtins), *keyword.kwlist, *keyword.softkwlist, *sys.stdlib_module_names, "self", "cls"}
    for kind in (str, bytes, int, float, list, dict, set, tuple, object, BaseException):
        names.update(dir(kind))
    return names


PYTHON_NAMES = frozenset(_python_names())
# Names that anchor no claim: any code has them, so naming one says nothing about this error.
NOT_ANCHORS = frozenset({*keyword.kwlist, *keyword.softkwlist, "self", "cls", "True", "False", "None"})
# English words that are also identifiers somewhere: a sentence that uses one in plain words names nothing by it.
COMMON_WORDS = frozenset(
    "the this that these those you your our their they them its can may will must should would has have had are "
    "was were been being but when then than also only some more most such into onto over under each every other "
    "which what who how why where there here get set use used new old one two all any not out off per via".split()
)
# The words of an identifier (`is_in_memory_db` -> is, in, memory, db; `DatabaseCreation` -> database, creation;
# a run of capitals is one word with the capital after it: linear, no look-ahead after a possessive run).
_IDENTIFIER_WORDS = re.compile(r"[A-Z]?+[a-z]++|[A-Z]++")
_PLAIN_WORD = re.compile(r"[A-Za-z]++")
# Words too general to tie a sentence to one error, whatever code or message holds them.
GENERAL_WORDS = frozenset("with from does done none true false value values error errors raise raised self".split())
# How many distinct words of the error's own message and code a sentence naming nothing needs to be about it.
WORDS_TO_ANCHOR = 2
# What a quoted message leaves out: `...`, `…`, a `{placeholder}`.
ELISION = re.compile(r"\.\.\.|\u2026|\{[^{}\n]{0,80}+\}")
# A private name (one leading underscore, not a dunder) in a message's first LARGEST_MESSAGE characters.
PRIVATE_NAME = re.compile(r"(?<![\w.])_(?!_)[A-Za-z0-9]\w*+")
LARGEST_MESSAGE = 2000


@dataclass
class Vocabulary:
    names: set[str] = field(default_factory=set)
    flags: set[str] = field(default_factory=set)
    # Every path and every tail of one ("django/db/models/base.py", "db/models/base.py", ..., "base.py").
    paths: set[str] = field(default_factory=set)
    base: "Vocabulary | None" = None
    # Identifiers of the code itself (lowercased), not of its prose: a plain word in a sentence anchors the sentence
    # to the evidence only when it is one of these (`strict`, `resize`), never because a doc used the word.
    terms: set[str] = field(default_factory=set)
    # The tree's classes and flag destinations (`read_source`), and what holds at each of the entry's sites.
    declarations: Declarations = field(default_factory=Declarations)
    sites: list[list[Fact | Either]] = field(default_factory=list)
    files_named: set[str] = field(default_factory=set)  # bare file names the tree's text names
    # The strings of the request itself: a code span quoted from them verbatim (a test's `"America/New_York"`, its
    # `self.client.get("/feed/")`) names what the evidence holds, whatever its form.
    quoted: list[str] = field(default_factory=list)
    # The tree's functions by what their bodies name, and the routes the entry's evidence records: call routes.
    functions: Functions = field(default_factory=Functions)
    reach: Reach = field(default_factory=Reach)
    # The request's own field names (`exits_before`): no name of the code, and the reader never sees them.
    fields: set[str] = field(default_factory=set)
    # The names of the entry's own evidence, its related errors' words left out (`entry_vocabulary` sets it).
    own: frozenset[str] | None = None
    own_quoted: int | None = None  # how many of `quoted` are the entry's own (the related errors' come after)
    # The entry's own plain words: those of its message and of its code's identifiers (`memory` of
    # `is_in_memory_db`), at least 4 letters, lowercased (`entry_vocabulary` sets them; never the repository's).
    words: set[str] = field(default_factory=set)
    # The values of the module constants the entry's sites' definitions give (`CSRF_TOKEN_LENGTH`: 64).
    constants: dict[str, Value] = field(default_factory=dict)
    # The private names the error's message names (`_format` of "... must implement the _format() method."): what
    # it tells the user to write, so advice to define one is the user's own code, not the library's internals.
    asked: frozenset[str] = frozenset()
    message: str = ""  # the error's own message (`read_message`)

    @property
    def evidence_names(self) -> frozenset[str] | set[str]:
        """What ties a claim to this raise: the entry's own evidence's names (this vocabulary's, without a base)."""
        return self.own if self.own is not None else self.names

    def read(self, text: str) -> None:
        self.names.update(IDENTIFIER.findall(text))
        self.flags.update(FLAG.findall(text))

    def add_path(self, path: str) -> None:
        parts = [part for part in path.strip().strip("/").split("/") if part not in ("", ".")]
        for start in range(len(parts)):
            self.paths.add("/".join(parts[start:]))
        for part in parts:
            # Module names: `django.db.models.base` names the file django/db/models/base.py.
            self.names.update(IDENTIFIER.findall(part.rsplit(".", 1)[0]))

    def read_code(self, code: str) -> None:
        """Names, and the code's own identifiers as terms (not the words of its strings and comments)."""
        self.read(code)
        self.terms.update(name.lower() for name in code_identifiers(code) if len(name) > 2 and name not in NOT_ANCHORS)
        self.terms.difference_update(COMMON_WORDS)

    def on(self, base: "Vocabulary") -> "Vocabulary":
        """This vocabulary with `base` behind it: an entry's own names over the repository's, without copying."""
        return Vocabulary(
            self.names,
            self.flags,
            self.paths,
            base,
            self.terms,
            base.declarations,
            self.sites,
            self.files_named,
            self.quoted,
            functions=base.functions,
            reach=self.reach,
            own=self.own,
            own_quoted=self.own_quoted,
            fields=self.fields,
            words=self.words,
            constants=self.constants,
            asked=self.asked,
            message=self.message,
        )

    def quotes_own(self, span: str) -> bool:
        """`quotes`, of the entry's own evidence only (not its related errors' messages)."""
        span = span.strip()
        own = self.quoted if self.own_quoted is None else self.quoted[: self.own_quoted]
        return len(span) >= MIN_QUOTED and any(span in text for text in own)

    def quotes_another_message(self, span: str) -> bool:
        """Whether a code span quotes a related error's message, not this one's: "raises `The model ... is
        abstract ...` first" speaks of another raise, and what it claims holds there (round 24, card 01). Each piece
        between the span's elisions (`...`, a `{placeholder}`) is in a related message, and not each in this one's."""
        pieces = [piece.strip() for piece in ELISION.split(span)]
        pieces = [piece for piece in pieces if piece]
        if not pieces or len(" ".join(pieces).split()) < 3 or self.own_quoted is None:
            return False
        related = self.quoted[self.own_quoted :]
        if not any(all(piece in text for piece in pieces) for text in related):
            return False
        return not all(piece in self.message for piece in pieces)

    def quote(self, evidence: object) -> None:
        """Keeps the evidence's strings, for `quotes`, and its field names."""
        self.quoted.extend(_strings(evidence))
        self.fields.update(name for name in fields_of(evidence) if not self._has("names", name))

    def quotes(self, span: str) -> bool:
        """Whether a code span of an answer is a verbatim piece of the request's evidence, long enough to say
        something (a single short word proves nothing)."""
        span = span.strip()
        return len(span) >= MIN_QUOTED and any(span in text for text in self.quoted)

    def knows_name(self, dotted: str) -> bool:
        return all(self._has("names", part) or part in PYTHON_NAMES for part in dotted.split(".") if part)

    def knows_flag(self, flag: str) -> bool:
        """A flag the tree spells out, or one whose destination it declares (`--a-b` for a field `a_b`)."""
        flag = flag.split("=", 1)[0]
        return self._has("flags", flag) or self.declarations.declares_dest(flag.removeprefix("--").replace("-", "_"))

    def wrong_pair(self, dotted: str) -> str:
        """The first `Class.member` of a dotted name whose class (and its ancestors) the tree defines without that
        member; "" when every pair holds or the tree cannot tell."""
        parts = dotted.split(".")
        for owner, member in itertools.pairwise(parts):
            if self.declarations.pair_holds(owner, member) is False:
                return f"{owner}.{member}"
        return ""

    def knows_path(self, path: str) -> bool:
        """A path of the tree (or a tail of one), or a bare file name its text names (`manage.py`)."""
        path = path.strip().removeprefix("./").strip("/")
        return self._has("paths", path) or ("/" not in path and self._has("files_named", path))

    def holds_name(self, dotted: str) -> bool:
        """Whether the evidence itself has the name (a part of it), not only Python: what anchors a claim."""
        return any(len(part) > 1 and part not in NOT_ANCHORS and self._has("names", part) for part in dotted.split("."))

    def knows_term(self, word: str) -> bool:
        return self._has("terms", word.lower())

    def knows_any_term(self, words: Iterable[str]) -> bool:
        lowered = {word.lower() for word in words}
        return not lowered.isdisjoint(self.terms) or (self.base is not None and self.base.knows_any_term(lowered))

    def speaks_of(self, prose: str) -> bool:
        """Whether a sentence that names nothing uses WORDS_TO_ANCHOR distinct words of the entry's own message or
        code ("Avoid cloning the in-memory SQLite database" of `Cloning with start method ...` raised under
        `self.is_in_memory_db(source_database_name)`): it is about this error, in plain words."""
        found: set[str] = set()
        for match in _PLAIN_WORD.finditer(prose[:2000]):
            word = match.group().lower()
            if word in self.words:
                found.add(word)
                if len(found) >= WORDS_TO_ANCHOR:
                    return True
        return False

    def read_message(self, message: str) -> None:
        """The error's own message: its plain words, and the private names it tells the user to write (`asked`)."""
        self.read_words(message, identifiers=False)
        self.message = message
        self.asked = frozenset(PRIVATE_NAME.findall(message[:LARGEST_MESSAGE]))

    def read_words(self, text: str, *, identifiers: bool) -> None:
        """Adds the plain words of a message, or (`identifiers`) of code's identifiers, to `words`."""
        pattern = _IDENTIFIER_WORDS if identifiers else _PLAIN_WORD
        names = code_identifiers(text) if identifiers else [text]
        for name in names:
            for match in pattern.finditer(name):
                word = match.group().lower()
                if len(word) >= 4 and word not in COMMON_WORDS and word not in GENERAL_WORDS:
                    self.words.add(word)

    def _has(self, kind: str, value: str) -> bool:
        return value in getattr(self, kind) or (self.base is not None and self.base._has(kind, value))


MIN_QUOTED = 6


def entry_vocabulary(entry: ErrorEntry, sites: list[RaiseSite]) -> Vocabulary:
    """The names in one entry's own evidence: its message, its sites' code, conditions, callers, tests and docs;
    the terms of its code: the exception, the sites' code, function, parameters, conditions, values and callers,
    the tests' names and code."""
    vocabulary = Vocabulary(reach=Reach(exception=entry.exception_type))
    for text in (entry.exception_type, entry.message, entry.signature):
        vocabulary.read(text)
    vocabulary.read_code(entry.exception_type)
    vocabulary.read_message(entry.message)
    for site in sites:
        vocabulary.sites.append(site_facts(site.evidence))
        vocabulary.reach.add_site(site.function, site.evidence, site.path)
        vocabulary.add_path(site.path)
        for text in (site.function, site.snippet, *_strings(site.evidence)):
            vocabulary.read(text)
        for code in (site.function, site.snippet, *_code_of_site(site.evidence)):
            vocabulary.read_code(code)
            vocabulary.read_words(code, identifiers=True)
    for test in (entry.evidence or {}).get("tests") or []:
        if isinstance(test, dict):
            for key in ("name", "code"):
                if isinstance(test.get(key), str):
                    vocabulary.read_code(test[key])
            for key in ("code", "call", "head"):
                if isinstance(test.get(key), str):
                    vocabulary.reach.tested.update(IDENTIFIER.findall(test[key][:20_000]))
        for caller in (site.evidence or {}).get("callers") or []:
            if isinstance(caller, dict) and isinstance(caller.get("path"), str):
                vocabulary.add_path(caller["path"])
    for text in _strings(entry.evidence):
        vocabulary.read(text)
    for kind in ("tests", "docs"):
        for item in (entry.evidence or {}).get(kind) or []:
            if isinstance(item, dict) and isinstance(item.get("path"), str):
                vocabulary.add_path(item["path"])
    vocabulary.own = frozenset(vocabulary.names)
    vocabulary.constants = values(
        row for site in sites if isinstance(site.evidence, dict) for row in site.evidence.get("definitions") or []
    )
    return vocabulary


def repository_vocabulary(repository: Repository, source: Path | None = None) -> Vocabulary:
    """The names of every entry of the repository (types, sites' files and functions), and with `source` every name,
    flag and file of the harvested tree."""
    vocabulary = Vocabulary()
    for exception_type in ErrorEntry.objects.filter(repository=repository).values_list("exception_type", flat=True):
        vocabulary.read_code(exception_type)
    for path, function in RaiseSite.objects.filter(entry__repository=repository).values_list("path", "function"):
        vocabulary.add_path(path)
        vocabulary.read_code(function)
    if source is not None:
        read_source(vocabulary, source)
    return vocabulary


def read_source(vocabulary: Vocabulary, root: Path, prefix: str = "") -> int:
    """Adds a source tree's paths (also under `prefix`, as the harvest recorded them) and the names in its text
    files; returns how many files it read. Only regular files inside the tree are read, as a harvest reads it
    (`harvest.reading.files`): no link out, no FIFO or device."""
    read = 0
    inside = real_root(root)
    vocabulary.declarations.reader = lambda relative: _read_again(root, inside, relative)
    vocabulary.functions.reader = vocabulary.declarations.reader
    for path in _files(root, inside):
        relative = path.relative_to(root).as_posix()
        vocabulary.add_path(relative)
        if prefix:
            vocabulary.add_path(f"{prefix.strip('/')}/{relative}")
        if path.suffix in TEXT_SUFFIXES:
            try:
                text = read_text(path, root=inside, cap=LARGEST_TEXT)
            except Refused:
                continue
            vocabulary.read(text)
            vocabulary.files_named.update(FILE_NAMED.findall(text))
            if path.suffix == ".py":
                vocabulary.declarations.index(relative, text)
                vocabulary.functions.index(relative, text)
            read += 1
    return read


def _read_again(root: Path, inside: str, relative: str) -> str:
    """A file of the tree read again (as a harvest reads it) when a claim needs its classes parsed."""
    try:
        return read_text(root / relative, root=inside, cap=LARGEST_TEXT)
    except Refused:
        return ""


def _files(root: Path, inside: str) -> Iterator[Path]:
    for directory, dirs, files in walk(root, root=inside, refusals=Refusals()):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in SKIPPED_DIRS]
        for name in files:
            yield directory / name


def code_identifiers(code: str) -> list[str]:
    """The identifiers Python's tokenizer reads in `code`, strings and comments left out; a fragment that stops
    parsing keeps what was read before it."""
    names: list[str] = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(textwrap.dedent(code)).readline):
            if token.type == tokenize.NAME:
                names.append(token.string)
    except (tokenize.TokenError, SyntaxError, ValueError):
        pass
    return names


# The code in a site's evidence (the issue 29 contract's keys beside the first three).
CODE_FIELDS = (
    ("conditions", "code"),
    ("values", "expression"),
    ("callers", "function"),
    ("definitions", "code"),
    ("definitions", "name"),
    ("attributes", "name"),
    ("attributes", "code"),
    ("entry_points", "function"),
    ("switches", "name"),
    ("callee_raises", "function"),
    ("callee_raises", "condition"),
)


def _code_of_site(evidence: object) -> Iterable[str]:
    """The code a site's evidence holds: its conditions' code, its values' expressions, its parameters, the
    function's name and signature, the callers' functions."""
    if not isinstance(evidence, dict):
        return
    for key, field_name in CODE_FIELDS:
        for item in evidence.get(key) or []:
            if isinstance(item, dict) and isinstance(item.get(field_name), str):
                yield item[field_name]
    for parameter in evidence.get("parameters") or []:
        if isinstance(parameter, str):
            yield parameter
    function = evidence.get("function")
    if isinstance(function, dict):
        yield from (function[key] for key in ("name", "signature") if isinstance(function.get(key), str))


def _strings(value: object) -> Iterable[str]:
    """Every string in a JSON value, keys left out."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)

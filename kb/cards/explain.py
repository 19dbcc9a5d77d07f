"""A card's sections written from the evidence harvest read (issue 13, §2): templates, never invention.

Every sentence here is a template filled with what the evidence holds (`RaiseSite.evidence`, `ErrorEntry.evidence`;
formats in docs/entry-format.md); a section the evidence cannot fill is left out, and the card then shows nothing
rather than a guess. Text from the repository goes in through `kb.text.escaping`, escaped or fenced."""

import re
from collections.abc import Sequence
from dataclasses import dataclass

from kb.cards import left_open, never
from kb.cards.called_when import called_only_when
from kb.cards.called_with import called_with
from kb.cards.class_set import ClassSet, class_set
from kb.cards.described import documented_arguments
from kb.cards.documented import documented_raise
from kb.cards.examples import changed_around, how_to_trigger
from kb.cards.links import line_number, place
from kb.cards.operators import operator_shown
from kb.cards.phrasing import aside, paired
from kb.cards.reader import (
    EntryPoint,
    Reader,
    command_path,
    entry_points,
    is_result_check,
    names_in,
    plain_said,
    raising_function,
    reader_of,
    reading_once,
    without_default,
)
from kb.cards.solutions import derive_solutions, example_fix
from kb.cards.truth_table import absorbed, implies, reduced
from kb.cards.unfixed import reads_unfixed_attribute
from kb.models import ErrorEntry, RaiseSite
from kb.text.escaping import as_built, code, plain, sentence

MAX_SITES = 3  # distinct sentences in "What it means"
MAX_ALTERNATES = 2  # other entry points named beside the first ("`filter()` (or `exclude()`)")
MAX_OUTER = 2  # outer tests on the reader's arguments said with the deciding one
MAX_TRIGGER_SITES = 5  # places in "When it happens"; the JSON card's sites list them all
MAX_CALLERS = 3  # entry points and resolved callers in the text; the evidence (and the JSON card) keeps more
MAX_TESTS = 5
MAX_DOCS = 8
# What a subscript, an attribute, an operator or a conversion raises too: a `try` block's calls are not known to
# be what raised it (`hashers[algorithm]` raises the KeyError, not `get_hashers_by_algorithm()`).
_OPERATIONS_RAISE = frozenset(
    "KeyError IndexError LookupError AttributeError TypeError ValueError ZeroDivisionError ArithmeticError "
    "OverflowError StopIteration NameError UnboundLocalError Exception BaseException RecursionError MemoryError "
    "UnicodeError UnicodeDecodeError UnicodeEncodeError AssertionError".split()
)
_IMPORTED = re.compile(r"`([\w.]++)` was raised by importing ((?:`[\w.]++`(?:, )?+)++)")
_FELL_BACK = re.compile(r"`([\w.]++)` was raised by importing `([\w.]++)`, then `([\w.]++)`")
_TRIED = re.compile(r"`([\w.]++)` was raised by ((?:`[\w.]++`(?:, )?+)++)")
_TRIED_ANY = re.compile(r"`([^`]++)` was raised by ((?:`[^`]++`(?:, )?+)++)")
MAX_TRIED = 120  # the calls of a `try` said as code up to this long in all
MIN_QUOTED = 16  # a message's fixed part a paragraph quotes, at least this long, makes it about this error
MAX_VALUE = 80  # a placeholder's value said by a local's definition up to this long
# A documentation line that is only a directive (`.. setting:: X`, `.. class:: C(a)`), an underline, a Markdown
# heading or a name in double backticks alone (a reST heading): possessive repeats, linear on any text.
_OPEN_ROLE = re.compile(r":[\w.-]++:`[^`]*+$")  # a line cut inside an inline role (":attr:`URLField.assume_scheme")
_HEADING_ONLY = re.compile(r"\.\.\s++[\w-]++(?::[\w-]++)*+::.*+|([=\-~^\"'`#*+])\1{2,}+|#++\s.*+|``[\w.]++``|")


def generate_sections(*, entry: ErrorEntry, sites: Sequence[RaiseSite]) -> dict:
    """{"meaning": md, "trigger": md, "situations": md, "how_to_trigger": md, "documentation": md,
    "solutions": [md, ...], "example_fix": md}: only the sections the evidence can fill."""
    evidence = entry.evidence or {}
    tests = [t for t in evidence.get("tests", []) if isinstance(t, dict)]
    docs = [d for d in evidence.get("docs", []) if isinstance(d, dict)]
    with reading_once(), never.tested(bool(tests)):
        own = frozenset((site.path, site.line or 0) for site in sites)  # where this very error (or warning) is raised
        warning = entry.kind == ErrorEntry.Kind.WARNING
        led = [_view(site, own=own, warning=warning) for site in sites if site.evidence]
        # The other sections keep the raising method's own view: its arguments, in the trigger's "reached from"
        # and its placeholders, are its own (a command's method is led by the command in the meaning alone).
        views = [
            _view(view.site, command_first=False, own=own, warning=warning) if view.by_command else view for view in led
        ]
        sections: dict = {
            "meaning": _with_example_said(entry, _meaning(entry, led, docs), tests),
            "trigger": _trigger(entry, views),
            "situations": _situations(entry, views, tests),
            "how_to_trigger": how_to_trigger(entry, tests, sites),
            "documentation": _documentation(entry, views, docs),
            "solutions": derive_solutions(sites, tests=tests, message=entry.message, exception=entry.exception_type),
            "example_fix": example_fix(sites, tests),
        }
    return {name: value for name, value in sections.items() if value}


def _function_name(site: RaiseSite) -> str:
    return str((site.evidence.get("function") or {}).get("name") or site.function)


def _verb(entry: ErrorEntry) -> str:
    return "issued" if entry.kind == ErrorEntry.Kind.WARNING else "raised"


def _conditions(site: RaiseSite) -> list[dict]:
    """Outermost first, as the code reads (harvest lists them innermost first)."""
    return [c for c in reversed(site.evidence.get("conditions") or []) if isinstance(c, dict) and c.get("code")]


@dataclass
class _Site:
    """One site as the reader sees it: its entry point, what its deciding test and its `except` say in their
    words (None: the evidence cannot say it), whether the raise is unconditional."""

    site: RaiseSite
    entry: EntryPoint | None
    alternates: tuple[EntryPoint, ...]  # entry points of the same class handing the same arguments on (`exclude()`)
    reader: Reader
    caught: str | None
    deciding: str | None
    unconditional: bool
    set_by_class: ClassSet | None = None  # what the reader's class did, where the deciding test reads its attribute
    partial: bool = False  # `deciding` says only the enclosing tests on the reader's input, not the raise's own
    by_command: bool = False  # led by the command whose class's method raises it (`_command_first`)
    own: frozenset[tuple[str, int]] = frozenset()  # (path, line) of each site of the entry
    guards: tuple[dict, ...] = ()  # `_near_guards` of the site, innermost first: read once for its view and trigger

    @property
    def function(self) -> str:
        return _function_name(self.site)


def _view(
    site: RaiseSite, *, command_first: bool = True, own: frozenset[tuple[str, int]] = frozenset(), warning: bool = False
) -> _Site:
    evidence = site.evidence or {}
    # A hook (`get_week_format()`) is called BY the raising function, not a way to reach it: never the card's
    # subject ("`get_week_format()` raises this") nor a "reached from"; its advice is the solutions' business.
    points = [point for point in entry_points(evidence, path=site.path) if point.kind != "hook"]
    if never.never(site):
        points = []  # its authors mark the branch as one that should never run: no way in is named (`never`)
    first = _command_first(points, site.path, evidence) if command_first else points
    by_command = bool(points) and first[0] is not points[0]
    points = first
    entry = points[0] if points else None
    reader = reader_of(evidence, entry or raising_function(evidence, site.path))
    conditions = list(reversed(_conditions(site)))  # innermost first
    deciding_row = next((c for c in conditions if c.get("kind") not in ("guard", "except")), None)
    partial = False
    except_row = next((c for c in conditions if c.get("kind") == "except"), None)
    # The early exits just above the raise, in its own block, must not fire either (`if exe.exists(): return`):
    # without them "raises when X" would claim more than the code does.
    guards = _near_guards(site)
    near = list(reversed(guards))
    # The enclosing `if` tests that read the reader's own input (`assume_scheme is None` around `if not
    # settings.FORMS_URLFIELD_ASSUME_HTTPS`): without them "when X" would claim more than the code does. Said only
    # when each can be; otherwise the card says what it said before.
    further = conditions[conditions.index(deciding_row) + 1 :] if deciding_row else []
    further = [row for row in further if row.get("kind") not in ("guard", "except")]
    # An `else` branch's test is as much a conjunct as an `if`'s (`loaders` given, then `app_dirs` set).
    outer = [row for row in further if row.get("kind") in ("if", "else") and _reads_argument(row, reader)]
    if len(outer) > MAX_OUTER:  # those said in the reader's words first: one said as written takes no one's place
        outer = [row for row in outer if reader.condition(row) is not None]
    outer = outer[:MAX_OUTER]
    # A test another one already makes true is said once ("A and (B or A)" is "A"), then the truth table's reduction.
    held = absorbed([*reversed(outer), deciding_row, *near], reader.moved) if deciding_row else []
    deciding = reader.all_of(reduced(held)) if deciding_row else None
    if deciding is None and outer:
        # An enclosing test on what the reader gave, said as written where its words cannot all be the reader's
        # (`data is empty`, rest_framework/fields.py:501): not dropped for the side test it encloses.
        written = [reader.condition(row) or (reader.as_written(row) if row in outer else None) for row in held]
        deciding = " and ".join(map(str, written)) if all(written) and held == reduced(held) else None
    close = deciding is None and near and deciding_row and reader.condition(deciding_row)
    if close:
        deciding, outer = close, []
    # An enclosing test the said ones make true leaves nothing out (`elif len(auth) > 2` under `len(auth) != 1`).
    said_codes = [row.get("code") for row in (deciding_row, *outer)] if deciding_row else []
    unsaid = [row for row in further if row not in outer and not any(implies(c, row.get("code")) for c in said_codes)]
    if deciding and (unsaid or evidence.get("after_try")):
        deciding += ", among other conditions"  # an enclosing test (or a `try` that caught nothing) left unsaid
    hedged = bool(close) or (bool(deciding) and not str(deciding).endswith(" other conditions"))
    owner = entry.function.rpartition(".")[0] if entry is not None else ""
    alternates = tuple(
        point
        for point in points[1:]
        if entry is not None
        and owner
        and point.kind == entry.kind
        and point.arguments == entry.arguments
        and point.function.rpartition(".")[0] == owner
        # "(or `upsert()`)" only where it always gets there (round 13's card 24), or where the card says it may not;
        # never one that calls on only under a test of its own (round 21's card 20: `check_permissions()`)
        and (hedged or not point.exits_before)
        and not point.branched
    )[:MAX_ALTERNATES]
    if hedged:
        checking = [p for p in (entry, *alternates) if p and p.exits_before]
        # A class's name for the raising function (`validator = validate_callable(1)`) is the name the card leads with.
        named = entry.function if entry is not None and entry.bound and entry.bound == _function_name(site) else ""
        deciding = _hedged(str(deciding), site, near, checking, close, own, warning, named=named)
    if deciding is None and deciding_row:
        # The whole test cannot be said: the enclosing tests on what the reader gave (an argument, a flag, a
        # setting) still each hold whenever it is raised (`if self.no_obsolete:` around tests on what `msgattrib`
        # returned): "when the `--no-obsolete` flag is set, among other conditions". Else nothing: what an
        # `except` caught is then not the whole condition.
        given = [
            one
            for row in conditions
            if row.get("kind") in ("if", "else")
            # an `and` said by its parts on what the reader gave (`self.decimal_places is not None and ...`)
            for one in ([row] if _reads_input(row, reader) else reader.parts(row))
            if _reads_input(one, reader)
        ]
        said = reader.all_of(list(reversed(given))) if given else None
        deciding = f"{said}, among other conditions" if said else ""
        partial = bool(said)
    return _Site(
        site=site,
        entry=entry,
        alternates=alternates,
        reader=reader,
        caught=_caught(evidence, except_row, reader) if except_row else None,
        deciding=deciding,
        # A message reading `obj.id` of an `obj` of no fixed type fails first for some values (round 21's card 23).
        unconditional=evidence.get("under_condition") is False and not reads_unfixed_attribute(evidence),
        set_by_class=class_set(site, deciding_row, reader),
        partial=partial,
        by_command=by_command,
        own=own,
        guards=tuple(guards),
    )


def _command_first(points: list[EntryPoint], path: str, evidence: dict | None = None) -> list[EntryPoint]:
    """A method of a management command's own class (`Command.write_po_file`) is no one's to call: the reader ran
    the command. Where the entry points say the command written in the same file reaches the raise, it comes
    first ("Running the `makemessages` command raises this (from `Command.write_po_file`)"). Where they stop at
    public methods of that class short of it (loaddata's `find_fixtures()`, reached through `loaddata()`), the
    command leads only when each of them is a method (or property) of that class and the harvest read the
    command's own `Command.handle` among the raise's callers, or as reaching it through the class's methods
    (`run_by_handle`: the property `fixture_dirs`, four calls down): never a method `handle()` does not call
    (`add_arguments()` also runs for `manage.py help`). A function written inside `Command.handle` (dumpdata's
    `get_objects()`) runs only while the command does: the command the entry points name leads it too."""
    local = bool(points) and points[0].kind == "function" and points[0].function.startswith("Command.handle.")
    if not points or (points[0].kind not in _COMMAND_MEMBERS and not local) or not path or points[0].path != path:
        return points
    command = next((point for point in points[1:] if point.kind == "command" and point.path == path), None)
    if command is None and evidence is not None:
        command = _handle_calls(points, path, evidence)
    if command is None or not points[0].function.startswith("Command."):
        return points
    return [command, *(point for point in points if point is not command)]


# What a `Command` class has that `handle()` may run: its methods, and its properties, which its methods read.
_COMMAND_MEMBERS = frozenset({"method", "property"})


def _handle_calls(points: list[EntryPoint], path: str, evidence: dict) -> EntryPoint | None:
    """The command of the file, where every entry point is a method of its `Command` class and its `handle()` is a
    (not guessed) caller of the raise: then every way in the evidence records goes through running the command."""
    if not command_path(path) or any(
        point.kind not in _COMMAND_MEMBERS or point.path != path or not point.function.startswith("Command.")
        for point in points
    ):
        return None
    callers = [row for row in evidence.get("callers") or [] if isinstance(row, dict)]
    if evidence.get("run_by_handle") is not True and not any(
        row.get("function") == "Command.handle" and row.get("path") == path and row.get("guess") is False
        for row in callers
    ):
        return None
    return EntryPoint(function="Command.handle", kind="command", path=path)


def _hedged(
    deciding: str,
    site: RaiseSite,
    near: list[dict],
    checking: list,
    close: object,
    own: frozenset = frozenset(),
    warning: bool = False,
    *,
    named: str = "",
) -> str:
    """The deciding test with the earlier exits it does not say: the guards just before the raise (`close`), an
    early `return` (or other exit) above on a test not said (round 13's card 12: `if self.ready: return` above `if
    self.loading:`), or one of the entry points `checking` before it calls on (round 18's card 15: `annotate()`
    checks the query before it calls `_annotate()`). Without them "raises this when X" claims more than the code."""
    entries = " or ".join(code(point.function) for point in checking)
    # A raise at a module's top level is in no function: the module is what may raise first.
    named = named or _function_name(site) or str((site.evidence or {}).get("module") or "")
    if close:
        earlier = f" or an earlier one in {entries}" if entries else ""
        alone, other, rest = deciding.partition(", among other conditions")
        hedge = f", unless a check just before the raise in {code(named)}{earlier} exits first"
        return f"{alone}{hedge}{other}{rest}"
    exits = _exits_before(site, near)
    if not checking and exits and _other_errors(site, exits, own):
        # Of a warning, the raises above are errors, not other warnings: "unless it raises an error first".
        other = "an" if warning else "another"
        return f"{deciding}, unless {code(named)} raises {other} error first"
    names = [point.function for point in checking]
    if exits and named not in names:
        names.append(named)
    return (
        f"{deciding}, unless an earlier check in {' or '.join(code(n) for n in names)} exits first"
        if names
        else deciding
    )


def _reads_argument(row: dict, reader: Reader) -> bool:
    """Whether a test reads an argument of the public entry point (what the reader passed)."""
    names = names_in(str(row.get("code") or "")) or []
    said = any(without_default(reader.replacement(name) or "").endswith(" argument") for name in names)
    return said and (reader.condition(row) is not None or reader.as_written(row) is not None)


# How the reader names what they gave: "the `x` argument", "the `--x` flag", "the setting `X`".
_INPUT = re.compile(r"(?: argument| flag| environment variable| setting| argument of `[\w.]++\(\)`)\Z|\Athe setting `")


def _reads_input(row: dict, reader: Reader) -> bool:
    """Whether a test reads what the reader gave the entry point (an argument, a flag, a setting) and can be said.
    Of a command, only what it declares: `options["interactive"]` is no argument a user types (`--noinput` sets it
    false)."""
    names = names_in(str(row.get("code") or "")) or []
    line = row.get("line") if isinstance(row.get("line"), int) else None
    command = reader.entry is not None and reader.entry.kind == "command"
    said = any(
        _INPUT.search(without_default(plain_said(reader.replacement(name, line) or "")))
        and not (command and not reader.switch(name))
        for name in names
    )
    return said and reader.condition(row) is not None


def _exits_before(site: RaiseSite, near: list[dict]) -> list[str]:
    """The lines of the early exits above the raise that the card does not say: each `return` or `raise` of the
    function above the deciding test (a guard further out, one in a loop, a `try`, another branch), and each
    `break` or `continue` that leaves a loop around the raise first, which must not fire for the raise to be
    reached; from evidence harvested before those were recorded, the guards further out than the raise's own
    block."""
    above = site.evidence.get("exits_above")
    if isinstance(above, list):
        rows = [(line, row) for row in _conditions(site) if (line := line_number(row.get("line")))]
        # An exit a loop reaches in an earlier pass (or a `break` past its `else`): no test of the raise rules it out.
        looped = site.evidence.get("exits_looped") or []
        lines = [number for line in above if (number := line_number(line))]
        return [str(line) for line in lines if line in looped or not _said_exit(line, rows, near, lines)]
    return [
        str(line)
        for row in _conditions(site)
        if row.get("kind") == "guard" and row not in near and (line := line_number(row.get("line")))
    ]


def _lines_of(site: RaiseSite, key: str) -> set[str]:
    """The lines an evidence list of line numbers holds (`exits_continue`), as the card shows them."""
    found = site.evidence.get(key)
    return {str(number) for line in found if (number := line_number(line))} if isinstance(found, list) else set()


def _at(numbers: list[str]) -> str:
    return f" (line{'s' if len(numbers) > 1 else ''} {', '.join(numbers)})"


def _other_errors(site: RaiseSite, exits: list[str], own: frozenset[tuple[str, int]]) -> bool:
    """Whether each early exit the card names (`exits`, their lines) raises an error of its own (`exits_raising`,
    `kb.harvest.reading.exits.raising_exits`) and none is a raise of this very error (a site of its entry in the
    same file): then the raise is reached unless another error is raised first (round 27's cards 04, 14, 20:
    `if hasattr(field, "model"): raise ValueError(...)` above the raise, django/db/migrations/state.py:758-764)."""
    raising = site.evidence.get("exits_raising")
    if not isinstance(raising, list) or not exits:
        return False
    mine = {site.line} | {line for path, line in own if path == site.path}
    said = {str(line) for line in raising if isinstance(line, int) and line not in mine}
    return all(line in said for line in exits)


def _said_exit(line: int, rows: list[tuple[int, dict]], near: list[dict], exits: list[int]) -> bool:
    """Whether the exit at `line` is the body of a test the card says: a guard it says (`if password is None:
    return ...` above "is not `None`"), whose body ends at its recorded last line (the `return` of a loop below it
    is not its body: `Signer.unsign`'s `for key in ...: if ...: return value` after `if self.sep not in
    signed_value: raise`, django/core/signing.py:231-236), or an earlier arm of the `if`/`elif` chain the raise is
    in (its test said negated: "has no `.algorithm` attribute and is not `'default'`")."""
    before = [(at, row) for at, row in rows if at < line]
    if not before:
        return False
    at, row = max(before, key=lambda pair: pair[0])
    if row.get("kind") == "else":
        return True
    if row not in near:
        return False
    if isinstance(end := row.get("end"), int) and end >= at:
        return line <= end  # the guard's own body, as the harvest read it
    # Evidence from before a guard's last line was recorded: its first exit only.
    return line == min((exit for exit in exits if exit > at), default=None)


def _near_guards(site: RaiseSite) -> list[dict]:
    """The guards in the raise's own block (before any other test, innermost first): the early exits right above
    it, which a reader needs to know did not fire; those further out only chose the path and are left out, but for
    the ones that test a name the deciding test reads (`if force_insert is False: return ()` above `if not
    isinstance(force_insert, tuple): raise`: without it "not a tuple" claims `False` raises, round 12's card 06).
    A raise under no test but guards is reached only when none of them exits: each is its condition (`if
    self.next_page: return ...` above `raise ImproperlyConfigured(...)`, django/contrib/auth/views.py:60-62)."""
    rows = _conditions(site)
    found = []
    for row in reversed(rows):
        if row.get("kind") != "guard":
            break
        found.append(row)
    if len(found) == len(rows):
        return found
    deciding = next(row for row in reversed(rows) if row.get("kind") != "guard")
    read = set(names_in(str(deciding.get("code") or "")) or [])
    if deciding.get("kind") != "except" and read:
        found += [
            row
            for row in reversed(rows)
            if row.get("kind") == "guard" and row not in found and read & set(names_in(str(row.get("code"))) or [])
        ]
    return found


_LOOKED_UP = re.compile(r"`(KeyError|IndexError|LookupError)` was raised by looking up `([\w.]++)` in `([\w.]++)`")
# `fields.pop(old_name)`: one key popped from a container, neither a call.
_POPPED = re.compile(r"(?<![\w.])((?:[A-Za-z_]\w*+\.)++)pop\(([A-Za-z_]\w*+(?:\.[A-Za-z_]\w*+)*+)\)")
_NOT_FOUND = {
    "KeyError": "`{key}` is not a key of `{container}`",
    "IndexError": "`{key}` is not an index of `{container}`",
    "LookupError": "`{key}` is not found in `{container}`",
}


_PLAIN_NAME = re.compile(r"[A-Za-z_]\w*+")


def _caught(evidence: dict, row: dict, reader: Reader) -> str:
    """An `except E:` branch: what the calls in its `try` raised, and when, as far as the harvest read them; a
    lookup that failed as what was not found, when the reader can say its names; one standard operation that failed as
    the test it made (`harvest.reading.failures`: "`dotted_path` does not contain `'.'`")."""
    failed_words = ""  # what the failed operation found, in the code's names ("`patterns` is not iterable")
    if isinstance(failed := row.get("failed"), dict) and isinstance(failed.get("code"), str):
        # Its names as they were before the statement that failed (`items = iter(items)` never assigned `items`).
        line = failed.get("line") if isinstance(failed.get("line"), int) else row.get("line")
        test = {"code": failed["code"], "sentence": str(failed.get("sentence") or ""), "line": line}
        if said := reader.condition(test):
            return said
        # Kept only where it names no code but plain names: "`hasattr(mod, func_name)` is false" says no more
        # than the call that raised.
        words = str(failed.get("sentence") or "")
        failed_words = words if all(map(_PLAIN_NAME.fullmatch, re.findall(r"`([^`]*+)`", words))) else ""
    raised: list[str] = []
    examples: dict[str, list[str]] = {}  # of a callee that may raise the type otherwise too (`others`)
    for callee in evidence.get("callee_raises") or []:
        if not isinstance(callee, dict) or not callee.get("function") or not callee.get("exception"):
            continue
        head = f"{code(str(callee['function']) + '()')} raised {code(_short(str(callee['exception'])))}"
        message = f"“{plain(str(callee['message']), 160)}”" if callee.get("message") else ""
        because = sentence(str(callee["sentence"])) if callee.get("sentence") else ""
        if callee.get("others") is True:
            # Its own raises are some of the ways, not all (`import_string()` lets a missing module's through).
            if head not in examples:
                examples[head] = []
                raised.append(head)
            if detail := ", when ".join(part for part in (message, because) if part):
                examples[head].append(detail)
            continue
        text = head + (f" ({message})" if message else "") + (f", because {because}" if because else "")
        if text not in raised:
            raised.append(text)
    if raised:
        shown = []
        for text in raised[:2]:
            found = examples.get(text, [])[:2]
            joint = "; or " if any(", when " in detail for detail in found) else " or "  # "or" of a condition
            shown.append(f"{text} (for example {joint.join(found)})" if found else text)
        return " or ".join(shown)
    if fell_back := _FELL_BACK.fullmatch(str(row.get("sentence") or "")):
        first, second = code(fell_back[2]), code(fell_back[3])
        return f"neither {first} nor {second} can be imported (neither is installed, or each fails to import)"
    if imported := _IMPORTED.fullmatch(str(row.get("sentence") or "")):
        modules = re.findall(r"`([\w.]++)`", imported[2])
        return f"importing {' or '.join(code(m) for m in modules)} failed (it is not installed, or fails to import)"
    caught = str(row.get("code") or "").removeprefix("except").strip().rstrip(":")
    caught = caught.split(" as ")[0].strip("() ")
    # The harvest's sentence names the calls of the `try` block: "`ImportError` was raised by `import_module`".
    tried = _TRIED.fullmatch(str(row.get("sentence") or ""))
    calls = re.findall(r"`([\w.]++)`", tried[2]) if tried else []
    if looked := _LOOKED_UP.fullmatch(str(row.get("sentence") or "")):
        error, key, container = looked.groups()
        return _looked_up(reader, error, key, container, row.get("line")) or ""
    if caught and tried and tried[1] == caught and 0 < len(calls) <= 3 and caught not in _OPERATIONS_RAISE:
        called = " or ".join(code(call + "()") for call in calls)
        return f"{called} raised {code(_short(caught))}"
    tried_any = _TRIED_ANY.fullmatch(str(row.get("sentence") or ""))
    if (row.get("by_calls") or row.get("one_call")) and tried_any:
        # The `try` is one statement whose calls alone can raise what is caught (the harvest checked), or one call
        # that raised it as a whole, its arguments read too (`one_call`).
        calls = re.findall(r"`([^`]++)`", tried_any[2])
        types = [_short(name.strip()) for name in caught.split(",") if name.strip()]
        popped = _POPPED.fullmatch(calls[0]) if len(calls) == 1 and types == ["KeyError"] else None
        if popped and (said := _popped(reader, popped[2], popped[1].removesuffix("."), row)):
            return said
        if 0 < len(calls) <= 3 and sum(map(len, calls)) <= MAX_TRIED and types:
            called = " or ".join(code(call if call.endswith(")") else call + "()") for call in calls)
            names = [name for call in calls for name in names_in(call) or [] if name not in reader.parameters]
            where = reader.glosses(
                list(dict.fromkeys(names)), row.get("line") if isinstance(row.get("line"), int) else None
            )
            # Where the reader cannot put its names in words, what failed is still said by what it found (round
            # 32's card 13: "`iter(patterns)` raised `TypeError`", django/urls/resolvers.py:721, Django 5.2.19).
            said = failed_words or f"{called} raised {' or '.join(code(name) for name in types)}"
            return said + aside(where)
    # "its `try` block raised `KeyError`" tells the reader nothing the code does not (review round 4, card 07).
    return ""


def _looked_up(reader: Reader, error: str, key: str, container: str, line: object) -> str | None:
    """ "`key` is not a key of `container`", read at `line` in the reader's names; None where a name cannot be
    said."""
    said = _NOT_FOUND[error].format(key=key, container=container)
    return reader.condition({"code": f"{key} not in {container}", "sentence": said, "line": line})


def _popped(reader: Reader, key: str, container: str, row: dict) -> str | None:
    """`found = fields.pop(old_name)` alone in a `try` whose `except KeyError` raises: a mapping's `pop` of one key
    fails only when the key is absent, "`old_name` is not a key of `fields`". The `pop` changes `fields` itself:
    the container is read as it was just before, at the one change the harvest saw between its definition and the
    `except` (the `pop`); with more than one, which value it had is not known and nothing is said."""
    line = row.get("line")
    if not isinstance(line, int):
        return None
    root = container.partition(".")[0]
    changes = [number for number in reader.changed.get(root, []) if number < line]
    if len(changes) > 1:
        return None
    # In a loop the `pop` runs again on what earlier rounds left (`for name in names: fields.pop(name)` fails on a
    # name given twice): the container is its definition only where it is defined anew after the loop starts.
    popped = changes[0] if changes else line
    loop = min((number for number in reader.loop_lines() if number <= popped), default=None)
    if loop is not None and not any(loop < number < popped for number, _ in reader.definitions.get(root, [])):
        return None
    return _looked_up(reader, "KeyError", key, container, changes[0] if changes else line)


def _short(exception: str) -> str:
    return exception.rpartition(".")[2] or exception


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _commit(entry: ErrorEntry, site: RaiseSite | None = None) -> str:
    return (site.commit if site is not None else "") or entry.analysed_commit


def _meaning(entry: ErrorEntry, views: Sequence[_Site], docs: list[dict]) -> str:
    """Who raises it and when, in the reader's terms: the public entry point, the deciding test with what each name
    in it stands for, what an `except` caught; each distinct sentence once; the entry point's docstring and the
    documentation's paragraph. Says less (never code, never a bare local) where the evidence does."""
    sentences: list[str] = []
    each = [_said(entry, view) for view in views]
    for said in each:
        if said and said not in sentences:
            sentences.append(said)
    for view in views:
        handled = _handled(view.site)
        if handled and handled not in sentences:
            sentences.append(handled)
    for view in views:
        for kept in _kept_by(view.site):
            if kept not in sentences:
                sentences.append(kept)
    # Where the card says anything else, a place said bare ("`X` is raised in `_check_token`.") only names an
    # internal: it stands in for nothing then (round 36's card 03 had nothing else).
    placed = {_placed(entry, view) for view in views if view.caught != ""}
    sentences = [said for said in sentences if said not in placed] or sentences
    if not sentences:
        return ""
    shown = sentences[:MAX_SITES]
    # The same subject again ("`f()` raises this when A. `f()` raises this when B."): "It is also raised when B."
    subject = shown[0].split(" when ", 1)[0]
    # "`f()` raises this." after "`f()` raises this when A." says nothing more: its condition is unsaid.
    unsaid = [said for said in shown[1:] if said == f"{subject}." and " when " in shown[0]]
    shown = [said for said in shown if said not in unsaid]

    def said_as_one(joined: list[str]) -> str:
        return joined[0] + "".join(
            f" It is also {_verb(entry)} when {said.split(' when ', 1)[1]}"
            if said.split(" when ", 1)[0] == subject and " when " in said
            else f" {said}"
            for said in joined[1:]
        )

    joined = _from_together(shown, entry)
    # A sentence left to its twin with a condition: the other place is still raised under tests not said here.
    left = any(said not in joined and " or `" not in " ".join(joined) for said in shown)
    together = _together(joined, entry)  # the counts below are of the sentences before they are said as one
    text = said_as_one(_alike(together, entry))
    # Each place's condition, said whole or not: the documentation of the argument it reads is still about it.
    whole = said_as_one(together)
    if (left or any(said not in shown for said in each)) and any(" when " in said for said in shown):
        # One site's test must not read as the only way: the others are raised under tests not said here.
        text += f" It is also {_verb(entry)} in other cases ({len(views)} places in all)."
    elif len(views) > len(shown):
        text += f" It is {_verb(entry)} at {len(views)} places in all."
    # The documentation's word on the argument the test reads: what the reader passed, and often why it is refused.
    tested = [(view.site, view.entry, view.deciding) for view in views if view.deciding and _says(view, whole)]
    if described := documented_arguments(entry, tested):
        text += f" {described}"
    noted = next(
        (view for view in views if isinstance(view.site.evidence.get("comment"), str) and not never.never(view.site)),
        None,
    )
    if noted is not None and (said := plain(str(noted.site.evidence["comment"]), 400)):
        # The author's note beside the check: often why the library refuses (issue 29, round 6's D1). Beside one
        # of several places, it says which: a note on one check must not read as said of them all.
        where = (
            "it"
            if len(views) == 1
            else f"the raise at {place(entry, noted.site.path, noted.site.line, _commit(entry, noted.site))}"
        )
        text += f" A comment beside {where} in the code says: “{said}”" + (
            "" if said.endswith((".", "!", "?")) else "."
        )
    # A setter's or deleter's entry point is the property's getter by name: its docstring is the getter's.
    docstring_of = ""  # whose docstring "is documented as" quotes, as named there
    documented = next(
        (
            view.entry
            for view in views
            if view.entry is not None
            and view.entry.doc.strip()
            and view.site.evidence.get("every_call") not in ("assign", "delete")
        ),
        None,
    )
    if documented is not None:
        # A property's docstring is the attribute's: "`X.y` is documented as", not "Reading `X.y` is documented as".
        # A method Python runs for an operation is documented under its own name: "`X.__get__()` is documented as".
        named = (
            code(documented.function)
            if documented.kind in ("property", "deleter")
            else code(documented.call())
            if documented.kind == "method" and operator_shown(documented.function)
            else documented.shown()
        )
        text += f" {_capital(named)} is documented as: “{as_built(documented.doc, 300)}”"
        docstring_of = named
    elif method := next((view for view in views if view.by_command and _docstring(view.site)), None):
        # Led by the command, the method of its class that raises it keeps its own word ("Create or update the PO
        # file for self.domain and `locale`."); a property's as the attribute (loaddata's `Command.fixture_dirs`).
        read = method.site.evidence.get("accessor") in _ACCESS
        named = code(method.function if read else method.function + "()")
        text += f" {named} is documented as: “{as_built(_docstring(method.site), 300)}”"
    if quoted := documented_raise(entry, [(view.site, view.entry) for view in views], text):
        # Right after "`f()` is documented as: ...", the same function's docstring is not named again.
        text += f" {_same_docstring(quoted, docstring_of)}"
    if rule := _doc_rule(views, text):
        text += f" {rule}"
    # A paragraph that only defines the exception's class ("ImproperlyConfigured is raised when Django is somehow
    # improperly configured") is the same on every card of that class: it stays in the documentation section.
    if paragraph := next((d for d in docs if _specific(entry, views, d)), None):
        where = place(entry, str(paragraph.get("path", "")), paragraph.get("line"), entry.analysed_commit)
        text += f"\n\nThe documentation ({where}) says: “{as_built(str(paragraph['paragraph']), 500)}”"
    elif isinstance(ruled := (entry.evidence or {}).get("rule_docs"), dict) and isinstance(ruled.get("said"), str):
        # The documentation's sentence on the arguments the test reads (round 20's card 01: "It is an error to
        # pass both ``db_constraint`` and ``through``."), when no paragraph about the error is quoted.
        where = place(entry, str(ruled.get("path", "")), ruled.get("line"), entry.analysed_commit)
        text += f" The documentation ({where}) says: “{as_built(ruled['said'], 300)}”"
    return paired(text)  # last: the rules above read conditions by their words


def _same_docstring(quoted: str, named: str) -> str:
    """ "The docstring of `f()` says of `X`: ..." after "`f()` is documented as: ...": "The same docstring says of
    `X`: ..." (round 31's sample card 06 named `AdminSite.unregister()` three times in three sentences)."""
    lead = f"The docstring of {named} says of "
    return f"The same docstring says of {quoted.removeprefix(lead)}" if named and quoted.startswith(lead) else quoted


# A sentence with more in it than who raises it: "(from `f`)", a lead ("The `X` class sets `y`: calling `X()` ..."),
# a clause ("...; until one does, it raises this"), a second sentence.
_NOT_BARE = ("(from ", ": ", ";", ", ", ". ")


def _together(shown: list[str], entry: ErrorEntry) -> list[str]:
    """Sentences that name only who raises it ("`A()` raises this. `B()` raises this.", round 27's card 15) said as
    one, in place of the first: "`A()` and `B()` raise this." A sentence with a condition or a "(from ...)" stays."""
    verb = _verb_of(entry)
    ending = f" {verb} this."
    bare = [
        said
        for said in shown
        if said.endswith(ending) and " when " not in said and not any(mark in said for mark in _NOT_BARE)
    ]
    if len(bare) < 2:
        return shown
    subjects = [said.removesuffix(ending) for said in bare]
    subjects = [subjects[0], *(_lower_first(subject) for subject in subjects[1:])]
    named = ", ".join(subjects[:-1]) + f" and {subjects[-1]}"
    merged = f"{named} {verb.removesuffix('s')} this."  # "raise", "issue"
    first = shown.index(bare[0])
    return [*shown[:first], merged, *(said for said in shown[first + 1 :] if said not in bare)]


def _from_together(shown: list[str], entry: ErrorEntry) -> list[str]:
    """ "`parse()` raises this (from `f`). `parse()` raises this (from `g`)." said once, in place of the first:
    "`parse()` raises this (from `f` or `g`)." (cssselect's `parse()` reaches two raises of one message); one
    said again with a condition ("... (from `f`) when A.") is left to that one."""
    verb = _verb_of(entry)
    pattern = re.compile(rf"(.+?) {verb} this \(from (`[\w.]++`)\)\.")
    mark = f" {verb} this (from `"  # most sentences have none: the pattern's lazy scan is not run on them
    found = [(said, matched) for said in shown if mark in said and (matched := pattern.fullmatch(said))]
    # One said with its condition too ("... (from `f`) when A."): the bare one says nothing more.
    conditioned = [said for said in shown if said not in {f for f, _ in found}]
    said_too = [f for f, _ in found if any(other.startswith(f"{f[:-1]} when ") for other in conditioned)]
    shown = [said for said in shown if said not in said_too]
    found = [(said, matched) for said, matched in found if said not in said_too]
    if len(found) < 2 or len({matched[1] for _, matched in found}) > 1:
        return shown
    merged = f"{found[0][1][1]} {verb} this (from {' or '.join(dict.fromkeys(m[2] for _, m in found))})."
    first = shown.index(found[0][0])
    joined = {said for said, _ in found}
    return [*shown[:first], merged, *(said for said in shown[first + 1 :] if said not in joined)]


_COMMAND = re.compile(r"Running the (`[\w-]++`) command")  # `_acting`'s words for a management command


def _alike(said: list[str], entry: ErrorEntry) -> list[str]:
    """The sentences of "What it means" after the first, each who raises it and when: one with the first's very
    condition joins its subject ("`RequestFactory.get()` and `RequestFactory.head()` raise this when ..."); one with
    a condition of its own is named after the first, its condition left to "When it happens" ("Running the
    `optimizemigration` or `sqlmigrate` command also raises this", round 31's card 07: three long sentences, one a
    place). The first way in is said whole; a sentence of any other shape stays as it is."""
    verb = _verb_of(entry)
    parts = [_subject_and_condition(sentence, verb) for sentence in said]
    if not said or parts[0] is None:
        return said
    first, tail = parts[0]
    same: list[str] = []
    named: list[str] = []
    own: list[str] = []  # the first's subject again: "It is also raised when ...", said right after it
    kept: list[str] = []
    for other, part in zip(said[1:], parts[1:], strict=True):
        if part is not None and part[0] == first:
            own.append(other)
        elif part is None:  # another shape
            kept.append(other)
        elif part[1] == tail:
            same.append(part[0])
        else:
            named.append(part[0])
    if not same and not named:
        return said
    lead = said[0]  # then what else the first raises it on, then the others named, then the rest as they were
    if same:
        subjects = [first, *(_lower_first(subject) for subject in same)]
        lead = f"{', '.join(subjects[:-1])} and {subjects[-1]} {verb.removesuffix('s')} this{tail}"
    if named:
        named = list(dict.fromkeys(named))  # two places in one function: "`f()` also raises this", not `f()` twice
        commands = [matched[1] for subject in named if (matched := _COMMAND.fullmatch(subject))]
        if len(commands) == len(named):
            listed = commands[0] if len(commands) == 1 else f"{', '.join(commands[:-1])} or {commands[-1]}"
            also = f"Running the {listed} command also {verb} this."
        elif len(named) == 1:
            also = f"{named[0]} also {verb} this."
        else:
            names = [named[0], *(_lower_first(subject) for subject in named[1:])]
            also = f"{', '.join(names[:-1])} and {names[-1]} also {verb.removesuffix('s')} this."
        kept.insert(0, also)
    return [lead, *own, *kept]


def _subject_and_condition(sentence: str, verb: str) -> tuple[str, str] | None:
    """ "`f()` raises this (from `g`) when A." as ("`f()`", " (from `g`) when A."): who raises it, and the rest; None
    for a sentence of any other shape (a lead before a colon, a second sentence, no condition)."""
    subject, found, rest = sentence.partition(f" {verb} this")
    if not found or not subject or any(mark in subject for mark in (": ", ";", ". ", ", ")):
        return None
    if rest.startswith(" (from `"):
        close = rest.find("`)", 8)
        if close < 0:
            return None
        after = rest[close + 2 :]
    else:
        after = rest
    if not after.startswith(" when ") or not after.endswith(".") or ". " in after:
        return None
    return subject, rest


def _lower_first(text: str) -> str:
    """ "Reading `X.y`" after another subject: "reading `X.y`"; a name in backticks stays as it is."""
    return text[:1].lower() + text[1:] if text[:1].isalpha() else text


def _docstring(site: RaiseSite) -> str:
    recorded = site.evidence.get("function")
    return str(recorded.get("doc") or "").strip() if isinstance(recorded, dict) else ""


def _says(view: _Site, text: str) -> bool:
    """Whether the meaning `text` says the site's condition: as it is, or by what the reader's class did."""
    if view.deciding and view.deciding in text:
        return True
    if view.set_by_class and view.set_by_class.lead in text:
        return True
    defaults = view.site.evidence.get("defaults")
    return bool(
        view.entry and (said := called_with(view.entry, view.function, view.deciding, defaults)) and said in text
    )


def _doc_rule(views: Sequence[_Site], shown: str) -> str:
    """The paragraph of the raising function's docstring that names what its conditions read (`doc_rule`, round
    20's card 20: `_check_single_instance`'s account of a multiple update), unless the card quotes it already."""
    for view in views:
        said = view.site.evidence.get("doc_rule")
        if not isinstance(said, str) or not (said := as_built(said, 400)):
            continue
        if " ".join(said.split())[:80] in " ".join(shown.split()):
            continue
        function = _function_name(view.site)
        own = view.entry is not None and view.entry.is_function(function)
        name = view.entry.shown() if own and view.entry is not None else code(f"{function}()")
        return f"The docstring of {name} says: “{said}”" + ("" if said.endswith((".", "!", "?", "…")) else ".")
    return ""


def _with_example_said(entry: ErrorEntry, meaning: str, tests: list[dict]) -> str:
    """The meaning, then the sentence of the documentation that introduces an example of this error ("If you pass
    an invalid version string you will get a ValueError"): the library's own words for what the user did. Not when
    the meaning quotes a paragraph of the documentation already."""
    example = next((t for t in tests if isinstance(t.get("said"), str) and t["said"].strip()), None)
    if example is None or "The documentation (" in meaning:
        return meaning
    where = place(entry, str(example.get("path", "")), example.get("line"), entry.analysed_commit)
    said = as_built(str(example["said"]), 300)
    text = f"The documentation ({where}) shows it in an example, after: “{said}”" + ("" if said.endswith(".") else ".")
    return f"{meaning}\n\n{text}" if meaning else text


def _specific(entry: ErrorEntry, views: Sequence[_Site], doc: dict) -> bool:
    """A paragraph that speaks of this error: not one that only defines its exception's class without naming a
    function that raises it."""
    said = str(doc.get("paragraph") or "")
    if not said.strip():
        return False
    if str(doc.get("term") or "") not in (_short(entry.exception_type), entry.exception_type):
        return True
    names = {view.function for view in views} | {view.entry.function for view in views if view.entry is not None}
    parts = {part for name in names for part in _own_names(name) if part and not part.startswith("_")}
    parts = {part for part in parts if part[:1].isupper() or "_" in part or len(part) >= 8}  # not `path`, `get`
    if any(re.search(rf"\b{re.escape(part)}\b", said) for part in parts):
        return True
    # Or it quotes the message: its longest fixed part, long enough to be this message's own words.
    fixed = max(re.split(r"\{[^{}]*+\}", entry.message), key=len).strip()
    return len(fixed) >= MIN_QUOTED and fixed.casefold() in said.casefold()


def _own_names(name: str) -> list[str]:
    """The names of `name` a paragraph must use to be about it: a method's class (`HStoreField`, not `to_python`,
    which every field has: a model field's advice is not a form field's), a module function's own name."""
    parts = name.split(".")
    classes = [part for part in parts[:-1] if part[:1].isupper()]
    return classes or parts[-1:]


_ACCESSOR_KINDS = ("method", "setter", "property", "deleter")  # entry points a property's accessor may be
_ACCESS = {"read": "Reading", "first read": "Reading", "assign": "Assigning to", "delete": "Deleting"}
_ACCESSED = {"read": "read", "first read": "read", "assign": "assigned to", "delete": "deleted"}
# A cached property's getter runs once per object.
_EVERY = {"first read": "the first time on each object (a cached property)"}


def _override(site: RaiseSite) -> str:
    """ "the object's class defines its own `m()` (...)" for a raise reached only past a call to a method its class
    leaves to subclasses (`needs_override`); "" otherwise."""
    found = site.evidence.get("needs_override")
    if (
        not isinstance(found, dict)
        or not isinstance(found.get("method"), str)
        or not isinstance(found.get("class"), str)
    ):
        return ""
    method = found["method"]
    return (
        f"the object's class defines its own {code(method + '()')} ({code(found['class'] + '.' + method + '()')} raises"
        " `NotImplementedError`)"
    )


_ATTRIBUTE_ASKED = re.compile(r"\A(\w++) == ['\"]([A-Za-z_]\w*+)['\"]")


def _read_from_module(entry: ErrorEntry, view: _Site) -> str:
    """A module's `__getattr__` (PEP 562) runs when a reader reads a name the module does not define: "Reading
    `itsdangerous.__version__` issues this." where its deciding test compares the name with one literal."""
    module = view.site.evidence.get("module")
    row = next((c for c in reversed(_conditions(view.site)) if c.get("kind") not in ("guard",)), None)
    asked = _ATTRIBUTE_ASKED.fullmatch(str(row.get("code") or "")) if row else None
    parameters = view.site.evidence.get("parameters") or []
    if view.function != "__getattr__" or not isinstance(module, str) or not asked or asked[1] not in parameters:
        return ""
    verb = _verb_of(entry)
    return f"Reading {code(f'{module}.{asked[2]}')} {verb} this: the module's `__getattr__` handles that name."


def _said(entry: ErrorEntry, view: _Site) -> str:
    if found := never.never(view.site):
        return never.meaning(entry, view.site, found)
    if read := _read_from_module(entry, view):
        return read
    if view.unconditional and (found := left_open.opened(view.site)):
        return left_open.meaning(found)
    when = " and ".join(part for part in (view.caught, view.deciding, _override(view.site)) if part)
    if view.caught and (view.deciding == "" or (view.deciding is None and _more_than_caught(view.site))):
        when += ", among other conditions"
    if view.caught == "":
        when = ""  # an `except` the card cannot say: the other tests alone would claim more than the code does
    lead = view.set_by_class
    if (
        lead is not None
        and not view.caught
        and when.startswith(lead.said)
        and not view.site.evidence.get("caught_here")
    ):
        # What the reader's class did comes first, and stands for the test it meets (never said twice); the rest
        # of the condition (", unless an earlier check ... exits first") stays with the raise.
        rest = when[len(lead.said) :]
        if not rest or rest.startswith(", "):
            if led := _led(entry, view, rest):
                return f"{lead.lead}: {led}"
        return f"{lead.lead}. {_said_plain(entry, view, when)}"
    return _said_plain(entry, view, when)


def _more_than_caught(site: RaiseSite) -> bool:
    """Whether a test inside the raise's `except` decides it too (a guard of its handler: `if self.allow_null:
    return None`): "raises this when `f(x)` raised `KeyError`" alone would then claim more than the code does
    (rest_framework/fields.py:445-465, DRF 3.18.3). The tests before the `try` are the way there, as for any test."""
    rows = _conditions(site)
    caught = [line for row in rows if row.get("kind") == "except" and (line := line_number(row.get("line")))]
    return bool(caught) and any((line_number(row.get("line")) or 0) > caught[-1] for row in rows)


def _led(entry: ErrorEntry, view: _Site, rest: str) -> str:
    """Who raises it, after the lead that says the condition: "`f()` raises this", with what is left of the condition
    (`rest`: "" or ", unless an earlier check ... exits first")."""
    if view.entry is not None:
        text = _raiser(entry, view, view.entry)
        if view.entry.branched and "other conditions" not in rest:
            rest += ", among other conditions"  # its own call on the way is under a test the card does not say
        return f"{text[:1].lower() if text[:1].isalpha() else text[:1]}{text[1:]}{rest}."  # "…: calling `X()` …"
    if view.function:
        return f"{code(entry.exception_type)} is {_verb(entry)} in {code(view.function)}{rest}."
    return ""


def _verb_of(entry: ErrorEntry) -> str:
    return "issues" if entry.kind == ErrorEntry.Kind.WARNING else "raises"


def _raiser(entry: ErrorEntry, view: _Site, point: EntryPoint) -> str:
    """ "Calling `X()` (or `Y()`) raises this (from `f`)": the entry point that raises it, as the reader names it."""
    alternates = f" (or {', '.join(other.shown() for other in view.alternates)})" if view.alternates else ""
    text = f"{_acting(point, view.site.evidence)}{alternates} {_verb_of(entry)} this"
    if not point.stands_for(view.function):
        text += f" (from {code(view.function)})"
    return text


def _said_plain(entry: ErrorEntry, view: _Site, when: str) -> str:
    if isinstance(caught := view.site.evidence.get("caught_here"), dict) and view.function:
        # Raised in a `try` whose own handler keeps it (round 7's card 08): "`f()` raises this" would be false.
        number = line_number(caught.get("line"))
        own = code(view.function + "()")
        text = f"{own} raises this and catches it itself{f' (line {number})' if number else ''}: the error does not "
        text += f"leave {own} as an exception."
        return text + (f" It is raised there when {when}." if when else "")
    if view.entry is not None:
        verb, text = _verb_of(entry), _raiser(entry, view, view.entry)
        if when and view.entry.branched and "other conditions" not in when:
            when += ", among other conditions"  # its own call on the way is under a test the card does not say
        # "`f()` was called with ..." is said of the raise's own test: an enclosing one alone keeps its "among other
        # conditions" (`Count()` is given a `filter` on every call that raises this, and on many that do not).
        simple = view.caught is None and not view.alternates and not _override(view.site) and not view.partial
        if simple and text.startswith("Calling "):
            if called := called_with(view.entry, view.function, view.deciding, view.site.evidence.get("defaults")):
                return called  # what the reader's call was given, in place of its test
        if when:
            return f"{text} when {when}."
        every = view.site.evidence.get("every_call") if view.entry.is_function(view.function) else None
        if view.unconditional and every in _ACCESS and view.entry.kind in _ACCESSOR_KINDS:
            return f"{_ACCESS[every]} {code(view.entry.function)} {verb} this, {_EVERY.get(every, 'every time')}."
        if view.unconditional and every:
            # Of the function itself only: an alternate entry point (`build_field()`) calls it on some paths.
            # "Iterating over …, every time" (an `__iter__`, a generator)
            read = view.entry.kind in _ACCESSOR_KINDS[1:]  # "Reading `X` raises this every time", not "… called"
            called = "" if operator_shown(view.entry.function) or view.entry.generator or read else " it is called"
            if view.entry.generator in _WITH:
                called = " it is entered"
            return f"{_acting(view.entry)} {verb} this every time{called}."
        if view.unconditional and (matched := _none_matched(view.site, line=False)):
            # Under no test but the loop above it, which returns on the first item that meets its own. Another exit
            # above (`if not strict:` over a second loop that returns, django/utils/translation/trans_real.py:519)
            # may end the call first: then the loop's test is one condition of several.
            others = view.entry.branched or _exits_besides_the_loop(view.site)
            return f"{text} when {matched}" + (", among other conditions." if others else ".")
        return f"{text} whenever that line runs." if view.unconditional else f"{text}."
    if not view.function and (module := _imported(view.site)):
        # A raise at a module's top level runs while the module is imported (round 31's card 22).
        verb = _verb_of(entry)
        if when:
            return f"Importing {code(module)} {verb} this when {when}."
        return f"Importing {code(module)} {verb} this." if view.unconditional else ""
    if not view.function:
        return ""
    text = f"{code(entry.exception_type)} is {_verb(entry)} in {code(view.function)}"
    if when:
        return f"{text} when {when}."
    # A test the card cannot say, or an `except` (as "its `try` block failed" said it): where it is raised is still
    # true, and the card's other sentences (the authors' comment beside it) need a subject (round 36's card 03).
    if view.unconditional:
        return f"{text} whenever that line runs."
    # Never under a name the harvest could not read as a dotted Python name (a hostile one: `_dotted`).
    return f"{text}." if view.caught == "" or _dotted(view.function) else ""


def _placed(entry: ErrorEntry, view: _Site) -> str:
    """The sentence that only places a raise no words can say (`_said_plain`'s last)."""
    return f"{code(entry.exception_type)} is {_verb(entry)} in {code(view.function)}."


def _imported(site: RaiseSite) -> str:
    """The module whose import runs a raise at its top level; "" for none, or under a test of `__name__` (run as a
    script, `if __name__ == "__main__":`, never on import)."""
    module = (site.evidence or {}).get("module")
    if not isinstance(module, str) or not module:
        return ""
    return "" if any("__name__" in str(row.get("code")) for row in _conditions(site)) else module


_DOES = {"pass": "ignores it", "continue": "goes on with the next one"}
_INTERNAL = re.compile(r"\bself\b|(?<![\w.])_\w|\._\w")


def _handled(site: RaiseSite) -> str:
    """What the callers do instead when every one catches the error (`handled_by`): it goes no further. "Its only
    caller, `CsrfViewMiddleware.process_view()`, catches it and returns without raising it." A returned value is
    shown unless it names internals (`self`, a private name). Nothing when one handler's action is not recorded."""
    rows = [row for row in (site.evidence or {}).get("handled_by") or [] if isinstance(row, dict)]
    said = []
    for row in rows:
        caller = code(f"{row.get('function') or ''}()")
        if row.get("does") == "return" and row.get("uses_error"):
            # Round 23's cards 09 and 12: the CSRF reason goes on into the 403 page: it does not stop there.
            action = "returns what it makes of the error instead of raising it"
        elif row.get("does") == "return" and row.get("code") and not _INTERNAL.search(str(row["code"])):
            action = f"returns {code(str(row['code']))} instead"
        elif row.get("does") == "return":  # `self._reject(request, exc.reason)`: internals, not the reader's words
            action = "returns without raising it"
        elif not (action := _DOES.get(str(row.get("does")), "")):
            return ""
        said.append((caller, action))
    # "Goes no further" only where no handler hands the error's details on.
    further = "" if any(row.get("uses_error") for row in rows) else "the error goes no further"
    if len(said) == 1:
        caller, action = said[0]
        return f"Its only caller, {caller}, catches it and {action}" + (f": {further}." if further else ".")
    if said:
        listed = "Every caller catches it: " + "; ".join(f"{c} {a}" for c, a in said) + "."
        return listed + (" The error goes no further." if further else "")
    return ""


def _kept_by(site: RaiseSite) -> list[str]:
    """A sentence per public caller through which the error does not propagate (`caught_by`), beside the ways in
    that let it out: "Through `Field.has_changed()`, it does not propagate: it catches it and returns `True`
    instead." Said only of those callers; nothing for a handler whose action is not recorded."""
    said = []
    for row in (site.evidence or {}).get("caught_by") or []:
        if not isinstance(row, dict) or not row.get("function"):
            continue
        name = str(row["function"])
        way = code(name) if row.get("property") else code(f"{name}()")
        does, text = row.get("does"), str(row.get("code") or "")
        if does == "return" and row.get("uses_error"):
            action = "returns what it makes of the error instead"
        elif does == "return" and text and not _INTERNAL.search(text):
            action = f"returns {code(text)} instead"
        elif does == "return":
            action = "returns without raising it"
        elif does == "raise" and text:
            action = f"raises {code(text)} in its place"
        elif does == "assign" and text and not _INTERNAL.search(text):
            action = f"goes on with {code(text)}"
        elif does == "assign":
            action = "goes on without raising it"
        elif does == "each":  # each call's handler does something else: that it keeps it is what they share
            said.append(
                f"Through {way}, it does not propagate: {code(name.rpartition('.')[2])} catches it wherever "
                "it calls it."
            )
            continue
        elif not (action := _DOES.get(str(does), "")):
            continue
        said.append(f"Through {way}, it does not propagate: {code(name.rpartition('.')[2])} catches it and {action}.")
    return said


# A generator's body runs when what it returns is iterated over (or, a `@contextmanager`'s, entered).
_RUN_BY = {"iterating": "what it returns is iterated over", "with": "what it returns is entered"}
_RUN_BY["async with"] = _RUN_BY["with"]
# A `@contextmanager`'s (an `@asynccontextmanager`'s): what it returns is used in a `with` (`async with`) statement.
_WITH = {"with": "a `with` statement", "async with": "an `async with` statement"}
_ACTIONS = {"function": "Calling", "constructor": "Calling", "command": "Running", "template tag": "Using"}


def _acting(point: EntryPoint, evidence: dict | None = None) -> str:
    """The entry point as what the reader does: "Calling `make_password()`", "Running the `runserver` command",
    "Using the `url` template tag", "Assigning to `HttpResponse.content`". A method stays as it is named: many are
    called by the framework (`to_python()` while a form is cleaned), where "calling" would not be the reader's."""
    if evidence is not None and is_result_check(evidence) and point.is_function(_evidence_function(evidence)):
        return f"{point.shown()}, the check ctypes runs on a C function's result,"
    accessor = evidence.get("accessor") if evidence is not None else None
    if evidence is not None and accessor in _ACCESS and point.kind in _ACCESSOR_KINDS:
        if point.is_function(_evidence_function(evidence)):
            return f"{_ACCESS[accessor]} {code(point.function)}"  # a property is read (or assigned), not called
    if point.generator == "iterating" and point.kind in ("function", "method"):
        return f"Iterating over what {point.shown()} returns"  # a generator: its call runs none of its body
    if point.generator in _WITH and point.kind in ("function", "method"):
        return f"Using what {point.shown()} returns in {_WITH[point.generator]}"  # a `@contextmanager`
    action = _ACTIONS.get(point.kind)
    return f"{action} {point.shown()}" if action else _capital(point.shown())


def _evidence_function(evidence: dict) -> str:
    recorded = evidence.get("function")
    return str(recorded.get("name") or "") if isinstance(recorded, dict) else ""


def _trigger(entry: ErrorEntry, views: Sequence[_Site]) -> str:
    """Each place's tests in the reader's words, outermost first (the guards that must have passed are left out:
    they hold on every path to it); a test the evidence cannot say is left out too. Places that read the same are
    shown once."""
    blocks = []
    seen: set[tuple] = set()
    room = len(views) <= MAX_TRIGGER_SITES
    for view in views:
        site = view.site
        lines: list[str] = []
        unsaid: list[str] = []  # the lines of the tests the evidence cannot put in the reader's terms
        hidden: list[str] = []  # and their code (of an `and`, the parts not said)
        near = list(view.guards)
        rows = _conditions(site)
        # What a name stands for is said on the first bullet that names it, not again on each (round 29's card 08:
        # `model_field` glossed on four bullets, django/contrib/gis/utils/layermapping.py:234-300, Django 5.2.19).
        glossed: set[str] = set()
        shown: list[str] = []  # each test as said whole, its glosses with it: one said twice is shown once
        coded = 0  # tests shown as the code writes them
        for condition in rows:
            kind = condition.get("kind")
            if kind == "guard" and condition not in near:
                continue
            words = view.caught if kind == "except" else view.reader.condition(condition)
            number = line_number(condition.get("line"))
            parts = view.reader.said_parts(condition) if not words and kind != "except" else None
            if parts is not None:  # an `and` said by the parts the card can say, the others counted as unsaid
                words, left = " and ".join(parts[0]), parts[1]
                unsaid.extend([str(number) if number else ""] if left else [])
                reader = view.reader
                hidden.extend(str(part.get("code")) for part in reader.parts(condition) if not reader.condition(part))
            if not words and kind == "if" and not _implied(condition, rows):
                # An enclosing `if` decides the raise as its own test does: said as written rather than folded
                # into "N more checks" beside a side condition (round 32's cards 10 and 18).
                words = view.reader.as_written(condition)
            if (
                not words
                and kind in _BESIDE
                and coded < MAX_IN_CODE
                and _dotted(view.function)
                and not _implied(condition, rows)
            ):
                # Beside tests said in the reader's words, one they cannot say is shown as the code writes it
                # rather than folded into "one more check" (round 35's cards 02 and 04 hid the deciding test).
                if (words := view.reader.in_code(condition)) and words not in shown:
                    coded += 1
                    shown.append(words)
                    lines.append(f"- {words}" + (f" (line {number})" if number else ""))
                    continue
            if not words:
                if not _implied(condition, rows):
                    unsaid.append(str(number) if number else "")
                    hidden.append("" if kind == "except" else str(condition.get("code") or ""))
            elif words not in shown:
                shown.append(words)
                if kind != "except" and parts is None:
                    words = view.reader.condition(condition, glossed) or words
                lines.append(f"- {paired(words)}" + (f" (line {number})" if number else ""))
        if override := _override(site):
            number = line_number(site.evidence["needs_override"].get("line"))
            lines.append(f"- {override}" + (f" (line {number})" if number else ""))
        if matched := _none_matched(site):
            lines.append(f"- {matched}")
        if only := called_only_when(site, view.reader, glossed, first=not lines):
            lines.append(f"- {only}")  # the one caller's tests before it calls the raising function
        if not lines and room and _dotted(view.function) and (in_code := _tests_in_code(view, rows, near)):
            # Nothing could be said in the reader's words: each test as the code writes it rather than nothing (never
            # in place of a place the card can say: only where every place has a block of its own).
            for row, words in in_code:
                number = line_number(row.get("line"))
                if words:  # "": the same test as one shown already
                    lines.append(f"- {words}" + (f" (line {number})" if number else ""))
                unsaid.remove(str(number) if number else "")
                hidden.remove(str(row.get("code") or ""))
        if lines and isinstance(attempt := site.evidence.get("after_try"), dict):
            # The `else:` of a `try`: the tests above hold, and the `try` must also have raised nothing.
            number = line_number(attempt.get("line"))
            lines.append("- and the `try` it follows raises nothing" + (f" (line {number})" if number else ""))
        # The loop's `return` is said by its test above ("... is false for every `key` in ...").
        looped_return = str(line_number((site.evidence.get("none_matched") or {}).get("return")) or "")
        exits = [n for n in _exits_before(site, near) if n and n != looped_return] if lines else []
        # A `break` or `continue` leaves the loop (or its pass), not the call: said apart, in those words.
        leaving = {kind: _lines_of(site, f"exits_{kind}") & set(exits) for kind in ("continue", "break")}
        if exits := [n for n in exits if not any(n in kinds for kinds in leaving.values())]:
            at = _at(exits)
            if _other_errors(site, exits, view.own):
                other = "no" if entry.kind == ErrorEntry.Kind.WARNING else "no other"  # a warning's exits are errors
                lines.append(f"- and {code(view.function)} raises {other} error first{at}")
            else:
                lines.append(f"- and no earlier check in {code(view.function)} exits first{at}")
        if skipped := sorted(leaving["continue"], key=int):
            lines.append(f"- and no earlier check in the loop skips on to its next pass first{_at(skipped)}")
        if broken := sorted(leaving["break"], key=int):
            lines.append(f"- and no earlier check leaves the loop first{_at(broken)}")
        if lines and unsaid:
            # Said, not left out: the tests above are not all it takes.
            numbered = [n for n in unsaid if n]
            at = f" (line{'s' if len(numbered) > 1 else ''} {', '.join(numbered)})" if numbered else ""
            tests = "one more check" if len(unsaid) == 1 else f"{len(unsaid)} more checks"
            lines.append(f"- and {tests} in {code(view.function)}{_arguments_read(site, hidden)}{at}")
        values = _values(view)
        subclassed = left_open.replaced(site)
        if not lines and not values and not view.unconditional and not never.never(site) and not subclassed:
            continue
        key = (view.function, tuple(line.rsplit(" (line", 1)[0] for line in lines), tuple(values))
        if key in seen:
            continue
        seen.add(key)
        name = view.function
        heading = f"At {place(entry, site.path, site.line, site.commit)}" + (f", in {code(name)}" if name else "")
        if view.entry is not None and not view.entry.is_function(name):
            heading += f", reached from {view.entry.shown()}{_made_said(view.entry)}"
        if marked := never.never(site):
            # The branch's tests are true of the code; no way to it is said (`never`).
            heading += never.trigger(entry, site, marked) + (" Its tests:\n" if lines else "")
        elif not lines and view.unconditional and (found := left_open.opened(site)):
            heading += left_open.when(found, site)
        elif lines:
            heading += ":\n"
        elif view.unconditional and site.evidence.get("every_call"):
            every = site.evidence["every_call"]
            lazy = view.entry.generator if view.entry is not None and view.entry.is_function(name) else ""
            if every is True and view.entry is not None and view.entry.kind == "property":
                every = "read"  # a getter of a descriptor the harvest resolved: read, not called
            heading += f", every time {_RUN_BY.get(lazy) or 'it is ' + _ACCESSED.get(every, 'called')}."
            if every == "first read":
                heading = heading.removesuffix(", every time it is read.") + f", {_EVERY[every]}."
        elif view.unconditional and not name and (module := _imported(site)):
            heading += f", whenever {code(module)} is imported."  # a raise at its top level (round 31's card 22)
        else:
            heading += ", whenever that line runs." if view.unconditional else "."
        block: list[str] = [heading]
        block.extend(lines)
        if values:
            block.append(("\n" if lines else "") + f"In the message, {', '.join(values)}.")
        if subclassed:
            block.append(("\n" if lines or values else "") + subclassed)
        blocks.append("\n".join(block))
        if len(blocks) == MAX_TRIGGER_SITES:
            break
    more = len(views) - sum(1 for _ in seen)
    if blocks and more > 0 and len(blocks) == MAX_TRIGGER_SITES:
        blocks.append(f"And at {more} more place{'s' if more > 1 else ''}.")
    return "\n\n".join(blocks)


MAX_IN_CODE = 4  # tests shown in the code's names where none can be said; the rest are "N more checks"
_IN_CODE = frozenset({"if", "else", "while", "assert", "guard"})
_BESIDE = _IN_CODE - {"while"}  # beside tests said in words, a loop's test ("`depth_stack` is true") adds nothing


def _dotted(name: str) -> bool:
    """Whether a recorded function name is a dotted Python name (`Command.handle`): the only kind the code-terms
    fallback heads its block with (a name the harvest could not read, or a hostile one, leaves the block out)."""
    return bool(name) and all(part.isidentifier() for part in name.split("."))


def _tests_in_code(view: _Site, rows: list[dict], near: list[dict]) -> list[tuple[dict, str]]:
    """The site's tests in the code's own names, outermost first, where the reader's words can say none of them
    (round 34's card 03: "`self.namelist()` does not have exactly 1 item", django/core/management/commands/
    loaddata.py:425): each is what the code tests on the way to the raise, so never false, and the reader sees
    when it happens rather than nothing. Not an `except` (its handler says no more than its `try` block failed,
    review round 4's card 07), a `case` or a loop, a guard further out (it only chose the path), a test another
    one implies (`_implied`); one said already is paired with "" (counted, not shown again)."""
    shown: list[tuple[dict, str]] = []
    for row in rows:
        kind = row.get("kind")
        if kind not in _IN_CODE or (kind == "guard" and row not in near) or _implied(row, rows):
            continue
        if view.reader.condition(row) is not None or view.reader.said_parts(row) is not None:
            return []  # said in the reader's words: the trigger's own rules show it
        words = view.reader.in_code(row)
        if words and sum(1 for _, said in shown if said) < MAX_IN_CODE:
            shown.append((row, "" if words in (said for _, said in shown) else words))
    return shown if any(said for _, said in shown) else []


def _made_said(point: EntryPoint) -> str:
    """ ", with `stream` made from its `css` argument": what an exported entry point hands the raising function of
    its own arguments, built by calls (cssselect's `parse(css)`, parser.py:578); an argument it hands on as it is
    the reader says already."""
    made = [(site, given) for site, given in point.made_from or () if site not in point.arguments]
    if not made:
        return ""
    said = [f"{code(site)} made from its {code(given)} argument" for site, given in made]
    return ", with " + " and ".join(said)


def _none_matched(site: RaiseSite, *, line: bool = True) -> str:
    """ "`constant_time_compare(sig, self.signature(value, key))` is false for every `key` in `[self.key,
    *self.fallback_keys]` (line 235)": the loop just above the raise returns on the first item that meets its test,
    so the raise is reached only when none did (`kb.harvest.reading.exits.none_matched`; round 27's card 03)."""
    found = site.evidence.get("none_matched")
    if not isinstance(found, dict) or not all(isinstance(found.get(key), str) for key in ("test", "target", "iter")):
        return ""
    number = line_number(found.get("line")) if line else None
    truth = "true" if found.get("holds") else "false"
    said = f"{code(found['test'])} is {truth} for every {code(found['target'])} in {code(found['iter'])}"
    return said + (f" (line {number})" if number else "")


def _exits_besides_the_loop(site: RaiseSite) -> bool:
    """Whether an early exit above the raise other than the `return` of its `none_matched` loop may come first."""
    looped_return = line_number((site.evidence.get("none_matched") or {}).get("return"))
    above = site.evidence.get("exits_above")
    return not isinstance(above, list) or any(line_number(line) != looped_return for line in above)


def _arguments_read(site: RaiseSite, hidden: list[str]) -> str:
    """Which of the function's arguments, as given, the tests the card cannot say read: " on its `code` argument",
    or ", some on its ..." when not each of them reads one; "" when none does. Round 28's cards 03 and 09 said
    "on values it works out itself" of tests on the type of the user's own expression (`isinstance(lhs_output_field,
    DurationField)`, django/db/models/functions/datetime.py:55-71, Django 5.2.19) and of a depth compared with the
    `max_geom_collections` argument: that is said only of what no argument is read in, so it is not said at all."""
    evidence = site.evidence or {}
    given = [str(p) for p in evidence.get("parameters") or [] if str(p) not in ("self", "cls")]
    # An argument rebound before the tests (`ds_input = self._preprocess_input(ds_input)`) is not the one given.
    rebound = {
        str(row.get("name"))
        for row in evidence.get("definitions") or []
        if isinstance(row, dict) and not str(row.get("code") or "").startswith("(the argument as given")
    }
    # A test the definitions do not cover (a guard's) may read it after `if base_url is None: base_url = ...`.
    rebound |= {str(name) for name in evidence.get("parameters_bound") or []}
    read = [
        [root for name in names_in(written) or [] if (root := re.split(r"[.\[]", name, maxsplit=1)[0]) in given]
        for written in hidden
    ]
    named = [name for name in dict.fromkeys(name for names in read for name in names) if name not in rebound]
    if not named:
        return ""
    words = " and ".join(filter(None, [", ".join(code(name) for name in named[:-1]), code(named[-1])]))
    said = f"its {words} argument{'s' if len(named) > 1 else ''}"
    each = all(set(names) & set(named) for names in read)
    return f" on {said}" if each else f", some on {said}"


def _implied(row: dict, rows: list[dict]) -> bool:
    """Whether an `or` that must hold (the row's `any`) holds whenever another condition of the site does: one of
    its parts is that condition, or a part of an `and` that must hold (round 20's card 02: the guard `not
    unique_fields or ...` of line 717, below the `if not unique_fields and ...` of line 723). Saying nothing of
    it then leaves out nothing."""
    alternatives = {part.get("code") for part in row.get("any") or [] if isinstance(part, dict)}
    if not alternatives:
        return False
    held = {other.get("code") for other in rows if other is not row}
    held |= {part.get("code") for other in rows if other is not row for part in other.get("all") or []
             if isinstance(part, dict)}  # fmt: skip
    return bool(alternatives & held)


def _values(view: _Site) -> list[str]:
    """What each placeholder of the message stands for, where the evidence can say it in the reader's terms."""
    said = []
    rebound = {str(name) for name in view.site.evidence.get("parameters_bound") or []}
    for value in view.site.evidence.get("values") or []:
        if not isinstance(value, dict) or not value.get("placeholder"):
            continue
        expression = str(value.get("expression", ""))
        placeholder = code("{" + str(value["placeholder"]) + "}")
        names = names_in(expression)
        if not names:
            continue
        shown = [view.reader.replacement(name, view.site.line) for name in names]
        if any(one is None for one in shown):
            continue
        if len(names) == 1 and names[0] == expression and shown[0]:
            said.append(f"{placeholder} is {plain_said(shown[0])}")
        elif (
            len(names) == 1
            and names[0] == expression
            and (unpacked := view.reader.unpacked(expression, view.site.line))
        ):
            said.append(f"{placeholder} is {unpacked}")  # `msgs, errors, status = popen_wrapper(args)`
        elif len(names) == 1 and names[0] == expression:
            # A local: by its definition where one reaches the raise; "`{option}` is `option`" says nothing.
            defined = view.reader.definition(expression, view.site.line) if expression.isidentifier() else None
            if defined and ({name.split(".")[0] for name in names_in(defined) or []} - {expression}) & rebound:
                # `source = string` above a loop that cuts `string` down: `{source}` is the argument as it came,
                # not what `string` holds at the raise (round 29's card 23). `value = adapt(value)` is no such
                # case: the binding that reaches the raise is the definition itself.
                continue
            if defined and len(defined) <= MAX_VALUE and defined != expression:
                said.append(f"{placeholder} is {code(defined)}")
            elif expression != value["placeholder"]:
                said.append(f"{placeholder} is {code(expression)}")
        else:
            said.append(f"{placeholder} is {code(expression)}")
    return said


def _situations(entry: ErrorEntry, views: Sequence[_Site], tests: list[dict]) -> str:
    """Where a reader meets it: the public entry points that hand it the reader's input, and the repository's tests
    that trigger it."""
    lines = []
    seen: set[str] = set()
    for view in views:
        if never.never(view.site):
            continue  # no situation reaches a branch its authors mark as one that should never run
        for point in entry_points(view.site.evidence or {}, path=view.site.path):
            if point.function in seen or point.is_function(view.function) or len(seen) >= MAX_CALLERS:
                continue
            if point.kind == "hook":  # called by the raising function: it does not reach the raise
                continue
            seen.add(point.function)
            where = f" ({place(entry, point.path, point.line, view.site.commit)})" if point.path else ""
            lines.append(f"- reached from {point.shown()}{where}")
    # The callers the harvest resolved are kept in the evidence (and the JSON), not shown: a caller that passes
    # values of its own reaches the function, not always this error, and reviews found such lines false.
    for test in tests[:MAX_TESTS]:
        if name := str(test.get("name") or ""):
            where = place(entry, str(test.get("path", "")), test.get("line"), entry.analysed_commit)
            # A helper's call: what it runs with the test's arguments is the call that raises (`parse(".#foo")`
            # for `get_error(".#foo")`, cssselect 1.6.0's tests/test_cssselect.py:514-519, 539).
            shown = str(test.get("bound") or test.get("call") or "")
            call = f": {code(shown)}" if shown and "\n" not in shown else ""
            if (template := str(test.get("template") or "")) and "\n" not in template:
                call = _with_template(str(test.get("call") or ""), template, _written_in_call(test))
            if changed_around(test):
                call = ""  # the test patches code or changes settings around it: the call alone would not raise
            # A warning is emitted, never raised (round 34's cards 07 and 13): the test triggers it.
            raises = "triggers it" if entry.kind == ErrorEntry.Kind.WARNING else "raises it"
            does = f"gets it back in {code(str(test['returned_in']))}" if test.get("returned_in") else raises
            lines.append(f"- the repository's test {code(name)} {does} ({where}){call}")
    return "\n".join(lines)


# What a test's call does with its template, by the names it calls: the one that raises decides the verb (round 28's
# card 08: `Template("{% get_admin_log ... %}")` compiles the template, it never renders it). A name starts a word.
_CALLED = re.compile(r"(?<!\w)(\w++)[ \t]*+\(")
_LOADERS = frozenset({"get_template", "select_template"})


def _written_in_call(test: dict) -> bool:
    """Whether the test's call writes its template in place, on the call's own lines (a template split over several
    literals, `self.get_template("{% load i18n %}..." "...")`), not a name it looks up."""
    pinned, line, call = test.get("pinned"), test.get("template_line"), str(test.get("call") or "")
    if not isinstance(pinned, int) or not isinstance(line, int) or not call:
        return False
    return pinned <= line <= pinned + call.count("\n")


def _with_template(call: str, template: str, in_place: bool = False) -> str:
    """How a test's situation line names its template. The call itself when it writes the template in place and
    fits one line (`Template("{% load log %}...")`, `Template("{% localtime foo %}").render()`: that call raises,
    exactly as written, whether building or rendering raised); the template alone when the call writes it over
    several lines (`in_place`); else the template, with what the call does to it by the names it calls: rendering
    (`render_to_string("t")`), loading (`get_template("t")`); a call that does neither by its names is not
    described."""
    if call and "\n" not in call and template in call:
        return f": {code(call)}"
    if in_place:
        return f", with the template {code(template)}"  # what a test's own helper does with it is not said
    names = {match[1] for match in _CALLED.finditer(call)}
    if any("render" in name for name in names):
        return f", rendering {code(template)}"  # the template is the trigger, not the call that renders it
    if names & _LOADERS:
        return f", loading {code(template)}"
    return f", with the template {code(template)}"


def _defines(entry: ErrorEntry, doc: dict) -> bool:
    """The exception's own definition (`.. exception:: ImproperlyConfigured`) whose paragraph names it: the same on
    every card of the class, so it stays out of "What it means", but it is about this exception."""
    short = _short(entry.exception_type)
    directive = re.fullmatch(r"\.\.\s++(?:exception|class)::\s*+([\w.]++).*+", str(doc.get("text") or "").strip())
    named = re.search(rf"\b{re.escape(short)}\b", str(doc.get("paragraph") or ""))
    return bool(directive and directive[1].rpartition(".")[2] == short and named)


def _whole_line(text: str) -> bool:
    """Whether a documentation line read alone (no paragraph) says something whole: not a directive or heading,
    not a bare list item (`* ``DisallowedRedirect```), not a sentence's tail (it starts in lower case) or a line cut
    inside an inline role ("new default value of :attr:`URLField.assume_scheme")."""
    stripped = text.strip()
    if _HEADING_ONLY.fullmatch(stripped) or _HEADING_ONLY.fullmatch(stripped.lstrip("*-+ ")):
        return False
    return stripped[:1].isupper() and not _OPEN_ROLE.search(stripped)


def _documentation(entry: ErrorEntry, views: Sequence[_Site], docs: list[dict]) -> str:
    """The documentation's paragraphs that speak of the error; a mention whose line is only a directive
    (`.. setting:: STATIC_ROOT`) or a heading, with no paragraph read, tells the reader nothing and is left out."""
    lines = []
    for doc in docs[:MAX_DOCS]:
        said = str(doc.get("paragraph") or doc.get("text") or "")
        if not doc.get("paragraph") and not _whole_line(said):
            continue
        if doc.get("paragraph") and not (_specific(entry, views, doc) or _defines(entry, doc)):
            continue  # another object's advice (a model field's `to_python()` for a form field's), a bare "base class"
        where = place(entry, str(doc.get("path", "")), doc.get("line"), entry.analysed_commit)
        term = f" (mentions {code(str(doc['term']))})" if doc.get("term") else ""
        text = f": “{as_built(said, 400 if doc.get('paragraph') else 200)}”" if said else ""
        lines.append(f"- {where}{term}{text}")
    return "\n".join(lines)

"""What a pasted text holds: Python tracebacks (chained, grouped), log records, warnings, or one bare message.

The parser never fails: whatever the input, it returns the exceptions it understood, the last one first,
each with the readings (type, text) to try against the signatures in order.
"""

import ast
import re
from dataclasses import dataclass
from typing import NamedTuple

from errorkb.matching.frames import Frame, Frames, Run, run_of
from errorkb.matching.slotted import restorer

# Every pattern here reads pasted text, so each runs in linear time by construction. Python's `re` has no
# timeout and backtracks: a quantifier that could give characters back to a neighbour reading the same
# characters (`[-+]*[-+]*`, `.+?\s*$`) makes a failing match try every split of a run, quadratic in its length.
# So every unbounded quantifier is possessive (`*+`, `++`, `?+`: it never gives back what it read), and the
# only choices left are bounded ones (an optional bracket, `\d{1,9}`, an alternation of words): one attempt
# reads each character a constant number of times. Where a match had relied on giving back (a path ending in
# `.py`, a type ending in `Warning`), Python checks the captured text instead. The patterns that are searched
# rather than matched at a given position (ANSI_ESCAPE, FRAME_RUN, frames.FRAME_IN_RUN) start with a character their
# repeats cannot read, or at a newline that a failed attempt reads past only within its own line's `  File "`, so
# failed attempts never re-read another attempt's characters (for frames.FRAME_PATHS_IN_RUN, only a bounded number
# of times: see there).
# tests/test_matching_adversarial.py holds every pattern to this rule and feeds the parser 64 KiB attacks.
ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;?]*+[A-Za-z]")
TRACEBACK_HEAD = re.compile(r"\s*+(?:Exception Group )?+Traceback \(most recent call last\):\s*+$")
FRAME_LINE = re.compile(r'\s*+File "(?P<path>[^"]*+)", line (?P<line>\d{1,9}+)(?:, in (?P<function>.++))?+\s*+$')
# The bulk of a traceback, read in one regex pass: a run of lines from an indented frame line on, each line
# indented or empty. Inside a traceback such lines are frames or skipped (source, carets), and frames.py reads their
# frames (FRAME_IN_RUN) when a lookup asks for them.
# FRAME_RUN is searched in "\n" + the text and starts with that newline: `re` skips to a pattern's first character
# in C, where a line start (`^`) gave it none and it tried a match at every character outside the runs.
FRAME_RUN = re.compile(r'\n[ \t]++File "[^\n]*+(?:\n(?=[ \t\n])[^\n]*+)*+')
CHAIN_MARKERS = frozenset(
    {
        "During handling of the above exception, another exception occurred:",
        "The above exception was the direct cause of the following exception:",
    }
)
# In a traceback the exception line is certain, so any dotted name counts (socket.gaierror is lowercase).
TRACEBACK_EXCEPTION = re.compile(
    r"(?P<type>[A-Za-z_][\w<>]*+(?:\.[A-Za-z_<>][\w<>]*+)*+)(?::\s?+(?P<message>.*+))?+$", re.S
)
# Elsewhere `Word: rest` is often prose, so only a CapWords name (ValueError, pkg.mod.FieldError) is a type.
BARE_EXCEPTION = re.compile(r"(?P<type>(?:[A-Za-z_]\w*+\.)*+[A-Z]\w*+):(?: (?P<message>.*+)|$)", re.S)
# The last line of an exception raised without a message: its qualified class alone (`argh.utils.ArghError`). A
# CapWords last name (not `settings.DEBUG`), after a module: a bare word is more often prose.
TYPE_ALONE = re.compile(r"(?:[A-Za-z_]\w*+\.)++[A-Z][a-z0-9]\w*+")
# `path.py:12: pkg.SomeWarning: message`; the path's `.py` and the type's `Warning` are checked in _warning.
WARNING_LINE = re.compile(r"(?P<path>\S[^:]*+):(?P<line>\d{1,9}+): (?P<type>\w++(?:\.\w++)*+): (?P<message>.*+)$")
# An exception group's `+-+---- 1 ----`, `+---- ... ----` or `+------` line.
GROUP_SEPARATOR = re.compile(r"\s*+\+[-+]*+(?:\s*+(?:\d++|\.\.\.)\s*+-[-+]*+)?+\s*+$")
GROUP_BAR = re.compile(r"\s*+(?:[|+](?: |$))++")
# A wrapping exception that prints the wrapped one's type first: SQLAlchemy's
# `(psycopg2.errors.UniqueViolation) duplicate key value ...`. A dotted name only: `(see below) ...` is prose.
WRAPPED_TYPE = re.compile(r"\((?P<type>[A-Za-z_]\w*+(?:\.[A-Za-z_]\w*+)++)\) ++")

_TIMESTAMP = (
    r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2})?+(?:[.,]\d++)?+(?:Z|[+-]\d{2}:?+\d{2}|\s?+UTC)?+"
    r"|\d{2}:\d{2}:\d{2}(?:[.,]\d++)?+"
    r"|[A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2}"
)
_LEVEL = r"TRACE|DEBUG|INFO|NOTICE|WARNING|WARN|ERROR|ERR|CRITICAL|FATAL|EXCEPTION|SEVERE"
LOG_TIMESTAMP = re.compile(rf"\s*+\[?+(?:{_TIMESTAMP})\]?+(?:\s++(?:stdout|stderr) [FP]\b)?+[ \t]*+[:|\-]?+[ \t]*+")
LOG_LEVEL = re.compile(rf"\s*+\[?(?P<level>{_LEVEL})\]?(?![\w.])[ \t]*+[:|\-]?+[ \t]*+")
# After a timestamp or a level: a process id, a host and program (syslog), a logger name, a module:function:line.
LOG_DETAIL = re.compile(
    r"\s*+(?:\[\d++\]|\(\d++\)|\#\d++|pid=\d++|(?:[\w.\-]++\s++)?[A-Za-z][\w.\-/]*+\[\d++\]:"
    r"|(?:in\s++)?\[?[a-z_][\w\-]*+(?:\.[A-Za-z_][\w\-]*+)*+\]?(?::[\w.<>]++:\d++)?(?=\s*+(?::|\||\])|\s++-\s)"
    r")[ \t]*+(?::|-|\||\])?+[ \t]*+"
)
_LEVEL_WORDS = tuple(_LEVEL.split("|"))
QUIET_LEVELS = frozenset({"TRACE", "DEBUG", "INFO", "NOTICE"})
MAX_EXCEPTIONS = 100
MAX_LISTED_MESSAGES = 20
# Printed literals (a KeyError's quoted message, a ValidationError's list) are read with `ast`: fast, but it
# builds a node per item, so 64 KiB of a printed dict took 60 ms. Real ones are a few hundred bytes: one
# parse hands `ast` at most this much text in all, the last exceptions first, as they are ranked.
MAX_LITERAL_CHARS = 8 * 1024


# A NamedTuple made by tuple.__new__ skips its Python-level __new__ (and `_replace` its `_make`): every lookup
# makes its readings and exceptions.
_new_tuple = tuple.__new__


# Readings and exceptions are NamedTuples too: immutable like frozen dataclasses, at half their cost to make.
class Reading(NamedTuple):
    """One way to read an exception: the type (if any) and the message text to match."""

    type: str | None
    text: str


class ParsedException(NamedTuple):
    type: str | None
    message: str
    frames: tuple[Frame, ...] | Frames  # Frames: read from the text when asked for (frames.py)
    origin: str  # "traceback", "log", "warning" or "message"
    readings: tuple[Reading, ...] = ()

    @property
    def innermost(self) -> Frame | None:
        return self.frames[-1] if self.frames else None


@dataclass(frozen=True, slots=True)
class Parsed:
    kind: str  # "traceback", "log", "message" or "empty"
    exceptions: tuple[ParsedException, ...]  # the last one in the text first


# (kind, exceptions) -> Parsed, without the frozen class's `__init__`: one a lookup.
_parsed = restorer(Parsed)


# One line as the parser reads it: (content without its log prefix, whether it had one (a timestamp or a
# level), its level, whether it is an exception group's +---- line, and for a run of frame lines read at
# once, the run if it holds a frame, else () (the content is then the run's text)). Plain tuples: a long log
# makes one per line.
_Line = tuple[str, bool, str | None, bool, Run | tuple[()] | None]


def strip_log_prefix(line: str) -> tuple[str, bool, str | None]:
    """(the line without its log prefix, whether it had one, its level)."""
    # A log prefix starts with a digit or a bracket (a timestamp), a level (ERROR) or a month (`May  1`): other
    # lines, the bulk of a long traceback or of prose, are let through without running a regex.
    first = line[:1]
    if not (
        first.isdigit() or first == "[" or (first.isupper() and (line[3:4] == " " or line.startswith(_LEVEL_WORDS)))
    ):
        return line, False, None
    position, level, found = 0, None, False
    if match := LOG_TIMESTAMP.match(line):
        position, found = match.end(), True
    if match := LOG_LEVEL.match(line, position):
        position, found, level = match.end(), True, match["level"]
    if not found:
        return line, False, None
    for _ in range(3):
        match = LOG_DETAIL.match(line, position)
        if not match or match.end() == position:
            break
        position = match.end()
        if (level_match := LOG_LEVEL.match(line, position)) and level is None:
            position, level = level_match.end(), level_match["level"]
    return line[position:], True, level


def _warning(line: str) -> re.Match[str] | None:
    match = WARNING_LINE.match(line)
    if match and len(match["path"]) > 3 and match["path"].endswith(".py") and match["type"].endswith("Warning"):
        return match
    return None


def _is_head(content: str) -> bool:
    return "Traceback" in content and TRACEBACK_HEAD.match(content) is not None


def _lines(text: str) -> list[_Line]:
    lines: list[_Line]
    if "Exception Group Traceback" in text:
        lines = []
        for raw in text.split("\n"):
            content, prefixed, level = strip_log_prefix(raw)
            if GROUP_SEPARATOR.match(content):
                lines.append((content, prefixed, level, True, None))
            else:
                bars = GROUP_BAR.match(content)
                lines.append((content[bars.end() :] if bars else content, prefixed, level, False, None))
        return lines
    if 'File "' not in text:
        return _plain_lines(text)
    lines, start = [], 0
    searched = "\n" + text
    for run in FRAME_RUN.finditer(searched):
        begin, end = run.span()
        end -= 1  # the run's own characters, in the text (one before)
        if begin:
            lines += _plain_lines(text[start : begin - 1])  # without the newline before the run
        lines.append((text[begin:end], False, None, False, run_of(searched, begin, end + 1) or ()))
        start = end + 1  # past the newline after the run
    if start <= len(text):
        lines += _plain_lines(text[start:])
    return lines


def _frames(pieces: list[Run | list[Frame]]) -> tuple[Frame, ...] | Frames:
    """An exception's frames: read when asked for if a run of frame lines holds any (frames.py), else a tuple."""
    if len(pieces) == 1 and isinstance(run := pieces[0], Run):
        return Frames((run,))  # most tracebacks: one run
    read = tuple(piece if isinstance(piece, Run) else tuple(piece) for piece in pieces)
    lines = [frame for piece in pieces if not isinstance(piece, Run) for frame in piece]  # the frames read line by line
    return Frames(read) if any(isinstance(piece, Run) for piece in pieces) else tuple(lines)


def _plain_lines(text: str) -> list[_Line]:
    # The test strip_log_prefix starts with, inlined: lines that cannot start a log prefix (indented ones, an
    # exception's `Type: message`, prose) pass as they are without the call.
    return [
        (*strip_log_prefix(raw), False, None)
        if (first := raw[:1])
        and (first.isdigit() or first == "[" or (first.isupper() and (raw[3:4] == " " or raw.startswith(_LEVEL_WORDS))))
        else (raw, False, None, False, None)
        for raw in text.split("\n")
    ]


class _LiteralAllowance:
    """What is left of MAX_LITERAL_CHARS for one parse."""

    __slots__ = ("left",)

    def __init__(self) -> None:
        self.left = MAX_LITERAL_CHARS

    def take(self, text: str) -> bool:
        if len(text) > self.left:
            return False
        self.left -= len(text)
        return True


def _readings(
    exc_type: str | None, message: str, literals: _LiteralAllowance, *, raw: str | None = None, unwrap: bool = True
) -> tuple[Reading, ...]:
    """The message first; then the messages a printed literal holds, and a wrapped exception's type and message;
    then, for a multi-line one, its first paragraph and first line (text pasted after a traceback lands in its
    message) and its last line; then the whole unsplit text when the type was only guessed."""
    readings = [_new_tuple(Reading, (exc_type, message))]
    quoted = len(message) > 2 and message[0] == message[-1] and message[0] in ("'", '"')
    if quoted and literals.take(message):
        # A KeyError prints its message quoted: `TqdmKeyError: "Unknown argument(s): {'foo': 1}"`.
        readings += [Reading(exc_type, text) for text in _quoted_message(message)]
    # A message given as a tuple prints as one: `AssertionError: ("Creating a ModelSerializer ...",)`.
    if message[:1] in ("[", "{", "(") and message[-1:] in ("]", "}", ")") and literals.take(message):
        listed = _listed_messages(message)
        # An exception given its message and an object prints its args: `('cannot represent an object', <Thing
        # object at 0x...>)`, which no parser reads whole; its first text is the message.
        listed = listed or ([text] if message[0] == "(" and (text := _leading_text(message)) else [])
        readings += [Reading(exc_type, text) for text in listed]
    if unwrap and message[:1] == "(" and (wrapped := WRAPPED_TYPE.match(message)):
        # The wrapped exception's own type and message: where it was raised is the raise to find.
        readings += _readings(wrapped["type"], message[wrapped.end() :], literals, unwrap=False)
    if "\n" in message:
        paragraph = message.split("\n\n", 1)[0].strip()
        first_line = message.split("\n", 1)[0].strip()
        # Last, the last line: an error that collects its causes prints the innermost one there (`Key 'a' error:\n'x'
        # should be instance of 'int'`).
        last_line = message.rstrip().rsplit("\n", 1)[-1].strip()
        readings += [Reading(exc_type, paragraph), Reading(exc_type, first_line), Reading(exc_type, last_line)]
        if unwrap and (inner := BARE_EXCEPTION.match(last_line)) and inner["message"]:
            # An error whose text ends with an exception line of its own (glom's `error raised while processing,
            # details below` and its trace, then `glom.core.BadSpec: Limit() only valid in Group mode`): that
            # line's type and message, as a last line pasted alone would be read.
            readings.append(Reading(inner["type"], inner["message"].strip()))
    if raw is not None and raw != message:
        readings.append(_new_tuple(Reading, (None, raw)))
    unique: list[Reading] = []
    for reading in readings:
        if reading.text and reading not in unique:
            unique.append(reading)
    return tuple(unique)


def _quoted_message(message: str) -> list[str]:
    try:
        value = ast.literal_eval(message)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return []
    return [value.strip()] if isinstance(value, str) and value.strip() else []


def _listed_messages(message: str) -> list[str]:
    """The messages in a printed list or dict of lists: Django's ValidationError prints itself as
    `['Enter a valid email address.']` or `{'email': ['Enter a valid email address.']}`, DRF's as
    `[ErrorDetail(string='A valid integer is required.', code='invalid')]`, nested per field. The text is
    parsed, never evaluated: only literals, lists, tuples, dicts and ErrorDetail(...) are read."""
    try:
        tree = ast.parse(message, mode="eval")
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return []
    found: list[str] = []
    stack = [tree.body]
    while stack and len(found) < MAX_LISTED_MESSAGES:
        node = stack.pop()
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value.strip():
                found.append(node.value.strip())
        elif isinstance(node, ast.List | ast.Tuple):
            stack += reversed(node.elts)
        elif isinstance(node, ast.Dict):
            stack += reversed(node.values)
        elif isinstance(node, ast.Call) and _is_error_detail(node.func):
            text = next((k.value for k in node.keywords if k.arg == "string"), node.args[0] if node.args else None)
            if text is not None:
                stack.append(text)
    return found


def _leading_text(message: str) -> str | None:
    """The string literal that opens a printed tuple (`('text', <object at 0x...>)`), read by one scan to its
    closing quote; None when the tuple does not open with one."""
    quote = message[1:2]
    if quote not in ("'", '"'):
        return None
    position = 2
    while position < len(message):
        char = message[position]
        if char == "\\":
            position += 2
            continue
        if char == quote:
            break
        position += 1
    if message[position + 1 : position + 2] != ",":
        return None
    try:
        value = ast.literal_eval(message[1 : position + 1])
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    return value.strip() if isinstance(value, str) and value.strip() else None


def _is_error_detail(func: ast.expr) -> bool:
    """`ErrorDetail` or `something.ErrorDetail`, looked at without unparsing (which recurses)."""
    return (isinstance(func, ast.Name) and func.id == "ErrorDetail") or (
        isinstance(func, ast.Attribute) and func.attr == "ErrorDetail"
    )


def _bare(text: str, origin: str, literals: _LiteralAllowance) -> ParsedException:
    text = text.strip()
    if match := BARE_EXCEPTION.match(text):
        exc_type, message = match["type"], (match["message"] or "").strip()
        return _new_tuple(
            ParsedException, (exc_type, message, (), origin, _readings(exc_type, message, literals, raw=text))
        )
    if TYPE_ALONE.fullmatch(text):
        return _new_tuple(ParsedException, (text, "", (), origin, _readings(text, "", literals, raw=text)))
    return _new_tuple(ParsedException, (None, text, (), origin, _readings(None, text, literals)))


@dataclass(slots=True)
class _LogRecord:
    level: str | None
    lines: list[str]


class _Parser:
    """One pass over the lines; `items` keeps tracebacks, warnings and log records in the order of the text."""

    def __init__(self) -> None:
        self.items: list[ParsedException | _LogRecord] = []
        self.saw_traceback = False

    def parse(self, lines: list[_Line]) -> None:
        state = "out"
        # The frames as read so far: runs of frame lines (frames.Run) and frames read line by line, in lists.
        frames: list[Run | list[Frame]] = []
        exc_type: str | None = None
        message: list[str] = []
        block_prefixed = False
        log: _LogRecord | None = None
        frame_match = FRAME_LINE.match
        pending = lines[::-1]  # a stack, so that a run read line by line goes back on top in constant time a line
        while pending:
            content, prefixed, level, separator, run = pending.pop()
            if not content and not prefixed and log is None and state != "message":
                continue  # a blank line between things, or in a traceback: 64 KiB of newlines is 64K of them
            if run is not None:
                if state == "frames":
                    if run:
                        frames.append(run)
                    continue
                if state == "out" and log is None and run:
                    # Frame lines with no "Traceback" line above them: a traceback pasted without its first line.
                    self.saw_traceback = True
                    state, frames, block_prefixed = "frames", [run], False
                    continue
                pending += reversed(_plain_lines(content))  # elsewhere (a message, a log record): line by line
                continue
            if state == "frames":
                # The bulk of a traceback: its frame lines and their indented source lines. A frame line
                # contains 'File "' (a cheap test before the regex); any other indented line is skipped.
                if 'File "' in content and (frame := frame_match(content)):
                    path, number, function = frame.groups()
                    read = Frame(path, int(number), function.rstrip() if function else "")
                    if frames and type(frames[-1]) is list:
                        frames[-1].append(read)
                    else:
                        frames.append([read])
                    continue
                if separator or content[:1].isspace():
                    continue  # source lines, carets, "[Previous line repeated ...]"
                stripped = content.strip()
                if not stripped:
                    continue
                if _is_head(content):
                    frames = []
                    continue
                match = TRACEBACK_EXCEPTION.match(stripped)
                exc_type = match["type"] if match else None
                message = [match["message"] or ""] if match else [stripped]
                state = "message"
                continue
            stripped = content.strip()
            if state == "message":
                # A log whose every line is prefixed (containers) starts a new record only with a level.
                ends = (
                    stripped in CHAIN_MARKERS
                    or separator
                    or _is_head(content)
                    or (prefixed and (not block_prefixed or level is not None))
                )
                if not ends:
                    message.append(content)
                    continue
                self._add_exception(exc_type, message, frames)
                state = "out"
            if _is_head(content) or separator:
                log = None
                self.saw_traceback = True
                state, frames, block_prefixed = "frames", [], prefixed
            elif stripped in CHAIN_MARKERS:
                log = None
            elif ".py:" in stripped and (warning := _warning(stripped)):
                log = None
                self._add_warning(warning)
            elif prefixed:
                log = _LogRecord(level, [content])
                self.items.append(log)
            elif log is not None:
                log.lines.append(content)  # a multi-line log message
            # Other lines are prose around what was pasted; with nothing else found, the whole text is the message.
        if state == "message":
            self._add_exception(exc_type, message, frames)

    def _add_exception(self, exc_type: str | None, lines: list[str], frames: list[Run | list[Frame]]) -> None:
        message = "\n".join(lines).strip()
        # Its readings are made by exceptions().
        self.items.append(_new_tuple(ParsedException, (exc_type, message, _frames(frames), "traceback", ())))

    def _add_warning(self, warning: re.Match[str]) -> None:
        frame = Frame(warning["path"], int(warning["line"]), "")
        self.items.append(ParsedException(warning["type"], warning["message"].strip(), (frame,), "warning"))

    def exceptions(self, limit: int) -> list[ParsedException]:
        """The last `limit` of the tracebacks and warnings, and of the log records worth a lookup: those above
        INFO, or all of them when the log has nothing louder. Read from the end, so that a log of thousands of
        records makes only `limit` exceptions."""
        records = [item for item in self.items if isinstance(item, _LogRecord)]
        # Quiet records count only when there is nothing else: no louder record, and no traceback or warning.
        keep_quiet = len(records) == len(self.items) and all(record.level in QUIET_LEVELS for record in records)
        chosen: list[ParsedException] = []
        literals = _LiteralAllowance()
        for item in reversed(self.items):
            if len(chosen) == limit:
                break
            if isinstance(item, ParsedException):
                chosen.append(_new_tuple(ParsedException, (*item[:4], _readings(item.type, item.message, literals))))
            elif (keep_quiet or item.level not in QUIET_LEVELS) and (text := "\n".join(item.lines).strip()):
                chosen.append(_bare(text, "log", literals))
        return chosen[::-1]


def parse(text: str) -> Parsed:
    if "\x1b" in text:
        text = ANSI_ESCAPE.sub("", text)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        return _parsed(("empty", ()))
    if "\n" in text:
        lines = _lines(text)
    else:
        content, prefixed, level = strip_log_prefix(text)
        if not prefixed and not (".py:" in text and _warning(text.strip())):
            return _parsed(
                ("message", (_bare(text, "message", _LiteralAllowance()),))
            )  # the parser's, without its setup
        lines = [(content, prefixed, level, False, None)]
    parser = _Parser()
    parser.parse(lines)
    exceptions = parser.exceptions(MAX_EXCEPTIONS)
    if not exceptions:
        return _parsed(("message", (_bare(text, "message", _LiteralAllowance()),)))
    kind = "traceback" if parser.saw_traceback else "log"
    return _parsed((kind, tuple(reversed(exceptions))))

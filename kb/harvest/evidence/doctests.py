"""Examples in the documentation that show an error: a `>>>` session whose statement ends in a traceback,

    If you pass an invalid version string you will get a ValueError::

        >>> semver.parse("1.2")
        Traceback (most recent call last):
        ...
        ValueError: 1.2 is not valid SemVer string

read as an assertion like a test's (its type, and its message in full, placeholders given values), so that the
entry it shows gets the example as "How to trigger it", with the sentence that introduces it: the library's own
words for what the user did. The `>>>` lines of the block before it are its set-up.

One pass over the lines: each line is looked at a bounded number of times, whatever the text holds."""

import ast
import re
import textwrap

from kb.harvest.evidence.assertions import Assertion, called_names

PREFILTER = "Traceback (most recent call last)"
FORM = "doctest"
MAX_SETUP = 8  # `>>>` statements of the block kept above the one that raises
MAX_INTRO = 300  # characters of the sentence introducing an example
MAX_MESSAGE = 500
MAX_STACK = 60  # lines of a shown traceback skipped to its last line
# The exception's line: a (dotted) class name, a colon and the message (possessive: linear on any line).
_RAISED = re.compile(r"^((?:[A-Za-z_]\w*+\.)*+[A-Za-z_]\w*+):[ \t]++(\S.*+)")
_DIRECTIVE = re.compile(r"\.\.\s++[\w-]++::.*+")
# An inline reST role (":py:exc:`python:ValueError`", ":class:`~semver.version.Version`") and a literal in double
# backticks: said by the name they show. A role starts where no name character or colon is before it: a run of
# `:a:a:a` is read once, never once per colon.
_ROLE = re.compile(r"(?<![\w:-]):[\w-]++(?::[\w-]++)*+:`([^`]{0,200}+)`|``([^`]{0,200}+)``")


def read_doctests(text: str, path: str) -> list[Assertion]:
    """The examples of `text` (a document or a Python file's docstrings) that end in a traceback."""
    if PREFILTER not in text:
        return []
    lines = text.split("\n")
    found: list[Assertion] = []
    block: list[tuple[int, str]] = []  # (line, statement) of the `>>>` session read so far
    index = 0
    while index < len(lines):
        stripped = lines[index].strip()
        if not stripped.startswith(">>>"):
            if not stripped:
                block = []  # a blank line ends a session
            index += 1
            continue
        first = index
        statement = [stripped[3:].removeprefix(" ")]
        index += 1
        while index < len(lines) and lines[index].strip().startswith("..."):
            continuation = lines[index].strip()[3:]
            if not continuation.strip() and index + 1 < len(lines) and lines[index + 1].strip().startswith(">>>"):
                break
            statement.append(continuation.removeprefix(" "))
            index += 1
        if index < len(lines) and lines[index].strip().startswith(PREFILTER):
            end = _raised_line(lines, index)
            raised = _RAISED.fullmatch(lines[end].strip()) if end is not None else None
            if raised is not None and end is not None:
                assertion = _assertion(path, first, "\n".join(statement), block, raised, _intro(lines, first))
                if assertion is not None:
                    found.append(assertion)
                index = end + 1
                block = []
                continue
        block = [*block, (first + 1, "\n".join(statement))][-MAX_SETUP:]
    return found


def _raised_line(lines: list[str], header: int) -> int | None:
    """The traceback's last line (the exception and its message): the first after the header, at most as
    indented as it, that is not `...` (the stack between is skipped)."""
    indent = len(lines[header]) - len(lines[header].lstrip())
    for index in range(header + 1, min(len(lines), header + 1 + MAX_STACK)):
        line = lines[index]
        stripped = line.strip()
        if not stripped or stripped.startswith(">>>"):
            return None
        if stripped.startswith("...") or len(line) - len(line.lstrip()) > indent:
            continue
        return index
    return None


def _intro(lines: list[str], first: int) -> str:
    """The paragraph right above the example's session (over its blank lines and a code directive), when it
    introduces it (ends with a colon): "If you pass an invalid version string you will get a ValueError"."""
    index = first - 1
    while index >= 0 and (lines[index].strip().startswith(">>>") or lines[index].strip().startswith("...")):
        index -= 1
    while index >= 0 and (not lines[index].strip() or _DIRECTIVE.fullmatch(lines[index].strip())):
        index -= 1
    paragraph: list[str] = []
    while index >= 0 and lines[index].strip() and len(paragraph) < 6:
        paragraph.insert(0, lines[index].strip())
        index -= 1
    text = " ".join(paragraph)
    if not text.endswith(":") or len(text) > MAX_INTRO:
        return ""
    return _ROLE.sub(_shown, text).rstrip(":").rstrip()


def shown_roles(text: str) -> str:
    """`text` with each inline role and double-backticked literal said by the name it shows."""
    return _ROLE.sub(_shown, text)


def _shown(role: re.Match) -> str:
    if role[2] is not None:
        return role[2]
    target = role[1]
    if target.endswith(">") and "<" in target:  # :ref:`the title <label>`
        return target[: target.index("<")].strip()
    if target.startswith("~"):  # the last part of a dotted name
        return target[1:].rpartition(".")[2]
    return target.rpartition(":")[2]  # `python:ValueError`, an intersphinx name


def _assertion(
    path: str, first: int, statement: str, block: list[tuple[int, str]], raised: re.Match, intro: str
) -> Assertion | None:
    message = raised[2].strip()[:MAX_MESSAGE]
    setup = [code for _, code in block]
    try:
        tree = ast.parse(textwrap.dedent("\n".join([*setup, statement])))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    calls = called_names(tree.body)
    whole = "\n".join([*setup, statement])
    return Assertion(
        path=path,
        line=first + 1,
        name="",
        form=FORM,
        types=(raised[1].rpartition(".")[2],),
        chunks=(message,),
        exact=message,
        calls=calls,
        code=whole,
        start=block[0][0] if block else first + 1,
        call=statement if not setup else "",
        pinned=first + 1,
        said=intro,
    )

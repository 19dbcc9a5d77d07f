"""A documentation paragraph around a mention, and how well it speaks of an entry.

The paragraph of a line is the run of non-blank lines around it; for a directive (`.. exception:: X`,
`.. method:: get()`) or a heading, it is the body under it instead, since the line itself says nothing.
Its lines are joined with single spaces and clipped at a word. Relevance counts what a reader wants named:
the function that raises (or a public entry point that reaches it) and the exception or the message."""

import re
from dataclasses import dataclass

from errorkb.matching.template import compile_template
from kb.harvest.reading.extract import FoundSite

EntryKey = tuple[str, str, str]

MAX_PARAGRAPH = 600
MAX_REACH = 40  # lines looked at on each side of the mention: a paragraph is rarely longer
# Linear by construction, as every pattern over a repository's text (tests/harvest/test_adversarial_patterns.py).
_DIRECTIVE = re.compile(r"^\s*+\.\.\s++[\w-]++(?::[\w-]++)*+::")
_OPTION = re.compile(r"^\s*+:[\w -]++:(?:\s|$)")  # a directive's option (`:noindex:`), a field list's name
_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+])\1{2,}+\s*+$")
_MARKDOWN_HEADING = re.compile(r"^\s*+#++\s")
_WORD_CHARACTER = re.compile(r"\w")
# A list item's or a field's start: a new sentence, not the one before wrapped (`- x`, `* x`, `1. x`, `:param:`).
_ITEM = re.compile(r"^\s*+(?:[-*+]|\d{1,9}+[.)]|:[\w -]++:)(?:\s|$)")
_CODE_DIRECTIVE = re.compile(r"^\s*+\.\.\s++(?:code-block|code|sourcecode|console|doctest)::")
_CODE_STARTS = (
    ">>>",
    "...",
    "$ ",
    "from ",
    "import ",
    "def ",
    "class ",
    "@",
    "{%",
    "{{",
    "<",
    "#",
    "//",
    "```",
    "diff ",
    "--- ",
    "+++ ",
    "@@ ",
    "Traceback",
)
# Release notes and changelogs: a paragraph there tells of a fix, not of what the error means, unless it quotes it.
_HISTORY = re.compile(r"(?:^|/)(?:releases?|changelog|changes|whatsnew|news|history)(?:/|\.|[-_]|$)", re.IGNORECASE)
_MIN_NAME = 8  # a shorter bare function name says too little alone (`get` is fine qualified: `QuerySet.get`)
_MIN_QUOTED = 20  # characters of literal text a quoted message must have, in three words or more


@dataclass(frozen=True)
class Names:
    """What an entry's paragraph should name, lowercased: its functions' names (qualified and bare) and its
    exception's class name and the longest literal of its message."""

    functions: tuple[str, ...]
    error: tuple[str, ...]
    message: tuple[str, ...] = ()  # the message's literal stretches, lowercased, when they say enough


def names_of(key: EntryKey, sites: list[FoundSite]) -> Names:
    functions: list[str] = []
    for site in sites:
        qualified = [site.function]
        for entry in (site.evidence or {}).get("entry_points") or []:
            if isinstance(entry, dict) and isinstance(entry.get("function"), str):
                qualified.append(entry["function"])
        for name in qualified:
            parts = [p for p in name.split(".") if p and not p.startswith("<")]
            if parts and parts[-1] == "__init__":
                parts = parts[:-1]  # a constructor: its class
            if not parts or parts[-1].startswith("_"):
                continue
            functions.append(".".join(parts[-2:]).lower())
            if len(parts[-1]) >= _MIN_NAME or "_" in parts[-1]:  # `handle`, `clean`: too common alone
                functions.append(parts[-1].lower())
    error = [key[0].rsplit(".", 1)[-1].lower()]
    template = compile_template(key[1]) if key[1] else None
    message: tuple[str, ...] = ()
    if template is not None and template.literals:
        # Inner whitespace made single, an edge's kept: "Missing argument {x}" is not "missing arguments".
        stretches = tuple(s for literal in template.literals if len((s := _spaced(literal.lower())).strip()) >= 3)
        if sum(len(s.strip()) for s in stretches) >= _MIN_QUOTED and len(" ".join(stretches).split()) >= 3:
            message = stretches
            error.append(max(stretches, key=len))
    return Names(tuple(dict.fromkeys(functions)), tuple(error), message)


def score(text: str, names: Names, *, path: str = "") -> int:
    """2 for naming a function, 1 for naming the exception or the message. In release notes, only a paragraph
    that quotes the message counts."""
    lowered = " ".join(text.lower().split())
    if path and is_history(path):  # a fix's note: about this error only when it quotes it and names its class
        return int(quotes(text, names) and _named(" ".join(text.lower().split()), names.error[0]))
    error = any(_named(lowered, name) for name in names.error)
    return 2 * any(_named(lowered, name) for name in names.functions) + int(error)


def quotes(text: str, names: Names) -> bool:
    """Whether the paragraph holds the message: each of its literal stretches, in order."""
    if not names.message:
        return False
    lowered, at = f" {_spaced(text.lower())} ", 0
    for stretch in names.message:
        at = lowered.find(stretch, at)
        if at == -1:
            return False
        at += len(stretch)
    return True


def is_history(path: str) -> bool:
    return bool(_HISTORY.search(path))


def _spaced(text: str) -> str:
    """Each run of whitespace one space, a run at an edge kept as one."""
    inner = " ".join(text.split())
    return f"{' ' if text[:1].isspace() else ''}{inner}{' ' if text[-1:].isspace() and inner else ''}"


def _named(text: str, name: str) -> bool:
    """`name` in `text` as a whole word (or phrase), found in one pass per occurrence."""
    start = text.find(name)
    while start != -1:
        end = start + len(name)
        before = start > 0 and _WORD_CHARACTER.match(text[start - 1])
        after = end < len(text) and _WORD_CHARACTER.match(text[end])
        if not before and not after:
            return True
        start = text.find(name, start + 1)
    return False


def paragraph(lines: list[str], number: int) -> str:
    """The paragraph of line `number` (1-based), or the body under it when it is a directive or a heading;
    "" when there is none."""
    index = number - 1
    if index >= len(lines):
        return ""
    if _heads(lines, index):
        body = _body_after(lines, index)
        if body is None or (_DIRECTIVE.match(lines[index]) and _indent(lines[body]) <= _indent(lines[index])):
            return ""  # no prose, or prose after the directive rather than its content
        index = body
    first = index
    while first > 0 and index - first < MAX_REACH and _in_paragraph(lines, first - 1):
        first -= 1
    last = index
    while last + 1 < len(lines) and last - index < MAX_REACH and _in_paragraph(lines, last + 1):
        last += 1
    if _is_code(lines, first):
        return ""
    return _clip(" ".join(line.strip() for line in lines[first : last + 1]))


def wrapped_line(lines: list[str], number: int, limit: int) -> str:
    """Line `number` (1-based) with the lines its sentence wraps onto (round 22's card 25: "... a value for a" /
    "required field"), up to the next item, blank line or heading, joined with single spaces and clipped at a word
    to `limit`; the line alone when it is code (`paragraph` finds no prose around it)."""
    index = number - 1
    line = lines[index].strip()
    if _heads(lines, index) or not paragraph(lines, number):
        return _clip(line, limit)
    joined, last = [line], index
    while last + 1 < len(lines) and last - index < MAX_REACH and sum(map(len, joined)) <= limit:
        following = lines[last + 1]
        if not _in_paragraph(lines, last + 1) or _ITEM.match(following) or following.strip().startswith(_CODE_STARTS):
            break
        joined.append(following.strip())
        last += 1
    return _clip(" ".join(joined), limit)


def is_directive(line: str) -> bool:
    return bool(_DIRECTIVE.match(line))


def _indent(line: str) -> int:
    return len(line.expandtabs()) - len(line.expandtabs().lstrip())


def _is_code(lines: list[str], first: int) -> bool:
    """An example rather than prose: a literal block (after `::` or a code directive, indented deeper) or
    lines that read as code or a shell session."""
    head = lines[first].strip()
    if head.startswith(_CODE_STARTS):
        return True
    above = next((lines[at] for at in range(first - 1, max(-1, first - MAX_REACH), -1) if lines[at].strip()), "")
    indent = len(lines[first]) - len(lines[first].lstrip())
    deeper = indent > len(above) - len(above.lstrip())
    return deeper and (above.rstrip().endswith("::") or bool(_CODE_DIRECTIVE.match(above)))


def _heads(lines: list[str], index: int) -> bool:
    """A directive, a Markdown heading, a reStructuredText title (or its underline)."""
    line = lines[index]
    if _DIRECTIVE.match(line) or _MARKDOWN_HEADING.match(line) or _UNDERLINE.match(line):
        return True
    return index + 1 < len(lines) and bool(line.strip()) and bool(_UNDERLINE.match(lines[index + 1]))


def _body_after(lines: list[str], index: int) -> int | None:
    """The first line of prose after a heading or a directive (its options and blank lines passed over)."""
    for at in range(index + 1, min(len(lines), index + MAX_REACH)):
        line = lines[at]
        if not line.strip() or _OPTION.match(line) or _UNDERLINE.match(line):
            continue
        if _DIRECTIVE.match(line) or _MARKDOWN_HEADING.match(line):
            return None  # another directive before any prose
        if _heads(lines, at):
            continue  # a title under a `.. setting::` target
        return at
    return None


def _in_paragraph(lines: list[str], index: int) -> bool:
    line = lines[index]
    return bool(line.strip()) and not _heads(lines, index) and not _OPTION.match(line)


def _clip(text: str, limit: int = MAX_PARAGRAPH) -> str:
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit - 1)
    return text[: cut if cut > limit // 2 else limit - 1].rstrip() + "…"

"""What a function's docstring says it raises, by exception name (issue 29: the library's own words for when).

Three forms are read, line by line in one pass: a Sphinx field (`:raises ValueError: if the key is unknown`), a
Google or NumPy "Raises" section (`ValueError: if ...` / `ValueError` then its indented description), and a prose
sentence naming the exception beside a verb of raising ("If *value* is not a member, raise ValueError."). The
docstring_parser package reads the sections but not the sentences, and nothing says it runs in linear time on a
hostile docstring: this reads the first DOC_LIMIT characters with anchored patterns, no backtracking between them.
"""

import ast
import re
from collections import Counter

from kb.harvest.reading.walked import docstring, nodes_of_kind
from kb.text import breadth

DOC_LIMIT = 8_000
SAID_LIMIT = 300
MAX_TYPES = 8

# Each is used whole (`fullmatch`); `(?<!\s)` keeps a search linear too: it starts on no space inside a run of
# them, each of which would read the rest of the run again.
_FIELD = re.compile(r"(?<!\s)\s*+:(?:raises?|except|exception|throws?)\s++([\w.]{1,200}+)\s*+:(.*+)")
_SECTION = re.compile(r"(?<!\s)\s*+(?:Raises|Raise|Throws|Exceptions)\s*+(:?)\s*+")
_DASHES = re.compile(r"(?<!\s)\s*+-{3,}+\s*+")
_GOOGLE_ITEM = re.compile(r"\s*+:?(?:exc:|class:)?`{0,2}+~?([\w.]{1,200}+)`{0,2}+\s*+(?::(.*+))?")
_RAISING = re.compile(r"\b(?:rais(?:e|es|ed|ing)|throws?|thrown|warns?|warned|issued)\b", re.IGNORECASE)
_CLASS_NAME = re.compile(r"[A-Z][a-z0-9]++(?:[A-Z][a-z0-9]*+)++")  # CamelCase: `DoesNotExist`, `ValueError`
_ENDINGS = ("Error", "Exception", "Exit", "Warning", "Invalid", "404")
_WORD = re.compile(r"[A-Za-z_][\w.]{0,200}+")
_ROLE = re.compile(r":(?:py:)?(?:exc|class|exception|meth|func|attr|obj|data|mod):`~?([^`]{1,200}+)`")
_ITEM = re.compile(r"(?:[-*+]|\d{1,3}+[.)])\s")
_LITERAL = re.compile(r"``([^`]{1,200}+)``")


def raises_said(doc: str) -> dict[str, str]:
    """Each exception the docstring says the function raises (its last dotted part) -> the words that say so."""
    lines = doc[:DOC_LIMIT].splitlines()
    said: dict[str, str] = {}
    _fields(lines, said)
    _sections(lines, said)
    _sentences(lines, said)
    return said


def _keep(said: dict[str, str], name: str, text: str) -> None:
    short = name.rpartition(".")[2]
    text = _clean(text)
    if short and text and short not in said and len(said) < MAX_TYPES:
        said[short] = text if len(text) <= SAID_LIMIT else text[: SAID_LIMIT - 1].rstrip() + "…"


def _clean(text: str) -> str:
    """Sphinx's roles and double backticks as the plain names they mark."""
    text = _ROLE.sub(lambda m: "`" + m[1].rpartition(".")[2] + "`", text)
    return " ".join(_LITERAL.sub(r"`\1`", text).split())


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _continued(lines: list[str], start: int, deeper_than: int) -> tuple[list[str], int]:
    """The lines after `start` indented deeper than `deeper_than`, up to a blank line or a shallower one."""
    taken = []
    index = start + 1
    while index < len(lines) and lines[index].strip() and _indent(lines[index]) > deeper_than:
        if _FIELD.fullmatch(lines[index]):
            break
        taken.append(lines[index].strip())
        index += 1
    return taken, index


def _fields(lines: list[str], said: dict[str, str]) -> None:
    for index, line in enumerate(lines):
        if found := _FIELD.fullmatch(line):
            more, _ = _continued(lines, index, _indent(line))
            _keep(said, found[1], " ".join([found[2].strip(), *more]))


def _sections(lines: list[str], said: dict[str, str]) -> None:
    index = 0
    while index < len(lines):
        header = _SECTION.fullmatch(lines[index])
        numpy = bool(header) and index + 1 < len(lines) and bool(_DASHES.fullmatch(lines[index + 1]))
        if header is None or not (header[1] or numpy):
            index += 1
            continue
        depth = _indent(lines[index])
        index += 2 if numpy else 1
        while index < len(lines) and lines[index].strip():
            line = lines[index]
            item = _GOOGLE_ITEM.fullmatch(line)
            if numpy and index + 1 < len(lines) and _DASHES.fullmatch(lines[index + 1]):
                break  # the next NumPy section
            if item is None or _indent(line) < depth or (not numpy and _indent(line) == depth):
                break
            more, index = _continued(lines, index, _indent(line))
            _keep(said, item[1], " ".join([(item[2] or "").strip(), *more]))


def _sentences(lines: list[str], said: dict[str, str]) -> None:
    """A sentence that names an exception and a verb of raising, in the prose: each paragraph on its own, without
    its doctest lines (`>>>`, `...` and their output) and fields (read above)."""
    for paragraph in _paragraphs(lines):
        for sentence in re.split(r"(?<=[.!?])\s++(?=[A-Z*`:(])", paragraph):
            if not _RAISING.search(sentence):
                continue
            cleaned = _clean(_ITEM.sub("", sentence, count=1) if _ITEM.match(sentence) else sentence)
            for word in _WORD.findall(cleaned):
                short = word.rstrip(".").rpartition(".")[2]
                if short[:1].isupper() and (_CLASS_NAME.fullmatch(short) or short.endswith(_ENDINGS)):
                    _keep(said, short, cleaned)


def _paragraphs(lines: list[str]) -> list[str]:
    paragraphs: list[str] = []
    current: list[str] = []
    in_example = False
    for line in [*lines, ""]:
        text = line.strip()
        if not text:
            in_example = False
            if current:
                paragraphs.append(" ".join(current))
                current = []
            continue
        if text.startswith(">>>"):
            in_example = True
        if _ITEM.match(text) and current:  # a list's item is a sentence of its own
            paragraphs.append(" ".join(current))
            current = []
        if not in_example and not _FIELD.fullmatch(line):
            current.append(text)
    return paragraphs


def documented_raises(node: ast.AST) -> dict[str, dict[str, str | int]]:
    """What a function's docstring says it raises, each with how many `raise` statements of the function
    name it."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return {}
    doc = docstring(node) or ""
    said = raises_said(doc) if _RAISING.search(doc[:DOC_LIMIT]) or ":raise" in doc[:DOC_LIMIT] else {}
    if not said:
        return {}
    places = Counter(name for name in _raised_names(node) if name in said)
    return {name: {"said": text, "places": places[name]} for name, text in said.items()}


def _raised_names(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """The names each `raise` of the function mentions (`raise too_short or ValueError(...)` mentions both), nested
    functions included: a docstring speaks for the generator or closure its function returns."""
    names: list[str] = []
    for node in nodes_of_kind(function, ast.Raise):
        if node.exc is not None:
            mentioned = {
                part.attr if isinstance(part, ast.Attribute) else part.id
                for part in breadth.walk(node.exc)
                if isinstance(part, (ast.Attribute, ast.Name))
            }
            names.extend(mentioned)
    return names

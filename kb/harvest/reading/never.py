"""A raise its authors mark as one that should never run (round 25's card 21: deepdiff 9.1.0 `model.py:185-191`,
`else:  # pragma: no cover` / `# should never happen` / `raise TypeError(...)`): the card then names no way in,
since any it named would be false, and says what is true instead: meeting it points to a bug in the library.

Only comments count, and only those on the raise's own lines, on its branch header (the `if`, `elif`, `else`,
`except` or `case` line right above it) and in the comment lines right above it: a message that says
"unreachable" is no author's word on the branch, and `pragma: no cover` alone marks reachable defensive code too.
"""

import ast
import io
import re
import tokenize

MAX_ABOVE = 4  # comment lines right above the raise read
MAX_RAISE_LINES = 12  # lines of a raise statement tokenized for its comments
MAX_COMMENT = 200
# Linear by construction: literal starts, possessive repeats.
_NEVER = re.compile(
    r"should(?:\s++never|\s++not|n['\u2019]t)\s++(?:ever\s++)?+happen"
    r"|can(?:not|['\u2019]t|\s++not)\s++(?:ever\s++)?+happen"
    r"|never\s++(?:ever\s++)?+happens?+|^\s*+unreachable\b",
    re.I,
)
# "can't happen via get()", "should not happen unless ...": the authors name a way it does happen.
_QUALIFIERS = frozenset({"via", "if", "unless", "except", "when", "from", "outside"})
# `# type: ignore[unreachable]`, `# lgtm[py/unreachable-statement]`, `# pylint: disable=...`: a tool's pragma.
_PRAGMA = re.compile(r"^\s*+(?:type:|lgtm\b|pylint:|noqa\b|mypy:|pyright:)", re.I)
_HEADERS = ("if ", "if(", "elif ", "elif(", "else", "except", "case ", "finally")


def _hinted(line: str) -> bool:
    """Whether the line holds "happen" or "unreachable", in any case: a line without them holds no such comment.
    (`str.lower` and `in`, as `re.compile("happen|unreachable", re.I).search` finds them, without its try at every
    character: 309 instructions a character.)"""
    lowered = line.lower()
    return "happen" in lowered or "unreachable" in lowered


def never_runs(lines: list[str], raise_node: ast.AST, path: str) -> dict | None:
    """{"path", "line", "comment"}: the author's comment saying the raise's branch cannot run, and where it is
    (`path`: the raise's file); None when no comment of the raise's own says so."""
    if not isinstance(raise_node, ast.Raise):
        return None
    first = raise_node.lineno
    last = min(getattr(raise_node, "end_lineno", None) or first, first + MAX_RAISE_LINES - 1)
    if not 1 <= first <= len(lines):
        return None
    indent = _indent(lines[first - 1])
    at = first - 1
    above: list[int] = []
    while at >= 1 and len(above) < MAX_ABOVE and lines[at - 1].lstrip().startswith("#"):
        above.append(at)
        at -= 1
    candidates = [*range(first, min(last, len(lines)) + 1), *above]
    if at >= 1 and _indent(lines[at - 1]) < indent and lines[at - 1].lstrip().startswith(_HEADERS):
        candidates.append(at)  # the branch's header, right above the raise and its comments
    if not any(_hinted(lines[n - 1]) for n in candidates):
        return None  # the usual case: no line so much as holds the words
    for line in sorted(candidates):
        text = lines[line - 1]
        comments = [text.lstrip()[1:]] if line in above else _comments(lines, line, first, last)
        for comment in comments:
            if _says_never(comment):
                return {"path": path, "line": line, "comment": comment.strip()[:MAX_COMMENT]}
    return None


def _says_never(comment: str) -> bool:
    """Whether a comment is the authors' word that the branch cannot run: not a tool's pragma (`type:
    ignore[unreachable]`), and not qualified by a way it does happen ("can't happen via get()")."""
    if _PRAGMA.match(comment):
        return False
    found = _NEVER.search(comment)
    if found is None:
        return False
    after = comment[found.end() : found.end() + 40].lstrip().lstrip("(,:-").split(maxsplit=1)
    return not after or after[0].lower().strip("(),.:;") not in _QUALIFIERS


def _comments(lines: list[str], line: int, first: int, last: int) -> list[str]:
    """The comments on `line`: a line of the raise is tokenized with the whole statement (a string it holds is no
    comment), a header line alone."""
    start, end = (first, last) if first <= line <= last else (line, line)
    text = "\n".join(lines[start - 1 : end]) + "\n"
    found: list[str] = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(text.lstrip()).readline):
            if token.type == tokenize.COMMENT and token.start[0] + start - 1 == line:
                found.append(token.string[1:])
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass  # the comments read before it stand
    return found


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())

"""What a raise says beyond its test (issue 29, §1): a method left for subclasses to define, and the comment the
code's author wrote beside the raise.

- "abstract": a method whose whole body raises `NotImplementedError` (after its docstring) is one a subclass must
  define. The error then means an object's class inherits it without defining it; which of the repository's own
  subclasses define it, and which inherit it as it is, are read from the harvest's class index.
- "comment": the comment lines right above the raise (or above the test that decides it), as the author wrote them;
  often the why of the check ("If the model is a proxy, ensure that the base class hasn't been swapped out.").
  Commented-out code, tool pragmas and to-do notes are not comments a reader needs.
"""

import ast
import re
from itertools import takewhile

from kb.harvest.reading.callers import is_private, is_test
from kb.harvest.reading.classes import ClassIndex, ClassInfo
from kb.harvest.reading.walked import docstring
from kb.text import breadth
from kb.text.written import unparse

MAX_NAMED = 5  # subclasses named in each list; the counts say the rest
MAX_COMMENT_LINES = 6
MAX_COMMENT = 400
MIN_WORDS = 3
_TOOL = re.compile(r"^(?:noqa|type:|pragma|pylint|mypy|fmt:|isort|flake8|nosec|ruff|pyright|coverage)", re.I)
_NOTE = re.compile(r"^(?:TODO|FIXME|XXX|HACK|NOTE: remove|RemovedIn)\b", re.I)
_DEFINE = re.compile(r"subclass|implement|overrid|abstract|must (?:provide|define)|should (?:provide|define)", re.I)
_CODE_CHARS = re.compile(r"[()=\[\]{}:]")


def left_open(function: ast.AST, raise_node: ast.AST, index: ClassIndex, owner: str | None) -> dict | None:
    """{"class", "method", "defined_by", "defined", "inherited_by", "inherited"} for a raise that is the whole body
    of a method left to subclasses (the subclasses by qualified name: many share a short one, `Command`), with
    "property": true for a property's getter and "default": true for an error other than `NotImplementedError`;
    None for any other raise. Such an other error counts where a subclass defines the name, as a method or a class
    attribute: `BaseEngine.app_dirname` raises `ImproperlyConfigured`, and Django's three engines set their own."""
    if not owner or not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    body = function.body[1:] if docstring(function) is not None else function.body
    if len(body) != 1 or body[0] is not raise_node or not isinstance(raise_node, ast.Raise):
        return None
    info = index.get(owner)
    if info is None:
        return None
    name = function.name
    defined: list[str] = []
    inherited: list[str] = []
    subclasses = [c for c in index.subclasses(owner) if not is_test(c.module.path, c.qualname)]
    if not _not_implemented(raise_node) and not any(_defines(sub, name) for sub in subclasses):
        return None  # another error, which no subclass avoids by defining the name: a refusal, not left open
    for sub in subclasses:
        if _defines(sub, name):
            defined.append(sub.qualname)
            continue
        found = index.method(sub.qualname, name)
        between = takewhile(lambda ancestor: ancestor.qualname != info.qualname, index.mro(sub.qualname))
        if found is None or found[0] is not function or any(name in a.attributes for a in between):
            continue  # a class between them defines it
        # An intermediate base whose own subclasses define it is not one an object is made of.
        if not any(_defines(c, name) for c in index.subclasses(sub.qualname)):
            inherited.append(sub.qualname)
    if not defined and not _asks_for_a_definition(raise_node):
        # No subclass of the repository defines it and the message only refuses ("RequestSite cannot be saved."):
        # a class that will not do this, not a method left to subclasses (round 14's card 12).
        return None
    property_ = any(unparse(d).rpartition(".")[2] in ("property", "cached_property") for d in function.decorator_list)
    return (
        {
            "class": _short(owner, info.module.name),
            "method": name,
            "defined_by": [qualname for qualname in defined if not is_private(qualname)][:MAX_NAMED],
            "defined": len(defined),
            "inherited_by": [qualname for qualname in inherited if not is_private(qualname)][:MAX_NAMED],
            "inherited": len(inherited),
        }
        | ({"property": True} if property_ else {})
        | ({} if _not_implemented(raise_node) else {"default": True})
    )


def _defines(info: ClassInfo, name: str) -> bool:
    """Whether a class defines `name` itself, as a method or a class attribute."""
    return name in info.methods or name in info.attributes


def needs_override(function: ast.AST, statement: ast.stmt, index: ClassIndex, owner: str | None) -> dict | None:
    """{"method", "class", "line"} when a statement of the function's own body above the raise's calls
    `self.m(...)` and the class's `m` (its own or a base's) only raises `NotImplementedError`: the raise is reached
    only on objects whose class defines `m` itself. `FieldCacheMixin.cache_name` calls `self.get_cache_name()`
    before it warns (round 15's card 07: "every time" was false)."""
    if not owner or not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or statement not in function.body:
        return None
    for above in function.body[: function.body.index(statement)]:
        for node in breadth.walk(above):
            if isinstance(node, ast.stmt) and node is not above:
                break  # a nested block runs on some calls only
            call = node if isinstance(node, ast.Call) else None
            if call is None or not isinstance(call.func, ast.Attribute) or unparse(call.func.value) != "self":
                continue
            found = index.method(owner, call.func.attr)
            if found is None:
                continue
            body = found[0].body[1:] if docstring(found[0]) is not None else found[0].body
            if len(body) == 1 and _not_implemented(body[0]):
                return {
                    "method": call.func.attr,
                    "class": _short(found[1].qualname, found[1].module.name),
                    "line": call.lineno,
                }
    return None


def _not_implemented(node: ast.AST) -> bool:
    if not isinstance(node, ast.Raise) or node.exc is None:
        return False
    raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    return isinstance(raised, ast.Name) and raised.id == "NotImplementedError"


def _asks_for_a_definition(node: ast.AST) -> bool:
    """Whether the raise's message (if it has one written out) speaks of defining the method in a subclass; no
    message, or one built at run time, says nothing either way and counts as asking."""
    call = node.exc if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) else None
    first = call.args[0] if call is not None and call.args else None
    if not isinstance(first, ast.Constant) or not isinstance(first.value, str):
        return True
    return bool(_DEFINE.search(first.value[:MAX_COMMENT]))


def _short(qualname: str, module: str) -> str:
    return qualname[len(module) + 1 :] if qualname.startswith(module + ".") else qualname


def comment_near(lines: list[str], raise_line: int, deciding_line: int | None) -> str:
    """The comment block right above the raise's line, else right above the deciding test's line (or the one
    statement before it, or the `for` header the test opens the body of), else above the run of `assert` lines the
    raise's `assert` ends: its text, one paragraph; "" when there is none a reader needs."""
    for line in (raise_line, deciding_line):
        if line and (text := _block_above(lines, line)):
            return text
    if deciding_line and 2 <= deciding_line <= len(lines):
        # One statement between the note and its check (`module = import_module(name)` before `if not hasattr(...)`),
        # in the same block: the note is still about the check.
        above, check = lines[deciding_line - 2], lines[deciding_line - 1]
        if above.strip() and not above.strip().startswith("#") and _indent(above) == _indent(check):
            if text := _block_above(lines, deciding_line - 1):
                return text
        # A loop whose body opens with the check (`for index in self.options["indexes"]:` over `if not index.name:`):
        # the note above the loop is about the check it makes on each item ("Sanity-check that indexes have their
        # name set."). Only a one-line `for` header directly above, the check indented under it.
        if _loop_header(above) and _indent(above) < _indent(check) and (text := _block_above(lines, deciding_line - 1)):
            return text
    if raise_line and (first := _first_of_asserts(lines, raise_line)) != raise_line:
        # An `assert` in a run of them under one note ("Some combinations of keyword arguments do not make
        # sense." over four `assert not (...)` lines): the note speaks for each check of the run.
        return _block_above(lines, first)
    return ""


def _first_of_asserts(lines: list[str], line: int) -> int:
    """The first line of the run of `assert` statements, one after the other at one indent with no blank line
    between, that the `assert` on `line` ends; `line` itself when it is no `assert` or opens the run."""
    if not 1 <= line <= len(lines) or not _is_assert(lines[line - 1]):
        return line
    indent, first, at = _indent(lines[line - 1]), line, line - 1  # `at`: the 1-based line above
    while at >= 1 and lines[at - 1].strip() and not lines[at - 1].strip().startswith("#"):
        above = lines[at - 1]
        if _indent(above) < indent:
            break
        if _indent(above) == indent:
            if not _is_assert(above):
                break
            first = at
        at -= 1  # deeper: a continuation line of the statement above
    return first


def _is_assert(line: str) -> bool:
    return line.strip().startswith(("assert ", "assert("))


def _loop_header(line: str) -> bool:
    """A whole `for` header on one line, with no comment of its own (`for index in indexes:`)."""
    text = line.strip().removeprefix("async ")
    return text.startswith(("for ", "for\t")) and text.endswith(":") and "#" not in text


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _block_above(lines: list[str], line: int) -> str:
    found: list[str] = []
    at = line - 2  # the line above, 0-based
    while at >= 0 and len(found) < MAX_COMMENT_LINES:
        stripped = lines[at].strip()
        if not stripped.startswith("#"):
            break
        found.append(stripped.lstrip("#").strip())
        at -= 1
    if not found or (at >= 0 and lines[at].strip().startswith("#")):
        return ""  # none, or a longer block than a note on this check (a file's header, a long essay)
    found.reverse()
    if any(_TOOL.match(text) or _NOTE.match(text) or _is_code(text) for text in found):
        return ""
    text = " ".join(part for part in found if part)
    if len(text.split()) < MIN_WORDS or len(text) > MAX_COMMENT:
        return ""
    return text


def _is_code(text: str) -> bool:
    """Commented-out code: it parses as Python and has an operator or a call (plain words do not parse)."""
    if not _CODE_CHARS.search(text):
        return False
    try:
        ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True

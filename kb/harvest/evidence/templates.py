"""The template a test renders, and the template tags it uses (issue 29, round 24's card 09).

Django's template tests write the failing template in a decorator (`@setup({"template": "{% blocktranslate with
foo=bar with %}..."})`) or pass it in place (`Template("{% include %}")`), and raise with a call that names no tag
(`self.engine.render_to_string("template")`): the test's call resolves to nothing of the tag's, but the template
names it. A string the triggering code passes is a template when it holds `{% name`; a plain string it passes
(`"template"`) is looked up as a key of a dict literal in the test's decorators, whose value may be one. Each tag
is then a name the test reaches (`TAG` + its name), as a template tag entry point of the package is reached
(`triggers`). Read from the one test function already parsed: no other walk of the file."""

import ast
import re
from collections.abc import Sequence
from dataclasses import dataclass

from kb.harvest.evidence.forms import callable_position
from kb.text import breadth

TAG = "tag:"  # a template tag a test's template uses (`tag:blocktranslate`), as `COMMAND` names a command
MAX_TEMPLATE = 2_000  # characters of a template kept: a longer one is no template a reader copies
MAX_TAGS = 16  # tags read from one template
MAX_KEYS = 64  # a decorator's dict entries read
# Linear: a literal start, possessive repeats.
_TAG = re.compile(r"\{%-?+[ \t]*+(\w++)")


@dataclass(frozen=True)
class Rendered:
    """A template the test renders: its text, its line in the test file, and the tags it uses."""

    text: str
    line: int
    tags: tuple[str, ...]


def rendered_by(
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    call: ast.Call,
    form: str,
    body: list[ast.stmt] | None,
    strings: dict[str, list[tuple[int, ast.expr]]],
    shift: int,
) -> Rendered | None:
    """The template an assertion's with-block, or its callable form's call (`assertRaises(T, Template, "{% x %}")`),
    renders."""
    if body is not None:
        return rendered(function, body, strings, shift)
    position = callable_position(form)
    if len(call.args) <= position:
        return None
    applied_call = ast.Call(func=call.args[position], args=call.args[position + 1 :], keywords=[])
    return rendered(function, [applied_call], strings, shift)


def rendered(
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    nodes: Sequence[ast.AST],
    strings: dict[str, list[tuple[int, ast.expr]]],
    shift: int,
) -> Rendered | None:
    """The one template the triggering code (`nodes`) renders, or None: none, or several (which one raised is not
    said). `strings`: the test's local bindings (a name bound once to a template is read through it)."""
    keyed: dict[str, tuple[str, int]] | None = None
    found: dict[str, int] = {}
    for text, line in _passed(nodes, strings):
        if "{%" not in text:
            if keyed is None:
                keyed = _decorated(function)
            text, line = keyed.get(text, ("", 0))
        if "{%" in text and len(text) <= MAX_TEMPLATE:
            found.setdefault(text, line)
    if len(found) != 1:
        return None
    [(text, line)] = found.items()
    tags = tuple(dict.fromkeys(m[1] for _, m in zip(range(MAX_TAGS), _TAG.finditer(text), strict=False)))
    return Rendered(text, line + shift, tags) if tags else None


def _passed(nodes: Sequence[ast.AST], strings: dict[str, list[tuple[int, ast.expr]]]) -> list:
    """(text, line) of each string the code's calls pass, a local name bound once read as its value."""
    found = []
    for top in nodes:
        for node in breadth.walk(top):
            if not isinstance(node, ast.Call):
                continue
            for given in [*node.args, *(k.value for k in node.keywords)]:
                if isinstance(given, ast.Name) and len(bound := strings.get(given.id, [])) == 1:
                    given = bound[0][1]
                if isinstance(given, ast.Constant) and isinstance(given.value, str):
                    found.append((given.value, given.lineno))
    return found


def _decorated(function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, tuple[str, int]]:
    """{key: (template, its line)} of the dict literals in the function's decorators (`@setup({...})`)."""
    keyed: dict[str, tuple[str, int]] = {}
    for decorator in function.decorator_list:
        for node in breadth.walk(decorator):
            if not isinstance(node, ast.Dict):
                continue
            for key, value in zip(node.keys[:MAX_KEYS], node.values[:MAX_KEYS], strict=False):
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    if isinstance(value, ast.Constant) and isinstance(value.value, str):
                        keyed.setdefault(key.value, (value.value, value.lineno))
    return keyed


_OPENERS = {"{%": "%}", "{{": "}}", "{#": "#}"}


def first_use(text: str, tag: str, library: str) -> str | None:
    """The text of the template's first tag (`{% regroup data by bar as %}` -> "regroup data by bar as", Django's
    `token.contents`) when it is `tag` and nothing compiled before it may raise: only text, comments and `{% load
    <library> %}` (the tag's own library) come before it. None otherwise: a variable (`{{ x|f }}` compiles its
    filters), another tag, an empty tag first, or a tag of a library (`library` not "") with no load of it before:
    the parser then raises that the tag is unknown (an engine may hold it as a builtin, which is not known here).
    `library` "" when the tag needs no load. Django's lexer: `{% ... %}` up to the first `%}` on the line."""
    at, loaded = 0, not library
    for _ in range(MAX_TAGS):
        found = [(i, opener) for opener in _OPENERS if (i := text.find(opener, at)) >= 0]
        if not found:
            return None
        start, opener = min(found)
        end = text.find(_OPENERS[opener], start + 2)
        if end < 0 or "\n" in text[start:end]:
            at = start + 1  # not a tag to Django's lexer: plain text
            continue
        at = end + 2
        if opener == "{#":
            continue
        if opener == "{{":
            return None
        contents = text[start + 2 : end].strip()
        words = contents.split()
        if library and words == ["load", library]:
            loaded = True
            continue
        return contents if loaded and words and words[0] == tag else None
    return None

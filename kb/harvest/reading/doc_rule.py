"""The paragraph of the raising function's docstring that speaks of this raise (issue 29, M): round 20's card 20,
whose `_check_single_instance` docstring (DRF 3.18.3, rest_framework/validators.py:47-55) explains the situation:
"When a serializer is used with `many=True` and a queryset or list is passed as the `instance`, ... unless
`ListSerializer.run_child_validation()` has been overridden to set `child.instance` ...".

A paragraph is taken when it names, as code (in backticks), a name the raise's conditions read, and also a second
such name, a code word of the message (`ListSerializer.run_child_validation()`), or a word of refusal ("error",
"must", "cannot"): named by the code's own names, never by loose words. A docstring of one paragraph is the
function's summary, which cards quote already; only longer ones are read, once per function."""

import ast
import re

from kb.harvest.reading.walked import docstring

MAX_RULE = 400
MAX_PARAGRAPHS = 12
# Linear: each a literal start, then a bounded, possessive run.
_CODE = re.compile(r"`{1,2}+([^`\n]{1,200}+)`{1,2}+")
_DOUBLED = re.compile(r"``([^`]{1,200}+)``")
_NAME = re.compile(r"[A-Za-z_]\w{0,100}+")
_REFUSAL = re.compile(r"\b(?:error|errors|must|cannot|can't|not allowed|invalid|refuse[sd]?|raises?)\b", re.IGNORECASE)
_LISTED = re.compile(r"[-*+]\s|\d{1,3}+[.)]\s|(?:Arguments|Args|Parameters|Params|Keyword arguments)\s*+:")
_EXAMPLE = (">>>", "...", ":param", ":raises", ":return", ":type")
_BUILTINS = frozenset(
    "self cls None True False getattr hasattr isinstance issubclass len str int list dict tuple set type callable "
    "any all".split()
)


def paragraphs_of(function: ast.AST) -> list[str]:
    """The docstring's paragraphs, each on one line, when it has more than one; [] otherwise (the cheap test first)."""
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return []
    doc = docstring(function) or ""
    if "\n\n" not in doc or "`" not in doc:
        return []
    found = []
    for block in doc.split("\n\n")[:MAX_PARAGRAPHS]:
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        # An example, a list of the arguments ("Arguments:", "- ``self`` is ..."), or the rest of a sentence a code
        # sample cut ("in your URLconf. You must ..."): not a paragraph that says a rule.
        if lines and not lines[0].startswith(_EXAMPLE) and not _LISTED.match(lines[0]) and not lines[0][0].islower():
            found.append(_DOUBLED.sub(r"`\1`", " ".join(lines)))  # ``x`` as `x`, as `docstrings` says it
    return found


def rule_paragraph(paragraphs: list[str], names: set[str], message: str) -> str:
    """The first paragraph that names one of `names` (what the conditions read) as code, and a second of them, a
    code word of `message`, or a word of refusal; "" when none does."""
    wanted = names - _BUILTINS
    if not paragraphs or not wanted:
        return ""
    words = {word for span in _CODE.findall(message) for word in _NAME.findall(span)} - _BUILTINS
    for paragraph in paragraphs:
        coded = {word for span in _CODE.findall(paragraph) for word in _NAME.findall(span)}
        named = coded & wanted
        if named and (len(named) > 1 or coded & words or _REFUSAL.search(paragraph)):
            return paragraph if len(paragraph) <= MAX_RULE else paragraph[: MAX_RULE - 1].rstrip() + "…"
    return ""

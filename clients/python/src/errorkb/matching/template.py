"""A signature as a template: its literal parts and its placeholders, and a matcher that cannot backtrack.

A template `L0{a}L1{b}L2` matches a text when the text is L0, any text, L1, any text, L2. The matcher
checks the first literal with startswith and the last with endswith, then places every middle literal
at its leftmost occurrence with str.find, each search starting where the previous literal ended.

Why leftmost placement is correct: take any valid placement of the middle literals. The leftmost
occurrence of L1 starts no later than that placement's L1, so everything that placement puts after L1
still lies in what is left; by induction the greedy search finds a placement whenever one exists.
Each str.find resumes where the last stopped, so the text is scanned once per template: linear time,
whatever the template or the text (CPython's find is two-way/linear for longer needles).

A single-line template (no newline in its literals) lets no placeholder cross a line, so it only
matches a text that has no newline at all; a multi-line template lets placeholders hold anything.

A message cut short (logs and chats often keep only its first sentence) is matched by `match_prefix`: the
text must be the start of some rendering of the template, cut at a word boundary inside a literal. The same
leftmost placement, and before each literal a check whether the text ends with a beginning of it.
"""

import re
import string
from dataclasses import dataclass
from difflib import SequenceMatcher

from errorkb.matching.slotted import restorer

_FORMATTER = string.Formatter()
MIN_PARTIAL_LENGTH = 20  # a shorter text, or less literal text than this, says too little to be a match
MAX_APPROXIMATE_VALUES_LENGTH = 2000  # aligning costs length x length: longer texts get no values
_QUOTES = "'\""
_TOKENS = re.compile(r"\w++|\s++|[^\w\s]")


def clean_value(value: str) -> str:
    """A value without the quotes repr() puts around a string ('notacolour' is notacolour); a list of quoted
    strings ('a', 'b') keeps them."""
    if len(value) >= 2 and value[0] == value[-1] and value[0] in _QUOTES and value[0] not in value[1:-1]:
        return value[1:-1]
    return value


@dataclass(frozen=True, slots=True)
class Template:
    literals: tuple[str, ...]  # one more than fields; the first and the last may be empty
    fields: tuple[str, ...]  # placeholder names in order; `{}` becomes "0", "1", ... as str.format numbers them
    multiline: bool
    literal_length: int
    longest_literal: int

    @property
    def skeleton(self) -> str:
        """The literal text alone, for similarity with a message whose wording changed."""
        return "".join(self.literals)


@dataclass(frozen=True, slots=True)
class TemplateMatch:
    """Where each literal sits in the text; the values are what lies between."""

    template: Template
    text: str
    starts: tuple[int, ...]

    @property
    def params(self) -> dict[str, str]:
        params: dict[str, str] = {}
        for name, (start, end) in zip(self.template.fields, self.value_spans(), strict=True):
            # A name used twice ('{view}' ... '{view}') keeps its first value.
            params.setdefault(name, clean_value(self.text[start:end]))
        return params

    def value_spans(self) -> list[tuple[int, int]]:
        literals, starts = self.template.literals, self.starts
        return [(starts[i] + len(literals[i]), starts[i + 1]) for i in range(len(literals) - 1)]

    def parts(self) -> list[tuple[str, str | None]]:
        """The text cut into (piece, placeholder name or None for a literal), for highlighting."""
        pieces: list[tuple[str, str | None]] = []
        literals = self.template.literals
        spans = self.value_spans()
        for i, literal in enumerate(literals):
            if literal:
                pieces.append((literal, None))
            if i < len(spans):
                start, end = spans[i]
                pieces.append((self.text[start:end], self.template.fields[i]))
        return pieces


# (template, text, starts) -> TemplateMatch, without the frozen class's `__init__`: a lookup makes one a fit.
_fit = restorer(TemplateMatch)


def compile_template(signature: str) -> Template | None:
    """The template of a signature, or None when it is not a valid format string (never raises)."""
    try:
        parsed = list(_FORMATTER.parse(signature))
    except ValueError:
        return None
    literals = [""]
    fields: list[str] = []
    auto_number = 0
    for literal, field, _spec, _conversion in parsed:
        literals[-1] += literal
        if field is None:
            continue
        if field == "":
            field = str(auto_number)
            auto_number += 1
        fields.append(field)
        literals.append("")
    # Messages are compared stripped, so the template's outer whitespace must not count.
    literals[0] = literals[0].lstrip()
    literals[-1] = literals[-1].rstrip()
    return Template(
        literals=tuple(literals),
        fields=tuple(fields),
        multiline=any("\n" in literal for literal in literals),
        literal_length=sum(len(literal) for literal in literals),
        longest_literal=max(len(literal) for literal in literals),
    )


def match_template(template: Template, text: str) -> TemplateMatch | None:
    """Match a stripped text against the template in one left-to-right pass (see the module docstring)."""
    literals = template.literals
    if not template.multiline and "\n" in text:
        return None
    first, last = literals[0], literals[-1]
    if len(literals) == 1:
        return _fit((template, text, (0,))) if text == first else None
    end = len(text) - len(last)
    if end < len(first) or not text.startswith(first) or not text.endswith(last):
        return None
    starts = [0]
    position = len(first)
    for literal in literals[1:-1]:
        found = text.find(literal, position, end)
        if found < 0:
            return None
        starts.append(found)
        position = found + len(literal)
    starts.append(end)
    return _fit((template, text, tuple(starts)))


def match_prefix(template: Template, text: str) -> TemplateMatch | None:
    """A fit of a stripped text that is the start of a message of this template, cut short at a word boundary
    inside a literal (not inside a value, which could be anything), with at least MIN_PARTIAL_LENGTH characters
    of text and of literal text. The fit's template is the one cut where the text ends; None when the text is
    not such a start, or is a whole message (`match_template`'s case). Linear in the text, as match_template."""
    literals = template.literals
    if template.literal_length < MIN_PARTIAL_LENGTH or len(text) < MIN_PARTIAL_LENGTH:
        return None
    first = literals[0]
    if not (text.startswith(first) or first.startswith(text)) or (not template.multiline and "\n" in text):
        return None
    if len(text) <= len(first):
        whole = len(literals) == 1 and len(text) == len(first)
        if not whole and first.startswith(text) and _ends_a_word(text, first, len(text)):
            return _partial_fit(template, text, (0,), 0, text)
        return None
    if not text.startswith(first):
        return None
    starts = [0]
    position = len(first)
    last = len(literals) - 1
    for j in range(1, len(literals)):
        literal = literals[j]
        tail = _tail_of(literal, text, position)
        if tail and not (j == last and tail == len(literal)) and _ends_a_word(text, literal, tail):
            fit = _partial_fit(template, text, (*starts, len(text) - tail), j, literal[:tail])
            return fit if fit.template.literal_length >= MIN_PARTIAL_LENGTH else None
        found = text.find(literal, position)
        if found < 0:
            return None
        starts.append(found)
        position = found + len(literal)
    return None


def _tail_of(literal: str, text: str, position: int) -> int:
    """The length of the longest beginning of `literal` that the text ends with, after `position`. Bounded by
    the literal's length (the signature's, not the reader's), whatever the text."""
    limit = min(len(literal), len(text) - position)
    end = literal.rfind(text[-1], 0, limit) if limit > 0 else -1
    while end >= 0:
        if text.endswith(literal[: end + 1]):
            return end + 1
        end = literal.rfind(text[-1], 0, end)
    return 0


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


def _ends_a_word(text: str, literal: str, cut: int) -> bool:
    """Whether the text, ending where `literal` is cut, ends at a word boundary of the message."""
    following = literal[cut] if cut < len(literal) else None  # None: a value follows, or nothing
    return following is None or not (_is_word(text[-1]) and _is_word(following))


def _partial_fit(template: Template, text: str, starts: tuple[int, ...], cut: int, tail: str) -> TemplateMatch:
    literals = (*template.literals[:cut], tail)
    shortened = Template(
        literals=literals,
        fields=template.fields[:cut],
        multiline=template.multiline,
        literal_length=sum(len(literal) for literal in literals),
        longest_literal=max(len(literal) for literal in literals),
    )
    return TemplateMatch(shortened, text, starts)


def approximate_params(template: Template, text: str) -> dict[str, str]:
    """The values of a text whose wording only resembles the template: the words of the text aligned with
    the template's (difflib), each value what the text has where the template has its placeholder. Empty
    past a few KiB: aligning costs up to the product of the lengths."""
    if not template.fields or len(text) > MAX_APPROXIMATE_VALUES_LENGTH:
        return {}
    source: list[str | None] = []  # the template's tokens, None for a placeholder
    for i, literal in enumerate(template.literals):
        if i:
            source.append(None)
        source += _TOKENS.findall(literal)
    target = _TOKENS.findall(text)
    offsets = [0]
    for token in target:
        offsets.append(offsets[-1] + len(token))
    spans: list[tuple[int, int]] = []
    matcher = SequenceMatcher(None, source, target, autojunk=False)
    for tag, s1, s2, d1, d2 in matcher.get_opcodes():
        block = source[s1:s2]
        if tag not in ("replace", "delete") or None not in block:
            continue
        if block.count(None) == 1:
            # The placeholder rewritten with literal tokens beside it (": " became ", "): as many tokens of
            # the text as there were literal ones on each side belong to those, the rest is the value.
            before, after = block.index(None), len(block) - block.index(None) - 1
            if d2 - d1 > before + after:
                d1, d2 = d1 + before, d2 - after
        spans += [(d1, d2)] * block.count(None)
    params: dict[str, str] = {}
    for name, (low, high) in zip(template.fields, spans, strict=False):
        params.setdefault(name, clean_value(text[offsets[low] : offsets[high]].strip()))
    return params if len(spans) == len(template.fields) else {}

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
"""

import string
from dataclasses import dataclass

_FORMATTER = string.Formatter()


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
            params.setdefault(name, self.text[start:end])
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
        return TemplateMatch(template, text, (0,)) if text == first else None
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
    return TemplateMatch(template, text, tuple(starts))

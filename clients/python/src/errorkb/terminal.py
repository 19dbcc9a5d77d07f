"""Cards and matches as terminal text. What a server or a bundle says is not trusted to be printable: control
characters (an ANSI escape could rewrite the screen or the title bar) are taken out, and long text is cut."""

from __future__ import annotations

import re

from errorkb.results import Card, Match, Result, Source

# C0 and C1 controls but tab and newline, DEL, and the bidirectional overrides that reorder what is shown.
UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
SOLUTION_LINES = 8
WIDTH = 500


def printable(text: str | None, limit: int = 4000) -> str:
    text = UNPRINTABLE.sub("", text or "")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _line(text: str | None) -> str:
    return printable((text or "").replace("\n", " ").strip(), WIDTH)


def _indented(text: str, prefix: str, lines: int) -> list[str]:
    body = [printable(line, WIDTH) for line in (text or "").strip().splitlines()]
    shown = body[:lines] + (["…"] if len(body) > lines else [])
    return [f"{prefix}{line}".rstrip() for line in shown]


def _source(source: Source) -> str:
    where = f"{source.path}:{source.line}" if source.line else source.path
    function = f" in {source.function}" if source.function else ""
    link = f"  {source.url}" if source.url else ""
    return _line(f"{where}{function}") + printable(link, WIDTH)


def hint(match: Match) -> str:
    """The short card the excepthook, pytest and `errorkb run` print after a traceback."""
    lines = [f"errorkb: {_line(match.title)}  [{match.review_label}]"]
    if match.url:
        lines.append(f"  {_line(match.url)}")
    if match.summary:
        lines.append(f"  {_line(match.summary)}")
    if match.first_solution:
        lines.append("  First solution:")
        lines += _indented(match.first_solution, "    ", SOLUTION_LINES)
    return "\n".join(lines) + "\n"


def matches(result: Result) -> str:
    """`errorkb lookup`'s answer: every match, how it matched, its card's first lines."""
    if result.compiled:
        head = [f"The error was {_line(result.compiled)}."]
    else:
        head = []
    if not result.matches:
        lines = [*head, "No entry matches."]
        lines += [f"  shares its words: {hit.id}  {_line(hit.title)}  {_line(hit.url)}" for hit in result.search]
        return "\n".join(lines) + "\n"
    lines = head
    for rank, match in enumerate(result.matches, start=1):
        if rank > 1:
            lines.append("")
        lines.append(f"{rank}. {_line(match.title)}  [{match.review_label}]")
        lines.append(f"   {match.id}  {match.how}  score {match.score:g}  {match.status}")
        if match.url:
            lines.append(f"   {_line(match.url)}")
        lines.append(f"   {_line(match.exception_type)}: {_line(match.message)}")
        if match.summary:
            lines.append(f"   means: {_line(match.summary)}")
        if match.first_solution:
            lines.append("   first solution:")
            lines += _indented(match.first_solution, "     ", SOLUTION_LINES)
        lines += [f"   raised at {_source(source)}" for source in match.sources[:3]]
    return "\n".join(lines) + "\n"


def card(card: Card) -> str:
    """`errorkb explain`: the whole card."""
    repository = f"{_line(card.repository)}, " if card.repository else ""
    lines = [f"{_line(card.title)}", f"  {repository}{card.status or 'status unknown'}, {card.review_label}"]
    if card.url:
        lines.append(f"  {_line(card.url)}")
    lines += ["", f"{_line(card.exception_type)}: {_line(card.message)}"]
    if card.meaning:
        lines += ["", "What it means", *_indented(card.meaning, "  ", 40)]
    if card.solutions:
        lines += ["", "Solutions"]
        for number, solution in enumerate(card.solutions, start=1):
            body = _indented(solution, "     ", 30)
            lines.append(f"  {number}. {body[0].strip()}" if body else f"  {number}.")
            lines += body[1:]
    if card.sources:
        lines += ["", "Raised at", *[f"  {_source(source)}" for source in card.sources]]
    return "\n".join(lines) + "\n"

"""A snippet's HTML is what Pygments' own HTML formatter writes for it, byte for byte, written in one pass."""

from pathlib import Path

import django
import pytest
from pygments import highlight
from pygments.formatters import HtmlFormatter

from kb.text.highlight import _SNIPPET_LEXER, highlight_snippet
from tests.harvest.test_joined_lexer import AWKWARD


def pygments_html(code: str, first_line: int, marked: list[int | None]) -> str:
    formatter = HtmlFormatter(
        cssclass="highlight",
        linenos="inline",
        wrapcode=True,
        linenostart=abs(first_line),
        hl_lines=[n - first_line + 1 for n in marked if n is not None and n >= first_line],
    )
    return highlight(code, _SNIPPET_LEXER, formatter)


ODD = [
    "raise ValueError('x')",  # no newline at the end
    "\n\nraise ValueError('x')\n\n\n",  # blank lines around
    "if a:\r\n    raise KeyError(a)\r\nelse:\r    pass\r\n",  # Windows and old Mac line ends
    "\ufeffraise ValueError('bom')\n",
    "s = '''\n<b>&amp; \"quoted\" 'single'</b>\n'''\n",  # markup and quotes in a string over three lines
    "    \n\t\n  x = 1  \n",  # lines of whitespace alone
    "x = 1 # ☃ comment\n" * 120,  # line numbers of three digits
]


@pytest.mark.parametrize("code", AWKWARD + ODD)
@pytest.mark.parametrize(("first_line", "marked"), [(1, [1]), (10, [10, 12, None]), (98, [99, 200, 3]), (5, [])])
def test_awkward_snippets_are_written_as_pygments_writes_them(code, first_line, marked):
    assert highlight_snippet(code, first_line=first_line, marked_lines=marked) == pygments_html(
        code, first_line, marked
    )


def test_snippets_of_django_are_written_as_pygments_writes_them():
    files = sorted((Path(django.__file__).parent / "forms").rglob("*.py"))
    checked = 0
    for path in files:
        lines = path.read_text().splitlines(keepends=True)
        for start in range(0, len(lines), 40):
            code = "".join(lines[start : start + 25])
            first = start + 1
            marked = [first + 3, first + 7]
            assert highlight_snippet(code, first_line=first, marked_lines=marked) == pygments_html(code, first, marked)
            checked += 1
    assert checked > 150


def test_an_empty_snippet_is_no_html():
    assert highlight_snippet("", first_line=1, marked_lines=[1]) == ""


def test_the_raise_line_is_marked_with_its_number():
    html = highlight_snippet("if x:\n    raise ValueError(x)\n", first_line=41, marked_lines=[42])

    assert '<span class="hll"><span class="linenos">42</span>' in html
    assert '<span class="hll"><span class="linenos">41</span>' not in html

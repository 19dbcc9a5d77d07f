"""Snippets are highlighted by Pygments' Python rules joined into one pattern per state: the same tokens, faster."""

from pathlib import Path

import pytest
from pygments.lexers import PythonLexer

import kb
from kb.highlight import highlight_snippet
from kb.pylexer import JoinedPythonLexer

AWKWARD = [
    'raise ValueError(f"{name!r:>{width}} is {"nested"} {{not}} {value=}")',
    "x = rb'\\d+' + Rb'''\\n''' + BR\"a\" + u'é' + fR'{a}\\{{' + F'''{b}\n{c}'''",
    "match command.split():\n    case [action, *_] if action in ('go', \"stop\"):\n        pass\n"
    "    case _:\n        ...",
    "@decorator.attr(1)\nasync def __init__(self, *a, **k) -> None:\n    await self.__class__.thing",
    "class Ünïcode(Base, metaclass=Meta):\n    type X = list[int]\n    print(0x1F, 1_000.5e-3j, 0o17)",
    "from ..pkg import (a as b,\n    c)\nimport os.path as p, sys",
    "lambda: (yield)  # comment ☃\n\tif x := y:\\\n  z\n$ ` ? error characters\n'unterminated",
    '"""docstring\n%s %(name)s {0} \\N{BULLET}"""',
]


def tokens(lexer: PythonLexer, text: str) -> list:
    return list(lexer.get_tokens(text))


def test_every_state_of_pygments_python_rules_is_joined():
    assert all(joined is not None for joined in JoinedPythonLexer._joined_states().values())


@pytest.mark.parametrize("text", AWKWARD)
def test_awkward_python_gets_the_same_tokens_as_from_pygments(text):
    assert tokens(JoinedPythonLexer(), text) == tokens(PythonLexer(), text)


def test_every_file_of_this_project_gets_the_same_tokens_as_from_pygments():
    files = sorted(Path(kb.__file__).parent.rglob("*.py"))
    joined, pygments = JoinedPythonLexer(stripnl=False), PythonLexer(stripnl=False)
    different = [path.name for path in files if tokens(joined, path.read_text()) != tokens(pygments, path.read_text())]
    assert len(files) > 50
    assert different == []


def test_a_snippet_is_highlighted_as_pygments_own_lexer_highlights_it(monkeypatch):
    code = AWKWARD[0] + "\n" + AWKWARD[3]
    joined = highlight_snippet(code, first_line=10, marked_lines=[10, 12])
    monkeypatch.setattr("kb.highlight._SNIPPET_LEXER", PythonLexer(stripnl=False, ensurenl=True))
    assert joined == highlight_snippet(code, first_line=10, marked_lines=[10, 12])
    assert 'class="hll"' in joined

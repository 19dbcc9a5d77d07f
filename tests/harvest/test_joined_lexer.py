"""Snippets are highlighted by Pygments' Python rules joined into one pattern per state: the same tokens, faster."""

from pathlib import Path

import django
import pytest
from pygments.lexers import PythonLexer

import kb
from kb.text.highlight import highlight_snippet
from kb.text.pylexer import JoinedPythonLexer, _first_chars, _InTurn, _uncaptured

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


def test_every_state_has_an_alternation_for_every_character_and_the_end_of_the_text():
    for state in JoinedPythonLexer._joined_states().values():
        assert state is not None
        for char in [chr(code) for code in range(128)] + ["", "é", "☃"]:
            match, owners = state[char]
            assert callable(match)
            assert all(owner is None or owner in state.rules for owner in owners)


@pytest.mark.parametrize(
    ("pattern", "first"),
    [
        (r"(def)((?:\s|\\\s)+)", {"d"}),
        (r"(?<!\.)(self|cls)\b", {"s", "c"}),
        (r"^(\s*)([rRuUbB]{,2})(\"\"\")", {*" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f", *"rRuUbB", '"'}),
        (r"[^\S\n]+", {*" \t\r\x0b\x0c\x1c\x1d\x1e\x1f"}),
        (r"\d(?:_?\d)*j?", set("0123456789")),
        (r"(?i)(rb|br|r)(\"\"\")", {"r", "R", "b", "B"}),
        ("(?i)\u212a", {"k", "K"}),  # the Kelvin sign is a "k" when case is ignored
        (r"[]x]", {"]", "x"}),
        (r"(?:a|b?)c", {"a", "b", "c"}),
    ],
)
def test_a_rule_is_tried_where_its_match_may_start(pattern, first):
    assert _first_chars(pattern, 0) == first


@pytest.mark.parametrize("pattern", ["", "a?", "(?:x|)", r"\b", "(?=a)", "(?(1)a|b)"])
def test_a_rule_that_may_match_nothing_or_is_not_read_is_tried_everywhere(pattern):
    assert _first_chars(pattern, 0) is None


@pytest.mark.parametrize(
    ("pattern", "uncaptured"),
    [
        (r"(def)((?:\s|\\\s)+)", r"(?:def)(?:(?:\s|\\\s)+)"),
        (r"\((a)", r"\((?:a)"),
        (r"[(](a)", r"[(](?:a)"),
        (r"[]()](a)", r"[]()](?:a)"),
        (r"[^](](a)", r"[^](](?:a)"),
        (r"[\]](a)", r"[\]](?:a)"),
        (r"(?<!\.)(self)", r"(?<!\.)(?:self)"),
    ],
)
def test_a_rule_joined_keeps_no_group_of_its_own(pattern, uncaptured):
    assert _uncaptured(pattern) == uncaptured


@pytest.mark.parametrize("text", AWKWARD)
def test_awkward_python_gets_the_same_tokens_as_from_pygments(text):
    assert tokens(JoinedPythonLexer(), text) == tokens(PythonLexer(), text)


def test_every_file_of_this_project_gets_the_same_tokens_as_from_pygments():
    files = sorted(Path(kb.__file__).parent.rglob("*.py"))
    joined, pygments = JoinedPythonLexer(stripnl=False), PythonLexer(stripnl=False)
    different = [path.name for path in files if tokens(joined, path.read_text()) != tokens(pygments, path.read_text())]
    assert len(files) > 50
    assert different == []


def test_every_file_of_djangos_query_code_gets_the_same_tokens_as_from_pygments():
    files = sorted((Path(django.__file__).parent / "db" / "models").rglob("*.py"))
    joined, pygments = JoinedPythonLexer(stripnl=False), PythonLexer(stripnl=False)
    different = [path.name for path in files if tokens(joined, path.read_text()) != tokens(pygments, path.read_text())]
    assert len(files) > 30
    assert different == []


def test_a_snippet_is_highlighted_as_pygments_own_lexer_highlights_it(monkeypatch):
    code = AWKWARD[0] + "\n" + AWKWARD[3]
    joined = highlight_snippet(code, first_line=10, marked_lines=[10, 12])
    monkeypatch.setattr("kb.text.highlight._SNIPPET_LEXER", PythonLexer(stripnl=False, ensurenl=True))
    assert joined == highlight_snippet(code, first_line=10, marked_lines=[10, 12])
    assert 'class="hll"' in joined


@pytest.mark.parametrize("turns", [0, 10**9], ids=["each alternation compiled", "the rules tried in turn"])
def test_the_rules_tried_in_turn_or_their_alternation_compiled_give_pygments_tokens(monkeypatch, turns):
    # An alternation asked for rarely (a class's name, an import) is never compiled; one asked for often is.
    monkeypatch.setattr(JoinedPythonLexer, "_joined", None)
    monkeypatch.setattr("kb.text.pylexer._TURNS_PER_CHARACTER", turns)
    text = "\n".join([*AWKWARD, (Path(django.__file__).parent / "db" / "models" / "query.py").read_text()])
    joined, pygments = JoinedPythonLexer(stripnl=False), PythonLexer(stripnl=False)
    assert tokens(joined, text) == tokens(pygments, text)
    compiled = [
        not isinstance(match, _InTurn)
        for state in JoinedPythonLexer._joined_states().values()
        for kept, (match, _) in state.made.items()  # type: ignore[union-attr]
        if kept  # (no rule at all: nothing to compile)
    ]
    assert all(compiled) if turns == 0 else not any(compiled)


def test_an_alternation_asked_for_often_is_compiled_and_used_for_every_character_that_keeps_its_rules():
    lexer = JoinedPythonLexer(stripnl=False)
    text = (Path(django.__file__).parent / "db" / "models" / "query.py").read_text()
    tokens(lexer, text)
    root = JoinedPythonLexer._joined_states()["root"]
    assert root is not None
    letters, _ = root["a"]
    assert not isinstance(letters, _InTurn)  # a compiled pattern's `match`
    assert root["z"][0] is letters

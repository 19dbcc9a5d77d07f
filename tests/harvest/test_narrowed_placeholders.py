"""A placeholder the enclosing `if` pins to a few strings gives one wording per string, not a catch-all."""

import textwrap

from kb.harvest.pipeline.scan import scan

LEXER = """
class SyntaxProblem(Exception):
    pass

def tokenize(data, stack):
    if data == "{":
        stack.append("}")
    elif data in ("}", ")"):
        if not stack:
            raise SyntaxProblem(f"unexpected '{data}'")
    raise SyntaxProblem(f"unexpected char {data!r}")
"""


def wordings(tmp_path, source: str) -> list[list[str]]:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "lex.py").write_text(textwrap.dedent(source))
    return [[site.message, *(message for message, _ in site.variants)] for site in scan(tmp_path, progress=False).sites]


def test_a_name_pinned_by_an_in_test_gives_one_wording_per_value(tmp_path):
    assert wordings(tmp_path, LEXER)[0] == ["unexpected '}'", "unexpected ')'"]


def test_a_name_no_enclosing_if_pins_stays_a_placeholder(tmp_path):
    assert wordings(tmp_path, LEXER)[1] == ["unexpected char {data}"]


def test_an_else_branch_pins_nothing(tmp_path):
    source = """
    def check(mode):
        if mode == "fast":
            pass
        else:
            raise ValueError(f"unknown mode {mode}")
    """
    assert wordings(tmp_path, source) == [["unknown mode {mode}"]]

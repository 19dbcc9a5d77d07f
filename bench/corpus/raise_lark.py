"""Raise real errors from lark, one JSON line each (see common.py): grammars with undefined rules, bad syntax and
conflicts, bad options, input the parsers reject (unexpected characters, tokens, end of input), trees and
transformers misused; written from lark's documentation as a user would use it (held-out: see SPLIT.md)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

GRAMMARS = [
    "start: x",
    "start: X",
    "start: (",
    "start: 'a' |",
    "start 'a'",
    "start: 'a'\nstart: 'b'",
    "start: 'a'\nA: 'a'\nA: 'b'",
    "start: a\na: a",
    "start: /[/",
    "start: /a/z",
    'start: "a',
    "start: 'a'\n%import nope.X",
    "start: 'a'\n%import common.NOPE",
    "start: 'a'\n%ignore NOPE",
    "start: 'a'\n%declare start",
    "start: 'a'\n%nope",
    "start: 'a'~",
    "start: 'a'~3..1",
    "start: 'a'\n_X: 'a'\n%override B: 'b'",
    "start: 'a'\n%extend nope: 'b'",
    "start: a{1}\na{x, y}: x y",
    "start: _a{'x'}\n_a{p}: p\n_a{q}: q",
    "",
    "A: 'a'",
    'start: ""',
    "start: 'a' -> 1",
    "start: 'a' 'b'\n  | 'a' 'b'",
    "start: 'a'.x",
    "start: A\nA: B\nB: A",
    "start: 'a'\nA.x: 'a'",
]
INPUTS = [
    ("start: 'a' 'b'", "ac"),
    ("start: 'a' 'b'", "a"),
    ("start: 'a' 'b'", ""),
    ("start: 'a' 'b'", "abb"),
    ("start: NUMBER\n%import common.NUMBER", "x"),
    ("start: WORD+\n%import common.WORD\n%ignore ' '", "a 1"),
    ("start: '(' start ')' | 'x'", "((x)"),
    ("start: '(' start ')' | 'x'", "(x))"),
]


def cases():
    import lark

    for grammar in GRAMMARS:
        yield f"lark grammar {grammar!r}", lambda g=grammar: lark.Lark(g)
        yield f"lark grammar lalr {grammar!r}", lambda g=grammar: lark.Lark(g, parser="lalr")
    for grammar, text in INPUTS:
        for parser in ("earley", "lalr"):
            yield f"lark parse {parser} {text!r}", lambda g=grammar, t=text, p=parser: lark.Lark(g, parser=p).parse(t)
        yield (
            f"lark parse interactive {text!r}",
            lambda g=grammar, t=text: lark.Lark(g, parser="lalr").parse_interactive(t).resume_parse(),
        )
    ab = "start: 'a' 'b'"

    class Boom(lark.Transformer):
        def start(self, children):
            return 1 / 0

    yield from [
        ("lark bad parser", lambda: lark.Lark(ab, parser="nope")),
        ("lark bad lexer", lambda: lark.Lark(ab, lexer="nope")),
        ("lark lalr dynamic", lambda: lark.Lark(ab, parser="lalr", lexer="dynamic")),
        ("lark bad start", lambda: lark.Lark(ab, start="nope")),
        ("lark parse bad start", lambda: lark.Lark(ab).parse("ab", start="nope")),
        ("lark bad ambiguity", lambda: lark.Lark(ab, ambiguity="nope")),
        ("lark lalr ambiguity", lambda: lark.Lark(ab, parser="lalr", ambiguity="explicit")),
        ("lark unknown option", lambda: lark.Lark(ab, nope=1)),
        ("lark transformer lalr earley", lambda: lark.Lark(ab, transformer=lark.Transformer())),
        ("lark cache earley", lambda: lark.Lark(ab, cache=True)),
        ("lark regex option", lambda: lark.Lark(ab, regex=True)),
        ("lark postlex earley", lambda: lark.Lark(ab, postlex=object())),
        ("lark lexer_callbacks", lambda: lark.Lark(ab, parser="lalr", lexer_callbacks={"NOPE": print}).parse("ab")),
        ("lark edit_terminals", lambda: lark.Lark(ab, edit_terminals=1)),
        ("lark open missing", lambda: lark.Lark.open("/no/such/grammar.lark")),
        ("lark grammar not str", lambda: lark.Lark(1)),
        ("lark transformer error", lambda: Boom().transform(lark.Lark(ab).parse("ab"))),
        ("lark transformer inline", lambda: lark.Transformer().transform(1)),
        ("lark visitor not tree", lambda: lark.Visitor().visit(1)),
        ("lark tree pretty", lambda: lark.Tree("a", 1).pretty()),
        ("lark discard", lambda: lark.Tree("a", []).children[0]),
        (
            "lark interactive feed bad",
            lambda: lark.Lark(ab, parser="lalr").parse_interactive("").feed_token(lark.Token("NOPE", "x")),
        ),
        ("lark interactive end early", lambda: lark.Lark(ab, parser="lalr").parse_interactive("").feed_eof()),
        ("lark lex earley", lambda: list(lark.Lark(ab).lex("ab"))),
        ("lark lex bad", lambda: list(lark.Lark(ab, parser="lalr").lex("zz"))),
        ("lark match_examples", lambda: lark.Lark(ab, parser="lalr").parse("ac")),
        ("lark save earley", lambda: lark.Lark(ab).save(open("/dev/null", "wb"))),
        ("lark reconstruct", lambda: lark.reconstruct.Reconstructor(lark.Lark(ab)).reconstruct(lark.Tree("nope", []))),
        ("lark v_args bad", lambda: lark.v_args(inline=True, meta=True, tree=True)),
        ("lark token bad", lambda: lark.Token()),
        ("lark get_terminal", lambda: lark.Lark(ab).get_terminal("NOPE")),
    ]


if __name__ == "__main__":
    Recorder("lark", ("lark",)).run_all(cases())

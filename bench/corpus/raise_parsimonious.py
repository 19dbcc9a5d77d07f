"""Raise real errors from parsimonious, one JSON line each (see common.py): grammars it cannot build (syntax errors,
undefined and duplicate rules, left recursion, bad regexes and quantifiers, no default rule), texts a grammar does
not match (wholly, partly, at a given position), NodeVisitors that fail or lack a method, token grammars given
strings, and the API misused; written from parsimonious's README as a user would use it (held-out: see SPLIT.md,
fourth split)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

GRAMMARS = [
    "",
    "greeting = 'hi'\ngreeting =",
    "greeting = 'hi' /",
    "greeting = 'hi\n",
    "greeting = name\n",
    "a = b\nb = c\n",
    "greeting = ~'[unclosed'",
    "greeting = 'hi'{2,1}",
    "greeting = 'hi'{x}",
    "greeting = ('hi'",
    "greeting = 'hi')",
    "= 'hi'",
    "greeting 'hi'",
    "a = a 'x'",
    "a = b / 'x'\nb = a 'y'",
    "a = 'x'\na = 'y'",
    "a = ~'x'q",
    "a = &",
    "a = !",
    "a = 'x'**",
    "a = 'x' # comment\nb = ",
    "a = `x`",
    "a = 'x' <- 'y'",
]
TEXTS = ["", "hi", "hi there", "hello", "hi!", "h"]


def cases():
    from parsimonious import Grammar, NodeVisitor, TokenGrammar
    from parsimonious.exceptions import VisitationError
    from parsimonious.utils import Token

    for index, rules in enumerate(GRAMMARS):
        yield f"parsimonious grammar {index} {rules!r:.30}", lambda r=rules: Grammar(r).parse("x")
    greeting = Grammar(
        r"""
        greeting = word (ws word)*
        word = ~"[a-z]+"
        ws = ~"\s+"
        number = ~"[0-9]+"
        """
    )
    for text in TEXTS:
        yield f"parsimonious parse {text!r}", lambda t=text: greeting.parse(t + "!")
    # The same "didn't match" with another text: two of each are enough (the apostrophe in "didn't" keeps
    # common.PER_WORDING from seeing that the wordings are one).
    for text in TEXTS[:2]:
        yield f"parsimonious number {text!r}", lambda t=text: greeting["number"].parse(t)
        yield f"parsimonious match {text!r}", lambda t=text: greeting.match("1" + t)

    class Counter(NodeVisitor):
        def visit_greeting(self, node, visited_children):
            return len(visited_children) / 0

        def generic_visit(self, node, visited_children):
            return visited_children or node

    class Lazy(NodeVisitor):
        pass

    class Grammarless(NodeVisitor):
        def visit_word(self, node, children):
            return node.text

    class Unwrapping(NodeVisitor):
        grammar = greeting
        unwrapped_exceptions = (ZeroDivisionError,)

        def visit_word(self, node, children):
            return 1 / 0

        def generic_visit(self, node, children):
            return children

    class Parsing(NodeVisitor):
        grammar = greeting

        def generic_visit(self, node, children):
            return children

    yield from [
        ("parsimonious visitor raises", lambda: Counter().visit(greeting.parse("hi there"))),
        ("parsimonious visitor no generic", lambda: Lazy().visit(greeting.parse("hi"))),
        ("parsimonious visitor no grammar", lambda: Grammarless().parse("hi")),
        ("parsimonious visitor no grammar match", lambda: Grammarless().match("hi")),
        ("parsimonious visitor unwrapped", lambda: Unwrapping().parse("hi")),
        ("parsimonious visitor parse fails", lambda: Parsing().parse("hi!")),
        ("parsimonious visitor match fails", lambda: Parsing().match("1")),
        ("parsimonious visitor not a node", lambda: Lazy().visit("hi")),
        ("parsimonious visitation error str", lambda: str(VisitationError(ValueError("x"), ValueError, None))),
        ("parsimonious parse pos", lambda: greeting.parse("hi there", pos=2)),
        ("parsimonious parse pos end", lambda: greeting.parse("hi", pos=9)),
        ("parsimonious parse bytes", lambda: greeting.parse(b"hi")),
        ("parsimonious parse none", lambda: greeting.parse(None)),
        ("parsimonious match int", lambda: greeting.match(12)),
        ("parsimonious unknown rule", lambda: greeting["nope"].parse("x")),
        ("parsimonious no default", lambda: Grammar("").parse("x")),
        ("parsimonious default unknown", lambda: greeting.default("nope").parse("hi")),
        ("parsimonious grammar int", lambda: Grammar(12)),
        ("parsimonious grammar bytes", lambda: Grammar(b"a = 'x'")),
        ("parsimonious grammar custom rule", lambda: Grammar("a = b", b=12).parse("x")),
        ("parsimonious grammar custom rule raises", lambda: Grammar("a = b", b=lambda text, pos: 1 / 0).parse("x")),
        ("parsimonious grammar custom rule bad", lambda: Grammar("a = b", b=lambda text: len(text)).parse("x")),
        (
            "parsimonious grammar custom rule complex",
            lambda: Grammar("a = b", b=lambda text, pos, cache, error, grammar: 1 / 0).parse("x"),
        ),
        ("parsimonious token grammar string", lambda: TokenGrammar("a = 'x'").parse("x")),
        ("parsimonious token grammar tokens", lambda: TokenGrammar('a = "x"').parse([Token("y")])),
        ("parsimonious token grammar regex", lambda: TokenGrammar("a = ~'x'")),
        ("parsimonious token grammar incomplete", lambda: TokenGrammar('a = "x"').parse([Token("x"), Token("x")])),
        ("parsimonious lookahead", lambda: Grammar("a = !'h' ~'[a-z]+'").parse("hi")),
        ("parsimonious quantifier", lambda: Grammar("a = 'x'{2,3}").parse("x")),
        ("parsimonious quantifier many", lambda: Grammar("a = 'x'{2,3}").parse("xxxx")),
        ("parsimonious one or more", lambda: Grammar("a = 'x'+").parse("")),
        ("parsimonious optional", lambda: Grammar("a = 'x'? 'y'").parse("x")),
        ("parsimonious case insensitive", lambda: Grammar("a = 'x'i 'y'").parse("Xz")),
        ("parsimonious regex flags", lambda: Grammar("a = ~'x'ilmsuxa").parse("x")),
        ("parsimonious regex bad", lambda: Grammar("a = ~'(x'").parse("x")),
        ("parsimonious multiline error", lambda: greeting.parse("hi\nthere\n!")),
        ("parsimonious node children", lambda: greeting.parse("hi").children[5]),
        ("parsimonious node compare", lambda: greeting.parse("hi") < greeting.parse("hi")),
    ]


if __name__ == "__main__":
    Recorder("parsimonious", ("parsimonious",)).run_all(cases())

"""Raise real errors from pyparsing, one JSON line each (see common.py): text its grammars reject (words, numbers,
keywords, delimited lists, nested and quoted expressions, infix notation, the common expressions and their parse
actions), and grammars pyparsing refuses to build; written from pyparsing's documentation as a user would use it
(held-out: see SPLIT.md, third split)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

# One text every grammar fails on: each grammar's failure words its own expectation.
TEXT = "(a + b"


def grammars():
    import pyparsing as pp

    integer = pp.Word(pp.nums).set_name("integer")
    name = pp.Word(pp.alphas, pp.alphanums + "_")
    operand = integer | name
    arith = pp.infix_notation(
        operand,
        [
            (pp.one_of("* /"), 2, pp.OpAssoc.LEFT),
            (pp.one_of("+ -"), 2, pp.OpAssoc.LEFT),
            (("?", ":"), 3, pp.OpAssoc.RIGHT),
        ],
    )
    assignment = name + pp.Suppress("=") - integer
    return {
        "word": name,
        "integer": integer,
        "keyword": pp.Keyword("select") + name,
        "caseless keyword": pp.CaselessKeyword("from") + name,
        "literal": pp.Literal("begin") + pp.Literal("end"),
        "char": pp.Char("xyz")[2],
        "regex": pp.Regex(r"\d{4}-\d{2}"),
        "quoted string": pp.QuotedString("'", esc_char="\\"),
        "dbl quoted": pp.dbl_quoted_string,
        "nested": pp.nested_expr(),
        "delimited list": pp.DelimitedList(integer, min=3),
        "delimited max": pp.DelimitedList(integer, max=1) + pp.StringEnd(),
        "each": pp.Each([pp.Keyword("a"), pp.Keyword("b")]),
        "and": integer + name,
        "or": pp.Or([pp.Literal("aa"), pp.Literal("bb")]),
        "match first": pp.MatchFirst([pp.Literal("aa"), pp.Literal("bb")]),
        "one or more": pp.OneOrMore(integer),
        "exactly": integer * 3,
        "not any": ~pp.Literal("x") + name,
        "followed by": name + pp.FollowedBy(integer),
        "preceded by": pp.PrecededBy("x") + name,
        "skip to": pp.SkipTo(pp.Literal(";"), fail_on="(") + ";",
        "line start": pp.LineStart() + integer,
        "line end": integer + pp.LineEnd(),
        "word start": pp.WordStart() + integer,
        "string start": pp.Literal("x") + pp.StringStart(),
        "string end": integer + pp.StringEnd(),
        "white": pp.White(" ", min=2),
        "close match": pp.CloseMatch("abcdef", max_mismatches=1),
        "counted array": pp.counted_array(name),
        "infix": arith,
        "assignment": assignment,
        "one of": pp.one_of("== != <", as_keyword=True),
        "forward": pp.Forward(),
        "common int": pp.pyparsing_common.signed_integer,
        "common real": pp.pyparsing_common.sci_real,
        "common ipv4": pp.pyparsing_common.ipv4_address,
        "common ipv6": pp.pyparsing_common.ipv6_address,
        "common mac": pp.pyparsing_common.mac_address,
        "common uuid": pp.pyparsing_common.uuid,
        "common date": pp.pyparsing_common.iso8601_date.copy().add_parse_action(pp.pyparsing_common.convert_to_date()),
        "common datetime": pp.pyparsing_common.iso8601_datetime.copy().add_parse_action(
            pp.pyparsing_common.convert_to_datetime()
        ),
        "common url": pp.pyparsing_common.url,
        "column": pp.Word(pp.alphas).add_parse_action(pp.match_only_at_col(3)),
        "condition": integer.copy().add_condition(lambda t: int(t[0]) > 1000, message="too small", fatal=True),
        "with attribute": pp.make_html_tags("div")[0].add_parse_action(pp.with_attribute(id="main")),
        "previous literal": (lambda first: first + ":" + pp.match_previous_literal(first))(pp.Word(pp.nums)),
        "previous expr": (lambda first: first + ":" + pp.match_previous_expr(first))(pp.Word(pp.nums)),
        "python style comment": pp.python_style_comment,
        "c comment": pp.c_style_comment,
        "located": pp.Located(integer),
    }


def cases():
    import pyparsing as pp

    for label, grammar in grammars().items():
        yield f"pyparsing {label}", lambda g=grammar: g.parse_string(TEXT, parse_all=True)
    integer = pp.Word(pp.nums)
    yield from [
        ("pyparsing previous literal mismatch", lambda: grammars()["previous literal"].parse_string("12:13")),
        ("pyparsing previous expr mismatch", lambda: grammars()["previous expr"].parse_string("12:13")),
        ("pyparsing date out of range", lambda: grammars()["common date"].parse_string("2020-13-45")),
        ("pyparsing datetime out of range", lambda: grammars()["common datetime"].parse_string("2020-02-30T25:00")),
        ("pyparsing attribute mismatch", lambda: grammars()["with attribute"].parse_string('<div id="x">')),
        ("pyparsing condition fatal", lambda: grammars()["condition"].parse_string("12")),
        ("pyparsing assignment stop", lambda: grammars()["assignment"].parse_string("x = y")),
        ("pyparsing search none", lambda: integer.search_string("abc", max_matches=0)[0]),
        ("pyparsing scan string", lambda: next(integer.scan_string("abc"))),
        ("pyparsing parse file", lambda: integer.parse_file(__file__, parse_all=True)),
        ("pyparsing word empty", lambda: pp.Word("")),
        ("pyparsing word min 0", lambda: pp.Word(pp.alphas, min=0)),
        ("pyparsing word max < min", lambda: pp.Word(pp.alphas, min=3, max=2)),
        ("pyparsing word exact negative", lambda: pp.Word(pp.alphas, exact=-1)),
        ("pyparsing char empty", lambda: pp.Char("")),
        ("pyparsing regex empty", lambda: pp.Regex("")),
        ("pyparsing regex bad", lambda: pp.Regex("(")),
        ("pyparsing regex type", lambda: pp.Regex(12)),
        ("pyparsing quoted empty", lambda: pp.QuotedString("")),
        ("pyparsing quoted end empty", lambda: pp.QuotedString("'", end_quote_char="")),
        ("pyparsing nested same", lambda: pp.nested_expr("(", "(")),
        ("pyparsing nested no content", lambda: pp.nested_expr(pp.Literal("<"), pp.Literal(">"))),
        ("pyparsing one of type", lambda: pp.one_of(12)),
        ("pyparsing one of empty", lambda: pp.one_of("").parse_string("x")),
        ("pyparsing multiply negative", lambda: integer * -1),
        ("pyparsing multiply tuple", lambda: integer * (3, 1)),
        ("pyparsing multiply tuple negative", lambda: integer * (-1, 2)),
        ("pyparsing multiply type", lambda: integer * "x"),
        ("pyparsing multiply none none", lambda: integer * (None, None)),
        ("pyparsing getitem", lambda: integer["x"]),
        ("pyparsing getitem slice step", lambda: integer[1:2:3]),
        ("pyparsing add", lambda: integer + 1),
        ("pyparsing or", lambda: integer | 1),
        ("pyparsing and", lambda: integer & 1),
        ("pyparsing sub", lambda: integer - 1),
        ("pyparsing xor", lambda: integer ^ 1),
        ("pyparsing radd", lambda: 1 + integer),
        ("pyparsing forward type", lambda: pp.Forward() << 1),
        ("pyparsing forward undefined", lambda: pp.Forward().parse_string("x")),
        ("pyparsing infix arity", lambda: pp.infix_notation(integer, [("+", 4, pp.OpAssoc.LEFT)])),
        ("pyparsing infix ternary", lambda: pp.infix_notation(integer, [("?", 3, pp.OpAssoc.LEFT)])),
        ("pyparsing infix assoc", lambda: pp.infix_notation(integer, [("+", 2, "sideways")])),
        ("pyparsing infix parens", lambda: pp.infix_notation(integer, [("+", 2, pp.OpAssoc.LEFT)], lpar="(", rpar="")),
        ("pyparsing infix unary", lambda: pp.infix_notation(integer, [(None, 1, pp.OpAssoc.LEFT)])),
        ("pyparsing delimited bounds", lambda: pp.DelimitedList(integer, min=3, max=2)),
        ("pyparsing delimited min", lambda: pp.DelimitedList(integer, min=0)),
        ("pyparsing set name type", lambda: integer.set_results_name(1)),
        ("pyparsing srange", lambda: pp.srange("[z-a")),
        ("pyparsing counted array bad", lambda: pp.counted_array(integer).parse_string("x 1")),
        ("pyparsing col", lambda: pp.col(100, "abc")),
        ("pyparsing replace with", lambda: pp.Word(pp.alphas).set_parse_action(pp.replace_with).parse_string("a")),
        ("pyparsing parse action bad", lambda: integer.copy().set_parse_action(1)),
        ("pyparsing condition bad", lambda: integer.copy().add_condition(1)),
        ("pyparsing results getitem", lambda: integer("n").parse_string("12")["nope"]),
        ("pyparsing results pop", lambda: integer("n").parse_string("12").pop("nope", 1, 2)),
        ("pyparsing results pop kw", lambda: integer("n").parse_string("12").pop(nope=1)),
        ("pyparsing results haskeys", lambda: pp.ParseResults.from_dict(1)),
        ("pyparsing ungroup", lambda: pp.ungroup(integer).parse_string("x")),
        ("pyparsing original text", lambda: pp.original_text_for(integer + integer).parse_string("1 x")),
        ("pyparsing dict of", lambda: pp.dict_of(pp.Word(pp.alphas), integer).parse_string("a b", parse_all=True)),
        ("pyparsing keyword empty", lambda: pp.Keyword("").parse_string("x")),
        ("pyparsing literal empty", lambda: pp.Literal("").parse_string("x", parse_all=True)),
        ("pyparsing white bad", lambda: pp.White("x")),
        ("pyparsing html tags", lambda: pp.make_html_tags(1)),
        ("pyparsing xml tags", lambda: pp.make_xml_tags("a")[0].parse_string("<b>")),
        ("pyparsing explain", lambda: integer.parse_string("x")),
        ("pyparsing validate", lambda: (lambda f: (f << (f + "x"), f.validate()))(pp.Forward())),
        ("pyparsing run tests fail", lambda: integer.run_tests(["x"], print_results=False, failure_tests=False)[1][0]),
        ("pyparsing token map", lambda: pp.Word(pp.alphas).add_parse_action(pp.token_map(int)).parse_string("a")),
        ("pyparsing tokens converter", lambda: pp.Combine(integer + "." + integer).parse_string("1 . 2")),
        ("pyparsing indented block", lambda: pp.IndentedBlock(integer).parse_string("x")),
        ("pyparsing opt default", lambda: (pp.Opt(integer, default="0") + pp.StringEnd()).parse_string("x")),
    ]


if __name__ == "__main__":
    Recorder("pyparsing", ("pyparsing",)).run_all(cases())

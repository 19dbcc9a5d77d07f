"""Raise real errors from Genshi, one JSON line each (see common.py): markup and text templates it rejects (bad XML,
unknown and misplaced directives, directives without their attributes, bad expressions and Python blocks, bad
`py:match` paths, unclosed text directives), templates that fail when rendered (undefined names under the strict
lookup, errors in expressions, `py:choose` misused, bad `py:def` calls, includes it cannot find), the loader, XPath
expressions on streams, `XML`/`HTML` input, the builder and serialisation misused; written from Genshi's
documentation as a user would use it (held-out: see SPLIT.md, seventh split).

Genshi's wheel ships the C source of its speedups (genshi/_speedups.c) but not a compiled module: Markup is the
pure-Python class, and every error is raised by Python files a harvest reads."""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

PY = 'xmlns:py="http://genshi.edgewall.org/"'
XI = 'xmlns:xi="http://www.w3.org/2001/XInclude"'
# Markup templates Genshi rejects when it loads them.
BAD_MARKUP = [
    "<p>unclosed",
    "<p></div>",
    "<p a='1' a='2'/>",
    "<p>&nope;</p>",
    f"<p {PY} py:nope='x'/>",
    f"<p {PY} py:for='x'>a</p>",
    f"<p {PY} py:for='x in'>a</p>",
    f"<p {PY} py:if=''>a</p>",
    f"<p {PY}><py:if>a</py:if></p>",
    f"<p {PY}><py:for>a</py:for></p>",
    f"<p {PY} py:with='x'>a</p>",
    f"<p {PY} py:with='x = '>a</p>",
    f"<p {PY} py:def=''>a</p>",
    f"<p {PY} py:def='f('>a</p>",
    f"<p {PY} py:attrs='{{'>a</p>",
    f"<p {PY}>${{1 +}}</p>",
    f"<p {PY}>${{x.}}</p>",
    f"<p {PY} py:match='//['>a</p>",
    f"<p {PY} py:match='p[@'>a</p>",
    f"<p {PY}><?python\n  x = (\n?></p>",
    f"<p {PY}><?python\nif x\n?></p>",
    f"<p {PY}><py:when test='1'>a</py:when></p>",
    f"<p {PY}><py:otherwise>a</py:otherwise></p>",
    f"<p {PY} py:strip='1 +'>a</p>",
    f"<p {PY} py:content='lambda:'>a</p>",
    f"<p {PY} py:replace='import os'>a</p>",
    f"<p {PY}><py:choose test='1'><py:when>a</py:when></py:choose></p>",
    f'<p {PY}><a href="${{x"/></p>',
    f"<p {PY} py:for='x, in y'>a</p>",
    "",
    "<?xml version='1.0'?><!DOCTYPE x [<!ENTITY a 'b'>]><p>&a;</p>",
]
# Markup templates that load, then fail when rendered with CONTEXT.
FAILING_RENDERS = [
    f"<p {PY}>${{missing}}</p>",
    f"<p {PY}>${{user.missing}}</p>",
    f"<p {PY}>${{user['nokey']}}</p>",
    f"<p {PY}>${{1 / 0}}</p>",
    f"<p {PY} py:for='x in 5'>${{x}}</p>",
    f"<p {PY} py:for='a, b in items'>${{a}}</p>",
    f"<p {PY}><py:choose><py:when>a</py:when></py:choose></p>",
    f"<p {PY}><py:choose test='1'><py:when test='1'>a</py:when></py:choose><py:when test='1'>b</py:when></p>",
    f"<p {PY}><py:def function='f(a)'>${{a}}</py:def>${{f()}}</p>",
    f"<p {PY}><py:def function='f(a)'>${{a}}</py:def>${{f(1, 2)}}</p>",
    f"<p {PY} py:attrs='5'>a</p>",
    f"<p {PY} py:attrs='[1]'>a</p>",
    f"<p {PY} py:with='a = missing'>${{a}}</p>",
    f"<p {PY}><?python\nraise ValueError('from a python block')\n?></p>",
    f"<p {PY}>${{items.nope()}}</p>",
    f"<p {PY}>${{undefined_function(1)}}</p>",
    f"<p {PY}>${{user.name.nope}}</p>",
    f"<p {PY}>${{len(5)}}</p>",
    f"<p {PY}>${{value_of('nope')}}</p>",
    f"<p {PY}>${{defined('x') and x.y}}</p>",
]
# Text templates (the new syntax) Genshi rejects or that fail when rendered.
BAD_TEXT = [
    "{% for x %}a{% end %}",
    "{% if %}a{% end %}",
    "{% nope x %}a{% end %}",
    "{% for x in items %}a",
    "{% end %}",
    "{% choose %}{% when %}a{% end %}{% end %}",
    "${1 +}",
    "{% python x = ( %}",
    "{% def f( %}a{% end %}",
    "{% with x %}a{% end %}",
    "${missing}",
    "{% for x in 5 %}${x}{% end %}",
]
CONTEXT = {"user": {"name": "Ada"}, "items": [1, 2]}


def cases():
    from genshi import builder, input, path
    from genshi.core import Attrs, Markup, QName, Stream
    from genshi.filters import Transformer
    from genshi.template import MarkupTemplate, NewTextTemplate, OldTextTemplate, TemplateLoader
    from genshi.template.eval import StrictLookup

    for index, source in enumerate(BAD_MARKUP):
        yield (
            f"genshi markup load {index} {source[:30]!r}",
            lambda s=source: MarkupTemplate(s).generate(**CONTEXT).render("xhtml"),
        )
    for index, source in enumerate(FAILING_RENDERS):
        for lookup in ("strict", "lenient"):
            yield (
                f"genshi markup render {lookup} {index} {source[:30]!r}",
                lambda s=source, k=lookup: MarkupTemplate(s, lookup=k).generate(**CONTEXT).render("xhtml"),
            )
    for index, source in enumerate(BAD_TEXT):
        yield (
            f"genshi text {index} {source!r}",
            lambda s=source: NewTextTemplate(s, lookup="strict").generate(**CONTEXT).render("text"),
        )
    yield from [
        ("genshi old text", lambda: OldTextTemplate("#for x\na\n#end").generate().render("text")),
        ("genshi old text unknown", lambda: OldTextTemplate("#nope x\na\n#end").generate().render("text")),
        ("genshi render method", lambda: MarkupTemplate("<p/>").generate().render("nope")),
        ("genshi render doctype", lambda: MarkupTemplate("<p/>").generate().render("xhtml", doctype="nope")),
        ("genshi lookup class", lambda: MarkupTemplate(f"<p {PY}>${{x}}</p>", lookup=StrictLookup).generate().render()),
        ("genshi lookup unknown", lambda: MarkupTemplate("<p/>", lookup="nope")),
        ("genshi generate positional", lambda: MarkupTemplate("<p/>").generate(1)),
        ("genshi XML bad", lambda: input.XML("<p>unclosed")),
        ("genshi XML mismatched", lambda: list(input.XML("<a><b></a>"))),
        ("genshi HTML bad", lambda: list(input.HTML("<p>&#xzz;</p>"))),
        ("genshi HTML mismatched", lambda: list(input.HTML("<div></p></span>"))),
        ("genshi HTML encoding", lambda: list(input.HTML(b"<p>\xff</p>", encoding="nope"))),
        ("genshi XMLParser bad", lambda: list(input.XMLParser(__import__("io").StringIO("<a><")))),
        ("genshi path syntax", lambda: path.Path("//[")),
        ("genshi path unknown axis", lambda: path.Path("nope::p")),
        ("genshi path unknown function", lambda: path.Path("p[nope()]")),
        ("genshi path bad predicate", lambda: path.Path("p[@a=]")),
        ("genshi path trailing", lambda: path.Path("p/")),
        ("genshi path select", lambda: input.XML("<p><a/></p>").select("a[")),
        ("genshi path function args", lambda: list(input.XML("<p/>").select("p[starts-with(@a)]"))),
        ("genshi Transformer bad path", lambda: input.XML("<p/>") | Transformer("//[")),
        ("genshi Transformer attr", lambda: list(input.XML("<p/>") | Transformer("p").attr("a", 1 / 1).attr(None, 1))),
        ("genshi builder tag bad child", lambda: str(builder.tag.p(object)) and builder.tag.p()(**{"": 1})),
        ("genshi builder Element int", lambda: builder.Element(5)),
        ("genshi QName empty", lambda: QName("")),
        ("genshi Attrs set int", lambda: Attrs([("a", "1")]) | 5),
        ("genshi Markup join", lambda: Markup(", ").join([1, 2])),
        ("genshi Markup mod", lambda: Markup("<b>%s %s</b>") % ("x",)),
        ("genshi Stream render", lambda: Stream([]).render("nope")),
        ("genshi Stream serialize", lambda: Stream([("nope", None, None)]).render("xml")),
        ("genshi Stream filter", lambda: list(Stream([]) | 5)),
    ]
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "page.html").write_text(f"<p {PY} {XI}><xi:include href='missing.html'/></p>", encoding="utf-8")
        Path(folder, "broken.html").write_text("<p>unclosed", encoding="utf-8")
        Path(folder, "fallback.html").write_text(
            f"<p {PY} {XI}><xi:include href='missing.html'><xi:fallback>${{1 / 0}}</xi:fallback></xi:include></p>",
            encoding="utf-8",
        )
        Path(folder, "noparse.html").write_text(
            f"<p {PY} {XI}><xi:include href='broken.html' parse='nope'/></p>", encoding="utf-8"
        )
        loader = TemplateLoader([folder], auto_reload=True)
        yield from [
            ("genshi loader missing", lambda: loader.load("nope.html")),
            ("genshi loader absolute missing", lambda: loader.load(str(Path(folder, "nope.html")))),
            ("genshi loader include missing", lambda: loader.load("page.html").generate().render()),
            ("genshi loader broken", lambda: loader.load("broken.html")),
            ("genshi loader fallback", lambda: loader.load("fallback.html").generate().render()),
            ("genshi loader include parse", lambda: loader.load("noparse.html").generate().render()),
            ("genshi loader search path", lambda: TemplateLoader(5).load("x.html")),
            ("genshi loader class", lambda: loader.load("page.html", cls=int)),
            ("genshi loader package", lambda: TemplateLoader([TemplateLoader.package("corpus_nope", "t")]).load("x")),
            (
                "genshi no loader include",
                lambda: MarkupTemplate(f"<p {XI}><xi:include href='x.html'/></p>").generate().render(),
            ),
        ]


if __name__ == "__main__":
    Recorder("Genshi", ("genshi",)).run_all(cases())

"""Raise real errors from Mako, one JSON line each (see common.py): template syntax errors, unknown tags and
filters, broken control lines, lookups of missing templates, strict undefined names and page arguments, written
from Mako's documentation as a user would use it (held-out: see SPLIT.md)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

SOURCES = [
    "${",
    "${x",
    "${}",
    "${1 +}",
    "${x | }",
    "${x!}",
    "<%",
    "<% x = %>",
    "<%! import %>",
    "<%def>",
    "<%def name='x'>",
    "<%def name='x('>\n</%def>",
    "<%def name='x()'>\n</%block>",
    "<%block>",
    "<%block name='a'></%block><%block name='a'></%block>",
    "<%block name='a(x)'></%block>",
    "<%nope/>",
    "<%nope:tag/>",
    "<%include/>",
    "<%inherit/>",
    "<%namespace/>",
    "<%namespace name='x' file='y' module='z'/>",
    "<%page args='x='/>",
    "<%page/><%page/>",
    "<%call>",
    "<%call expr='x'>",
    "<%text>",
    "<%doc>",
    "</%def>",
    "% for x in y:",
    "% endfor",
    "% if x:\n% endfor",
    "% if x:\n% elif:\n% endif",
    "% if x:\n% else:\n% else:\n% endif",
    "% while:\n% endwhile",
    "% nope x:\n% endnope",
    "% try:\n% endtry",
    "% for x in:\n% endfor",
    "<%def name='x()'>",
    "<%def name='x()' nope='1'></%def>",
    "<%self:x>",
    "<%include file='a' nope='1'/>",
    "${x | nofilter}",
    "${'a\n}",
    '<%def name="x()" cached="True" cache_type="nope">${1}</%def>${x()}',
    "## comment\n<%",
    "<%def name='a()'/><%def name='a()'/>",
    "% else:",
    "<%block name='b' args='x'></%block>",
    "<%block name='b' nope='1'></%block>",
]
RENDERS = [
    "${x}",
    "${x.y}",
    "${x()}",
    "${x[0]}",
    "<%page args='x'/>${x}",
    "<%include file='nope.html'/>",
    "<%inherit file='nope.html'/>",
    "<%namespace file='nope.html' import='*'/>",
    "<%namespace name='n' file='nope.html'/>${n.f()}",
    "${self.nope()}",
    "${parent.nope()}",
    "${next.body()}",
    "${caller.body()}",
    "<%block name='a'/>${self.a()}",
    "${capture(None)}",
    "${local.nope}",
    "${context['nope']}",
    "${context.get('x').y}",
    "${1/0}",
    "${h.nope}",
]


def cases():
    from mako import exceptions
    from mako.lookup import TemplateLookup
    from mako.template import Template

    for source in SOURCES:
        yield f"mako compile {source!r}", lambda s=source: Template(s)
    for source in RENDERS:
        yield f"mako render {source!r}", lambda s=source: Template(s, strict_undefined=True).render()
        yield f"mako render lax {source!r}", lambda s=source: Template(s).render()
    lookup = TemplateLookup(directories=[str(Path(__file__).resolve().parent)])
    yield from [
        ("mako lookup missing", lambda: lookup.get_template("nope.html")),
        ("mako lookup no dirs", lambda: TemplateLookup().get_template("/nope.html")),
        ("mako lookup outside", lambda: lookup.get_template("../../../etc/passwd")),
        ("mako template file missing", lambda: Template(filename="/no/such/template.html")),
        ("mako template no text", lambda: Template()),
        ("mako template both", lambda: Template("x", filename="y").render()),
        ("mako template bad encoding", lambda: Template(b"\xff\xfe${x}", input_encoding="ascii")),
        ("mako template magic encoding", lambda: Template(b"## -*- coding: nope -*-\n${x}")),
        ("mako render unicode", lambda: Template("${x}", output_encoding="nope").render(x=1)),
        ("mako get_def missing", lambda: Template("x").get_def("nope")),
        ("mako render_context", lambda: Template("${x}").render_context(None)),
        ("mako text_error_template", lambda: exceptions.text_error_template().render().nope),
        ("mako default filters bad", lambda: Template("${x}", default_filters=["nope"]).render(x=1)),
        ("mako imports bad", lambda: Template("${x}", imports=["import nope_nope"]).render(x=1)),
        ("mako preprocessor bad", lambda: Template("${x}", preprocessor=lambda s: 1)),
        ("mako cache missing", lambda: Template("<%page cached='True' cache_impl='nope'/>x").render()),
        ("mako module_directory", lambda: Template("x", module_directory="/proc/nope").render()),
    ]


if __name__ == "__main__":
    Recorder("Mako", ("mako",)).run_all(cases())

"""Raise real errors from Chameleon, one JSON line each (see common.py): page templates it cannot parse (unclosed and
mismatched tags, bad attributes, comments and entities), TAL, METAL and i18n statements it rejects (unknown
attributes, bad `tal:define`, `tal:repeat` and `tal:attributes` syntax, conflicting statements, macros and slots
misused), expressions it cannot compile (Python syntax errors, unknown expression types, bad `string:` and `exists:`
expressions), names undefined when rendering, errors raised while rendering, and templates loaded from files that do
not exist; written from Chameleon's documentation as a user would use it (held-out: see SPLIT.md, fifth split)."""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

TAL = 'xmlns:tal="http://xml.zope.org/namespaces/tal"'
METAL = 'xmlns:metal="http://xml.zope.org/namespaces/metal"'
I18N = 'xmlns:i18n="http://xml.zope.org/namespaces/i18n"'

# Templates that fail when compiled (the first render compiles them).
BROKEN = [
    "<div>",
    "<div></span>",
    "<div><p></div></p>",
    "<div class='a' class='b'></div>",
    "<div class=></div>",
    "<div <p></div>",
    "<!-- unclosed",
    "<![CDATA[ unclosed",
    "<div>&nope;</div>",
    "<?xml unclosed",
    f'<div {TAL} tal:nope="x"></div>',
    f'<div {TAL} tal:define="1x 1"></div>',
    f'<div {TAL} tal:define="x"></div>',
    f'<div {TAL} tal:define="global"></div>',
    f'<div {TAL} tal:define="x 1; x 2"></div>',
    f'<div {TAL} tal:repeat="item"></div>',
    f'<div {TAL} tal:repeat="1 range(3)"></div>',
    f'<div {TAL} tal:attributes="class"></div>',
    f'<div {TAL} tal:attributes="1 x"></div>',
    f'<div {TAL} tal:content="x" tal:replace="y"></div>',
    f'<div {TAL} tal:content=""></div>',
    f'<div {TAL} tal:condition=""></div>',
    f'<div {TAL} tal:condition="x" tal:condition="y"></div>',
    f'<div {TAL} tal:content="structure"></div>',
    f'<div {TAL} tal:content="text structure x"></div>',
    f'<div {TAL} tal:switch="x"><p tal:case=""></p></div>',
    f'<div {TAL} tal:case="1"></div>',
    f'<div {TAL} tal:omit-tag="1 +"></div>',
    f'<div {TAL} tal:on-error=""></div>',
    f'<div {TAL} tal:content="x +"></div>',
    f'<div {TAL} tal:content="nope: x"></div>',
    f'<div {TAL} tal:content="string:${{x +}}"></div>',
    f'<div {TAL} tal:content="exists:"></div>',
    f'<div {TAL} tal:content="import:"></div>',
    f'<div {TAL} tal:content="not:"></div>',
    f'<div {TAL} tal:content="python: ("></div>',
    f'<div {TAL} tal:content="load:"></div>',
    "<div>${x +}</div>",
    "<div>${}</div>",
    "<div>${x</div>",
    "<div>${lambda: yield}</div>",
    "<div class='${1 +}'></div>",
    f'<div {METAL} metal:define-macro=""></div>',
    f'<div {METAL} metal:nope="x"></div>',
    f'<div {METAL} metal:fill-slot="body"></div>',
    f'<div {METAL} metal:use-macro="x +"></div>',
    f'<div {METAL} metal:define-macro="a"><p metal:define-macro="a"></p></div>',
    f'<div {METAL} metal:define-slot="1 x"></div>',
    f'<div {I18N} i18n:nope="x"></div>',
    f'<div {I18N} i18n:attributes="class;"></div>',
    f'<div {I18N} i18n:translate="" i18n:name=""></div>',
    f'<div {I18N} i18n:data="x +"></div>',
    f'<div {I18N} i18n:translate=""><p i18n:name="x"><b i18n:name="x"></b></p></div>',
    f'<div {TAL} tal:define="x 1" tal:repeat="x range(2)" tal:define="y 2"></div>',
    f"<div {TAL} {TAL}></div>",
    '<div xmlns:x="urn:x" x:a="1" x:a="2"></div>',
]

# Templates that compile and fail when rendered.
RENDERED = [
    ("<div>${undefined}</div>", {}),
    ("<div>${1 / 0}</div>", {}),
    ("<div>${x.nope}</div>", {"x": 1}),
    ("<div>${x['nope']}</div>", {"x": {}}),
    ("<div>${x[5]}</div>", {"x": []}),
    ("<div>${int('x')}</div>", {}),
    (f'<div {TAL} tal:repeat="item 5">${{item}}</div>', {}),
    (f'<div {TAL} tal:define="a, b x">${{a}}</div>', {"x": [1]}),
    (f'<div {TAL} tal:content="path: x/nope"></div>', {"x": {}}),
    (f'<div {TAL} tal:content="exists: x/nope"></div>', {}),
    (f'<div {TAL} tal:content="import: nope.module"></div>', {}),
    (f'<div {TAL} tal:attributes="class x"></div>', {}),
    (f'<div {TAL} tal:attributes="x"></div>', {"x": 5}),
    (f'<div {TAL} tal:switch="x"><p tal:case="y"></p></div>', {"x": 1}),
    (f'<div {METAL} metal:use-macro="x"></div>', {"x": None}),
    (f"<div {METAL} metal:use-macro=\"x.macros['nope']\"></div>", {}),
    (f'<div {TAL} tal:content="string:${{nope}}"></div>', {}),
    (f'<div {TAL} tal:define="x nope"></div>', {}),
    (f'<div {TAL} tal:condition="nope"></div>', {}),
    (f'<div {TAL} tal:on-error="string:fallback">${{1 / 0}}</div>', {}),
    (f'<div {TAL} tal:on-error="nope">${{1 / 0}}</div>', {}),
    ("<div>${structure: x}</div>", {"x": object()}),
    ("<div>${x}</div>", {"x": type("Bad", (), {"__html__": lambda self: 1 / 0})()}),
    ("<div>${x}</div>", {"x": type("Bad", (), {"__str__": lambda self: 1 / 0})()}),
    (f'<div {I18N} i18n:translate="">${{1 / 0}}</div>', {}),
]


def cases():
    from chameleon import PageTemplate, PageTemplateFile, PageTemplateLoader, PageTextTemplate
    from chameleon.tales import ExpressionParser

    for index, body in enumerate(BROKEN):
        yield f"chameleon compile {index} {body[-40:]!r}", lambda b=body: PageTemplate(b)()
    for index, (body, names) in enumerate(RENDERED):
        yield f"chameleon render {index} {body[-40:]!r}", lambda b=body, n=names: PageTemplate(b)(**n)
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "broken.pt").write_text("<div><p></div>")
        (Path(folder) / "page.pt").write_text(f'<div {METAL} metal:use-macro="load: missing.pt"></div>')
        loader = PageTemplateLoader([folder])
        yield from [
            ("chameleon file missing", lambda: PageTemplateFile(str(Path(folder) / "missing.pt"))()),
            ("chameleon file broken", lambda: PageTemplateFile(str(Path(folder) / "broken.pt"))()),
            ("chameleon loader missing", lambda: loader["missing.pt"]),
            ("chameleon loader load missing", lambda: loader["page.pt"]()),
            ("chameleon loader bad format", lambda: loader.load("page.pt", format="nope")),
            ("chameleon loader absolute", lambda: PageTemplateLoader(["relative"])["nope.pt"]),
        ]
    yield from [
        ("chameleon render not strict", lambda: PageTemplate("<div>${undefined}</div>", strict=False)()),
        ("chameleon text template", lambda: PageTextTemplate("${1 +}")()),
        ("chameleon text template undefined", lambda: PageTextTemplate("${nope}")()),
        ("chameleon macros missing", lambda: PageTemplate("<div></div>").macros["nope"]),
        ("chameleon template bytes", lambda: PageTemplate(b"\xff\xfe<div>")()),
        ("chameleon template encoding", lambda: PageTemplate(b"<div>\xff</div>", encoding="nope")()),
        ("chameleon template mode", lambda: PageTemplate("<div></div>", mode="nope")()),
        ("chameleon expression types", lambda: PageTemplate("<div>${x}</div>", default_expression="nope")()),
        ("chameleon render positional", lambda: PageTemplate("<div></div>")(1)),
        ("chameleon expression parser", lambda: ExpressionParser({}, "python")("nope:x", None)),
        ("chameleon template None", lambda: PageTemplate(None)()),
        ("chameleon translate", lambda: PageTemplate("<div>${x}</div>")(x=1, translate=1)),
    ]


if __name__ == "__main__":
    Recorder("Chameleon", ("chameleon",)).run_all(cases())

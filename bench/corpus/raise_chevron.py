"""Raise real errors from chevron, one JSON line each (see common.py): Mustache templates it rejects (unclosed tags,
sections and delimiter changes, mismatched closing tags, tags left open at the end), partials and data it cannot
use, lambdas misused, rendering with the wrong types, and its command line given files it cannot read; written from
chevron's README and the Mustache manual as a user would use them (held-out: see SPLIT.md, fourth split).

chevron holds few raise sites (five `raise` statements, all in its tokenizer): most of its errors are Python's own
(TypeError, AttributeError, OSError) raised by lines that are not a `raise`, recorded and not scored."""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

TEMPLATES = [
    "{{name",
    "Hello {{name}",
    "{{#items}}open",
    "{{#items}}{{#inner}}{{/items}}",
    "{{/items}}",
    "{{#a}}{{/b}}",
    "{{^a}}{{/b}}",
    "{{#a}}{{#b}}{{/a}}{{/b}}",
    "{{=<% %>=}}<%#a%>{{/a}}",
    "{{= | =}}",
    "{{=<% %>",
    "{{=<%=}}",
    "{{=<% %> x=}}",
    "{{{name}}",
    "{{{name}",
    "{{&}}",
    "{{#}}{{/}}",
    "{{!unclosed comment",
    "{{>}}",
    "{{>partial",
    "{{# a b }}{{/ a b }}",
    "{{#list}}{{.}}",
    "{{^empty}}none",
    "{{#a}}\n{{#b}}\n{{/b}}\n",
    "{{=[[ ]]=}}[[#a]][[/b]]",
    "{{=[[ ]]=}}[[name",
    "text {{#a}}x{{/a}} {{/a}}",
    "{{=<% %>}}",
    "line\n\n{{=[ ]}}",
    "{{{name}}}{{/name}}",
]


def command_line(*arguments: str) -> None:
    """`chevron ARGS` as a shell runs it: its entry point reads sys.argv."""
    import chevron

    sys.argv[1:] = arguments
    try:
        chevron.cli_main()
    finally:
        sys.argv[1:] = []


def cases():
    import chevron

    data = {"name": "x", "items": [1, 2], "a": {"b": 1}, "list": [1], "empty": [], "lam": lambda text, render: 1}
    for template in TEMPLATES:
        yield f"chevron render {template!r:.30}", lambda t=template: chevron.render(t, data)
        yield f"chevron tokenize {template!r:.30}", lambda t=template: list(chevron.tokenizer.tokenize(t))
    # A fixed folder: its name shows in the messages, which stay the same from run to run.
    folder = Path(tempfile.gettempdir()) / "errorkb-corpus-chevron"
    folder.mkdir(exist_ok=True)
    (folder / "broken.mustache").write_text("{{#x}}")
    (folder / "mismatch.mustache").write_text("{{#x}}{{/y}}")
    (folder / "data.json").write_text('{"name": ')
    (folder / "good.mustache").write_text("{{name}}")
    yield from [
        ("chevron partial broken", lambda: chevron.render("{{>broken}}", {"x": 1}, partials_path=str(folder))),
        ("chevron partial mismatch", lambda: chevron.render("{{>mismatch}}", {"x": 1}, partials_path=str(folder))),
        ("chevron partial dict broken", lambda: chevron.render("{{>p}}", {}, partials_dict={"p": "{{#a}}"})),
        ("chevron partial dict unclosed", lambda: chevron.render("{{>p}}", {}, partials_dict={"p": "{{name"})),
        ("chevron partial not str", lambda: chevron.render("{{>p}}", {}, partials_dict={"p": 1})),
        ("chevron lambda bad return", lambda: chevron.render("{{#lam}}x{{/lam}}", data)),
        ("chevron lambda renders broken", lambda: chevron.render("{{#f}}x{{/f}}", {"f": lambda t, r: r("{{#a}}")})),
        ("chevron lambda wrong arity", lambda: chevron.render("{{#f}}x{{/f}}", {"f": lambda t: t})),
        ("chevron lambda raises", lambda: chevron.render("{{#f}}x{{/f}}", {"f": lambda t, r: 1 / 0})),
        ("chevron template none", lambda: chevron.render(None, data)),
        ("chevron template int", lambda: chevron.render(12, data)),
        ("chevron template bytes", lambda: chevron.render(b"{{name}}", data)),
        ("chevron data list", lambda: chevron.render("{{name}}", [1, 2])),
        ("chevron data int", lambda: chevron.render("{{#a}}{{b.c}}{{/a}}", 1)),
        ("chevron def_ldel", lambda: chevron.render("{{name}}", data, def_ldel=None)),
        ("chevron def_rdel", lambda: chevron.render("<<name", data, def_ldel="<<", def_rdel=">>")),
        ("chevron same delimiters", lambda: chevron.render("|name|", data, def_ldel="|", def_rdel="|")),
        ("chevron padding int", lambda: chevron.render("{{name}}", data, padding=1)),
        ("chevron partials_path missing", lambda: chevron.render("{{>p}}", {}, partials_path=12)),
        ("chevron scopes int", lambda: chevron.render("{{name}}", data, scopes=1)),
        ("chevron file missing", lambda: chevron.main(str(folder / "missing.mustache"))),
        ("chevron file broken", lambda: chevron.main(str(folder / "broken.mustache"))),
        ("chevron data file broken", lambda: chevron.main(str(folder / "good.mustache"), str(folder / "data.json"))),
        ("chevron data file missing", lambda: chevron.main(str(folder / "good.mustache"), str(folder / "no.json"))),
        ("chevron cli no args", lambda: command_line()),
        ("chevron cli bad flag", lambda: command_line("-q")),
        ("chevron cli missing file", lambda: command_line("/nonexistent.mustache")),
        (
            "chevron cli broken data",
            lambda: command_line(str(folder / "good.mustache"), "-d", str(folder / "data.json")),
        ),
        ("chevron render file object", lambda: chevron.render(open(folder / "broken.mustache"), {})),
    ]


if __name__ == "__main__":
    Recorder("chevron", ("chevron",)).run_all(cases())

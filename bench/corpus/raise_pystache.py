"""Raise real errors from pystache, one JSON line each (see common.py): Mustache templates its parser rejects
(unclosed and mismatched sections, bad delimiters and tags), names and partials missing under `missing_tags="strict"`,
views and template files it cannot find, renderers misconfigured; written from pystache's documentation and the
Mustache manual as a user would use them (held-out: see SPLIT.md, third split)."""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

TEMPLATES = [
    "{{#items}}open",
    "{{/items}}",
    "{{#a}}{{/b}}",
    "{{^a}}{{/b}}",
    "{{#a}}{{#b}}{{/a}}{{/b}}",
    "{{=<% %>=}}<%#a%>{{/a}}",
    "{{= | =}}",
    "{{=<%=}}",
    "{{=<% %> x=}}",
    "{{{name}}",
    "{{&}}",
    "{{#}}{{/}}",
    "{{!unclosed comment",
    "{{name",
    "{{>}}",
    "{{# a b }}{{/ a b }}",
    "{{missing}}",
    "{{a.b.c}}",
    "{{#missing}}x{{/missing}}",
    "{{^missing}}x{{/missing}}",
    "{{>missing}}",
    "{{&missing}}",
    "{{{missing}}}",
]


def cases():
    import pystache
    from pystache.parser import parse

    strict = pystache.Renderer(missing_tags="strict")
    context = {"a": {"b": 1}, "items": [1, 2], "lam": lambda text: 1, "name": "x"}
    for template in TEMPLATES:
        yield f"pystache render {template!r:.30}", lambda t=template: pystache.render(t, context)
        yield f"pystache strict {template!r:.30}", lambda t=template: strict.render(t, context)
        yield f"pystache parse {template!r:.30}", lambda t=template: parse(t, raise_on_mismatch=True)
    # A fixed folder: its name shows in the messages, which stay the same from run to run.
    folder = str(Path(tempfile.gettempdir()) / "errorkb-corpus-pystache")
    Path(folder).mkdir(exist_ok=True)
    (Path(folder) / "broken.mustache").write_text("{{#x}}")
    (Path(folder) / "latin.mustache").write_bytes("caf\xe9 {{name}}".encode("latin-1"))
    in_folder = pystache.Renderer(search_dirs=[folder], missing_tags="strict")

    class Missing:
        pass

    class Spec(pystache.TemplateSpec):
        template_name = "nope"

    class Relative(pystache.TemplateSpec):
        template_rel_path = "nope/x.mustache"

    yield from [
        ("pystache lambda section", lambda: pystache.render("{{#lam}}x{{/lam}}", context)),
        ("pystache lambda value", lambda: pystache.render("{{lam}}", context)),
        ("pystache section lambda strict", lambda: strict.render("{{#lam}}{{/lam}}", context)),
        ("pystache view missing", lambda: pystache.Renderer().render(Missing())),
        ("pystache view strict", lambda: in_folder.render(Missing())),
        ("pystache spec name", lambda: pystache.Renderer().render(Spec())),
        ("pystache spec rel path", lambda: pystache.Renderer().render(Relative())),
        ("pystache render name", lambda: in_folder.render_name("nope")),
        ("pystache render name broken", lambda: in_folder.render_name("broken")),
        ("pystache render name latin", lambda: pystache.Renderer(search_dirs=[folder]).render_name("latin", name=1)),
        ("pystache render path", lambda: pystache.Renderer().render_path(folder + "/nope.mustache")),
        ("pystache partial missing", lambda: pystache.Renderer(partials={}, missing_tags="strict").render("{{>p}}")),
        ("pystache partial dict", lambda: pystache.Renderer(partials={"p": "{{#x}}"}).render("{{>p}}")),
        ("pystache partials loader", lambda: in_folder.render("{{>nope}}")),
        ("pystache missing tags bad", lambda: pystache.Renderer(missing_tags="nope").render("{{x}}")),
        ("pystache escape bad", lambda: pystache.Renderer(escape=1).render("{{x}}", x=1)),
        ("pystache encoding bad", lambda: pystache.Renderer(string_encoding="nope").render(b"{{x}}")),
        ("pystache decode strict", lambda: pystache.Renderer(decode_errors="strict").render(b"\xff{{x}}")),
        (
            "pystache file encoding",
            lambda: pystache.Renderer(search_dirs=[folder], file_encoding="nope").render_name("latin"),
        ),
        (
            "pystache file extension",
            lambda: pystache.Renderer(search_dirs=[folder], file_extension=False).render_name("x"),
        ),
        ("pystache render type", lambda: pystache.render(12)),
        ("pystache render none", lambda: pystache.render(None)),
        ("pystache context type", lambda: pystache.render("{{x}}", 12)),
        ("pystache context list", lambda: strict.render("{{x}}", [1])),
        ("pystache two contexts", lambda: strict.render("{{y}}", {"x": 1}, {"z": 2})),
        ("pystache dot missing", lambda: strict.render("{{a.c}}", context)),
        ("pystache dot not dict", lambda: strict.render("{{name.x}}", context)),
        ("pystache parse bytes", lambda: parse(b"{{x}}")),
        ("pystache dot empty context", lambda: strict.render("{{.}}")),
        ("pystache dot list", lambda: strict.render("{{items.x}}", context)),
        ("pystache dot none", lambda: strict.render("{{a.b.c.d}}", {"a": {"b": None}})),
        ("pystache section dot missing", lambda: strict.render("{{#a.x}}y{{/a.x}}", context)),
        ("pystache delimiters bad", lambda: parse("{{x}}", delimiters=("", ""))),
        ("pystache delimiters none", lambda: parse("{{x}}", delimiters=1)),
        ("pystache loader encoding", lambda: pystache.loader.Loader(encoding="nope").read(folder + "/latin.mustache")),
        ("pystache loader missing", lambda: pystache.loader.Loader().load_name("nope")),
        ("pystache locator missing", lambda: pystache.locator.Locator().find_name("nope", [folder])),
        ("pystache locator object", lambda: pystache.locator.Locator().find_object(Missing(), [folder])),
        ("pystache locator file", lambda: pystache.locator.Locator().find_file("nope.mustache", [folder])),
    ]


if __name__ == "__main__":
    Recorder("pystache", ("pystache",)).run_all(cases())

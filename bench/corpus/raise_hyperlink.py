"""Raise real errors from hyperlink, one JSON line each (see common.py): URLs it cannot parse (bad ports, schemes,
hosts, IPv6 literals, percent escapes), URL objects built from the wrong types or values (`URL(...)`, `replace`,
`child`, `sibling`, `click`, `normalize`), query parameters misused (`add`, `set`, `get`, `remove`), the decoded
URL (`DecodedURL`, `to_iri`, `to_uri`) given what it cannot encode or decode, and `register_scheme` misused;
written from hyperlink's documentation as a user would use it (held-out: see SPLIT.md, seventh split)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

# Texts hyperlink.parse rejects, one mistake each.
TEXTS = [
    "http://example.com:port/",
    "http://example.com:99999/",
    "http://example.com:-1/",
    "http://[::1/",
    "http://[::g]/",
    "http://[1.2.3.4]/",
    "http://exa mple.com/",
    "http://example.com:80:80/",
    "1http://example.com/",
    "ht@tp://example.com/",
    "http://user@:80/",
    "http://%zz.com/",
    "http://example.com/%zz",
    "http://\x00example.com/",
    "//[",
    "http://example.com#frag#frag",
    "http://[v1.x]/",
    "http://xn--/",
    "http://ex\u00e4mple..com/",
    "http://a@b@c/",
]


def cases():
    import hyperlink
    from hyperlink import URL, DecodedURL

    base = URL.from_text("http://example.com/a/b?x=1")
    decoded = DecodedURL.from_text("http://example.com/a/b?x=1")

    for index, text in enumerate(TEXTS):
        yield f"hyperlink parse {index} {text!r}", lambda t=text: hyperlink.parse(t)
        yield f"hyperlink URL.from_text {index}", lambda t=text: URL.from_text(t)
        yield f"hyperlink parse decoded {index}", lambda t=text: hyperlink.parse(t, decoded=True).to_text()
    yield from [
        ("hyperlink from_text bytes", lambda: URL.from_text(b"http://example.com/")),
        ("hyperlink parse int", lambda: hyperlink.parse(42)),
        ("hyperlink URL scheme int", lambda: URL(scheme=1)),
        ("hyperlink URL scheme bad", lambda: URL(scheme="ht tp", host="example.com")),
        ("hyperlink URL host int", lambda: URL(host=1)),
        ("hyperlink URL host slash", lambda: URL(host="exa/mple.com")),
        ("hyperlink URL host bad char", lambda: URL(host="exa mple.com")),
        ("hyperlink URL port str", lambda: URL(host="example.com", port="80")),
        ("hyperlink URL path str", lambda: URL(path="a/b")),
        ("hyperlink URL path ints", lambda: URL(path=(1, 2))),
        ("hyperlink URL path segment slash", lambda: URL(path=("a/b",))),
        ("hyperlink URL query str", lambda: URL(query="x=1")),
        ("hyperlink URL query bad pairs", lambda: URL(query=[("x",)])),
        ("hyperlink URL query int key", lambda: URL(query=[(1, "x")])),
        ("hyperlink URL query int value", lambda: URL(query=[("x", 1)])),
        ("hyperlink URL fragment int", lambda: URL(fragment=1)),
        ("hyperlink URL userinfo int", lambda: URL(userinfo=1)),
        ("hyperlink URL rooted without host", lambda: URL(host="example.com", rooted=False, path=("a",))),
        ("hyperlink URL uses_netloc", lambda: URL(scheme="mailto", host="example.com", uses_netloc=False)),
        ("hyperlink replace port", lambda: base.replace(port="eighty")),
        ("hyperlink replace host", lambda: base.replace(host="a b")),
        ("hyperlink replace path", lambda: base.replace(path="x/y")),
        ("hyperlink replace unknown", lambda: base.replace(nope=1)),
        ("hyperlink child int", lambda: base.child(1)),
        ("hyperlink child slash", lambda: base.child("a/b")),
        ("hyperlink sibling int", lambda: base.sibling(1)),
        ("hyperlink sibling slash", lambda: base.sibling("a/b")),
        ("hyperlink click int", lambda: base.click(1)),
        ("hyperlink click bad", lambda: base.click("http://[::1")),
        ("hyperlink click relative base", lambda: URL.from_text("a/b").click("c")),
        ("hyperlink add int", lambda: base.add(1, "x")),
        ("hyperlink add value int", lambda: base.add("y", 1)),
        ("hyperlink set int", lambda: base.set("x", 2)),
        ("hyperlink set name int", lambda: base.set(1, "x")),
        ("hyperlink get int", lambda: base.get(1)),
        ("hyperlink remove int", lambda: base.remove(1)),
        ("hyperlink remove limit", lambda: base.remove("x", limit=0)),
        ("hyperlink remove value limit", lambda: base.remove("x", value="1", limit=-1)),
        ("hyperlink normalize bad", lambda: base.normalize(scheme=1)),
        ("hyperlink to_text bad", lambda: URL(host="ex\x00ample.com").to_text()),
        ("hyperlink to_uri", lambda: URL.from_text("http://\u0000/").to_uri()),
        ("hyperlink to_iri", lambda: URL.from_text("http://xn--ls8h.com/%ff%fe").to_iri()),
        ("hyperlink to_iri bad punycode", lambda: URL.from_text("http://xn--a.com/").to_iri()),
        ("hyperlink from_text idna", lambda: URL.from_text("http://\u2603.com/").to_uri().to_text()),
        ("hyperlink DecodedURL str", lambda: DecodedURL("http://example.com/")),
        ("hyperlink DecodedURL from_text bad", lambda: DecodedURL.from_text("http://%zz.com/")),
        ("hyperlink DecodedURL lazy", lambda: DecodedURL.from_text("http://example.com/%zz", lazy=False)),
        ("hyperlink DecodedURL bad decode", lambda: DecodedURL.from_text("http://example.com/%ff%fe").path),
        ("hyperlink DecodedURL replace", lambda: decoded.replace(port="x")),
        ("hyperlink DecodedURL replace host", lambda: decoded.replace(host="a/b")),
        ("hyperlink DecodedURL child int", lambda: decoded.child(1)),
        ("hyperlink DecodedURL child slash", lambda: decoded.child("a/b").to_text() and decoded.child(None)),
        ("hyperlink DecodedURL add", lambda: decoded.add(1, "x")),
        ("hyperlink DecodedURL set", lambda: decoded.set("x", 2)),
        ("hyperlink DecodedURL remove limit", lambda: decoded.remove("x", limit=0)),
        ("hyperlink DecodedURL get", lambda: decoded.get(None)),
        ("hyperlink DecodedURL click", lambda: decoded.click("http://[::1")),
        ("hyperlink DecodedURL userinfo", lambda: decoded.replace(userinfo=("a", "b", "c"))),
        (
            "hyperlink register_scheme bad",
            lambda: hyperlink.register_scheme("corpus", uses_netloc=True, default_port="80"),
        ),
        ("hyperlink register_scheme netloc", lambda: hyperlink.register_scheme("corpus2", uses_netloc="yes")),
        ("hyperlink register_scheme twice", lambda: [hyperlink.register_scheme("http", default_port=81)]),
        ("hyperlink EncodedURL equality", lambda: URL.from_text("http://a/").replace(query=(("x", "1", "2"),))),
    ]


if __name__ == "__main__":
    Recorder("hyperlink", ("hyperlink",)).run_all(cases())

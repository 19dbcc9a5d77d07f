"""Raise real errors from rfc3986, one JSON line each (see common.py): URIs and IRIs its parsers and validators reject
(bad authorities, hosts and ports, missing, forbidden and invalid components, passwords), references resolved
against a base that is not absolute, builders given bad values, and the API called with the wrong types; written from
rfc3986's documentation as a user would use it (held-out: see SPLIT.md, fourth split).

rfc3986 holds few raise sites (about 20 `raise` statements); its validator errors are many, one per component."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

URIS = [
    "https://user@[::1:80/",
    "https://exa mple.com/",
    "https://example.com:port/",
    "https://example.com:99999/",
    "https://example.com:-1/",
    "https://[v1.x]:80/",
    "https://user:pass@example.com/",
    "http://%zz.com/",
    "//example.com:80x",
    "http://300.1.1.1/",
    "http://[::ffff:1.2.3]/",
    "http://a@b@c/",
    "",
    "relative/path",
    "mailto:",
    "http:///nohost",
]


def cases():
    import rfc3986
    from rfc3986 import builder, exceptions, validators

    base = rfc3986.uri_reference("https://example.com/a/b")
    relative = rfc3986.uri_reference("relative/path")
    for text in URIS:
        yield f"rfc3986 authority_info {text!r}", lambda t=text: rfc3986.uri_reference(t).authority_info()
        yield f"rfc3986 host {text!r}", lambda t=text: rfc3986.uri_reference(t).authority_info()["host"].encode()
        yield f"rfc3986 urlparse {text!r}", lambda t=text: rfc3986.urlparse(t, strict=True)
        yield f"rfc3986 parseresult {text!r}", lambda t=text: rfc3986.ParseResult.from_string(t, strict=True)
        yield f"rfc3986 bytes {text!r}", lambda t=text: rfc3986.ParseResultBytes.from_string(t, strict=True)
        yield f"rfc3986 iri encode {text!r}", lambda t=text: rfc3986.iri_reference(t).encode()
    # One URI's error is much like another's: resolving and validating each is left to a few.
    for text in URIS[::4]:
        yield f"rfc3986 resolve {text!r}", lambda t=text: relative.resolve_with(t)
        yield (
            f"rfc3986 validate {text!r}",
            lambda t=text: (
                validators.Validator()
                .require_presence_of("scheme", "host", "path")
                .check_validity_of("scheme", "host", "port", "path", "userinfo")
                .forbid_use_of_password()
                .allow_schemes("https")
                .allow_hosts("example.com")
                .allow_ports("443")
                .validate(rfc3986.uri_reference(t))
            ),
        )
    yield from [
        ("rfc3986 resolve base relative", lambda: rfc3986.uri_reference("x").resolve_with("y")),
        ("rfc3986 resolve strict", lambda: rfc3986.uri_reference("g").resolve_with(relative, strict=True)),
        ("rfc3986 resolve base uri", lambda: base.resolve_with(relative)),
        ("rfc3986 validator require unknown", lambda: validators.Validator().require_presence_of("nope")),
        ("rfc3986 validator validity unknown", lambda: validators.Validator().check_validity_of("nope")),
        ("rfc3986 validator scheme", lambda: validators.Validator().allow_schemes("ftp").validate(base)),
        ("rfc3986 validator host", lambda: validators.Validator().allow_hosts("other").validate(base)),
        ("rfc3986 validator port", lambda: validators.Validator().allow_ports("80").validate(base)),
        ("rfc3986 validator port bad", lambda: validators.Validator().allow_ports("http")),
        ("rfc3986 validator port range", lambda: validators.Validator().allow_ports("70000")),
        ("rfc3986 validator missing", lambda: validators.Validator().require_presence_of("query").validate(base)),
        (
            "rfc3986 validator missing many",
            lambda: validators.Validator().require_presence_of("query", "fragment", "port").validate(base),
        ),
        ("rfc3986 validator string", lambda: validators.Validator().validate("https://example.com")),
        (
            "rfc3986 validator password",
            lambda: (
                validators.Validator()
                .forbid_use_of_password()
                .validate(rfc3986.uri_reference("https://u:p@example.com/"))
            ),
        ),
        ("rfc3986 builder port", lambda: builder.URIBuilder().add_port("http")),
        ("rfc3986 builder port negative", lambda: builder.URIBuilder().add_port(-1)),
        ("rfc3986 builder port big", lambda: builder.URIBuilder().add_port(70000)),
        ("rfc3986 builder credentials", lambda: builder.URIBuilder().add_credentials(None, "pw")),
        ("rfc3986 builder credentials type", lambda: builder.URIBuilder().add_credentials(1, 2)),
        ("rfc3986 builder host", lambda: builder.URIBuilder().add_host(12)),
        ("rfc3986 builder query dict", lambda: builder.URIBuilder().add_query_from(12)),
        ("rfc3986 builder extend query", lambda: builder.URIBuilder().extend_query_with(12)),
        ("rfc3986 builder path", lambda: builder.URIBuilder().add_path(12)),
        ("rfc3986 builder append path", lambda: builder.URIBuilder().append_path(12)),
        ("rfc3986 builder from uri", lambda: builder.URIBuilder.from_uri(12)),
        ("rfc3986 builder finalize", lambda: builder.URIBuilder().add_scheme(1).finalize()),
        ("rfc3986 uri_reference int", lambda: rfc3986.uri_reference(12)),
        ("rfc3986 uri_reference none", lambda: rfc3986.uri_reference(None)),
        ("rfc3986 iri_reference int", lambda: rfc3986.iri_reference(12)),
        ("rfc3986 iri encode idna", lambda: rfc3986.iri_reference("http://ドメイン.テスト/").encode()),
        ("rfc3986 URIReference args", lambda: rfc3986.URIReference("https", "example.com")),
        ("rfc3986 URIReference compare", lambda: base == 12 or 1 / 0),
        ("rfc3986 IRIReference compare", lambda: rfc3986.iri_reference("http://a/") == 12 or 1 / 0),
        ("rfc3986 copy_with", lambda: base.copy_with(nope=1)),
        ("rfc3986 parseresult copy_with", lambda: rfc3986.urlparse("https://example.com").copy_with(port="x")),
        ("rfc3986 parseresult port", lambda: rfc3986.urlparse("https://example.com:x/", strict=False).port + 1),
        ("rfc3986 parseresult strict port", lambda: rfc3986.ParseResult.from_string("https://a:x/", strict=True)),
        ("rfc3986 parseresult lazy", lambda: rfc3986.ParseResult.from_string("https://a:x/", lazy_normalize=False)),
        ("rfc3986 normalize int", lambda: rfc3986.normalize_uri(12)),
        ("rfc3986 is_valid_uri int", lambda: rfc3986.is_valid_uri(12)),
        ("rfc3986 exceptions ValidationError", lambda: exceptions.InvalidComponentsError(base)),
    ]


if __name__ == "__main__":
    Recorder("rfc3986", ("rfc3986",)).run_all(cases())

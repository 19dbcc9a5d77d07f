"""Raise real errors from urllib3's pure-Python parts, one JSON line each (see common.py): URLs it cannot parse,
Retry and Timeout misconfigured or exhausted, HTTPResponse bodies that fail to decode or end short, multipart fields
and headers misused, pools and managers given bad hosts and schemes, certificate checks that fail; no connection is
ever opened. Written from urllib3's documentation as a user would use it (held-out: see SPLIT.md, third split)."""

import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

URLS = [
    "http://[::1",
    "http://host:port/",
    "http://host:99999/",
    "http://exa mple.com/",
    "http://user@:80/",
    "http://%zz/",
    "http://\x00/",
    "://no-scheme",
    "http://a:-1/",
    "http://" + "a" * 300 + ".com:1:2/",
]


def response(body: bytes, **headers: str) -> object:
    from urllib3 import HTTPResponse

    return HTTPResponse(
        body=io.BytesIO(body), headers=headers, status=200, preload_content=False, enforce_content_length=True
    )


def cases():
    import urllib3
    from urllib3.exceptions import ConnectTimeoutError, ProtocolError, ReadTimeoutError
    from urllib3.util import Retry, Timeout, parse_url
    from urllib3.util.ssl_ import assert_fingerprint, create_urllib3_context, resolve_ssl_version
    from urllib3.util.ssl_match_hostname import match_hostname

    for url in URLS:
        yield f"urllib3 parse_url {url!r:.30}", lambda u=url: parse_url(u)
        yield f"urllib3 pool for {url!r:.30}", lambda u=url: urllib3.PoolManager().connection_from_url(u)
    pool = urllib3.HTTPConnectionPool("localhost", port=9, maxsize=1, block=True, retries=False)
    closed = urllib3.HTTPConnectionPool("localhost", port=9)
    closed.close()
    cert = {"subjectAltName": (("DNS", "example.com"),)}
    yield from [
        ("urllib3 timeout negative", lambda: Timeout(connect=-1)),
        ("urllib3 timeout zero", lambda: Timeout(read=0)),
        ("urllib3 timeout string", lambda: Timeout(total="x")),
        ("urllib3 timeout bool", lambda: Timeout(connect=True)),
        ("urllib3 timeout started twice", lambda: (lambda t: (t.start_connect(), t.start_connect()))(Timeout(5))),
        ("urllib3 timeout duration", lambda: Timeout(5).get_connect_duration()),
        ("urllib3 timeout from float", lambda: Timeout.from_float("x")),
        ("urllib3 pool timeout", lambda: urllib3.PoolManager(timeout=-5).connection_from_url("http://a/")),
        (
            "urllib3 retry exhausted",
            lambda: Retry(total=0).increment(method="GET", url="/", error=ConnectTimeoutError()),
        ),
        (
            "urllib3 retry read",
            lambda: Retry(read=0).increment(method="GET", url="/", error=ReadTimeoutError(None, "/", "t")),
        ),
        (
            "urllib3 retry read post",
            lambda: Retry(read=2).increment("POST", "/", error=ReadTimeoutError(None, "/", "t")),
        ),
        ("urllib3 retry false", lambda: Retry(False).increment(method="GET", url="/", error=ProtocolError("gone"))),
        (
            "urllib3 retry status",
            lambda: Retry(status=0, status_forcelist=[503]).increment("GET", "/", response(b"", status="503")),
        ),
        (
            "urllib3 retry redirect",
            lambda: Retry(redirect=0).increment("GET", "/", response=response(b"", location="/x")),
        ),
        ("urllib3 retry after", lambda: Retry.parse_retry_after("soon")),
        ("urllib3 retry after date", lambda: Retry.parse_retry_after("Mon, 32 Foo 2020")),
        ("urllib3 retry from int", lambda: Retry.from_int("x")),
        ("urllib3 retry methods", lambda: Retry(allowed_methods=1).is_retry("GET", 500)),
        ("urllib3 retry backoff", lambda: Retry(backoff_factor="x").get_backoff_time()),
        ("urllib3 response gzip", lambda: response(b"not gzip", **{"content-encoding": "gzip"}).read()),
        ("urllib3 response deflate", lambda: response(b"not deflate", **{"content-encoding": "deflate"}).read()),
        ("urllib3 response br", lambda: response(b"x", **{"content-encoding": "br"}).read()),
        ("urllib3 response short", lambda: response(b"abc", **{"content-length": "10"}).read()),
        ("urllib3 response short stream", lambda: list(response(b"abc", **{"content-length": "10"}).stream(2))),
        ("urllib3 response length bad", lambda: response(b"abc", **{"content-length": "1, 2"})),
        ("urllib3 response length negative", lambda: response(b"abc", **{"content-length": "-1"}).read()),
        ("urllib3 response not chunked", lambda: list(response(b"abc").read_chunked())),
        ("urllib3 response json", lambda: response(b"{nope").json()),
        ("urllib3 response read closed", lambda: (lambda r: (r.close(), r.read(1)))(response(b"abc"))),
        ("urllib3 response fileno", lambda: response(b"abc").fileno()),
        ("urllib3 response readinto", lambda: response(b"abc").readinto(b"xx")),
        (
            "urllib3 response decode after",
            lambda: (lambda r: (r.read(1), r.read(decode_content=False)))(
                response(b"abc", **{"content-encoding": "gzip"})
            ),
        ),
        ("urllib3 response release", lambda: response(b"abc").release_conn() or response(b"").geturl().nope),
        ("urllib3 request body and json", lambda: urllib3.request("GET", "http://a/", body=b"x", json={})),
        (
            "urllib3 request fields bad",
            lambda: urllib3.PoolManager().request("POST", "http://a/", fields={"a": object()}),
        ),
        ("urllib3 request no host", lambda: urllib3.request("GET", "http:///path")),
        ("urllib3 request scheme", lambda: urllib3.PoolManager().request("GET", "ftp://example.com/")),
        ("urllib3 request relative", lambda: urllib3.PoolManager().request("GET", "/path")),
        ("urllib3 request headers", lambda: urllib3.request("GET", "http://a/", headers=1)),
        ("urllib3 proxy scheme", lambda: urllib3.ProxyManager("ftp://proxy:1")),
        ("urllib3 proxy no host", lambda: urllib3.ProxyManager("http://")),
        ("urllib3 connection from host", lambda: urllib3.PoolManager().connection_from_host(None)),
        ("urllib3 connection from url", lambda: urllib3.PoolManager().connection_from_url("ftp://a/")),
        ("urllib3 pool from url", lambda: urllib3.connection_from_url("http://[::1")),
        ("urllib3 pool host changed", lambda: pool.urlopen("GET", "http://other.example/", retries=False)),
        ("urllib3 pool empty", lambda: (pool._get_conn(), pool._get_conn(timeout=0.01))),
        ("urllib3 pool closed", lambda: closed.urlopen("GET", "/")),
        ("urllib3 pool bad url", lambda: pool.urlopen("GET", "http://[::1")),
        ("urllib3 pool headers", lambda: urllib3.HTTPConnectionPool("http://localhost")),
        ("urllib3 https pool cert", lambda: urllib3.HTTPSConnectionPool("a", cert_reqs="CERT_NOPE")._new_conn()),
        ("urllib3 headers extend", lambda: urllib3.HTTPHeaderDict().extend({}, {})),
        ("urllib3 headers extend type", lambda: urllib3.HTTPHeaderDict().extend(1)),
        ("urllib3 headers add", lambda: urllib3.HTTPHeaderDict().add("a", 1, combine="x")),
        ("urllib3 headers getitem", lambda: urllib3.HTTPHeaderDict()["nope"]),
        ("urllib3 headers delitem", lambda: urllib3.HTTPHeaderDict().__delitem__("nope")),
        ("urllib3 headers discard", lambda: urllib3.HTTPHeaderDict(a=1)),
        ("urllib3 make headers", lambda: urllib3.make_headers(basic_auth=1)),
        ("urllib3 fields tuple", lambda: urllib3.fields.RequestField.from_tuples("a", ("f", "data", "type", "extra"))),
        ("urllib3 fields header param", lambda: urllib3.fields.format_multipart_header_param("name", b"\xff")),
        ("urllib3 encode multipart", lambda: urllib3.encode_multipart_formdata({"a": 1.5})),
        ("urllib3 encode multipart tuple", lambda: urllib3.encode_multipart_formdata([("a",)])),
        ("urllib3 to_bytes", lambda: urllib3.util.util.to_bytes(1)),
        ("urllib3 to_str", lambda: urllib3.util.util.to_str(1)),
        ("urllib3 rewind body", lambda: urllib3.util.request.rewind_body(io.BytesIO(), "x")),
        ("urllib3 rewind body unrecorded", lambda: urllib3.util.request.rewind_body(io.BytesIO(), object())),
        ("urllib3 rewind body no seek", lambda: urllib3.util.request.rewind_body(object(), 0)),
        ("urllib3 body to chunks", lambda: urllib3.util.request.body_to_chunks(1, "GET", 10)),
        ("urllib3 ssl version", lambda: resolve_ssl_version("PROTOCOL_NOPE")),
        ("urllib3 ssl context both", lambda: create_urllib3_context(ssl_version=2, ssl_minimum_version=2)),
        ("urllib3 fingerprint length", lambda: assert_fingerprint(b"cert", "abc")),
        ("urllib3 fingerprint mismatch", lambda: assert_fingerprint(b"cert", "00" * 32)),
        ("urllib3 fingerprint none", lambda: assert_fingerprint(None, "00" * 32)),
        ("urllib3 hostname mismatch", lambda: match_hostname(cert, "other.org")),
        ("urllib3 hostname empty cert", lambda: match_hostname({}, "example.com")),
        ("urllib3 hostname wildcard", lambda: match_hostname({"subjectAltName": (("DNS", "a*b*.com"),)}, "axbx.com")),
        ("urllib3 hostname ip", lambda: match_hostname({"subjectAltName": (("IP Address", "10.0.0.1"),)}, "10.0.0.2")),
        ("urllib3 hostname common name", lambda: match_hostname({"subject": ((("commonName", "a.com"),),)}, "b.com")),
        ("urllib3 url properties", lambda: urllib3.util.Url(scheme="http", port="x").netloc.nope),
        ("urllib3 recently used iter", lambda: iter(urllib3._collections.RecentlyUsedContainer(2))),
        ("urllib3 add stderr logger", lambda: urllib3.add_stderr_logger(level="NOPE")),
        ("urllib3 wait for read", lambda: urllib3.util.wait_for_read(object(), timeout=0)),
        ("urllib3 proxy from url", lambda: urllib3.proxy_from_url("socks5://x:1")),
    ]


if __name__ == "__main__":
    Recorder("urllib3", ("urllib3",)).run_all(cases())

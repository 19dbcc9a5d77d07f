"""Raise real errors from h11, one JSON line each (see common.py): events sent in the wrong state or role, events
built with bad fields, and malformed bytes received from a peer, written from h11's documentation as a user
would use it (held-out: see SPLIT.md)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

HOST = [("Host", "example.com")]
RECEIVED = [
    b"garbage\r\n\r\n",
    b"GET\r\n\r\n",
    b"GET / HTTP/2.0\r\nHost: x\r\n\r\n",
    b"GET / HTTP/1.1\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: x\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 1\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\n : y\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nX: a\x00b\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
    b" GET / HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET  / HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, chunked\r\n\r\n",
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n",
    b"GET / HTTP/1.1\r\n" + b"X: " + b"a" * 20000 + b"\r\n",
]


def cases():
    import h11

    for data in RECEIVED:

        def receive(data=data):
            conn = h11.Connection(our_role=h11.SERVER)
            conn.receive_data(data)
            for _ in range(5):
                if conn.next_event() is h11.NEED_DATA:
                    conn.receive_data(b"")

        yield f"h11 receive {data[:40]!r}", receive
    responses = [
        b"HTTP/1.1 x OK\r\n\r\n",
        b"HTTP/1.1 99 Low\r\n\r\n",
        b"HTTP/9.9 200 OK\r\n\r\n",
        b"garbage\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nab",
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab",
    ]
    for data in responses:

        def receive_response(data=data):
            conn = h11.Connection(our_role=h11.CLIENT)
            conn.send(h11.Request(method="GET", target="/", headers=HOST))
            conn.send(h11.EndOfMessage())
            conn.receive_data(data)
            conn.receive_data(b"")
            for _ in range(5):
                conn.next_event()

        yield f"h11 client receive {data[:40]!r}", receive_response

    def client():
        return h11.Connection(our_role=h11.CLIENT)

    def server_with_request():
        conn = h11.Connection(our_role=h11.SERVER)
        conn.receive_data(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        conn.next_event()
        return conn

    def twice(conn, *events):
        for event in events:
            conn.send(event)

    yield from [
        ("h11 request no host", lambda: h11.Request(method="GET", target="/", headers=[])),
        ("h11 request two hosts", lambda: h11.Request(method="GET", target="/", headers=HOST * 2)),
        ("h11 request bad method", lambda: h11.Request(method="G ET", target="/", headers=HOST)),
        ("h11 request bad target", lambda: h11.Request(method="GET", target="/a b", headers=HOST)),
        ("h11 request bad header name", lambda: h11.Request(method="GET", target="/", headers=[*HOST, ("a b", "c")])),
        ("h11 request bad header value", lambda: h11.Request(method="GET", target="/", headers=[*HOST, ("a", "b\nc")])),
        ("h11 request header not bytes", lambda: h11.Request(method="GET", target="/", headers=[*HOST, (1, "c")])),
        (
            "h11 request content-length bad",
            lambda: h11.Request(method="GET", target="/", headers=[*HOST, ("Content-Length", "x")]),
        ),
        (
            "h11 request te bad",
            lambda: h11.Request(method="GET", target="/", headers=[*HOST, ("Transfer-Encoding", "gzip")]),
        ),
        ("h11 request version", lambda: h11.Request(method="GET", target="/", headers=HOST, http_version="2.0")),
        ("h11 request 1.0 no host", lambda: h11.Request(method="GET", target="/", headers=[], http_version="1.0").nope),
        ("h11 response 99", lambda: h11.Response(status_code=99, headers=[])),
        ("h11 response 1xx", lambda: h11.Response(status_code=101, headers=[])),
        ("h11 informational 200", lambda: h11.InformationalResponse(status_code=200, headers=[])),
        ("h11 response status str", lambda: h11.Response(status_code="x", headers=[])),
        ("h11 response reason bad", lambda: h11.Response(status_code=200, headers=[], reason=b"a\nb")),
        ("h11 event unknown field", lambda: h11.Request(method="GET", target="/", headers=HOST, nope=1)),
        ("h11 event missing field", lambda: h11.Request(method="GET")),
        ("h11 client sends response", lambda: client().send(h11.Response(status_code=200, headers=[]))),
        ("h11 client sends data first", lambda: client().send(h11.Data(data=b"x"))),
        ("h11 client sends end first", lambda: client().send(h11.EndOfMessage())),
        (
            "h11 server sends request",
            lambda: h11.Connection(our_role=h11.SERVER).send(h11.Request(method="GET", target="/", headers=HOST)),
        ),
        (
            "h11 server responds before request",
            lambda: h11.Connection(our_role=h11.SERVER).send(h11.Response(status_code=200, headers=[])),
        ),
        (
            "h11 two requests",
            lambda: twice(
                client(),
                h11.Request(method="GET", target="/", headers=HOST),
                h11.Request(method="GET", target="/", headers=HOST),
            ),
        ),
        (
            "h11 too much data",
            lambda: twice(
                client(),
                h11.Request(method="POST", target="/", headers=[*HOST, ("Content-Length", "1")]),
                h11.Data(data=b"ab"),
            ),
        ),
        (
            "h11 too little data",
            lambda: twice(
                client(),
                h11.Request(method="POST", target="/", headers=[*HOST, ("Content-Length", "3")]),
                h11.Data(data=b"a"),
                h11.EndOfMessage(),
            ),
        ),
        (
            "h11 data after end",
            lambda: twice(
                client(), h11.Request(method="GET", target="/", headers=HOST), h11.EndOfMessage(), h11.Data(data=b"x")
            ),
        ),
        (
            "h11 server two responses",
            lambda: twice(
                server_with_request(),
                h11.Response(status_code=200, headers=[]),
                h11.Response(status_code=200, headers=[]),
            ),
        ),
        (
            "h11 server bad te",
            lambda: server_with_request().send(h11.Response(status_code=200, headers=[("Transfer-Encoding", "gzip")])),
        ),
        ("h11 start next cycle", lambda: client().start_next_cycle()),
        ("h11 start next cycle server", lambda: server_with_request().start_next_cycle()),
        ("h11 receive after close", lambda: (c := client(), c.receive_data(b""), c.receive_data(b"x"))),
        (
            "h11 send after close",
            lambda: twice(client(), h11.ConnectionClosed(), h11.Request(method="GET", target="/", headers=HOST)),
        ),
        (
            "h11 send failed",
            lambda: (c := client(), c.send_failed(), c.send(h11.Request(method="GET", target="/", headers=HOST))),
        ),
        ("h11 bad role", lambda: h11.Connection(our_role="nope")),
        ("h11 send object", lambda: client().send(object())),
        (
            "h11 next_event after error",
            lambda: (
                c := h11.Connection(our_role=h11.SERVER),
                c.receive_data(b"garbage\r\n\r\n"),
                _swallow(c.next_event),
                c.next_event(),
            ),
        ),
        (
            "h11 receive_data after error",
            lambda: (
                c := h11.Connection(our_role=h11.SERVER),
                c.receive_data(b"garbage\r\n\r\n"),
                _swallow(c.next_event),
                c.receive_data(b"x"),
                c.next_event(),
            ),
        ),
        ("h11 send_with_data_passthrough", lambda: client().send_with_data_passthrough(h11.EndOfMessage())),
        ("h11 end of message headers", lambda: h11.EndOfMessage(headers=[("a b", "c")])),
        (
            "h11 max incomplete",
            lambda: (
                c := h11.Connection(our_role=h11.SERVER, max_incomplete_event_size=10),
                c.receive_data(b"GET /aaaaaaaaaaaaaaa"),
                c.next_event(),
            ),
        ),
    ]


def _swallow(call):
    try:
        call()
    except Exception:
        pass


if __name__ == "__main__":
    Recorder("h11", ("h11",)).run_all(cases())

"""Raise real errors from h2, one JSON line each (see common.py): an HTTP/2 connection driven in the wrong order
(headers before the preamble, data on closed or unknown streams, pushes from a client, trailers without END_STREAM,
responses after the final one), invalid request and response headers sent and received (missing, duplicate or
out-of-order pseudo-headers, uppercase names, connection-specific headers, bad TE, Host and :authority, content-length
that disagrees with the body), settings and flow-control windows out of range, bad PING payloads, ALTSVC and
PRIORITY misuse, streams exhausted, and raw bytes that are no HTTP/2 (bad preamble, oversized and truncated frames);
written from h2's documentation as a user would use it (held-out: see SPLIT.md, sixth split).

Its dependencies hpack and hyperframe are installed beside it, not harvested: the raise site is the innermost frame
inside h2."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

REQUEST = [(":method", "GET"), (":path", "/"), (":scheme", "https"), (":authority", "example.com")]
RESPONSE = [(":status", "200")]
# Request header blocks h2 rejects, one mistake each: sent by a client (validated outbound) and received by a server.
BAD_REQUESTS = [
    [(":path", "/"), (":scheme", "https"), (":authority", "example.com")],
    [(":method", "GET"), (":scheme", "https"), (":authority", "example.com")],
    [(":method", "GET"), (":path", "/"), (":authority", "example.com")],
    [*REQUEST, (":method", "POST")],
    [("user-agent", "x"), *REQUEST],
    [*REQUEST, (":nope", "x")],
    [*REQUEST, ("User-Agent", "x")],
    [*REQUEST, ("connection", "keep-alive")],
    [*REQUEST, ("transfer-encoding", "chunked")],
    [*REQUEST, ("te", "gzip")],
    [*REQUEST, ("x-bad", " padded ")],
    [*REQUEST, ("", "empty")],
    [*REQUEST, ("bad name", "x")],
    [*REQUEST, ("x-value", "a\nb")],
    [*REQUEST, (":status", "200")],
    [(":method", "GET"), (":path", ""), (":scheme", "https"), (":authority", "example.com")],
    [(":method", "GET"), (":path", "/"), (":scheme", "https")],
    [(":method", "GET"), (":path", "/"), (":scheme", "https"), ("host", "a"), ("host", "b")],
    [(":method", "GET"), (":path", "/"), (":scheme", "https"), (":authority", "a"), ("host", "b")],
    [(":method", "CONNECT"), (":path", "/"), (":scheme", "https"), (":authority", "a")],
    [(":method", "GET"), (":protocol", "websocket"), (":path", "/"), (":scheme", "https"), (":authority", "a")],
    [*REQUEST, ("content-length", "x")],
    [*REQUEST, ("content-length", "-1")],
    [*REQUEST, ("content-length", "1"), ("content-length", "2")],
]
BAD_RESPONSES = [
    [("content-type", "text/plain")],
    [*RESPONSE, (":path", "/")],
    [*RESPONSE, (":status", "201")],
    [*RESPONSE, ("connection", "close")],
    [("content-type", "x"), *RESPONSE],
]


def client(**options):
    import h2.config
    import h2.connection

    connection = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True, **options))
    connection.initiate_connection()
    return connection


def server(**options):
    import h2.config
    import h2.connection

    connection = h2.connection.H2Connection(h2.config.H2Configuration(client_side=False, **options))
    connection.initiate_connection()
    return connection


def pair():
    """A client and a server that have exchanged their preambles and settings."""
    near, far = client(), server()
    far.receive_data(near.data_to_send())
    near.receive_data(far.data_to_send())
    far.receive_data(near.data_to_send())
    return near, far


def server_receives(headers, end_stream=True):
    near = client(validate_outbound_headers=False, normalize_outbound_headers=False)
    far = server()
    far.receive_data(near.data_to_send())
    near.send_headers(1, headers, end_stream=end_stream)
    return far.receive_data(near.data_to_send())


def client_receives(headers):
    near, far = pair()
    near.send_headers(1, REQUEST, end_stream=True)
    far.receive_data(near.data_to_send())
    far.config.validate_outbound_headers = False
    far.config.normalize_outbound_headers = False
    far.send_headers(1, headers)
    return near.receive_data(far.data_to_send())


def body_longer_than_length():
    near, far = pair()
    near.send_headers(1, [*REQUEST, ("content-length", "2")])
    near.send_data(1, b"abcd", end_stream=True)
    return far.receive_data(near.data_to_send())


def body_shorter_than_length():
    near, far = pair()
    near.send_headers(1, [*REQUEST, ("content-length", "10")])
    near.send_data(1, b"ab", end_stream=True)
    return far.receive_data(near.data_to_send())


def data_before_headers():
    import hyperframe.frame

    far = server()
    far.receive_data(client().data_to_send())
    frame = hyperframe.frame.DataFrame(1)
    frame.data = b"x"
    return far.receive_data(frame.serialize())


def frame(kind, stream_id, **fields):
    import hyperframe.frame

    made = getattr(hyperframe.frame, kind)(stream_id)
    for name, value in fields.items():
        setattr(made, name, value)
    return made.serialize()


def server_frame(data):
    far = server()
    far.receive_data(client().data_to_send())
    return far.receive_data(data)


def cases():
    import h2.config
    import h2.connection
    import h2.settings

    for index, headers in enumerate(BAD_REQUESTS):
        yield f"h2 client sends bad request {index}", lambda h=headers: client().send_headers(1, h)
        yield f"h2 server receives bad request {index}", lambda h=headers: server_receives(h)
    for index, headers in enumerate(BAD_RESPONSES):
        yield f"h2 client receives bad response {index}", lambda h=headers: client_receives(h)
    yield from [
        ("h2 send before initiate", lambda: h2.connection.H2Connection().send_headers(1, REQUEST)),
        ("h2 data on unknown stream", lambda: client().send_data(1, b"x")),
        ("h2 end unknown stream", lambda: client().end_stream(3)),
        ("h2 even stream from client", lambda: client().send_headers(2, REQUEST)),
        ("h2 stream id too low", lambda: reuse_stream_id()),
        ("h2 data after end", lambda: data_after_end()),
        ("h2 headers after end", lambda: headers_after_end()),
        ("h2 data type", lambda: open_stream().send_data(1, "text")),
        ("h2 data too large", lambda: open_stream().send_data(1, b"x" * 70000)),
        ("h2 data bad padding", lambda: open_stream().send_data(1, b"x", pad_length=300)),
        ("h2 data padding type", lambda: open_stream().send_data(1, b"x", pad_length="1")),
        ("h2 push from client", lambda: open_stream().push_stream(1, 2, REQUEST)),
        ("h2 push disabled", lambda: push_on_server()),
        ("h2 client responds", lambda: client().send_headers(1, RESPONSE) and None),
        ("h2 trailers without end", lambda: trailers_without_end()),
        ("h2 informational end stream", lambda: informational_end_stream()),
        ("h2 response after final", lambda: response_after_final()),
        ("h2 ping short", lambda: client().ping(b"1234")),
        ("h2 ping str", lambda: client().ping("12345678")),
        ("h2 window too large", lambda: client().increment_flow_control_window(2**31)),
        ("h2 window zero", lambda: client().increment_flow_control_window(0)),
        ("h2 window unknown stream", lambda: client().increment_flow_control_window(10, stream_id=5)),
        ("h2 acknowledge negative", lambda: open_stream().acknowledge_received_data(-1, 1)),
        ("h2 acknowledge type", lambda: open_stream().acknowledge_received_data("1", 1)),
        ("h2 local window unknown", lambda: client().local_flow_control_window(7)),
        ("h2 remote window unknown", lambda: client().remote_flow_control_window(7)),
        ("h2 reset unknown stream", lambda: client().reset_stream(9)),
        ("h2 altsvc from client", lambda: client().advertise_alternative_service(b'h2=":8000"', origin=b"x")),
        ("h2 altsvc both", lambda: server().advertise_alternative_service(b"x", origin=b"a", stream_id=1)),
        ("h2 altsvc neither", lambda: server().advertise_alternative_service(b"x")),
        ("h2 altsvc str", lambda: server().advertise_alternative_service("x", origin=b"a")),
        ("h2 prioritize itself", lambda: client().prioritize(1, depends_on=1)),
        ("h2 prioritize weight", lambda: client().prioritize(1, weight=300)),
        ("h2 prioritize stream zero", lambda: client().prioritize(0)),
        ("h2 settings enable push", lambda: client().update_settings({h2.settings.SettingCodes.ENABLE_PUSH: 2})),
        ("h2 settings window", lambda: client().update_settings({h2.settings.SettingCodes.INITIAL_WINDOW_SIZE: 2**31})),
        ("h2 settings frame size", lambda: client().update_settings({h2.settings.SettingCodes.MAX_FRAME_SIZE: 10})),
        (
            "h2 settings frame size big",
            lambda: client().update_settings({h2.settings.SettingCodes.MAX_FRAME_SIZE: 2**25}),
        ),
        (
            "h2 settings connect",
            lambda: client().update_settings({h2.settings.SettingCodes.ENABLE_CONNECT_PROTOCOL: 5}),
        ),
        ("h2 Settings object", lambda: h2.settings.Settings(initial_values={h2.settings.SettingCodes.ENABLE_PUSH: 3})),
        ("h2 Settings missing", lambda: h2.settings.Settings()[99]),
        ("h2 Settings delete", lambda: h2.settings.Settings().__delitem__(99)),
        ("h2 config header encoding", lambda: h2.config.H2Configuration(header_encoding=True)),
        ("h2 config header encoding type", lambda: h2.config.H2Configuration(header_encoding=5)),
        ("h2 config bool", lambda: h2.config.H2Configuration(client_side="yes")),
        ("h2 config validate bool", lambda: h2.config.H2Configuration(validate_inbound_headers=1)),
        ("h2 too many streams", lambda: too_many_streams()),
        ("h2 stream ids exhausted", lambda: streams_exhausted()),
        ("h2 upgrade twice", lambda: client().initiate_upgrade_connection()),
        (
            "h2 upgrade server no header",
            lambda: h2.connection.H2Connection(
                h2.config.H2Configuration(client_side=False)
            ).initiate_upgrade_connection(),
        ),
        ("h2 bad preamble", lambda: server().receive_data(b"GET / HTTP/1.1\r\n\r\n" + b"x" * 30)),
        ("h2 receive str", lambda: server().receive_data("PRI * HTTP/2.0")),
        ("h2 frame too large", lambda: server_frame(b"\x00\xff\xff\x00\x00\x00\x00\x00\x01" + b"x" * 10)),
        ("h2 unknown frame then data", lambda: data_before_headers()),
        ("h2 ping frame on stream", lambda: server_frame(b"\x00\x00\x08\x06\x00\x00\x00\x00\x01" + b"x" * 8)),
        ("h2 settings frame on stream", lambda: server_frame(b"\x00\x00\x00\x04\x00\x00\x00\x00\x03")),
        ("h2 window update zero", lambda: server_frame(frame("WindowUpdateFrame", 0, window_increment=0))),
        ("h2 settings frame bad length", lambda: server_frame(b"\x00\x00\x05\x04\x00\x00\x00\x00\x00" + b"x" * 5)),
        ("h2 continuation alone", lambda: server_frame(frame("ContinuationFrame", 1, data=b""))),
        ("h2 headers then ping", lambda: headers_then_ping()),
        ("h2 goaway then headers", lambda: goaway_then_headers()),
        ("h2 body longer", body_longer_than_length),
        ("h2 body shorter", body_shorter_than_length),
        ("h2 closed stream data", lambda: closed_stream_data()),
        ("h2 process_input bad", lambda: client().state_machine.process_input("nope")),
    ]


def open_stream():
    near, _ = pair()
    near.send_headers(1, REQUEST)
    return near


def reuse_stream_id():
    near = client()
    near.send_headers(3, REQUEST, end_stream=True)
    near.send_headers(1, REQUEST)


def data_after_end():
    near = client()
    near.send_headers(1, REQUEST, end_stream=True)
    near.send_data(1, b"x")


def headers_after_end():
    near = client()
    near.send_headers(1, REQUEST, end_stream=True)
    near.send_headers(1, [("x-trailer", "1")], end_stream=True)


def push_on_server():
    near, far = pair()
    near.send_headers(1, REQUEST, end_stream=True)
    far.receive_data(near.data_to_send())
    far.push_stream(1, 3, REQUEST)


def server_with_request():
    near, far = pair()
    near.send_headers(1, REQUEST, end_stream=True)
    far.receive_data(near.data_to_send())
    return far


def trailers_without_end():
    far = server_with_request()
    far.send_headers(1, RESPONSE)
    far.send_headers(1, [("x-trailer", "1")])


def informational_end_stream():
    far = server_with_request()
    far.send_headers(1, [(":status", "100")], end_stream=True)


def response_after_final():
    far = server_with_request()
    far.send_headers(1, RESPONSE)
    far.send_headers(1, [(":status", "100")])


def too_many_streams():
    import h2.config
    import h2.connection

    near = client()
    far = h2.connection.H2Connection(h2.config.H2Configuration(client_side=False))
    far.initiate_connection()
    far.update_settings({3: 1})  # MAX_CONCURRENT_STREAMS
    near.receive_data(far.data_to_send())
    near.send_headers(1, REQUEST)
    near.send_headers(3, REQUEST)


def streams_exhausted():
    near = client()
    near.highest_outbound_stream_id = 2**31 - 1
    near.get_next_available_stream_id()


def headers_then_ping():
    import hpack

    block = hpack.Encoder().encode(REQUEST)
    headers = frame("HeadersFrame", 1, data=block)
    headers = headers[:4] + bytes([0]) + headers[5:]  # no END_HEADERS: a CONTINUATION must follow
    return server_frame(headers + b"\x00\x00\x08\x06\x00\x00\x00\x00\x00" + b"x" * 8)


def goaway_then_headers():
    near, far = pair()
    far.close_connection()
    near.receive_data(far.data_to_send())
    near.send_headers(1, REQUEST)


def closed_stream_data():
    near, far = pair()
    near.send_headers(1, REQUEST, end_stream=True)
    far.receive_data(near.data_to_send())
    far.send_headers(1, RESPONSE, end_stream=True)
    near.receive_data(far.data_to_send())
    near.send_data(1, b"late")


if __name__ == "__main__":
    Recorder("h2", ("h2",)).run_all(cases())

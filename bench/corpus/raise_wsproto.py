"""Raise real errors from wsproto, one JSON line each (see common.py): events sent in the wrong state (data before the
handshake, a second Request, AcceptConnection on a client, messages after close), handshakes it rejects (missing
or wrong Upgrade, Connection, Sec-WebSocket-Key, -Version and -Accept headers, bad status codes, subprotocols and
extensions not offered), and frames it cannot parse (reserved bits and opcodes, unmasked client frames, fragmented or
oversized control frames, bad close codes and UTF-8, continuation without a start), each through the public
`WSConnection.send`/`receive_data`/`events` API or the frame protocol; written from wsproto's documentation as a
user would use it (held-out: see SPLIT.md, fifth split)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

KEY = b"dGhlIHNhbXBsZSBub25jZQ=="
GOOD = [
    (b"Host", b"example.com"),
    (b"Upgrade", b"websocket"),
    (b"Connection", b"Upgrade"),
    (b"Sec-WebSocket-Key", KEY),
    (b"Sec-WebSocket-Version", b"13"),
]


def request(headers) -> bytes:
    return b"GET /chat HTTP/1.1\r\n" + b"".join(name + b": " + value + b"\r\n" for name, value in headers) + b"\r\n"


def without(name):
    return [(n, v) for n, v in GOOD if n != name]


def replaced(name, value):
    return [(n, value if n == name else v) for n, v in GOOD]


def frame(first: int, second: int, payload: bytes = b"", mask: bytes | None = b"abcd") -> bytes:
    """A raw WebSocket frame: the first byte (FIN, RSV, opcode), the second's length, masked as a client's."""
    if mask is None:
        return bytes([first, second]) + payload
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([first, second | 0x80]) + mask + masked


def cases():
    from wsproto import ConnectionType, WSConnection
    from wsproto.connection import Connection
    from wsproto.events import (
        AcceptConnection,
        BytesMessage,
        CloseConnection,
        Ping,
        RejectConnection,
        RejectData,
        Request,
        TextMessage,
    )
    from wsproto.extensions import PerMessageDeflate
    from wsproto.frame_protocol import CloseReason, FrameProtocol
    from wsproto.handshake import H11Handshake
    from wsproto.utilities import generate_accept_token

    def server_events(data: bytes):
        server = WSConnection(ConnectionType.SERVER)
        server.receive_data(data)
        return list(server.events())

    def open_server(extensions=None):
        server = WSConnection(ConnectionType.SERVER)
        server.receive_data(request(GOOD))
        event = next(server.events())
        server.send(AcceptConnection(extensions=extensions or []))
        return server, event

    def server_frames(data: bytes):
        server, _ = open_server()
        server.receive_data(data)
        return list(server.events())

    def client_response(status: bytes, headers):
        client = WSConnection(ConnectionType.CLIENT)
        client.send(
            Request(host="example.com", target="/chat", subprotocols=["chat"], extensions=[PerMessageDeflate()])
        )
        client.receive_data(
            b"HTTP/1.1 " + status + b"\r\n" + b"".join(n + b": " + v + b"\r\n" for n, v in headers) + b"\r\n"
        )
        return list(client.events())

    accept = generate_accept_token(KEY)
    switching = [(b"Upgrade", b"websocket"), (b"Connection", b"Upgrade"), (b"Sec-WebSocket-Accept", accept)]

    for name in (b"Host", b"Upgrade", b"Connection", b"Sec-WebSocket-Key", b"Sec-WebSocket-Version"):
        yield f"wsproto request without {name.decode()}", lambda n=name: server_events(request(without(n)))
    yield from [
        ("wsproto request bad upgrade", lambda: server_events(request(replaced(b"Upgrade", b"h2c")))),
        ("wsproto request bad connection", lambda: server_events(request(replaced(b"Connection", b"close")))),
        ("wsproto request bad version", lambda: server_events(request(replaced(b"Sec-WebSocket-Version", b"8")))),
        ("wsproto request POST", lambda: server_events(request(GOOD).replace(b"GET", b"POST", 1))),
        ("wsproto request HTTP/1.0", lambda: server_events(request(GOOD).replace(b"HTTP/1.1", b"HTTP/1.0", 1))),
        ("wsproto request garbage", lambda: server_events(b"NOT HTTP\r\n\r\n")),
        ("wsproto response 200", lambda: client_response(b"200 OK", switching)),
        ("wsproto response 404", lambda: client_response(b"404 Not Found", [(b"Content-Length", b"0")])),
        ("wsproto response no upgrade", lambda: client_response(b"101 Switching Protocols", switching[1:])),
        (
            "wsproto response no connection",
            lambda: client_response(b"101 Switching Protocols", [switching[0], switching[2]]),
        ),
        ("wsproto response no accept", lambda: client_response(b"101 Switching Protocols", switching[:2])),
        (
            "wsproto response bad accept",
            lambda: client_response(b"101 Switching Protocols", [*switching[:2], (b"Sec-WebSocket-Accept", b"x")]),
        ),
        (
            "wsproto response bad subprotocol",
            lambda: client_response(b"101 Switching Protocols", [*switching, (b"Sec-WebSocket-Protocol", b"mqtt")]),
        ),
        (
            "wsproto response bad extension",
            lambda: client_response(b"101 Switching Protocols", [*switching, (b"Sec-WebSocket-Extensions", b"x-nope")]),
        ),
        (
            "wsproto response bad deflate parameter",
            lambda: client_response(
                b"101 Switching Protocols",
                [*switching, (b"Sec-WebSocket-Extensions", b"permessage-deflate; server_max_window_bits=99")],
            ),
        ),
        ("wsproto response garbage", lambda: client_response(b"xx", [])),
    ]

    def client_send(*events):
        client = WSConnection(ConnectionType.CLIENT)
        for event in events:
            client.send(event)

    def server_send(*events):
        server, _ = open_server()
        for event in events:
            server.send(event)

    def fresh_server_send(event):
        WSConnection(ConnectionType.SERVER).send(event)

    yield from [
        ("wsproto client message before handshake", lambda: client_send(TextMessage(data="hi"))),
        ("wsproto client accept", lambda: client_send(AcceptConnection())),
        (
            "wsproto client two requests",
            lambda: client_send(Request(host="a", target="/"), Request(host="a", target="/")),
        ),
        ("wsproto server request", lambda: fresh_server_send(Request(host="a", target="/"))),
        ("wsproto server accept before request", lambda: fresh_server_send(AcceptConnection())),
        ("wsproto server reject before request", lambda: fresh_server_send(RejectConnection())),
        ("wsproto server reject data before request", lambda: fresh_server_send(RejectData(data=b"x"))),
        ("wsproto server message before handshake", lambda: fresh_server_send(TextMessage(data="hi"))),
        ("wsproto server accept twice", lambda: server_send(AcceptConnection())),
        ("wsproto server request after open", lambda: server_send(Request(host="a", target="/"))),
        (
            "wsproto server message after close",
            lambda: server_send(CloseConnection(code=1000), TextMessage(data="late")),
        ),
        ("wsproto server close twice", lambda: server_send(CloseConnection(code=1000), CloseConnection(code=1000))),
        ("wsproto server unknown event", lambda: server_send(object())),
        ("wsproto server text bytes", lambda: server_send(TextMessage(data=b"bytes"))),
        ("wsproto server bytes text", lambda: server_send(BytesMessage(data="text"))),
        ("wsproto server ping too long", lambda: server_send(Ping(payload=b"x" * 200))),
        ("wsproto server close bad code", lambda: server_send(CloseConnection(code=999))),
        ("wsproto server close reason long", lambda: server_send(CloseConnection(code=1000, reason="x" * 200))),
        (
            "wsproto server accept subprotocol not offered",
            lambda: (
                WSConnection(ConnectionType.SERVER).receive_data(request(GOOD))
                or (
                    lambda s: (
                        s.receive_data(request(GOOD)),
                        list(s.events()),
                        s.send(AcceptConnection(subprotocol="x")),
                    )
                )(WSConnection(ConnectionType.SERVER))
            ),
        ),
        (
            "wsproto server reject data without body",
            lambda: (lambda s: (s.receive_data(request(GOOD)), list(s.events()), s.send(RejectData(data=b"x"))))(
                WSConnection(ConnectionType.SERVER)
            ),
        ),
        ("wsproto Request without host", lambda: Request(target="/")),
        ("wsproto connection type", lambda: Connection("server")),
        ("wsproto handshake type", lambda: H11Handshake("client").send(Request(host="a", target="/"))),
        (
            "wsproto handshake initiate_upgrade_connection",
            lambda: H11Handshake(ConnectionType.CLIENT).initiate_upgrade_connection([], "/"),
        ),
        ("wsproto CloseReason bad code", lambda: CloseReason(1).name),
    ]

    frames = {
        "rsv1": frame(0x81 | 0x40, 1, b"x"),
        "rsv2": frame(0x81 | 0x20, 1, b"x"),
        "rsv3": frame(0x81 | 0x10, 1, b"x"),
        "reserved opcode": frame(0x83, 1, b"x"),
        "reserved control opcode": frame(0x8B, 1, b"x"),
        "unmasked": frame(0x81, 1, b"x", mask=None),
        "fragmented ping": frame(0x09, 1, b"x"),
        "long ping": frame(0x89, 126) + b"\x00\x7e" + b"abcd" + b"x" * 126,
        "continuation first": frame(0x80, 1, b"x"),
        "text then text": frame(0x01, 1, b"a") + frame(0x81, 1, b"b"),
        "bad utf8": frame(0x81, 2, b"\xff\xfe"),
        "bad utf8 fragment": frame(0x01, 1, b"\xff") + frame(0x80, 1, b"\xfe"),
        "close one byte": frame(0x88, 1, b"\x03"),
        "close code 999": frame(0x88, 2, b"\x03\xe7"),
        "close code 1005": frame(0x88, 2, b"\x03\xed"),
        "close code 2000": frame(0x88, 2, b"\x07\xd0"),
        "close reason utf8": frame(0x88, 4, b"\x03\xe8\xff\xfe"),
        "non-minimal length 16": frame(0x81, 126) + b"\x00\x01" + b"abcd" + b"x",
        "non-minimal length 64": frame(0x81, 127) + b"\x00" * 7 + b"\x01" + b"abcd" + b"x",
        "length high bit": frame(0x81, 127) + b"\x80" + b"\x00" * 7 + b"abcd",
    }

    def protocol(client: bool, data: bytes, extensions=()):
        proto = FrameProtocol(client=client, extensions=list(extensions))
        proto.receive_bytes(data)
        return list(proto.received_frames())

    # A WSConnection answers a frame it cannot parse with a CloseConnection event; its FrameProtocol raises.
    for label, data in frames.items():
        yield f"wsproto frame {label}", lambda d=data: protocol(False, d)
        yield f"wsproto connection frame {label}", lambda d=data: server_frames(d)

    yield from [
        ("wsproto protocol masked from server", lambda: protocol(True, frame(0x81, 1, b"x"))),
        (
            "wsproto protocol deflate rsv1 control",
            lambda: protocol(False, frame(0x89 | 0x40, 1, b"x"), [PerMessageDeflate()]),
        ),
        (
            "wsproto protocol deflate garbage",
            lambda: protocol(False, frame(0xC1, 3, b"\xff\xff\xff"), [PerMessageDeflate()]),
        ),
        ("wsproto protocol send data bad type", lambda: FrameProtocol(client=False, extensions=[]).send_data(12)),
        ("wsproto protocol close bad code", lambda: FrameProtocol(client=False, extensions=[]).close(code=5000)),
        ("wsproto protocol ping long", lambda: FrameProtocol(client=False, extensions=[]).ping(b"x" * 126)),
        ("wsproto deflate bad offer", lambda: PerMessageDeflate(client_max_window_bits=99)),
        ("wsproto deflate bad server bits", lambda: PerMessageDeflate(server_max_window_bits=3)),
        (
            "wsproto deflate finalize bad",
            lambda: PerMessageDeflate().finalize("permessage-deflate; client_max_window_bits=x"),
        ),
        (
            "wsproto deflate accept bad",
            lambda: PerMessageDeflate().accept("permessage-deflate; server_max_window_bits=x"),
        ),
        ("wsproto accept token bytes", lambda: generate_accept_token("str")),
    ]


if __name__ == "__main__":
    Recorder("wsproto", ("wsproto",)).run_all(cases())

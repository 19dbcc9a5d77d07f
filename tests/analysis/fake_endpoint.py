"""A small OpenAI-compatible chat-completions server for the tests: a real HTTP server on localhost, in a thread,
giving canned answers. Each request is answered by the script of the first marker its user message contains (an
entry's message, say; the one found first when several are); a script's answers are given in order and its last
one repeats.

It can be hostile as a real server can: redirect elsewhere (`redirect`), drip its whole response one byte at a time
(`Canned.drip`), answer only after the client gave up and asked again (`Canned.late`: a server slower than any
timeout, with no race against the clock on a loaded machine), or send any body at all."""

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

SECTIONS = ("meaning", "trigger", "situations", "example_fix", "how_to_trigger", "documentation")


@dataclass(frozen=True)
class Canned:
    body: str | dict[str, Any] = ""
    status: int = 200
    headers: tuple[tuple[str, str], ...] = ()
    delay: float = 0.0
    drip: float = 0.0  # when set, the status line, headers and body are sent one byte every `drip` seconds
    late: bool = False  # answered only once the same script is asked again (or after LATEST seconds)


LATEST = 30.0


@dataclass
class Received:
    at: float
    marker: str
    payload: dict[str, Any]
    headers: dict[str, str]


def card(solutions: list[str] | None = None, **sections: str) -> str:
    """An answer's content as the schema asks for it: every section, blank unless given."""
    return json.dumps({**{name: sections.get(name, "") for name in SECTIONS}, "solutions": solutions or []})


def completion(content: str, *, prompt_tokens: int = 120, completion_tokens: int = 40) -> Canned:
    return Canned(
        body={
            "id": "chatcmpl-test",
            "object": "chat.completion",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            },
        }
    )


def redirect(to: str, status: int = 302) -> Canned:
    return Canned(status=status, headers=(("Location", to),))


def error(status: int, retry_after: str | None = None) -> Canned:
    headers = (("Retry-After", retry_after),) if retry_after is not None else ()
    return Canned(body={"error": {"message": f"status {status}"}}, status=status, headers=headers)


@dataclass
class FakeEndpoint:
    scripts: dict[str, list[Canned]] = field(default_factory=dict)
    received: list[Received] = field(default_factory=list)
    lock: threading.Condition = field(default_factory=threading.Condition)
    port: int = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def answer(self, marker: str, *answers: Canned) -> None:
        self.scripts[marker] = list(answers)

    def requests_for(self, marker: str) -> list[Received]:
        return [request for request in self.received if request.marker == marker]

    def next_answer(self, payload: dict[str, Any], headers: dict[str, str]) -> tuple[str, int, Canned]:
        """The answer to give, with the request's marker and how many requests of that marker came in so far."""
        user = " ".join(m.get("content", "") for m in payload.get("messages", []) if m.get("role") == "user")
        with self.lock:
            # The marker found first in the request (an entry's message comes before the code, which may hold a
            # sibling's message).
            found = [(user.find(m), n, m) for n, m in enumerate(self.scripts) if m in user]
            marker = min(found)[2] if found else ""
            self.received.append(Received(time.monotonic(), marker, payload, headers))
            self.lock.notify_all()
            script = self.scripts.get(marker) or [error(404)]
            return marker, len(self.requests_for(marker)), script.pop(0) if len(script) > 1 else script[0]

    def wait_for_another(self, marker: str, seen: int) -> None:
        """Until the script of `marker` was asked more than `seen` times: the client timed out and asked again."""
        with self.lock:
            self.lock.wait_for(lambda: len(self.requests_for(marker)) > seen, timeout=LATEST)


def serve(endpoint: FakeEndpoint) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            if self.path != "/v1/chat/completions":
                self._send(error(404))
                return
            payload = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
            marker, seen, canned = endpoint.next_answer(payload, dict(self.headers))
            if canned.late:
                endpoint.wait_for_another(marker, seen)
            time.sleep(canned.delay)
            self._send(canned)

        def _send(self, canned: Canned) -> None:
            body = canned.body if isinstance(canned.body, str) else json.dumps(canned.body)
            if canned.drip:
                self._drip(canned, body.encode())
                return
            try:
                self.send_response(canned.status)
                for name, value in canned.headers:
                    self.send_header(name, value)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body.encode())))
                self.end_headers()
                self.wfile.write(body.encode())
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up waiting: what a slow answer is for

        def _drip(self, canned: Canned, body: bytes) -> None:
            head = f"HTTP/1.0 {canned.status} Slow\r\nContent-Type: application/json\r\n"
            head += f"Content-Length: {len(body)}\r\n\r\n"
            try:
                for byte in head.encode() + body:
                    self.wfile.write(bytes([byte]))
                    time.sleep(canned.drip)
            except OSError:
                pass  # the client gave up: what a deadline is for

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    endpoint.port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server

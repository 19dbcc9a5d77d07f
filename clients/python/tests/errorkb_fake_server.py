"""A tiny errorkb server for the client's Django-free tests: real HTTP on localhost (http.server in a thread), the
answers set by each test, and every request it received kept, so that a test can check what left the client.

The server-side tests (tests/clients/) run the same client against the real errorkb, through pytest-django's
live_server; here the shape of the answers is the one api/match.py and api/serializers.py give."""

from __future__ import annotations

import json
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

ENTRY = "2f70a93935f33691"
TITLE = "Cannot resolve keyword 'titel' into field. Choices are…"
MESSAGE = "Cannot resolve keyword 'titel' into field. Choices are: author, id, title"
TRACEBACK = """Traceback (most recent call last):
  File "/home/alice/shop/views.py", line 12, in index
    posts = Post.objects.filter(titel="Hello")
  File "/srv/venv/lib/python3.11/site-packages/django/db/models/sql/query.py", line 1768, in names_to_path
    raise FieldError(
django.core.exceptions.FieldError: Cannot resolve keyword 'titel' into field. Choices are: author, id, title
"""


def match_json(**changes: Any) -> dict[str, Any]:
    """One element of POST /api/match's "matches", as kb.matching.answers.match_answer writes it."""
    match = {
        "id": ENTRY,
        "url": f"http://errorkb.test/errors/{ENTRY}/",
        "title": TITLE,
        "summary": "A queryset lookup uses a name that is not a field of the model being queried.",
        "first_solution": "Fix the spelling of the field:\n\n```python\nPost.objects.filter(title='Hello')\n```",
        "review_state": "generated",
        "score": 120.0,
        "exact": True,
        "partial": False,
        "similarity": None,
        "raise_site": True,
        "nearby": None,
        "message_from": None,
        "exception": 0,
        "exception_type": "django.core.exceptions.FieldError",
        "message": MESSAGE,
        "status": "published",
        "params": {"name": "titel", "choices": "author, id, title"},
        "why": [{"kind": "message", "detail": "the message fits the signature"}],
        "sources": [
            {
                "path": "django/db/models/sql/query.py",
                "line": 1768,
                "function": "Query.names_to_path",
                "commit": "0123abcd",
                "url": "https://github.com/django/django/blob/0123abcd/django/db/models/sql/query.py#L1768",
            }
        ],
    }
    match.update(changes)
    return match


def answer_json(*matches: dict[str, Any]) -> dict[str, Any]:
    return {"matches": list(matches), "parsed": {"kind": "traceback", "exceptions": []}, "compiled": None, "search": []}


def card_json() -> dict[str, Any]:
    """GET /api/errors/<id>'s card, the fields the client reads."""
    return {
        "id": ENTRY,
        "url": f"http://errorkb.test/errors/{ENTRY}/",
        "repository": {
            "host": "github.com",
            "owner": "django",
            "name": "django",
            "url": "https://github.com/django/django",
        },
        "exception_type": "django.core.exceptions.FieldError",
        "title": TITLE,
        "message": MESSAGE,
        "status": "published",
        "explanation": {
            "meaning": {
                "markdown": "A queryset lookup uses a name that is not a field.",
                "html": "",
                "origin": "curated",
            },
            "solutions": [{"markdown": "Fix the spelling.", "html": "", "origin": "curated"}],
        },
        "review": {"state": "reviewed", "reviewed_at": None, "assisted": None},
        "sites": [
            {
                "path": "django/db/models/sql/query.py",
                "line": 1768,
                "function": "names_to_path",
                "commit": "0123abcd",
                "url": "",
            }
        ],
    }


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    content_type: str = "application/json"
    delay: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


def json_reply(body: object, status: int = 200, content_type: str = "application/json") -> Reply:
    return Reply(status=status, body=json.dumps(body).encode(), content_type=content_type)


def problem(status: int, title: str, detail: str) -> Reply:
    body = {"type": "https://errorkb.dev/problems/x", "title": title, "status": status, "detail": detail}
    return json_reply(body, status, "application/problem+json")


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that gave up (a timeout test) leaves a broken pipe behind: expected, not printed


@dataclass
class Received:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


class FakeServer:
    """`replies` maps a path ("/api/match", "/api/errors/<id>") to its Reply; anything else is a 404 problem."""

    def __init__(self) -> None:
        self.replies: dict[str, Reply] = {"/api/match": json_reply(answer_json(match_json()))}
        self.received: list[Received] = []
        self.when: list[tuple[bytes, Reply]] = []  # (text in the request's body, the reply then), tried first
        server = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                server.received.append(Received(self.command, self.path, dict(self.headers), body))
                chosen = [reply for text, reply in server.when if text in body]
                reply = chosen[0] if chosen else server.replies.get(self.path.split("?")[0])
                reply = reply or problem(404, "Not Found", "No such page.")
                if reply.delay:
                    time.sleep(reply.delay)
                self.send_response(reply.status)
                self.send_header("Content-Type", reply.content_type)
                self.send_header("Content-Length", str(len(reply.body)))
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(reply.body)

            do_GET = do_POST = _answer

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.httpd = QuietServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def answer_only(self, text: str) -> None:
        """A match for requests whose body holds `text`, none for the others."""
        self.when.append((text.encode(), self.replies["/api/match"]))
        self.replies["/api/match"] = json_reply(answer_json())

    def sent_text(self) -> str:
        """Everything the client sent, every request's body and headers, as one text to search for secrets."""
        return "\n".join(f"{r.path}\n{r.headers}\n{r.body.decode('utf-8', 'replace')}" for r in self.received)

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def closed_port_url() -> str:
    """A URL nothing listens at: connections are refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}"


class SilentServer:
    """Accepts connections (the kernel's backlog) and never answers."""

    def __init__(self) -> None:
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(64)
        self.url = f"http://127.0.0.1:{self.socket.getsockname()[1]}"

    def close(self) -> None:
        self.socket.close()


def _read_request(connection: socket.socket) -> bytes:
    """The request's head and its Content-Length of body (http.client sends them in separate writes)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            return data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length" and value.strip().isdigit():
            length = int(value.strip())
    while len(body) < length:
        chunk = connection.recv(65536)
        if not chunk:
            break
        body += chunk
    return head + b"\r\n\r\n" + body


class RawServer:
    """Answers every connection with the same bytes, whatever was asked: for answers http.server cannot send
    (chunked, cut short, not HTTP at all)."""

    def __init__(self, answer: bytes) -> None:
        self.answer = answer
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(16)
        self.url = f"http://127.0.0.1:{self.socket.getsockname()[1]}"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                connection, _ = self.socket.accept()
            except OSError:
                return
            with connection:
                connection.settimeout(5)
                try:
                    _read_request(connection)  # all of it: a close with unread bytes would be a reset, not our answer
                    connection.sendall(self.answer)
                    connection.shutdown(socket.SHUT_WR)
                except OSError:
                    pass

    def close(self) -> None:
        self.socket.close()

"""errorkb.lookup and errorkb.explain against a real HTTP server on localhost: typed results, the request sent,
and each failure as the client's own exception."""

from __future__ import annotations

import json
import shutil
import ssl
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from errorkb_fake_server import (
    ENTRY,
    MESSAGE,
    TITLE,
    TRACEBACK,
    FakeServer,
    RawServer,
    Reply,
    SilentServer,
    answer_json,
    card_json,
    closed_port_url,
    json_reply,
    match_json,
    problem,
)

import errorkb
from errorkb import client
from errorkb.results import Source, card_from_json, matches_from_json


@pytest.fixture(autouse=True)
def nothing_configured(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ERRORKB_URL", "ERRORKB_BUNDLE", "ERRORKB_REDACT", "ERRORKB_VERBOSE"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def server() -> Iterator[FakeServer]:
    fake = FakeServer()
    yield fake
    fake.close()


def test_a_traceback_gives_typed_results(server: FakeServer) -> None:
    result = errorkb.lookup(TRACEBACK, url=server.url)
    best = result.best
    assert best is not None and len(result) == 1
    assert (best.id, best.title, best.review_state, best.review_label) == (
        ENTRY,
        TITLE,
        "generated",
        "not yet reviewed",
    )
    assert best.url == f"http://errorkb.test/errors/{ENTRY}/"
    assert best.summary and best.first_solution and best.first_solution.startswith("Fix the spelling")
    assert best.params == {"name": "titel", "choices": "author, id, title"}
    assert best.sources == (
        Source(
            path="django/db/models/sql/query.py",
            line=1768,
            function="Query.names_to_path",
            commit="0123abcd",
            url="https://github.com/django/django/blob/0123abcd/django/db/models/sql/query.py#L1768",
        ),
    )
    assert best.confident and best.how == "exact match"
    assert result.origin == server.url


def test_the_request_is_a_json_post_to_api_match(server: FakeServer) -> None:
    errorkb.lookup(MESSAGE, url=server.url + "/", limit=3)
    (request,) = server.received
    assert (request.method, request.path) == ("POST", "/api/match")
    assert request.headers["Content-Type"] == "application/json"
    assert request.json() == {"text": MESSAGE, "limit": 3}
    assert "Cookie" not in request.headers and "Authorization" not in request.headers


def test_the_headers_sent_are_those_the_readme_lists(server: FakeServer) -> None:
    errorkb.lookup(MESSAGE, url=server.url)
    headers = server.received[0].headers
    assert sorted(headers) == [
        "Accept",
        "Accept-Encoding",
        "Connection",
        "Content-Length",
        "Content-Type",
        "Host",
        "User-Agent",
    ]
    assert headers["User-Agent"] == f"errorkb-python/{errorkb.__version__}"
    assert server.received[0].json().keys() == {"text", "limit"}


def test_an_exception_object_is_sent_with_its_traceback(server: FakeServer) -> None:
    def load() -> None:
        raise KeyError("missing")

    try:
        load()
    except KeyError as error:
        errorkb.lookup(error, url=server.url)
    sent = server.received[0].json()["text"]
    assert sent.startswith("Traceback (most recent call last):\n")
    assert 'File "<user code>"' in sent and ", in load" in sent
    assert sent.rstrip().endswith("KeyError: 'missing'")


def test_the_server_comes_from_errorkb_url(server: FakeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ERRORKB_URL", server.url)
    assert errorkb.lookup(MESSAGE).best is not None
    assert len(server.received) == 1


def test_with_no_server_nothing_is_sent_and_lookup_says_so(server: FakeServer) -> None:
    with pytest.raises(errorkb.NotConfigured, match=r"ERRORKB_URL.*nothing was sent"):
        errorkb.lookup(MESSAGE)
    assert server.received == []


def test_an_error_status_carries_the_problem_title(server: FakeServer) -> None:
    server.replies["/api/match"] = problem(400, "Bad Request", "The text is empty: send an error message.")
    with pytest.raises(errorkb.HTTPStatusError) as raised:
        errorkb.lookup(MESSAGE, url=server.url)
    assert (raised.value.status, raised.value.title) == (400, "Bad Request")
    assert raised.value.detail == "The text is empty: send an error message."
    assert "400 Bad Request" in str(raised.value)


def test_a_status_without_a_problem_body_is_still_an_http_error(server: FakeServer) -> None:
    server.replies["/api/match"] = Reply(status=502, body=b"<html>bad gateway</html>", content_type="text/html")
    with pytest.raises(errorkb.HTTPStatusError) as raised:
        errorkb.lookup(MESSAGE, url=server.url)
    assert raised.value.status == 502


def test_a_redirect_is_refused_not_followed(server: FakeServer) -> None:
    elsewhere = FakeServer()
    try:
        server.replies["/api/match"] = Reply(status=307, headers={"Location": elsewhere.url + "/api/match"})
        with pytest.raises(errorkb.HTTPStatusError) as raised:
            errorkb.lookup(MESSAGE, url=server.url)
        assert raised.value.status == 307
        assert elsewhere.received == []
    finally:
        elsewhere.close()


@pytest.mark.parametrize(
    ("reply", "says"),
    [
        (Reply(body=b"<html>not an api</html>", content_type="text/html"), "did not answer JSON"),
        (json_reply(["a", "list"]), "not a JSON object"),
        (json_reply({"results": []}), "no 'matches'"),
        (json_reply(answer_json(match_json(score="high"))), "'score' is str"),
        (json_reply(answer_json(match_json(params={"n": 3}))), "'params'"),
        (json_reply(answer_json({"title": "no id"})), "has no 'id'"),
    ],
)
def test_an_answer_of_another_shape_is_a_protocol_error(server: FakeServer, reply: Reply, says: str) -> None:
    server.replies["/api/match"] = reply
    with pytest.raises(errorkb.ProtocolError, match=says):
        errorkb.lookup(MESSAGE, url=server.url)


def test_a_closed_port_is_unreachable() -> None:
    with pytest.raises(errorkb.ServerUnreachable):
        errorkb.lookup(MESSAGE, url=closed_port_url())


def test_a_server_that_never_answers_is_a_timeout() -> None:
    silent = SilentServer()
    try:
        with pytest.raises(errorkb.ServerTimeout, match=r"did not answer within 0\.3 s"):
            errorkb.lookup(MESSAGE, url=silent.url, timeout=0.3)
    finally:
        silent.close()


def test_a_slow_answer_is_a_timeout(server: FakeServer) -> None:
    server.replies["/api/match"] = Reply(body=b"{}", delay=1.5)
    with pytest.raises(TimeoutError):
        errorkb.lookup(MESSAGE, url=server.url, timeout=0.2)


@pytest.mark.parametrize("url", ["ftp://example.org", "errorkb.test", "http://user:pw@example.org"])
def test_a_url_that_is_not_a_plain_http_server_is_refused(url: str) -> None:
    with pytest.raises(errorkb.NotConfigured):
        errorkb.lookup(MESSAGE, url=url)


def test_nothing_matched_is_an_empty_result_with_the_search_hits(server: FakeServer) -> None:
    body = answer_json()
    body["search"] = [{"id": ENTRY, "title": TITLE, "url": "http://errorkb.test/x"}]
    server.replies["/api/match"] = json_reply(body)
    result = errorkb.lookup("something else entirely", url=server.url)
    assert not result and result.best is None
    assert [hit.id for hit in result.search] == [ENTRY]


def test_explain_reads_the_card(server: FakeServer) -> None:
    server.replies[f"/api/errors/{ENTRY}"] = json_reply(card_json())
    card = errorkb.explain(ENTRY, url=server.url)
    assert card is not None
    assert (card.id, card.title, card.repository, card.review_label) == (ENTRY, TITLE, "django/django", "reviewed")
    assert card.meaning.startswith("A queryset lookup") and card.solutions == ("Fix the spelling.",)
    assert server.received[0].method == "GET"


def test_explain_of_an_unknown_id_is_none(server: FakeServer) -> None:
    assert errorkb.explain("0000000000000000", url=server.url) is None


def test_a_bundle_answer_goes_through_the_same_reading(server: FakeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[str, int]] = []

    class Bundle:
        def lookup(self, text: str, *, limit: int = 5) -> list[dict]:
            asked.append((text, limit))
            return [match_json()]

    monkeypatch.setattr(client, "open_bundle", lambda path: Bundle())
    result = errorkb.lookup(TRACEBACK, bundle="cards.errorkb", url=server.url)
    assert result.matches == matches_from_json([match_json()]) and result.origin == "cards.errorkb"
    assert server.received == []  # a bundle is matched here: nothing sent, even with a server given
    assert 'File "<user code>"' in asked[0][0]


def test_a_card_of_plain_fields_reads_as_the_api_card() -> None:
    card = card_from_json(
        {"id": ENTRY, "title": TITLE, "meaning": "Plain.", "solutions": ["One."], "review_state": "ai-assisted"}
    )
    assert (card.meaning, card.solutions, card.review_label) == ("Plain.", ("One.",), "AI-assisted, not yet reviewed")


def test_a_proxy_in_the_environment_is_used(server: FakeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    server.replies["http://errorkb.invalid/api/match"] = json_reply(answer_json(match_json()))
    monkeypatch.setenv("HTTP_PROXY", server.url)
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    result = errorkb.lookup(MESSAGE, url="http://errorkb.invalid")
    assert result.best is not None and result.best.id == ENTRY
    assert [(r.method, r.path) for r in server.received] == [("POST", "http://errorkb.invalid/api/match")]


def test_through_a_proxy_a_redirect_is_refused_too(server: FakeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    server.replies["http://errorkb.invalid/api/match"] = Reply(status=302, headers={"Location": "http://elsewhere/"})
    monkeypatch.setenv("HTTP_PROXY", server.url)
    with pytest.raises(errorkb.HTTPStatusError) as raised:
        errorkb.lookup(MESSAGE, url="http://errorkb.invalid")
    assert raised.value.status == 302 and len(server.received) == 1


def raw_answer(head: str, body: bytes) -> bytes:
    return head.replace("\n", "\r\n").encode() + b"\r\n" + body


def test_a_chunked_answer_is_read_whole() -> None:
    body = json.dumps(answer_json(match_json())).encode()
    chunks = b"".join(f"{len(part):x}\r\n".encode() + part + b"\r\n" for part in (body[:100], body[100:]))
    raw = RawServer(
        raw_answer(
            "HTTP/1.1 200 OK\nContent-Type: application/json\nTransfer-Encoding: chunked\n", chunks + b"0\r\n\r\n"
        )
    )
    try:
        assert errorkb.lookup(MESSAGE, url=raw.url).best is not None
    finally:
        raw.close()


@pytest.mark.parametrize(
    ("answer", "error", "says"),
    [
        (
            raw_answer("HTTP/1.1 200 OK\nContent-Length: 500\n", b'{"matches": ['),
            errorkb.ProtocolError,
            "incomplete or malformed",
        ),
        (raw_answer("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n", b"zz\r\n{}"), errorkb.ProtocolError, "malformed"),
        (b"SSH-2.0-OpenSSH_9.6\r\n", errorkb.ServerUnreachable, "did not answer HTTP"),
        (b"", errorkb.ServerUnreachable, "did not answer HTTP"),
    ],
    ids=["cut short", "bad chunks", "not http", "nothing"],
)
def test_a_broken_answer_is_the_clients_error(answer: bytes, error: type[Exception], says: str) -> None:
    raw = RawServer(answer)
    try:
        with pytest.raises(error, match=says):
            errorkb.lookup(MESSAGE, url=raw.url)
    finally:
        raw.close()


def test_an_https_server_whose_certificate_does_not_verify_is_refused(tmp_path: Path) -> None:
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    key, certificate = tmp_path / "key.pem", tmp_path / "cert.pem"
    request = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"]
    subprocess.run(["openssl", *request, "-keyout", key, "-out", certificate], check=True, capture_output=True)
    server = FakeServer()
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    server.httpd.socket = context.wrap_socket(server.httpd.socket, server_side=True)
    try:
        with pytest.raises(errorkb.ServerUnreachable, match=r"CERTIFICATE_VERIFY_FAILED|certificate verify failed"):
            errorkb.lookup(MESSAGE, url=server.url.replace("http:", "https:"))
        assert server.received == []
    finally:
        server.close()


def test_a_server_passed_wins_over_a_bundle_in_the_environment(
    server: FakeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ERRORKB_BUNDLE", "/nonexistent/cards.errorkb")
    assert errorkb.lookup(MESSAGE, url=server.url).best is not None
    assert len(server.received) == 1

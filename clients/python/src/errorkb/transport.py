"""HTTP to an errorkb server with the standard library: JSON in and out, a total deadline, no redirects.

`timeout` bounds the whole call, not each socket operation: the request runs in a daemon thread that the caller
waits for at most `timeout` seconds (a name lookup that hangs, or a server that sends a byte a second, cannot hold
the caller longer). A redirect is an HTTPStatusError, never followed, so a lookup's text only ever goes to the
configured server. http.client sends it; urllib.request only when a proxy is set in the environment."""

from __future__ import annotations

import json
import os
import threading
import urllib.parse

from errorkb.config import VERSION
from errorkb.errors import ErrorkbError, HTTPStatusError, NotConfigured, ProtocolError, ServerTimeout, ServerUnreachable

TYPE_CHECKING = False  # not `typing`'s: see errorkb/__init__.py
if TYPE_CHECKING:
    from typing import Any

MAX_ANSWER_BYTES = 8 * 1024 * 1024
MAX_PROBLEM_BYTES = 64 * 1024
USER_AGENT = f"errorkb-python/{VERSION}"
PROXY_VARIABLES = ("http_proxy", "https_proxy", "all_proxy")


def base_url(url: str) -> str:
    """The server's root, checked: http or https, a host, no credentials, query or fragment."""
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise NotConfigured(f"the errorkb server must be an http:// or https:// URL, not {url!r}")
    if parts.username or parts.password or parts.query or parts.fragment:
        raise NotConfigured("the errorkb server's URL must hold no credentials, query or fragment")
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def _proxied() -> bool:
    return any(os.environ.get(name) or os.environ.get(name.upper()) for name in PROXY_VARIABLES)


def _problem(status: int, reason: str, data: bytes, url: str) -> HTTPStatusError:
    title, detail, errors = reason, "", None
    try:
        body = json.loads(data)
    except ValueError:
        body = None
    if isinstance(body, dict):
        title = body["title"] if isinstance(body.get("title"), str) else title
        detail = body["detail"] if isinstance(body.get("detail"), str) else ""
        errors = body.get("errors")
    return HTTPStatusError(status, title or "", detail or "", url, errors)


def _answer(status: int, reason: str, data: bytes, url: str) -> Any:
    if not 200 <= status < 300:
        raise _problem(status, reason, data[:MAX_PROBLEM_BYTES], url)
    if len(data) > MAX_ANSWER_BYTES:
        raise ProtocolError(f"the answer is larger than {MAX_ANSWER_BYTES} bytes")
    try:
        return json.loads(data)
    except ValueError:
        raise ProtocolError(f"{url} did not answer JSON: is it an errorkb server?") from None


def _headers(body: bytes | None) -> dict[str, str]:
    headers = {"Accept": "application/json", "User-Agent": USER_AGENT, "Connection": "close"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    return headers


def _direct(url: str, body: bytes | None, timeout: float) -> Any:
    """http:// or https:// with http.client: one request, the connection closed after its answer."""
    import http.client

    parts = urllib.parse.urlsplit(url)
    kind = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    connection = kind(parts.hostname or "", parts.port, timeout=timeout)
    path = urllib.parse.quote(parts.path or "/", safe="/%:@!$&'()*+,;=-._~")
    try:
        connection.request("GET" if body is None else "POST", path, body=body, headers=_headers(body))
        response = connection.getresponse()
        if response.length is not None and response.length > MAX_ANSWER_BYTES:
            raise ProtocolError(f"the answer is larger than {MAX_ANSWER_BYTES} bytes")
        # A stated length is read whole (a shorter answer is an IncompleteRead); otherwise up to the cap.
        data = response.read() if response.length is not None else response.read(MAX_ANSWER_BYTES + 1)
        status, reason = response.status, response.reason
    except http.client.IncompleteRead:
        raise ProtocolError(f"{url} sent an incomplete or malformed answer") from None
    except (http.client.BadStatusLine, http.client.LineTooLong):  # RemoteDisconnected is a BadStatusLine
        raise ServerUnreachable(f"{url} did not answer HTTP") from None
    finally:
        connection.close()
    return _answer(status, reason, data, url)


def _through_proxy(url: str, body: bytes | None, timeout: float) -> Any:
    import urllib.error
    import urllib.request

    class NoRedirects(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, req, fp, code, msg, headers, newurl):
            return None  # urllib then raises the 3xx as an HTTPError

    request = urllib.request.Request(url, data=body, headers=_headers(body), method="GET" if body is None else "POST")
    try:
        with urllib.request.build_opener(NoRedirects()).open(request, timeout=timeout) as response:
            return _answer(response.status, response.reason, response.read(MAX_ANSWER_BYTES + 1), url)
    except urllib.error.HTTPError as error:
        return _answer(error.code, str(error.reason), error.read(MAX_PROBLEM_BYTES), url)
    except urllib.error.URLError as error:
        if isinstance(error.reason, OSError):
            raise error.reason from None
        raise ServerUnreachable(f"{url} could not be reached: {error.reason}") from None


def _call(url: str, body: bytes | None, timeout: float) -> Any:
    if _proxied():
        send = _through_proxy
    else:
        send = _direct
    try:
        return send(url, body, timeout)
    except ErrorkbError:  # before OSError: ServerUnreachable and ServerTimeout are OSErrors too
        raise
    except TimeoutError:  # socket.timeout is TimeoutError
        raise ServerTimeout(f"{url} did not answer within {timeout:.3g} s") from None
    except OSError as error:  # refused, unknown host, reset
        reason = error.strerror or str(error) or type(error).__name__
        raise ServerUnreachable(f"{url} could not be reached: {reason}") from None
    except Exception as error:  # http.client's HTTPException: a broken status line, an incomplete read
        raise ServerUnreachable(f"{url} failed: {type(error).__name__}: {error}") from None


def call(url: str, payload: dict | None, timeout: float) -> Any:
    """GET (no payload) or POST JSON to `url`; the decoded JSON answer, within `timeout` seconds in all."""
    body = None if payload is None else json.dumps(payload).encode()
    outcome: list[tuple[bool, Any]] = []

    def run() -> None:
        try:
            outcome.append((True, _call(url, body, timeout)))
        except ErrorkbError as error:
            outcome.append((False, error))
        except Exception as error:  # anything else: reported, never lost in the thread
            outcome.append((False, ServerUnreachable(f"{url} failed: {type(error).__name__}: {error}")))

    worker = threading.Thread(target=run, name="errorkb-request", daemon=True)
    worker.start()
    worker.join(timeout)
    if not outcome:
        raise ServerTimeout(f"{url} did not answer within {timeout:.3g} s")
    ok, value = outcome[0]
    if not ok:
        raise value
    return value

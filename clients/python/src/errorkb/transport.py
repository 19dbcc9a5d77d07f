"""HTTP to an errorkb server with the standard library: JSON in and out, a total deadline, no redirects.

`timeout` bounds the whole call, not each socket operation: the request runs in a daemon thread that the caller
waits for at most `timeout` seconds (a name lookup that hangs, or a server that sends a byte a second, cannot hold
the caller longer). Redirects are refused, so a lookup's text is only ever sent to the configured server."""

from __future__ import annotations

import json
import socket
import threading
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from errorkb import __version__
from errorkb.errors import ErrorkbError, HTTPStatusError, NotConfigured, ProtocolError, ServerTimeout, ServerUnreachable

MAX_ANSWER_BYTES = 8 * 1024 * 1024
MAX_PROBLEM_BYTES = 64 * 1024
USER_AGENT = f"errorkb-python/{__version__}"


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None  # urllib then raises the 3xx as an HTTPError


_OPENER = urllib.request.build_opener(_NoRedirects())


def base_url(url: str) -> str:
    """The server's root, checked: http or https, a host, no credentials, query or fragment."""
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise NotConfigured(f"the errorkb server must be an http:// or https:// URL, not {url!r}")
    if parts.username or parts.password or parts.query or parts.fragment:
        raise NotConfigured("the errorkb server's URL must hold no credentials, query or fragment")
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def _read(response: Any, limit: int) -> bytes:
    data: bytes = response.read(limit + 1)
    if len(data) > limit:
        raise ProtocolError(f"the answer is larger than {limit} bytes")
    return data


def _problem(error: urllib.error.HTTPError, url: str) -> HTTPStatusError:
    title: str = error.reason if isinstance(error.reason, str) else ""
    detail, errors = "", None
    try:
        body = json.loads(error.read(MAX_PROBLEM_BYTES))
    except (OSError, ValueError):
        body = None
    if isinstance(body, dict):
        title = body["title"] if isinstance(body.get("title"), str) else title
        detail = body["detail"] if isinstance(body.get("detail"), str) else ""
        errors = body.get("errors")
    return HTTPStatusError(error.code, title or "", detail or "", url, errors)


def _call(url: str, body: bytes | None, timeout: float) -> Any:
    headers = {"Accept": "application/json", "User-Agent": USER_AGENT}
    if body is not None:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(url, data=body, headers=headers, method="POST" if body is not None else "GET")
    try:
        with _OPENER.open(request, timeout=timeout) as response:
            data = _read(response, MAX_ANSWER_BYTES)
    except urllib.error.HTTPError as error:
        raise _problem(error, url) from None
    except urllib.error.URLError as error:
        if isinstance(error.reason, TimeoutError | socket.timeout):
            raise ServerTimeout(f"{url} did not answer within {timeout:g} s") from None
        raise ServerUnreachable(f"{url} could not be reached: {error.reason}") from None
    except TimeoutError:
        raise ServerTimeout(f"{url} did not answer within {timeout:g} s") from None
    except (OSError, ValueError) as error:  # a reset, a broken status line (http.client's errors are OSError's)
        raise ServerUnreachable(f"{url} failed: {error}") from None
    try:
        return json.loads(data)
    except ValueError:
        raise ProtocolError(f"{url} did not answer JSON: is it an errorkb server?") from None


def call(url: str, payload: dict | None, timeout: float) -> Any:
    """GET (no payload) or POST JSON to `url`; the decoded JSON answer, within `timeout` seconds in all."""
    body = None if payload is None else json.dumps(payload).encode()
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append((True, _call(url, body, timeout)))
        except ErrorkbError as error:
            outcome.append((False, error))
        except Exception as error:  # anything else http.client raises: reported, never lost in the thread
            outcome.append((False, ServerUnreachable(f"{url} failed: {type(error).__name__}: {error}")))

    worker = threading.Thread(target=run, name="errorkb-request", daemon=True)
    worker.start()
    worker.join(timeout)
    if not outcome:
        raise ServerTimeout(f"{url} did not answer within {timeout:g} s")
    ok, value = outcome[0]
    if not ok:
        raise value
    return value

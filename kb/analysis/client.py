"""One chat completion over HTTP (the standard library's urllib), retried with backoff on 429, 5xx, time-outs and
dropped connections, honouring Retry-After.

The endpoint is not trusted: no redirect is followed (the key would go with it, to another origin or in clear; and
urllib turns a redirected POST into a GET without its body, so following one never helps); each attempt ends at a
wall-clock deadline however slowly the server drips its bytes; its body is bounded in size and in nesting; what it
says is printed only through `terminal.printable`."""

import email.utils
import http.client
import io
import json
import random
import socket
import ssl
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from email.message import Message
from typing import IO, Any, NoReturn

from kb.analysis.terminal import printable
from kb.runtime.jsonsafe import JSONTooDeep, loads_bounded

# A Retry-After longer than this is not waited for: the run would look hung; the entry fails and a later run resumes.
LONGEST_WAIT = 120.0
# Answers are a few KiB of JSON; anything far larger is not an answer to our question.
LARGEST_BODY = 4 * 1024 * 1024


@dataclass(frozen=True)
class Endpoint:
    base: str
    model: str
    key: str = ""
    timeout: float = 120.0
    retries: int = 3
    backoff: float = 1.0  # the first retry's wait without a Retry-After; doubled on each further retry

    @property
    def url(self) -> str:
        # OpenAI's clients take a base ending in /v1; a full URL to the endpoint works too.
        return self.base if self.base.endswith("/chat/completions") else f"{self.base}/chat/completions"


@dataclass(frozen=True)
class Reply:
    content: str
    prompt_tokens: int
    completion_tokens: int
    attempts: int


class EndpointError(Exception):
    """The endpoint gave no answer: retries exhausted, or a refusal that retrying cannot change (400, 401, 404)."""

    def __init__(self, message: str, *, transport: bool = False) -> None:
        super().__init__(message)
        # True when nothing answered at all (refused, timed out): the run stops early if that keeps happening.
        self.transport = transport


class _Retry(Exception):
    def __init__(self, why: str, wait: float | None = None, transport: bool = False) -> None:
        super().__init__(why)
        self.wait, self.transport = wait, transport


def complete(endpoint: Endpoint, payload: dict[str, Any], *, sleep: Callable[[float], None] = time.sleep) -> Reply:
    """POSTs `payload` (model added) and returns the first choice's content with the tokens `usage` counts."""
    body = json.dumps({"model": endpoint.model, **payload}).encode()
    headers = {"Content-Type": "application/json", "Accept": "application/json", "User-Agent": "errorkb-analyze"}
    if endpoint.key:
        headers["Authorization"] = f"Bearer {endpoint.key}"
    last = ""
    for attempt in range(endpoint.retries + 1):
        try:
            answer = _post(endpoint, body, headers)
        except _Retry as retry:
            last = str(retry)
            if attempt == endpoint.retries:
                raise EndpointError(f"{last} (after {attempt + 1} attempts)", transport=retry.transport) from None
            wait = retry.wait if retry.wait is not None else endpoint.backoff * 2**attempt * random.uniform(0.8, 1.2)
            if wait > LONGEST_WAIT:
                raise EndpointError(f"{last}: asked to wait {wait:.0f} s, longer than {LONGEST_WAIT:.0f} s") from None
            sleep(wait)
            continue
        return reply_of(answer, attempts=attempt + 1)
    raise EndpointError(last)  # not reached: the loop returns or raises


def _post(endpoint: Endpoint, body: bytes, headers: dict[str, str]) -> dict[str, Any]:
    request = urllib.request.Request(endpoint.url, data=body, headers=headers, method="POST")
    deadline = time.monotonic() + endpoint.timeout
    try:
        with _opener(deadline).open(request, timeout=endpoint.timeout) as response:
            raw = _read_bounded(response)
    except urllib.error.HTTPError as error:
        detail = _detail(error)
        if error.code == 429 or error.code >= 500:
            raise _Retry(f"HTTP {error.code}{detail}", wait=retry_after(error.headers.get("Retry-After"))) from None
        raise EndpointError(f"HTTP {error.code}{detail}") from None
    except TimeoutError:
        raise _Retry(f"no answer within {endpoint.timeout:g} s", transport=True) from None
    except (urllib.error.URLError, ConnectionError, OSError) as error:
        reason = getattr(error, "reason", error)
        if isinstance(reason, TimeoutError):
            raise _Retry(f"no answer within {endpoint.timeout:g} s", transport=True) from None
        raise _Retry(f"cannot reach {endpoint.url}: {printable(str(reason))}", transport=True) from None
    if len(raw) > LARGEST_BODY:
        raise EndpointError(f"the answer is larger than {LARGEST_BODY // 1024 // 1024} MiB")
    try:
        decoded = loads_bounded(raw.decode("utf-8-sig"))
    except JSONTooDeep as too_deep:
        raise EndpointError(f"the endpoint's response is refused: {too_deep}") from None
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        raise EndpointError("the endpoint's response is not JSON (is ANALYSIS_API_BASE the API's base URL?)") from None
    if not isinstance(decoded, dict):
        raise EndpointError("the endpoint's response is not a chat completion")
    return decoded


def _detail(error: urllib.error.HTTPError) -> str:
    """The start of an error's body, printable: a hostile server's escapes are not passed to the terminal."""
    try:
        text = printable(error.read(300).decode("utf-8", "replace"), limit=200)
    except OSError:
        return ""
    return f": {text}" if text else ""


# Read this much at a time: the deadline is checked between reads as well as bounding each one.
CHUNK = 64 * 1024


def _read_bounded(response: IO[bytes]) -> bytes:
    """The body up to one byte past LARGEST_BODY (the caller refuses it then)."""
    chunks: list[bytes] = []
    size = 0
    while size <= LARGEST_BODY:
        chunk = response.read(min(CHUNK, LARGEST_BODY + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _opener(deadline: float) -> urllib.request.OpenerDirector:
    """urllib as `complete` uses it: no redirect followed, every socket operation bounded by the time left."""
    return urllib.request.build_opener(
        RefuseRedirects(), _DeadlineHTTPHandler(deadline), _DeadlineHTTPSHandler(deadline)
    )


def origin(url: str) -> str:
    """scheme://host:port, the port spelled out: what the key may be sent to."""
    parts = urllib.parse.urlsplit(url)
    try:
        port = parts.port or {"http": 80, "https": 443}.get(parts.scheme.lower(), 0)
    except ValueError:
        port = 0
    return f"{parts.scheme.lower()}://{(parts.hostname or '').lower()}:{port}"


class RefuseRedirects(urllib.request.HTTPRedirectHandler):
    """Every redirect is an error, and a clear one. urllib would re-send the Authorization header to wherever a
    3xx points, another origin or plain http included; a same-origin redirect is refused too, since urllib turns a
    redirected POST into a GET without its body (or refuses a 307/308 one): the fix is always ANALYSIS_API_BASE
    set to the URL that answers."""

    def _refuse(self, req: urllib.request.Request, fp: IO[bytes], code: int, msg: str, headers: Message) -> NoReturn:
        location = headers.get("Location") or headers.get("URI") or ""
        target = urllib.parse.urljoin(req.full_url, location.strip())
        fp.close()
        here, there = origin(req.full_url), origin(target)
        if here.startswith("https:") and not there.startswith("https:"):
            why = f"from https to {printable(there, 120)}, where the key would travel in clear"
        elif here != there:
            why = f"to another origin, {printable(there, 120)}, which is not sent the key"
        else:
            why = f"to {printable(urllib.parse.urlsplit(target).path, 120)} on the same origin"
        raise EndpointError(
            f"HTTP {code}: the endpoint redirected {why}; redirects are not followed."
            " Set ANALYSIS_API_BASE to the URL that answers"
        )

    http_error_301 = http_error_302 = http_error_303 = http_error_307 = http_error_308 = _refuse


def _time_left(deadline: float) -> float:
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeoutError("the request's deadline passed")
    return left


class _DeadlineReader(io.RawIOBase):
    """A socket's reading end whose every read may wait only for the time left before the deadline."""

    def __init__(self, sock: socket.socket, deadline: float) -> None:
        super().__init__()
        self._sock, self._deadline = sock, deadline
        self._raw = sock.makefile("rb", buffering=0)  # the socket stays open until this is closed

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int | None:
        self._sock.settimeout(_time_left(self._deadline))
        return self._raw.readinto(buffer)

    def close(self) -> None:
        if not self.closed:
            self._raw.close()
        super().close()


class _DeadlineSocket:
    """A connected socket as http.client uses it (sendall, makefile, close, ...), each send and read bounded by the
    time left: a server that sends one byte every few seconds cannot stretch a request past its deadline."""

    def __init__(self, sock: socket.socket, deadline: float) -> None:
        self._sock, self._deadline = sock, deadline

    def sendall(self, data: Any, flags: int = 0) -> None:
        self._sock.settimeout(_time_left(self._deadline))
        self._sock.sendall(data, flags)

    def makefile(self, mode: str = "rb", *args: Any, **kwargs: Any) -> io.BufferedReader:
        return io.BufferedReader(_DeadlineReader(self._sock, self._deadline))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


class _DeadlineConnection(http.client.HTTPConnection):
    def __init__(self, *args: Any, deadline: float, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline = deadline

    def connect(self) -> None:
        self.timeout = _time_left(self._deadline)  # connecting (and the TLS handshake) within the time left
        super().connect()
        self.sock = _DeadlineSocket(self.sock, self._deadline)


class _DeadlineHTTPSConnection(_DeadlineConnection, http.client.HTTPSConnection):
    pass


class _DeadlineHTTPHandler(urllib.request.HTTPHandler):
    def __init__(self, deadline: float) -> None:
        super().__init__()
        self._deadline = deadline

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        # typeshed's protocol for do_open's class leaves out the keyword arguments do_open passes on to it.
        return self.do_open(_DeadlineConnection, req, deadline=self._deadline)  # type: ignore[arg-type]


class _DeadlineHTTPSHandler(urllib.request.HTTPSHandler):
    def __init__(self, deadline: float) -> None:
        self._tls = ssl.create_default_context()
        super().__init__(context=self._tls)
        self._deadline = deadline

    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        connection = _DeadlineHTTPSConnection  # typeshed: as in http_open
        return self.do_open(connection, req, context=self._tls, deadline=self._deadline)  # type: ignore[arg-type]


def reply_of(answer: dict[str, Any], *, attempts: int = 1) -> Reply:
    """A chat completion's first choice and its tokens; EndpointError when it has none."""
    try:
        content = answer["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        raise EndpointError("the endpoint's response has no choices[0].message.content") from None
    given = answer.get("usage")
    usage: dict[str, Any] = given if isinstance(given, dict) else {}
    return Reply(
        content=content if isinstance(content, str) else "",
        prompt_tokens=_count(usage.get("prompt_tokens")),
        completion_tokens=_count(usage.get("completion_tokens")),
        attempts=attempts,
    )


def _count(value: object) -> int:
    return value if isinstance(value, int) and value >= 0 else 0


def retry_after(value: str | None) -> float | None:
    """Retry-After as seconds: a number of seconds (fractions accepted), or an HTTP date."""
    if not value:
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        seconds = when.timestamp() - time.time()
    return max(0.0, seconds) if seconds == seconds else None  # NaN is no answer

"""One chat completion over HTTP (the standard library's urllib), retried with backoff on 429, 5xx, time-outs and
dropped connections, honouring Retry-After."""

import email.utils
import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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
        return _reply(answer, attempts=attempt + 1)
    raise EndpointError(last)  # not reached: the loop returns or raises


def _post(endpoint: Endpoint, body: bytes, headers: dict[str, str]) -> dict[str, Any]:
    request = urllib.request.Request(endpoint.url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=endpoint.timeout) as response:
            raw = response.read(LARGEST_BODY + 1)
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
        raise _Retry(f"cannot reach {endpoint.url}: {reason}", transport=True) from None
    if len(raw) > LARGEST_BODY:
        raise EndpointError(f"the answer is larger than {LARGEST_BODY // 1024 // 1024} MiB")
    try:
        decoded = json.loads(raw)
    except ValueError:
        raise EndpointError("the endpoint's response is not JSON (is ANALYSIS_API_BASE the API's base URL?)") from None
    if not isinstance(decoded, dict):
        raise EndpointError("the endpoint's response is not a chat completion")
    return decoded


def _detail(error: urllib.error.HTTPError) -> str:
    try:
        text = error.read(300).decode("utf-8", "replace").strip()
    except OSError:
        return ""
    return f": {' '.join(text.split())[:200]}" if text else ""


def _reply(answer: dict[str, Any], *, attempts: int) -> Reply:
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

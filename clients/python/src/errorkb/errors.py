"""The client's own exceptions: one base class, so a caller can catch everything errorkb raises at once.

Each says what went wrong in a sentence a person can act on; the HTTP one keeps the status and the problem's
title and detail (RFC 9457, the body every errorkb API error has)."""


class ErrorkbError(Exception):
    """Anything the errorkb client raises."""


class NotConfigured(ErrorkbError):
    """Neither a server (`url=` or ERRORKB_URL) nor an offline bundle: nothing was sent anywhere."""


class ServerUnreachable(ErrorkbError, ConnectionError):
    """The server could not be reached (refused, unknown host, reset)."""


class ServerTimeout(ErrorkbError, TimeoutError):
    """The server did not answer within the timeout."""


class HTTPStatusError(ErrorkbError):
    """The server answered with an error status; `title` and `detail` come from its problem+json body."""

    def __init__(self, status: int, title: str, detail: str, url: str, errors: object = None) -> None:
        self.status, self.title, self.detail, self.url = status, title, detail, url
        self.errors = errors  # the problem's `errors`: what was wrong with each field of the request
        reason = f"{title}: {detail}" if detail and detail != title else title
        said = _field_errors(errors)
        super().__init__(f"{url} answered {status} {reason}".rstrip() + (f" ({said})" if said else ""))


def _field_errors(errors: object) -> str:
    """`{"text": ["The text is empty."]}` or `["text: ..."]` as one short line."""
    if isinstance(errors, dict):
        parts = [f"{field}: {' '.join(map(str, v)) if isinstance(v, list) else v}" for field, v in errors.items()]
    elif isinstance(errors, list):
        parts = [str(item) for item in errors]
    else:
        return ""
    return "; ".join(parts)[:500]


class ProtocolError(ErrorkbError):
    """The answer is not what an errorkb server sends (not JSON, or not the expected shape)."""

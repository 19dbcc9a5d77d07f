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

    def __init__(self, status: int, title: str, detail: str, url: str) -> None:
        self.status, self.title, self.detail, self.url = status, title, detail, url
        reason = f"{title}: {detail}" if detail and detail != title else title
        super().__init__(f"{url} answered {status} {reason}".rstrip())


class ProtocolError(ErrorkbError):
    """The answer is not what an errorkb server sends (not JSON, or not the expected shape)."""

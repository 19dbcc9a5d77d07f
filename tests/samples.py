"""What tests share: the seed's card (fixtures/sglang.json) and its message, chained tracebacks, and the checks of
the caching headers a signed-in user's answers carry."""

from typing import Any

from django.http import HttpResponse
from django.test import Client

CARD = "b774bfdff5235dcd"
CARD_MESSAGE = "NIXL PD transfer does not support HiSparse combined with decode-only speculative decoding."


def chained(*exceptions: tuple[str, str]) -> str:
    """A chained traceback, the first (path, exception line) pair raised first."""
    marker = "\nThe above exception was the direct cause of the following exception:\n\n"
    return marker.join(
        f'Traceback (most recent call last):\n  File "{path}", line 7, in run\n    work()\n{line}\n'
        for path, line in exceptions
    )


def catalogue_revision() -> int:
    """The revision every writer moves (kb.models.Catalogue), which lookup indexes follow."""
    from kb.models import Catalogue

    return Catalogue.objects.filter(pk=1).values_list("revision", flat=True).first() or 0


def is_private(response: HttpResponse) -> bool:
    """Cache-Control says private and not public: no shared cache keeps it (config/private.py)."""
    directives = {part.strip() for part in response.get("Cache-Control", "").split(",")}
    return "private" in directives and "public" not in directives


def caching_headers(client: Client, path: str) -> tuple[str, str]:
    response = client.get(path)
    assert response.status_code == 200, path
    return response.get("Cache-Control", ""), response.get("Vary", "")


def without_private_marking(settings: Any) -> None:
    """The middleware that marks a signed-in user's answers private, taken out (to compare with)."""
    settings.MIDDLEWARE = [
        name for name in settings.MIDDLEWARE if name != "config.private.PrivateForSignedInMiddleware"
    ]

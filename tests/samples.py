"""What tests share about the seed (fixtures/sglang.json): its card, the card's message, and chained tracebacks."""

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

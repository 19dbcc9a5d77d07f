"""What the lookup tests share: the card's message and a fresh index for every test."""

import pytest

from kb.matching.live import live_index

CARD = "b774bfdff5235dcd"
CARD_MESSAGE = "NIXL PD transfer does not support HiSparse combined with decode-only speculative decoding."


@pytest.fixture(autouse=True)
def fresh_index(settings):
    """Each test sees its own database: no index left over from another test, and no refresh delay."""
    settings.MATCHING_REFRESH_SECONDS = 0
    live_index.reset()
    yield
    live_index.reset()


def chained(*exceptions: tuple[str, str]) -> str:
    """A chained traceback, the first (path, exception line) pair raised first."""
    marker = "\nThe above exception was the direct cause of the following exception:\n\n"
    return marker.join(
        f'Traceback (most recent call last):\n  File "{path}", line 7, in run\n    work()\n{line}\n'
        for path, line in exceptions
    )

"""What the command tests share: running `manage.py analyze`, finding the widgets' entries, good answers."""

import io

from django.core.management import call_command

from kb.models import ErrorEntry
from tests.analysis.fake_endpoint import FakeEndpoint, card, completion

# Each is in its own entry's request only (the code the three share holds the first one's template, not its value).
NEGATIVE = "Widget size must be positive, got -1"
TOO_BIG = "Widget size 99 is above"
COLOUR = "Widget colour notacolour"
MARKERS = (NEGATIVE, TOO_BIG, COLOUR)


def run_analyze(*args: str) -> tuple[str, int]:
    """The command's output and exit status, as a curator running it sees them."""
    out = io.StringIO()
    try:
        call_command("analyze", "--repo", "acme/widgets", "--no-progress", "--backoff", "0.01", *args, stdout=out)
    except SystemExit as exit:
        return out.getvalue(), int(exit.code or 0)
    return out.getvalue(), 0


def entry_of(marker: str) -> ErrorEntry:
    return ErrorEntry.objects.get(message__startswith=marker)


def good_answer(marker: str) -> str:
    return card(
        meaning=f"`Widget.resize` raises `ValueError` ({marker}) when `size` is out of range.",
        trigger="`size < 0` in `widgets/core.py`, or `strict` with `size > WIDGET_MAX_SIZE`.",
        how_to_trigger="```python\nWidget().resize(-1)\n```",
        documentation="`docs/widgets.rst` says sizes are capped by `WIDGET_MAX_SIZE`.",
        solutions=["Pass a `size` of 0 or more.", "Check `size` against `WIDGET_MAX_SIZE` before `Widget.resize`."],
    )


def answer_all_well(endpoint: FakeEndpoint) -> None:
    for marker in MARKERS:
        endpoint.answer(marker, completion(good_answer(marker), prompt_tokens=1000, completion_tokens=200))

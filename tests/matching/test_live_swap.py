"""The live index with its refresher thread, as gunicorn's workers run it: a change is swapped in once built, and
lookups meanwhile answer from the index as it was, without waiting."""

import threading
import time

import pytest

from errorkb.matching.rank import match_text
from kb.matching import live
from kb.matching.live import live_index
from kb.models import Catalogue, ErrorEntry
from tests.factories import ErrorEntryFactory

pytestmark = pytest.mark.django_db(transaction=True)  # the refresher reads with its own connection


@pytest.fixture(autouse=True)
def refresher_stopped_after():
    """The thread belongs to the process's one live index: left running, later tests' lookups would answer from
    an index it keeps on its own schedule."""
    yield
    live_index.stop_refresher()


def exact_messages(text: str) -> list[str]:
    return [m.entry.message for m in match_text(live_index.get(), text, limit=5).matches if m.exact]


def wait_for(condition, seconds: float = 120.0) -> None:
    """Until the refresher thread has done what `condition` checks: a deadline for what never comes, not a speed
    target, so as generous as the busiest machine needs."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"still not so after {seconds:g} s")
        time.sleep(0.02)


def test_lookups_answer_from_the_old_index_while_the_new_one_is_built(settings, monkeypatch):
    settings.MATCHING_REFRESH_SECONDS = 0.05
    ErrorEntryFactory(message="Valve 3 is stuck open", signature="Valve {n} is stuck open")
    assert exact_messages("Valve 9 is stuck open") == ["Valve 3 is stuck open"]
    building, release = threading.Event(), threading.Event()
    real_layered = live.layered

    def slow_layered(*args, **kwargs):
        building.set()
        release.wait(30)
        return real_layered(*args, **kwargs)

    monkeypatch.setattr(live, "layered", slow_layered)
    live_index.start_refresher()
    entry = ErrorEntry.objects.get()
    entry.message, entry.signature = "Valve 3 is stuck shut", "Valve {n} is stuck shut"
    entry.save()
    Catalogue.touch()
    assert building.wait(10)
    # The build is held until `release`, set only below: a lookup that waited for it would wait out the build's 30 s
    # and then answer from the new index, not the old one.
    assert exact_messages("Valve 9 is stuck open") == ["Valve 3 is stuck open"]
    assert not release.is_set()
    release.set()
    wait_for(lambda: exact_messages("Valve 9 is stuck shut") == ["Valve 3 is stuck shut"])
    assert exact_messages("Valve 9 is stuck open") == []


def test_an_entry_deleted_after_the_build_is_no_longer_found(settings):
    settings.MATCHING_REFRESH_SECONDS = 0.05
    ErrorEntryFactory(message="Valve 3 is stuck open", signature="Valve {n} is stuck open")
    kept = ErrorEntryFactory(message="Pump 1 ran dry", signature="Pump {n} ran dry")
    assert exact_messages("Valve 9 is stuck open")
    live_index.start_refresher()
    ErrorEntry.objects.exclude(pk=kept.pk).delete()
    Catalogue.touch()
    wait_for(lambda: exact_messages("Valve 9 is stuck open") == [])
    assert exact_messages("Pump 4 ran dry") == ["Pump 1 ran dry"]

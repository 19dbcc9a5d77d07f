"""Status actions at the same moment as other writers, against the real PostgreSQL: each reads its entry under the row
lock, so no write is lost, and a draft is never retired whatever the order."""

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from api.models import CuratorToken
from kb import actions
from kb.models import ErrorEntry
from tests.api.test_write_concurrency import ROUNDS, at_once, patch
from tests.samples import CARD

pytestmark = pytest.mark.django_db(transaction=True)

Status = ErrorEntry.Status


@pytest.fixture
def writer_key(transactional_db) -> str:
    user = User.objects.create_superuser("racer", "racer@example.com", "a-long-password")
    call_command("import_errors", "fixtures/sglang.json")
    return CuratorToken.objects.create_key(name="racer", user=user)[1]


def retire_through_the_api(client: Client):
    return client.post(f"/api/errors/{CARD}/retire")


def reset(**fields) -> ErrorEntry:
    ErrorEntry.objects.filter(public_id=CARD).update(**fields)
    return ErrorEntry.objects.get(public_id=CARD)


def test_a_retire_and_a_patch_at_once_both_land(writer_key: str) -> None:
    for round_ in range(ROUNDS):
        reset(status=Status.PUBLISHED)
        answers = at_once(writer_key, retire_through_the_api, patch("meaning", f"Meaning {round_}."))
        assert [a.status_code for a in answers] == [200, 200], [a.content for a in answers]
        entry = ErrorEntry.objects.get(public_id=CARD)
        assert (entry.status, entry.meaning) == (Status.RETIRED, f"Meaning {round_}."), f"round {round_}"


def test_a_retire_and_a_review_at_once_both_land(writer_key: str) -> None:
    for round_ in range(ROUNDS):
        pk = reset(status=Status.PUBLISHED, review_state=ErrorEntry.Review.GENERATED).pk
        answers = at_once(
            writer_key, retire_through_the_api, lambda client, pk=pk: actions.mark_reviewed(pk, by=None, reason="race")
        )
        assert answers[0].status_code == 200, answers[0].content
        entry = ErrorEntry.objects.get(pk=pk)
        assert (entry.status, entry.review_state) == (Status.RETIRED, ErrorEntry.Review.REVIEWED), f"round {round_}"


def test_a_publish_and_a_retire_of_a_draft_at_once_never_retire_a_draft(writer_key: str) -> None:
    orders = set()
    for round_ in range(ROUNDS):
        pk = reset(status=Status.DRAFT).pk
        rows = ErrorEntry.objects.get(pk=pk).history.count()
        answers = at_once(
            writer_key, retire_through_the_api, lambda client, pk=pk: actions.publish(pk, by=None, reason="race")
        )
        entry = ErrorEntry.objects.get(pk=pk)
        reasons = list(entry.history.order_by("-history_id").values_list("history_change_reason", flat=True))
        if answers[0].status_code == 409:  # the retire went first, and found a draft
            assert entry.status == Status.PUBLISHED, f"round {round_}"
            assert entry.history.count() == rows + 1 and reasons[0] == "race"
        else:  # the publish went first; the retire then found it published
            assert answers[0].status_code == 200, answers[0].content
            assert entry.status == Status.RETIRED, f"round {round_}"
            assert reasons[:2] == ["retired through the API", "race"]
        orders.add(answers[0].status_code)
    assert orders <= {200, 409}

"""Writers at the same moment, against the real PostgreSQL: no change is lost, no entry doubled, nothing is a 500."""

import json
import threading
import time
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import connections, transaction
from django.http import HttpResponse
from django.test import Client

from api.models import CuratorToken
from kb.models import ErrorEntry
from tests.api.test_write import new_entry
from tests.samples import CARD

ROUNDS = 6

pytestmark = pytest.mark.django_db(transaction=True)

Request = Callable[[Client], HttpResponse]


@pytest.fixture
def writer_key(transactional_db) -> str:
    """A superuser's token: transactional tests empty the tables, the "curators" group of the migrations with them."""
    user = User.objects.create_superuser("racer", "racer@example.com", "a-long-password")
    return CuratorToken.objects.create_key(name="racer", user=user)[1]


def at_once(key: str, *requests: Request) -> list[HttpResponse]:
    """Each request from its own thread (so its own database connection), all released together."""
    barrier = threading.Barrier(len(requests))
    answers: list[HttpResponse | BaseException | None] = [None] * len(requests)

    def run(index: int, request: Request) -> None:
        client = Client(headers={"Authorization": f"Token {key}"})
        try:
            barrier.wait(timeout=30)
            answers[index] = request(client)
        except BaseException as exc:  # reported by the test, not lost in the thread
            answers[index] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, r)) for i, r in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a writer hung"
    for answer in answers:
        if isinstance(answer, BaseException):
            raise answer
    return answers  # type: ignore[return-value]


def patch(field: str, value: str) -> Request:
    return lambda client: client.patch(f"/api/errors/{CARD}", {field: value}, content_type="application/json")


def create(body: dict) -> Request:
    return lambda client: client.post("/api/errors", body, content_type="application/json")


def test_two_simultaneous_patches_of_different_fields_both_land(writer_key: str) -> None:
    call_command("import_errors", "fixtures/sglang.json")
    kept = ErrorEntry.objects.get(public_id=CARD)
    sites, solutions = kept.sites.count(), kept.solutions.count()
    for round_ in range(ROUNDS):
        answers = at_once(writer_key, patch("meaning", f"Meaning {round_}."), patch("trigger", f"Trigger {round_}."))
        assert [a.status_code for a in answers] == [200, 200], [a.content for a in answers]
        entry = ErrorEntry.objects.get(public_id=CARD)
        assert (entry.meaning, entry.trigger) == (f"Meaning {round_}.", f"Trigger {round_}."), f"round {round_}"
        assert (entry.sites.count(), entry.solutions.count()) == (sites, solutions)


def test_two_simultaneous_creates_with_one_id_give_one_201_and_one_409_and_no_overwrite(writer_key: str) -> None:
    for round_ in range(ROUNDS):
        public_id = f"{round_ + 1:016x}"
        first = new_entry(id=public_id, message=f"First writer's message {round_}")
        second = new_entry(id=public_id, message=f"Second writer's message {round_}")
        answers = at_once(writer_key, create(first), create(second))
        statuses = [a.status_code for a in answers]
        assert sorted(statuses) == [201, 409], [a.content for a in answers]
        conflict = answers[statuses.index(409)]
        assert conflict["Content-Type"] == "application/problem+json"
        assert public_id in conflict.json()["detail"]
        winner = answers[statuses.index(201)].json()
        stored = ErrorEntry.objects.get(public_id=public_id)
        assert stored.message == winner["message"], f"round {round_}: overwritten by the loser"
        assert stored.sites.count() == 2 and stored.solutions.count() == 1


def test_two_simultaneous_creates_of_one_error_without_an_id_make_one_entry(writer_key: str) -> None:
    for round_ in range(ROUNDS):
        body = new_entry(message=f"Widget {round_} must be positive", signature=f"Widget {round_} must be positive")
        answers = at_once(writer_key, create(body), create(body))
        statuses = [a.status_code for a in answers]
        assert sorted(statuses) == [201, 409], [a.content for a in answers]
        created = answers[statuses.index(201)].json()["id"]
        assert created in answers[statuses.index(409)].json()["detail"]
        assert ErrorEntry.objects.filter(signature=body["signature"]).count() == 1, f"round {round_}"


def test_two_entries_linked_to_each_other_at_the_same_moment_both_land(writer_key: str) -> None:
    call_command("import_errors", "fixtures/sglang.json")
    other = "2afe80e9746fae65"
    lists = ([other], [other, "5bee5e990cee4c17"]), ([CARD], [CARD, "5bee5e990cee4c17"])

    def link(source: str, targets: list[str]) -> Request:
        return lambda client: client.patch(
            f"/api/errors/{source}", {"related": targets}, content_type="application/json"
        )

    for round_ in range(ROUNDS):
        mine, theirs = lists[0][round_ % 2], lists[1][round_ % 2]
        answers = at_once(writer_key, link(CARD, mine), link(other, theirs))
        assert [a.status_code for a in answers] == [200, 200], [a.content for a in answers]
        links = {
            e.public_id: [link.target.public_id for link in e.outgoing_links.order_by("position")]
            for e in ErrorEntry.objects.filter(public_id__in=[CARD, other])
        }
        assert links == {CARD: mine, other: theirs}, f"round {round_}"


def test_an_import_that_meets_an_entry_created_meanwhile_writes_nothing_and_says_so(writer_key: str) -> None:
    """The API creates one of the file's entries while the import runs: the import stops, one line, no traceback."""
    document = json.load(open("fixtures/sglang.json"))
    body = {**document["entries"][0], "meaning": "Created through the API meanwhile.", "related": []}
    created = threading.Event()

    def create_and_hold() -> None:
        try:
            with transaction.atomic():
                response = Client(headers={"Authorization": f"Token {writer_key}"}).post(
                    "/api/errors", body, content_type="application/json"
                )
                assert response.status_code == 201, response.content
                created.set()
                time.sleep(1.5)  # the import, started meanwhile, waits on this uncommitted id
        finally:
            connections.close_all()

    writer = threading.Thread(target=create_and_hold)
    writer.start()
    assert created.wait(timeout=30)
    with pytest.raises(CommandError) as error:
        call_command("import_errors", "fixtures/sglang.json")
    writer.join(timeout=30)
    assert "\n" not in str(error.value) and CARD in str(error.value) and "run it again" in str(error.value)
    assert list(ErrorEntry.objects.values_list("public_id", "meaning")) == [
        (CARD, "Created through the API meanwhile.")
    ]

"""Text the database cannot store (a NUL, a lone surrogate) is a 400 naming the field, in every text field."""

import copy

import pytest
from django.test import Client

from kb.models import ErrorEntry
from tests.api.test_write import new_entry, post
from tests.samples import CARD

UNSTORABLE = {"NUL": "before\x00after", "lone surrogate": "before\ud800after"}
# (where in the body, the field the problem names)
TEXT_FIELDS = [
    (("meaning",), "meaning"),
    (("trigger",), "trigger"),
    (("situations",), "situations"),
    (("example_fix",), "example_fix"),
    (("solutions", 0), "solutions"),
    (("message",), "message"),
    (("signature",), "signature"),
    (("exception_type",), "exception_type"),
    (("sites", 0, "path"), "path"),
    (("sites", 0, "function"), "function"),
    (("sites", 0, "commit"), "commit"),
    (("repository", "owner"), "owner"),
    (("repository", "host"), "host"),
    (("provenance", "commit"), "provenance"),
]


def with_value(body: dict, where: tuple, value: str) -> dict:
    body = copy.deepcopy(body)
    body.setdefault("provenance", {"method": "curated", "commit": "abc123"})
    container = body
    for step in where[:-1]:
        container = container[step]
    container[where[-1]] = value
    return body


@pytest.mark.parametrize("kind", UNSTORABLE)
@pytest.mark.parametrize(("where", "field"), TEXT_FIELDS, ids=[f for _, f in TEXT_FIELDS])
def test_a_create_with_unstorable_text_is_a_400_naming_the_field(
    token_client: Client, where: tuple, field: str, kind: str
) -> None:
    response = post(token_client, "/api/errors", with_value(new_entry(), where, UNSTORABLE[kind]))
    assert response.status_code == 400, response.content
    assert response["Content-Type"] == "application/problem+json"
    errors = response.json()["errors"]
    assert any(field in line.partition(":")[0] for line in errors), errors
    assert not ErrorEntry.objects.exists()


@pytest.mark.parametrize("kind", UNSTORABLE)
@pytest.mark.parametrize("field", ["meaning", "trigger", "situations", "example_fix"])
def test_amending_a_markdown_field_with_unstorable_text_is_a_400_and_changes_nothing(
    token_client: Client, seed, field: str, kind: str
) -> None:
    before = ErrorEntry.objects.get(public_id=CARD)
    for value in (UNSTORABLE[kind], {"markdown": UNSTORABLE[kind]}):
        response = token_client.patch(f"/api/errors/{CARD}", {field: value}, content_type="application/json")
        assert response.status_code == 400, response.content
        assert any(line.startswith(f"{field}:") for line in response.json()["errors"])
    assert getattr(ErrorEntry.objects.get(public_id=CARD), field) == getattr(before, field)


@pytest.mark.parametrize("kind", UNSTORABLE)
def test_a_solution_with_unstorable_text_is_a_400_naming_the_solution(token_client: Client, seed, kind: str) -> None:
    for solutions in (["Fine.", UNSTORABLE[kind]], [{"markdown": UNSTORABLE[kind]}]):
        response = token_client.patch(f"/api/errors/{CARD}", {"solutions": solutions}, content_type="application/json")
        assert response.status_code == 400, response.content
        assert any(line.startswith("solutions:") for line in response.json()["errors"]), response.json()


def test_a_related_id_given_twice_is_a_400_not_a_database_error(token_client: Client, seed) -> None:
    response = post(token_client, "/api/errors", new_entry(related=[CARD, CARD]))
    assert response.status_code == 400, response.content
    assert any(line.startswith("related[1]:") for line in response.json()["errors"]), response.json()

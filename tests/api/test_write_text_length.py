"""Every text a writer sends has a cap (`limits`): a text over it is a 400 naming the field, never the database's
500 ("string is too long for tsvector"), and texts at their caps are stored and searchable."""

import copy
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from kb.models import ErrorEntry, limits
from tests.api.test_write import new_entry, post
from tests.samples import CARD

# The attack report's text: 1.8 MB of distinct words.
ATTACK_CHARS = 1_800_000


def distinct_words(chars: int, *, first: int = 0, wide: bool = False) -> str:
    """About `chars` characters of words that are all different; `wide` ones are written in four-byte characters
    (CJK Extension B), the most bytes a character can take in the search vector."""
    words, length, number = [], 0, first
    while length < chars:
        if wide:
            word = "".join(chr(0x20000 + (number >> shift) % 4096) for shift in (0, 12, 24)) + chr(0x2A000)
        else:
            word = f"word{number}"
        words.append(word)
        length += len(word) + 1
        number += 1
    return " ".join(words)[:chars]


def over(cap: int) -> str:
    return "x" * (cap + 1)


def errors_of(response) -> list[str]:
    assert response.status_code == 400, response.content[:500]
    assert response["Content-Type"] == "application/problem+json"
    return response.json()["errors"]


def test_a_patch_with_the_attacks_meaning_is_a_400_and_changes_nothing(token_client: Client, seed) -> None:
    before = ErrorEntry.objects.get(public_id=CARD)
    body = {"meaning": distinct_words(ATTACK_CHARS)}
    response = token_client.patch(f"/api/errors/{CARD}", body, content_type="application/json")
    assert any(line.startswith("meaning:") and "20,000" in line for line in errors_of(response))
    after = ErrorEntry.objects.get(public_id=CARD)
    assert (after.meaning, after.updated_at) == (before.meaning, before.updated_at)


def test_a_create_with_the_attacks_meaning_is_a_400_and_creates_nothing(token_client: Client, db) -> None:
    response = post(token_client, "/api/errors", new_entry(meaning=distinct_words(ATTACK_CHARS)))
    assert any(line.startswith("meaning:") for line in errors_of(response))
    assert not ErrorEntry.objects.exists()


# (where in the body, its cap, the field the problem names)
CAPPED = [
    (("message",), limits.MESSAGE_CHARS, "message"),
    (("signature",), limits.MESSAGE_CHARS, "signature"),
    (("meaning",), limits.PROSE_CHARS, "meaning"),
    (("trigger",), limits.PROSE_CHARS, "trigger"),
    (("situations",), limits.PROSE_CHARS, "situations"),
    (("example_fix",), limits.PROSE_CHARS, "example_fix"),
    (("solutions", 0), limits.SOLUTION_CHARS, "solutions"),
    (("sites", 0, "snippet"), limits.SNIPPET_CHARS, "sites"),
]


def with_value(body: dict, where: tuple, value: str) -> dict:
    body = copy.deepcopy(body)
    container = body
    for step in where[:-1]:
        container = container[step]
    container[where[-1]] = value
    return body


@pytest.mark.parametrize(("where", "cap", "field"), CAPPED, ids=[field for _, _, field in CAPPED])
def test_a_text_one_character_over_its_cap_is_a_400_naming_the_field(
    token_client: Client, db, where: tuple, cap: int, field: str
) -> None:
    response = post(token_client, "/api/errors", with_value(new_entry(), where, over(cap)))
    assert any(line.startswith(field) for line in errors_of(response))
    assert not ErrorEntry.objects.exists()


def test_more_solutions_than_the_cap_is_a_400(token_client: Client, db) -> None:
    solutions = [f"Solution {n}." for n in range(limits.SOLUTIONS + 1)]
    response = post(token_client, "/api/errors", new_entry(solutions=solutions))
    assert any(line.startswith("solutions:") for line in errors_of(response))


def test_a_repository_url_longer_than_the_database_holds_is_a_400(token_client: Client, db) -> None:
    url = "https://example.com/" + "a" * limits.URL_CHARS
    response = post(token_client, "/api/errors", new_entry(repository={"owner": "acme", "name": "w", "url": url}))
    assert any(line.startswith("repository.url:") for line in errors_of(response))


def test_a_machine_section_over_its_cap_is_a_400(token_client: Client, db) -> None:
    machine = {"review_state": "generated", "generated": {"meaning": over(limits.PROSE_CHARS)}}
    response = post(token_client, "/api/errors", new_entry(machine=machine))
    assert any(line.startswith("machine") for line in errors_of(response))


def test_an_entry_with_every_searchable_text_at_its_cap_is_stored_and_found(token_client: Client, db) -> None:
    """The caps together fit the search vector, even in four-byte characters, each word different."""
    texts, first = {}, 0
    for name, cap in [
        ("message", limits.MESSAGE_CHARS),
        *((n, limits.PROSE_CHARS) for n in ErrorEntry.MARKDOWN_FIELDS),
    ]:
        texts[name] = distinct_words(cap, first=first, wide=True)
        first += cap
    solutions = []
    for _ in range(limits.SOLUTIONS):
        solutions.append(distinct_words(limits.SOLUTION_CHARS, first=first, wide=True))
        first += limits.SOLUTION_CHARS
    body = new_entry(**texts, signature=texts["message"], solutions=solutions)
    response = post(token_client, "/api/errors", body)
    assert response.status_code == 201, response.content[:500]
    assert ErrorEntry.objects.get(public_id=response.json()["id"]).meaning == texts["meaning"]


def test_import_errors_holds_a_file_to_the_same_caps(tmp_path: Path, db) -> None:
    path = tmp_path / "long.json"
    path.write_text(json.dumps({"format": "errorkb/1", "entries": [new_entry(meaning=over(limits.PROSE_CHARS))]}))
    with pytest.raises(CommandError) as refused:
        call_command("import_errors", str(path))
    assert "meaning:" in str(refused.value) and "20,000" in str(refused.value)
    assert not ErrorEntry.objects.exists()

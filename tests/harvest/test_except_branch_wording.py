"""An `except` branch on a card (review round 4, card 07): a failed lookup is said as the key not found, in the
reader's names; a branch the card cannot say is left out, and so are the tests around it, which alone would claim
more than the code does. Never "its `try` block raised"."""

from pathlib import Path

import django
import pytest

from tests.harvest.published import django_files, harvest_published

DJANGO = Path(django.__file__).parent
FILES = ("contrib/auth/hashers.py", "http/response.py")


@pytest.fixture
def cards(db, git_repo) -> dict[str, dict]:
    return {message: entry.generated for message, entry in harvest_published(git_repo, django_files(*FILES)).items()}


def test_an_unknown_hasher_is_said_as_an_algorithm_that_is_not_a_key(cards):
    unknown = "Unknown password hashing algorithm '{algorithm}'. Did you specify it in the PASSWORD_HASHERS setting?"
    assert (
        "- the `algorithm` argument is not a key of `hashers` (`hashers` is `get_hashers_by_algorithm()`)"
        in (cards[unknown]["trigger"])
    )


def test_an_except_branch_with_no_call_says_nothing_of_its_try_block(cards):
    warning = next(
        generated
        for message, generated in cards.items()
        if message.startswith("StreamingHttpResponse must consume synchronous")
    )
    assert warning["meaning"].startswith("Iterating over a `StreamingHttpResponse` with `async for` issues this.")
    assert not any("try` block" in str(text) for text in warning.values())


def test_no_card_speaks_of_a_try_block(cards):
    for generated in cards.values():
        assert not any("try` block" in str(text) for text in generated.values())

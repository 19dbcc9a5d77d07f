"""An `except` branch on a card (review round 4, card 07): a failed lookup is said as the key not found, in the
reader's names; a branch the card cannot say is left out, and so are the tests around it, which alone would claim
more than the code does. Never "its `try` block raised"."""

import io
from pathlib import Path

import django
import pytest
from django.core.management import call_command

from kb.models import ErrorEntry

DJANGO = Path(django.__file__).parent
FILES = ("contrib/auth/hashers.py", "http/response.py")


@pytest.fixture
def cards(db, git_repo) -> dict[str, dict]:
    for name in FILES:
        git_repo.write(f"django/{name}", (DJANGO / name).read_text())
    git_repo.commit("django")
    call_command(
        "harvest", str(git_repo.root), "--repo", "django/django", "--no-progress", "--publish", stdout=io.StringIO()
    )
    return {entry.message: entry.generated for entry in ErrorEntry.objects.all()}


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
    assert warning["meaning"].startswith("`StreamingHttpResponse.__aiter__()` issues this.")
    assert not any("try` block" in str(text) for text in warning.values())


def test_no_card_speaks_of_a_try_block(cards):
    for generated in cards.values():
        assert not any("try` block" in str(text) for text in generated.values())

"""One piece of advice where the card gave two that say the same (round 31's cards 04 and 12, and the sample's card
09): `not old_name and not old_fields` is "Pass one of `old_name` and `old_fields`", not one bullet for each; the same
advice for two methods names both in one sentence."""

from pathlib import Path

from tests.harvest.published import harvest_published

# django/test/client.py:466-520, Django 5.2.19 (the request built is left out).
CLIENT = Path(__file__).parent / "trees" / "django_test_client_request_factory.py.txt"


# django/db/migrations/operations/models.py:1043-1060, Django 5.2.19.
OPERATIONS = '''
class RenameIndex:
    """Rename an index."""

    def __init__(self, model_name, new_name, old_name=None, old_fields=None):
        if not old_name and not old_fields:
            raise ValueError(
                "RenameIndex requires one of old_name and old_fields arguments to be "
                "set."
            )
        if old_name and old_fields:
            raise ValueError(
                "RenameIndex.old_name and old_fields are mutually exclusive."
            )
        self.model_name = model_name
'''


def test_one_of_two_arguments_to_give_is_one_piece_of_advice(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/migrations/operations/models.py": OPERATIONS})
    entry = cards["RenameIndex requires one of old_name and old_fields arguments to be set."]
    assert entry.generated["solutions"] == [
        "Pass one of `old_name` and `old_fields` to `RenameIndex()`, with a value that is neither empty nor false."
    ]


def test_the_same_advice_for_two_methods_is_one_piece_of_advice(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/test/client.py": CLIENT})
    solutions = cards["query_params and data arguments are mutually exclusive."].generated["solutions"]
    assert solutions == [
        "Pass a true value for at most one of `query_params` and `data` to `RequestFactory.get()` or "
        "`RequestFactory.head()`."
    ]

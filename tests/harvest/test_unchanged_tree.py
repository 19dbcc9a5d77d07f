"""A harvest of a tree it has harvested before: nothing written when nothing changed, and only what changed written
when one file did, with what other files tell about it (an exception class's own wording) read again."""

import io

import pytest
from django.core.management import call_command

from kb.harvest import Target, harvest
from kb.models import ErrorEntry, HarvestState, RaiseSite

ERRORS = """
class NotFound(Exception):
    def __init__(self, name):
        super().__init__(f"No item named {name}")
"""
VIEWS = """
from shop.errors import NotFound

ITEMS = {}


def get(name):
    if name not in ITEMS:
        raise NotFound(name)
    return ITEMS[name]
"""
PAYMENTS = """
def pay(amount):
    if amount < 0:
        raise ValueError("Negative amount")
"""


def run(repo) -> str:
    out = io.StringIO()
    call_command("harvest", str(repo.root), "--repo", "acme/shop", "--no-progress", stdout=out)
    return out.getvalue()


def target(repo, **options) -> Target:
    return Target(root=repo.root, owner="acme", name="shop", commit=repo.head, **options)


def written() -> tuple[int, int, list]:
    """Every trace a write leaves: history rows, and each entry's last update."""
    updated = sorted(ErrorEntry.objects.values_list("signature", "updated_at"))
    return ErrorEntry.history.count(), RaiseSite.history.count(), updated


@pytest.fixture
def shop(db, git_repo):
    git_repo.write("shop/__init__.py", "")
    git_repo.write("shop/errors.py", ERRORS)
    git_repo.write("shop/views.py", VIEWS)
    git_repo.write("shop/payments.py", PAYMENTS)
    git_repo.head = git_repo.commit("v1")
    run(git_repo)
    return git_repo


def test_the_same_tree_again_is_read_no_further_than_its_hashes_and_nothing_is_written(
    shop, django_assert_max_num_queries
):
    before = written()
    with django_assert_max_num_queries(5):
        result = harvest(target=target(shop), progress=False)
    assert result.unchanged_since is not None
    assert result.outcome.unchanged == 2 and not result.outcome.changed
    assert written() == before


def test_the_summary_of_an_unchanged_tree_keeps_the_evidence_figures(shop):
    first = run(shop)
    again = run(shop)
    assert "nothing written" in again and "entries: 0 new, 0 updated, 2 unchanged" in again
    assert first.split("evidence, of")[1] == again.split("evidence, of")[1]


def test_a_changed_file_is_harvested_with_what_other_files_say_and_the_others_entries_are_not_rewritten(shop):
    untouched = ErrorEntry.objects.get(signature="Negative amount")
    untouched_history = untouched.history.count()
    hashes = HarvestState.objects.get().files
    shop.write("shop/errors.py", ERRORS.replace("No item named", "No product named"))
    shop.head = shop.commit("v2")
    output = run(shop)
    assert "entries: 0 new, 1 updated, 1 unchanged" in output
    # The raise is in views.py, which did not change: its wording comes from errors.py, which did.
    assert ErrorEntry.objects.filter(signature="No product named {name}").exists()
    assert not ErrorEntry.objects.filter(signature="No item named {name}").exists()
    kept = ErrorEntry.objects.get(pk=untouched.pk)
    assert (kept.updated_at, kept.history.count()) == (untouched.updated_at, untouched_history)
    changed = {path for path, content in HarvestState.objects.get().files.items() if hashes[path] != content}
    assert changed == {"shop/errors.py"}


def test_a_curators_edit_since_the_last_harvest_makes_the_next_one_read_the_tree_again(shop):
    entry = ErrorEntry.objects.get(signature="Negative amount")
    entry.meaning = "A refund was sent as a payment."
    entry.save()
    assert harvest(target=target(shop), progress=False).unchanged_since is None
    assert harvest(target=target(shop), progress=False).unchanged_since is not None


def test_other_options_read_the_tree_again(shop):
    assert harvest(target=target(shop, excludes=("shop/payments.py",)), progress=False).unchanged_since is None

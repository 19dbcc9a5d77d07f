"""A private function a module publishes under another name is told from that name (review round 1, D4): Django's
`path = partial(_path, Pattern=RoutePattern)` makes `path()` the entry point of `_path`'s errors; and no advice is
drawn from an `else` whose `if` raises an error of its own (passing a `View` instance raises the other one)."""

import io
from pathlib import Path

import django
import pytest
from django.core.management import call_command

from kb.models import ErrorEntry

DJANGO = Path(django.__file__).parent
INSTANCE = "view must be a callable, pass {view_cls_name}.as_view(), not {view_cls_name}()."
NOT_CALLABLE = "view must be a callable or a list/tuple in the case of include()."


@pytest.fixture
def cards(db, git_repo) -> dict[str, dict]:
    git_repo.write("django/urls/conf.py", (DJANGO / "urls/conf.py").read_text())
    git_repo.commit("django")
    call_command(
        "harvest", str(git_repo.root), "--repo", "django/django", "--no-progress", "--publish", stdout=io.StringIO()
    )
    return {entry.message: entry.generated for entry in ErrorEntry.objects.all()}


def test_a_partial_of_a_private_function_is_its_entry_point(cards):
    assert cards[INSTANCE]["meaning"].startswith(
        "Calling `path()` raises this (from `_path`) when the `view` argument is not an instance of `list` or "
        "`tuple` and the `view` argument is not callable and the `view` argument is an instance of `View`, unless "
        "`_path` raises another error first."
    )
    assert "- reached from `re_path()`" in cards[INSTANCE]["situations"]


def test_no_advice_comes_from_an_else_whose_if_raises_another_error(cards):
    # Not "Pass a `View` as `view` to `path()`.": only the rule the message states.
    assert [
        s.startswith("Meet what the message requires: “view must be a callable")
        for s in cards[NOT_CALLABLE]["solutions"]
    ] == [True]

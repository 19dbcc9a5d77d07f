"""A test whose asserted text is only a stretch several messages share says which of them it raises for none
(review round 1, card 07): Django's `test_noncallable_view` asserts "view must be a callable", the start of both
of `_path`'s messages, and raises the other one; it is not shown on the card of "…, pass X.as_view(), not X()."."""

import io
from pathlib import Path

import django
import pytest
from django.core.management import call_command

from kb.models import ErrorEntry

DJANGO = Path(django.__file__).parent
TREES = Path(__file__).parent / "trees"
INSTANCE = "view must be a callable, pass {view_cls_name}.as_view(), not {view_cls_name}()."


@pytest.fixture
def tests_of(db, git_repo) -> dict[str, list[str]]:
    git_repo.write("django/urls/conf.py", (DJANGO / "urls/conf.py").read_text())
    git_repo.write("tests/urlpatterns/tests.py", (TREES / "django_urlpatterns_tests.py.txt").read_text())
    git_repo.write(
        "tests/urlpatterns_reverse/tests.py", (TREES / "django_urlpatterns_reverse_tests.py.txt").read_text()
    )
    git_repo.commit("django")
    call_command(
        "harvest", str(git_repo.root), "--repo", "django/django", "--no-progress", "--publish", stdout=io.StringIO()
    )
    return {e.message: [t["name"] for t in e.evidence.get("tests", [])] for e in ErrorEntry.objects.all()}


def test_the_test_of_the_whole_message_is_kept(tests_of):
    assert tests_of[INSTANCE] == ["SimplifiedURLTests.test_invalid_view_instance"]


def test_a_shared_start_of_two_messages_triggers_neither(tests_of):
    assert all("ErroneousViewTests.test_noncallable_view" not in names for names in tests_of.values())

"""How to trigger it keeps what makes the call raise (review round 1, D6): Django's own test builds the queryset
before `list(qs)` raises, so the card shows the test from its start to that call (without its docstring and
what follows), not `list(qs)` alone; a class the test defines comes with the call that uses it."""

import io
from pathlib import Path

import django
import pytest
from django.core.management import call_command

from kb.models import ErrorEntry

DJANGO = Path(django.__file__).parent
TREES = Path(__file__).parent / "trees"
PREFETCH = (
    "'{prefetch_through}' does not resolve to an item that supports prefetching - this is an invalid parameter "
    "to prefetch_related()."
)


@pytest.fixture
def shown(db, git_repo) -> str:
    git_repo.write("django/db/models/query.py", (DJANGO / "db/models/query.py").read_text())
    git_repo.write("tests/prefetch_related/tests.py", (TREES / "django_prefetch_related_tests.py.txt").read_text())
    git_repo.commit("django")
    call_command(
        "harvest", str(git_repo.root), "--repo", "django/django", "--no-progress", "--publish", stdout=io.StringIO()
    )
    return ErrorEntry.objects.get(message=PREFETCH).generated["how_to_trigger"]


def test_the_call_comes_with_the_lines_that_build_what_it_reads(shown):
    assert 'qs = Book.objects.prefetch_related("authors__name")' in shown
    assert 'qs = Book.objects.prefetch_related("authors__name")\n    list(qs)\n```' in shown


def test_what_follows_the_raising_call_is_left_out(shown):
    assert "self.assertIn" not in shown


def test_a_class_the_test_defines_comes_with_the_call(db, git_repo):
    git_repo.write("django/urls/conf.py", (DJANGO / "urls/conf.py").read_text())
    git_repo.write("tests/urlpatterns/tests.py", (TREES / "django_urlpatterns_tests.py.txt").read_text())
    git_repo.commit("django")
    call_command(
        "harvest", str(git_repo.root), "--repo", "django/django", "--no-progress", "--publish", stdout=io.StringIO()
    )
    message = "view must be a callable, pass {view_cls_name}.as_view(), not {view_cls_name}()."
    shown = ErrorEntry.objects.get(message=message).generated["how_to_trigger"]
    assert "class EmptyCBV(View):" in shown
    assert 'path("foo", EmptyCBV())' in shown

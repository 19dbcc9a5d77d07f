"""An example fix from a real Django test (issue 29, §3): the failing call the test makes, and the same call with
the argument the deciding test reads changed to a value that passes it, whether the test passes it by keyword or
by position (`int_to_base36(-1)`, raised while `i < 0`: `int_to_base36(0)`)."""

import io
from pathlib import Path

import django
import pytest
from django.core.management import call_command

from kb.models import ErrorEntry

DJANGO = Path(django.__file__).parent
TREES = Path(__file__).parent / "trees"


@pytest.fixture
def cards(db, git_repo) -> dict[str, dict]:
    git_repo.write("django/utils/http.py", (DJANGO / "utils/http.py").read_text())
    git_repo.write("tests/utils_tests/test_http.py", (TREES / "django_utils_test_http.py.txt").read_text())
    git_repo.commit("django")
    call_command(
        "harvest", str(git_repo.root), "--repo", "django/django", "--no-progress", "--publish", stdout=io.StringIO()
    )
    return {entry.message: entry.generated for entry in ErrorEntry.objects.all()}


def test_an_argument_passed_by_position_is_changed_in_the_example_fix(cards):
    fix = cards["Negative base36 conversion input."]["example_fix"]
    assert "# before: raises\nint_to_base36(-1)\n# after\nint_to_base36(0)" in fix

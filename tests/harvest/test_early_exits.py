"""The early exits right above a raise are part of when it happens (review round 1, card 06): Django's
`get_child_arguments()` raises "Script … does not exist." only when `sys.argv[0]`, its `.exe` and its
`-script.py` are all missing, and the part of an outer test those exits rule out is not offered as a way there."""

import io
from pathlib import Path

import django
import pytest
from django.core.management import call_command

from kb.models import ErrorEntry

DJANGO = Path(django.__file__).parent
SCRIPT = "Script {py_script} does not exist."


@pytest.fixture
def card(db, git_repo) -> dict:
    git_repo.write("django/utils/autoreload.py", (DJANGO / "utils/autoreload.py").read_text())
    git_repo.commit("django")
    call_command(
        "harvest", str(git_repo.root), "--repo", "django/django", "--no-progress", "--publish", stdout=io.StringIO()
    )
    return ErrorEntry.objects.get(message=SCRIPT).generated


def test_the_early_returns_above_the_raise_are_said_with_its_condition(card):
    assert card["meaning"].startswith(
        "Calling `get_child_arguments()` raises this when `py_script.exists()` is false and "
        "`exe_entrypoint.exists()` is false and `script_entrypoint.exists()` is false (`py_script` is "
        "`Path(sys.argv[0])`; `exe_entrypoint` is "
        "`py_script.with_suffix('.exe')`;"
    )


def test_a_part_of_an_or_that_an_early_return_rules_out_is_not_offered(card):
    assert "- `getattr(__main__, '__spec__', None)` is `None` (line 240)" in card["trigger"]
    assert "`exe_entrypoint.exists()` is true" not in card["trigger"]

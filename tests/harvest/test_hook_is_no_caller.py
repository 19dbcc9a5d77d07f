"""A hook the raising function calls (`WeekMixin.get_week_format()`, read by `_get_weekday`) is not what raises
the error nor a way to reach it: the card neither says "`get_week_format()` raises this" nor "reached from" it,
and still tells what the hook must return (issue 29, round 6's card 16)."""

import io
from pathlib import Path

import django
from django.core.management import call_command

from kb.models import ErrorEntry


def test_a_hook_the_raising_method_calls_is_never_said_to_raise(db, git_repo):
    source = Path(django.__file__).parent / "views/generic/dates.py"
    git_repo.write("django/views/generic/dates.py", source.read_text())
    git_repo.commit("django/django")
    call_command(
        "harvest", str(git_repo.root), "--repo", "django/django", "--no-progress", "--publish", stdout=io.StringIO()
    )
    card = next(e for e in ErrorEntry.objects.all() if e.message.startswith("unknown week format")).generated
    said = card.get("meaning", "") + card.get("trigger", "")
    assert "`WeekMixin.get_week_format()` raises" not in said
    assert "Get a week format string" not in said  # the hook's docstring is not the raiser's
    assert "reached from `WeekMixin.get_week_format()`" not in card.get("situations", "")
    assert any("`WeekMixin.get_week_format()`" in solution for solution in card["solutions"])

"""A name bound on two branches, one by unpacking (`module_name, _, name = path.rpartition(".")` when a `path`
is given, `name = obj.__class__.__name__` otherwise: django/utils/deconstruct.py), is not said by the one
branch's value: the card says nothing of it rather than half (issue 29, round 6's card 12)."""

import io
from pathlib import Path

import django
from django.core.management import call_command

from kb.models import ErrorEntry


def test_a_placeholder_bound_on_two_branches_is_not_said_by_one(db, git_repo):
    source = Path(django.__file__).parent / "utils/deconstruct.py"
    git_repo.write("django/utils/deconstruct.py", source.read_text())
    git_repo.commit("django/django")
    call_command(
        "harvest", str(git_repo.root), "--repo", "django/django", "--no-progress", "--publish", stdout=io.StringIO()
    )
    card = next(e for e in ErrorEntry.objects.all() if e.message.startswith("Could not find object")).generated
    said = "\n".join(str(value) for value in card.values())
    assert "obj.__class__.__name__" not in said
    assert "obj.__module__" not in said

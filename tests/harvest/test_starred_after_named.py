"""A count of an entry point's `*classes` behind a named positional parameter (`f(converter, *classes)`) is said
as a count of `classes`, not of all positional arguments: `f(c, A)` passes two and still raises (issue 29)."""

import io

from django.core.management import call_command

from kb.models import ErrorEntry

MODULE = '''
def make_dispatch(converter, *classes):
    """Given classes, build a function that tells them apart."""
    if len(classes) < 2:
        raise ValueError("At least two classes required.")
    return converter


class Registry:
    def register(self, name, *handlers):
        """Register handlers under a name."""
        if not handlers:
            raise ValueError("No handler to register.")
'''


def harvest(db, git_repo) -> dict[str, dict]:
    git_repo.write("dispatch/core.py", MODULE)
    git_repo.commit("example/dispatch")
    call_command(
        "harvest", str(git_repo.root), "--repo", "example/dispatch", "--no-progress", "--publish", stdout=io.StringIO()
    )
    return {entry.message: entry.generated for entry in ErrorEntry.objects.all()}


def test_a_count_of_star_arguments_after_a_named_one_names_them(db, git_repo):
    generated = harvest(db, git_repo)["At least two classes required."]
    assert generated["meaning"].startswith(
        "Calling `make_dispatch()` raises this when fewer than 2 `classes` (positional arguments after "
        "`converter`) are given."
    )
    assert generated["solutions"] == [
        "Pass at least 2 `classes` (positional arguments after `converter`) to `make_dispatch()`."
    ]


def test_no_star_arguments_after_a_named_one_leaves_out_self(db, git_repo):
    generated = harvest(db, git_repo)["No handler to register."]
    assert "no `handlers` (positional arguments after `name`) are given" in generated["meaning"]
    assert "Pass at least one positional argument after `name` to `Registry.register()`." in generated["solutions"]

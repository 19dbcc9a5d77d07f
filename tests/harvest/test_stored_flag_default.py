"""A truth test on `self.x`, stored from the constructor's `x`, reads by that parameter's default: with `True`
the card says "is true (the default)", never "is given", since calling the class with no arguments raises
(issue 29, round 6's card 23)."""

import io

from django.core.management import call_command

from kb.models import ErrorEntry

MODULE = '''
class Converter:
    def __init__(self, strict: bool = True, prefix=None, quiet=False):
        self.strict = strict
        self.prefix = prefix
        self.quiet = quiet

    def load(self, items):
        """Load the items."""
        if self.strict:
            raise ValueError("Strict loading refuses items.")
        if self.prefix:
            raise ValueError("A prefix is not supported.")
        if not self.quiet:
            raise ValueError("Loading is noisy.")
'''


def test_a_stored_flag_is_said_by_its_constructor_default(db, git_repo):
    git_repo.write("convert/core.py", MODULE)
    git_repo.commit("example/convert")
    call_command(
        "harvest", str(git_repo.root), "--repo", "example/convert", "--no-progress", "--publish", stdout=io.StringIO()
    )
    cards = {entry.message: entry.generated for entry in ErrorEntry.objects.all()}
    strict = cards["Strict loading refuses items."]["meaning"]
    assert "the `strict` argument of `Converter()` is true (the default)" in strict
    assert "is given" not in strict
    assert (
        "the `prefix` argument of `Converter()` is given and not empty"
        in cards["A prefix is not supported."]["meaning"]
    )
    assert "the `quiet` argument of `Converter()` is false (the default)" in cards["Loading is noisy."]["meaning"]

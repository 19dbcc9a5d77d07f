"""A local set from a hook the user overrides (`value = self.validate(value)` in DRF's `run_validation`) is said
as what that hook returns: "when the value your `Serializer.validate()` returns is `None`" (round 11's card 19,
which had no condition at all: the local is built on its own earlier value, so no one definition said it)."""

from pathlib import Path

from rest_framework import serializers

from tests.harvest.published import harvest_published


def test_the_hook_s_result_is_the_condition(db, git_repo) -> None:
    files = {"rest_framework/serializers.py": Path(serializers.__file__)}
    cards = harvest_published(git_repo, files, repo="encode/django-rest-framework")
    meaning = cards[".validate() should return the validated data"].generated["meaning"]
    assert meaning.startswith(
        "`Serializer.run_validation()` raises this when the value your `Serializer.validate()` returns is `None`, "
        "unless an earlier check in `Serializer.run_validation` exits first."
    )

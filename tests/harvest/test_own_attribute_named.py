"""A test on a public attribute of the object a method runs on (`self.allow_empty`) is said as that class's
attribute ("the `MultipleChoiceField`'s `allow_empty` is false") where nothing says more (its constructor's keyword
argument, where that sets it); before, the whole test was left out of the card. A private one (`self._fields`)
still is: it is nothing the reader set or can read."""

from pathlib import Path

from rest_framework import fields

from tests.harvest.published import django_files, harvest_published


def test_a_public_attribute_is_the_class_s(db, git_repo) -> None:
    files = {"rest_framework/fields.py": Path(fields.__file__)}
    cards = harvest_published(git_repo, files, repo="encode/django-rest-framework")
    assert (
        cards["This selection may not be empty."]
        .generated["meaning"]
        .startswith(
            # `self.allow_empty = kwargs.pop('allow_empty', True)` in its `__init__`: the keyword argument.
            "`MultipleChoiceField.to_internal_value()` raises this when the `allow_empty` argument of "
            "`MultipleChoiceField()` is "
            # `self.fail('not_a_list', ...)` above may raise first (a string is not a list): said since round 18.
            "false and the `data` argument is empty, unless an earlier check in "
            "`MultipleChoiceField.to_internal_value` exits first."
        )
    )


def test_a_private_attribute_is_not_named(db, git_repo) -> None:
    cards = harvest_published(git_repo, django_files("db/models/query.py"))
    for entry in cards.values():
        assert "`'s `_" not in "\n".join(str(value) for value in entry.generated.values())

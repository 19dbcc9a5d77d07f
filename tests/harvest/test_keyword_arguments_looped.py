"""A loop over the keyword arguments (`for name, value in options.items():` of `**options`) says its name by what
it walks, though only the loop reads the parameter (round 12's card 02: `settings.configure(foo="bar")`)."""

from tests.harvest.published import django_files, harvest_published


def test_a_name_from_the_keyword_arguments_is_said_as_one_of_their_names(db, git_repo) -> None:
    cards = harvest_published(git_repo, django_files("conf/__init__.py"))
    meaning = cards["Setting {name} must be uppercase."].generated["meaning"]
    assert "`LazySettings.configure()` raises this when" in meaning
    assert "`name` is the name of one of the keyword arguments it does not name" in meaning

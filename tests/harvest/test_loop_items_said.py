"""A name a `for` loop binds is said by what the loop walks: "one of the items of the `DISALLOWED_USER_AGENTS`
setting", "one of the values of the `data` argument" (`for key, value in data.items()`). Before, a test on it was
left out of the card, and with it the only condition that says when the error happens."""

from pathlib import Path

from rest_framework import renderers

from tests.harvest.published import django_files, harvest_published


def test_an_item_of_a_setting_the_loop_walks(db, git_repo) -> None:
    cards = harvest_published(git_repo, django_files("middleware/common.py"))
    assert (
        cards["Forbidden user agent"]
        .generated["meaning"]
        .startswith(
            "`CommonMiddleware.process_request()` raises this when `user_agent_regex.search(user_agent)` is true "
            "(`user_agent_regex` is one of the items of the `DISALLOWED_USER_AGENTS` setting;"
        )
    )


def test_a_value_of_an_argument_walked_by_items(db, git_repo) -> None:
    files = {"rest_framework/renderers.py": Path(renderers.__file__)}
    cards = harvest_published(git_repo, files, repo="encode/django-rest-framework")
    [entry] = [entry for message, entry in cards.items() if message.startswith("Test data contained a dictionary")]
    assert entry.generated["meaning"].startswith(
        "`MultiPartRenderer.render()` raises this when the `data` argument has a `.items` attribute and one of the "
        "values of the `data` argument is an instance of `dict`."
    )


def test_the_loop_s_marker_never_reaches_the_card(db, git_repo) -> None:
    cards = harvest_published(git_repo, django_files("contrib/gis/utils/layermapping.py"))
    for entry in cards.values():
        text = "\n".join(str(value) for value in entry.generated.values())
        assert "(a key of)" not in text and "(an item of)" not in text and "(a value of)" not in text
    trigger = cards['Given mapping field "{field_name}" not in given Model fields.'].generated["trigger"]
    assert "`field_name` is one of the keys of the `mapping` argument of `LayerMapping()`" in trigger


def test_an_attribute_of_a_loop_s_name_is_code_with_the_name_said_after(db, git_repo) -> None:
    cards = harvest_published(git_repo, django_files("db/migrations/migration.py"))
    [entry] = [e for m, e in cards.items() if m.endswith("is not reversible")]
    assert "(`operation` is one of the items of the `Migration`'s `operations`)" in entry.generated["meaning"]


def test_a_yes_or_no_attribute_that_is_a_noun_takes_its_article(db, git_repo) -> None:
    # `field.is_relation`: "the field is a relation", never "the field is relation".
    cards = harvest_published(git_repo, django_files("db/migrations/state.py"))
    [entry] = [e for m, e in cards.items() if m.endswith('.to" does. Use a string reference instead.')]
    assert "the field is a relation and" in entry.generated["meaning"]

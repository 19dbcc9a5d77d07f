"""A local that only renames a setting, a flag or an argument is said as what it names, in its place (issue 29,
§1): "the setting `MEDIA_URL` equals the `STATIC_URL` setting", not "equals `base_url` (`base_url` is
`settings.STATIC_URL`; `settings.STATIC_URL` is the `STATIC_URL` setting)"."""

from pathlib import Path

import django

from tests.harvest.published import harvest_published as harvest

DJANGO = Path(django.__file__).parent


def generated(git_repo, name: str, message: str) -> dict:
    """The generated sections of one message's card, harvested from one Django module."""
    cards = harvest(git_repo, {f"django/{name}": (DJANGO / name).read_text()})
    return dict(cards[message].generated)


def test_a_local_copy_of_a_setting_is_said_as_the_setting(db, git_repo):
    message = "The MEDIA_URL and STATIC_URL settings must have different values"
    meaning = generated(git_repo, "contrib/staticfiles/utils.py", message)["meaning"]
    assert "the setting `MEDIA_URL` equals the `STATIC_URL` setting" in meaning
    assert "`base_url`" not in meaning


def test_a_yes_or_no_feature_is_said_false_not_empty(db, git_repo):
    message = "This backend does not support window expressions."
    trigger = generated(git_repo, "db/models/expressions.py", message)["trigger"]
    assert "`connection.features.supports_over_clause` is false" in trigger
    assert "empty or false" not in trigger

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
    source = (
        "from django.conf import settings\n\n\n"
        "def check_urls():\n"
        "    base_url = settings.STATIC_URL\n"
        "    if settings.MEDIA_URL == base_url:\n"
        "        raise ValueError('The MEDIA_URL and STATIC_URL settings must differ here')\n"
    )
    cards = harvest(git_repo, {"staticlike/__init__.py": source}, "example/staticlike")
    meaning = cards["The MEDIA_URL and STATIC_URL settings must differ here"].generated["meaning"]
    assert "the setting `MEDIA_URL` equals the `STATIC_URL` setting" in meaning
    assert "`base_url`" not in meaning


def test_an_argument_that_falls_back_to_a_setting_is_not_said_to_be_the_setting(db, git_repo):
    """`check_settings(base_url=None)` sets `base_url = settings.STATIC_URL` only when none is given: a caller's
    own `base_url` reaches the test too (round 9: a branch's value is not all an argument holds)."""
    message = "The MEDIA_URL and STATIC_URL settings must have different values"
    meaning = generated(git_repo, "contrib/staticfiles/utils.py", message)["meaning"]
    assert "equals the `STATIC_URL` setting" not in meaning


def test_a_yes_or_no_feature_is_said_false_not_empty(db, git_repo):
    message = "This backend does not support window expressions."
    trigger = generated(git_repo, "db/models/expressions.py", message)["trigger"]
    assert "`connection.features.supports_over_clause` is false" in trigger
    assert "empty or false" not in trigger

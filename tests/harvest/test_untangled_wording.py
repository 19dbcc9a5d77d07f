"""Wording the generator tangled (review round 29, "E: tangled wording"): an idiom said as its arithmetic, a gloss
that restates a name's own rebinding, the same gloss on every bullet, two nested calls said as two that raised."""

import pytest

from tests.harvest.published import django_files, harvest_published

FILES = (
    "core/management/commands/loaddata.py",
    "core/management/commands/makemigrations.py",
    "contrib/gis/utils/layermapping.py",
    "db/migrations/state.py",
    "db/models/fields/composite.py",
    "db/models/indexes.py",
)


@pytest.fixture
def cards(db, git_repo) -> dict[str, dict]:
    return {message: entry.generated for message, entry in harvest_published(git_repo, django_files(*FILES)).items()}


def card(cards: dict[str, dict], words: str) -> dict:
    [found] = [generated for message, generated in cards.items() if words in message]
    return found


def test_a_setting_checked_for_repeats_is_said_to_hold_no_value_twice(cards):
    # loaddata.py:366, `if len(fixture_dirs) != len(set(fixture_dirs)): raise`, passed on the way to line 372.
    trigger = card(cards, "is a default fixture directory")["trigger"]
    assert "- the `FIXTURE_DIRS` setting holds no value more than once (line 366)" in trigger
    assert "items" not in trigger


def test_a_name_made_a_set_of_itself_is_not_glossed_by_that(cards):
    # makemigrations.py:127, `app_labels = set(app_labels)`, then `if not app_labels:` at line 221.
    generated = card(cards, "at least one app label when using --empty")
    assert "- `app_labels` is empty or false (line 221)" in generated["trigger"]
    assert "set(app_labels)" not in generated["meaning"] + generated["trigger"]


def test_a_local_is_glossed_on_the_first_bullet_that_names_it_only(cards):
    # layermapping.py:234-300: four bullets on `model_field`, its definition said on the first.
    trigger = card(cards, "cannot be mapped to Django")["trigger"]
    assert trigger.count("`model_field` is `self.model._meta.get_field(field_name)`") == 1
    assert "- `model_field` is not an instance of `models.ForeignKey` (line 272)" in trigger
    assert "`ogr_field` is `ogr_field_types[idx]`" in trigger


def test_a_call_inside_the_one_that_raised_is_not_said_apart(cards):
    # state.py:807-808, `try: fields.append((name, field.clone()))` / `except TypeError as e: raise TypeError(...)`.
    generated = card(cards, "Couldn't reconstruct field")
    assert (
        "- `fields.append((name, field.clone()))` raised `TypeError` (`name` is `field.name`)" in generated["trigger"]
    )
    assert "or `field.clone()`" not in generated["meaning"] + generated["trigger"]


def test_positional_arguments_said_to_hold_no_repeat_take_the_plural(cards):
    # composite.py:54-58, `or len(set(args)) != len(args)` passed on the way to line 61.
    meaning = card(cards, "CompositePrimaryKey must include at least two fields")["meaning"]
    assert "the positional arguments hold no value more than once" in meaning
    assert "`set(args)`" not in meaning


def test_two_arguments_counted_against_each_other_are_said_so(cards):
    # indexes.py:54, `if opclasses and len(fields) != len(opclasses): raise ValueError(...)`.
    trigger = card(cards, "Index.fields and Index.opclasses must have the same number")["trigger"]
    assert "the `fields` argument does not have as many items as the `opclasses` argument" in trigger
    assert "`len(opclasses)`" not in trigger


# django/db/backends/base/base.py:263-267 (Django 5.2.19), reduced.
CHECK_SETTINGS = """
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured


class BaseDatabaseWrapper:
    def __init__(self, settings_dict):
        self.settings_dict = settings_dict

    def check_settings(self):
        if self.settings_dict["TIME_ZONE"] is not None and not settings.USE_TZ:
            raise ImproperlyConfigured(
                "Connection '%s' cannot set TIME_ZONE because USE_TZ is False." % self.alias
            )
"""


def test_a_yes_or_no_setting_that_is_not_set_is_said_false(db, git_repo):
    [entry] = harvest_published(git_repo, {"django/db/backends/base/base.py": CHECK_SETTINGS}).values()
    assert "the setting `USE_TZ` is false" in entry.generated["trigger"]
    assert "`USE_TZ` is empty or false" not in str(entry.generated)


# django/db/models/base.py:480 (Django 5.2.19), `Model.__init__(self, *args, **kwargs)`, reduced: the fields counted
# are the class's own attribute here (Django reads them off `cls._meta`, which a card cannot say).
COUNTED_ARGUMENTS = """
class Model:
    concrete_fields = ()

    def __init__(self, *args, **kwargs):
        if len(args) > len(self.concrete_fields):
            # Daft, but matches old exception sans the err msg.
            raise IndexError("Number of args exceeds number of fields")
"""


def test_positional_arguments_counted_against_a_collection_are_said_as_how_many_are_given(db, git_repo):
    [entry] = harvest_published(git_repo, {"django/db/models/base.py": COUNTED_ARGUMENTS}).values()
    trigger = entry.generated["trigger"]
    assert (
        "- the number of positional arguments given is greater than the number of items in `Model.concrete_fields`"
        in trigger
    )
    assert "have more items than" not in trigger


def test_one_positional_argument_is_said_as_given_not_as_an_item(db, git_repo):
    # gdal/envelope.py:46-60, `if len(args) == 1:` then `isinstance(args[0], ...)` tests before the raise.
    found = harvest_published(git_repo, django_files("contrib/gis/gdal/envelope.py"))
    [trigger] = [
        entry.generated["trigger"] for message, entry in found.items() if "Incorrect type of argument" in message
    ]
    assert "exactly 1 positional argument is given" in trigger
    assert "have exactly 1 item" not in trigger

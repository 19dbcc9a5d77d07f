"""A module-level literal container is said by its items ("one of `'int'`, ...") only while no code changes it: not
its module's (tested beside, in test_module_level_names_said), nor another module's through an import of it or of its
module (django/contrib/gis/apps.py:13-16, 5.2.19, does `serializers.BUILTIN_SERIALIZERS.setdefault("geojson", ...)`
on a dict literal of django/core/serializers/__init__.py), nor through another name it is handed to (left from
session 15). A copy or a read elsewhere changes nothing."""

from tests.harvest.published import harvest_published
from tests.harvest.test_module_level_names_said import URL_CONVERTERS, card, sections

# Django 5.2.19 django/urls/converters.py:77-78, beside the part test_module_level_names_said reduces.
CONVERTERS = (
    URL_CONVERTERS
    + """

def get_converters():
    return {**DEFAULT_CONVERTERS, **REGISTERED_CONVERTERS}
"""
)

# Modeled on django/contrib/gis/apps.py:1-16 (5.2.19), which changes another dict literal so.
THROUGH_ITS_MODULE = """
from django.apps import AppConfig
from django.urls import converters


class GISConfig(AppConfig):
    def ready(self):
        converters.DEFAULT_CONVERTERS.setdefault("geo", converters.IntConverter())
"""

BY_ITS_NAME = """
from django.urls.converters import DEFAULT_CONVERTERS, IntConverter


def add_geo():
    DEFAULT_CONVERTERS["geo"] = IntConverter()
"""

THROUGH_AN_ALIAS = """

_ALL = DEFAULT_CONVERTERS


def add_geo():
    _ALL["geo"] = IntConverter()
"""

ONLY_READ = """
from django.urls import converters
from django.urls.converters import DEFAULT_CONVERTERS


def names():
    return sorted(DEFAULT_CONVERTERS) + [converters.DEFAULT_CONVERTERS["int"].regex]
"""

SAID = "the `type_name` argument is one of `'int'`, `'path'`, `'slug'`, `'str'` or `'uuid'`"


def said_with(git_repo, files: dict[str, str]) -> str:
    cards = harvest_published(git_repo, {"django/urls/__init__.py": "", **files})
    return sections(card(cards, "is already registered"))


def test_a_dict_another_module_changes_through_its_module_is_not_said_by_its_keys(db, git_repo) -> None:
    files = {"django/urls/converters.py": CONVERTERS, "django/contrib/gis/apps.py": THROUGH_ITS_MODULE}
    assert "`'int'`" not in said_with(git_repo, files)


def test_a_dict_another_module_changes_by_its_name_is_not_said_by_its_keys(db, git_repo) -> None:
    files = {"django/urls/converters.py": CONVERTERS, "django/contrib/gis/apps.py": BY_ITS_NAME}
    assert "`'int'`" not in said_with(git_repo, files)


def test_a_dict_changed_through_another_name_is_not_said_by_its_keys(db, git_repo) -> None:
    assert "`'int'`" not in said_with(git_repo, {"django/urls/converters.py": CONVERTERS + THROUGH_AN_ALIAS})


def test_a_dict_copied_and_read_elsewhere_is_still_said_by_its_keys(db, git_repo) -> None:
    files = {"django/urls/converters.py": CONVERTERS, "django/contrib/gis/apps.py": ONLY_READ}
    assert SAID in said_with(git_repo, files)

"""A parameter given a default by `if x is None: x = ...` at the function's top is the argument wherever it was
given: a test on it (or on the items a loop takes from it) is said as the argument, with the default named where
it is None. Before, the two definitions left the card unable to say either, and the card said no condition at all
(round 28's card 12: "Calling `KMLSitemap()` raises this"). So is one value made a list of one by `if
isinstance(x, T): x = [x]`: a loop over it walks the argument or its items."""

from pathlib import Path

from tests.harvest.published import harvest_published
from tests.harvest.test_messages import harvest_source

# django/contrib/gis/sitemaps/kml.py:15-50 (Django 5.2.19), reduced.
KML = """
from django.apps import apps
from django.db import models


class KMLSitemap:
    def __init__(self, locations=None):
        self.locations = self._build_kml_sources(locations)

    def _build_kml_sources(self, sources):
        kml_sources = []
        if sources is None:
            sources = apps.get_models()
        for source in sources:
            if isinstance(source, models.base.ModelBase):
                kml_sources.append(source)
            elif isinstance(source, (list, tuple)):
                if len(source) != 3:
                    raise ValueError(
                        "Must specify a 3-tuple of (app_label, module_name, field_name)."
                    )
                kml_sources.append(source)
            else:
                raise TypeError("KML Sources must be a model or a 3-tuple.")
        return kml_sources
"""

# django/contrib/admin/sites.py:89-120 (Django 5.2.19), reduced.
ADMIN_SITE = """
from django.core.exceptions import ImproperlyConfigured
from django.db.models.base import ModelBase


class AdminSite:
    def register(self, model_or_iterable, admin_class=None, **options):
        admin_class = admin_class or ModelAdmin
        if isinstance(model_or_iterable, ModelBase):
            model_or_iterable = [model_or_iterable]
        for model in model_or_iterable:
            if model._meta.abstract:
                raise ImproperlyConfigured(
                    "The model %s is abstract, so it cannot be registered with admin."
                    % model.__name__
                )
"""

# django/contrib/staticfiles/utils.py:42-60 (Django 5.2.19), reduced.
STATICFILES = '''
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured


def check_settings(base_url=None):
    """
    Check if the staticfiles settings have sane values.
    """
    if base_url is None:
        base_url = settings.STATIC_URL
    if not base_url:
        raise ImproperlyConfigured(
            "You're using the staticfiles app "
            "without having set the required STATIC_URL setting."
        )
'''


def test_a_default_filled_in_when_none_is_recorded_as_such(tmp_path: Path) -> None:
    found = harvest_source(tmp_path, STATICFILES).sites
    [site] = [s for s in found if "STATIC_URL setting" in s.message]
    rows = {row["code"]: row for row in site.evidence["definitions"] if row["name"] == "base_url"}
    assert rows["settings.STATIC_URL"].get("filled") is True
    assert "(the argument as given)" in rows


def test_a_default_filled_in_only_under_another_test_is_not(tmp_path: Path) -> None:
    # Where `strict` is false the argument stays None: the default is not what a None argument becomes.
    source = """
    def pick(items=None, strict=False):
        if strict:
            if items is None:
                items = []
        if not items:
            raise ValueError("No items")
    """
    [site] = harvest_source(tmp_path, source).sites
    assert not any(row.get("filled") for row in site.evidence["definitions"])


def test_the_items_of_an_argument_with_a_default_are_said_as_the_argument_s(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/gis/sitemaps/kml.py": KML})
    meaning = cards["Must specify a 3-tuple of (app_label, module_name, field_name)."].generated["meaning"]
    item = "one of the items of the `locations` argument (`apps.get_models()` where it is `None`)"
    # The enclosing `elif`'s `isinstance(source, models.base.ModelBase)` is said as written, not "among other
    # conditions" (`Reader.as_written`).
    assert meaning.startswith(
        f"Calling `KMLSitemap()` raises this (from `KMLSitemap._build_kml_sources`) when {item} is not an instance "
        f"of `models.base.ModelBase` and {item} is an instance of `list` or `tuple` and {item} does not have exactly "
        "3 items"
    )


def test_a_setting_as_the_default_is_named_as_the_setting(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/staticfiles/utils.py": STATICFILES})
    [entry] = [e for m, e in cards.items() if "STATIC_URL setting" in m]
    assert (
        "the `base_url` argument (the `STATIC_URL` setting where it is `None`) is empty or false"
        in entry.generated["meaning"]
    )


def test_a_single_value_made_a_list_is_walked_as_the_argument_or_its_items(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/admin/sites.py": ADMIN_SITE})
    [entry] = [e for m, e in cards.items() if "is abstract" in m]
    assert entry.generated["meaning"].startswith(
        "`AdminSite.register()` raises this when `model._meta.abstract` is true (`model` is the `model_or_iterable` "
        "argument or one of its items)"
    )


def test_a_value_made_a_list_under_another_test_is_not_walked_as_the_argument(tmp_path: Path) -> None:
    # `isinstance(x, T) or flag` may have wrapped a list in a list: its items are no longer the argument's.
    source = """
    def register(models, flag=False):
        if isinstance(models, type) or flag:
            models = [models]
        for model in models:
            if model is None:
                raise ValueError("No model")
    """
    [site] = harvest_source(tmp_path, source).sites
    assert not any(row.get("wrapped") for row in site.evidence["definitions"])

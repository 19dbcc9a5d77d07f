"""A raise on a public class attribute the class body leaves empty (`template_name = None`) is fixed where the user's
subclass declares it (issue 29): "Set `template_name` on your subclass of `TemplateResponseMixin`, or override
`get_template_names()`.". The override only where the message names the raising method; never for an attribute a
constructor sets from its argument, a private one, or a test the class's literal does not meet."""

import pytest

from tests.harvest.published import harvest_published

# django/views/generic/base.py:184-218 and django/contrib/auth/views.py:66-73 (Django 5.2.19), reduced: the library's
# own subclasses declare `template_name` in their bodies, so its literal was "varied" and no solution was written.
BASE = '''
class ImproperlyConfigured(Exception):
    pass


class TemplateResponseMixin:
    """A mixin that can be used to render a template."""

    template_name = None

    def get_template_names(self):
        if self.template_name is None:
            raise ImproperlyConfigured(
                "TemplateResponseMixin requires either a definition of "
                "'template_name' or an implementation of 'get_template_names()'"
            )
        else:
            return [self.template_name]


class TemplateView(TemplateResponseMixin):
    pass
'''
VIEWS = """
from django.views.generic.base import TemplateView


class LoginView(TemplateView):
    template_name = "registration/login.html"
"""
# rest_framework/generics.py:24-35, 116-132 (DRF 3.18.3), reduced: an `assert` on the class attribute.
GENERICS = """
class GenericAPIView:
    serializer_class = None

    def get_serializer_class(self):
        assert self.serializer_class is not None, (
            "'%s' should either include a `serializer_class` attribute, "
            "or override the `get_serializer_class()` method."
            % self.__class__.__name__
        )
        return self.serializer_class
"""
# django/views/generic/dates.py:237-245 (Django 5.2.19), reduced: the message names no method to override.
DATES = """
class ImproperlyConfigured(Exception):
    pass


class DateMixin:
    date_field = None

    def get_date_field(self):
        if self.date_field is None:
            raise ImproperlyConfigured(
                "%s.date_field is required." % self.__class__.__name__
            )
        return self.date_field
"""
# django/contrib/staticfiles/storage.py:454-457, 511-520 (Django 5.2.19), reduced: the literal is `True` and the test
# raises on it; a private attribute and a constructor's argument, after django/core/files/storage/filesystem.py.
STORAGE = """
class ManifestFilesMixin:
    manifest_strict = True
    _location = None

    def __init__(self, base_url=None):
        self.base_url = base_url

    def stored_name(self, name):
        if self.manifest_strict:
            raise ValueError("Missing staticfiles manifest entry for '%s'" % name)
        return name

    def path(self, name):
        if not self._location:
            raise ValueError("This file storage has no location.")
        return name

    def url(self, name):
        if self.base_url is None:
            raise ValueError("This file is not accessible via a URL.")
        return name
"""
TEMPLATE = (
    "TemplateResponseMixin requires either a definition of 'template_name' or an implementation of "
    "'get_template_names()'"
)
SERIALIZER = (
    "'{class_name}' should either include a `serializer_class` attribute, or override the `get_serializer_class()` "
    "method."
)


@pytest.mark.django_db
def test_an_attribute_left_empty_is_set_on_the_users_subclass(git_repo) -> None:
    entries = harvest_published(
        git_repo,
        {
            "django/views/generic/base.py": BASE,
            "django/contrib/auth/views.py": VIEWS,
            "django/views/generic/dates.py": DATES,
            "rest_framework/generics.py": GENERICS,
        },
    )
    assert (
        "Set `template_name` on your subclass of `TemplateResponseMixin`, or override `get_template_names()`."
        in entries[TEMPLATE].generated.get("solutions", [])
    )
    # An `assert` that fails on the class's `None`.
    assert (
        "Set `serializer_class` on your subclass of `GenericAPIView`, or override `get_serializer_class()`."
        in entries[SERIALIZER].generated.get("solutions", [])
    )
    # No method named by the message: nothing said of overriding one.
    assert entries["{class_name}.date_field is required."].generated.get("solutions") == [
        "Set `date_field` on your subclass of `DateMixin`."
    ]


@pytest.mark.django_db
def test_no_such_advice_where_the_class_literal_is_no_empty_default(git_repo) -> None:
    entries = harvest_published(git_repo, {"django/contrib/staticfiles/storage.py": STORAGE})
    said = [
        solution
        for entry in entries.values()
        for solution in entry.generated.get("solutions", [])
        if "on your subclass of" in solution
    ]
    # `True` raises (setting it is no fix), `_location` is private, `base_url` is the constructor's argument.
    assert said == []

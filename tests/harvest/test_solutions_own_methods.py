"""Solutions where round 31's cards had none (its point 4, cards 02 and 19): a public predicate of the raising class
to check first, and a method whose `None` result the message names."""

from tests.harvest.published import harvest_published, solutions

# Django 5.2.19 django/contrib/admin/sites.py:93-166 (AdminSite.register, unregister, is_registered), reduced to
# the registry; django/conf/__init__.py:185-210 (Settings.__init__, is_overridden), reduced to one setting.
SITES = """
from django.contrib.admin.exceptions import AlreadyRegistered, NotRegistered
from django.db.models.base import ModelBase


class AdminSite:
    def __init__(self, name="admin"):
        self._registry = {}
        self.name = name

    def register(self, model_or_iterable, admin_class=None, **options):
        \"\"\"
        Register the given model(s) with the given admin class.

        If a model is already registered, raise AlreadyRegistered.
        \"\"\"
        if isinstance(model_or_iterable, ModelBase):
            model_or_iterable = [model_or_iterable]
        for model in model_or_iterable:
            if self.is_registered(model):
                raise AlreadyRegistered("The model %s is already registered" % model.__name__)
            self._registry[model] = admin_class

    def unregister(self, model_or_iterable):
        \"\"\"
        Unregister the given model(s).

        If a model isn't already registered, raise NotRegistered.
        \"\"\"
        if isinstance(model_or_iterable, ModelBase):
            model_or_iterable = [model_or_iterable]
        for model in model_or_iterable:
            if not self.is_registered(model):
                raise NotRegistered("The model %s is not registered" % model.__name__)
            del self._registry[model]

    def is_registered(self, model):
        \"\"\"
        Check if a model class is registered with this `AdminSite`.
        \"\"\"
        return model in self._registry


class Settings:
    def __init__(self, settings_module):
        self._explicit_settings = set()
        self.SETTINGS_MODULE = settings_module
        if self.is_overridden("FORMS_URLFIELD_ASSUME_HTTPS"):
            raise ValueError("The FORMS_URLFIELD_ASSUME_HTTPS transitional setting is deprecated.")

    def is_overridden(self, setting):
        return setting in self._explicit_settings
"""


def test_a_public_predicate_the_test_calls_is_checked_first(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/admin/sites.py": SITES})
    assert solutions(cards, "is not registered") == [
        "Check `AdminSite.is_registered()` before calling `AdminSite.unregister()`: this is raised where it returns"
        " false."
    ]
    assert solutions(cards, "is already registered") == [
        "Check `AdminSite.is_registered()` before calling `AdminSite.register()`: this is raised where it returns true."
    ]


def test_no_predicate_is_checked_first_where_a_constructor_raises(db, git_repo) -> None:
    # The reader writes `Settings(...)` nowhere: `settings` is made for them, with no moment to check first.
    cards = harvest_published(git_repo, {"django/contrib/admin/sites.py": SITES})
    assert not any("is_overridden" in said for said in solutions(cards, "transitional setting"))


# DRF 3.18.3 rest_framework/permissions.py:218-229 (DjangoModelPermissions._queryset, has_permission), reduced;
# rest_framework/schemas/views.py:30-33 (SchemaView.get), reduced: a `None` result the message does not name.
PERMISSIONS = """
from rest_framework import exceptions


class DjangoModelPermissions:
    def _queryset(self, view):
        assert hasattr(view, 'get_queryset') \\
            or getattr(view, 'queryset', None) is not None, (
            'Cannot apply {} on a view that does not set '
            '`.queryset` or have a `.get_queryset()` method.'
        ).format(self.__class__.__name__)

        if hasattr(view, 'get_queryset'):
            queryset = view.get_queryset()
            assert queryset is not None, (
                f'{view.__class__.__name__}.get_queryset() returned None'
            )
            return queryset
        return view.queryset

    def has_permission(self, request, view):
        queryset = self._queryset(view)
        return bool(queryset)


class SchemaView:
    def get(self, request, *args, **kwargs):
        schema = self.schema_generator.get_schema(request, self.public)
        if schema is None:
            raise exceptions.PermissionDenied("No schema for this request.")
        return schema
"""


def test_a_method_whose_none_result_the_message_names_is_made_to_return_one(db, git_repo) -> None:
    cards = harvest_published(
        git_repo, {"rest_framework/permissions.py": PERMISSIONS}, repo="encode/django-rest-framework"
    )
    assert solutions(cards, "returned None") == ["Make `get_queryset()` return a value other than `None`."]
    assert not any("get_schema" in said for said in solutions(cards, "No schema"))


# DRF 3.18.3 rest_framework/versioning.py:1-47 (BaseVersioning, AcceptHeaderVersioning), reduced: the version the
# predicate is given is parsed from the request inside `determine_version()` (round 34's card 17). `Ours` is ours:
# the same predicate given the method's own parameter, which its caller has before the call.
VERSIONING = """
from django.utils.translation import gettext_lazy as _

from rest_framework import exceptions
from rest_framework.compat import unicode_http_header
from rest_framework.settings import api_settings
from rest_framework.utils.mediatypes import _MediaType


class BaseVersioning:
    default_version = api_settings.DEFAULT_VERSION
    allowed_versions = api_settings.ALLOWED_VERSIONS
    version_param = api_settings.VERSION_PARAM

    def is_allowed_version(self, version):
        if not self.allowed_versions:
            return True
        return ((version is not None and version == self.default_version) or
                (version in self.allowed_versions))


class AcceptHeaderVersioning(BaseVersioning):
    invalid_version_message = _('Invalid version in "Accept" header.')

    def determine_version(self, request, *args, **kwargs):
        media_type = _MediaType(request.accepted_media_type)
        version = media_type.params.get(self.version_param, self.default_version)
        version = unicode_http_header(version)
        if not self.is_allowed_version(version):
            raise exceptions.NotAcceptable(self.invalid_version_message)
        return version


class Ours(BaseVersioning):
    def use(self, version):
        if not self.is_allowed_version(version):
            raise exceptions.NotAcceptable("Version not allowed.")
        return version
"""


def test_no_predicate_is_checked_first_on_a_value_the_method_computes(db, git_repo) -> None:
    cards = harvest_published(
        git_repo, {"rest_framework/versioning.py": VERSIONING}, repo="encode/django-rest-framework"
    )
    assert not any("is_allowed_version" in said for said in solutions(cards, 'Invalid version in "Accept" header'))
    assert solutions(cards, "Version not allowed") == [
        "Check `Ours.is_allowed_version()` before calling `Ours.use()`: this is raised where it returns false."
    ]

"""A local set from a call of a public method of the object the raising method runs on (`app_list =
self.get_app_list(request, app_label)`, then `if not app_list: raise Http404(...)`) is said as what that method
returns: "the value `AdminSite.get_app_list()` returns is empty or false". Before, the card said no condition at all:
`self.get_app_list` is no attribute the card can name, so the local's definition could not stand for it. A private
method, or a method of another object, still says nothing."""

from tests.harvest.published import harvest_published

# django/contrib/admin/sites.py:541-583 (Django 5.2.19), reduced.
SITES = '''
class Http404(Exception):
    pass


class AdminSite:
    def get_app_list(self, request, app_label=None):
        """
        Return a sorted list of all the installed apps that have been
        registered in this site.
        """
        app_dict = self._build_app_dict(request, app_label)
        return sorted(app_dict.values(), key=lambda x: x["name"].lower())

    def app_index(self, request, app_label, extra_context=None):
        app_list = self.get_app_list(request, app_label)

        if not app_list:
            raise Http404("The requested admin page does not exist.")
        return app_list
'''
# django/contrib/auth/admin.py:155-167 and django/contrib/admin/options.py:885-900 (Django 5.2.19), reduced: a
# call inside the call's arguments.
USER_ADMIN = """
class Http404(Exception):
    pass


def unquote(s):
    return s


class UserAdmin:
    def get_object(self, request, object_id, from_field=None):
        queryset = self.get_queryset(request)
        try:
            return queryset.get(pk=object_id)
        except (queryset.model.DoesNotExist, ValueError):
            return None

    def user_change_password(self, request, id, form_url=""):
        user = self.get_object(request, unquote(id))
        if user is None:
            raise Http404("The user object with this primary key does not exist.")
        return user
"""
# django/middleware/csrf.py:349-362 (Django 5.2.19), reduced: a private method, which the reader cannot call.
CSRF = """
class RejectRequest(Exception):
    pass


class CsrfViewMiddleware:
    def _get_secret(self, request):
        return request.COOKIES.get("csrftoken")

    def check_token(self, request):
        csrf_secret = self._get_secret(request)
        if csrf_secret is None:
            raise RejectRequest("CSRF cookie not set.")
"""


def test_a_public_method_s_result_is_the_condition(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/admin/sites.py": SITES})
    trigger = cards["The requested admin page does not exist."].generated["trigger"]
    assert "- the value `AdminSite.get_app_list()` returns is empty or false (line 17)" in trigger


def test_the_method_s_arguments_may_be_calls_themselves(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/auth/admin.py": USER_ADMIN})
    trigger = cards["The user object with this primary key does not exist."].generated["trigger"]
    assert "- the value `UserAdmin.get_object()` returns is `None`" in trigger


def test_a_private_method_s_result_says_nothing(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/middleware/csrf.py": CSRF})
    card = cards["CSRF cookie not set."].generated
    assert card["meaning"] == "`CsrfViewMiddleware.check_token()` raises this."
    assert "\n- " not in card.get("trigger", "")


# django/contrib/gis/db/models/fields.py:191-241 (Django 5.2.19), reduced: the call may raise an error a handler
# keeps, and the local still holds the `None` set before it.
SPATIAL = """
class DisallowedRasterLookup(Exception):
    pass


class BaseSpatialField:
    def get_raster_prep_value(self, value, is_candidate):
        if is_candidate:
            raise DisallowedRasterLookup("no raster")
        return value

    def get_prep_value(self, obj):
        is_candidate = isinstance(obj, (bytes, str))
        raster = None
        blocked_err = None
        try:
            raster = self.get_raster_prep_value(obj, is_candidate)
        except DisallowedRasterLookup as err:
            blocked_err = err
        if raster:
            obj = raster
        else:
            raise ValueError("Cannot use object with this type for a spatial lookup parameter.")
        return obj
"""
# rest_framework/serializers.py:1224-1248 (DRF 3.18.3), reduced: the loop around the test takes items out of the
# local after it, so a second pass reads what is left of the method's value, not all of it.
FIELD_NAMES = """
class ModelSerializer:
    def get_default_field_names(self, declared_fields, model_info):
        return [model_info.pk.name] + list(declared_fields)

    def get_field_names(self, declared_fields, info):
        exclude = getattr(self.Meta, "exclude", None)
        fields = self.get_default_field_names(declared_fields, info)
        if exclude is not None:
            for field_name in exclude:
                assert field_name in fields, (
                    "The field was included on serializer in the 'exclude' option, but does not match any model field."
                )
                fields.remove(field_name)
        return fields
"""


def test_a_call_a_handler_may_have_cut_short_says_nothing_of_its_value(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/gis/db/models/fields.py": SPATIAL})
    card = cards["Cannot use object with this type for a spatial lookup parameter."].generated
    assert "get_raster_prep_value" not in card["meaning"] + card.get("trigger", "")


def test_a_value_a_loop_changes_after_the_test_says_nothing_of_the_call(db, git_repo) -> None:
    files = {"rest_framework/serializers.py": FIELD_NAMES}
    cards = harvest_published(git_repo, files, repo="encode/django-rest-framework")
    card = cards["The field was included on serializer in the 'exclude' option, but does not match any model field."]
    assert "get_default_field_names" not in card.generated["meaning"] + card.generated.get("trigger", "")


# django/forms/fields.py:933-952 (Django 5.2.19), reduced: the raise is in the `except` of the call, so the call
# returned nothing there and `value` is still the argument; first as written (`coerce` is a function the field is
# given), then made up with `coerce` a method of the class.
TYPED_CHOICE = """
class ValidationError(Exception):
    def __init__(self, message, code=None, params=None):
        super().__init__(message % params)


class TypedChoiceField:
    def __init__(self, *, coerce=lambda val: val, empty_value=""):
        self.coerce = coerce
        self.empty_value = empty_value

    def _coerce(self, value):
        if value == self.empty_value:
            return self.empty_value
        try:
            value = self.coerce(value)
        except (ValueError, TypeError):
            raise ValidationError(
                "Select a valid choice. %(value)s is not one of the available choices.",
                code="invalid_choice",
                params={"value": value},
            )
        return value
"""
TYPED_CHOICE_METHOD = TYPED_CHOICE.replace("        self.coerce = coerce\n", "").replace(
    "    def _coerce(self, value):",
    "    def coerce(self, value):\n        return int(value)\n\n    def _coerce(self, value):",
)


def test_a_value_the_call_never_gave_where_the_raise_runs_says_nothing_of_it(db, git_repo) -> None:
    for source in (TYPED_CHOICE, TYPED_CHOICE_METHOD):
        cards = harvest_published(git_repo, {"django/forms/fields.py": source})
        card = cards["Select a valid choice. {value} is not one of the available choices."].generated
        assert "`self.coerce(value)` raised `ValueError` or `TypeError`" in card["trigger"]
        assert "returns" not in card["meaning"] + card["trigger"]

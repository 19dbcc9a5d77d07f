"""Round 21's false claims (/work/review/round21, docs/card-review.md), each on real code of its shape (Django
5.2.19, DRF 3.18.3), reduced where it says."""

from tests.harvest.published import django_files, harvest_published

# DRF 3.18.3's rest_framework/views.py:174-180 and 331-355 (APIView, its other methods left out), and the two
# exceptions of rest_framework/exceptions.py it raises, reduced to their messages.
DRF_VIEWS = '''
from rest_framework import exceptions


class APIView:
    def permission_denied(self, request, message=None, code=None):
        """
        If request is not permitted, determine what kind of exception to raise.
        """
        if request.authenticators and not request.successful_authenticator:
            raise exceptions.NotAuthenticated()
        raise exceptions.PermissionDenied(detail=message, code=code)

    def check_permissions(self, request):
        """
        Check if the request should be permitted.
        Raises an appropriate exception if the request is not permitted.
        """
        for permission in self.get_permissions():
            if not permission.has_permission(request, self):
                self.permission_denied(
                    request,
                    message=getattr(permission, 'message', None),
                    code=getattr(permission, 'code', None)
                )

    def check_object_permissions(self, request, obj):
        """
        Check if the request should be permitted for a given object.
        Raises an appropriate exception if the request is not permitted.
        """
        for permission in self.get_permissions():
            if not permission.has_object_permission(request, self, obj):
                self.permission_denied(
                    request,
                    message=getattr(permission, 'message', None),
                    code=getattr(permission, 'code', None)
                )
'''
DRF_EXCEPTIONS = """
class APIException(Exception):
    default_detail = 'A server error occurred.'


class NotAuthenticated(APIException):
    default_detail = 'Authentication credentials were not provided.'

    def __init__(self, detail=None, code=None):
        super().__init__(detail or self.default_detail)


class PermissionDenied(APIException):
    default_detail = 'You do not have permission to perform this action.'

    def __init__(self, detail=None, code=None):
        super().__init__(detail or self.default_detail)
"""


def test_an_entry_point_calling_on_under_its_own_test_is_not_given_the_raise_s_test(db, git_repo):
    files = {"rest_framework/views.py": DRF_VIEWS, "rest_framework/exceptions.py": DRF_EXCEPTIONS}
    cards = harvest_published(git_repo, files, "encode/django-rest-framework")
    entry = next(e for m, e in cards.items() if m.startswith("Authentication credentials were not provided"))
    meaning = entry.generated["meaning"]
    said = meaning.split(". ", 1)[0]
    assert "`APIView.permission_denied()`" in said and "successful_authenticator" in said, meaning
    # An unauthenticated request to a view whose permissions all allow it raises nothing (views.py:337-338).
    assert "check_permissions" not in said and "check_object_permissions" not in said, meaning


def test_an_entry_point_calling_on_under_its_own_test_says_its_test_is_not_the_whole_story(db, git_repo):
    # LazySettings.__getattr__ calls `self._setup(name)` only while the settings are not set up (Django 5.2.19's
    # django/conf/__init__.py:80-81): a missing DJANGO_SETTINGS_MODULE raises nothing once they are.
    cards = harvest_published(git_repo, django_files("conf/__init__.py"))
    meaning = next(e for m, e in cards.items() if m.startswith("Requested {desc}, but settings")).generated["meaning"]
    assert meaning.startswith("`LazySettings.__getattr__()` raises this (from `LazySettings._setup`) when"), meaning
    assert "is empty or false (`settings_module` is `os.environ.get(ENVIRONMENT_VARIABLE)`;" in meaning, meaning
    assert "`'DJANGO_SETTINGS_MODULE'`), among other conditions." in meaning, meaning


def test_an_attribute_the_message_s_subclass_sets_is_not_the_base_s_argument(db, git_repo):
    # UnicodeUsernameValidator sets `regex` and `message` as class attributes and is made with no arguments
    # (django/contrib/auth/validators.py:19-25, contrib/auth/models.py:454); RegexValidator.__init__ replaces them
    # only when an argument is given (django/core/validators.py:27-39).
    cards = harvest_published(git_repo, django_files("core/validators.py", "contrib/auth/validators.py"))
    meaning = cards[USERNAME].generated["meaning"]
    assert "`self.regex` is the `regex` argument" not in meaning, meaning
    assert r"`self.regex` is `UnicodeUsernameValidator.regex` (by default `r'^[\w.@+-]+\Z'`)" in meaning, meaning
    # The base's own message still reads the argument: `RegexValidator(regex)` sets it.
    assert (
        "`self.regex` is the `regex` argument of `RegexValidator()`"
        in cards["Enter a valid value."].generated["meaning"]
    )


USERNAME = "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters."


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
    lead = "Reading an attribute a `LazySettings` does not otherwise have (`obj.name`) raises this"
    lead += " (from `LazySettings._setup`)"
    assert meaning.startswith(f"{lead} when"), meaning
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
    # The base's own message: `RegexValidator(regex)` sets it only when given (else the class's empty pattern
    # stands), so it is the validator's own, not "the `regex` argument" (round 28's card 06, the same shape).
    assert "`self.regex` is the `RegexValidator`'s `regex`" in cards["Enter a valid value."].generated["meaning"]


USERNAME = "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters."


# Round 21's card 23 in a synthetic shape (its library is held out): a fallback after `isinstance` tests on `node`
# builds its message from `node.id`, which only some of the values reaching the line have.
DISPATCH = """
import ast


class Evaluator:
    def value_of(self, node):
        if isinstance(node, ast.Constant):
            return node.value
        elif isinstance(node, ast.List):
            return [self.value_of(item) for item in node.elts]
        raise NameError(f"name '{node.id}' is not defined")

    def name_of(self, node: ast.Name):
        raise NameError(f"name {node.id!r} is not allowed here")
"""


def test_a_message_reading_an_attribute_of_a_value_of_no_fixed_type_is_not_raised_whenever_its_line_runs(db, git_repo):
    cards = harvest_published(git_repo, {"evaluating/__init__.py": DISPATCH}, "example/evaluating")
    dispatch = cards["name '{id}' is not defined"].generated
    # `value_of(ast.parse("1 + 2", mode="eval").body)` raises AttributeError: a BinOp has no `id`.
    assert "whenever that line runs" not in dispatch["meaning"] + dispatch["trigger"], dispatch
    assert "every time" not in dispatch["meaning"] + dispatch["trigger"], dispatch
    # A parameter annotated as the class that has it fixes its type: the line raises this each time it runs.
    named = cards["name {id} is not allowed here"].generated
    assert named["meaning"].startswith("`Evaluator.name_of()` raises this every time it is called."), named

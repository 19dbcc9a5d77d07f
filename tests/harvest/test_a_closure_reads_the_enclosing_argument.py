"""A closure's test on a name it neither takes nor binds, bound to the argument of the function that encloses it,
is said as that argument (round 34's card 19: "Calling `api_view.decorator()` raises this.", no condition, where
the reader says "`@api_view` used without parentheses: its `http_method_names` argument is the view function").
Never of an argument the enclosing function gives another value (but a default for `None`), nor of `*args`."""

import pytest

from tests.harvest.published import harvest_published

# Reduced from DRF 3.18.3's rest_framework/decorators.py:16-43.
API_VIEW = """
import types


def api_view(http_method_names=None):
    http_method_names = ['GET'] if (http_method_names is None) else http_method_names

    def decorator(func):
        assert not isinstance(http_method_names, types.FunctionType), \\
            '@api_view missing list of allowed HTTP methods'
        return func
    return decorator
"""

# Reduced from Django 5.2.19's django/contrib/admin/decorators.py:83-103 (`register(*models, site=None)`): `models`
# is every positional argument, no one argument; and from a factory that gives its argument a new value.
NOT_ONE_ARGUMENT = """
def register(*models, site=None):
    def _model_admin_wrapper(admin_class):
        if not models:
            raise ValueError("At least one model must be passed to register.")
        return admin_class
    return _model_admin_wrapper


def lazy(regex, flags=0):
    regex = regex.strip()

    def _compile():
        if not regex:
            raise ValueError("An empty pattern cannot be compiled.")
        return regex
    return _compile
"""


@pytest.mark.django_db
def test_the_enclosing_function_s_argument_is_said(git_repo):
    cards = harvest_published(git_repo, {"rest_framework/decorators.py": API_VIEW}, repo="encode/django-rest-framework")
    generated = cards["@api_view missing list of allowed HTTP methods"].generated
    said = (
        "the `http_method_names` argument of `api_view()` (`['GET']` where it is `None`) is an instance of "
        "`types.FunctionType`"
    )
    assert said in generated["meaning"]
    assert f"- {said} (line 8)" in generated["trigger"]


@pytest.mark.django_db
def test_no_argument_is_said_of_star_args_or_a_new_value(git_repo):
    cards = harvest_published(git_repo, {"django/contrib/admin/decorators.py": NOT_ONE_ARGUMENT})
    for words in ("At least one model", "An empty pattern"):
        generated = next(entry for message, entry in cards.items() if words in message).generated
        assert " argument of " not in generated.get("meaning", "") + generated.get("trigger", "")


# Reduced from Django 5.2.19's django/contrib/auth/decorators.py:96-131: a yes-or-no default is true or false, not
# "given" (`raise_exception=False` given is no raise).
PERMISSION_REQUIRED = """
class PermissionDenied(Exception):
    pass


def permission_required(perm, login_url=None, raise_exception=False):
    def decorator(view_func):
        def check_perms(user):
            if user.has_perms(perm):
                return True
            if raise_exception:
                raise PermissionDenied("The user lacks the permission.")
            return False
        return check_perms
    return decorator
"""


@pytest.mark.django_db
def test_a_yes_or_no_default_reads_true_or_false(git_repo):
    cards = harvest_published(git_repo, {"django/contrib/auth/decorators.py": PERMISSION_REQUIRED})
    generated = cards["The user lacks the permission."].generated
    assert "- the `raise_exception` argument of `permission_required()` is true (line 10)" in generated["trigger"]


# Reduced from Django 5.2.19's django/contrib/gis/geos/prototypes/io.py:265-285 (`read_uint32()` and `skip()` share
# `offset` through `nonlocal`), with `offset` the enclosing function's argument: a sibling closure moves it on, so
# the test reads no longer the argument as given (`reader(b"", 0)` then two `skip(1)` raises at `offset` 0 given).
SIBLING_NONLOCAL = """
def reader(wkb, offset):
    def skip(length):
        nonlocal offset
        offset += length

    def read_uint32():
        if offset + 4 > len(wkb):
            raise ValueError("Invalid WKB: it ends before its last value.")
        return skip(4)
    return read_uint32, skip
"""


@pytest.mark.django_db
def test_no_argument_is_said_that_a_nested_function_rebinds(git_repo):
    cards = harvest_published(git_repo, {"django/contrib/gis/geos/prototypes/io.py": SIBLING_NONLOCAL})
    generated = cards["Invalid WKB: it ends before its last value."].generated
    assert " argument of `reader()`" not in generated.get("meaning", "") + (generated.get("trigger") or "")

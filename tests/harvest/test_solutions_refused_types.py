"""A type test that wants some types but refuses one of them (round 31's card 17, its point 4): the types it wants
are said with the one it refuses, in either order."""

from tests.harvest.published import harvest_published, solutions

# DRF 3.18.3 rest_framework/fields.py:585-596 (Field.fail) and 751-761 (CharField.to_internal_value), reduced.
FIELDS = """
from rest_framework.exceptions import ValidationError


class Field:
    default_error_messages = {}

    def fail(self, key, **kwargs):
        msg = self.default_error_messages[key]
        raise ValidationError(msg.format(**kwargs), code=key)


class CharField(Field):
    default_error_messages = {
        'invalid': 'Not a valid string.',
    }

    def to_internal_value(self, data):
        # We're lenient with allowing basic numerics to be coerced into strings,
        # but other types should fail. Eg. unclear if booleans should represent as `true` or `True`,
        # and composites such as lists are likely user error.
        if isinstance(data, bool) or not isinstance(data, (str, int, float,)):
            self.fail('invalid')
        return str(data)
"""

# Django 5.2.19 django/contrib/auth/models.py:405-416 (PermissionsMixin.has_perms), reduced: the two parts the
# other way round.
PERMS = """
from collections.abc import Iterable


class PermissionsMixin:
    def has_perms(self, perm_list, obj=None):
        if not isinstance(perm_list, Iterable) or isinstance(perm_list, str):
            raise ValueError("perm_list must be an iterable of permissions.")
        return all(self.has_perm(perm, obj) for perm in perm_list)
"""


def test_a_type_test_that_refuses_one_type_says_it_beside_those_it_wants(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"rest_framework/fields.py": FIELDS}, repo="encode/django-rest-framework")
    assert "Pass a `str`, an `int` or a `float` but not a `bool` as `data` to `CharField.to_internal_value()`." in (
        solutions(cards, "Not a valid string")
    )


def test_a_refused_type_tested_second_is_said_the_same(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/auth/models.py": PERMS})
    assert "Pass an `Iterable` but not a `str` as `perm_list` to `PermissionsMixin.has_perms()`." in (
        solutions(cards, "iterable of permissions")
    )

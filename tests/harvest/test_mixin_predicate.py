"""A one-line method a mixin calls on `self` without defining or inheriting it is read through where every class
of the tree that uses the mixin finds the same body (round 31's card 09): `TupleLookupMixin.process_rhs` raises
when the lookup's `rhs` has an `as_sql` attribute (`not self.rhs_is_direct_value()`, `Lookup.rhs_is_direct_value`
returning `not hasattr(self.rhs, "as_sql")`), not "and one more check". Where two classes find two bodies, which
one runs depends on the object: the test is left as it was."""

import pytest

from tests.harvest.published import harvest_published

# django/db/models/lookups.py:31-145, 389, 672 (Django 5.2.19), reduced.
LOOKUPS = """
class Lookup(Expression):
    def __init__(self, lhs, rhs):
        self.lhs, self.rhs = lhs, rhs

    def rhs_is_direct_value(self):
        return not hasattr(self.rhs, "as_sql")


class Exact(Lookup):
    lookup_name = "exact"


class IsNull(Lookup):
    lookup_name = "isnull"
"""

# django/db/models/fields/tuple_lookups.py:38-140 (Django 5.2.19), reduced.
TUPLE_LOOKUPS = """
from django.db.models.lookups import Exact, IsNull
from django.db.models.sql import Query


class TupleLookupMixin:
    def process_rhs(self, compiler, connection):
        if self.rhs_is_direct_value():
            return compiler.compile(Tuple(*self.rhs))
        else:
            sql, params = compiler.compile(self.rhs)
            if isinstance(self.rhs, ColPairs):
                return "(%s)" % sql, params
            elif isinstance(self.rhs, Query):
                return super().process_rhs(compiler, connection)
            else:
                raise ValueError("Composite field lookups only work with composite expressions.")


class TupleExact(TupleLookupMixin, Exact):
    pass


class TupleIsNull(TupleLookupMixin, IsNull):
    pass
"""

# The same, where one user of the mixin finds a body of its own.
OVERRIDDEN = TUPLE_LOOKUPS.replace(
    """class TupleIsNull(TupleLookupMixin, IsNull):
    pass""",
    """class TupleIsNull(TupleLookupMixin, IsNull):
    def rhs_is_direct_value(self):
        return True""",
)

MESSAGE = "Composite field lookups only work with composite expressions."


@pytest.mark.django_db
def test_a_method_every_user_of_the_mixin_finds_in_one_body_is_read_through(git_repo) -> None:
    files = {"django/db/models/lookups.py": LOOKUPS, "django/db/models/fields/tuple_lookups.py": TUPLE_LOOKUPS}
    trigger = harvest_published(git_repo, files)[MESSAGE].generated["trigger"]
    assert "- the `TupleLookupMixin`'s `rhs` has a `.as_sql` attribute (line 7)" in trigger
    assert "more check" not in trigger


@pytest.mark.django_db
def test_a_method_two_users_of_the_mixin_find_in_two_bodies_is_left_as_it_was(git_repo) -> None:
    files = {"django/db/models/lookups.py": LOOKUPS, "django/db/models/fields/tuple_lookups.py": OVERRIDDEN}
    trigger = harvest_published(git_repo, files)[MESSAGE].generated["trigger"]
    assert "as_sql" not in trigger
    assert "- `self.rhs_is_direct_value()` is false (line 7)" in trigger  # as the code writes it

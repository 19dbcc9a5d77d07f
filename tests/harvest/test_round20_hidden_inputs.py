"""Round 20's hidden inputs (issue 29, W): "N more checks ... on values it works out itself" where the deciding value
is the reader's own argument. An `and` the card cannot say whole is said by the parts it can say (the argument),
the others still counted; an `or` guard that another condition implies adds nothing; a private attribute of an
argument inside a longer piece of code is said by the argument. Reduced from Django 5.2.19."""

import pytest

from tests.harvest.published import harvest_published

# django/db/models/query.py:693-745, 747-786 (Django 5.2.19): the options' check and the method that calls it,
# the checks past the raise and bulk_create's body after the call left out.
QUERY = '''
from django.db import NotSupportedError, connections


class OnConflict:
    IGNORE = "ignore"
    UPDATE = "update"


class QuerySet:
    def _check_bulk_create_options(
        self, ignore_conflicts, update_conflicts, update_fields, unique_fields
    ):
        if ignore_conflicts and update_conflicts:
            raise ValueError(
                "ignore_conflicts and update_conflicts are mutually exclusive."
            )
        db_features = connections[self.db].features
        if ignore_conflicts:
            if not db_features.supports_ignore_conflicts:
                raise NotSupportedError(
                    "This database backend does not support ignoring conflicts."
                )
            return OnConflict.IGNORE
        elif update_conflicts:
            if not db_features.supports_update_conflicts:
                raise NotSupportedError(
                    "This database backend does not support updating conflicts."
                )
            if not update_fields:
                raise ValueError(
                    "Fields that will be updated when a row insertion fails "
                    "on conflicts must be provided."
                )
            if unique_fields and not db_features.supports_update_conflicts_with_target:
                raise NotSupportedError(
                    "This database backend does not support updating "
                    "conflicts with specifying unique fields that can trigger "
                    "the upsert."
                )
            if not unique_fields and db_features.supports_update_conflicts_with_target:
                raise ValueError(
                    "Unique fields that can trigger the upsert must be provided."
                )
            return OnConflict.UPDATE
        return None

    def bulk_create(
        self,
        objs,
        batch_size=None,
        ignore_conflicts=False,
        update_conflicts=False,
        update_fields=None,
        unique_fields=None,
    ):
        """
        Insert each of the instances into the database.
        """
        if batch_size is not None and batch_size <= 0:
            raise ValueError("Batch size must be a positive integer.")
        on_conflict = self._check_bulk_create_options(
            ignore_conflicts,
            update_conflicts,
            update_fields,
            unique_fields,
        )
        return objs, on_conflict
'''

# django/db/models/sql/query.py:1344-1377 and django/db/models/query_utils.py:458-484 (Django 5.2.19).
SQL_QUERY = '''
from django.db.models.query_utils import check_rel_lookup_compatibility


class Query:
    def check_query_object_type(self, value, opts, field):
        """
        Check whether the object passed while querying is of the correct type.
        If not, raise a ValueError specifying the wrong object.
        """
        if hasattr(value, "_meta"):
            if not check_rel_lookup_compatibility(value._meta.model, opts, field):
                raise ValueError(
                    'Cannot query "%s": Must be "%s" instance.'
                    % (value, opts.object_name)
                )

    def check_related_objects(self, field, value, opts):
        """Check the type of object passed to query relations."""
        if field.is_relation:
            if hasattr(value, "_meta"):
                self.check_query_object_type(value, opts, field)
            elif hasattr(value, "__iter__"):
                for v in value:
                    self.check_query_object_type(v, opts, field)
'''

QUERY_UTILS = '''
def check_rel_lookup_compatibility(model, target_opts, field):
    """
    Check that self.model is compatible with target_opts.
    """

    def check(opts):
        return (
            model._meta.concrete_model == opts.concrete_model
            or opts.concrete_model in model._meta.all_parents
            or model in opts.all_parents
        )

    return check(target_opts) or (
        getattr(field, "primary_key", False) and check(field.model._meta)
    )
'''


@pytest.fixture
def cards(db, git_repo) -> dict[str, dict]:
    files = {
        "django/db/models/query.py": QUERY,
        "django/db/models/sql/query.py": SQL_QUERY,
        "django/db/models/query_utils.py": QUERY_UTILS,
    }
    return {message: entry.generated for message, entry in harvest_published(git_repo, files).items()}


def test_an_and_on_an_argument_and_a_backend_feature_says_the_argument(cards) -> None:
    """Round 20's card 02 said "2 more checks ... on values it works out itself (lines 717, 723)": line 723 is
    the caller's `unique_fields` beside the backend's feature, and the guard of line 717 holds whenever
    `not unique_fields` does."""
    trigger = cards["Unique fields that can trigger the upsert must be provided."]["trigger"]
    assert "- the `unique_fields` argument is not given (or empty) (line 40)" in trigger
    # The part left unsaid reads the backend's features, no argument: only counted (round 28: not "on values it
    # works out itself").
    assert trigger.endswith("- and one more check in `QuerySet._check_bulk_create_options` (line 40)")


def test_a_private_attribute_of_an_argument_inside_a_call_is_said_by_the_argument(cards) -> None:
    """Round 20's card 04 said "one more check ... on values it works out itself (line 1350)" of a call on the
    `value`, `opts` and `field` arguments."""
    trigger = cards['Cannot query "{value}": Must be "{object_name}" instance.']["trigger"]
    assert "- `check_rel_lookup_compatibility(value._meta.model, opts, field)` is false (" in trigger
    assert "`opts`, `field` and `value` are arguments" in trigger
    assert "works out itself" not in trigger

"""A constant imported from another module of the tree is said with its value, as the module's own are (round 31's
card 16: "the `model` argument equals `RECURSIVE_RELATIONSHIP_CONSTANT`" told the reader nothing; the constant is
`"self"`, bound once in django/db/models/fields/related.py:42 and imported by django/db/migrations/utils.py:5)."""

from tests.harvest.published import harvest_published

# Django 5.2.19: django/db/models/fields/related.py:42, reduced.
RELATED = """
RECURSIVE_RELATIONSHIP_CONSTANT = "self"
COMPUTED = RECURSIVE_RELATIONSHIP_CONSTANT + "s"
TWICE = 1
TWICE = 2
"""

# Django 5.2.19: django/db/migrations/utils.py:5, 25-40, reduced; `count` and `other` added.
UTILS = """
from django.db.models.fields.related import COMPUTED, RECURSIVE_RELATIONSHIP_CONSTANT, TWICE


def resolve_relation(model, app_label=None, model_name=None):
    if isinstance(model, str):
        if model == RECURSIVE_RELATIONSHIP_CONSTANT:
            if app_label is None or model_name is None:
                raise TypeError(
                    "app_label and model_name must be provided to resolve "
                    "recursive relationships."
                )
            return app_label, model_name


def count(value):
    if value == TWICE:
        raise ValueError("Counted twice.")


def other(value):
    if value == COMPUTED:
        raise ValueError("Computed.")
"""


def test_an_imported_constant_is_said_by_its_value(db, git_repo) -> None:
    cards = harvest_published(
        git_repo, {"django/db/models/fields/related.py": RELATED, "django/db/migrations/utils.py": UTILS}
    )
    meaning = cards["app_label and model_name must be provided to resolve recursive relationships."].generated[
        "meaning"
    ]
    assert "`RECURSIVE_RELATIONSHIP_CONSTANT` is `'self'`" in meaning


def test_an_imported_constant_bound_twice_or_computed_is_not(db, git_repo) -> None:
    cards = harvest_published(
        git_repo, {"django/db/models/fields/related.py": RELATED, "django/db/migrations/utils.py": UTILS}
    )
    assert "`TWICE` is" not in cards["Counted twice."].generated.get("meaning", "")
    assert "`COMPUTED` is" not in cards["Computed."].generated.get("meaning", "")


# The import of `UTILS` above, through a module that binds the name again once imported (added).
RELAYED = """
import os

from django.db.models.fields.related import RECURSIVE_RELATIONSHIP_CONSTANT

RECURSIVE_RELATIONSHIP_CONSTANT = os.environ.get("RECURSIVE", RECURSIVE_RELATIONSHIP_CONSTANT)
"""


def test_a_constant_bound_again_by_a_module_it_goes_through_is_not(db, git_repo) -> None:
    relayed = UTILS.replace("django.db.models.fields.related import", "django.db.models.relayed import")
    cards = harvest_published(
        git_repo,
        {
            "django/db/models/fields/related.py": RELATED,
            "django/db/models/relayed.py": RELAYED,
            "django/db/migrations/utils.py": relayed,
        },
    )
    meaning = cards["app_label and model_name must be provided to resolve recursive relationships."].generated[
        "meaning"
    ]
    assert "'self'" not in meaning

"""Round 31's reader marked E down for tangled generated English. Asides that say nothing, one each: "(`fields` is the
argument of that name; `exclude` is the argument of that name; ...)" are said "(`fields` and `exclude` are arguments;
...)". The same words said of two arguments in a row ("the `query_params` argument is given and not empty and the
`data` argument is given and not empty") are said once of both. No condition is lost."""

from pathlib import Path

from tests.harvest.published import harvest_published

# django/forms/models.py:1016-1050, Django 5.2.19 (most parameters left out).
MODELS = '''
class ImproperlyConfigured(Exception):
    pass


class ModelForm:
    pass


def modelformset_factory(model, form=ModelForm, fields=None, exclude=None):
    """Return a FormSet class for the given Django model class."""
    meta = getattr(form, "Meta", None)
    if (
        getattr(meta, "fields", fields) is None
        and getattr(meta, "exclude", exclude) is None
    ):
        raise ImproperlyConfigured(
            "Calling modelformset_factory without defining 'fields' or "
            "'exclude' explicitly is prohibited."
        )
    return model
'''


# django/test/client.py:466-520, Django 5.2.19 (the request built is left out).
CLIENT = Path(__file__).parent / "trees" / "django_test_client_request_factory.py.txt"


# rest_framework/decorators.py:192-221, DRF 3.18.3 (the docstring and the decorator left out).
DECORATORS = '''
def action(methods=None, detail=None, url_path=None, url_name=None, **kwargs):
    """Mark a ViewSet method as a routable action."""
    methods = ['get'] if methods is None else methods
    methods = [method.lower() for method in methods]

    assert detail is not None, (
        "@action() missing required argument: 'detail'"
    )

    # name and suffix are mutually exclusive
    if 'name' in kwargs and 'suffix' in kwargs:
        raise TypeError("`name` and `suffix` are mutually exclusive arguments.")

    return methods
'''


def test_the_arguments_a_condition_reads_are_named_together(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/forms/models.py": MODELS})
    entry = cards["Calling modelformset_factory without defining 'fields' or 'exclude' explicitly is prohibited."]
    meaning = entry.generated["meaning"]
    assert "argument of that name" not in meaning
    assert "`fields` and `exclude` are arguments" in meaning
    # The conditions themselves are all still said.
    assert "`getattr(meta, 'fields', fields)` is `None`" in meaning
    assert "`getattr(meta, 'exclude', exclude)` is `None`" in meaning


def test_two_arguments_tested_alike_are_said_in_one_clause(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/test/client.py": CLIENT})
    entry = cards["query_params and data arguments are mutually exclusive."]
    meaning, trigger = entry.generated["meaning"], entry.generated["trigger"]
    assert "the `query_params` and `data` arguments are given and not empty" in meaning
    assert "the `query_params` argument is given and not empty and the `data`" not in meaning
    assert "the `query_params` and `data` arguments are given and not empty" in trigger


def test_two_keyword_arguments_given_together_are_said_in_one_clause(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"rest_framework/decorators.py": DECORATORS}, "encode/django-rest-framework")
    trigger = cards["`name` and `suffix` are mutually exclusive arguments."].generated["trigger"]
    assert "- the `name` and `suffix` keyword arguments are given (line " in trigger


# django/db/models/constraints.py:314-343 and docs/ref/models/constraints.txt:194-199, Django 5.2.19 (reduced).
CONSTRAINTS = """
class UniqueConstraint:
    def __init__(self, *expressions, fields=(), name=None, deferrable=None, include=None):
        if not name:
            raise ValueError("A unique constraint must be named.")
        if include and deferrable:
            raise ValueError("UniqueConstraint with include fields cannot be deferred.")
        self.name = name
"""

CONSTRAINTS_DOCS = """
``deferrable``
--------------

.. attribute:: UniqueConstraint.deferrable

Set this parameter to create a deferrable unique constraint. Accepted values
are ``Deferrable.DEFERRED`` or ``Deferrable.IMMEDIATE``.
"""


def test_the_documentation_of_an_argument_said_in_a_pair_is_still_quoted(db, git_repo) -> None:
    files = {"django/db/models/constraints.py": CONSTRAINTS, "docs/ref/models/constraints.txt": CONSTRAINTS_DOCS}
    cards = harvest_published(git_repo, files)
    meaning = cards["UniqueConstraint with include fields cannot be deferred."].generated["meaning"]
    assert "called with a non-empty `include`, and with a non-empty `deferrable`" in meaning
    assert "`UniqueConstraint.deferrable` is documented" in meaning

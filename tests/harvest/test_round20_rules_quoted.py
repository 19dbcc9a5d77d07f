"""Round 20's unused words of the library (issue 29, M): the raising function's own docstring paragraph on the
raise, and a documentation sentence that states the rule by the arguments the test reads, quoted in "What it
means". Reduced from DRF 3.18.3 and Django 5.2.19."""

import pytest

from kb.harvest.evidence.rules import _sentences
from kb.harvest.reading.doc_rule import rule_paragraph
from tests.adversarial_inputs import LARGE
from tests.counted_work import stall_guard as guard
from tests.harvest.published import harvest_published

# rest_framework/validators.py:47-62, 69-106 (DRF 3.18.3), the queryset filtering after the check left out.
VALIDATORS = '''
from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ValidationError


def _check_single_instance(serializer, instance, validator):
    """
    Uniqueness validators need a single model instance in order to exclude
    the object being updated from the uniqueness check.

    When a serializer is used with `many=True` and a queryset or list is
    passed as the `instance`, the child serializer's `instance` will be that
    queryset or list, unless `ListSerializer.run_child_validation()` has been
    overridden to set `child.instance` for each item. Raise a clear error in
    that case rather than an `AttributeError` when accessing `instance.pk`.
    """
    if (
        instance is not None and
        getattr(serializer.parent, 'many', False) and
        not hasattr(instance, 'pk')
    ):
        raise RuntimeError(
            '`%s` cannot determine the current instance during a multiple '
            'update. Override `ListSerializer.run_child_validation()` to set '
            '`child.instance` before validation.' % validator.__class__.__name__
        )


class UniqueValidator:
    """
    Validator that corresponds to `unique=True` on a model field.

    Should be applied to an individual field on the serializer.
    """
    message = _('This field must be unique.')
    requires_context = True

    def __init__(self, queryset, message=None, lookup='exact'):
        self.queryset = queryset
        self.message = message or self.message
        self.lookup = lookup

    def __call__(self, value, serializer_field):
        field_name = serializer_field.source_attrs[-1]
        serializer = serializer_field.parent
        instance = getattr(serializer, 'instance', None)
        _check_single_instance(serializer, instance, self)
        return field_name, value
'''

# django/db/models/fields/reverse_related.py:355-392 (Django 5.2.19), the base class's work left out.
REVERSE_RELATED = '''
class ForeignObjectRel:
    def __init__(self, field, to, related_name=None):
        self.field = field
        self.model = to
        self.related_name = related_name


class ManyToManyRel(ForeignObjectRel):
    """
    Used by ManyToManyField to store information about the relation.
    """

    def __init__(
        self,
        field,
        to,
        related_name=None,
        symmetrical=True,
        through=None,
        through_fields=None,
        db_constraint=True,
    ):
        super().__init__(field, to, related_name=related_name)

        if through and not db_constraint:
            raise ValueError("Can't supply a through model and db_constraint=False")
        self.through = through

        if through_fields and not through:
            raise ValueError("Cannot specify through_fields without a through model")
        self.through_fields = through_fields
        self.symmetrical = symmetrical
        self.db_constraint = db_constraint
'''

# docs/ref/models/fields.txt:2205-2216 (Django 5.2.19).
FIELDS_DOCS = """
.. attribute:: ManyToManyField.db_constraint

    Controls whether or not constraints should be created in the database for
    the foreign keys in the intermediary table. The default is ``True``, and
    that's almost certainly what you want; setting this to ``False`` can be
    very bad for data integrity. That said, here are some scenarios where you
    might want to do this:

    * You have legacy data that is not valid.
    * You're sharding your database.

    It is an error to pass both ``db_constraint`` and ``through``.

.. attribute:: ManyToManyField.swappable

    Controls the migration framework's reaction if this :class:`ManyToManyField`
    is pointing at a swappable model.
"""


# django/utils/html.py:129-141 (Django 5.2.19), and docs/ref/urlresolvers.txt:49: a rule on `reverse()`'s
# `args` and `kwargs`, not on `format_html()`'s.
HTML = """
import warnings


def format_html(format_string, *args, **kwargs):
    if not (args or kwargs):
        warnings.warn(
            "Calling format_html() without passing args or kwargs is deprecated.",
            DeprecationWarning,
            stacklevel=2,
        )
    return format_string.format(*args, **kwargs)
"""

URLRESOLVERS_DOCS = """
You can also pass ``kwargs`` instead of ``args``.

``args`` and ``kwargs`` cannot be passed to ``reverse()`` at the same time.
"""


# django/core/files/move.py:1-44 (Django 5.2.19), the copy after the check left out: the paragraph is also the
# docstring's word on `FileExistsError`, which the card quotes already.
MOVE = '''
import os


def file_move_safe(old_file_name, new_file_name, chunk_size=1024 * 64, allow_overwrite=False):
    """
    Move a file from one location to another in the safest way possible.

    First, try ``os.rename``, which is simple but will break across filesystems.
    If that fails, stream manually from one file to another in pure Python.

    If the destination file exists and ``allow_overwrite`` is ``False``, raise
    ``FileExistsError``.
    """
    if not allow_overwrite and os.access(new_file_name, os.F_OK):
        raise FileExistsError(
            f"Destination file {new_file_name} exists and allow_overwrite is False."
        )
    os.rename(old_file_name, new_file_name)
'''


@pytest.fixture
def drf_cards(db, git_repo) -> dict[str, dict]:
    files = {"rest_framework/validators.py": VALIDATORS, "rest_framework/__init__.py": ""}
    return {m: e.generated for m, e in harvest_published(git_repo, files, "encode/django-rest-framework").items()}


@pytest.fixture
def django_cards(db, git_repo) -> dict[str, dict]:
    files = {
        "django/db/models/fields/reverse_related.py": REVERSE_RELATED,
        "docs/ref/models/fields.txt": FIELDS_DOCS,
        "django/utils/html.py": HTML,
        "docs/ref/urlresolvers.txt": URLRESOLVERS_DOCS,
        "django/core/files/move.py": MOVE,
    }
    return {message: entry.generated for message, entry in harvest_published(git_repo, files).items()}


def test_the_raising_function_s_docstring_paragraph_on_the_raise_is_quoted(drf_cards) -> None:
    """Round 20's card 20: the meaning named `UniqueValidator.__call__()` alone; the docstring of the function that
    raises says when: a multiple update whose child `instance` is the whole queryset."""
    meaning = drf_cards[
        "`{validator_type}` cannot determine the current instance during a multiple update. Override "
        "`ListSerializer.run_child_validation()` to set `child.instance` before validation."
    ]["meaning"]
    assert "The docstring of `_check_single_instance()` says: “When a serializer is used with" in meaning
    assert "Uniqueness validators need" not in meaning  # its summary names none of the test's names


def test_a_documentation_sentence_naming_both_tested_arguments_is_quoted(django_cards) -> None:
    """Round 20's card 01 left out docs/ref/models/fields.txt:2216, which states the very rule the raise enforces
    by the two arguments its test reads."""
    meaning = django_cards["Can't supply a through model and db_constraint=False"]["meaning"]
    assert "docs/ref/models/fields.txt` line 12" in meaning  # the sentence's own line
    assert "It is an error to pass both" in meaning
    # The other raise tests `through_fields` and `through`, which the sentence does not both name.
    assert "It is an error" not in django_cards["Cannot specify through_fields without a through model"]["meaning"]


def test_a_rule_sentence_that_calls_another_function_is_not_quoted(django_cards) -> None:
    """`format_html()`'s test reads `args` and `kwargs`, which its message names; the sentence naming both is
    `reverse()`'s rule (found on the demo catalogue's QuerySet.get and format_html cards before this check)."""
    meaning = django_cards["Calling format_html() without passing args or kwargs is deprecated."]["meaning"]
    assert "cannot be passed to" not in meaning


# Hostile text: each reader in linear time ------------------------------------------------------------------------


@pytest.mark.parametrize("unit", ["``a`` ``b`` error ", "`", "``", "\n \n", "It is an error. "])
def test_a_64_kib_document_of_literals_and_blank_lines_is_read_in_time(unit: str) -> None:
    text = unit * (LARGE // len(unit))
    with guard():
        _sentences("docs/hostile.txt", text)
        rule_paragraph([text], {"a", "b"}, text)


def test_a_paragraph_the_card_quotes_already_is_not_quoted_again(django_cards) -> None:
    meaning = django_cards["Destination file {new_file_name} exists and allow_overwrite is False."]["meaning"]
    assert meaning.count("If the destination file exists") == 1

""" "What it means" says the first way in whole and names the others (round 31's card 07: one long sentence per
command, each with its own chain of conditions). Two places with the very same condition are one sentence; a place
with a condition of its own is named after the first ("Running the `sqlmigrate` command also raises this"), its
condition left to "When it happens", where every place keeps all of its own."""

from pathlib import Path

from tests.harvest.published import harvest_published
from tests.harvest.test_round21_missed_tests import VALIDATORS

# django/test/client.py:466-520, Django 5.2.19 (the request built is left out).
CLIENT = Path(__file__).parent / "trees" / "django_test_client_request_factory.py.txt"


# django/core/management/commands/sqlmigrate.py:40-65 and optimizemigration.py:32-56, Django 5.2.19 (reduced).
SQLMIGRATE = """
from django.core.management.base import BaseCommand, CommandError
from django.db import connections
from django.db.migrations.loader import AmbiguityError, MigrationLoader


class Command(BaseCommand):
    def add_arguments(self, parser):
        parser.add_argument("app_label")
        parser.add_argument("migration_name")
        parser.add_argument("--database", default="default")

    def handle(self, *args, **options):
        connection = connections[options["database"]]
        loader = MigrationLoader(connection, replace_migrations=False)
        app_label, migration_name = options["app_label"], options["migration_name"]
        try:
            migration = loader.get_migration_by_prefix(app_label, migration_name)
        except AmbiguityError:
            raise CommandError(
                "More than one migration matches '%s' in app '%s'. Please be more "
                "specific." % (migration_name, app_label)
            )
        return migration
"""

OPTIMIZEMIGRATION = """
from django.core.management.base import BaseCommand, CommandError
from django.db.migrations.loader import AmbiguityError, MigrationLoader


class Command(BaseCommand):
    def add_arguments(self, parser):
        parser.add_argument("app_label")
        parser.add_argument("migration_name")

    def handle(self, *args, **options):
        app_label = options["app_label"]
        migration_name = options["migration_name"]
        loader = MigrationLoader(None)
        try:
            migration = loader.get_migration_by_prefix(app_label, migration_name)
        except AmbiguityError:
            raise CommandError(
                f"More than one migration matches '{migration_name}' in app "
                f"'{app_label}'. Please be more specific."
            )
        return migration
"""


def test_two_places_with_one_condition_are_one_sentence(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/test/client.py": CLIENT})
    meaning = cards["query_params and data arguments are mutually exclusive."].generated["meaning"]
    assert meaning.startswith(
        "`RequestFactory.get()` and `RequestFactory.head()` raise this when the `query_params` and `data` arguments"
    )
    assert meaning.count("raise") == 1


def test_a_second_command_is_named_its_condition_left_to_when_it_happens(db, git_repo) -> None:
    files = {
        "django/core/management/commands/sqlmigrate.py": SQLMIGRATE,
        "django/core/management/commands/optimizemigration.py": OPTIMIZEMIGRATION,
    }
    cards = harvest_published(git_repo, files)
    entry = next(entry for message, entry in cards.items() if message.startswith("More than one migration matches"))
    meaning, trigger = entry.generated["meaning"], entry.generated["trigger"]
    assert meaning.count(" raised `AmbiguityError`") == 1
    assert "command also raises this." in meaning
    # Both places keep their whole condition in "When it happens".
    assert trigger.count("raised `AmbiguityError`") == 2


# rest_framework/fields.py:585-596, 942-980 and 985-1080, DRF 3.18.3 (reduced: the other messages, and most of
# `DecimalField.to_internal_value`, left out).
FIELDS = """
import decimal
import math


class ValidationError(Exception):
    pass


class Field:
    default_error_messages = {}

    def __init__(self):
        self.error_messages = dict(self.default_error_messages)

    def fail(self, key, **kwargs):
        msg = self.error_messages[key]
        message_string = msg.format(**kwargs)
        raise ValidationError(message_string, code=key)


class FloatField(Field):
    default_error_messages = {
        'invalid': 'A valid number is required.',
    }

    def to_internal_value(self, data):
        try:
            value = float(data)
        except (TypeError, ValueError):
            self.fail('invalid')

        if not math.isfinite(value):
            self.fail('invalid')

        return value


class DecimalField(Field):
    default_error_messages = {
        'invalid': 'A valid number is required.',
    }

    def to_internal_value(self, data):
        data = str(data).strip()
        try:
            value = decimal.Decimal(data)
        except decimal.DecimalException:
            self.fail('invalid')
        return value
"""


def test_what_the_first_raises_it_on_stays_beside_it(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"rest_framework/fields.py": FIELDS}, "encode/django-rest-framework")
    meaning = cards["A valid number is required."].generated["meaning"]
    float_at = meaning.index("`FloatField.to_internal_value()` raises this when")
    also_at = meaning.index("It is also raised when `math.isfinite(value)` is false")
    named_at = meaning.index("`DecimalField.to_internal_value()` also raises this.")
    # "It is also raised when ..." is said of `FloatField`: it comes before `DecimalField` is named.
    assert float_at < also_at < named_at


# django/contrib/postgres/forms/array.py:168-216, django/forms/fields.py:184-186 and 835-837, and
# docs/ref/forms/fields.txt:44-52, Django 5.2.19 (reduced: the message written in place of `error_messages`).
SPLIT_ARRAY = """
from django.forms.fields import Field, ValidationError


class SplitArrayField(Field):
    def __init__(self, base_field, size, *, remove_trailing_nulls=False, **kwargs):
        self.base_field = base_field
        self.size = size
        self.remove_trailing_nulls = remove_trailing_nulls
        super().__init__(**kwargs)

    def clean(self, value):
        if not any(value) and self.required:
            raise ValidationError("This field is required.", code="required")
        return value
"""

FORM_FIELDS = """
class ValidationError(Exception):
    pass


class Field:
    empty_values = (None, "", [], (), {})

    def __init__(self, *, required=True):
        self.required = required

    def validate(self, value):
        if value in self.empty_values and self.required:
            raise ValidationError("This field is required.", code="required")


class BooleanField(Field):
    def validate(self, value):
        if not value and self.required:
            raise ValidationError("This field is required.", code="required")
"""

FIELDS_DOCS = """
Core field arguments
====================

``required``
------------

.. attribute:: Field.required

By default, each ``Field`` class assumes the value is required, so if you pass
an empty value -- either ``None`` or the empty string (``""``) -- then
``clean()`` will raise a ``ValidationError`` exception:
"""


def test_the_documentation_of_a_place_named_only_is_still_quoted(db, git_repo) -> None:
    files = {
        "django/contrib/postgres/forms/array.py": SPLIT_ARRAY,
        "django/forms/fields.py": FORM_FIELDS,
        "docs/ref/forms/fields.txt": FIELDS_DOCS,
    }
    cards = harvest_published(git_repo, files)
    meaning = cards["This field is required."].generated["meaning"]
    assert "also raise" in meaning
    assert "`Field.required` is documented" in meaning


# django/core/validators.py:69-123 (Django 5.2.19), reduced, beside the other test's `RegexValidator`:
# `DomainNameValidator.__call__` raises it at two places, each with a test of its own.
DOMAIN_VALIDATOR = (
    VALIDATORS
    + r"""

class DomainNameValidator(RegexValidator):
    message = "Enter a valid domain name."
    max_length = 255

    def __init__(self, **kwargs):
        self.accept_idna = kwargs.pop("accept_idna", True)
        self.regex = re.compile(r"^[a-z0-9.-]+\Z", re.IGNORECASE)
        super().__init__(**kwargs)

    def __call__(self, value):
        if not isinstance(value, str) or len(value) > self.max_length:
            raise ValidationError(self.message, code=self.code, params={"value": value})
        if not self.accept_idna and not value.isascii():
            raise ValidationError(self.message, code=self.code, params={"value": value})
        super().__call__(value)
"""
)


def test_a_place_named_once_where_it_raises_at_two(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/core/validators.py": DOMAIN_VALIDATOR})
    meaning = cards["Enter a valid domain name."].generated["meaning"]
    assert "`DomainNameValidator` instance also raises this" in meaning, meaning
    assert meaning.count("calling a `DomainNameValidator` instance") <= 1, meaning

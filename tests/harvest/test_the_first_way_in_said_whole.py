""" "What it means" says the first way in whole and names the others (round 31's card 07: one long sentence per
command, each with its own chain of conditions). Two places with the very same condition are one sentence; a place
with a condition of its own is named after the first ("Running the `sqlmigrate` command also raises this"), its
condition left to "When it happens", where every place keeps all of its own."""

from tests.harvest.published import harvest_published

# django/test/client.py:466-520, Django 5.2.19 (the request built is left out).
CLIENT = '''
class RequestFactory:
    def get(self, path, data=None, secure=False, *, headers=None, query_params=None, **extra):
        """Construct a GET request."""
        if query_params and data:
            raise ValueError("query_params and data arguments are mutually exclusive.")
        return path

    def head(self, path, data=None, secure=False, *, headers=None, query_params=None, **extra):
        """Construct a HEAD request."""
        if query_params and data:
            raise ValueError("query_params and data arguments are mutually exclusive.")
        return path
'''


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

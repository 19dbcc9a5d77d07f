"""A raise at a module's top level with another raise above it: the hedge names the module being imported, never
a blank name ("unless  raises another error first", django/db/backends/mysql/base.py:35, Django 5.2.19)."""

from tests.harvest.published import harvest_published

# Django 5.2.19 django/db/backends/mysql/base.py:7, 15-21, 34-38, reduced to the two top-level raises.
MYSQL_BASE = """
from django.core.exceptions import ImproperlyConfigured

try:
    import MySQLdb as Database
except ImportError as err:
    raise ImproperlyConfigured(
        "Error loading MySQLdb module.\\nDid you install mysqlclient?"
    ) from err

version = Database.version_info
if version < (1, 4, 3):
    raise ImproperlyConfigured(
        "mysqlclient 1.4.3 or newer is required; you have %s." % Database.__version__
    )
"""


def test_the_earlier_raise_of_a_module_is_said_as_the_module(db, git_repo) -> None:
    packages = {f"{folder}/__init__.py": "" for folder in ("django", "django/db", "django/db/backends")}
    files = {**packages, "django/db/backends/mysql/__init__.py": "", "django/db/backends/mysql/base.py": MYSQL_BASE}
    cards = harvest_published(git_repo, files)
    card = next(entry for message, entry in cards.items() if message.startswith("mysqlclient 1.4.3"))
    meaning = card.generated["meaning"]
    assert meaning.startswith("Importing `django.db.backends.mysql.base` raises this when")
    assert "unless `django.db.backends.mysql.base` raises another error first" in meaning
    assert "unless  " not in meaning

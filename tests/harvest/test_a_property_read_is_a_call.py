"""Reading a property on `self` runs its getter: the method that reads it is a caller of the getter's raises, and a
way in to them, as a call would be (round 29's card 13: "Reading `Command.fixture_dirs` raises this" where running
the `loaddata` command is what the reader did). A read is one only where the class the method is in defines the
name as a property: not a store, not a name a nearer class attribute shadows."""

from pathlib import Path

from kb.harvest.pipeline.scan import scan
from tests.harvest.published import harvest_published as harvest

# django/core/management/commands/loaddata.py lines 92-103, 140-164, 282-290, 316-372 (Django 5.2.19), trimmed:
# `fixture_dirs` is a `cached_property` that `get_fixture_name_and_dirs()` reads, which `find_fixtures()` calls,
# which `loaddata()` calls, which `handle()` calls.
LOADDATA = """\
import os

from django.apps import apps
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.management.base import BaseCommand, CommandError
from django.utils.functional import cached_property


class Command(BaseCommand):
    def handle(self, *fixture_labels, **options):
        self.app_label = options["app_label"]
        self.loaddata(fixture_labels)

    def loaddata(self, fixture_labels):
        for fixture_label in fixture_labels:
            if self.find_fixtures(fixture_label):
                break

    def get_fixture_name_and_dirs(self, fixture_name):
        dirname, basename = os.path.split(fixture_name)
        if os.path.isabs(fixture_name):
            fixture_dirs = [dirname]
        else:
            fixture_dirs = self.fixture_dirs
        return basename, fixture_dirs

    def find_fixtures(self, fixture_label):
        \"\"\"Find fixture files for a given label.\"\"\"
        fixture_name, fixture_dirs = self.get_fixture_name_and_dirs(fixture_label)
        return [os.path.join(fixture_dir, fixture_name) for fixture_dir in fixture_dirs]

    @cached_property
    def fixture_dirs(self):
        \"\"\"
        Return a list of fixture directories.
        \"\"\"
        dirs = []
        fixture_dirs = settings.FIXTURE_DIRS
        if len(fixture_dirs) != len(set(fixture_dirs)):
            raise ImproperlyConfigured("settings.FIXTURE_DIRS contains duplicates.")
        for app_config in apps.get_app_configs():
            app_dir = os.path.join(app_config.path, "fixtures")
            if os.path.isdir(app_dir):
                dirs.append(app_dir)
        dirs.extend(fixture_dirs)
        return dirs
"""

# django/db/models/fields/files.py lines 42-62 (Django 5.2.19), trimmed: `FieldFile.path` is a property whose getter
# raises; a subclass that sets `path` as a class attribute reads that attribute, and assigning `self.path` calls
# no getter.
FIELD_FILE = """\
class FieldFile:
    def _require_file(self):
        if not self:
            raise ValueError(
                "The '%s' attribute has no file associated with it." % self.field.name
            )

    @property
    def path(self):
        self._require_file()
        return self.storage.path(self.name)

    def open(self, mode="rb"):
        return open(self.path, mode)


class PlainFile(FieldFile):
    path = "/tmp/plain"

    def open(self, mode="rb"):
        return open(self.path, mode)

    def rename(self, name):
        self.path = name
"""


# django/http/request.py lines 342-375 (Django 5.2.19), trimmed: `upload_handlers` has a setter, which the harvest
# names as it names the getter (`HttpRequest.upload_handlers`); reading the property never runs the setter's raise.
REQUEST = """\
class HttpRequest:
    _upload_handlers = []

    @property
    def upload_handlers(self):
        return self._upload_handlers

    @upload_handlers.setter
    def upload_handlers(self, upload_handlers):
        if hasattr(self, "_files"):
            raise AttributeError(
                "You cannot set the upload handlers after the upload has been processed."
            )
        self._upload_handlers = upload_handlers

    def parse_file_upload(self, META, post_data):
        return list(self.upload_handlers)
"""


# django/db/models/expressions.py lines 202-207, 379-400 and django/db/models/functions/datetime.py lines 344-355
# (Django 5.2.19), trimmed: `convert_value` is a cached property of `BaseExpression`, but `TruncBase` defines it as
# a method, which `get_db_converters()` only fetches (`[self.convert_value]`) for the compiler to run later.
EXPRESSIONS = """\
from django.utils.functional import cached_property


class BaseExpression:
    def get_db_converters(self, connection):
        return (
            []
            if self.convert_value is self._convert_value_noop
            else [self.convert_value]
        ) + self.output_field.get_db_converters(connection)

    @staticmethod
    def _convert_value_noop(value, expression, connection):
        return value

    @cached_property
    def convert_value(self):
        return self._convert_value_noop


class TruncBase(BaseExpression):
    def convert_value(self, value, expression, connection):
        if value is None and not connection.features.has_zoneinfo_database:
            raise ValueError(
                "Database returned an invalid datetime value. Are time "
                "zone definitions for your database installed?"
            )
        return value
"""


def _callers(root: Path, files: dict[str, str], words: str) -> tuple[list[str], list[str]]:
    for name, text in files.items():
        path = root / "django" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (root / "django" / "__init__.py").touch()
    [found] = [s for s in scan(root / "django", prefix="django", progress=False).sites if words in s.message]
    evidence = found.evidence
    return [r["function"] for r in evidence["callers"]], [r["function"] for r in evidence["entry_points"]]


def test_the_method_that_reads_a_cached_property_is_its_caller(tmp_path):
    callers, _ = _callers(
        tmp_path, {"core/management/commands/loaddata.py": LOADDATA}, "settings.FIXTURE_DIRS contains duplicates."
    )
    assert "Command.get_fixture_name_and_dirs" in callers
    assert "Command.find_fixtures" in callers  # one level further up


def test_a_property_read_reaches_the_raise_of_a_method_its_getter_calls(tmp_path):
    callers, entry_points = _callers(tmp_path, {"db/models/fields/files.py": FIELD_FILE}, "has no file associated")
    assert "FieldFile.path" in callers
    assert "FieldFile.open" in callers  # `open(self.path, mode)` runs the getter
    assert "FieldFile.open" in entry_points


def test_a_class_attribute_that_shadows_the_property_is_no_read_of_it(tmp_path):
    callers, _ = _callers(tmp_path, {"db/models/fields/files.py": FIELD_FILE}, "has no file associated")
    assert "PlainFile.open" not in callers  # its `self.path` is the class attribute `"/tmp/plain"`
    assert "PlainFile.rename" not in callers  # an assignment, not a read


def test_a_cached_property_a_command_reads_is_reached_by_running_the_command(db, git_repo) -> None:
    cards = harvest(git_repo, {"django/core/management/commands/loaddata.py": LOADDATA})
    meaning = cards["settings.FIXTURE_DIRS contains duplicates."].generated["meaning"]
    assert meaning.startswith("Running the `loaddata` command raises this (from `Command.fixture_dirs`)")
    assert "`Command.fixture_dirs` is documented as: “Return a list of fixture directories" in meaning  # no `()`


def test_a_read_is_no_way_in_to_what_the_property_s_setter_raises(tmp_path):
    callers, entry_points = _callers(tmp_path, {"http/request.py": REQUEST}, "cannot set the upload handlers")
    assert "HttpRequest.parse_file_upload" not in callers
    assert "HttpRequest.parse_file_upload" not in entry_points


def test_a_read_of_a_name_a_subclass_defines_as_a_method_calls_nothing(tmp_path):
    callers, entry_points = _callers(tmp_path, {"db/models/expressions.py": EXPRESSIONS}, "invalid datetime value")
    assert not [name for name in callers + entry_points if name.endswith("get_db_converters")]

"""A way in is shown by its shortest call chain: round 28 saw `handle -> loaddata -> load_label -> find_fixtures`
where `loaddata` calls `find_fixtures` directly (django/core/management/commands/loaddata.py:156, Django 5.2.19).
Entry points are searched level by level, callers of level 1 before those of level 2: the direct call wins."""

from tests.harvest.test_evidence import evidence_of

# Reduced from django/core/management/commands/loaddata.py:92-103, 140-164, 226-232, 316-346 (Django 5.2.19).
LOADDATA = """
class Command(BaseCommand):
    def handle(self, *fixture_labels, **options):
        \"\"\"Load the fixtures.\"\"\"
        self.loaddata(fixture_labels)

    def loaddata(self, fixture_labels):
        \"\"\"Load each fixture label.\"\"\"
        for fixture_label in fixture_labels:
            if self.find_fixtures(fixture_label):
                break
        else:
            return
        for fixture_label in fixture_labels:
            self.load_label(fixture_label)

    def load_label(self, fixture_label):
        \"\"\"Load fixtures files for a given label.\"\"\"
        for fixture_file, fixture_dir, fixture_name in self.find_fixtures(fixture_label):
            self.objs.append(fixture_file)

    def find_fixtures(self, fixture_label):
        \"\"\"Find fixture files for a given label.\"\"\"
        fixture_files = []
        for fixture_dir in self.fixture_dirs:
            fixture_files_in_dir = self.files_in(fixture_dir, fixture_label)
            if len(fixture_files_in_dir) > 1:
                raise CommandError(
                    "Multiple fixtures named '%s' in %s. Aborting." % (fixture_label, fixture_dir)
                )
            fixture_files.extend(fixture_files_in_dir)
        return fixture_files
"""


def test_the_command_is_shown_reaching_the_raise_through_its_direct_call(tmp_path) -> None:
    evidence = evidence_of(tmp_path, LOADDATA, "Multiple fixtures named")
    entries = {row["function"]: row["via"] for row in evidence["entry_points"]}
    callers = {row["function"]: (row["level"], row.get("via")) for row in evidence["callers"]}
    assert callers["Command.loaddata"] == (1, None)
    assert callers["Command.handle"] == (2, "Command.loaddata")
    assert entries.get("Command.loaddata", []) == []

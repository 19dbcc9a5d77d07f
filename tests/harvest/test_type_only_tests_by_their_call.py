"""A test that asserts only the type (or a message several entries share) triggers the entry its call reaches
(issue 29, "how to trigger it"): the call names a method the test's class inherits (`FileSystemStorage().
generate_filename(...)` is `Storage.generate_filename`), or a management command by its name
(`call_command("drf_create_token", ...)`). When two entries of the type share that entry point, or the class
overrides the method, the test attaches to none: never a guess. Also a test whose decorator's arguments close on a
line of their own at the header's indentation (`    )`) is read: Django's template backend tests are."""

from pathlib import Path

import pytest

from tests.harvest.test_tests_docs import evidence_of, triggering

STORE = """
class StoreError(Exception):
    pass


class Storage:
    def save(self, name):
        if ".." in name:
            raise StoreError("A path traversal in the name given.")
        if not name:
            raise StoreError("An empty name was given to save.")
        return name

    def open(self, name):
        if not name:
            raise StoreError("Nothing to open under that name.")
        return name


class DiskStorage(Storage):
    pass


class MemoryStorage(Storage):
    def open(self, name):
        return name
"""

STORE_TESTS = """
from unittest import TestCase

from store.core import DiskStorage, MemoryStorage, StoreError


class StorageTests(TestCase):
    def test_open_nothing(self):
        with self.assertRaises(StoreError):
            DiskStorage().open("")

    def test_save_bad_name(self):
        with self.assertRaises(StoreError):
            DiskStorage().save("..")

    def test_open_in_memory(self):
        with self.assertRaises(StoreError):
            MemoryStorage().open("")
"""


def package_evidence(git_repo, name: str, core: str, tests: str) -> dict[str, dict]:
    """The evidence of a one-module package `name` (its code in `core.py`) with one test module."""
    git_repo.write("pyproject.toml", f"[project]\nname = '{name}'\n")
    git_repo.write(f"{name}/__init__.py", "")
    git_repo.write(f"{name}/core.py", core)
    git_repo.write(f"tests/test_{name}.py", tests)
    return evidence_of(git_repo.root / name, name)


@pytest.fixture
def store(git_repo) -> dict[str, dict]:
    return package_evidence(git_repo, "store", STORE, STORE_TESTS)


def names(tests: list[dict]) -> list[str]:
    return [test["name"] for test in tests]


def test_a_type_only_test_of_an_inherited_method_triggers_the_one_entry_it_reaches(store) -> None:
    [test] = triggering(store, "Nothing to open under that name.")
    assert (test["name"], test["how"], test["call"]) == (
        "StorageTests.test_open_nothing",
        "type-and-call",
        'DiskStorage().open("")',
    )


def test_two_entries_of_the_type_behind_one_call_take_the_test_for_neither(store) -> None:
    assert "StorageTests.test_save_bad_name" not in names(triggering(store, "A path traversal in the name given."))
    assert "StorageTests.test_save_bad_name" not in names(triggering(store, "An empty name was given to save."))


def test_a_method_the_class_overrides_is_not_taken_for_the_base_s(store) -> None:
    assert "StorageTests.test_open_in_memory" not in names(triggering(store, "Nothing to open under that name."))


@pytest.fixture(scope="module")
def django(django_sdist: Path) -> dict[str, dict]:
    return evidence_of(django_sdist / "django", "django")


def test_django_s_storage_test_triggers_the_traversal_check_of_the_method_it_inherits(django) -> None:
    """Three entries say "Detected path traversal attempt in '…'"; `FileSystemStorage().generate_filename`
    is `Storage.generate_filename`, which raises the one of them about `dirname`."""
    tests = triggering(django, "Detected path traversal attempt in '{dirname}'")
    [test] = [t for t in tests if t["name"] == "GenerateFilenameStorageTests.test_storage_dangerous_paths_dir_name"]
    assert (test["path"], test["call"]) == (
        "tests/file_storage/test_generate_filename.py",
        "s.generate_filename(file_name)",
    )
    for other in ("Detected path traversal attempt in '{name}'", "Detected path traversal attempt in '{dir_name}'"):
        assert test["name"] not in names(triggering(django, other))


def test_django_s_template_backend_test_under_a_long_decorator_triggers_its_error(django) -> None:
    tests = triggering(django, "app_dirs must not be set when loaders is defined.")
    [test] = [t for t in tests if t["name"] == "TemplateUtilsTests.test_backend_improperly_configured"]
    assert (test["path"], test["call"]) == ("tests/template_backends/test_utils.py", "engines.all()")
    assert '"OPTIONS": {"loaders": []}' in test["code"]


def test_a_type_only_test_of_a_drf_command_triggers_the_command_s_one_error(drf_sdist: Path) -> None:
    drf = evidence_of(drf_sdist / "rest_framework", "rest_framework")
    [test] = triggering(drf, "Cannot create the Token: user {username} does not exist")
    assert (test["path"], test["name"], test["how"]) == (
        "tests/test_authtoken.py",
        "AuthTokenCommandTests.test_command_raising_error_for_invalid_user",
        "type-and-call",
    )
    assert test["call"] == "call_command('drf_create_token', 'not_existing_user', stdout=out)"


def test_a_command_the_package_does_not_have_is_not_taken_for_call_command_s_own_error(django) -> None:
    """`call_command("hal")` runs a command of Django's test apps: its CommandError is not "Unknown command"."""
    tests = triggering(django, "Unknown command: {command_name}")
    assert [(test["name"], test["how"]) for test in tests] == [("CommandTests.test_explode", "message")]

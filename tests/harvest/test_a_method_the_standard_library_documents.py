"""A test on what a method inherited from a standard-library base returns is said by what the standard library's
docstring says it returns, read from its source (round 34's card 03: "Calling `SingleZipReader()` raises this.",
no condition, where `len(self.namelist()) != 1` is "the zip archive does not hold exactly one file"). Never where
the harvest's own classes define the method, nor for a call given arguments."""

import pytest

from tests.harvest.published import harvest_published

# Reduced from Django 5.2.19's django/core/management/commands/loaddata.py:422-426.
LOADDATA = """
import zipfile


class SingleZipReader(zipfile.ZipFile):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if len(self.namelist()) != 1:
            raise ValueError("Zip-compressed fixtures must contain one file.")


class OwnReader(zipfile.ZipFile):
    def namelist(self):
        return ["a", "b"]

    def check(self):
        if len(self.namelist()) != 1:
            raise ValueError("Own readers must list one name.")
"""


@pytest.mark.django_db
def test_the_standard_library_s_docstring_says_what_it_returns(git_repo):
    cards = harvest_published(git_repo, {"django/core/management/commands/loaddata.py": LOADDATA})
    generated = cards["Zip-compressed fixtures must contain one file."].generated
    said = (
        "the list of file names in the archive that `zipfile.ZipFile.namelist()` returns does not have exactly 1 item"
    )
    assert said in generated["meaning"]
    assert f"- {said} (line 7)" in generated["trigger"]


@pytest.mark.django_db
def test_not_of_a_method_the_harvest_defines(git_repo):
    cards = harvest_published(git_repo, {"django/core/management/commands/loaddata.py": LOADDATA})
    generated = cards["Own readers must list one name."].generated
    assert "file names in the archive" not in generated.get("meaning", "") + generated.get("trigger", "")


# Reduced from Django 5.2.19's django/core/management/commands/loaddata.py:422-426, the method given by an assignment
# in the class (`namelist = _names`) or in a subclass that may stand for `self` (a `property`): not the stdlib's.
ASSIGNED = """
import zipfile


def _names(self):
    return ["a", "b"]


class SingleZipReader(zipfile.ZipFile):
    namelist = _names

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if len(self.namelist()) != 1:
            raise ValueError("Zip-compressed fixtures must contain one file.")


class BaseReader(zipfile.ZipFile):
    def check(self):
        if len(self.namelist()) != 1:
            raise ValueError("Base readers must list one name.")


class ChildReader(BaseReader):
    namelist = property(lambda self: _names)
"""


@pytest.mark.django_db
def test_not_of_a_method_the_harvest_assigns(git_repo):
    cards = harvest_published(git_repo, {"django/core/management/commands/loaddata.py": ASSIGNED})
    for words in ("Zip-compressed fixtures", "Base readers"):
        generated = next(entry for message, entry in cards.items() if words in message).generated
        assert "file names in the archive" not in generated.get("meaning", "") + (generated.get("trigger") or "")

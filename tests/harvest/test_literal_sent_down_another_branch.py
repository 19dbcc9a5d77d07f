"""A way in that hands a function on the way a literal its test sends down another branch is no way in: every
prettytable setter calls `self._validate_option("<its name>", val)`, which calls each validator under its own
`elif option in (...)`. Round 23's cards 21-25 named `right_padding_width` a way to "Must be True or False", and
the setter's literal worded that validator's message as a card of its own."""

from tests.harvest.published import harvest_published

# Reduced from prettytable 3.18.0's src/prettytable/prettytable.py: `_validate_option` (lines 564-620),
# `_validate_nonnegative_int` and `_validate_true_or_false` (690-702), the `right_padding_width` setter
# (1389-1392) and the `header` setter's call (as 1389-1392, `"header"`).
TABLE = '''
class PrettyTable:
    def _validate_option(self, option, val) -> None:
        if option == "field_names":
            self._validate_field_names(val)
        elif option in (
            "start",
            "padding_width",
            "left_padding_width",
            "right_padding_width",
        ):
            self._validate_nonnegative_int(option, val)
        elif option in (
            "header",
            "border",
            "print_empty",
        ):
            self._validate_true_or_false(option, val)

    def _validate_field_names(self, val):
        self._field_names = list(val)

    def _validate_nonnegative_int(self, name, val):
        try:
            assert int(val) >= 0
        except AssertionError:
            msg = f"Invalid value for {name}: {val}"
            raise ValueError(msg)

    def _validate_true_or_false(self, name, val):
        try:
            assert val in (True, False)
        except AssertionError:
            msg = f"Invalid value for {name}. Must be True or False."
            raise ValueError(msg)

    @property
    def right_padding_width(self) -> int | None:
        """The number of empty spaces between a column's right edge and its content"""
        return self._right_padding_width

    @right_padding_width.setter
    def right_padding_width(self, val: int) -> None:
        self._validate_option("right_padding_width", val)
        self._right_padding_width = val

    @property
    def header(self) -> bool:
        """Controls printing of table header with field names"""
        return self._header

    @header.setter
    def header(self, val: bool) -> None:
        self._validate_option("header", val)
        self._header = val
'''


def _ways(card) -> set[str]:
    [site] = card.sites.all()
    return {row["function"] for row in site.evidence["entry_points"]} | {
        row["function"] for row in site.evidence.get("callers") or []
    }


def test_a_setter_whose_literal_takes_another_branch_is_no_way_to_the_raise(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"table/__init__.py": "", "table/prettytable.py": TABLE}, repo="example/t")
    true_or_false = cards["Invalid value for {name}. Must be True or False."]
    nonnegative = cards["Invalid value for {name}: {val}"]
    assert "PrettyTable.right_padding_width" not in _ways(true_or_false)
    assert "PrettyTable.header" in _ways(true_or_false)
    assert "PrettyTable.right_padding_width" in _ways(nonnegative)
    assert "PrettyTable.header" not in _ways(nonnegative)
    assert "right_padding_width" not in str(true_or_false.generated.get("situations"))


def test_a_setter_s_literal_words_only_the_message_of_the_validator_its_branch_calls(db, git_repo) -> None:
    # Round 23's cards 21-25: "Invalid value for right_padding_width. Must be True or False." was a card of its own,
    # the setter's literal bound into `_validate_true_or_false`'s message past `elif option in ("header", ...)`.
    cards = harvest_published(git_repo, {"table/__init__.py": "", "table/prettytable.py": TABLE}, repo="example/t")
    assert "Invalid value for right_padding_width. Must be True or False." not in cards
    assert "Invalid value for header: {val}" not in cards
    setter = cards["Invalid value for right_padding_width: {val}"]
    assert "PrettyTable.right_padding_width" in {site.function for site in setter.sites.all()}
    assert "Invalid value for header. Must be True or False." in cards


# Reduced from Django 5.2's django/core/files/utils.py (lines 7-23) and django/core/files/storage/base.py
# (`Storage.save`, 24-43, and `get_available_name`, 76-86).
FILES = '''
import os
import pathlib

from django.core.exceptions import SuspiciousFileOperation


def validate_file_name(name, allow_relative_path=False):
    if os.path.basename(name) in {"", ".", ".."}:
        raise SuspiciousFileOperation("Could not derive file name from '%s'" % name)

    if allow_relative_path:
        path = pathlib.PurePosixPath(str(name).replace("\\\\", "/"))
        if path.is_absolute() or ".." in path.parts:
            raise SuspiciousFileOperation(
                "Detected path traversal attempt in '%s'" % name
            )
    elif name != os.path.basename(name):
        raise SuspiciousFileOperation("File name '%s' includes path elements" % name)

    return name


class Storage:
    def save(self, name, content, max_length=None):
        """Save new content to the file specified by name."""
        validate_file_name(name, allow_relative_path=True)
        name = self.get_available_name(name, max_length=max_length)
        return name

    def get_available_name(self, name, max_length=None):
        """Return a filename that's free on the target storage system."""
        dir_name, file_name = os.path.split(name)
        validate_file_name(file_name)
        return name
'''


def test_a_direct_caller_whose_literal_takes_another_branch_is_no_way_to_the_raise(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"files/__init__.py": "", "files/utils.py": FILES}, repo="example/f")
    elements = cards["File name '{name}' includes path elements"]
    assert "Storage.save" not in _ways(elements)  # `allow_relative_path=True`: the `elif` is never tested
    assert "Storage.get_available_name" in _ways(elements)
    assert "Storage.save" in _ways(cards["Detected path traversal attempt in '{name}'"])

"""A test above a long `@pytest.mark.parametrize` table is read: its body ends where the next test's decorators
begin, however many lines their table runs. Read up from the next `def`, the lines inside the brackets a line closes
are the decorator's arguments; the twelve lines read before left tomlkit 0.15.3's tests/test_api.py:130-134 unread
under the thirteen of tests/test_api.py:137-149 (a fragment that did not parse), and Django 5.2.19's
tests/staticfiles_tests/test_storage.py:355-361 and tests/messages_tests/base.py:228-239 likewise."""

from kb.harvest.evidence.assertions import functions_around
from tests.harvest.test_tests_docs import evidence_of, triggering

# tomlkit 0.15.3's tomlkit/parser.py, reduced.
PARSER = """
class ParseError(ValueError):
    pass


class InvalidDateError(ParseError):
    pass


class UnexpectedCharError(ParseError):
    pass


def parse(text):
    if text.startswith("date = 2018-13"):
        raise InvalidDateError("Invalid date")
    if "," in text:
        raise UnexpectedCharError("Unexpected character")
    return text
"""

# tomlkit 0.15.3's tests/test_parser.py:285-319, reduced: a test above a table of fourteen lines.
LONG_TABLE_TESTS = """
import pytest

from toml.parser import InvalidDateError, parse


def test_parser_rejects_a_bad_date():
    with pytest.raises(InvalidDateError, match="Invalid date"):
        parse("date = 2018-13-33")


@pytest.mark.parametrize(
    "raw",
    [
        "NaN",
        "Nan",
        "nAn",
        "INF",
        "Inf",
        "iNf",
        "+INF",
        "-Inf",
        "+NaN",
    ],
)
def test_parser_rejects_non_lowercase_special_floats(raw):
    assert parse(raw) == raw
"""


def test_a_long_table_below_a_test_leaves_the_test_read(git_repo) -> None:
    """The test's body ends where the next test's decorators begin, however many lines their table runs."""
    git_repo.write("pyproject.toml", "[project]\nname = 'toml'\n")
    git_repo.write("toml/__init__.py", "")
    git_repo.write("toml/parser.py", PARSER)
    git_repo.write("tests/test_parser.py", LONG_TABLE_TESTS)
    evidence = evidence_of(git_repo.root / "toml", "toml")
    [test] = triggering(evidence, "Invalid date")
    assert (test["name"], test["how"], test["line"]) == ("test_parser_rejects_a_bad_date", "message", 7)


def test_a_bracket_in_a_row_s_string_does_not_end_the_table() -> None:
    """voluptuous 0.16.0's tests/tests.py:335-338: a row's `'john!@voluptuous.org!@($*!'` opens a bracket that
    the string holds, not the table."""
    text = (
        "def test_a():\n    with pytest.raises(E):\n        f()\n\n\n@pytest.mark.parametrize(\n"
        "    'input_value', ['john@voluptuous.com>', 'john!@voluptuous.org!@($*!']\n)\ndef test_b(input_value):\n"
        "    pass\n"
    )
    assert functions_around(text, [text.index("raises")], text.split("\n")) == {(1, 3): "test_a"}

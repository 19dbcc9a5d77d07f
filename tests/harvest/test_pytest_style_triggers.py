"""A `parametrize` row's values are the test's call's (triggers37: of nine libraries with pytest-style tests, 58
of their 326 published cards showed a way to trigger them): the row that builds the object the call is made on
names its class's method; a row that gives the asserted type asserts that type; a command's expected output that
is a column of the table is each row's, shown with the row's values bound. Each case is reduced from a library's
own tests, whose file and lines each test names."""

from tests.harvest.published import harvest_published
from tests.harvest.test_a_long_table_below_a_test import PARSER  # tomlkit 0.15.3's parser, reduced
from tests.harvest.test_tests_docs import evidence_of, triggering

# click 8.3.1's src/click/types.py, reduced: two types whose `convert` raise the one type, the message of one a
# prefix of what the other's placeholder may hold ("6 is not in the range x<=5." fits "{value} is not {choices}.").
TYPES = """
class BadParameter(ValueError):
    def __init__(self, message):
        super().__init__(message)
        self.message = message


class Choice:
    def __init__(self, choices):
        self.choices = choices

    def convert(self, value):
        if value not in self.choices:
            raise BadParameter(f"{value} is not {self.choices}.")
        return value


class IntRange:
    def __init__(self, max):
        self.max = max

    def convert(self, value):
        if int(value) > self.max:
            raise BadParameter(f"{value} is not in the range x<={self.max}.")
        return int(value)
"""

# click 8.3.1's tests/test_types.py:35-51, reduced.
RANGE_TESTS = """
import pytest

from kinds.types import BadParameter, IntRange


@pytest.mark.parametrize(
    ("type", "value", "expect"),
    [
        (IntRange(max=5), "6", "6 is not in the range x<=5."),
    ],
)
def test_range_fail(type, value, expect):
    with pytest.raises(BadParameter) as exc_info:
        type.convert(value)

    assert expect in exc_info.value.message
"""


def test_a_row_that_builds_the_object_called_names_its_class_s_method(git_repo) -> None:
    """`type.convert(value)` with `type` a row's `IntRange(max=5)`: `IntRange.convert`, which raises the range's
    message alone, where `convert` names both types' methods and the asserted text fits both messages."""
    git_repo.write("pyproject.toml", "[project]\nname = 'kinds'\n")
    git_repo.write("kinds/__init__.py", "")
    git_repo.write("kinds/types.py", TYPES)
    git_repo.write("tests/test_types.py", RANGE_TESTS)
    evidence = evidence_of(git_repo.root / "kinds", "kinds")
    [test] = triggering(evidence, "{value} is not in the range x<={max}.")
    assert (test["name"], test["how"], test["call"]) == ("test_range_fail", "message", "IntRange(max=5).convert('6')")
    assert triggering(evidence, "{value} is not {choices}.") == []


# tomlkit 0.15.3's tests/test_api.py:109-134, reduced; the long table below the test is tests/test_api.py:137-149's
# thirteen lines, which left the test above it unread.
PARSER_TESTS = """
import pytest

from toml.parser import InvalidDateError, UnexpectedCharError, parse


@pytest.mark.parametrize(
    "source,error",
    [
        ("a = [1,,2]", UnexpectedCharError),
        ("date = 2018-13-33", InvalidDateError),
    ],
)
def test_parse_raises_errors_for_invalid_toml_files(error, source):
    with pytest.raises(error):
        parse(source)


@pytest.mark.parametrize(
    "example_name",
    [
        "example",
        "fruit",
        "hard",
        "sections_with_same_start",
        "pyproject",
        "0.5.0",
        "test",
        "table_names",
    ],
)
def test_original_string_and_dumped_string_are_equal(example_name):
    assert parse(example_name) == example_name
"""


def test_a_row_that_gives_the_asserted_type_triggers_that_type_s_error(git_repo) -> None:
    """`pytest.raises(error)` with `error` a column: each row asserts its own type, over its own call."""
    git_repo.write("pyproject.toml", "[project]\nname = 'toml'\n")
    git_repo.write("toml/__init__.py", "")
    git_repo.write("toml/parser.py", PARSER)
    git_repo.write("tests/test_api.py", PARSER_TESTS)
    evidence = evidence_of(git_repo.root / "toml", "toml")
    [date] = triggering(evidence, "Invalid date")
    assert (date["how"], date["call"]) == ("type-and-call", "parse('date = 2018-13-33')")
    [char] = triggering(evidence, "Unexpected character")
    assert char["call"] == "parse('a = [1,,2]')"


# click 8.3.1's src/click/parser.py:436-441, reduced to a command of one option.
COMMAND = """
class BadOptionUsage(Exception):
    pass


def option_value(name, args):
    if not args:
        raise BadOptionUsage(f"Option {name!r} requires an argument.")
    return args[0]
"""

# click 8.3.1's tests/test_basic.py:110-131, reduced.
COMMAND_TESTS = """
import click
import pytest


@pytest.mark.parametrize(
    ("args", "expect"),
    [
        ([], "S:[no value]"),
        (["--s"], "Error: Option '--s' requires an argument."),
    ],
)
def test_string_option(runner, args, expect):
    @click.command()
    @click.option("--s", default="no value")
    def cli(s):
        click.echo(f"S:[{s}]")

    result = runner.invoke(cli, args)
    assert expect in result.output
"""


def test_a_run_whose_expected_output_is_a_column_triggers_each_row_s_error(db, git_repo) -> None:
    """`assert expect in result.output`: the row whose text is an error line is the run's failure, shown with the
    row's `args` bound first and the command's decorators once."""
    files = {"options/__init__.py": "", "options/parser.py": COMMAND, "tests/test_basic.py": COMMAND_TESTS}
    cards = harvest_published(git_repo, files, repo="acme/options")
    [test] = cards["Option {name} requires an argument."].evidence["tests"]
    assert (test["name"], test["call"], test["row"]) == (
        "test_string_option",
        "runner.invoke(cli, ['--s'])",
        "args = ['--s']",
    )
    shown = cards["Option {name} requires an argument."].generated["how_to_trigger"]
    assert "    # its parametrize row:\n    args = ['--s']\n    @click.command()\n" in shown
    assert shown.count("@click.command()") == 1

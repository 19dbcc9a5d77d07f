"""A test shown from its start, whose first statement is a decorated function (click's tests define their command
first: `@click.command()` over `def cli`), shows those decorators once: its header runs up to the first statement's
decorators, not its `def` line. Twice, `@click.command()` would make a command of a command, which raises another
error ("Attempted to convert a callback into a command twice.")."""

from tests.harvest.published import harvest_published

# click 8.3.1's src/click/types.py:330-345, reduced.
CHOICE = """
class BadParameter(Exception):
    pass


def choose(value, choices):
    if value not in choices:
        raise BadParameter(f"{value!r} is not one of {choices}.")
    return value
"""

# click 8.3.1's tests/test_basic.py:438-452, reduced.
CHOICE_TESTS = """
import click


def test_choice_option(runner):
    @click.command()
    @click.option("--method", type=click.Choice(["foo", "bar", "baz"]))
    def cli(method):
        click.echo(method)

    result = runner.invoke(cli, ["--method=meh"])
    assert result.exit_code == 2
    assert "'meh' is not one of 'foo', 'bar', 'baz'." in result.output
"""


def test_a_test_whose_first_statement_is_decorated_shows_its_decorators_once(db, git_repo) -> None:
    """The test's header runs up to its first statement's decorators, not its `def`: shown twice, `@click.command()`
    would make a command of a command, which raises another error."""
    files = {"options/__init__.py": "", "options/types.py": CHOICE, "tests/test_basic.py": CHOICE_TESTS}
    cards = harvest_published(git_repo, files, repo="acme/options")
    shown = cards["{value} is not one of {choices}."].generated["how_to_trigger"]
    assert "def test_choice_option(runner):\n    @click.command()\n    @click.option(" in shown
    assert shown.count("@click.command()") == 1

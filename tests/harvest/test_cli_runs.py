"""A command-line program's tests that run it and check its error output (click's `runner.invoke`) trigger the
error whose message they name; a run not said to fail checks nothing."""

from tests.harvest.test_tests_docs import evidence_of, triggering

CLI = """
class UsageError(Exception):
    pass


def parse_count(value):
    if not value.isdigit():
        raise UsageError(f"Invalid value for '--count': {value!r} is not a valid integer.")
    return int(value)
"""


def test_a_failed_run_whose_output_names_the_message_triggers_it(git_repo) -> None:
    git_repo.write("pyproject.toml", "[project]\nname = 'tool'\n")
    git_repo.write("tool/__init__.py", "")
    git_repo.write("tool/cli.py", CLI)
    git_repo.write(
        "tests/test_cli.py",
        """
        from click.testing import CliRunner
        from tool.cli import main


        def test_bad_count(runner):
            result = runner.invoke(main, ["--count", "x"])
            assert result.exit_code == 2
            assert "Invalid value for '--count': 'x' is not a valid integer." in result.output


        def test_output_of_a_good_run(runner):
            result = runner.invoke(main, ["--count", "1"])
            assert "Invalid value for '--count'" not in result.output
            assert "Invalid value for '--count': 'x' is not a valid integer." in result.output
        """,
    )
    evidence = evidence_of(git_repo.root / "tool", "tool")
    [test] = triggering(evidence, "Invalid value for '--count': {value} is not a valid integer.")
    assert (test["name"], test["assertion"], test["how"]) == ("test_bad_count", "CliRunner.invoke", "message")
    assert (test["call"], test["pinned"], test["line"]) == ('runner.invoke(main, ["--count", "x"])', 6, 8)

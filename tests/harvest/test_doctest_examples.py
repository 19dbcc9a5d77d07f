"""The documentation's examples that end in a traceback are read as tests are: the entry whose message the example
shows gets it as "How to trigger it", and the sentence introducing it ("If you pass an invalid version string you
will get a ValueError") as the library's own words for what the user did."""

from pathlib import Path

from kb.harvest.evidence.doctests import read_doctests
from tests.adversarial_inputs import LARGE
from tests.counted_work import python_calls
from tests.harvest.published import harvest_published

DOC = """
Parsing
=======

If you pass an invalid version string you will get a :py:exc:`python:ValueError`::

    >>> import semver
    >>> semver.parse("1.2")
    Traceback (most recent call last):
      File "<stdin>", line 1, in <module>
        raise ValueError(...)
    ValueError: 1.2 is not valid SemVer string

A session that ends well shows no error::

    >>> semver.parse("1.2.3")
    {'major': 1}
"""


def test_an_example_is_read_with_its_set_up_its_message_and_its_introduction() -> None:
    [example] = read_doctests(DOC, "docs/usage.rst")
    assert (example.line, example.types, example.exact) == (8, ("ValueError",), "1.2 is not valid SemVer string")
    assert example.code == 'import semver\nsemver.parse("1.2")'
    assert example.start == 7
    assert example.said == "If you pass an invalid version string you will get a ValueError"


def test_a_statement_alone_is_the_call() -> None:
    text = "Wrong input fails:\n\n>>> parse('x')\nTraceback (most recent call last):\n...\nValueError: bad 'x'\n"
    [example] = read_doctests(text, "README.md")
    assert (example.call, example.pinned, example.said) == ("parse('x')", 3, "Wrong input fails")


def test_a_session_without_a_traceback_gives_nothing() -> None:
    assert read_doctests(">>> parse('1.2.3')\n{'major': 1}\n", "docs/a.rst") == []


def test_a_traceback_without_its_exception_line_gives_nothing() -> None:
    assert read_doctests(">>> f()\nTraceback (most recent call last):\n...\n\n>>> g()\n", "docs/a.rst") == []


def test_the_work_grows_with_the_text_not_faster() -> None:
    unit = ">>> f(1)\n... \n" + "Traceback (most recent call last):\n" + "...\n" * 3 + "\n"
    small, large = unit * (LARGE // 8 // len(unit)), unit * (LARGE // len(unit))
    assert python_calls(read_doctests, large, "docs/a.rst") <= 10 * python_calls(read_doctests, small, "docs/a.rst")


def test_the_card_shows_the_example_and_quotes_its_introduction(db, git_repo) -> None:
    source = """
def parse(version):
    if "." not in version:
        raise ValueError(f"{version} is not valid SemVer string")
    return version
"""
    files = {"semver/__init__.py": source, "docs/usage.rst": DOC}
    [entry] = harvest_published(git_repo, files, repo="python-semver/python-semver").values()
    assert 'semver.parse("1.2")' in entry.generated["how_to_trigger"]
    assert "The documentation's example" in entry.generated["how_to_trigger"]
    assert "“If you pass an invalid version string you will get a ValueError”" in entry.generated["meaning"]
    assert Path("docs/usage.rst").name in entry.generated["meaning"]

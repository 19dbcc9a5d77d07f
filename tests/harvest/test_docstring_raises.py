"""What a docstring says a function raises is quoted on the card of that raise (issue 29: the library's own words
for what the reader did), and only where the words are about this raise."""

from pathlib import Path

from kb.harvest.reading.docstrings import raises_said
from tests.adversarial_inputs import LARGE, REPOSITORY_FAMILIES
from tests.corpus_libs import corpus_libs
from tests.harvest.published import harvest_published


def meaning_of(cards: dict, message: str) -> str:
    return str(cards[message].generated.get("meaning", ""))


def test_the_three_forms_of_a_raises_section_are_read() -> None:
    sphinx = "Remove it.\n\n:param value: the value\n:raises ValueError: if `value` is not\n    in the list\n"
    google = "Set it.\n\nRaises:\n    KeyError: If the name\n        is unknown.\n    TypeError: if not a str\n"
    google += "Returns:\n    x\n"
    numpy = "Parse.\n\nRaises\n------\nParserError\n    If the string is bad.\n\nReturns\n-------\nint\n"
    assert raises_said(sphinx) == {"ValueError": "if `value` is not in the list"}
    assert raises_said(google) == {"KeyError": "If the name is unknown.", "TypeError": "if not a str"}
    assert raises_said(numpy) == {"ParserError": "If the string is bad."}


def test_a_sentence_that_names_the_exception_is_read() -> None:
    doc = "Return the only item. If *iterable* is empty, :exc:`~builtins.ValueError` will be raised. It is fast."
    assert raises_said(doc) == {"ValueError": "If *iterable* is empty, `ValueError` will be raised."}


def test_a_sentence_without_a_verb_of_raising_is_not() -> None:
    assert raises_said("Return a ValueError instance for the caller to use.") == {}


def test_hostile_docstrings_are_read_whole_or_cut() -> None:
    for build in REPOSITORY_FAMILIES.values():
        said = raises_said(build(LARGE))
        assert all(len(text) <= 300 for text in said.values())


def test_the_card_quotes_the_docstring_of_the_function_that_raises(db, git_repo) -> None:
    folder = corpus_libs("sortedcontainers==2.4.0", "sortedcontainers")
    files = {"src/sortedcontainers/sortedlist.py": Path(folder, "sortedcontainers", "sortedlist.py")}
    cards = harvest_published(git_repo, files, repo="grantjenks/python-sortedcontainers")
    meaning = meaning_of(cards, "{value} not in list")
    assert "says of `ValueError`: “if `value` is not in sorted list”" in meaning.replace("\\", "")


UNITS = '''
def convert(amount, text):
    """Convert an amount to metres.

    :raises ValueError: if the unit is not one of metres, feet or inches
    """
    if amount < 0:
        raise ValueError("Only positive amounts can be converted.")
    unit = text.strip().lower()
    if unit not in ("m", "ft", "in"):
        raise ValueError(f"Unknown unit {unit}.")
    return amount
'''


def test_a_docstring_about_another_raise_of_the_type_is_not_quoted(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"units/convert.py": UNITS}, repo="example/units")
    assert "docstring" not in meaning_of(cards, "Only positive amounts can be converted.")
    assert "if the unit is not one of metres" in meaning_of(cards, "Unknown unit {unit}.")


def test_a_parameter_other_raises_test_too_is_not_enough(db, git_repo) -> None:
    """more-itertools' `constrained_batches()` raises ValueError three times; its docstring speaks of one, "if any
    single item is bigger than *max_size*": not of "maximum size must be greater than zero", which tests
    `max_size` too."""
    folder = corpus_libs("more-itertools==11.2.1", "more_itertools")
    files = {"more_itertools/more.py": Path(folder, "more_itertools", "more.py")}
    cards = harvest_published(git_repo, files, repo="more-itertools/more-itertools")
    assert "bigger than" in meaning_of(cards, "item size exceeds maximum size")
    assert "docstring" not in meaning_of(cards, "maximum size must be greater than zero")


def test_an_item_of_a_list_is_a_sentence_of_its_own() -> None:
    doc = "Resolve it.\n\n- path: the path. Defaults to None.\n"
    doc += "- check_exists: if True and it is missing, raise a\n  FileNotFoundError.\n"
    assert raises_said(doc) == {
        "FileNotFoundError": "check_exists: if True and it is missing, raise a FileNotFoundError."
    }

"""A pytest table-driven test triggers each error its rows name (round 16's webcolors cards showed no call though
their tests held one row per message): the row's message, and the call with the row's values put in."""

from kb.harvest.evidence.parametrized import tables
from tests.adversarial_inputs import LARGE, REPOSITORY_FAMILIES
from tests.harvest.published import harvest_published

COLORS = """
def parse_legacy(value):
    if not isinstance(value, str):
        raise ValueError("Legacy color parsing requires a Unicode string as input.")
    if value == "":
        raise ValueError("Legacy color parsing forbids empty string as a value.")
    if len(value) != 7:
        raise ValueError("A simple color must be a Unicode string seven characters long")
    return value
"""

TESTS = """
import re

import pytest

from colors.core import parse_legacy


@pytest.mark.parametrize(
    ["value", "match"],
    [
        (b"#000000", "Legacy color parsing requires a Unicode string as input."),
        pytest.param("", "Legacy color parsing forbids empty string as a value.", id="empty"),
        ("#09c", re.escape("A simple color must be a Unicode string seven characters long")),
    ],
)
def test_parse_legacy_error(value, match):
    with pytest.raises(ValueError, match=match):
        parse_legacy(value)
"""


def test_each_row_of_a_parametrized_test_triggers_the_error_it_names(db, git_repo) -> None:
    files = {"colors/__init__.py": "", "colors/core.py": COLORS, "tests/test_colors.py": TESTS}
    cards = harvest_published(git_repo, files, repo="acme/colors")
    shown = {message: card.generated.get("how_to_trigger", "") for message, card in cards.items()}
    assert "parse_legacy(b'#000000')" in shown["Legacy color parsing requires a Unicode string as input."]
    assert "parse_legacy('')" in shown["Legacy color parsing forbids empty string as a value."]
    assert "parse_legacy('#09c')" in shown["A simple color must be a Unicode string seven characters long"]


def test_a_hostile_test_file_gives_no_table_and_a_deep_one_no_error() -> None:
    for build in REPOSITORY_FAMILIES.values():
        assert tables(build(LARGE) + "\nparametrize") == {}
    deep = "@pytest.mark.parametrize('a', " + "[" * 5000 + "]" * 5000 + ")\ndef test_x(a): pass\n"
    assert tables(deep) == {}

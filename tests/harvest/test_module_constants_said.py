"""A module's constant in a test is said with its value (round 12's card 12: `fixture_name == READ_STDIN` is
"equals `READ_STDIN` (`'-'`)"), only where the module binds it once, to a literal, above the function."""

from tests.harvest.published import django_files, harvest_published

CODES = """
LIMIT = 10
MODE = "strict"
if True:
    MODE = "loose"


def check(size, mode):
    if size > LIMIT:
        raise ValueError("Too large.")
    if mode == MODE:
        raise ValueError("Wrong mode.")
"""


def test_the_value_of_a_constant_is_said(db, git_repo) -> None:
    cards = harvest_published(git_repo, django_files("core/management/commands/loaddata.py"))
    meaning = cards["--format must be specified when reading from stdin."].generated["meaning"]
    assert "`READ_STDIN` is `'-'`" in meaning


def test_a_constant_bound_twice_is_not(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"pkg/codes.py": CODES}, repo="example/codes")
    assert "`LIMIT` is `10`" in cards["Too large."].generated["meaning"]
    assert "`MODE` is" not in cards["Wrong mode."].generated.get("meaning", "")

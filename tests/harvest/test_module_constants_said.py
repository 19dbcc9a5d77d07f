"""A module's constant in a test is said with its value (round 12's card 12: `fixture_name == READ_STDIN` is
"equals `READ_STDIN` (`'-'`)"), only where the module binds it once, to a literal (or arithmetic of literals and
the module's constants above it), above the function."""

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
    # The meaning is led by the `loaddata` command since its property reads are calls; the trigger says the test.
    trigger = cards["--format must be specified when reading from stdin."].generated["trigger"]
    assert "- the `fixture_name` argument equals `READ_STDIN` (`READ_STDIN` is `'-'`) (line 390)" in trigger


def test_a_constant_bound_twice_is_not(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"pkg/codes.py": CODES}, repo="example/codes")
    assert "`LIMIT` is `10`" in cards["Too large."].generated["meaning"]
    assert "`MODE` is" not in cards["Wrong mode."].generated.get("meaning", "")


def test_a_constant_computed_from_another_is_said_with_the_one_it_reads(db, git_repo) -> None:
    # Round 21's card 08: the request held `CSRF_SECRET_LENGTH = 32` but not `CSRF_TOKEN_LENGTH = 2 * ...`, both
    # in the condition (django/middleware/csrf.py:44-45, 136-137), and the model wrote "(32)" for both.
    cards = harvest_published(git_repo, django_files("middleware/csrf.py"))
    length = cards["has incorrect length"]
    rows = {row["name"]: row["code"] for row in length.sites.get().evidence["definitions"]}
    assert rows == {"CSRF_TOKEN_LENGTH": "2 * CSRF_SECRET_LENGTH", "CSRF_SECRET_LENGTH": "32"}
    said = "`CSRF_TOKEN_LENGTH` is `2 * CSRF_SECRET_LENGTH`; `CSRF_SECRET_LENGTH` is `32`"
    assert said in length.generated["meaning"]
    # The other raise's guard names them too (line 136, then 139-140): they are defined for it as well.
    characters = cards["has invalid characters"].sites.get().evidence["definitions"]
    assert {row["name"]: row["code"] for row in characters} == rows
    # Where a caller's card puts the callee's condition in its place, the constant keeps its name.
    [rejected] = [entry for entry in cards.values() if "“has incorrect length”" in entry.generated.get("meaning", "")]
    assert "`(CSRF_TOKEN_LENGTH, 32)`" in rejected.generated["meaning"]


# isodate 0.7.2: src/isodate/isotzinfo.py:7-16, 36-56, reduced.
TZINFO = """
import re

TZ_REGEX = (
    r"(?P<tzname>(Z|(?P<tzsign>[+-])" r"(?P<tzhour>[0-9]{2})(:?(?P<tzmin>[0-9]{2}))?)?)"
)

TZ_RE = re.compile(TZ_REGEX)
BUILT_RE = re.compile(build_pattern())


def parse_tzinfo(tzstring):
    match = TZ_RE.match(tzstring)
    if match:
        return match.groupdict()
    raise ValueError("%s not a valid time zone info" % tzstring)


def parse_built(text):
    match = BUILT_RE.match(text)
    if not match:
        raise ValueError("%s not built" % text)
"""


def test_a_pattern_a_condition_matches_with_is_defined_with_its_module_string(db, git_repo) -> None:
    # Round 22's card 22: the request gave `match = TZ_RE.match(tzstring)` but not the pattern, whose optional
    # group matches every string's empty prefix, and the model described a raise no input reaches.
    cards = harvest_published(git_repo, {"src/isodate/isotzinfo.py": TZINFO}, repo="gweis/isodate")
    rows = {
        row["name"]: row["code"]
        for row in cards["{tzstring} not a valid time zone info"].sites.get().evidence["definitions"]
    }
    assert rows["TZ_RE"] == "re.compile(TZ_REGEX)"
    assert rows["TZ_REGEX"].startswith("'(?P<tzname>(Z|(?P<tzsign>[+-])(?P<tzhour>")
    built = {row["name"] for row in cards["{text} not built"].sites.get().evidence["definitions"]}
    assert built == {"match"}  # compiled from a call: nothing says the pattern without running the code

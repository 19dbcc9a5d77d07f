"""A pattern's match that matches at the start of every string is never None, so a raise past `if match: return`
(or under `if not match`) is never reached (round 22's card 22, "Calling `parse_tzinfo()` raises this"): the entry
stays a draft. On isodate 0.7.2's time zone parser, reduced where it says."""

from kb.harvest.pipeline.kept import NEVER_HOLDS
from kb.harvest.reading.always_matches import matches_every_start
from kb.models import ErrorEntry
from tests.harvest.published import harvest_published

# isodate 0.7.2, src/isodate/isoerror.py (the docstring left out).
ISOERROR = "class ISO8601Error(ValueError):\n    pass\n"
# src/isodate/isotzinfo.py:7-16 and 36-56 (the imports reduced to those used, `build_tzinfo` to a stub); its time
# zone is optional as a whole. `parse_strict` is the same function with the pattern's last `?` left out: a pattern
# that must read a character does fail.
ISOTZINFO = '''
import re

from isodate.isoerror import ISO8601Error

TZ_REGEX = (
    r"(?P<tzname>(Z|(?P<tzsign>[+-])" r"(?P<tzhour>[0-9]{2})(:?(?P<tzmin>[0-9]{2}))?)?)"
)

TZ_RE = re.compile(TZ_REGEX)
STRICT_RE = re.compile(r"(?P<tzname>(Z|(?P<tzsign>[+-])(?P<tzhour>[0-9]{2})(:?(?P<tzmin>[0-9]{2}))?))")


def build_tzinfo(tzname, tzsign="+", tzhour=0, tzmin=0):
    return tzname


def parse_tzinfo(tzstring):
    """
    Parses ISO 8601 time zone designators to tzinfo objects.
    """
    match = TZ_RE.match(tzstring)
    if match:
        groups = match.groupdict()
        return build_tzinfo(
            groups["tzname"],
            groups["tzsign"],
            int(groups["tzhour"] or 0),
            int(groups["tzmin"] or 0),
        )
    raise ISO8601Error("%s not a valid time zone info" % tzstring)


def parse_strict(tzstring):
    """Parses a time zone designator that must be there."""
    match = STRICT_RE.match(tzstring)
    if match:
        return build_tzinfo(match.group("tzname"))
    raise ISO8601Error("%s not a time zone designator" % tzstring)


def parse_ended(tzstring):
    """Parses a time zone designator alone: the optional pattern must reach the string's end."""
    match = re.match(TZ_REGEX + "$", tzstring)
    if match is None:
        raise ISO8601Error("%s is more than a time zone designator" % tzstring)
    return build_tzinfo(match.group("tzname"))
'''


def test_a_raise_past_a_match_of_a_pattern_every_string_starts_with_stays_a_draft(db, git_repo) -> None:
    files = {"isodate/__init__.py": "", "isodate/isoerror.py": ISOERROR, "isodate/isotzinfo.py": ISOTZINFO}
    cards = harvest_published(git_repo, files, repo="gweis/isodate")
    never = cards["{tzstring} not a valid time zone info"]
    assert never.status == ErrorEntry.Status.DRAFT and never.evidence["unpublished"] == NEVER_HOLDS
    [site] = never.sites.all()
    assert site.evidence["entry_points"] == []
    # A pattern that reads a character first, or that must reach the end (`$`), fails on some strings.
    for message in ("{tzstring} not a time zone designator", "{tzstring} is more than a time zone designator"):
        assert cards[message].status == ErrorEntry.Status.PUBLISHED
        assert [row["function"] for row in cards[message].sites.get().evidence["entry_points"]][:1] != []


def test_only_a_pattern_that_matches_nothing_without_reading_what_follows_matches_every_start() -> None:
    accepted: list[str | bytes] = ["", "a*", "(Z|[+-][0-9]{2})?", "^(a|)", "(?=a)?", "a{0,3}", b"x*"]
    assert all(matches_every_start(pattern) for pattern in accepted)
    # `$`, `\b` and a lookahead match "" but not "b"; a backreference and an atomic group are not read.
    refused = ["x", "a{1,3}", "$", "a?$", r"\b", "(?=a)", "(?!b)", r"(a)?\1", "(?>a?)^", "[", "(" * 5000]
    assert not any(matches_every_start(pattern) for pattern in refused)


def test_a_python_without_the_private_pattern_parser_knows_no_pattern_to_always_match(monkeypatch) -> None:
    # `re._parser` is CPython's private module: its absence turns the rule off, never the harvest.
    monkeypatch.setattr("kb.harvest.reading.always_matches.sre_parse", None)
    assert not matches_every_start(r"(?P<tzname>(Z|(?P<tzsign>[+-])(?P<tzhour>[0-9]{2})))?")

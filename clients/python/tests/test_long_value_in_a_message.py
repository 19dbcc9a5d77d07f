"""A value the user gave can be long (`Values are not equal: value:<50 characters> != target:a`): it does not make
the wording's own words a small share of the message, so the wording still fits when the type is a wrapper of
another name (a validation library's MultipleInvalid carries its first error's message)."""

from test_index import entry as index_entry

from errorkb.matching.index import Entry, MatchIndex, Site
from errorkb.matching.rank import match_text


def entry(key: int, wording: str) -> Entry:
    return index_entry(
        key, wording, type_="checks.error.Invalid", sites=(Site("checks/validators.py", key, "check", "a"),)
    )


INDEX = MatchIndex.build([entry(1, "Values are not equal: value:{v} != target:{target}"), entry(2, "{a} is {b}")])


def test_a_long_value_keeps_the_fit_of_a_wording_of_another_type():
    text = "checks.error.MultipleInvalid: Values are not equal: value:" + "a" * 50 + " != target:a"
    assert [m.entry.key for m in match_text(INDEX, text, limit=3).matches if m.exact] == [1]


def test_a_fit_by_one_short_word_between_long_values_is_still_chance():
    text = "other.Error: " + "x" * 40 + " is " + "y" * 40
    assert [m.entry.key for m in match_text(INDEX, text, limit=3).matches if m.exact] == []

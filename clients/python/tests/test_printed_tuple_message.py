"""A message given as a tuple prints as one (`AssertionError: ("...",)`, DRF's ModelSerializer without `fields`).
A template of values around one word (`{a} is {b}`, a test helper's assertion) fits that printed tuple by chance;
the string the tuple holds is read next, and the wording that fits it whole answers."""

from test_index import entry as index_entry

from errorkb.matching.index import Entry, MatchIndex, Site
from errorkb.matching.rank import match_text


def entry(key: int, message: str, path: str) -> Entry:
    return index_entry(key, message, type_="AssertionError", sites=(Site(path, 10, "check", "abc"),))


WORDING = (
    "Creating a ModelSerializer without either the 'fields' attribute or the 'exclude' attribute has been "
    "deprecated since 3.3.0, and is now disallowed. Add an explicit fields = '__all__' to the "
    "{serializer_class} serializer."
)
INDEX = MatchIndex.build([entry(1, "{a} is {b}", "testing/assertions.py"), entry(2, WORDING, "serializers.py")])
PRINTED = "AssertionError: (" + repr(WORDING.replace("{serializer_class}", "NoFields")) + ",)"


def test_the_string_a_printed_tuple_holds_finds_its_wording_past_a_chance_fit():
    result = match_text(INDEX, PRINTED, limit=3)
    assert result.matches[0].entry.key == 2
    assert result.matches[0].exact


def test_a_template_of_values_still_answers_a_message_it_fits_mostly_by_its_words():
    result = match_text(INDEX, "AssertionError: 1 is None", limit=3)
    assert [m.entry.key for m in result.matches] == [1]

"""An exception given a message and an object prints its args as a tuple no parser reads whole
(PyYAML's `RepresenterError("cannot represent an object", data)` prints
`('cannot represent an object', <Thing object at 0x7f...>)`): the text the tuple opens with is read as the
message too."""

from errorkb.matching.index import Entry, MatchIndex, Site
from errorkb.matching.parse import parse
from errorkb.matching.rank import match_text

PRINTED = "yaml.representer.RepresenterError: ('cannot represent an object', <__main__.Thing object at 0x7f4>)"


def test_the_opening_text_of_a_printed_tuple_is_a_reading():
    texts = [reading.text for reading in parse(PRINTED).exceptions[0].readings]
    assert "cannot represent an object" in texts


def test_an_escaped_quote_does_not_end_the_text():
    texts = [reading.text for reading in parse("Error: ('it\\'s broken', <object at 0x1>)").exceptions[0].readings]
    assert "it's broken" in texts


def test_a_tuple_that_opens_with_no_text_gives_no_reading():
    texts = [reading.text for reading in parse("Error: (<object at 0x1>, 'late')").exceptions[0].readings]
    assert "late" not in texts


def test_the_wording_of_the_opening_text_answers():
    entry = Entry(
        key=1,
        public_id="0000000000000001",
        exception_type="yaml.representer.RepresenterError",
        message="cannot represent an object",
        status="published",
        repository_url="https://github.com/yaml/pyyaml",
        signature="cannot represent an object",
        variants=(),
        sites=(Site("yaml/representer.py", 231, "SafeRepresenter.represent_undefined", "a"),),
    )
    matches = match_text(MatchIndex.build([entry]), PRINTED, limit=3).matches
    assert [m.entry.key for m in matches] == [1]
    assert matches[0].exact

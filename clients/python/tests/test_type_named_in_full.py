"""A pasted type named in full (`cerberus.schema.SchemaError`) is that package's class: another package's class
whose qualified name it ends with (`schema.SchemaError`) does not answer first at an equal fit, nor share an answer
by type alone (round three of issue 30's corpus: Cerberus harvested beside the `schema` package)."""

from test_index import entry as index_entry

from errorkb.matching.index import Entry, MatchIndex, Site
from errorkb.matching.rank import match_text


def entry(key: int, type_: str, message: str, path: str) -> Entry:
    return index_entry(key, message, type_=type_, sites=(Site(path, key, "validate", "a"),))


def first_keys(message: str, text: str) -> list[list[int]]:
    """The keys matched for `text`, with the namesake and the class named in full indexed in both orders."""
    namesake = entry(1, "schema.SchemaError", message, "schema/__init__.py")
    own = entry(2, "cerberus.schema.SchemaError", message, "cerberus/schema.py")
    return [
        [m.entry.key for m in match_text(MatchIndex.build(order), text, limit=3).matches]
        for order in ([namesake, own], [own, namesake])
    ]


def test_a_message_of_values_goes_to_the_class_named_in_full():
    text = "cerberus.schema.SchemaError: {'a': ['unknown rule']}"
    assert first_keys("", text) == [[2], [2]]


def test_a_worded_message_prefers_the_class_named_in_full_at_an_equal_fit():
    text = "cerberus.schema.SchemaError: Wrong key 'a' in {'a': 1}"
    assert [keys[0] for keys in first_keys("Wrong key {key} in {data}", text)] == [2, 2]

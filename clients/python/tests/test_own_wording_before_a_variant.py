"""Two entries fit a message equally, one by its own message and one by another wording it may print (the arm of
an `if` that adds nothing, a plural): the entry whose own message fits comes first. A validation library's
`expected {schema}` (its type check) and `expected {type_name} or one of {type}`, whose shorter wording
`expected {type_name}` is what its coercion prints for most types (voluptuous 0.16)."""

from test_index import entry as index_entry

from errorkb.matching.index import Entry, MatchIndex, Site
from errorkb.matching.rank import match_text


def entry(key: int, type_: str, message: str, variants: tuple = ()) -> Entry:
    site = Site("checks/schema.py", key, "check", "a")
    return index_entry(key, message, type_=type_, sites=(site,), variants=variants)


def test_the_entry_whose_own_message_fits_comes_before_one_whose_variant_does():
    coerce = entry(
        1,
        "checks.CoerceInvalid",
        "expected {type_name} or one of {type}",
        (("expected {type_name}", "expected {type_name}"),),
    )
    typed = entry(2, "checks.TypeInvalid", "expected {schema}")
    for order in ([coerce, typed], [typed, coerce]):
        matches = match_text(MatchIndex.build(order), "checks.MultipleInvalid: expected int", limit=3).matches
        assert [m.entry.key for m in matches] == [2, 1]

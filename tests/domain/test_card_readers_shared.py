"""One card's sections share each site's reader (`reader_of` within `reading_once`): the view, the placeholders and
the solutions ask it for the same rows, and what it has said is kept. Shared only where the site's evidence and
the entry point are the same; outside a card's writing each ask gets a reader of its own."""

from kb.cards.reader import EntryPoint, Reader, reader_of, reading_once

# Django's `Paginator.validate_number` (django/core/paginator.py:60-75, 5.2.19), as its evidence gives it.
EVIDENCE = {
    "conditions": [{"kind": "if", "code": "number < 1", "sentence": "`number` is less than 1", "line": 68}],
    "parameters": ["number"],
    "function": {"name": "Paginator.validate_number", "signature": "(self, number)"},
}
PAGE = EntryPoint(
    function="Paginator.page", kind="method", path="django/core/paginator.py", arguments={"number": "number"}
)


def test_within_one_card_the_same_site_and_entry_point_get_the_same_reader():
    with reading_once():
        first = reader_of(EVIDENCE, PAGE)
        again = reader_of(EVIDENCE, EntryPoint(**vars(PAGE)))  # an equal entry point, made again
    assert again is first


def test_another_entry_point_or_another_site_gets_a_reader_of_its_own():
    other = {**EVIDENCE, "parameters": []}
    with reading_once():
        first = reader_of(EVIDENCE, PAGE)
        assert reader_of(EVIDENCE, None) is not first
        assert reader_of(other, PAGE) is not first
        assert reader_of(other, PAGE).evidence is other


def test_a_shared_reader_says_what_a_reader_of_its_own_says():
    row = EVIDENCE["conditions"][0]
    with reading_once():
        shared = reader_of(EVIDENCE, PAGE)
        said = shared.condition(row)
        assert reader_of(EVIDENCE, PAGE).condition(row) == said
    assert Reader(EVIDENCE, PAGE).condition(row) == said
    assert said == "the `number` argument is less than 1"


def test_outside_a_card_s_writing_each_ask_gets_a_new_reader():
    assert reader_of(EVIDENCE, PAGE) is not reader_of(EVIDENCE, PAGE)
    with reading_once():
        reader_of(EVIDENCE, PAGE)
    assert reader_of(EVIDENCE, PAGE) is not reader_of(EVIDENCE, PAGE)

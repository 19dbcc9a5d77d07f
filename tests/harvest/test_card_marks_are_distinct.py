"""The control characters the card writers mark replacements with are each taken once (optional15's and
own_attributes' marks once clashed, and conditions went unsaid); every writer takes its marks from kb.cards.marks."""

from kb.cards import marks, own_attributes, phrasing, reader


def _one_character_marks(module: object) -> set[str]:
    return {
        value
        for name, value in vars(module).items()
        if name.lstrip("_").isupper()
        if isinstance(value, str) and len(value) == 1 and not value.isprintable()
    }


def test_no_two_marks_share_a_character() -> None:
    assert len(set(marks.ALL)) == len(marks.ALL)


def test_every_writer_s_marks_are_the_shared_ones() -> None:
    for module in (reader, phrasing, own_attributes):
        assert _one_character_marks(module) <= set(marks.ALL), module.__name__

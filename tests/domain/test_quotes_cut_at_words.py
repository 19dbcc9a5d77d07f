"""A long quote (a docstring, a paragraph, a comment) is cut after its last whole sentence, else at a word, never
mid-word (round 7's reader: "not suppo…")."""

from kb.text.escaping import one_line


def test_a_quote_is_cut_after_its_last_whole_sentence():
    text = "Insert each of the instances into the database. " + "Do not call save() on each of the instances. " * 9
    assert one_line(text, 120) == (
        "Insert each of the instances into the database. Do not call save() on each of the instances."
    )


def test_a_quote_of_one_long_sentence_is_cut_at_a_word():
    text = "This backend does not support " + "conflict handling with a target " * 6
    cut = one_line(text, 80)
    assert cut.endswith("…")
    assert text.startswith(cut.removesuffix("…")) and text[len(cut) - 1] == " "


def test_a_short_quote_is_kept_whole():
    assert one_line("Return a new\n   QuerySet.", 300) == "Return a new QuerySet."

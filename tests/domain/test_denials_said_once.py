"""Neighbouring clauses that deny things of one subject are said once: "is neither `A` nor `B`", "is not one of
`'a'`, `'b'` or `'c'`" (round 37's card 03 said "the value assigned" twice in one condition); never where the
subjects differ or one is only the end of the other."""

from kb.cards.phrasing import paired


def test_two_denials_read_as_neither_nor() -> None:
    said = paired("when the value assigned is not an instance of `int` and the value assigned is not `None`.")
    assert said == "when the value assigned is neither an instance of `int` nor `None`."


def test_a_condition_line_keeps_its_line_number() -> None:
    said = paired("- the `srid` argument is not an instance of `int` and the `srid` argument is not `None` (line 364)")
    assert said == "- the `srid` argument is neither an instance of `int` nor `None` (line 364)"


def test_literals_read_as_one_of() -> None:
    # django/db/backends/sqlite3/operations.py's `date_extract_sql` tests, as the card wrote them.
    text = (
        "when the `lookup_type` argument is not `'week_day'` and the `lookup_type` argument is not `'iso_week_day'`"
        " and the `lookup_type` argument is not `'week'`, among other conditions."
    )
    said = "when the `lookup_type` argument is not one of `'week_day'`, `'iso_week_day'` or `'week'`, among other"
    assert paired(text) == said + " conditions."


def test_different_subjects_stay_apart() -> None:
    text = "when `x` is not `None` and `y` is not `None`"
    assert paired(text) == text


def test_a_subject_inside_a_longer_one_stays_apart() -> None:
    text = "when the length of the value is not 3 and the value is not `None`"
    assert paired(text) == text

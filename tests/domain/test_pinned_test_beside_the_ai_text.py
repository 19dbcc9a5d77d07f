"""How to trigger it: the repository's own test, pinned to its line, stays first when the AI pass wrote the section
too (a model gives no link); a section the pass left empty on purpose stays empty."""

from tests.factories import ErrorEntryFactory

PINNED = "From [`tests/test_a.py` line 3](https://github.com/o/n/blob/abc/tests/test_a.py#L3):\n\n```python\nf(-1)\n```"


def test_the_pinned_test_comes_first_then_the_ai_passs_words(db) -> None:
    entry = ErrorEntryFactory(generated={"how_to_trigger": PINNED}, assisted={"how_to_trigger": "Call `f()` with -1."})
    entry.refresh_from_db()
    shown = entry.shown("how_to_trigger")
    assert shown.origin == "ai-assisted"
    assert shown.markdown.startswith(PINNED) and shown.markdown.endswith("Call `f()` with -1.")
    assert 'href="https://github.com/o/n/blob/abc/tests/test_a.py#L3"' in shown.html


def test_a_section_the_ai_pass_left_empty_stays_empty(db) -> None:
    entry = ErrorEntryFactory(generated={"how_to_trigger": PINNED}, assisted={"how_to_trigger": ""})
    entry.refresh_from_db()
    assert entry.shown("how_to_trigger").markdown == ""


def test_other_sections_show_the_ai_passs_text_alone(db) -> None:
    entry = ErrorEntryFactory(generated={"meaning": "Generated."}, assisted={"meaning": "Assisted."})
    entry.refresh_from_db()
    assert entry.shown("meaning").markdown == "Assisted."

"""An error whose text ends with an exception line of its own (glom prints `error raised while processing, details
below.`, its trace, then `glom.core.BadSpec: Limit() only valid in Group mode`): that last line is read for its own
type and message too, as if pasted alone. A last line that is prose stays a reading of the text."""

from errorkb.matching.parse import Reading, parse

GLOM = """glom.core.BadSpec: error raised while processing, details below.
 Target-spec trace (most recent last):
 - Target: [1, 2, 3]
 - Spec: Limit(3)
glom.core.BadSpec: Limit() only valid in Group mode"""


def test_the_exception_line_a_message_ends_with_is_read_for_its_type_and_message():
    [exception] = parse(GLOM).exceptions

    assert exception.type == "glom.core.BadSpec"
    assert Reading("glom.core.BadSpec", "Limit() only valid in Group mode") in exception.readings


def test_a_last_line_of_prose_adds_no_type():
    [exception] = parse("pkg.Error: could not parse\nsee the manual: chapter 2").exceptions

    assert [r for r in exception.readings if r.text == "chapter 2"] == []
    assert Reading("pkg.Error", "see the manual: chapter 2") in exception.readings

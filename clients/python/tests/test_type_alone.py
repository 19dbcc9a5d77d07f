"""The last line of an exception raised without a message is its qualified class alone
(`argh.utils.TooManyPositionalArgumentNames`): read as that type with no message. A bare word, or a dotted name
ending in a constant's capitals, stays text."""

import pytest

from errorkb.matching.parse import parse


@pytest.mark.parametrize(
    "text", ["argh.utils.TooManyPositionalArgumentNames", "configobj.validate.VdtMissingValue", "  pkg.Error  "]
)
def test_a_qualified_class_alone_is_its_type_with_no_message(text):
    [exception] = parse(text).exceptions
    assert (exception.type, exception.message) == (text.strip(), "")


@pytest.mark.parametrize("text", ["IndexError", "settings.DEBUG", "see pkg.Error", "pkg.Error is raised"])
def test_other_lines_stay_a_message(text):
    [exception] = parse(text).exceptions
    assert (exception.type, exception.message) == (None, text)

"""A text worded where it is written and formatted whole into another (`'{0} at line {1}.'.format('Invalid line
({0!r})'.format(line), n)`, `"%s, sorry" % f"bad {x}"`) is one message: its words and placeholders are the
message's, not one placeholder for the whole inner text. On small sources and on an INI parser's own (configobj
5.0, whose parser hands `'Invalid line ({0!r}) ...'.format(line)` to a helper that adds " at line N.")."""

import pytest

from tests.harvest.corpus_libs import found_where_it_ends, imported, installed, raised
from tests.harvest.test_messages import signatures


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "raise ValueError('{0} at line {1}.'.format('Invalid line ({0!r})'.format(line), n))",
            "Invalid line ({line}) at line {n}.",
        ),
        ('raise ValueError("%s, sorry" % f"bad {x}")', "bad {x}, sorry"),
        ('raise ValueError("%s: %s" % (name, "no %s here" % what))', "{name}: no {what} here"),
        ('raise ValueError("{} and {}".format("a {}".format(b), c))', "a {b} and {c}"),
    ],
)
def test_the_inner_text_s_words_are_the_message_s(tmp_path, source, expected):
    assert signatures(tmp_path, source) == [expected]


def test_a_name_or_a_call_formatted_in_stays_one_value(tmp_path):
    assert signatures(tmp_path, 'raise ValueError("got {}, {}".format(describe(x), name))') == [
        "got {describe}, {name}"
    ]


@installed("configobj")
def test_configobj_s_invalid_line_is_found_with_its_own_words():
    configobj = imported("configobj")
    error = raised(lambda: configobj.ConfigObj(["just a line"], raise_errors=True))
    [(_, signature)] = found_where_it_ends("configobj", error)
    assert signature.startswith("Invalid line (")

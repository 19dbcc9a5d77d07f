"""The look at a function's text that spares most definitions a walk of its statements (`definitions._MAY_CHANGE`):
led by the characters its matches start with, it finds in a window what the plain alternation finds."""

import re

import pytest

from kb.harvest.reading.definitions import _MAY_CHANGE, MUTATORS

# The pattern as it reads: a MUTATORS call, `del`, an item set, an augmented assignment or a comparison.
PLAIN = re.compile(r"\.(?:" + "|".join(sorted(MUTATORS)) + r")\b|\bdel\b|\]\s*+=(?!=)|[-+*/%&|^@<>]=")

# django/db/models/fields/__init__.py:1134-1146 (Field.formfield), reduced.
FORMFIELD = """\
        if self.choices is not None:
            include_blank = not (self.has_default() or "initial" in kwargs)
            for k in list(kwargs):
                if k not in ("coerce", "empty_value", "choices", "required"):
                    del kwargs[k]
        defaults.update(kwargs)
        if form_class is None:
            form_class = forms.CharField
"""


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (FORMFIELD, True),
        ("    del kwargs[k]\n", True),
        ("defaults.update(kwargs)", True),
        ("self.fields[name] = field", True),
        ("count += 1", True),
        ("if a <= b:", True),
        ("if self.deleted and model_del == deleted:", False),
        ("undeleted = items.updated", False),
        ("return a == b", False),
    ],
)
def test_a_window_may_change_a_value_where_the_plain_alternation_says_so(text: str, found: bool) -> None:
    assert (_MAY_CHANGE.search(text) is not None) is found
    assert (PLAIN.search(text) is not None) is found


def test_every_window_of_a_function_finds_what_the_plain_alternation_finds() -> None:
    # `del` right after the window's start is a word only when the character before the window is no letter.
    for start in range(len(FORMFIELD)):
        for end in range(start, len(FORMFIELD) + 1, 7):
            plain = PLAIN.search(FORMFIELD, start, end)
            led = _MAY_CHANGE.search(FORMFIELD, start, end)
            assert (plain and plain.start()) == (led and led.start())
    assert _MAY_CHANGE.search("model_del", 6) is None
    assert _MAY_CHANGE.search("model del", 6) is not None

"""A name made again from itself by a builtin (`app_labels = set(app_labels)`, django/core/management/commands/
makemigrations.py:127, Django 5.2.19) and an argument converted (`number = int(number)`) are read without a
pattern compiled for each name: what they say is what `re.fullmatch` of the old pattern said."""

import re

from kb.cards.reader import _converts, _rebuilt

REBUILT = r"(?:set|frozenset|list|tuple|sorted|dict|str|int|float|bool)\(\s*{}\s*\)"
CONVERTED = r"(?:int|float|str)\(\s*{}\s*\)"
CASES = [
    ("set(app_labels)", "app_labels"),
    ("set( app_labels\n)", "app_labels"),
    ("int(number)", "number"),
    ("str(self.value)", "self.value"),
    ("list(f(x))", "f(x)"),
    ("list(x, y)", "x"),
    ("sorted(x) + y", "x"),
    ("set(x)", "xs"),
    ("sets(x)", "x"),
    ("set(x)", " x"),
    ("set(  x)", " x"),
    ("int()", ""),
    ("x", "x"),
]


def test_a_name_rebuilt_or_converted_is_read_as_the_pattern_read_it():
    for defined, name in CASES:
        assert _rebuilt(defined, name) == bool(re.fullmatch(REBUILT.format(re.escape(name)), defined)), defined
        assert _converts(defined, name) == bool(re.fullmatch(CONVERTED.format(re.escape(name)), defined)), defined


def test_app_labels_made_again_from_itself_is_rebuilt_and_not_converted():
    assert _rebuilt("set(app_labels)", "app_labels")
    assert not _converts("set(app_labels)", "app_labels")
    assert _converts("int(number)", "number")

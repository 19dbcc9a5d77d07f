"""Where a public function or class raises on its own arguments alone, the meaning says what the reader's call was
given (issue 29, round 22's card 10 and round 23's card 03): "`Index()` was called with a non-empty `opclasses`,
and without `name` (or with an empty one)", not the trigger section's test again. A test that also reads something
else, or joins another test with "or", keeps the sentence it had."""

import pytest

from tests.harvest.published import harvest_published

# django/db/models/indexes.py:19-38 (Django 5.2.19), reduced.
INDEXES = """
class Q:
    pass


class Index:
    def __init__(self, *expressions, fields=(), name=None, opclasses=(), condition=None):
        if opclasses and not name:
            raise ValueError("An index must be named to use opclasses.")
        if not isinstance(fields, (list, tuple)):
            raise ValueError("Index.fields must be a list or tuple.")
        self.fields = fields
"""
# django/utils/text.py:444-461 (Django 5.2.19), reduced.
TEXT = '''
def unescape_string_literal(s):
    """Convert quoted string literals to unquoted strings."""
    if not s or s[0] not in "\\"'" or s[-1] != s[0]:
        raise ValueError("Not a string literal: %r" % s)
    quote = s[0]
    return s[1:-1].replace(r"\\%s" % quote, quote).replace(r"\\\\", "\\\\")
'''


@pytest.mark.django_db
def test_the_meaning_says_what_the_call_was_given(git_repo) -> None:
    entries = harvest_published(git_repo, {"django/db/models/indexes.py": INDEXES, "django/utils/text.py": TEXT})
    named = entries["An index must be named to use opclasses."].generated
    assert named["meaning"] == (
        "`Index()` was called with a non-empty `opclasses`, and without `name` (or with an empty one)."
    )
    # The test itself is the trigger section's.
    assert "the `opclasses` argument is given and not empty" in named["trigger"]
    fields = entries["Index.fields must be a list or tuple."].generated["meaning"]
    # The early exit above is the trigger section's hedge: the call was given this whatever it says.
    assert fields == "`Index()` was called with a `fields` that is not an instance of `list` or `tuple`."
    literal = entries["Not a string literal: {s}"].generated["meaning"]
    assert literal.startswith("Calling `unescape_string_literal()` raises this when the `s` argument is empty or ")

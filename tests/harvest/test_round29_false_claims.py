"""Round 29's two false claims, each on the reduced real code that gave it.

- Card 20 said "the `required` argument of `Field()` is given and not empty": DRF's `Field.__init__` fills
  `required` itself when it is not given (`required = default is empty and not read_only`), then stores it, so
  `IntegerField()` with no `required` raises too. The attribute is the instance's, not the argument as given.
- Card 23 said "In the message, `{source}` is `string`" under a condition on `string`, which the loop cuts down:
  `source = string` was bound once, before the loop, so `{source}` is the whole input, not what `string` holds."""

from tests.harvest.published import harvest_published

# Reduced from DRF 3.18.3's rest_framework/fields.py:294-314 and 428-465.
FIELDS = """
class SkipField(Exception):
    pass


empty = object()


class Field:
    def __init__(self, *, read_only=False, required=None, default=empty, allow_null=False):
        if required is None:
            required = default is empty and not read_only
        self.read_only = read_only
        self.required = required
        self.default = default
        self.allow_null = allow_null

    def get_attribute(self, instance):
        try:
            return instance[self.field_name]
        except (KeyError, AttributeError) as exc:
            if self.default is not empty:
                return self.default
            if self.allow_null:
                return None
            if not self.required:
                raise SkipField()
            raise type(exc)("Got {} when attempting to get a value for field.".format(type(exc).__name__))


class Plain:
    def __init__(self, *, strict=None):
        self.strict = strict

    def check(self, value):
        if self.strict and value is None:
            raise ValueError("A value is required when strict.")
        return value
"""

# Reduced from portion 2.6.3's portion/io.py:8, 49-87.
IO = """
import re


def from_string(string, conv, *, disj=" ?\\\\| ?"):
    source = string
    has_more = True
    while has_more:
        match = re.match("\\\\[(\\\\d+),(\\\\d+)\\\\]", string)
        if match is None:
            raise ValueError(f'"{source}" cannot be parsed to an interval.')
        string = string[match.end() :]
        if len(string) > 0:
            match = re.match(disj, string)
            if match is None:
                raise ValueError(f'"{source}" cannot be parsed to an interval.')
            string = string[match.end() :]
        else:
            has_more = False
    return conv


def echo(string):
    source = string
    if not string.isdigit():
        raise ValueError(f'"{source}" is no number.')
    return int(string)
"""


def test_an_attribute_stored_after_its_constructor_filled_it_is_not_the_argument(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"fields.py": FIELDS}, repo="example/fields")
    card = next(card for message, card in cards.items() if message.startswith("Got "))
    said = " ".join(card.generated.get(section, "") for section in ("meaning", "trigger"))
    assert "the `required` argument" not in said
    assert "`required` is true" in said


def test_an_attribute_stored_straight_from_its_argument_is_still_the_argument(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"fields.py": FIELDS}, repo="example/fields")
    assert "the `strict` argument of `Plain()`" in cards["A value is required when strict."].generated["trigger"]


def test_a_placeholder_bound_before_a_loop_cuts_its_source_down_is_not_said_as_the_cut_value(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"io.py": IO}, repo="example/io")
    card = next(card for message, card in cards.items() if message.endswith("cannot be parsed to an interval."))
    assert "`{source}` is `string`" not in card.generated["trigger"]


def test_a_placeholder_bound_from_an_argument_never_rebound_is_still_said(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"io.py": IO}, repo="example/io")
    card = next(card for message, card in cards.items() if message.endswith("is no number."))
    assert "`{source}` is the `string` argument" in card.generated["trigger"]


# Reduced from Django 5.2.19's django/db/backends/sqlite3/operations.py (a value adapted, then shown).
ADAPT = """
def adapt(value):
    return value


def quote(value):
    value = adapt(value)
    if not isinstance(value, str):
        raise ValueError(f"Cannot quote {value}.")
    return value
"""


def test_a_placeholder_rebound_from_itself_is_still_said_by_that_binding(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"ops.py": ADAPT}, repo="example/ops")
    assert "`{value}` is `adapt(value)`" in cards["Cannot quote {value}."].generated["trigger"]

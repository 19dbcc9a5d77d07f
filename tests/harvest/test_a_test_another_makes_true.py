"""A check the raise's own test already makes true is said once (absorption: "A and (B or A)" is "A"; round 30's card
14 said "`empty_values` contains `value` and `choices` is `None` or `empty_values` contains `value`"). Only where the
two tests are the same code reading the same values: a local given a new value between them keeps both."""

from kb.cards.reader import DEFINITIONS_KEPT
from kb.cards.truth_table import absorbed
from kb.harvest.reading.definitions import MAX_ROWS
from tests.harvest.published import harvest_published

# Django 5.2.19 django/db/models/fields/__init__.py:803-827 (`Field.validate`), the class reduced to what it reads.
FIELDS = """
from django.core import exceptions, validators


class Field:
    empty_values = list(validators.EMPTY_VALUES)

    def __init__(self, null=False, blank=False, choices=None, editable=True):
        self.blank, self.null = blank, null  # django/db/models/fields/__init__.py:218
        self.choices = choices
        self.editable = editable

    def validate(self, value, model_instance):
        \"\"\"
        Validate value and raise ValidationError if necessary. Subclasses
        should override this to provide validation logic.
        \"\"\"
        if not self.editable:
            # Skip validation for non-editable fields.
            return

        if self.choices is not None and value not in self.empty_values:
            for option_key, option_value in self.choices:
                if value == option_key:
                    return
            raise exceptions.ValidationError("Value %(value)r is not a valid choice.", code="invalid_choice")

        if value is None and not self.null:
            raise exceptions.ValidationError("This field cannot be null.", code="null")

        if not self.blank and value in self.empty_values:
            raise exceptions.ValidationError("This field cannot be blank.", code="blank")


# Django 5.2.19 django/db/migrations/operations/models.py:1048-1057 (`RenameIndex.__init__`).
class RenameIndex:
    def __init__(self, model_name, new_name, old_name=None, old_fields=None):
        if not old_name and not old_fields:
            raise ValueError("RenameIndex requires one of old_name and old_fields arguments to be set.")
        if old_name and old_fields:
            raise ValueError("RenameIndex.old_name and old_fields are mutually exclusive.")
        self.old_name = old_name

"""


def meanings(git_repo) -> dict[str, str]:
    cards = harvest_published(git_repo, {"django/db/models/fields/__init__.py": FIELDS})
    return {message: str(entry.generated.get("meaning") or "") for message, entry in cards.items()}


def _first(said: dict[str, str], start: str) -> str:
    return next(text for message, text in said.items() if message.startswith(start)).split("\n")[0]


def test_a_check_the_raise_s_own_test_makes_true_is_not_said_again(db, git_repo) -> None:
    said = meanings(git_repo)
    blank = _first(said, "This field cannot be blank")
    assert blank.count("contains the `value` argument") == 1
    assert "`choices`" not in blank.split(" is documented")[0]
    # The check that decides on its own stays: `None` passes it only where `null` is true.
    assert "the `value` argument is not `None` or the `Field`'s `null` is true" in blank
    renamed = _first(said, "RenameIndex.old_name and old_fields")
    assert "called with a non-empty `old_name`, and with a non-empty `old_fields`" in renamed
    assert " or " not in renamed


def test_a_local_given_a_new_value_between_the_two_checks_keeps_both() -> None:
    # The rows of `RenameIndex.__init__` (above), its guard on `old_name` or `model_name`, as if `old_name = ...`
    # stood between them.
    guard = {
        "kind": "guard",
        "line": 1049,
        "code": "old_name or model_name",
        "any": [{"code": "old_name", "sentence": "`old_name` is true"}, {"code": "model_name", "sentence": "..."}],
    }
    deciding = {
        "kind": "if",
        "line": 1054,
        "code": "old_name and old_fields",
        "all": [{"code": "old_name", "sentence": "`old_name` is true"}, {"code": "old_fields", "sentence": "..."}],
    }
    assert absorbed([deciding, guard], lambda name, after: False) == [deciding]
    assert absorbed([deciding, guard], lambda name, after: name == "old_name" and after <= 1050) == [deciding, guard]
    # A call may give another value the second time: `f()` and `f()` are not one test.
    called = {**guard, "code": "f() or model_name", "any": [{"code": "f()"}, {"code": "model_name"}]}
    calls = {**deciding, "code": "f() and x", "all": [{"code": "f()"}, {"code": "x"}]}
    assert absorbed([calls, called], lambda name, after: False) == [calls, called]


def test_an_attribute_set_with_others_in_one_tuple_is_said_by_its_argument(db, git_repo) -> None:
    # `self.blank, self.null = blank, null`: each item is its argument, `False` by default: "is false", not "is
    # empty or false" of the field's attribute.
    blank = _first(meanings(git_repo), "This field cannot be blank")
    assert "the `blank` argument of `Field()` is false (the default)" in blank
    assert "empty or false" not in blank


def test_the_reader_knows_when_the_harvest_may_have_left_a_definition_out() -> None:
    # `Reader.moved` reads a full list of definitions as one that may miss the new value a local was given.
    assert DEFINITIONS_KEPT == MAX_ROWS

"""An attribute `__init__` sets from an argument, that another method sets too, is not that argument: Django's
`Field.__init__` keeps `self.name = name`, but `set_attributes_from_name()` (called when the field is added to a
model) sets `self.name` to the attribute's name when none was given, as it mostly is not. Round 17's card said
"`{name}` is the `name` argument of `Field()`"."""

from tests.harvest.published import harvest_published

# Reduced from Django 5.2's django/db/models/fields/__init__.py: `Field.__init__` (lines 180-215),
# `Field.set_attributes_from_name` (939-944) and `FloatField.get_prep_value` (2027-2036).
FIELDS = """
class Field:
    def __init__(self, verbose_name=None, name=None, primary_key=False, max_length=None):
        self.name = name
        self.verbose_name = verbose_name
        self.primary_key = primary_key
        self.max_length = max_length

    def set_attributes_from_name(self, name):
        self.name = self.name or name
        if self.verbose_name is None and self.name:
            self.verbose_name = self.name.replace("_", " ")

    def contribute_to_class(self, cls, name):
        self.set_attributes_from_name(name)
        self.model = cls


class FloatField(Field):
    def get_prep_value(self, value):
        if value is None:
            return None
        try:
            return float(value)
        except (TypeError, ValueError) as e:
            raise e.__class__(
                "Field '%s' expected a number but got %r." % (self.name, value),
            ) from e


class CharField(Field):
    def check_length(self, value):
        if len(value) > self.max_length:
            raise ValueError("Ensure %s has at most %d characters." % (value, self.max_length))
"""


def test_an_attribute_another_method_sets_is_not_the_constructor_s_argument(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"models/fields.py": FIELDS}, repo="example/fields")
    [entry] = [e for m, e in cards.items() if m.startswith("Field '{name}' expected a number")]
    text = "\n".join(str(value) for value in entry.generated.values())
    assert "the `name` argument of `Field()`" not in text
    # Set by `__init__` alone: still the argument.
    trigger = cards["Ensure {value} has at most {max_length} characters."].generated["trigger"]
    assert "`{max_length}` is the `max_length` argument of `Field()`" in trigger

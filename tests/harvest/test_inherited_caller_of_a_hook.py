"""A method an ancestor's method calls on `self` (a hook the class defines) is reached by calling that inherited
method on the class: `ChoiceField().clean(value)` runs `Field.clean`, which calls `self.validate(value)`, so
`ChoiceField.validate`'s "Select a valid choice" is `ChoiceField.clean()`'s (issue 29, round 18's card 07: form
fields' `validate` and `to_python` named no public entry point). Not when the class overrides the calling method,
nor for another subclass's hook."""

import io
import textwrap
from pathlib import Path

from django.core.management import call_command

from kb.models import ErrorEntry
from tests.harvest.test_evidence import evidence_of

# Reduced from django/forms/fields.py:85-206, 875-958 (Django 5.2.19).
FIELDS = """
class ValidationError(Exception):
    pass

class Field:
    def validate(self, value):
        if value in self.empty_values and self.required:
            raise ValidationError("This field is required.", code="required")

    def to_python(self, value):
        return value

    def clean(self, value):
        \"\"\"
        Validate the given value and return its "cleaned" value as an
        appropriate Python object. Raise ValidationError for any errors.
        \"\"\"
        value = self.to_python(value)
        self.validate(value)
        self.run_validators(value)
        return value

class ChoiceField(Field):
    def validate(self, value):
        \"\"\"Validate that the input is in self.choices.\"\"\"
        super().validate(value)
        if value and not self.valid_value(value):
            raise ValidationError(
                "Select a valid choice. %(value)s is not one of the available choices.",
                code="invalid_choice",
                params={"value": value},
            )

class TypedChoiceField(ChoiceField):
    def clean(self, value):
        return value

class IntegerField(Field):
    def to_python(self, value):
        try:
            value = int(str(value).strip())
        except (ValueError, TypeError):
            raise ValidationError("Enter a whole number.", code="invalid")
        return value

class SlugField(IntegerField):
    def clean(self, value):
        return value
"""


def _entries(tmp_path: Path, words: str) -> list[tuple[str, dict]]:
    evidence = evidence_of(tmp_path, FIELDS, words)
    return [(row["function"], row["arguments"]) for row in evidence["entry_points"]]


def test_a_field_s_validate_is_reached_from_its_inherited_clean(tmp_path: Path) -> None:
    entries = _entries(tmp_path, "Select a valid choice")
    assert entries[:2] == [("ChoiceField.validate", {"value": "value"}), ("ChoiceField.clean", {"value": "value"})]
    # `TypedChoiceField` overrides `clean`: the base's call of `self.validate` is not its way in.
    assert "TypedChoiceField.clean" not in [name for name, _ in entries]
    assert "Field.clean" not in [name for name, _ in entries]


def test_a_subclass_that_overrides_the_calling_method_is_not_its_entry_point(tmp_path: Path) -> None:
    entries = _entries(tmp_path, "Enter a whole number")
    assert ("IntegerField.clean", {"value": "value"}) in entries
    assert "SlugField.clean" not in [name for name, _ in entries]
    # The base's own method is no subclass's hook: `Field.validate` is reached from `Field.clean` alone.
    assert [name for name, _ in _entries(tmp_path, "This field is required")] == ["Field.validate", "Field.clean"]


def test_the_card_names_the_inherited_method_the_reader_calls(db, git_repo) -> None:
    git_repo.write("pkg/fields.py", textwrap.dedent(FIELDS))
    git_repo.commit("pkg")
    call_command("harvest", str(git_repo.root), "--repo", "o/pkg", "--no-progress", "--publish", stdout=io.StringIO())
    card = ErrorEntry.objects.get(message__startswith="Select a valid choice").generated
    assert "`ChoiceField.clean()`" in card["meaning"]
    assert "`TypedChoiceField.clean()`" not in card["meaning"] + card.get("situations", "")


# Reduced from rest_framework/routers.py:48-74, 93, 163-174 (Django REST framework 3.18.3).
ROUTERS = """
class BaseRouter:
    def register(self, prefix, viewset, basename=None):
        if basename is None:
            basename = self.get_default_basename(viewset)
        self.registry.append((prefix, viewset, basename))

    def get_default_basename(self, viewset):
        raise NotImplementedError('get_default_basename must be overridden')

class SimpleRouter(BaseRouter):
    def get_default_basename(self, viewset):
        queryset = getattr(viewset, 'queryset', None)
        if queryset is None:
            raise AssertionError('`basename` argument not specified, and could not automatically determine the name')
        return queryset.model._meta.object_name.lower()
"""


def test_an_inherited_method_that_calls_the_hook_only_in_a_branch_is_not_named(tmp_path: Path) -> None:
    # `register` reaches `get_default_basename` only when no `basename` is given, which the card would not say.
    evidence = evidence_of(tmp_path, ROUTERS, "`basename` argument not specified")
    assert [row["function"] for row in evidence["entry_points"]] == ["SimpleRouter.get_default_basename"]

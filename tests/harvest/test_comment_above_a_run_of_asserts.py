"""The comment above a run of `assert` statements speaks for each of them: DRF's `Field.__init__` writes “Some
combinations of keyword arguments do not make sense.” once above four asserts, and the sampled cards quoted it for
the first two only; "Field(read_only=True) should be ReadOnlyField", the fourth, said no more than its test. A
statement of another kind between the note and the asserts ends the run."""

from tests.harvest.published import harvest_published

# Reduced from DRF 3.18's rest_framework/fields.py:273-310.
FIELDS = """
NOT_READ_ONLY_WRITE_ONLY = 'May not set both `read_only` and `write_only`'
NOT_READ_ONLY_REQUIRED = 'May not set both `read_only` and `required`'
NOT_REQUIRED_DEFAULT = 'May not set both `required` and `default`'
USE_READONLYFIELD = 'Field(read_only=True) should be ReadOnlyField'
empty = object()


class Field:
    def __init__(self, *, read_only=False, write_only=False, required=None, default=empty):
        # If `required` is unset, then use `True` unless a default is provided.
        if required is None:
            required = default is empty and not read_only

        # Some combinations of keyword arguments do not make sense.
        assert not (read_only and write_only), NOT_READ_ONLY_WRITE_ONLY
        assert not (read_only and required), NOT_READ_ONLY_REQUIRED
        assert not (required and default is not empty), NOT_REQUIRED_DEFAULT
        assert not (read_only and self.__class__ == Field), USE_READONLYFIELD

        self.read_only = read_only

    def bind(self, field_name, parent):
        # Keep the field's name for error messages.
        self.field_name = field_name
        self.parent = parent
        assert self.source != field_name, 'It is redundant to specify `source` on a field of that name.'
        assert parent is not None, 'A field must be bound to a parent serializer.'
"""


def test_a_note_above_a_run_of_asserts_is_quoted_for_each_of_them(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"rest_framework/fields.py": FIELDS}, repo="example/fields")
    note = "A comment beside it in the code says: “Some combinations of keyword arguments do not make sense\\.”"
    assert note in cards["Field(read_only=True) should be ReadOnlyField"].generated["meaning"]
    assert note in cards["May not set both `required` and `default`"].generated.get("meaning", "")
    # Assignments between the note and the asserts: the note is about them, not about the checks below.
    unbound = cards["A field must be bound to a parent serializer."].generated.get("meaning", "")
    assert "Keep the field" not in unbound

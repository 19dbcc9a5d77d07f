"""A literal a test reads back from returned data (`serializer.errors`) names no type and no raise: when the
package's source holds the same words as a string literal where no site of the entry is, another raise may be
what put them there, and the test is shown for no entry. Round 32's card 18: DRF's "This field is required."
(`Field.fail("required")`) was credited with a test whose serializer is `partial=True`, so that the words it
reads back come from `UniqueTogetherValidator.missing_message`, raised inside a dict."""

from tests.harvest.test_tests_docs import evidence_of, triggering

# Reduced from DRF 3.18.3: rest_framework/fields.py:286-289, 498-518, 585-596.
FIELDS = """
class ValidationError(Exception):
    def __init__(self, detail=None, code=None):
        self.detail = detail


class Field:
    default_error_messages = {
        'required': _('This field is required.'),
        'null': _('This field may not be null.')
    }

    def validate_empty_values(self, data):
        if data is empty:
            if getattr(self.root, 'partial', False):
                raise SkipField()
            if self.required:
                self.fail('required')
            return (True, self.get_default())

        if data is None:
            if not self.allow_null:
                self.fail('null')
            return (True, None)

        return (False, data)

    def fail(self, key, **kwargs):
        msg = self.error_messages[key]
        message_string = msg.format(**kwargs)
        raise ValidationError(message_string, code=key)
"""

# Reduced from DRF 3.18.3: rest_framework/validators.py:130-164.
VALIDATORS = """
from forms.fields import ValidationError


class UniqueTogetherValidator:
    message = _('The fields {field_names} must make a unique set.')
    missing_message = _('This field is required.')

    def enforce_required_fields(self, attrs, serializer):
        if serializer.instance is not None:
            return

        missing_items = {
            field_name: self.missing_message
            for field_name in self.fields
            if serializer.fields[field_name].source not in attrs
        }
        if missing_items:
            raise ValidationError(missing_items, code='required')
"""

# Reduced from DRF 3.18.3: tests/test_validators.py:541-550 and tests/test_fields.py:132-138.
TESTS = """
import pytest


class TestUniquenessTogetherValidation:
    def test_unique_together_is_required(self):
        data = {'position': 2}
        serializer = UniquenessTogetherSerializer(data=data, partial=True)
        assert not serializer.is_valid()
        assert serializer.errors == {
            'race_name': ['This field is required.']
        }

    def test_null_is_refused(self):
        serializer = NullableSerializer(data={'race_name': None})
        assert not serializer.is_valid()
        assert serializer.errors == {'race_name': ['This field may not be null.']}


class TestEmpty:
    def test_required(self):
        field = serializers.IntegerField()
        with pytest.raises(ValidationError) as exc_info:
            field.run_validation()
        assert exc_info.value.detail == ['This field is required.']
"""


def test_words_another_module_also_holds_are_no_read_back_evidence(git_repo) -> None:
    git_repo.write("pyproject.toml", "[project]\nname = 'forms'\n")
    git_repo.write("forms/__init__.py", "")
    git_repo.write("forms/fields.py", FIELDS)
    git_repo.write("forms/validators.py", VALIDATORS)
    git_repo.write("tests/test_forms.py", TESTS)
    evidence = evidence_of(git_repo.root / "forms", "forms")
    # The test that asserts the type and raises the field's own error stays; the read-back one goes.
    tests = triggering(evidence, "This field is required.")
    assert [test["name"] for test in tests] == ["TestEmpty.test_required"]
    # Words only the field's table holds are still read back as its message.
    [test] = triggering(evidence, "This field may not be null.")
    assert (test["name"], test["returned_in"]) == ("TestUniquenessTogetherValidation.test_null_is_refused",
                                                  "serializer.errors")  # fmt: skip


def test_words_only_the_entry_s_own_raises_hold_are_read_back_as_its_message(git_repo) -> None:
    # The same words raised in two modules are one entry with a site in each: no other raise holds them.
    git_repo.write("pyproject.toml", "[project]\nname = 'forms'\n")
    git_repo.write("forms/__init__.py", "class ValidationError(Exception):\n    pass\n")
    for module in ("fields", "relations"):
        git_repo.write(
            f"forms/{module}.py",
            """
            from forms import ValidationError


            def check(data):
                if not data:
                    raise ValidationError('This field is required.')
            """,
        )
    # A docstring's example that quotes the words is no string literal of them (DRF 3.18.3's
    # rest_framework/exceptions.py:128-132).
    git_repo.write(
        "forms/exceptions.py",
        """
        def get_full_details(detail):
            \"\"\"
            Eg. {"name": [{"message": "This field is required.", "code": "required"}]}
            \"\"\"
            return detail
        """,
    )
    git_repo.write("tests/test_forms.py", TESTS)
    evidence = evidence_of(git_repo.root / "forms", "forms")
    names = [test["name"] for test in triggering(evidence, "This field is required.")]
    assert "TestUniquenessTogetherValidation.test_unique_together_is_required" in names

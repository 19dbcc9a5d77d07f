"""A test that loops over (input, expected message) rows and compares the caught error's message with the row's
after the block triggers that message, one row at a time (round 24's work list 3: DRF's field errors with no test).
DRF's `test_surrogate_characters` asserts `str(exc_info.value.detail[0]) == expected_message` for each row; the
expected message was read as no message at all. Reduced from Django REST framework 3.18.3:
rest_framework/validators.py:279-287, rest_framework/fields.py:718-760, tests/test_fields.py:895-906."""

import textwrap
from pathlib import Path

from tests.harvest.test_tests_docs import evidence_of, triggering

VALIDATORS = """
from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ValidationError


class ProhibitSurrogateCharactersValidator:
    message = _('Surrogate characters are not allowed: U+{code_point:X}.')
    code = 'surrogate_characters_not_allowed'

    def __call__(self, value):
        for surrogate_character in (ch for ch in str(value)
                                    if 0xD800 <= ord(ch) <= 0xDFFF):
            message = self.message.format(code_point=ord(surrogate_character))
            raise ValidationError(message, code=self.code)
"""

FIELDS = """
from rest_framework.validators import ProhibitSurrogateCharactersValidator


class CharField(Field):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.validators.append(ProhibitSurrogateCharactersValidator())

    def run_validation(self, data=empty):
        (is_empty_value, data) = self.validate_empty_values(data)
        value = self.to_internal_value(data)
        self.run_validators(value)
        return value
"""

TESTS = """
import pytest

from rest_framework import serializers


class TestCharField:
    def test_surrogate_characters(self):
        field = serializers.CharField()

        for code_point, expected_message in (
            (0xD800, 'Surrogate characters are not allowed: U+D800.'),
            (0xDFFF, 'Surrogate characters are not allowed: U+DFFF.'),
        ):
            with pytest.raises(serializers.ValidationError) as exc_info:
                field.run_validation(chr(code_point))
            assert exc_info.value.detail[0].code == 'surrogate_characters_not_allowed'
            assert str(exc_info.value.detail[0]) == expected_message

        for code_point in (0xD800 - 1, 0xDFFF + 1):
            field.run_validation(chr(code_point))
"""


def _tree(root: Path) -> Path:
    for path, text in {
        "setup.py": "",
        "rest_framework/__init__.py": "",
        "rest_framework/validators.py": VALIDATORS,
        "rest_framework/fields.py": FIELDS,
        "tests/test_fields.py": TESTS,
    }.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(textwrap.dedent(text))
    return root / "rest_framework"


def test_each_rows_expected_message_compared_after_the_block_is_asserted(tmp_path: Path) -> None:
    [test] = triggering(
        evidence_of(_tree(tmp_path), "rest_framework"), "Surrogate characters are not allowed: U+{code_point}."
    )
    assert (test["name"], test["how"]) == ("TestCharField.test_surrogate_characters", "message")
    # The call with the first row's input put in.
    assert test["call"] == "field.run_validation(chr(55296))"

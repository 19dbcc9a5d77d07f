"""A message given as a parameter's default (`error_message=_("...")`), and `self.error_messages["invalid"]` in a
method subclasses run as they are, each with its wording. On code written for the tests and on installed Django."""

import django
import pytest
from django import forms
from django.core.exceptions import ValidationError
from django.utils.ipv6 import clean_ipv6_address

from kb.harvest.pipeline.plan import produces
from tests.harvest.test_helper_raises import installed
from tests.harvest.test_messages import harvest_source

SOURCE = """
class Invalid(Exception):
    pass

def clean_address(value, error_message="This is not a valid address."):
    if ":" not in value:
        raise Invalid(error_message)
    message = "Too long."
    if len(value) > 9:
        raise Invalid(message)

class Field:
    default_error_messages = {"required": "This field is required."}

class TemporalField(Field):
    def to_python(self, value):
        raise Invalid(self.error_messages["invalid"])

class DateField(TemporalField):
    default_error_messages = {"invalid": "Enter a valid date."}

class TimeField(TemporalField):
    default_error_messages = {"invalid": "Enter a valid time."}

class MonthField(TemporalField):
    default_error_messages = {"invalid": "Enter a valid month."}

    def to_python(self, value):
        return int(value)
"""


def test_a_message_parameters_default_is_the_message(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    assert [s.signature for s in found if s.function == "clean_address"] == [
        "This is not a valid address.",
        "Too long.",
    ]


def test_a_keyed_message_in_a_base_method_is_each_running_subclasss(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    # MonthField overrides to_python: its message is not raised there.
    assert [s.signature for s in found if s.function == "TemporalField.to_python"] == [
        "Enter a valid date.",
        "Enter a valid time.",
    ]


@pytest.fixture(scope="module")
def django_scan():
    return installed(django)


def _found_at(scan, error: ValidationError, function: str) -> bool:
    signatures = [s.signature for s in scan.sites if s.function == function and s.signature]
    return any(produces(signature, message) for message in error.messages for signature in signatures)


def test_djangos_ipv6_check_is_found_with_its_default_message(django_scan):
    with pytest.raises(ValidationError) as raised:
        clean_ipv6_address("12:99")
    assert _found_at(django_scan, raised.value, "clean_ipv6_address")


@pytest.mark.parametrize("field", [forms.DateField(), forms.TimeField(), forms.DateTimeField()], ids=type)
def test_djangos_temporal_fields_are_found_at_the_shared_to_python(django_scan, field):
    with pytest.raises(ValidationError) as raised:
        field.to_python("not a date")
    assert _found_at(django_scan, raised.value, "BaseTemporalField.to_python")

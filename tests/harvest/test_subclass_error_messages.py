"""`self.fail("invalid")` in a method that subclasses run as they are says each subclass's own message under that key
(DRF's CharField.to_internal_value fails with EmailField's "Enter a valid email address."). On code written for the
tests and on installed DRF."""

import pytest
import rest_framework
from rest_framework import serializers

from kb.harvest.plan import produces
from tests.harvest.test_helper_raises import installed
from tests.harvest.test_messages import harvest_source

SOURCE = """
class Invalid(Exception):
    pass

class Field:
    default_error_messages = {"invalid": "Not a valid value."}

    def fail(self, key):
        raise Invalid(self.default_error_messages[key])

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return data

class EmailField(Field):
    default_error_messages = {"invalid": "Enter a valid email address."}

class NumberField(Field):
    default_error_messages = {"invalid": "A valid number is required."}

    def to_internal_value(self, data):
        return float(data)
"""


def test_each_subclass_running_the_method_adds_its_own_message_at_the_call_and_the_helpers_raise(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    at_call = [s.signature for s in found if s.function == "Field.to_internal_value"]
    at_raise = [s.signature for s in found if s.function == "Field.fail"]
    assert at_call == ["Not a valid value.", "Enter a valid email address."]
    assert [s for s in at_raise if s] == at_call  # the raise itself, its message a variable, has none
    # NumberField overrides the method: its message is not raised there.
    assert not any("number" in s.signature for s in found)


@pytest.mark.parametrize(
    "field", [serializers.EmailField(), serializers.SlugField(), serializers.RegexField(r"^a+$")], ids=type
)
def test_drf_s_fields_given_a_list_fail_with_their_own_message_found_at_the_raise(field):
    with pytest.raises(serializers.ValidationError) as raised:
        field.run_validation(["a", "b"])
    message = str(raised.value.detail[0])
    found = installed(rest_framework, "fields.py")
    signatures = [s.signature for s in found.sites if s.function == "Field.fail"]
    assert any(produces(signature, message) for signature in signatures), (message, signatures)

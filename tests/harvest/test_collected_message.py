"""A validation error handed its one message by field (`{"name": [msg]}`) or in a list (`[msg]`), and an assert its
one in a tuple, is worded by that
message. On code written for the tests and on installed DRF."""

import pytest
import rest_framework
from rest_framework import serializers

from kb.harvest.pipeline.plan import produces
from tests.harvest.test_helper_raises import installed
from tests.harvest.test_messages import harvest_source

SOURCE = """
NON_FIELD_ERRORS = "non_field_errors"

class ValidationError(Exception):
    def __init__(self, detail, code=None):
        super().__init__(detail)

def check(data, names):
    if not isinstance(data, dict):
        message = "Invalid data. Expected a dictionary, but got {kind}.".format(kind=type(data).__name__)
        raise ValidationError({NON_FIELD_ERRORS: [message]}, code="invalid")
    if not names:
        raise ValidationError(["No names given."])
    if len(names) > 3:
        raise ValidationError({"names": "Too many.", "data": "Too much."})
"""


def test_the_one_message_of_a_dict_or_list_is_the_signature(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    assert [s.signature for s in found if s.function == "check"] == [
        "Invalid data. Expected a dictionary, but got {kind}.",
        "No names given.",
        "",  # two messages: not one wording
    ]


@pytest.fixture(scope="module")
def drf_serializers():
    return installed(rest_framework, "serializers.py")


def test_drf_s_serializer_given_no_dict_has_its_message_at_its_raise(drf_serializers):
    class Plain(serializers.Serializer):
        name = serializers.CharField()

    plain = Plain(data=[])
    assert not plain.is_valid()
    message = str(plain.errors["non_field_errors"][0])
    signatures = [s.signature for s in drf_serializers.sites if s.function == "Serializer.to_internal_value"]
    assert any(produces(signature, message) for signature in signatures), (message, signatures)


def test_an_asserts_message_in_a_one_item_tuple_is_that_item(tmp_path):
    source = """
    def check(fields, name):
        assert fields, (
            "Add an explicit fields = '__all__' to the "
            "{name} serializer.".format(name=name),
        )
    """
    assert [s.signature for s in harvest_source(tmp_path, source).sites] == [
        "Add an explicit fields = '__all__' to the {name} serializer."
    ]

"""A wording given to an instance where it is made (`validate_slug = RegexValidator(regex, "...")`) or set by a
subclass that calls its base's method (`super().__call__(value)`), raised by the base class's method: each is an
entry with the base's raise among its sites. On code written for the tests and on installed Django."""

import django
import pytest
from django.core import validators
from django.core.exceptions import ValidationError

from kb.harvest.pipeline.plan import produces
from tests.harvest.test_helper_raises import installed
from tests.harvest.test_messages import harvest_source

VALIDATORS = """
class ValidationError(Exception):
    pass

class RegexValidator:
    message = "Enter a valid value."

    def __init__(self, regex=None, message=None, code=None):
        self.regex = regex
        if message is not None:
            self.message = message

    def __call__(self, value):
        if not self.regex.search(value):
            raise ValidationError(self.message, code="invalid")
"""


def signatures_at(tmp_path, source: str, function: str) -> list[str]:
    return [site.signature for site in harvest_source(tmp_path, source).sites if site.function == function]


def test_a_module_level_instance_s_message_is_an_entry_at_the_base_class_s_raise(tmp_path):
    source = (
        VALIDATORS
        + """
validate_slug = RegexValidator(r"^[-a-z]+$", "Enter a valid slug.", "invalid")
validate_word = RegexValidator(r"^\\w+$", message="Enter one word.")
validate_any = RegexValidator(r".")
"""
    )
    assert signatures_at(tmp_path, source, "RegexValidator.__call__") == [
        "Enter a valid value.",
        "Enter a valid slug.",
        "Enter one word.",
    ]


def test_an_instance_made_by_a_factory_function_gives_the_message_the_factory_passes_on(tmp_path):
    source = (
        VALIDATORS
        + """
def int_list_validator(sep=",", message=None, code="invalid"):
    return RegexValidator(sep, message=message, code=code)

validate_int_list = int_list_validator(message="Enter only digits separated by commas.")
"""
    )
    assert "Enter only digits separated by commas." in signatures_at(tmp_path, source, "RegexValidator.__call__")


def test_a_subclass_that_calls_the_base_s_method_has_its_message_at_the_base_s_raise_too(tmp_path):
    source = (
        VALIDATORS
        + """
class URLValidator(RegexValidator):
    message = "Enter a valid URL."

    def __call__(self, value):
        if "://" not in value:
            raise ValidationError(self.message, code="invalid")
        super().__call__(value)

class HostValidator(RegexValidator):
    message = "Enter a valid host."

    def __call__(self, value):
        raise ValidationError(self.message, code="invalid")
"""
    )
    at_base = signatures_at(tmp_path, source, "RegexValidator.__call__")
    assert "Enter a valid URL." in at_base
    assert "Enter a valid URL." in signatures_at(tmp_path, source, "URLValidator.__call__")
    assert "Enter a valid host." not in at_base  # it never runs the base's raise


@pytest.mark.parametrize(
    ("validator", "value"),
    [
        (validators.validate_slug, "not valid ☃"),
        (validators.validate_unicode_slug, "not valid ☃"),
        (validators.validate_comma_separated_integer_list, "1,,2"),
        (validators.URLValidator(), "http://exa mple"),
    ],
)
def test_django_s_validators_raised_from_regex_validator_have_their_wording_at_its_raise(validator, value):
    with pytest.raises(ValidationError) as raised:
        validator(value)
    assert raised.traceback[-1].name == "__call__"  # RegexValidator's own raise
    found = installed(django, "core")
    recorded = [
        s.signature
        for s in found.sites
        if s.function == "RegexValidator.__call__" and s.signature and produces(s.signature, raised.value.messages[0])
    ]
    assert recorded, raised.value.messages[0]

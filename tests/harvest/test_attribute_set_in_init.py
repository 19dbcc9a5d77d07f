"""`self.error = error or self.default_message` in `__init__`, read where a method formats `self.error`: the
attribute `__init__` sets is the message, worded per subclass by its `default_message`. A class-level
`error: str | None = None` is a default, not a wording. Pared down from a serialisation library's validators
(marshmallow 4.4's `validate.Email` and `validate.Regexp`)."""

from tests.harvest.test_real_library_forms import sites_of

SOURCE = """
class ValidationError(Exception):
    pass


class Validator:
    error: str | None = None

    def _format_error(self, value):
        return self.error.format(input=value)


class Email(Validator):
    default_message = "Not a valid email address."

    def __init__(self, *, error=None):
        self.error: str = error or self.default_message

    def __call__(self, value):
        message = self._format_error(value)
        if not value or "@" not in value:
            raise ValidationError(message)
        return value


class Regexp(Validator):
    default_message = "String does not match expected pattern."

    def __init__(self, regex, *, error=None):
        self.regex = regex
        self.error = error or self.default_message

    def __call__(self, value):
        if self.regex.match(value) is None:
            raise ValidationError(self._format_error(value))
        return value


class Unset(Validator):
    def __call__(self, value):
        raise ValidationError(self.error)
"""


def test_the_attribute_init_sets_is_each_validators_message(tmp_path):
    assert sites_of(tmp_path, SOURCE, "Email.__call__") == [("ValidationError", "Not a valid email address.", ())]
    assert sites_of(tmp_path, SOURCE, "Regexp.__call__") == [
        ("ValidationError", "String does not match expected pattern.", ())
    ]


def test_a_class_level_none_that_no_init_sets_says_nothing(tmp_path):
    assert sites_of(tmp_path, SOURCE, "Unset.__call__") == [("ValidationError", "", ())]

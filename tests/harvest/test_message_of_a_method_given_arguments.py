"""`raise ValidationError(self._format_error(value, message))` where the method returns
`(self.error or message).format(input=value, min=self.min, max=self.max)`: the method's return is read with its
parameters bound to what the call gave, each read where the call is (`message` chosen by an `if` there gives
each arm as a wording). Pared down from a serialisation library's validators (marshmallow 4.4's
`validate.Length` and `validate.Range`)."""

from tests.harvest.test_real_library_forms import sites_of

LENGTH = """
class ValidationError(Exception):
    pass


class Length:
    message_min = "Shorter than minimum length {min}."
    message_all = "Length must be between {min} and {max}."
    message_equal = "Length must be {equal}."

    def __init__(self, min=None, max=None, *, equal=None, error=None):
        self.min = min
        self.max = max
        self.error = error
        self.equal = equal

    def _format_error(self, value, message):
        return (self.error or message).format(input=value, min=self.min, max=self.max, equal=self.equal)

    def __call__(self, value):
        if self.equal is not None:
            if len(value) != self.equal:
                raise ValidationError(self._format_error(value, self.message_equal))
            return value
        if self.min is not None and len(value) < self.min:
            message = self.message_min if self.max is None else self.message_all
            raise ValidationError(self._format_error(value, message))
        return value
"""


def test_the_argument_given_is_the_methods_message(tmp_path):
    sites = sites_of(tmp_path, LENGTH, "Length.__call__")
    assert ("ValidationError", "Length must be {equal}.", ()) in sites


def test_each_arm_of_the_callers_choice_is_a_wording(tmp_path):
    sites = sites_of(tmp_path, LENGTH, "Length.__call__")
    assert (
        "ValidationError",
        "Shorter than minimum length {min}.",
        ("Length must be between {min} and {max}.",),
    ) in sites

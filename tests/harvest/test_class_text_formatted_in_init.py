"""`message_min = "Must be {min_op} {{min}}."` at class level, then in `__init__`
`self.message_min = self.message_min.format(min_op=...)`: the instance's text is the class's, formatted once
there and once more where it is raised, so `{{min}}` is a placeholder and not the literal "{min}". A text
`__init__` only sets from a parameter leaves the class's default as it is. Pared down from a serialisation
library (marshmallow 4.4's `validate.Range`) and Django's validators."""

from tests.harvest.test_real_library_forms import sites_of

SOURCE = """
class ValidationError(Exception):
    pass


class Range:
    message_min = "Must be {min_op} {{min}}."
    message_gte = "greater than or equal to"
    message_gt = "greater than"

    def __init__(self, min=None, *, min_inclusive=True):
        self.min = min
        self.message_min = self.message_min.format(min_op=self.message_gte if min_inclusive else self.message_gt)

    def __call__(self, value):
        if value < self.min:
            raise ValidationError(self.message_min.format(input=value, min=self.min))
        return value


class RegexValidator:
    message = "Enter a valid value."

    def __init__(self, message=None):
        if message is not None:
            self.message = message

    def __call__(self, value):
        raise ValidationError(self.message)
"""


def test_a_class_text_formatted_in_init_is_formatted_twice(tmp_path):
    assert sites_of(tmp_path, SOURCE, "Range.__call__") == [("ValidationError", "Must be {min_op} {min}.", ())]


def test_a_text_init_sets_from_a_parameter_keeps_the_class_default(tmp_path):
    assert sites_of(tmp_path, SOURCE, "RegexValidator.__call__") == [("ValidationError", "Enter a valid value.", ())]

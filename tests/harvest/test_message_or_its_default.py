"""`raise X(self.msg or "default wording")`: the caller may word the message, else the library does. The default
is the wording every user who did not pass one sees, so it is the site's message. Pared-down copies of a
validation library's validators (voluptuous 0.16's Range, Equal and Coerce)."""

from tests.harvest.test_real_library_forms import sites_of


def test_the_default_after_an_override_only_run_time_knows_is_the_message(tmp_path):
    source = """
    class RangeInvalid(Exception):
        pass

    class Range:
        def __init__(self, min=None, msg=None):
            self.min = min
            self.msg = msg

        def __call__(self, v):
            if self.min is not None and not v >= self.min:
                raise RangeInvalid(
                    self.msg or 'value must be at least %s' % self.min
                )
            return v
    """

    assert sites_of(tmp_path, source, "Range.__call__") == [("RangeInvalid", "value must be at least {min}", ())]


def test_a_formatted_default_and_a_parameter_override(tmp_path):
    source = """
    class Invalid(Exception):
        pass

    def equal(v, target, msg=None):
        if v != target:
            raise Invalid(msg or 'Values are not equal: value:{} != target:{}'.format(v, target))
        return v
    """

    assert sites_of(tmp_path, source, "equal") == [
        ("Invalid", "Values are not equal: value:{v} != target:{target}", ())
    ]


def test_a_default_bound_to_a_name_then_completed_gives_both_wordings(tmp_path):
    source = """
    class CoerceInvalid(Exception):
        pass

    class Coerce:
        def __init__(self, type, msg=None):
            self.type = type
            self.msg = msg
            self.type_name = type.__name__

        def __call__(self, v):
            try:
                return self.type(v)
            except ValueError:
                msg = self.msg or ('expected %s' % self.type_name)
                if not self.msg and is_enum(self.type):
                    msg += " or one of %s" % str(list(self.type))
                raise CoerceInvalid(msg)
    """

    assert sites_of(tmp_path, source, "Coerce.__call__") == [
        ("CoerceInvalid", "expected {type_name} or one of {type}", ("expected {type_name}",))
    ]


def test_two_worded_operands_are_two_wordings_of_one_raise(tmp_path):
    source = """
    class Missing(Exception):
        pass

    PREFERRED = "required key not provided"

    def check(found):
        if not found:
            raise Missing(PREFERRED or "key missing")
    """

    assert sites_of(tmp_path, source, "check") == [("Missing", "required key not provided", ("key missing",))]


def test_operands_after_a_literal_text_are_never_reached(tmp_path):
    source = """
    class Invalid(Exception):
        pass

    def check(value, msg=None):
        if not value:
            raise Invalid(msg or "value is required" or "invalid value")
    """

    assert sites_of(tmp_path, source, "check") == [("Invalid", "value is required", ())]

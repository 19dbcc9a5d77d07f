"""`exc = ValidationError(errors, data=data); self.handle_error(exc); raise exc`: the exception is made first and
raised later, by the name that holds it. The raise is a site of the class the name was made of. Pared down from a
serialisation library (marshmallow 4.4's `Schema._do_load`) and Django 5.2's `FileField.pre_save`."""

from tests.harvest.test_real_library_forms import sites_of

CLASSES = """
class ValidationError(Exception):
    pass

class FieldError(Exception):
    pass
"""


def test_a_name_bound_to_an_exception_call_raises_that_class(tmp_path):
    source = (
        CLASSES
        + """
class Schema:
    def _do_load(self, data):
        errors = self.validate(data)
        if errors:
            exc = ValidationError(errors, data=data)
            self.handle_error(exc, data)
            raise exc
        return data
"""
    )

    assert sites_of(tmp_path, source, "Schema._do_load") == [("ValidationError", "", ())]


def test_its_message_is_read_as_at_the_call(tmp_path):
    source = (
        CLASSES
        + """
def pre_save(name, file):
    if file.name is None:
        exc = FieldError(f"File for {name} must have the name attribute specified to be saved.")
        exc.add_note("Pass a 'name' argument to ContentFile.")
        raise exc
"""
    )

    assert sites_of(tmp_path, source, "pre_save") == [
        ("FieldError", "File for {name} must have the name attribute specified to be saved.", ())
    ]


def test_a_name_bound_on_two_branches_raises_each_arm_s_exception(tmp_path):
    # As a message bound on two branches is two wordings: each arm's exception is raised there, neither guessed.
    source = (
        CLASSES
        + """
def check(strict):
    if strict:
        exc = FieldError("strict")
    else:
        exc = ValidationError("lenient")
    raise exc
"""
    )

    assert sorted(sites_of(tmp_path, source, "check")) == [
        ("FieldError", "strict", ()),
        ("ValidationError", "lenient", ()),
    ]

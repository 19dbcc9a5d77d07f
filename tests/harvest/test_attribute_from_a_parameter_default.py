"""An attribute `__init__` stores from a parameter with a default (`def __init__(self, choices, msg_err=_MSG_ERR):
self.msg_err = msg_err`) holds that default unless the caller says otherwise: a message read from it is the
default's words (a class-body name read as the class's attribute). A parameter `__init__` rebinds, or one with no
default, says nothing. On small sources and on a validation library's validators (colander 2.0's `Length`,
`OneOf`, `NoneOf`; bench/lookup_corpus.py installs it)."""

from tests.harvest.corpus_libs import found_where_it_ends, imported, installed, raised
from tests.harvest.test_messages import harvest_source

SOURCE = """
class Invalid(Exception):
    pass


class OneOf:
    _MSG_ERR = "{val} is not one of {choices}"

    def __init__(self, choices, msg_err=_MSG_ERR):
        self.msg_err = msg_err
        self.choices = choices

    def __call__(self, value):
        if value not in self.choices:
            raise Invalid(self.msg_err.format(val=value, choices=self.choices))


class Limit:
    def __init__(self, limit, message="Over the limit"):
        if not message:
            message = "Too much"
        self.message = message

    def __call__(self, value):
        raise Invalid(self.message)
"""


def test_the_default_s_words_are_the_message(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    assert [s.signature for s in found if s.function == "OneOf.__call__"] == ["{val} is not one of {choices}"]


def test_a_parameter_init_rebinds_is_not_read_as_its_default(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    assert "Over the limit" not in [s.signature for s in found if s.function == "Limit.__call__"]


@installed("colander")
def test_colander_s_validators_are_found_with_their_default_words():
    colander = imported("colander")
    node = colander.SchemaNode(colander.String())
    for validator, value in (
        (colander.Length(min=3), "ab"),
        (colander.OneOf(["a"]), "c"),
        (colander.NoneOf(["a"]), "a"),
    ):
        error = raised(lambda validator=validator, value=value: validator(node, value))
        [message] = error.asdict().values()
        assert found_where_it_ends("colander", error, message), message

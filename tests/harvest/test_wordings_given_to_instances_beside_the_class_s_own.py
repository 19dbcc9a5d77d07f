"""`raise Invalid(self.msg)` where `__init__` words `self.msg` itself when given none (`String does not match
expected pattern`): the wordings the harvest's own instances give it (`file_uri = Regex(URI_REGEX, msg=_("Must be
a file:// URI scheme"))`), and those a subclass's `__init__` hands its base (`class Email(Regex)`:
`super().__init__(EMAIL_RE, msg=msg)` with `msg = _("Invalid email address")`), are wordings of the same raise
too. On small sources and on a validation library's own (colander 2.0; bench/lookup_corpus.py installs it)."""

from tests.harvest.corpus_libs import found_where_it_ends, imported, installed, raised
from tests.harvest.test_messages import harvest_source

SOURCE = """
class Invalid(Exception):
    pass


class Regex:
    def __init__(self, regex, msg=None):
        self.regex = regex
        if msg is None:
            self.msg = "String does not match expected pattern"
        else:
            self.msg = msg

    def __call__(self, value):
        if not self.regex.match(value):
            raise Invalid(self.msg)


class Email(Regex):
    def __init__(self, msg=None):
        if msg is None:
            msg = "Invalid email address"
        super().__init__(EMAIL_RE, msg=msg)


file_uri = Regex(URI_REGEX, msg="Must be a file:// URI scheme")
"""


def test_each_wording_given_to_the_class_is_a_wording_of_its_raise(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    assert {s.signature for s in found if s.function == "Regex.__call__"} == {
        "String does not match expected pattern",
        "Must be a file:// URI scheme",
        "Invalid email address",
    }


@installed("colander")
def test_colander_s_regex_validators_are_found_with_their_own_words():
    colander = imported("colander")
    node = colander.SchemaNode(colander.String())
    for validator in (colander.Email(), colander.url, colander.file_uri, colander.uuid):
        error = raised(lambda validator=validator: validator(node, "not one"))
        [message] = error.asdict().values()
        assert found_where_it_ends("colander", error, message), message

"""`raise TypeCheckError(f"is not an instance of {name}")` with a class whose `__str__` prints the message inside
words or values of its own (`" of ".join(self._path) + " " + str(self.args[0])`, the path that callers catching
it add): the message as the raise words it, and as `__str__` prints it around it, are both wordings of that
site's entry, each way `__str__` may run (`output = Exception.__str__(self)`, `output += " for " + kind` in an
`if`, `return output + path`). On small sources, on typeguard's (bench/lookup_corpus.py installs it), whose every
message is printed after the path of the value checked (`argument "a" (str) is not an instance of int`), and on
voluptuous's, which prints it before the path (`expected int @ data['a']`)."""

from kb.harvest.pipeline.plan import produces
from tests.harvest.corpus_libs import found_where_it_ends, imported, installed, raised
from tests.harvest.test_messages import harvest_source

SOURCE = """
class TypeCheckError(Exception):
    def __init__(self, message):
        super().__init__(message)
        self._path = []

    def __str__(self):
        if self._path:
            return " of ".join(self._path) + " " + str(self.args[0])
        return str(self.args[0])


class Plain(Exception):
    def __str__(self):
        return str(self.args[0])


def check(value, expected):
    if not isinstance(value, expected):
        raise TypeCheckError(f"is not an instance of {expected.__name__}")
    raise Plain(f"{value!r} is fine")
"""


SUFFIXED = """
class Invalid(Exception):
    def __init__(self, message, path=None, kind=None):
        Exception.__init__(self, message)
        self.path = path or []
        self.kind = kind

    def __str__(self):
        path = " @ data[%s]" % "][".join(map(repr, self.path)) if self.path else ""
        output = Exception.__str__(self)
        if self.kind:
            output += " for " + self.kind
        return output + path


def validate(value, schema, path):
    if not isinstance(value, schema):
        raise Invalid("expected %s" % schema.__name__, path)
"""


def test_each_way_str_words_the_message_is_a_wording_of_the_entry(tmp_path):
    [site] = harvest_source(tmp_path, SUFFIXED).sites
    wordings = [site.signature, *(signature for _message, signature in site.variants)]

    for printed in ["expected int", "expected int @ data['a']['b']", "expected int for key @ data['a']"]:
        assert any(produces(w, printed) for w in wordings), printed


def test_the_message_alone_and_inside_the_words_of_str_are_wordings_of_one_entry(tmp_path):
    found = {s.exception_type.rpartition(".")[2]: s for s in harvest_source(tmp_path, SOURCE).sites}

    checked = found["TypeCheckError"]
    wordings = [checked.signature, *(signature for _message, signature in checked.variants)]
    assert produces(checked.signature, "is not an instance of int")
    assert any(produces(w, 'argument "a" (str) is not an instance of int') for w in wordings)
    assert found["Plain"].variants == ()  # a `__str__` that prints the message alone adds nothing


@installed("typeguard")
def test_typeguard_s_messages_are_found_where_their_traceback_ends():
    typeguard = imported("typeguard")
    cases = [
        lambda: typeguard.check_type("x", int),
        lambda: typeguard.check_type({"a": "b"}, dict[str, int]),
        lambda: typeguard.check_type(["b", 1], list[int]),
    ]
    for case in cases:
        error = raised(case)
        assert found_where_it_ends("typeguard", error), str(error)


@installed("voluptuous")
def test_voluptuous_s_messages_are_found_with_their_path_where_they_are_raised():
    voluptuous = imported("voluptuous")
    container = raised(lambda: voluptuous.Schema({"a": {"b": int}})({"a": {"b": "x"}}))
    [error] = container.errors  # the error it collected, raised where its own traceback ends
    assert str(error) == "expected int for dictionary value @ data['a']['b']"
    assert found_where_it_ends("voluptuous", error)

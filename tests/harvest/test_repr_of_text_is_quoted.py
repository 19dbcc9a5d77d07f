"""A value a message shows by its repr (`{x!r}`, `%r`) that the code says is text prints between quotes: `f"{data!r}
does not match {self._pattern_str!r}"` with `self._pattern_str: str` says `'x'`, never `-1` or `None`, so the
signature holds the quotes and a message with an unquoted value is not this raise's. Known as text: a parameter
annotated `str` the function does not rebind, or an attribute the class annotates `str`. On a small source and on
a validation library's own (schema 0.7's `Regex.validate` beside `Schema.validate`'s "%r does not match %r")."""

from kb.harvest.pipeline.plan import produces
from tests.harvest.corpus_libs import found_where_it_ends, harvested, imported, installed, raised
from tests.harvest.test_messages import harvest_source

SOURCE = """
class SchemaError(Exception):
    pass


class Regex:
    label: str

    def __init__(self, pattern_str: str) -> None:
        self._pattern_str: str = pattern_str

    def validate(self, data: str):
        raise SchemaError(f"{data!r} does not match {self._pattern_str!r}")

    def check(self, other, data: str):
        raise SchemaError("%r is not %r, nor %r" % (other, data, self.label))

    def again(self, data: str):
        data = data.strip()
        raise SchemaError("{!r} bad".format(data))
"""


def signature_of(tmp_path, function: str) -> str:
    [site] = [s for s in harvest_source(tmp_path, SOURCE).sites if s.function == function]
    return site.signature


def test_a_parameter_and_an_attribute_annotated_str_are_quoted(tmp_path):
    assert signature_of(tmp_path, "Regex.validate") == "'{data}' does not match '{pattern_str}'"
    assert signature_of(tmp_path, "Regex.check") == "{other} is not '{data}', nor '{label}'"


def test_a_parameter_the_function_rebinds_is_not_known_as_text(tmp_path):
    assert signature_of(tmp_path, "Regex.again") == "{data} bad"


@installed("schema")
def test_schema_s_value_mismatch_is_not_taken_for_a_pattern_mismatch():
    schema = imported("schema")
    error = raised(lambda: schema.Schema("x").validate(-1))
    assert str(error) == "'x' does not match -1"
    assert found_where_it_ends("schema", error)
    regex = [s for s in harvested("schema").sites if s.function == "Regex.validate" and "does not match" in s.signature]
    assert regex and not any(produces(s.signature, str(error)) for s in regex)


def test_the_repr_s_double_quotes_are_another_wording(tmp_path):
    # repr("'") is "'": a text holding a single quote prints between double ones.
    [site] = [s for s in harvest_source(tmp_path, SOURCE).sites if s.function == "Regex.validate"]
    assert [signature for _, signature in site.variants] == ['"{data}" does not match "{pattern_str}"']

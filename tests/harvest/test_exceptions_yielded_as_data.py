"""Exceptions a repository makes as data and raises elsewhere: generators yield exception instances (`yield
ValidationError(f"...")`) and a driver raises one of them (`for error in self.iter_errors(x): raise error`, `error =
best_match(v.iter_errors(x)); raise error`). The traceback ends at the driver's raise: a site of each exception the
generators it calls yield, worded where each is yielded, also of one made from it (`SchemaError.create_from(error)`).
Pared down from a JSON Schema validator, and on jsonschema's own source (installed with the project)."""

import traceback
from functools import cache
from pathlib import Path

import jsonschema
import pytest

from kb.harvest.pipeline.plan import produces
from kb.harvest.pipeline.scan import Scan, scan
from tests.harvest.test_messages import harvest_source

SOURCE = """
class ValidationError(Exception):
    @classmethod
    def create_from(cls, other):
        return cls(other.message)


class SchemaError(ValidationError):
    pass


def minimum(validator, limit, instance):
    if instance < limit:
        yield ValidationError(f"{instance!r} is less than the minimum of {limit!r}")


def required(validator, names, instance):
    for name in names:
        if name not in instance:
            yield ValidationError(f"{name!r} is a required property")


RULES = {"minimum": minimum, "required": required}


class Validator:
    def iter_errors(self, instance):
        if self.schema is False:
            yield ValidationError(f"False schema does not allow {instance!r}")
            return
        for key, value in self.schema.items():
            for error in RULES[key](self, value, instance) or ():
                yield error

    def validate(self, instance):
        for error in self.iter_errors(instance):
            raise error

    def check_schema(self, schema):
        for error in self.iter_errors(schema):
            raise SchemaError.create_from(error)


def best_match(errors):
    return next(iter(errors), None)


def validate(instance, validator):
    error = best_match(validator.iter_errors(instance))
    if error is not None:
        raise error


def unrelated(items):
    for item in items:
        raise item
"""


def raised_at(tmp_path, function: str) -> set[tuple[str, str]]:
    found = harvest_source(tmp_path, SOURCE).sites
    return {(s.exception_type, s.signature) for s in found if s.function == function}


def test_a_raise_of_what_a_generator_yields_is_a_site_of_each_yielded_exception(tmp_path):
    assert raised_at(tmp_path, "validate") == {
        ("pkg.mod.ValidationError", "False schema does not allow {instance}"),
        ("pkg.mod.ValidationError", "{instance} is less than the minimum of {limit}"),
        ("pkg.mod.ValidationError", "{name} is a required property"),
    }


def test_the_loop_over_a_generator_raises_what_it_yields(tmp_path):
    at_method = raised_at(tmp_path, "Validator.validate")
    assert ("pkg.mod.ValidationError", "{name} is a required property") in at_method


def test_an_exception_made_from_a_yielded_one_by_a_classmethod_is_of_that_class_in_its_words(tmp_path):
    at_check = raised_at(tmp_path, "Validator.check_schema")
    assert ("pkg.mod.SchemaError", "{instance} is less than the minimum of {limit}") in at_check
    assert not [t for t, _ in at_check if t != "pkg.mod.SchemaError"]


def test_a_raise_of_an_item_no_generator_yields_is_no_site(tmp_path):
    assert not raised_at(tmp_path, "unrelated")


@cache
def harvested_jsonschema() -> Scan:
    return scan(Path(jsonschema.__file__).parent, prefix="jsonschema", progress=False)


def found_where_it_ends(error: BaseException) -> list[str]:
    """The signatures of the sites at the line the traceback ends on whose type is the error's and that (or one of
    their other wordings), filled in, are its message (the first line: the class adds a report below it)."""
    innermost = [f for f in traceback.extract_tb(error.__traceback__) if "/jsonschema/" in f.filename][-1]
    first_line = str(error).split("\n", 1)[0]
    return [
        site.signature
        for site in harvested_jsonschema().sites
        if innermost.filename.endswith(site.path)
        and site.line == innermost.lineno
        and site.exception_type == f"{type(error).__module__}.{type(error).__name__}"
        and any(produces(signature, first_line) for signature in [site.signature, *(s for _, s in site.variants)])
    ]


@pytest.mark.parametrize(
    ("instance", "schema"),
    [
        (1, {"type": "string"}),
        ("blue", {"enum": ["red", "green"]}),
        ({"name": "x"}, {"required": ["name", "age"]}),
        ({"a": 1, "b": 2}, {"additionalProperties": False, "properties": {"a": {}}}),
        ([1, 1], {"uniqueItems": True}),
        (3, {"minimum": 5}),
    ],
)
def test_jsonschema_s_validation_errors_are_found_where_validate_raises_them(instance, schema):
    with pytest.raises(jsonschema.ValidationError) as caught:
        jsonschema.validate(instance, schema)
    assert found_where_it_ends(caught.value), str(caught.value)


def test_jsonschema_s_schema_errors_are_found_where_check_schema_raises_them():
    with pytest.raises(jsonschema.SchemaError) as caught:
        jsonschema.Draft202012Validator.check_schema({"minLength": -1})
    assert found_where_it_ends(caught.value), str(caught.value)

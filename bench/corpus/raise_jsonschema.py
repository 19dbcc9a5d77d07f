"""Raise real errors from jsonschema, one JSON line each (see common.py): instances that fail schemas (each validation
keyword: type, enum, const, required, properties, additionalProperties, patternProperties, dependentRequired, items,
prefixItems, contains, uniqueItems, lengths, ranges, multipleOf, pattern, format, anyOf, oneOf, allOf, not, if/then,
unevaluated keywords, $ref), schemas that are invalid themselves (`check_schema`), `$schema` and `$ref` it cannot
resolve, unknown types and formats, and its validator, error and type-checker APIs misused; written from
jsonschema's documentation as a user would use it (held-out: see SPLIT.md, fifth split)."""

import sys
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

warnings.simplefilter("ignore", DeprecationWarning)  # RefResolver and a schema passed to iter_errors are deprecated

# (schema, instance) pairs that fail validation, one keyword each.
FAILURES = [
    ({"type": "string"}, 1),
    ({"enum": ["red", "green"]}, "blue"),
    ({"const": 3}, 4),
    ({"required": ["name", "age"]}, {"name": "x"}),
    ({"properties": {"age": {"type": "integer"}}}, {"age": "old"}),
    ({"additionalProperties": False, "properties": {"a": {}}}, {"a": 1, "b": 2}),
    ({"additionalProperties": False, "patternProperties": {"^x": {}}}, {"y": 1}),
    ({"propertyNames": {"maxLength": 2}}, {"long": 1}),
    ({"dependentRequired": {"card": ["billing"]}}, {"card": 1}),
    ({"dependentSchemas": {"card": {"required": ["billing"]}}}, {"card": 1}),
    ({"minProperties": 2}, {"a": 1}),
    ({"maxProperties": 1}, {"a": 1, "b": 2}),
    ({"items": {"type": "integer"}}, [1, "x"]),
    ({"prefixItems": [{"type": "integer"}], "items": False}, [1, 2]),
    ({"prefixItems": [{"type": "integer"}]}, ["x"]),
    ({"contains": {"type": "string"}}, [1, 2]),
    ({"contains": {"type": "string"}, "minContains": 2}, ["a", 1]),
    ({"contains": {"type": "string"}, "maxContains": 1}, ["a", "b"]),
    ({"uniqueItems": True}, [1, 1]),
    ({"minItems": 2}, [1]),
    ({"maxItems": 1}, [1, 2]),
    ({"minLength": 3}, "ab"),
    ({"maxLength": 1}, "ab"),
    ({"minimum": 5}, 3),
    ({"maximum": 5}, 7),
    ({"exclusiveMinimum": 5}, 5),
    ({"exclusiveMaximum": 5}, 5),
    ({"multipleOf": 3}, 7),
    ({"multipleOf": 0.1}, 0.15),
    ({"pattern": "^[a-z]+$"}, "ABC"),
    ({"anyOf": [{"type": "string"}, {"type": "null"}]}, 1),
    ({"oneOf": [{"type": "integer"}, {"type": "number"}]}, 1),
    ({"oneOf": [{"type": "string"}, {"type": "null"}]}, 1),
    ({"not": {"type": "integer"}}, 1),
    ({"if": {"type": "integer"}, "then": {"minimum": 5}}, 3),
    ({"if": {"type": "integer"}, "else": {"type": "null"}}, "x"),
    ({"unevaluatedProperties": False, "properties": {"a": {}}}, {"a": 1, "b": 2}),
    ({"unevaluatedItems": False, "prefixItems": [{}]}, [1, 2]),
    (False, 1),
    ({"$schema": "http://json-schema.org/draft-04/schema#", "maximum": 5, "exclusiveMaximum": True}, 5),
    ({"$schema": "http://json-schema.org/draft-04/schema#", "minimum": 5, "exclusiveMinimum": True}, 5),
    ({"$schema": "http://json-schema.org/draft-07/schema#", "dependencies": {"a": ["b"]}}, {"a": 1}),
    ({"$schema": "http://json-schema.org/draft-07/schema#", "dependencies": {"a": {"required": ["b"]}}}, {"a": 1}),
    (
        {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "items": [{"type": "integer"}],
            "additionalItems": False,
        },
        [1, 2],
    ),
    ({"$schema": "http://json-schema.org/draft-03/schema#", "properties": {"a": {"required": True}}}, {}),
    ({"$schema": "http://json-schema.org/draft-03/schema#", "disallow": "string"}, "x"),
    ({"$schema": "http://json-schema.org/draft-03/schema#", "divisibleBy": 3}, 7),
]
# Schemas that are invalid themselves.
INVALID_SCHEMAS = [
    {"type": "strin"},
    {"type": 12},
    {"minimum": "5"},
    {"required": "name"},
    {"properties": []},
    {"enum": 5},
    {"minLength": -1},
    {"items": 5},
    {"multipleOf": 0},
    {"anyOf": []},
    5,
]


def cases():
    import jsonschema
    from jsonschema import Draft7Validator, Draft202012Validator, FormatChecker, exceptions, validators

    for index, (schema, instance) in enumerate(FAILURES):
        yield f"jsonschema validate {index} {schema}", lambda s=schema, i=instance: jsonschema.validate(i, s)
    for index, schema in enumerate(INVALID_SCHEMAS):
        yield f"jsonschema check_schema {index}", lambda s=schema: Draft202012Validator.check_schema(s)
        yield f"jsonschema validate bad schema {index}", lambda s=schema: jsonschema.validate({}, s)
    formats = {"email": "no-at-sign", "ipv4": "300.1.1.1", "ipv6": "::g", "date": "2020-13-45", "regex": "(",
               "uuid": "1234", "hostname": "-bad-", "time": "25:00:00"}  # fmt: skip
    for name, value in formats.items():
        yield (
            f"jsonschema format {name}",
            lambda n=name, v=value: jsonschema.validate(v, {"format": n}, format_checker=FormatChecker()),
        )
    yield from [
        ("jsonschema Draft7 validate", lambda: Draft7Validator({"type": "string"}).validate(1)),
        ("jsonschema Draft7 required", lambda: Draft7Validator({"required": ["a"]}).validate({})),
        ("jsonschema unknown $schema", lambda: jsonschema.validate(1, {"$schema": "http://example.com/nope"})),
        ("jsonschema validator_for unknown", lambda: validators.validator_for({"$schema": "urn:nope"}, default=None)()),
        ("jsonschema unresolvable $ref", lambda: jsonschema.validate(1, {"$ref": "#/definitions/missing"})),
        ("jsonschema remote $ref", lambda: jsonschema.validate(1, {"$ref": "urn:example:missing"})),
        ("jsonschema $ref bad pointer", lambda: jsonschema.validate(1, {"$defs": {"a": 1}, "$ref": "#/$defs/a/b"})),
        ("jsonschema unknown type", lambda: Draft7Validator({"type": "strin"}).validate(1)),
        (
            "jsonschema type checker redefine",
            lambda: Draft7Validator.TYPE_CHECKER.remove("nope"),
        ),
        ("jsonschema type checker is_type", lambda: Draft7Validator.TYPE_CHECKER.is_type(1, "nope")),
        ("jsonschema format checker unknown", lambda: FormatChecker().check("x", "nope") or FormatChecker(["nope"])),
        ("jsonschema format checker conforms", lambda: FormatChecker().check("300.1.1.1", "ipv4")),
        ("jsonschema format checks raises", lambda: FormatChecker().checks("x", raises=ValueError)(int).__call__("y")),
        ("jsonschema best_match empty", lambda: exceptions.best_match([])),
        ("jsonschema ErrorTree missing", lambda: exceptions.ErrorTree([])["nope"]),
        (
            "jsonschema ErrorTree from errors",
            lambda: exceptions.ErrorTree(Draft7Validator({"type": "string"}).iter_errors(1))["x"],
        ),
        ("jsonschema ValidationError create_from", lambda: exceptions.ValidationError.create_from(1)),
        ("jsonschema ValidationError str", lambda: str(exceptions.ValidationError("x", validator=object())) and 1 / 0),
        ("jsonschema evolve unknown", lambda: Draft7Validator({}).evolve(nope=1)),
        ("jsonschema validator positional", lambda: Draft7Validator()),
        ("jsonschema iter_errors schema kwarg", lambda: list(Draft7Validator({}).iter_errors(1, {"type": "string"}))),
        ("jsonschema is_valid schema kwarg", lambda: Draft7Validator({}).is_valid(1, {"type": "string"})),
        ("jsonschema create without meta", lambda: validators.create(meta_schema=1)),
        (
            "jsonschema extend keyword raises",
            lambda: validators.extend(Draft7Validator, {"type": lambda *a: 1 / 0})({"type": "x"}).validate(1),
        ),
        ("jsonschema RefResolver", lambda: jsonschema.RefResolver.from_schema({}).resolve("#/nope")),
        ("jsonschema RefResolver remote", lambda: jsonschema.RefResolver("", {}).resolve_from_url("nope://x")),
        ("jsonschema FormatError", lambda: FormatChecker().check("x", "email") or exceptions.FormatError("x").nope),
        ("jsonschema validate not json", lambda: jsonschema.validate(object(), {"type": "string"})),
        ("jsonschema deprecated attribute", lambda: jsonschema.__nope__),
        ("jsonschema validators module attribute", lambda: validators.nope),
    ]


if __name__ == "__main__":
    Recorder("jsonschema", ("jsonschema",)).run_all(cases())

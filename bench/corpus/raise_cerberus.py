"""Raise real errors from Cerberus, one JSON line each (see common.py): schemas that break its rules (unknown
rules, constraints of the wrong type, bad registries), documents that are not mappings, and validate misused."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

RULES = [
    "type",
    "min",
    "max",
    "minlength",
    "maxlength",
    "allowed",
    "forbidden",
    "regex",
    "required",
    "nullable",
    "empty",
    "coerce",
    "default",
    "default_setter",
    "schema",
    "items",
    "keysrules",
    "valuesrules",
    "dependencies",
    "excludes",
    "anyof",
    "allof",
    "oneof",
    "noneof",
    "contains",
    "check_with",
    "rename",
    "rename_handler",
    "readonly",
    "purge_unknown",
    "meta",
    "nope",
]
CONSTRAINTS = [1, "nope", [1], {"a": 1}, None, -1, object()]


def cases():
    import cerberus
    from cerberus import schema_registry

    for rule in RULES:
        for constraint in CONSTRAINTS:
            schema = {"a": {rule: constraint}}
            yield f"cerberus schema {rule}={constraint!r:.20}", lambda s=schema: cerberus.Validator(s)
    bad_schemas = [
        1,
        "nope",
        [1],
        {"a": 1},
        {"a": "nope"},
        {1: {"type": "string"}},
        {"a": {"type": ["string", "nope"]}},
        {"a": {"schema": "nope"}},
        {"a": {"type": "list", "schema": {"type": "nope"}}},
        {"a": {"anyof": [{"type": "nope"}]}},
        {"a": {"min": 1, "max": "x"}},
        {"a": {"regex": "["}},
    ]
    for schema in bad_schemas:
        yield f"cerberus bad schema {schema!r:.40}", lambda s=schema: cerberus.Validator(s)
    v = cerberus.Validator({"a": {"type": "integer"}})
    for document in [None, 1, "x", [1], object()]:
        yield f"cerberus document {document!r:.20}", lambda d=document: v.validate(d)
        yield f"cerberus normalized {document!r:.20}", lambda d=document: v.normalized(d)
    yield from [
        ("cerberus no schema", lambda: cerberus.Validator().validate({"a": 1})),
        ("cerberus validated no schema", lambda: cerberus.Validator().validated({"a": 1})),
        ("cerberus schema registry missing", lambda: cerberus.Validator({"a": {"schema": "nowhere"}})),
        ("cerberus registry add bad", lambda: schema_registry.add("x", {"a": {"type": "nope"}})),
        ("cerberus rules registry bad", lambda: cerberus.rules_set_registry.add("r", {"type": "nope"})),
        ("cerberus allow_unknown bad", lambda: cerberus.Validator({}, allow_unknown={"type": "nope"})),
        (
            "cerberus coerce fails",
            lambda: cerberus.Validator({"a": {"coerce": int}}).validated({"a": "x"}, always_return_document=True),
        ),
        ("cerberus coerce unknown name", lambda: cerberus.Validator({"a": {"coerce": "nope"}}).validate({"a": 1})),
        ("cerberus check_with unknown", lambda: cerberus.Validator({"a": {"check_with": "nope"}}).validate({"a": 1})),
        ("cerberus default_setter unknown", lambda: cerberus.Validator({"a": {"default_setter": "nope"}}).validate({})),
        (
            "cerberus default_setter raises",
            lambda: cerberus.Validator({"a": {"default_setter": lambda d: 1 / 0}}).validate({}),
        ),
        (
            "cerberus rename_handler unknown",
            lambda: cerberus.Validator({"a": {"rename_handler": "nope"}}).validate({"a": 1}),
        ),
        ("cerberus update without", lambda: v.validate({"a": 1}, update="x")),
        ("cerberus validator_factory bad", lambda: cerberus.validator_factory("V", mixin=1)),
        ("cerberus schema assign", lambda: setattr(v, "schema", {"a": {"type": "nope"}})),
        ("cerberus schema update", lambda: v.schema.update({"b": {"nope": 1}})),
        ("cerberus schema setitem", lambda: v.schema.__setitem__("c", {"type": "nope"})),
        ("cerberus errors tree", lambda: cerberus.errors.ErrorTree()["x"].nope),
        ("cerberus types mapping", lambda: cerberus.Validator({"a": {"type": "integer"}}, nope=1).validate(1)),
    ]


if __name__ == "__main__":
    Recorder("Cerberus", ("cerberus",)).run_all(cases())

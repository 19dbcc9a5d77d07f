"""Raise real errors from schema (keleshev/schema), one JSON line each (see common.py): data that fails schemas (types,
And/Or/Use/Regex/Const/Literal, missing, wrong and forbidden keys, nested dicts and lists, custom error messages),
schemas built wrong (unknown keyword arguments, Optional defaults on non-simple keys, hooks) and JSON Schema output
asked of what it cannot describe; written from schema's README as a user would use it (held-out: see SPLIT.md, third
split)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

BAD = ["x", -1, None, {"a": 1}]


def cases():
    import re

    from schema import And, Const, Forbidden, Hook, Literal, Optional, Or, Regex, Schema, SchemaError, Use

    schemas = {
        "int": int,
        "str": str,
        "exact value": "abc",
        "None": None,
        "callable": lambda n: n > 0,
        "callable raises": lambda n: len(n) > 2,
        "And": And(str, len),
        "And error": And(int, lambda n: 0 < n < 10, error="must be a small number"),
        "Or": Or(int, float),
        "Or only one": Or("a", "b", only_one=True),
        "Use int": Use(int),
        "Use error": Use(int, error="not a number"),
        "Use json": Use(__import__("json").loads),
        "Regex": Regex(r"^\d+$"),
        "Regex flags": Regex(r"^[a-z]+$", flags=re.I),
        "Const": Const(And(str, len)),
        "list": [int],
        "list Or": [int, str],
        "tuple": (int,),
        "set": {int},
        "frozenset": frozenset([int]),
        "type": type,
        "dict": {"a": int},
        "dict optional": {Optional("a"): int},
        "dict str keys": {str: int},
        "dict nested": {"a": {"b": [int]}},
        "Schema ignore extra": Schema({"a": int}, ignore_extra_keys=True),
        "Schema error": Schema(int, error="custom {}"),
        "Schema name": Schema({"a": int}, name="thing"),
    }
    for label, spec in schemas.items():
        for value in BAD:
            yield f"schema {label}({value!r:.20})", lambda s=spec, v=value: Schema(s).validate(v)
    yield from [
        ("schema missing key", lambda: Schema({"a": int, "b": str}).validate({"a": 1})),
        ("schema missing keys", lambda: Schema({"a": int, "b": str, "c": str}).validate({})),
        ("schema wrong key", lambda: Schema({"a": int}).validate({"a": 1, "b": 2})),
        ("schema wrong key value", lambda: Schema({"a": int}).validate({"a": "x"})),
        ("schema forbidden", lambda: Schema({Forbidden("a"): object, str: int}).validate({"a": 1})),
        ("schema forbidden typed", lambda: Schema({Forbidden("a"): str, str: int}).validate({"a": "x"})),
        ("schema or keys only one", lambda: Schema({Or("a", "b", only_one=True): int}).validate({"a": 1, "b": 2})),
        ("schema hook", lambda: Schema({Hook("a", handler=lambda *a: 1 / 0): int, str: int}).validate({"a": 1})),
        ("schema literal key", lambda: Schema({Literal("a", description="d"): int}).validate({"a": "x"})),
        ("schema optional default", lambda: Schema({Optional(str, default=1): int})),
        ("schema optional default and", lambda: Schema({Optional(And(str, len), default=1): int})),
        ("schema optional default validate", lambda: Schema({Optional("a", default="x"): int}).validate({})),
        ("schema and kwargs", lambda: And(int, nope=1)),
        ("schema or kwargs", lambda: Or(int, nope=1)),
        ("schema and schema kwarg", lambda: And(int, schema=1).validate(1)),
        ("schema use not callable", lambda: Use(1)),
        ("schema use raises schema error", lambda: Schema(Use(lambda v: Schema(int).validate(v))).validate("x")),
        ("schema regex type", lambda: Regex(1)),
        ("schema regex bad", lambda: Regex("(")),
        ("schema regex int value", lambda: Regex("a").validate(1)),
        ("schema or empty", lambda: Or().validate(1)),
        ("schema or reset", lambda: (lambda o: (o.validate("a"), o.validate("b")))(Or("a", "b", only_one=True))),
        ("schema is_valid then validate", lambda: Schema(int).is_valid("x") or Schema(int).validate("x")),
        (
            "schema ignore extra nested",
            lambda: Schema({"a": {"b": int}}, ignore_extra_keys=True).validate({"a": {"b": "x"}}),
        ),
        ("schema error list", lambda: Schema(And(int, error=["e1", "e2"])).validate("x")),
        ("schema error format", lambda: Schema(Use(int, error="bad {}")).validate("x")),
        ("schema error none", lambda: Schema(Use(int, error=None)).validate("x")),
        ("schema json schema id", lambda: Schema({"a": int}).json_schema(1)),
        ("schema json schema callable", lambda: Schema({"a": lambda n: n}).json_schema("id")),
        ("schema json schema use", lambda: Schema({"a": Use(int)}).json_schema("id")),
        ("schema json schema regex", lambda: Schema({"a": Regex("a", flags=re.I)}).json_schema("id")),
        ("schema json schema name", lambda: Schema({"a": int}, as_reference=True).json_schema("id")),
        ("schema json schema default", lambda: Schema({Optional("a", default=object()): object}).json_schema("id")),
        ("schema json schema keys", lambda: Schema({int: int}).json_schema("id")),
        ("schema SchemaError code", lambda: SchemaError(1, 2).code.nope),
        ("schema validate kwargs", lambda: Schema({"a": lambda n, x=None: 1 / 0}).validate({"a": 1}, x=1)),
        ("schema dict values", lambda: Schema({"a": [{"b": int}]}).validate({"a": [{"b": 1}, {"b": "x"}]})),
        ("schema list values", lambda: Schema([{"a": int}]).validate([{"a": "x"}])),
        ("schema list mixed", lambda: Schema([Or(int, {"a": str})]).validate([{"a": 1}])),
    ]


if __name__ == "__main__":
    Recorder("schema", ("schema",)).run_all(cases())

"""Raise real errors from marshmallow, one JSON line each (see common.py): each field type and validator given bad
input (one wording per field class and error key), schemas loading unknown, missing and badly nested data, and
schema options misused; written from marshmallow's documentation as a user would use it (held-out: see SPLIT.md)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

BAD = ["", "x", "-1", "1.5", "2020-13-45", "nope@", None, [1], {"a": 1}, 10**400 if False else "9" * 400, True, "nan"]


def cases():
    import enum

    from marshmallow import EXCLUDE, RAISE, Schema, fields, validate

    class Color(enum.Enum):
        RED = 1

    class Inner(Schema):
        n = fields.Integer(required=True)

    field_makers = {
        "Integer": lambda: fields.Integer(),
        "Integer strict": lambda: fields.Integer(strict=True),
        "Float": lambda: fields.Float(),
        "Float nan": lambda: fields.Float(allow_nan=False),
        "Decimal": lambda: fields.Decimal(),
        "Boolean": lambda: fields.Boolean(),
        "String": lambda: fields.String(),
        "DateTime": lambda: fields.DateTime(),
        "DateTime format": lambda: fields.DateTime(format="%Y"),
        "NaiveDateTime": lambda: fields.NaiveDateTime(),
        "AwareDateTime": lambda: fields.AwareDateTime(),
        "Date": lambda: fields.Date(),
        "Time": lambda: fields.Time(),
        "TimeDelta": lambda: fields.TimeDelta(),
        "UUID": lambda: fields.UUID(),
        "Email": lambda: fields.Email(),
        "URL": lambda: fields.URL(),
        "IP": lambda: fields.IP(),
        "IPv4": lambda: fields.IPv4(),
        "IPv6": lambda: fields.IPv6(),
        "IPInterface": lambda: fields.IPInterface(),
        "List": lambda: fields.List(fields.Integer()),
        "Tuple": lambda: fields.Tuple((fields.Integer(), fields.String())),
        "Dict": lambda: fields.Dict(keys=fields.String(), values=fields.Integer()),
        "Nested": lambda: fields.Nested(Inner),
        "Nested many": lambda: fields.Nested(Inner, many=True),
        "Enum": lambda: fields.Enum(Color),
        "Enum by value": lambda: fields.Enum(Color, by_value=True),
        "Number": lambda: fields.Number(),
        "Raw required": lambda: fields.Raw(required=True),
        "String not null": lambda: fields.String(allow_none=False),
        "String length": lambda: fields.String(validate=validate.Length(min=3, max=4)),
        "String equal": lambda: fields.String(validate=validate.Equal("a")),
        "String oneof": lambda: fields.String(validate=validate.OneOf(["a", "b"])),
        "String noneof": lambda: fields.String(validate=validate.NoneOf(["x", ""])),
        "String regexp": lambda: fields.String(validate=validate.Regexp(r"^\d+$")),
        "Integer range": lambda: fields.Integer(validate=validate.Range(min=0, max=1)),
        "Integer range exclusive": lambda: fields.Integer(validate=validate.Range(min=0, min_inclusive=False)),
        "List containsonly": lambda: fields.List(fields.String(), validate=validate.ContainsOnly(["a"])),
        "List containsnoneof": lambda: fields.List(fields.Integer(), validate=validate.ContainsNoneOf([1])),
        "String url validator": lambda: fields.String(validate=validate.URL()),
        "String email validator": lambda: fields.String(validate=validate.Email()),
        "String predicate": lambda: fields.String(validate=validate.Predicate("isdigit")),
        "String and": lambda: fields.String(validate=validate.And(validate.Length(min=5), validate.Regexp("z"))),
    }
    for name, make in field_makers.items():
        for value in BAD:
            yield f"marshmallow {name}.deserialize({value!r:.20})", lambda m=make, v=value: m().deserialize(v)

    class User(Schema):
        name = fields.String(required=True)
        age = fields.Integer(validate=validate.Range(min=0))
        inner = fields.Nested(Inner)

    yield from [
        ("marshmallow load unknown", lambda: User().load({"name": "a", "nope": 1})),
        ("marshmallow load missing", lambda: User().load({})),
        ("marshmallow load not dict", lambda: User().load([1])),
        ("marshmallow load many not list", lambda: User(many=True).load({"name": "a"})),
        ("marshmallow load nested bad", lambda: User().load({"name": "a", "inner": {"n": "x"}})),
        ("marshmallow load nested not dict", lambda: User().load({"name": "a", "inner": 1})),
        ("marshmallow load partial bad", lambda: User(partial=("nope",)).load({})),
        ("marshmallow only bad", lambda: User(only=("nope",))),
        ("marshmallow exclude bad", lambda: User(exclude=("nope",))),
        ("marshmallow only str", lambda: User(only="name")),
        ("marshmallow unknown bad", lambda: User(unknown="nope")),
        ("marshmallow validate", lambda: User().validate({}) and User().load({"age": -1})),
        ("marshmallow loads bad json", lambda: User().loads("{")),
        ("marshmallow from_dict bad", lambda: Schema.from_dict({"a": 1})().load({"a": 1})),
        ("marshmallow field not a field", lambda: fields.List(1)),
        ("marshmallow nested bad", lambda: fields.Nested(1).deserialize({})),
        ("marshmallow nested string missing", lambda: fields.Nested("Nope").deserialize({})),
        ("marshmallow tuple bad", lambda: fields.Tuple(1)),
        ("marshmallow enum bad", lambda: fields.Enum(Color, by_value=fields.Integer()).deserialize("x")),
        ("marshmallow range bad", lambda: validate.Range()(1).nope),
        ("marshmallow length equal", lambda: validate.Length(equal=2, min=1)),
        ("marshmallow datetime format bad", lambda: fields.DateTime(format="nope").deserialize("x")),
        ("marshmallow load_default and required", lambda: fields.Integer(required=True, load_default=1)),
        ("marshmallow dump_default and missing", lambda: fields.Integer(dump_default=1, missing=1)),
        (
            "marshmallow validates bad field",
            lambda: type(
                "S", (Schema,), {"v": __import__("marshmallow").validates("nope")(lambda self, v, **k: None)}
            )().load({}),
        ),
        (
            "marshmallow meta fields and additional",
            lambda: type("S", (Schema,), {"Meta": type("Meta", (), {"fields": ("a",), "additional": ("b",)})})(),
        ),
        ("marshmallow raise unknown", lambda: User(unknown=RAISE).load({"name": "a", "x": 1})),
        ("marshmallow exclude unknown", lambda: User(unknown=EXCLUDE).load({"age": "x"})),
        ("marshmallow error_messages missing key", lambda: fields.Integer().make_error("nope")),
        ("marshmallow function field", lambda: fields.Function(deserialize=lambda v: 1 / 0).deserialize("x")),
        ("marshmallow method field", lambda: fields.Method(deserialize="nope").deserialize("x")),
        ("marshmallow pluck", lambda: fields.Pluck(Inner, "nope").deserialize(1)),
        ("marshmallow constant", lambda: fields.Constant(1).deserialize(None)),
    ]


if __name__ == "__main__":
    Recorder("marshmallow", ("marshmallow",)).run_all(cases())

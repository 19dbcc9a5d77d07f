"""Raise real errors from colander, one JSON line each (see common.py): data that fails schemas (each type's
deserialize and serialize given the wrong value, required fields missing, unknown keys, tuples and sequences of the
wrong length), validators that reject (Range, Length, OneOf, NoneOf, Email, Regex, url, uuid, Luhn, ContainsOnly,
All, Any), schemas declared or cloned wrong, and Invalid's own API; written from colander's documentation as a user
would use it (held-out: see SPLIT.md, fourth split)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

BAD = ["x", [1, 2]]  # and colander.null, "missing", for each type


def cases():
    import datetime
    import enum

    import colander

    class Colour(enum.Enum):
        RED = 1

    types = {
        "String": colander.String(),
        "String allow_empty": colander.String(allow_empty=True),
        "Integer": colander.Integer(),
        "Integer strict": colander.Integer(strict=True),
        "Float": colander.Float(),
        "Decimal": colander.Decimal(),
        "Money": colander.Money(),
        "Boolean": colander.Boolean(),
        "Boolean strict": colander.Boolean(false_choices=("no",), true_choices=("yes",)),
        "DateTime": colander.DateTime(),
        "Date": colander.Date(),
        "Time": colander.Time(),
        "Set": colander.Set(),
        "List": colander.List(),
        "GlobalObject": colander.GlobalObject(None),
        "Enum": colander.Enum(Colour),
        "Mapping raise": colander.Mapping(unknown="raise"),
        "Tuple": colander.Tuple(),
        "Sequence": colander.Sequence(accept_scalar=False),
    }
    for label, typ in types.items():
        for value in BAD:
            yield (
                f"colander deserialize {label} {value!r}",
                lambda t=typ, v=value: colander.SchemaNode(t).deserialize(v),
            )
        yield f"colander serialize {label}", lambda t=typ: colander.SchemaNode(t).serialize(object)
        yield f"colander missing {label}", lambda t=typ: colander.SchemaNode(t).deserialize(colander.null)

    class Person(colander.MappingSchema):
        name = colander.SchemaNode(colander.String(), validator=colander.Length(min=2, max=5))
        age = colander.SchemaNode(colander.Int(), validator=colander.Range(0, 200))
        email = colander.SchemaNode(colander.String(), validator=colander.Email(), missing=colander.drop)

    class People(colander.SequenceSchema):
        person = Person()

    class Point(colander.TupleSchema):
        x = colander.SchemaNode(colander.Float())
        y = colander.SchemaNode(colander.Float())

    class Strict(colander.MappingSchema):
        name = colander.SchemaNode(colander.String())

        def schema_type(self):
            return colander.Mapping(unknown="raise")

    def validated(validator, value):
        return colander.SchemaNode(colander.String(), validator=validator).deserialize(value)

    validators = {
        "Range min": (colander.Range(min=5), "3"),
        "Range max": (colander.Range(max=5), "7"),
        "Range messages": (colander.Range(0, 1, min_err="${val} < ${min}", max_err="${val} > ${max}"), "9"),
        "Length min": (colander.Length(min=5), "abc"),
        "Length max": (colander.Length(max=2), "abc"),
        "Length message": (colander.Length(max=2, max_err="at most ${max}"), "abc"),
        "OneOf": (colander.OneOf(["a", "b"]), "c"),
        "NoneOf": (colander.NoneOf(["a", "b"]), "a"),
        "Email": (colander.Email(), "not-an-email"),
        "Email message": (colander.Email(msg="bad address"), "x@"),
        "Regex": (colander.Regex(r"^\d+$"), "abc"),
        "Regex message": (colander.Regex(r"^\d+$", msg="digits only"), "abc"),
        "url": (colander.url, "not a url"),
        "file_uri": (colander.file_uri, "http://x"),
        "uuid": (colander.uuid, "1234"),
        "luhnok": (colander.luhnok, "1234"),
        "luhnok letters": (colander.luhnok, "12a4"),
        "ContainsOnly": (colander.ContainsOnly(["a"]), "b"),
        "All": (colander.All(colander.Length(max=1), colander.Regex("^a")), "bb"),
        "Any": (colander.Any(colander.Length(max=1), colander.Regex("^a")), "bb"),
        "Function": (colander.Function(lambda value: False), "x"),
        "Function message": (colander.Function(lambda value: "no thanks"), "x"),
        "Function msg": (colander.Function(lambda value: False, message="not ${val}"), "x"),
        "callable raises": (lambda node, value: 1 / 0, "x"),
        "callable Invalid": (lambda node, value: colander.Invalid(node, "nope").__call__(), "x"),
    }
    for label, (validator, value) in validators.items():
        yield f"colander validator {label}", lambda v=validator, x=value: validated(v, x)
    yield from [
        ("colander mapping missing", lambda: Person().deserialize({})),
        ("colander mapping wrong", lambda: Person().deserialize({"name": "x", "age": "old"})),
        ("colander mapping range", lambda: Person().deserialize({"name": "bob", "age": "999", "email": "x"})),
        ("colander mapping unknown", lambda: Strict().deserialize({"name": "x", "extra": 1})),
        ("colander mapping not dict", lambda: Person().deserialize("x")),
        ("colander sequence", lambda: People().deserialize([{"name": "bob", "age": 1}, {"name": "b"}])),
        ("colander sequence not list", lambda: People().deserialize("x")),
        (
            "colander sequence validator",
            lambda: colander.SequenceSchema(
                colander.SchemaNode(colander.Int()), validator=colander.Length(max=1)
            ).deserialize(["1", "2"]),
        ),
        ("colander tuple short", lambda: Point().deserialize(["1"])),
        ("colander tuple long", lambda: Point().deserialize(["1", "2", "3"])),
        ("colander tuple types", lambda: Point().deserialize(["x", "y"])),
        ("colander tuple serialize", lambda: Point().serialize([1])),
        ("colander serialize mapping", lambda: Person().serialize("x")),
        ("colander serialize sequence", lambda: People().serialize(1)),
        ("colander serialize date", lambda: colander.SchemaNode(colander.Date()).serialize("2020-01-01")),
        ("colander serialize datetime", lambda: colander.SchemaNode(colander.DateTime()).serialize(12)),
        ("colander serialize time", lambda: colander.SchemaNode(colander.Time()).serialize("x")),
        ("colander serialize enum", lambda: colander.SchemaNode(colander.Enum(Colour)).serialize("x")),
        ("colander serialize global", lambda: colander.SchemaNode(colander.GlobalObject(None)).serialize(1)),
        ("colander date out of range", lambda: colander.SchemaNode(colander.Date()).deserialize("2020-13-45")),
        ("colander datetime bad", lambda: colander.SchemaNode(colander.DateTime()).deserialize("2020-01-01T25:00")),
        ("colander time bad", lambda: colander.SchemaNode(colander.Time()).deserialize("25:99")),
        ("colander global dotted", lambda: colander.SchemaNode(colander.GlobalObject(None)).deserialize("nope.x")),
        ("colander global relative", lambda: colander.SchemaNode(colander.GlobalObject(None)).deserialize(".x")),
        ("colander enum attr", lambda: colander.SchemaNode(colander.Enum(Colour, attr="value")).deserialize("9")),
        (
            "colander enum typ",
            lambda: colander.SchemaNode(colander.Enum(Colour, "value", colander.Int())).deserialize("x"),
        ),
        ("colander mapping unknown option", lambda: colander.Mapping(unknown="nope")),
        ("colander node no type", lambda: colander.SchemaNode().deserialize("x")),
        ("colander node children", lambda: colander.SchemaNode(colander.Int(), colander.SchemaNode(colander.Int()))),
        ("colander node getitem", lambda: Person()["nope"]),
        ("colander node delitem", lambda: Person().__delitem__("nope")),
        (
            "colander node bind",
            lambda: colander.SchemaNode(
                colander.String(), validator=colander.deferred(lambda node, kw: kw["nope"])
            ).bind(x=1),
        ),
        (
            "colander deferred unbound",
            lambda: colander.SchemaNode(colander.String(), missing=colander.deferred(lambda node, kw: 1)).deserialize(
                colander.null
            ),
        ),
        (
            "colander preparer raises",
            lambda: colander.SchemaNode(colander.String(), preparer=lambda v: 1 / 0).deserialize("x"),
        ),
        ("colander default not valid", lambda: colander.SchemaNode(colander.Int(), default="x").serialize()),
        (
            "colander missing_msg",
            lambda: colander.SchemaNode(colander.Int(), missing_msg="need ${title}").deserialize(),
        ),
        ("colander Invalid add", lambda: colander.Invalid(Person(), "x").add("not an invalid")),
        ("colander Invalid asdict", lambda: colander.Invalid(None, "x").asdict()),
        ("colander Invalid setitem", lambda: colander.Invalid(Person(), "x").__setitem__("nope", "y")),
        ("colander flatten", lambda: colander.SchemaNode(colander.Int()).typ.flatten(None, "x")),
        ("colander unflatten", lambda: Person().unflatten({"nope.x": 1})),
        ("colander set_value", lambda: Person().set_value({}, "name.first", 1)),
        ("colander get_value", lambda: Person().get_value({}, "name")),
        ("colander Money places", lambda: colander.SchemaNode(colander.Decimal(quant="x")).deserialize("1.5")),
        ("colander Set serialize", lambda: colander.SchemaNode(colander.Set()).serialize(1)),
        ("colander List serialize", lambda: colander.SchemaNode(colander.List()).serialize(1)),
        (
            "colander DateTime default tz",
            lambda: colander.SchemaNode(colander.DateTime(default_tzinfo=1)).deserialize("2020-01-01T00:00"),
        ),
        ("colander clone", lambda: Person().clone().deserialize({"age": "x"})),
        ("colander insert before", lambda: Person().insert_before("nope", colander.SchemaNode(colander.Int()))),
        (
            "colander time serialize datetime",
            lambda: colander.SchemaNode(colander.Time()).serialize(datetime.date(2020, 1, 1)),
        ),
    ]


if __name__ == "__main__":
    Recorder("colander", ("colander",)).run_all(cases())

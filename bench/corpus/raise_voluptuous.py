"""Raise real errors from voluptuous, one JSON line each (see common.py): data that fails schemas (types, required
and extra keys, each validator given bad values), and schemas voluptuous cannot compile; written from voluptuous's
documentation as a user would use it (held-out: see SPLIT.md)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

BAD = ["", "x", -1, 1.5, None, [1, 1], {"a": 1}, "2020-13-45", True, "not an email@", "a" * 50]


def cases():
    import voluptuous as v

    validators = {
        "int": int,
        "str": str,
        "Coerce int": v.Coerce(int),
        "Range": v.Range(min=0, max=1),
        "Range exclusive": v.Range(min=0, max=1, min_included=False, max_included=False),
        "Clamp": v.All(v.Coerce(int), v.Clamp(min=0)),
        "Length": v.Length(min=2, max=3),
        "All": v.All(int, v.Range(min=5)),
        "Any": v.Any(int, str, msg=None),
        "Any list": v.Any("a", "b"),
        "In": v.In(["a", "b"]),
        "NotIn": v.NotIn(["x", ""]),
        "Contains": v.Contains("z"),
        "Match": v.Match(r"^\d+$"),
        "Replace": v.Replace("a", "b"),
        "Email": v.Email(),
        "Url": v.Url(),
        "FqdnUrl": v.FqdnUrl(),
        "Date": v.Date(),
        "Datetime": v.Datetime(),
        "Boolean": v.Boolean(),
        "IsTrue": v.IsTrue(),
        "IsFalse": v.IsFalse(),
        "IsFile": v.IsFile(),
        "IsDir": v.IsDir(),
        "PathExists": v.PathExists(),
        "Number": v.Number(precision=2, scale=1),
        "Unique": v.Unique(),
        "Equal": v.Equal("a"),
        "ExactSequence": v.ExactSequence([int, str]),
        "Unordered": v.Unordered([int, str]),
        "SomeOf": v.SomeOf([int, str], min_valid=2),
        "Maybe": v.Maybe(int),
        "Lower": v.All(str, v.Lower, v.Length(max=0)),
        "Msg": v.Msg(int, "custom message"),
        "list of int": [int],
        "dict": {"a": int},
        "Exclusive": {v.Exclusive("a", "g"): int, v.Exclusive("b", "g"): int},
        "Inclusive": {v.Inclusive("a", "g"): int, v.Inclusive("b", "g"): int},
        "Required": {v.Required("a"): int},
        "Object": v.Object({"a": int}),
        "Self": {"a": v.Self},
        "Literal": v.Literal("a"),
        "Strip": v.All(v.Strip, v.Length(min=1)),
        "truth": v.truth(lambda x: False),
    }
    for name, validator in validators.items():
        schema = v.Schema(validator)
        for value in BAD:
            yield f"voluptuous {name}({value!r:.20})", lambda s=schema, x=value: s(x)
    nested = v.Schema({v.Required("a"): {"b": [int]}, "c": v.All(str, v.Length(min=2))})
    yield from [
        ("voluptuous extra key", lambda: v.Schema({"a": int})({"a": 1, "b": 2})),
        ("voluptuous required missing", lambda: v.Schema({"a": int}, required=True)({})),
        ("voluptuous nested", lambda: nested({"a": {"b": ["x"]}, "c": "x"})),
        ("voluptuous nested missing", lambda: nested({"c": 1})),
        ("voluptuous not a dict", lambda: v.Schema({"a": int})([1])),
        ("voluptuous not a list", lambda: v.Schema([int])({"a": 1})),
        ("voluptuous tuple", lambda: v.Schema((int, str))([1])),
        ("voluptuous set", lambda: v.Schema({int})({"x"})),
        ("voluptuous remove extra", lambda: v.Schema({"a": int}, extra=v.REMOVE_EXTRA)({"a": "x"})),
        ("voluptuous schema bad extra", lambda: v.Schema({"a": int}, extra="nope")({"a": 1, "b": 1})),
        ("voluptuous schema compile bad", lambda: v.Schema(object())(1)),
        ("voluptuous validate decorator", lambda: v.validate(a=int)(lambda a: a)("x")),
        ("voluptuous validate return", lambda: v.validate(__return__=int)(lambda: "x")()),
        ("voluptuous extend non-dict", lambda: v.Schema([int]).extend({"a": int})),
        ("voluptuous infer", lambda: v.Schema.infer({"a": 1})({"a": "x"})),
        ("voluptuous default", lambda: v.Schema({v.Optional("a", default="x"): int})({})),
        ("voluptuous any none", lambda: v.Any()(1)),
        ("voluptuous message", lambda: v.message("bad")(lambda x: 1 / 0)()(1)),
        ("voluptuous range nan", lambda: v.Range(min=0)(float("nan"))),
        ("voluptuous number bad", lambda: v.Number(precision=1)("abc")),
        ("voluptuous date format", lambda: v.Date(format="%Y")("x")),
        ("voluptuous coerce msg", lambda: v.Coerce(int, msg="nope")("x")),
        ("voluptuous match compiled", lambda: v.Match(__import__("re").compile("a"))(1)),
        ("voluptuous some of bad", lambda: v.SomeOf([int])),
        ("voluptuous some of max", lambda: v.Schema(v.SomeOf([int, v.Coerce(int)], max_valid=1))(1)),
        ("voluptuous email empty", lambda: v.Email()(None)),
        ("voluptuous url none", lambda: v.Url()(None)),
        (
            "voluptuous humanize",
            lambda: __import__("voluptuous.humanize").humanize.validate_with_humanized_errors(
                {"a": "x"}, v.Schema({"a": int})
            ),
        ),
    ]


if __name__ == "__main__":
    Recorder("voluptuous", ("voluptuous",)).run_all(cases())

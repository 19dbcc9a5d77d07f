"""Raise real errors from trafaret, one JSON line each (see common.py): values each trafaret rejects (numbers out of
range or of the wrong type, strings too short, too long or not matching, emails, URLs, IP addresses, dates, enums,
atoms, booleans, types and subclasses, lists and tuples of the wrong size or items, dicts with missing, extra or bad
keys, mappings, `Or`, `And`, `Call`, `OnError`), `guard`-ed functions called with bad arguments, `construct`, and
trafarets built wrongly (`ensure_trafaret` given what is not one, keys misused, a `Forward` never provided);
written from trafaret's documentation as a user would use it (held-out: see SPLIT.md, seventh split).

trafaret holds few raise sites (about two dozen `raise` statements): a failed check calls a trafaret's
`_failure(...)`, which raises DataError, so most rejected values end in that one statement."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder


def cases():
    import datetime

    import trafaret as t
    from trafaret import constructor

    user = t.Dict(
        {
            t.Key("name"): t.String(min_length=2, max_length=10),
            t.Key("age", optional=True): t.Int(gte=0, lte=150),
            t.Key("email", to_name="mail"): t.Email,
        }
    )
    # (trafaret, value) pairs the trafaret rejects, one mistake each.
    rejected = [
        (t.Int(), "x"),
        (t.Int(), 1.5),
        (t.Int(gte=5), 3),
        (t.Int(lte=5), 7),
        (t.Int(gt=5), 5),
        (t.Int(lt=5), 5),
        (t.ToInt(), "abc"),
        (t.ToInt(), None),
        (t.Float(), "x"),
        (t.Float(gte=1.0), 0.5),
        (t.ToFloat(), "one"),
        (t.ToDecimal(), "1.2.3"),
        (t.ToDecimal(gt=0), "-1"),
        (t.String(), 1),
        (t.String(), ""),
        (t.String(min_length=3), "ab"),
        (t.String(max_length=2), "abc"),
        (t.AnyString(), 5),
        (t.Bytes(), "text"),
        (t.ToBytes(), 5),
        (t.FromBytes(), b"\xff\xfe"),
        (t.FromBytes(), "text"),
        (t.Bool(), "yes"),
        (t.ToBool(), "maybe"),
        (t.Null(), 0),
        (t.Atom("red"), "blue"),
        (t.Enum("red", "green"), "blue"),
        (t.Callable(), 1),
        (t.Type(int), "1"),
        (t.Subclass(int), str),
        (t.Subclass(int), 5),
        (t.Regexp(r"^\d+$"), "abc"),
        (t.Regexp(r"^\d+$"), 5),
        (t.RegexpRaw(r"^\d+$"), "abc"),
        (t.Email, "no-at-sign"),
        (t.Email, "a@" + "b" * 300 + ".com"),
        (t.URL, "not a url"),
        (t.URL, "ftp:/x"),
        (t.URLSafe, "a b"),
        (t.Hex, "xyz"),
        (t.IPv4, "300.1.1.1"),
        (t.IPv6, "::g"),
        (t.IP, "nope"),
        (t.Date(), "2020-13-45"),
        (t.Date(), 5),
        (t.ToDate(), "nope"),
        (t.DateTime(), "2020-01-01"),
        (t.ToDateTime(), "soon"),
        (t.List(t.Int), "1,2"),
        (t.List(t.Int), [1, "x"]),
        (t.List(t.Int, min_length=2), [1]),
        (t.List(t.Int, max_length=1), [1, 2]),
        (t.Iterable(t.Int), 5),
        (t.Tuple(t.Int, t.String), (1,)),
        (t.Tuple(t.Int, t.String), (1, 2)),
        (t.Tuple(t.Int), 5),
        (user, {"age": 5}),
        (user, {"name": "x", "email": "a@b.com"}),
        (user, {"name": "Ada", "email": "a@b.com", "extra": 1}),
        (user, "not a dict"),
        (user, {"name": "Ada", "email": "nope", "age": -1}),
        (t.Dict(name=t.String).allow_extra("*"), {"name": 1, "x": 1}),
        (t.Dict(name=t.String).ignore_extra("*"), {}),
        (t.Dict({t.Key("a", default=1): t.Int}), {"a": "x"}),
        (t.Mapping(t.String, t.Int), {"a": "b"}),
        (t.Mapping(t.String, t.Int), {1: 1}),
        (t.Mapping(t.String, t.Int), [1]),
        (t.DictKeys(["a", "b"]), {"a": 1}),
        (t.DictKeys(["a"]), {"a": 1, "c": 2}),
        (t.Int | t.String, 1.5),
        (t.Int & (lambda value: value > 0 or t.DataError("must be positive")), -1),
        (t.Call(lambda value: t.DataError("always rejected")), 1),
        (t.OnError(t.Int, "Expected a number"), "x"),
        (t.OnError(t.Int, "Expected a number", code="not_number"), "x"),
        (t.Any() >> (lambda value: 1 / 0), 1),
        (t.String() >> int, "abc"),
    ]
    for index, (trafaret, value) in enumerate(rejected):
        yield (
            f"trafaret check {index} {type(trafaret).__name__} {value!r}"[:120],
            lambda r=trafaret, v=value: r.check(v),
        )

    @t.guard(a=t.String, b=t.Int, c=t.String)
    def guarded(a, b, c="default"):
        return a, b, c

    forward = t.Forward()
    yield from [
        ("trafaret guard bad", lambda: guarded("a", "b")),
        ("trafaret guard missing", lambda: guarded("a")),
        ("trafaret guard unknown argument", lambda: t.guard(t.Dict(x=t.Int))(lambda y: y)),
        ("trafaret guard no trafaret", lambda: t.guard(5)),
        ("trafaret guard both", lambda: t.guard(t.Dict(x=t.Int), x=t.Int)),
        ("trafaret ensure_trafaret int", lambda: t.ensure_trafaret(5)),
        ("trafaret List of int", lambda: t.List(5)),
        ("trafaret Dict keys int", lambda: t.Dict({5: t.Int})),
        ("trafaret Dict bad trafaret", lambda: t.Dict(a=5)),
        ("trafaret Key bad trafaret", lambda: t.Dict({t.Key("a"): "nope"}).check({"a": 1})),
        ("trafaret Forward not provided", lambda: forward.check(1)),
        ("trafaret Forward provided twice", lambda: (forward.provide(t.Int), forward.provide(t.Int))),
        ("trafaret Regexp bad", lambda: t.Regexp("(")),
        ("trafaret Or empty", lambda: t.Or().check(1)),
        ("trafaret Dict merge", lambda: t.Dict(a=t.Int).merge(5)),
        ("trafaret construct", lambda: constructor.construct({"a": int, "b?": [str]}).check({"b": [1]})),
        ("trafaret construct bad", lambda: constructor.construct(object())),
        ("trafaret construct key", lambda: constructor.construct({"a": int}).check({})),
        ("trafaret C", lambda: constructor.C & int & (lambda value: value > 1) | None),
        ("trafaret extract_error", lambda: t.extract_error(t.Int, "x").as_dict() + 1),
        ("trafaret DataError as_dict", lambda: user.check({}) if False else t.DataError("x").as_dict(value=5)),
        ("trafaret catch reraise", lambda: t.catch(t.Int, "x").nope),
        ("trafaret Date format", lambda: t.Date(format="%Y").check("2020-01-01")),
        ("trafaret Date old", lambda: t.Date().check(datetime.date(2020, 1, 1)) and t.ToDate().check(5)),
        ("trafaret async check", lambda: __import__("asyncio").run(t.Int().async_check("x"))),
        (
            "trafaret async dict",
            lambda: __import__("asyncio").run(user.async_check({"name": 1, "email": "x"})),
        ),
        ("trafaret async list", lambda: __import__("asyncio").run(t.List(t.Int).async_check([1, "x"]))),
        ("trafaret async or", lambda: __import__("asyncio").run((t.Int | t.Float).async_check("x"))),
    ]


if __name__ == "__main__":
    Recorder("trafaret", ("trafaret",)).run_all(cases())

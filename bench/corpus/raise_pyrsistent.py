"""Raise real errors from pyrsistent, one JSON line each (see common.py): persistent vectors, maps, sets, bags, lists
and deques misused (indexes out of range, missing keys, removing what is not there, popping empty ones, setting
attributes), evolvers, `transform` paths, records and classes whose fields reject values (types, invariants,
mandatory fields, factories, unknown fields), checked collections given the wrong types, and `immutable` misused;
written from pyrsistent's documentation as a user would use it (held-out: see SPLIT.md, fifth split).

pyrsistent's wheel carries a C extension (pvectorc) that implements pvector: the script sets
PYRSISTENT_NO_C_EXTENSION, which pyrsistent honours, so that vectors are its pure-Python PythonPVector and their
errors are raised by Python files a harvest reads."""

import os
import sys
from pathlib import Path

os.environ["PYRSISTENT_NO_C_EXTENSION"] = "1"
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder


def cases():
    import pyrsistent as p

    vec = p.v(1, 2, 3)
    mapping = p.m(a=1, b=2)
    bag = p.b(1, 2)
    deque = p.pdeque([1, 2], maxlen=3)

    class Point(p.PRecord):
        x = p.field(type=int, mandatory=True)
        y = p.field(type=int, invariant=lambda value: (value >= 0, "y must not be negative"))
        tags = p.pset_field(str)
        items = p.pvector_field(int)
        index = p.pmap_field(str, int)

    class Temperature(p.PClass):
        celsius = p.field(type=(int, float), mandatory=True, invariant=lambda c: (c > -273.15, "below absolute zero"))
        label = p.field(type=str, factory=str)
        __invariant__ = lambda self: (self.celsius < 1000, "too hot")  # noqa: E731

    class Strict(p.PClass):
        number = p.field(type=int, factory=int)

    class Numbers(p.CheckedPVector):
        __type__ = int

    class Positive(p.CheckedPVector):
        __type__ = int
        __invariant__ = lambda value: (value > 0, "must be positive")  # noqa: E731

    class Scores(p.CheckedPMap):
        __key_type__ = str
        __value_type__ = int

    class Names(p.CheckedPSet):
        __type__ = str

    Coordinate = p.immutable("x, y", name="Coordinate")

    yield from [
        ("pyrsistent pvector index", lambda: vec[10]),
        ("pyrsistent pvector negative index", lambda: vec[-10]),
        ("pyrsistent pvector index type", lambda: vec["a"]),
        ("pyrsistent pvector set out of range", lambda: vec.set(10, 1)),
        ("pyrsistent pvector set type", lambda: vec.set("a", 1)),
        ("pyrsistent pvector mset odd", lambda: vec.mset(0)),
        ("pyrsistent pvector delete", lambda: vec.delete(10)),
        ("pyrsistent pvector remove", lambda: vec.remove(9)),
        ("pyrsistent pvector index of", lambda: vec.index(9)),
        ("pyrsistent pvector setattr", lambda: setattr(vec, "x", 1)),
        ("pyrsistent pvector transform", lambda: vec.transform([10], 1)),
        ("pyrsistent pvector evolver index", lambda: vec.evolver()[10]),
        ("pyrsistent pvector evolver set", lambda: vec.evolver().set(10, 1)),
        ("pyrsistent pvector evolver delete", lambda: vec.evolver().delete(10)),
        ("pyrsistent pvector evolver del type", lambda: vec.evolver().__delitem__("a")),
        ("pyrsistent pvector evolver remove", lambda: vec.evolver().remove(9)),
        ("pyrsistent pvector add", lambda: vec.__add__([1])),
        ("pyrsistent pvector mul", lambda: vec * "x"),
        ("pyrsistent pmap missing", lambda: mapping["z"]),
        ("pyrsistent pmap attribute", lambda: mapping.z),
        ("pyrsistent pmap remove", lambda: mapping.remove("z")),
        ("pyrsistent pmap setitem", lambda: mapping.__setitem__("z", 1)),
        ("pyrsistent pmap unhashable", lambda: mapping.set([1], 1)),
        ("pyrsistent pmap evolver remove", lambda: mapping.evolver().remove("z")),
        ("pyrsistent pmap evolver missing", lambda: mapping.evolver()["z"]),
        ("pyrsistent pmap transform", lambda: mapping.transform(["a", "b"], 1)),
        ("pyrsistent pmap update", lambda: mapping.update(1)),
        ("pyrsistent pmap update_with", lambda: mapping.update_with(lambda a, b: a + b, [1])),
        ("pyrsistent pmap initial", lambda: p.pmap([1, 2])),
        ("pyrsistent pset remove", lambda: p.s(1).remove(2)),
        ("pyrsistent pset unhashable", lambda: p.pset([[1]])),
        ("pyrsistent pset evolver remove", lambda: p.s(1).evolver().remove(2)),
        ("pyrsistent pbag remove", lambda: bag.remove(3)),
        ("pyrsistent pbag unhashable", lambda: p.pbag([[1]])),
        ("pyrsistent pbag compare", lambda: bag < bag),
        ("pyrsistent plist empty first", lambda: p.plist().first),
        ("pyrsistent plist empty rest", lambda: p.plist().rest.rest),
        ("pyrsistent plist remove", lambda: p.l(1, 2).remove(9)),
        ("pyrsistent plist index", lambda: p.l(1)[5]),
        ("pyrsistent plist negative", lambda: p.l(1)[-5]),
        ("pyrsistent plist split", lambda: p.l(1).split("x")),
        ("pyrsistent pdeque empty left", lambda: p.pdeque().left),
        ("pyrsistent pdeque empty right", lambda: p.pdeque().right),
        ("pyrsistent pdeque pop empty", lambda: p.pdeque().pop().pop()),
        ("pyrsistent pdeque popleft", lambda: p.pdeque().popleft(2)),
        ("pyrsistent pdeque remove", lambda: deque.remove(9)),
        ("pyrsistent pdeque index", lambda: deque[7]),
        ("pyrsistent pdeque index type", lambda: deque["a"]),
        ("pyrsistent pdeque maxlen", lambda: p.pdeque([1], maxlen=-1)),
        ("pyrsistent pdeque maxlen type", lambda: p.pdeque([1], maxlen="x")),
        ("pyrsistent pdeque rotate", lambda: deque.rotate("x")),
        ("pyrsistent freeze", lambda: p.thaw(p.freeze({"a": [1, {2}]}))["z"]),
        ("pyrsistent get_in", lambda: p.get_in(["a", "b"], p.m(a=1), no_default=True)),
        ("pyrsistent transform rex", lambda: p.m(a=1).transform([p.rex("(")], 1)),
        ("pyrsistent transform bad path", lambda: p.v(1).transform([p.ny, "x"], 1)),
        ("pyrsistent PRecord missing mandatory", lambda: Point(y=1)),
        ("pyrsistent PRecord wrong type", lambda: Point(x="1")),
        ("pyrsistent PRecord invariant", lambda: Point(x=1, y=-1)),
        ("pyrsistent PRecord unknown field", lambda: Point(x=1, z=2)),
        ("pyrsistent PRecord set unknown", lambda: Point(x=1).set(z=2)),
        ("pyrsistent PRecord set wrong type", lambda: Point(x=1).set("x", "no")),
        ("pyrsistent PRecord remove mandatory", lambda: Point(x=1).remove("x")),
        ("pyrsistent PRecord pset field", lambda: Point(x=1, tags=[1])),
        ("pyrsistent PRecord pvector field", lambda: Point(x=1, items=["a"])),
        ("pyrsistent PRecord pmap field key", lambda: Point(x=1, index={1: 1})),
        ("pyrsistent PRecord pmap field value", lambda: Point(x=1, index={"a": "b"})),
        ("pyrsistent PRecord create", lambda: Point.create({"x": "1"})),
        ("pyrsistent PRecord create ignore", lambda: Point.create({"y": 1, "z": 1}, ignore_extra=True)),
        ("pyrsistent PRecord serialize", lambda: Point(x=1).serialize(format=1)),
        ("pyrsistent PRecord evolver", lambda: Point(x=1).evolver().set("x", "a").persistent()),
        ("pyrsistent PClass missing", lambda: Temperature()),
        ("pyrsistent PClass wrong type", lambda: Temperature(celsius="hot")),
        ("pyrsistent PClass invariant", lambda: Temperature(celsius=-300)),
        ("pyrsistent PClass global invariant", lambda: Temperature(celsius=5000)),
        ("pyrsistent PClass unknown", lambda: Temperature(celsius=1, kelvin=2)),
        ("pyrsistent PClass setattr", lambda: setattr(Temperature(celsius=1), "celsius", 2)),
        ("pyrsistent PClass delattr", lambda: delattr(Temperature(celsius=1), "celsius")),
        ("pyrsistent PClass set", lambda: Temperature(celsius=1).set(celsius="x")),
        ("pyrsistent PClass set unknown", lambda: Temperature(celsius=1).set(kelvin=1)),
        ("pyrsistent PClass remove", lambda: Temperature(celsius=1).remove("celsius")),
        ("pyrsistent PClass remove unknown", lambda: Temperature(celsius=1).remove("kelvin")),
        ("pyrsistent PClass attribute", lambda: Temperature(celsius=1).kelvin),
        ("pyrsistent PClass factory", lambda: Strict(number="x")),
        ("pyrsistent PClass evolver", lambda: Temperature(celsius=1).evolver().set("celsius", "x")),
        ("pyrsistent PClass evolver remove", lambda: Temperature(celsius=1).evolver().remove("nope")),
        ("pyrsistent PClass create", lambda: Temperature.create("x")),
        ("pyrsistent field bad type", lambda: p.field(type="int")),
        ("pyrsistent field bad invariant", lambda: Point(x=1, y="x")),
        ("pyrsistent CheckedPVector type", lambda: Numbers([1, "a"])),
        ("pyrsistent CheckedPVector append", lambda: Numbers([1]).append("a")),
        ("pyrsistent CheckedPVector set", lambda: Numbers([1]).set(0, "a")),
        ("pyrsistent CheckedPVector invariant", lambda: Positive([1, -1])),
        ("pyrsistent CheckedPVector create", lambda: Numbers.create(["a"])),
        ("pyrsistent CheckedPVector evolver", lambda: Numbers([1]).evolver().append("x").persistent()),
        ("pyrsistent CheckedPMap key", lambda: Scores({1: 1})),
        ("pyrsistent CheckedPMap value", lambda: Scores({"a": "b"})),
        ("pyrsistent CheckedPMap set", lambda: Scores({}).set("a", "b")),
        ("pyrsistent CheckedPMap missing", lambda: Scores({})["a"]),
        ("pyrsistent CheckedPMap create", lambda: Scores.create(1)),
        ("pyrsistent CheckedPSet", lambda: Names([1])),
        ("pyrsistent CheckedPSet add", lambda: Names([]).add(1)),
        ("pyrsistent CheckedPSet remove", lambda: Names(["a"]).remove("b")),
        ("pyrsistent CheckedType bad", lambda: type("Bad", (p.CheckedPVector,), {"__type__": "nope"})),
        ("pyrsistent optional", lambda: p.optional("int")),
        ("pyrsistent immutable setattr", lambda: setattr(Coordinate(1, 2), "x", 3)),
        ("pyrsistent immutable set unknown", lambda: Coordinate(1, 2).set(z=3)),
        ("pyrsistent immutable arguments", lambda: Coordinate(1)),
        ("pyrsistent immutable bad field", lambda: p.immutable("x, 1y")),
        ("pyrsistent immutable duplicate", lambda: p.immutable("x, x")),
        ("pyrsistent pvector pickle", lambda: vec.__reduce__()[0](1)),
    ]


if __name__ == "__main__":
    Recorder("pyrsistent", ("pyrsistent",)).run_all(cases())

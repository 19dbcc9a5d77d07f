"""Raise real errors from attrs, one JSON line each (see common.py): values its validators reject (`instance_of`,
`in_`, `matches_re`, `min_len`, `max_len`, `gt`, `le`, `deep_iterable`, `deep_mapping`, `optional`, `and_`, `not_`,
`or_`, `is_callable`), frozen instances assigned to, classes it refuses to build (a mandatory attribute after one
with a default, a default and a factory both, slots misused, `eq` and `order` at odds), converters given what they
cannot convert, and its functions given what is not an attrs class or instance (`fields`, `asdict`, `evolve`,
`resolve_types`); written from attrs' documentation as a user would use it (held-out: see SPLIT.md, eighth split).

attrs' code is the package attr/ (attrs/ re-exports it); the classes it writes (`__init__`, `__eq__`) are compiled from
generated source, so an error inside them (a missing argument) is not the package's."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder


def cases():
    import re

    import attr
    import attrs
    from attrs import converters, define, field, frozen, setters, validators

    @define
    class Point:
        x: int = field(validator=validators.instance_of(int))
        y: int = field(default=0, validator=[validators.ge(0), validators.lt(100)])

    @define
    class User:
        name: str = field(validator=[validators.instance_of(str), validators.min_len(2), validators.max_len(8)])
        role: str = field(default="user", validator=validators.in_(["user", "admin"]))
        email: str = field(default="a@b.c", validator=validators.matches_re(r"[^@]+@[^@]+"))
        tags: list = field(factory=list, validator=validators.deep_iterable(validators.instance_of(str)))
        scores: dict = field(
            factory=dict,
            validator=validators.deep_mapping(validators.instance_of(str), validators.instance_of(int)),
        )
        manager: object = field(default=None, validator=validators.optional(validators.instance_of(str)))
        callback: object = field(default=print, validator=validators.is_callable())
        code: str = field(default="ab", validator=validators.not_(validators.matches_re(r"\d+")))
        level: object = field(
            default=1, validator=validators.or_(validators.instance_of(int), validators.instance_of(str))
        )
        ratio: float = field(default=0.5, validator=validators.and_(validators.gt(0), validators.le(1)))

    @frozen
    class Frozen:
        value: int = 1

    @define
    class Converted:
        flag: bool = field(default=False, converter=converters.to_bool)
        count: int = field(default=0, converter=int)
        maybe: object = field(default=None, converter=converters.optional(int))
        piped: object = field(default="1", converter=converters.pipe(str.strip, int))

    @define
    class Guarded:
        value: int = field(default=1, on_setattr=setters.frozen)
        checked: int = field(default=1, validator=validators.instance_of(int), on_setattr=setters.validate)

    def define_class(*fields_, **options):
        def make():
            namespace = {name: value for name, value in fields_}
            return attr.make_class("Made", namespace, **options)

        return make

    def mandatory_after_default():
        @define
        class Broken:
            a: int = 1
            b: int

    def default_and_factory():
        @define
        class Broken:
            a: list = field(default=[], factory=list)

    def validator_and_converter_on_class_var():
        @attr.s
        class Broken:
            a = attr.ib(validator=5)

    def frozen_field_on_plain_class():
        @attr.s(frozen=True, on_setattr=setters.validate)
        class Broken:
            a = attr.ib()

    def slots_weakref():
        @attr.s(slots=True, weakref_slot=True, auto_detect=True)
        class Broken:
            __weakref__ = None
            a = attr.ib()

    def order_without_eq():
        @attr.s(eq=False, order=True)
        class Broken:
            a = attr.ib()

    def unknown_auto_attribs():
        @attr.s(auto_attribs=True)
        class Broken:
            a: int = 1
            b = attr.ib()

    def cached_property_frozen_slots():
        import functools

        @define(frozen=True)
        class Broken:
            a: int = 1

            @functools.cached_property
            def b(self):
                return 1

        return Broken().b

    def frozen_delete():
        instance = Frozen()
        del instance.value

    def frozen_set():
        Frozen().value = 2

    def guarded_set():
        Guarded().value = 2

    def validated_set():
        Guarded().checked = "2"

    def inherited_frozen_from_plain():
        @define
        class Base:
            a: int = 1

        @frozen
        class Child(Base):
            b: int = 2

    yield from [
        ("attrs instance_of", lambda: Point("1")),
        ("attrs ge", lambda: Point(1, -1)),
        ("attrs lt", lambda: Point(1, 100)),
        ("attrs instance_of name", lambda: User(5)),
        ("attrs min_len", lambda: User("a")),
        ("attrs max_len", lambda: User("abcdefghijk")),
        ("attrs in_", lambda: User("bob", role="root")),
        ("attrs matches_re", lambda: User("bob", email="nope")),
        ("attrs deep_iterable member", lambda: User("bob", tags=["a", 1])),
        ("attrs deep_mapping key", lambda: User("bob", scores={1: 1})),
        ("attrs deep_mapping value", lambda: User("bob", scores={"a": "b"})),
        ("attrs deep_mapping not a mapping", lambda: User("bob", scores=[1])),
        ("attrs optional", lambda: User("bob", manager=5)),
        ("attrs is_callable", lambda: User("bob", callback=5)),
        ("attrs not_", lambda: User("bob", code="123")),
        ("attrs or_", lambda: User("bob", level=1.5)),
        ("attrs and_ gt", lambda: User("bob", ratio=0)),
        ("attrs and_ le", lambda: User("bob", ratio=2)),
        ("attrs validate later", lambda: attrs.validate(User.__new__(User))),
        ("attrs frozen set", frozen_set),
        ("attrs frozen delete", frozen_delete),
        ("attrs frozen setattr field", guarded_set),
        ("attrs validate on setattr", validated_set),
        ("attrs evolve frozen unknown", lambda: attrs.evolve(Frozen(), nope=1)),
        ("attrs evolve not attrs", lambda: attrs.evolve(object(), a=1)),
        ("attrs to_bool", lambda: Converted(flag="maybe")),
        ("attrs to_bool number", lambda: Converted(flag=7)),
        ("attrs int converter", lambda: Converted(count="x")),
        ("attrs optional converter", lambda: Converted(maybe="x")),
        ("attrs pipe converter", lambda: Converted(piped=" x ")),
        ("attrs default_if_none", lambda: converters.default_if_none()),
        ("attrs default_if_none both", lambda: converters.default_if_none(1, factory=list)),
        ("attrs mandatory after default", mandatory_after_default),
        ("attrs default and factory", default_and_factory),
        ("attrs ib default and factory", lambda: attr.ib(default=1, factory=list)),
        ("attrs factory not callable", lambda: attr.ib(factory=5)),
        ("attrs validator not callable", validator_and_converter_on_class_var),
        ("attrs frozen with on_setattr", frozen_field_on_plain_class),
        ("attrs weakref slot", slots_weakref),
        ("attrs order without eq", order_without_eq),
        ("attrs auto_attribs unannotated", unknown_auto_attribs),
        ("attrs cached_property frozen", cached_property_frozen_slots),
        ("attrs frozen child of plain", inherited_frozen_from_plain),
        ("attrs make_class bad attrs", lambda: attr.make_class("Made", 5)),
        ("attrs make_class cmp", define_class(("a", attr.ib()), cmp=True, eq=True)),
        ("attrs fields not a class", lambda: attrs.fields(Point(1))),
        ("attrs fields not attrs", lambda: attrs.fields(dict)),
        ("attrs fields_dict not attrs", lambda: attrs.fields_dict(dict)),
        ("attrs asdict not attrs", lambda: attrs.asdict({"a": 1})),
        ("attrs astuple not attrs", lambda: attrs.astuple([1])),
        ("attrs has not a class", lambda: attrs.has(Point(1))),
        ("attrs resolve_types not attrs", lambda: attr.resolve_types(dict)),
        ("attrs resolve_types bad hint", lambda: attr.resolve_types(attr.make_class("H", {"a": attr.ib(type="Nope")}))),
        ("attrs validators disabled", lambda: validators.set_disabled("no")),
        ("attrs matches_re flags", lambda: validators.matches_re(re.compile("a"), flags=re.I)),
        ("attrs matches_re func", lambda: validators.matches_re("a", func=print)),
        ("attrs in_ not iterable", lambda: User("bob", role=1) if validators.in_(5) else None),
        ("attrs deep_iterable no validators", lambda: validators.deep_iterable(None)),
        ("attrs setters pipe", lambda: setattr(Guarded(), "checked", None)),
        ("attrs cmp_using", lambda: attr.cmp_using(lt=lambda a, b: a < b)),
        ("attrs filters include", lambda: attrs.asdict(Point(1), filter=attr.filters.include("x"))),
        ("attrs Attribute evolve", lambda: attrs.fields(Point).x.evolve(nope=1)),
        ("attrs field alias keyword", lambda: attr.make_class("A", {"a": attr.ib(alias="class")})),
        ("attrs version info compare", lambda: attr.__version_info__ < "1.0"),
        ("attrs version info tuple", lambda: attr.__version_info__ < (1, 2, 3, "final", 5)),
    ]


if __name__ == "__main__":
    Recorder("attrs", ("attr",)).run_all(cases())

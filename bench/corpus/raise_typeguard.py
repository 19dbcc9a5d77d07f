"""Raise real errors from typeguard, one JSON line each (see common.py): `check_type` given values that do not match
their annotations (builtins, unions, optionals, literals, containers of the wrong element, key or length, tuples,
TypedDicts missing and extra keys, callables of the wrong signature, protocols, NewTypes, type[...] and abstract
classes, IO, TypeVars with bounds and constraints, Annotated), `@typechecked` functions called with wrong arguments,
returning, yielding and being sent the wrong types, and variables assigned the wrong type inside them, plus the
configuration misused; written from typeguard's documentation as a user would use it (held-out: see SPLIT.md, sixth
split)."""

# The annotations are typing's aliases (List, Dict, Optional, Union) as much code that typeguard checks still writes.
# ruff: noqa: UP006, UP007, UP035, UP045

import collections.abc
import io
import sys
from pathlib import Path
from typing import (
    IO,
    Annotated,
    Any,
    AnyStr,
    Callable,
    Dict,
    FrozenSet,
    Generator,
    Iterable,
    List,
    Literal,
    Mapping,
    NewType,
    NoReturn,
    Optional,
    Protocol,
    Sequence,
    Set,
    Tuple,
    Type,
    TypedDict,
    TypeVar,
    Union,
)

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

UserId = NewType("UserId", int)
Bounded = TypeVar("Bounded", bound=int)
Constrained = TypeVar("Constrained", int, str)


class Movie(TypedDict):
    title: str
    year: int


class Sized(Protocol):
    def size(self) -> int: ...


class Meta(type):
    pass


# (value, annotation) pairs check_type rejects.
MISMATCHES: list[tuple[object, Any]] = [
    ("x", int),
    (1, str),
    (1.5, int),
    (None, int),
    (True, str),
    ("x", Optional[int]),
    (1.5, Union[int, str]),
    ("c", Literal["a", "b"]),
    (3, Literal[1, 2]),
    ([1, "x"], List[int]),
    ((1, 2), List[int]),
    ({"a": "x"}, Dict[str, int]),
    ({1: 1}, Dict[str, int]),
    ([], Dict[str, int]),
    ({"x"}, Set[int]),
    (frozenset({"x"}), FrozenSet[int]),
    ((1, "x"), Tuple[int, int]),
    ((1, 2, 3), Tuple[int, int]),
    ((1,), Tuple[int, str]),
    ((1, "x"), Tuple[int, ...]),
    ([1], Tuple[int]),
    ({"title": "x"}, Movie),
    ({"title": "x", "year": "y"}, Movie),
    ({"title": "x", "year": 1, "extra": 2}, Movie),
    ("not a dict", Movie),
    (len, Callable[[], int]),
    (lambda a, b: a, Callable[[int], int]),
    (5, Callable[[int], int]),
    (object(), Sized),
    ("x", UserId),
    (int, Type[str]),
    ("x", Type[int]),
    (collections.abc.Sequence, Type[collections.abc.Mapping]),
    (int, Type[Union[str, bytes]]),
    (str, type[Meta]),
    ("x", IO[bytes]),
    (io.BytesIO(), IO[str]),
    ("x", Bounded),
    (1.5, Constrained),
    ("x", Annotated[int, "positive"]),
    ("x", Iterable[int]),
    ([1, "x"], Sequence[int]),
    ({"a": "x"}, Mapping[str, int]),
    (1, AnyStr),
    (5, NoReturn),
    ([[1, "x"]], List[List[int]]),
    ({"a": [1, "x"]}, Dict[str, List[int]]),
    (1, collections.abc.Collection),
    ("x", list[int]),
    ({"a": 1}, dict[str, str]),
    (1, int | str | None and float),
]


def cases():
    from typeguard import (
        CollectionCheckStrategy,
        ForwardRefPolicy,
        TypeCheckError,
        check_type,
        config,
        suppress_type_checks,
        typechecked,
    )

    for index, (value, annotation) in enumerate(MISMATCHES):
        yield f"typeguard check_type {index} {annotation!r}", lambda v=value, a=annotation: check_type(v, a)
    functions = decorated(typechecked)
    yield from [
        ("typeguard argument", lambda: functions["add"]("1", 2)),
        ("typeguard second argument", lambda: functions["add"](1, None)),
        ("typeguard keyword argument", lambda: functions["greet"](name=5)),
        ("typeguard varargs", lambda: functions["total"](1, "2")),
        ("typeguard kwargs", lambda: functions["options"](a=1, b="x")),
        ("typeguard return", lambda: functions["bad_return"]()),
        ("typeguard return optional", lambda: functions["maybe"](True)),
        ("typeguard yield", lambda: list(functions["numbers"]())),
        ("typeguard send", lambda: send_to(functions["echo"]())),
        ("typeguard generator return", lambda: list(functions["finishes"]())),
        ("typeguard variable", lambda: functions["assigns"]()),
        ("typeguard method", lambda: functions["Account"]().deposit("x")),
        ("typeguard classmethod", lambda: functions["Account"].make(5)),
        ("typeguard staticmethod", lambda: functions["Account"].check(5)),
        ("typeguard property", lambda: setattr(functions["Account"](), "owner", 5)),
        ("typeguard callable argument", lambda: functions["apply"](5)),
        ("typeguard typed dict argument", lambda: functions["show"]({"title": 1, "year": 2})),
        ("typeguard list argument", lambda: functions["first"](["a", 2])),
        ("typeguard self type", lambda: functions["Account"]().merge(5)),
        ("typeguard forward ref", lambda: check_type(1, "NoSuchType", forward_ref_policy=ForwardRefPolicy.ERROR)),
        (
            "typeguard collection strategy",
            lambda: check_type([1, "x"], List[int], collection_check_strategy=CollectionCheckStrategy.ALL_ITEMS),
        ),
        (
            "typeguard typecheck_fail_callback",
            lambda: check_type(
                "x", int, typecheck_fail_callback=lambda exc, memo: (_ for _ in ()).throw(ValueError(str(exc)))
            ),
        ),
        ("typeguard error path", lambda: check_type({"a": {"b": ["x"]}}, Dict[str, Dict[str, List[int]]])),
        ("typeguard TypeCheckError str", lambda: (_ for _ in ()).throw(TypeCheckError("is bad"))),
        (
            "typeguard config strategy",
            lambda: setattr(config, "collection_check_strategy", "all") or check_type([1, "x"], List[int]),
        ),
        ("typeguard suppress nested", lambda: suppress_type_checks(5)()),
        ("typeguard typechecked lambda", lambda: typechecked(lambda x: x)(1) and typechecked(5)),
    ]


def send_to(generator):
    next(generator)
    generator.send(5)


def decorated(typechecked):
    """Functions and a class written with @typechecked, as its user guide shows (defined in this file: typeguard
    instruments them from their source)."""

    @typechecked
    def add(a: int, b: int) -> int:
        return a + b

    @typechecked
    def greet(*, name: str) -> str:
        return name

    @typechecked
    def total(*values: int) -> int:
        return sum(values)

    @typechecked
    def options(**values: int) -> None:
        return None

    @typechecked
    def bad_return() -> int:
        return "x"  # type: ignore[return-value]

    @typechecked
    def maybe(flag: bool) -> Optional[str]:
        return 5 if flag else None  # type: ignore[return-value]

    @typechecked
    def numbers() -> Generator[int, None, None]:
        yield 1
        yield "two"  # type: ignore[misc]

    @typechecked
    def echo() -> Generator[int, str, None]:
        received = yield 1
        yield len(received)

    @typechecked
    def finishes() -> Generator[int, None, str]:
        yield 1
        return 5  # type: ignore[return-value]

    @typechecked
    def assigns() -> None:
        value: int = "x"  # type: ignore[assignment]
        del value

    @typechecked
    def apply(function: Callable[[int], int]) -> int:
        return function(1)

    @typechecked
    def show(movie: Movie) -> str:
        return movie["title"]

    @typechecked
    def first(items: List[str]) -> str:
        return items[0]

    @typechecked
    class Account:
        def __init__(self) -> None:
            self._owner = "me"

        def deposit(self, amount: int) -> None:
            return None

        @classmethod
        def make(cls, owner: str) -> "Account":
            return cls()

        @staticmethod
        def check(value: str) -> bool:
            return True

        @property
        def owner(self) -> str:
            return self._owner

        @owner.setter
        def owner(self, value: str) -> None:
            self._owner = value

        def merge(self, other: "Account") -> None:
            return None

    return dict(locals())


if __name__ == "__main__":
    Recorder("typeguard", ("typeguard",)).run_all(cases())

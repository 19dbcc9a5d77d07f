"""Raise real errors from sortedcontainers, one JSON line each (see common.py): the sorted types misused as plain
lists, dicts and sets (append, insert, setitem, reverse), missing values and keys, empty pops, bad indexes and
slices; written from the documentation as a user would use it (held-out: see SPLIT.md)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder


def cases():
    from sortedcontainers import SortedDict, SortedKeyList, SortedList, SortedSet

    makers = {
        "SortedList": lambda: SortedList([1, 2, 3]),
        "SortedKeyList": lambda: SortedKeyList([1, 2, 3], key=lambda x: -x),
        "SortedList big": lambda: SortedList(range(5000)),
    }
    for name, make in makers.items():
        yield from [
            (f"{name} append", lambda m=make: m().append(4)),
            (f"{name} extend", lambda m=make: m().extend([4])),
            (f"{name} insert", lambda m=make: m().insert(0, 4)),
            (f"{name} reverse", lambda m=make: m().reverse()),
            (f"{name} setitem", lambda m=make: m().__setitem__(0, 4)),
            (f"{name} setitem slice", lambda m=make: m().__setitem__(slice(0, 1), [4])),
            (f"{name} index missing", lambda m=make: m().index(99)),
            (f"{name} index range", lambda m=make: m().index(1, 5, 9)),
            (f"{name} remove missing", lambda m=make: m().remove(99)),
            (f"{name} pop empty", lambda m=make: m().clear() or m().__class__().pop()),
            (f"{name} pop range", lambda m=make: m().pop(99999)),
            (f"{name} getitem range", lambda m=make: m()[99999]),
            (f"{name} getitem negative", lambda m=make: m()[-99999]),
            (f"{name} getitem empty", lambda m=make: m().__class__()[0]),
            (f"{name} delitem range", lambda m=make: m().__delitem__(99999)),
            (f"{name} slice step zero", lambda m=make: m()[::0]),
            (f"{name} mul str", lambda m=make: m() * "x"),
            (f"{name} add int", lambda m=make: m() + 1),
            (f"{name} islice bad", lambda m=make: list(m().islice("a", "b"))),
            (f"{name} irange bad", lambda m=make: list(m().irange(1, 2, inclusive=1))),
            (f"{name} add incomparable", lambda m=make: m().add("x")),
            (f"{name} update incomparable", lambda m=make: m().update(["x", None])),
            (f"{name} bisect incomparable", lambda m=make: m().bisect_left("x")),
            (f"{name} count incomparable", lambda m=make: m().count("x")),
        ]
    yield from [
        ("SortedKeyList irange_key bad", lambda: list(SortedKeyList([1], key=abs).irange_key("x"))),
        ("SortedKeyList index key", lambda: SortedKeyList([1], key=abs).index(5)),
        ("SortedList key kw", lambda: SortedList([1], key=1)),
        ("SortedList load bad", lambda: SortedList([1])._reset("x")),
        ("SortedDict missing", lambda: SortedDict({1: "a"})[2]),
        ("SortedDict popitem empty", lambda: SortedDict().popitem()),
        ("SortedDict peekitem empty", lambda: SortedDict().peekitem()),
        ("SortedDict peekitem range", lambda: SortedDict({1: "a"}).peekitem(5)),
        ("SortedDict pop missing", lambda: SortedDict().pop(1)),
        ("SortedDict index missing", lambda: SortedDict({1: "a"}).index(2)),
        ("SortedDict keys index missing", lambda: SortedDict({1: "a"}).keys().index(2)),
        ("SortedDict values index missing", lambda: SortedDict({1: "a"}).values().index("z")),
        ("SortedDict items index missing", lambda: SortedDict({1: "a"}).items().index((2, "b"))),
        ("SortedDict keys getitem", lambda: SortedDict({1: "a"}).keys()[5]),
        ("SortedDict items getitem", lambda: SortedDict({1: "a"}).items()[5]),
        ("SortedDict values getitem", lambda: SortedDict({1: "a"}).values()[5]),
        ("SortedDict keys delitem", lambda: SortedDict({1: "a"}).keys().__delitem__(5)),
        ("SortedDict mixed keys", lambda: SortedDict({1: "a", "b": 2})),
        ("SortedDict key not callable", lambda: SortedDict(1, {1: "a"}).setdefault(2)),
        ("SortedDict bad init", lambda: SortedDict(1)),
        ("SortedDict delitem missing", lambda: SortedDict().__delitem__(1)),
        ("SortedDict setdefault incomparable", lambda: SortedDict({1: "a"}).setdefault("x")),
        ("SortedDict update bad", lambda: SortedDict().update(1)),
        ("SortedDict or bad", lambda: SortedDict() | 1),
        ("SortedSet missing remove", lambda: SortedSet([1]).remove(2)),
        ("SortedSet pop empty", lambda: SortedSet().pop()),
        ("SortedSet getitem", lambda: SortedSet([1])[5]),
        ("SortedSet index", lambda: SortedSet([1]).index(2)),
        ("SortedSet add incomparable", lambda: SortedSet([1]).add("x")),
        ("SortedSet delitem", lambda: SortedSet([1]).__delitem__(5)),
        ("SortedSet unhashable", lambda: SortedSet([[1]])),
        ("SortedSet sub bad", lambda: SortedSet([1]) - 1),
        ("SortedSet and bad", lambda: SortedSet([1]) & 1),
        ("SortedSet issubset bad", lambda: SortedSet([1]).issubset(1)),
    ]


if __name__ == "__main__":
    Recorder("sortedcontainers", ("sortedcontainers",)).run_all(cases())

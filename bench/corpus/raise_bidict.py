"""Raise real errors from bidict, one JSON line each (see common.py): duplicated keys and values under each OnDup
policy, missing keys, immutability, bad constructor arguments, namedbidict names."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder


def cases():
    import bidict as bd

    b = bd.bidict({1: "a", 2: "b"})
    raising = bd.OnDup(key=bd.RAISE, val=bd.RAISE)
    yield from [
        ("bidict value dup", lambda: bd.bidict({1: "a"}).put(2, "a")),
        ("bidict key dup", lambda: bd.bidict({1: "a"}).put(1, "b")),
        ("bidict key and value dup", lambda: bd.bidict({1: "a", 2: "b"}).put(1, "b")),
        ("bidict setitem value dup", lambda: b.__setitem__(3, "a")),
        ("bidict init value dup", lambda: bd.bidict([(1, "a"), (2, "a")])),
        ("bidict init dict value dup", lambda: bd.bidict({1: "a", 2: "a"})),
        ("bidict putall", lambda: bd.bidict({1: "a"}).putall([(2, "a")], on_dup=raising)),
        ("bidict putall key", lambda: bd.bidict({1: "a"}).putall([(1, "b")], on_dup=raising)),
        ("bidict update", lambda: bd.bidict({1: "a"}).update({2: "a"})),
        ("bidict update kwargs", lambda: bd.bidict(x="a").update(y="a")),
        ("bidict inverse setitem", lambda: b.inverse.__setitem__("c", 1)),
        ("bidict missing", lambda: b[9]),
        ("bidict inverse missing", lambda: b.inverse["z"]),
        ("bidict delete missing", lambda: b.__delitem__(9)),
        ("bidict pop missing", lambda: bd.bidict().pop(9)),
        ("bidict popitem empty", lambda: bd.bidict().popitem()),
        ("bidict orderedbidict popitem empty", lambda: bd.OrderedBidict().popitem()),
        ("bidict ordered dup", lambda: bd.OrderedBidict({1: "a"}).put(2, "a")),
        ("bidict ordered move missing", lambda: bd.OrderedBidict({1: "a"}).move_to_end(9)),
        ("bidict frozen setitem", lambda: bd.frozenbidict({1: "a"}).__setitem__(2, "b")),
        ("bidict frozen hash unhashable", lambda: hash(bd.frozenbidict({1: []}))),
        ("bidict unhashable value", lambda: bd.bidict({1: []})),
        ("bidict unhashable key", lambda: bd.bidict([([], 1)])),
        ("bidict bad init", lambda: bd.bidict(1)),
        ("bidict bad init pairs", lambda: bd.bidict([1, 2])),
        ("bidict two positional", lambda: bd.bidict({}, {})),
        ("bidict update two positional", lambda: bd.bidict().update({}, {})),
        ("bidict ondup bad", lambda: bd.OnDup(key="x")),
        ("bidict put ondup bad", lambda: bd.bidict({1: "a"}).put(2, "a", on_dup="x")),
        ("bidict namedbidict bad name", lambda: bd.namedbidict("bad name", "a", "b")),
        ("bidict namedbidict same", lambda: bd.namedbidict("N", "a", "a")),
        ("bidict namedbidict keyword", lambda: bd.namedbidict("N", "class", "b")),
        ("bidict namedbidict base", lambda: bd.namedbidict("N", "a", "b", base_type=dict)),
        ("bidict inverted bad", lambda: list(bd.inverted(1))),
        ("bidict equals_order_sensitive", lambda: bd.OrderedBidict().equals_order_sensitive(1)),
        ("bidict or bad", lambda: bd.bidict() | 1),
        ("bidict ior bad", lambda: b.__ior__(1)),
        ("bidict forceupdate two", lambda: bd.bidict().forceupdate({}, {})),
        ("bidict fromkeys dup", lambda: bd.bidict.fromkeys([1, 2], "a")),
        ("bidict copy dup setdefault", lambda: bd.bidict({1: "a"}).setdefault(2, "a")),
    ]


if __name__ == "__main__":
    Recorder("bidict", ("bidict",)).run_all(cases())

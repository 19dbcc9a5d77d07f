"""Raise real errors from dpath, one JSON line each (see common.py): globs and paths that match nothing or too much
(`get`, `delete`, `set`), invalid globs (empty, `**` misplaced), keys it refuses (empty names), paths through values
that are not containers, list indexes it cannot create or reach, `merge` given incompatible structures or flags, and
separators misused; written from dpath's documentation as a user would use it (held-out: see SPLIT.md, seventh
split).

dpath holds few raise sites (about a dozen `raise` statements): most misuses end in the same few wordings."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

DOCUMENT = {
    "a": {"b": {"c": 1, "d": [1, 2, {"e": 3}]}, "x": {"c": 2}},
    "list": [10, 20, 30],
    "name": "corpus",
}
# dpath refuses empty keys unless dpath.options.ALLOW_EMPTY_STRING_KEYS is set.
WITH_EMPTY_KEY = {"": {"empty": True}, "a": 1}


def cases():
    import copy

    import dpath
    from dpath import options

    def fresh():
        return copy.deepcopy(DOCUMENT)

    def with_empty_keys_refused(call):
        saved = options.ALLOW_EMPTY_STRING_KEYS
        options.ALLOW_EMPTY_STRING_KEYS = False
        try:
            return call()
        finally:
            options.ALLOW_EMPTY_STRING_KEYS = saved

    yield from [
        ("dpath get missing", lambda: dpath.get(fresh(), "a/b/zz")),
        ("dpath get missing top", lambda: dpath.get(fresh(), "nope")),
        ("dpath get ambiguous", lambda: dpath.get(fresh(), "a/*/c")),
        ("dpath get ambiguous star star", lambda: dpath.get(fresh(), "**/c")),
        ("dpath get list index out of range", lambda: dpath.get(fresh(), "list/7")),
        ("dpath get list non-numeric", lambda: dpath.get(fresh(), "list/x")),
        ("dpath get through string", lambda: dpath.get(fresh(), "name/first")),
        ("dpath get through int", lambda: dpath.get(fresh(), "a/b/c/d")),
        ("dpath get empty glob", lambda: dpath.get(fresh(), "")),
        ("dpath get separator only", lambda: dpath.get(fresh(), "/")),
        ("dpath get empty key", lambda: dpath.get(WITH_EMPTY_KEY, "a")),
        ("dpath get list glob", lambda: dpath.get(fresh(), ["a", "b", "zz"])),
        ("dpath get default none", lambda: dpath.get(fresh(), "a/zz", default=None) + 1),
        ("dpath get separator", lambda: dpath.get(fresh(), "a.b.zz", separator=".")),
        ("dpath delete missing", lambda: dpath.delete(fresh(), "a/zz")),
        ("dpath delete missing glob", lambda: dpath.delete(fresh(), "zz/*/y")),
        ("dpath delete empty glob", lambda: dpath.delete(fresh(), "")),
        ("dpath delete root", lambda: dpath.delete(fresh(), "/")),
        ("dpath delete list index", lambda: dpath.delete(fresh(), "list/9")),
        ("dpath new empty key", lambda: with_empty_keys_refused(lambda: dpath.new({}, "a//b", 1))),
        ("dpath new through int", lambda: dpath.new(fresh(), "a/b/c/d", 1)),
        ("dpath new through string", lambda: dpath.new(fresh(), "name/x", 1)),
        ("dpath new glob", lambda: dpath.new({}, "a/*/b", 1)),
        ("dpath new list string index", lambda: dpath.new({"l": []}, "l/x", 1)),
        ("dpath new negative index", lambda: dpath.new({"l": []}, "l/-3", 1)),
        ("dpath new empty path", lambda: dpath.new({}, "", 1)),
        ("dpath new tuple", lambda: dpath.new({"t": (1, 2)}, "t/0", 5)),
        ("dpath set through int", lambda: dpath.set(fresh(), "a/b/c/d", 1)),
        ("dpath set empty key", lambda: with_empty_keys_refused(lambda: dpath.set(fresh(), "", 1))),
        ("dpath set tuple", lambda: dpath.set({"t": (1, 2)}, "t/0", 5)),
        ("dpath set afilter", lambda: dpath.set(fresh(), "a/*/c", 5, afilter=lambda value: 1 / 0)),
        ("dpath values empty key", lambda: with_empty_keys_refused(lambda: dpath.values(WITH_EMPTY_KEY, "*/empty"))),
        ("dpath search empty key", lambda: dpath.search(WITH_EMPTY_KEY, "**")),
        ("dpath search bad glob", lambda: dpath.search(fresh(), "a/**/**/c")),
        ("dpath search int glob", lambda: dpath.search(fresh(), 5)),
        ("dpath search separator list", lambda: dpath.search(fresh(), "a/b", separator=["/"])),
        ("dpath search yielded", lambda: list(dpath.search(fresh(), "a/*", yielded=True, afilter=1))),
        ("dpath values not a mapping", lambda: dpath.values(42, "a/b")),
        ("dpath get not a mapping", lambda: dpath.get(42, "a")),
        ("dpath merge flags", lambda: dpath.merge(fresh(), {"a": 1}, flags=99)),
        ("dpath merge dict into list", lambda: dpath.merge(fresh(), {"list": {"x": 1}})),
        ("dpath merge list into dict", lambda: dpath.merge(fresh(), {"a": [1, 2]})),
        ("dpath merge into string", lambda: dpath.merge(fresh(), {"name": {"x": 1}})),
        ("dpath merge not mappings", lambda: dpath.merge([1], {"a": 1})),
        ("dpath merge afilter", lambda: dpath.merge(fresh(), {"a": {"b": 1}}, afilter=lambda value: 1 / 0)),
        ("dpath merge empty key", lambda: with_empty_keys_refused(lambda: dpath.merge({}, {"": {"x": 1}}))),
        ("dpath merge tuple", lambda: dpath.merge({"t": (1, 2)}, {"t": (3,)})),
    ]


if __name__ == "__main__":
    Recorder("dpath", ("dpath",)).run_all(cases())

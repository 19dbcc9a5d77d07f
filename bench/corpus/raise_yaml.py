"""Raise real errors from PyYAML's pure-Python loaders and dumpers, one JSON line each (see common.py): broken YAML
(scanner, parser, composer errors), tags the safe loader refuses or cannot construct, objects the safe dumper cannot
represent; written from PyYAML's documentation as a user would use it (held-out: see SPLIT.md)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

DOCUMENTS = [
    "{a: 1",
    "[1, 2",
    "a: b: c",
    "a:\n\tb: 1",
    "a: 'x",
    'a: "x',
    'a: "\\q"',
    "a: *nope",
    "a: &x 1\nb: &x",
    "- a\nb: 1",
    "a: 1\n- b",
    "%YAML 2.0\n---\na",
    "%YAML 1.1\n%YAML 1.1\n---\na",
    "%TAG !x! tag:x\n%TAG !x! tag:y\n---\na",
    "%NOPE\n---\na",
    "!<nope a",
    "!nope x",
    "!!python/object:os.system x",
    "!!python/name:os.system x",
    "!!int x",
    "!!float abc",
    "!!bool maybe",
    "!!timestamp 2020-13-45",
    "!!binary ###",
    "!!map [1]",
    "!!seq {a: 1}",
    "!!omap [1]",
    "!!omap [{a: 1, b: 2}]",
    "!!pairs [1]",
    "!!set [1]",
    "!!null x",
    "? [1]\n: x",
    "{[1]: x}",
    "a: |\n x\n  y\n z",
    "a: >-1\n x",
    "a: |0\n x",
    "- - - [",
    "@a",
    "`a",
    "a: 1\n...\n]",
    "---\na\n--- b\n]",
    "a: !!str\n  - 1",
    "<<: 1",
    "<<: [1]",
    "a: &a [*a",
    "&a &b x",
    "!a !b x",
    "? a\n? b\n:",
    "a: [b, c]]",
    "\x07",
    "'a\n\n",
    '"\\x4"',
    '"\\u12"',
    "!!str &a x: *a",
]


class Thing:
    pass


def cases():
    import yaml

    for document in DOCUMENTS:
        yield f"yaml safe_load {document!r}", lambda d=document: yaml.safe_load(d)
        yield f"yaml load_all {document!r}", lambda d=document: list(yaml.load_all(d, Loader=yaml.FullLoader))
    yield from [
        ("yaml safe_load_all two", lambda: yaml.safe_load("a\n---\nb")),
        ("yaml load no loader", lambda: yaml.load("a")),
        ("yaml full python object", lambda: yaml.load("!!python/object/apply:os.system ['x']", Loader=yaml.FullLoader)),
        ("yaml unsafe missing module", lambda: yaml.unsafe_load("!!python/name:nope_nope.x ''")),
        ("yaml unsafe missing name", lambda: yaml.unsafe_load("!!python/name:os.nope_nope ''")),
        ("yaml unsafe module bad", lambda: yaml.unsafe_load("!!python/module:nope_nope ''")),
        ("yaml unsafe module value", lambda: yaml.unsafe_load("!!python/module:os x")),
        ("yaml unsafe object args", lambda: yaml.unsafe_load("!!python/object/new:int {nope: 1}")),
        ("yaml unsafe complex", lambda: yaml.unsafe_load("!!python/complex x")),
        ("yaml unsafe bytes", lambda: yaml.unsafe_load("!!python/bytes ###")),
        ("yaml unsafe name empty", lambda: yaml.unsafe_load("!!python/name: ''")),
        ("yaml safe_dump object", lambda: yaml.safe_dump(Thing())),
        ("yaml safe_dump set tuple", lambda: yaml.safe_dump({"a": object()})),
        ("yaml dump bad stream", lambda: yaml.dump("a", stream=1)),
        ("yaml emit bad events", lambda: yaml.emit([yaml.ScalarEvent(None, None, (True, False), "a")])),
        ("yaml emit no stream start", lambda: yaml.emit([yaml.DocumentStartEvent()])),
        ("yaml serialize bad", lambda: yaml.serialize(1)),
        ("yaml dump bad width", lambda: yaml.dump({"a": 1}, Dumper=yaml.Dumper, explicit_start=True, version=(2, 0))),
        ("yaml dump tags bad", lambda: yaml.dump({"a": 1}, tags={"x": "y"})),
        ("yaml dump sort mixed", lambda: yaml.safe_dump({1: 1, "a": 2})),
        ("yaml add_constructor bad", lambda: yaml.safe_load("!x 1", Loader=None)),
        ("yaml compose two", lambda: yaml.compose("a\n---\nb")),
        ("yaml scan bad", lambda: list(yaml.scan("{a: 1"))),
        ("yaml parse bad", lambda: list(yaml.parse("]"))),
        ("yaml reader non-printable", lambda: yaml.safe_load("a: \x00")),
        ("yaml reader bad bytes", lambda: yaml.safe_load(b"\xff\xfe\x00\xd8")),
        ("yaml reader bad utf8", lambda: yaml.safe_load(b"a: \xc3\x28")),
        ("yaml yaml_object bad", lambda: yaml.safe_load("!!python/tuple [1]")),
    ]


if __name__ == "__main__":
    Recorder("PyYAML", ("yaml",)).run_all(cases())

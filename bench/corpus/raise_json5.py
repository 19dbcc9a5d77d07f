"""Raise real errors from json5, one JSON line each (see common.py): JSON5 documents it rejects (unterminated strings,
objects and arrays, bad escapes, bad numbers, stray characters, trailing data, comments left open, empty input),
duplicate keys refused, strict mode and control characters, bytes it cannot decode, `load` from files, and `dumps`
given what it cannot write (unknown types, circular references, NaN when not allowed, bad keys, duplicate keys);
written from json5's documentation as a user would use it (held-out: see SPLIT.md, sixth split).

json5 holds few raise sites (about a dozen): every rejected document is `raise ValueError(err)` in `loads` or
`load`, with the parser's wording."""

import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

# Documents json5.loads rejects, one mistake each.
DOCUMENTS = [
    "",
    "   ",
    "{",
    "[1, 2",
    "{a: 1,, b: 2}",
    "[1,,2]",
    '"unterminated',
    "'single unterminated",
    '"bad escape \\q"',
    '"\\u12"',
    '"\\x4"',
    "{a 1}",
    "{1: 2}",
    "{'a': }",
    "[1 2]",
    "01",
    "0x",
    "1e",
    "+-1",
    ".",
    "Infinit",
    "NaNa",
    "tru",
    "nul",
    "undefined",
    "{a: 1} extra",
    "[1] [2]",
    "/* open comment",
    "// only a comment",
    "{a: 1 /* unclosed }",
    "{$a b: 1}",
    "{a-b: 1}",
    "@",
    "}",
    "]",
    '"line\nbreak"',
    "{a: [1, {b: }]}",
    "1.2.3",
    "--1",
]


def cases():
    import json5

    for index, document in enumerate(DOCUMENTS):
        yield f"json5 loads {index} {document!r}", lambda d=document: json5.loads(d)
    yield from [
        ("json5 duplicate keys", lambda: json5.loads("{a: 1, a: 2}", allow_duplicate_keys=False)),
        ("json5 duplicate nested keys", lambda: json5.loads("{x: {b: 1, b: 2}}", allow_duplicate_keys=False)),
        ("json5 strict control character", lambda: json5.loads('"tab\there"', strict=True)),
        ("json5 bytes not utf-8", lambda: json5.loads(b"\xff\xfe{")),
        ("json5 bytes bad encoding", lambda: json5.loads(b"{a: 1}", encoding="nope")),
        ("json5 load file", lambda: json5.load(io.StringIO("{a: 1,"))),
        ("json5 load empty file", lambda: json5.load(io.StringIO(""))),
        ("json5 load start", lambda: json5.load(io.StringIO("xx{a:"), start=2)),
        ("json5 loads start", lambda: json5.loads("   {", start=3)),
        ("json5 no trailing consumed", lambda: json5.loads("[1", consume_trailing=False)),
        ("json5 parse_int raises", lambda: json5.loads("12", parse_int=lambda s: int(s, 2))),
        ("json5 object_hook raises", lambda: json5.loads("{a: 1}", object_hook=lambda d: d["b"])),
        ("json5 dumps object", lambda: json5.dumps(object())),
        ("json5 dumps set", lambda: json5.dumps({1, 2})),
        ("json5 dumps bytes", lambda: json5.dumps(b"x")),
        ("json5 dumps nan", lambda: json5.dumps(float("nan"), allow_nan=False)),
        ("json5 dumps inf", lambda: json5.dumps(float("inf"), allow_nan=False)),
        ("json5 dumps -inf key", lambda: json5.dumps({"a": float("-inf")}, allow_nan=False)),
        ("json5 dumps tuple key", lambda: json5.dumps({(1, 2): 3})),
        ("json5 dumps object key", lambda: json5.dumps({object(): 3})),
        ("json5 dumps duplicate keys", lambda: json5.dumps({1: 1, "1": 2}, allow_duplicate_keys=False)),
        ("json5 dumps circular list", circular_list),
        ("json5 dumps circular dict", circular_dict),
        ("json5 dumps default raises", lambda: json5.dumps(object(), default=lambda o: o.nope)),
        ("json5 dumps bad indent", lambda: json5.dumps([1], indent=1.5)),
        ("json5 dumps bad separators", lambda: json5.dumps([1, 2], separators=(",",))),
        ("json5 dumps bad quote style", lambda: json5.dumps("x", quote_style="double")),
        ("json5 dumps bad cls", lambda: json5.dumps([1], cls=dict)),
        ("json5 dump to str", lambda: json5.dump([1], "out.json5")),
        ("json5 load from str", lambda: json5.load("{a: 1}")),
        ("json5 loads int", lambda: json5.loads(5)),
        ("json5 loads None", lambda: json5.loads(None)),
    ]


def circular_list():
    import json5

    items: list = []
    items.append(items)
    return json5.dumps(items)


def circular_dict():
    import json5

    mapping: dict = {}
    mapping["self"] = mapping
    return json5.dumps(mapping)


if __name__ == "__main__":
    Recorder("json5", ("json5",)).run_all(cases())

"""Raise real errors from ruamel.yaml, one JSON line each (see common.py): YAML documents it rejects (bad
indentation, unclosed flow collections and quotes, tabs, bad escapes, directives, anchors and aliases, duplicate keys,
tags it cannot construct), each through its loaders (round-trip, safe, base, pure), and its API misused (unknown
`typ`, dumping what it cannot represent, bad emitter settings, the old module-level functions removed in 0.18);
written from ruamel.yaml's documentation as a user would use it (held-out: see SPLIT.md, seventh split).

ruamel.yaml 0.19.1 is its pure-Python wheel: the C loader (ruamel.yaml.clib, an extra) is not installed, so every
document is scanned and parsed by Python files a harvest reads."""

import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

# Documents ruamel.yaml rejects, one mistake each.
DOCUMENTS = [
    "key: value\n  bad: indent\n",
    "a: [1, 2\n",
    "a: {x: 1\n",
    "a: 'unterminated\n",
    'a: "unterminated\n',
    'a: "bad escape \\q"\n',
    "a:\n\t- tab\n",
    "- a\nb: c\n",
    "a: b: c\n",
    "? a\n? b\n: c\n: d\n",
    "%YAML 1.1\n%YAML 1.1\n--- a\n",
    "%YAML 2.0\n--- a\n",
    "%TAG ! tag:a,2000:\n%TAG ! tag:b,2000:\n--- a\n",
    "%FOO bar\n--- a\n",
    "a: *unknown\n",
    "a: &x 1\nb: &x\n",
    "a: &\n",
    "a: !<tag:x\n",
    "a: !!python/name:os.system\n",
    "a: 1\na: 2\n",
    "{a: 1, a: 2}\n",
    "a: !!int abc\n",
    "a: !!float abc\n",
    "a: !!timestamp nope\n",
    "a: !!binary '@@@'\n",
    "a: !!map [1, 2]\n",
    "a: !!seq {x: 1}\n",
    "a: !!set [1]\n",
    "a: !!omap [1]\n",
    "a: !!pairs {x: 1}\n",
    "a: !custom 1\n",
    "<<: 1\n",
    "a: |x\n  text\n",
    "a: >0\n  text\n",
    "key: @value\n",
    "key: `value\n",
    "--- a\n... b\n",
    "[a, b]: c\n{x: y}: z\n",
    "a:\n  - 1\n - 2\n",
    "a: [1, 2]]\n",
    "a: 1\n---\nb: 2\n",
    "\x07\n",
]


def cases():
    from ruamel.yaml import YAML, representer
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    for index, document in enumerate(DOCUMENTS):
        for typ in ("rt", "safe"):
            yield f"ruamel.yaml load {typ} {index} {document[:20]!r}", lambda d=document, t=typ: YAML(typ=t).load(d)
    yield from [
        (f"ruamel.yaml base {index}", lambda d=document: YAML(typ="base").load(d))
        for index, document in enumerate(DOCUMENTS[:12])
    ]

    class Unknown:
        """A user's class ruamel.yaml has no representer for (a fixed repr: one wording, whatever its address)."""

        def __repr__(self):
            return "Unknown()"

    def dump(data, **settings):
        yaml = YAML(**settings.pop("init", {}))
        for name, value in settings.items():
            setattr(yaml, name, value)
        stream = io.StringIO()
        yaml.dump(data, stream)
        return stream.getvalue()

    def registered_twice():
        yaml = YAML()
        yaml.register_class(Unknown)
        return dump({"x": Unknown()}, init={"typ": "safe"})

    def comment_bad():
        data = CommentedMap(a=1)
        data.yaml_add_eol_comment("note", "missing")
        return dump(data)

    def seq_comment_bad():
        data = CommentedSeq([1])
        data.yaml_set_comment_before_after_key(5, before="x")
        return dump(data)

    yield from [
        ("ruamel.yaml load_all", lambda: list(YAML().load_all("a: 1\n---\nb: [\n"))),
        ("ruamel.yaml unknown typ", lambda: YAML(typ="nope").load("a: 1")),
        ("ruamel.yaml dump object safe", lambda: dump({"x": Unknown()}, init={"typ": "safe"})),
        ("ruamel.yaml dump object rt", lambda: dump({"x": Unknown()})),
        ("ruamel.yaml dump set safe", lambda: dump({"x": object()}, init={"typ": "safe"})),
        ("ruamel.yaml dump function", lambda: dump({"f": print})),
        ("ruamel.yaml dump no stream", lambda: YAML().dump({"a": 1})),
        ("ruamel.yaml dump bad stream", lambda: YAML().dump({"a": 1}, 42)),
        ("ruamel.yaml dump_all", lambda: YAML().dump_all([{"a": Unknown()}], io.StringIO())),
        ("ruamel.yaml indent", lambda: dump({"a": [1]}, indent=0)),
        ("ruamel.yaml width", lambda: dump({"a": "b"}, width="wide")),
        ("ruamel.yaml version", lambda: dump({"a": 1}, version=(3, 0))),
        ("ruamel.yaml tags", lambda: dump({"a": 1}, tags={"!": "no-prefix"})),
        ("ruamel.yaml explicit_start", lambda: dump({"a": 1}, explicit_start=object())),
        ("ruamel.yaml register_class twice", registered_twice),
        ("ruamel.yaml eol comment missing key", comment_bad),
        ("ruamel.yaml seq comment bad index", seq_comment_bad),
        ("ruamel.yaml module load removed", lambda: __import__("ruamel.yaml").yaml.load("a: 1")),
        ("ruamel.yaml module safe_load removed", lambda: __import__("ruamel.yaml").yaml.safe_load("a: 1")),
        ("ruamel.yaml module dump removed", lambda: __import__("ruamel.yaml").yaml.dump({"a": 1})),
        ("ruamel.yaml representer undefined", lambda: representer.SafeRepresenter().represent_undefined(Unknown())),
        ("ruamel.yaml load bytes bad utf8", lambda: YAML().load(b"a: \xff\xfe\xfa")),
        ("ruamel.yaml load None", lambda: YAML().load(None)),
        ("ruamel.yaml load int", lambda: YAML().load(42)),
        ("ruamel.yaml load missing file", lambda: YAML().load(Path("/nonexistent/corpus.yaml"))),
        ("ruamel.yaml CommentedMap insert", lambda: CommentedMap(a=1).insert(0, "a", 2, comment=1)),
        ("ruamel.yaml CommentedSeq slice", lambda: CommentedSeq([1, 2]).__setitem__(slice(0, 2, 2), [1, 2, 3])),
    ]


if __name__ == "__main__":
    Recorder("ruamel.yaml", ("ruamel",)).run_all(cases())

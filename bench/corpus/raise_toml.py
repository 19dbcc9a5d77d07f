"""Raise real errors from toml (uiri/toml), one JSON line each (see common.py): documents `toml.loads` and `toml.load`
cannot parse (bad keys and values, duplicate keys and tables, unclosed strings, arrays and inline tables, bad
dates, numbers and escapes, tables redefined as values), arguments of the wrong type, and values `toml.dumps`
cannot write; written from toml's documentation as a user would use it (held-out: see SPLIT.md, fifth split)."""

import io
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

DOCUMENTS = [
    "key = ",
    "key",
    "= 1",
    "key = 1\nkey = 2",
    "[a]\n[a]",
    "[a]\nb = 1\n[a.b]",
    "a = 1\n[a]",
    "[[a]]\n[a]",
    "[a\nb = 1",
    "[]\nb = 1",
    "[a]]",
    'key = "unclosed',
    "key = 'unclosed",
    'key = """unclosed',
    "key = [1, 2",
    "key = [1, 'a']",
    "key = [1,,2]",
    "key = {a = 1",
    "key = {a = 1,}",
    "key = {a = 1, a = 2}",
    "key = nope",
    "key = True",
    "key = 1.",
    "key = .5",
    "key = 01",
    "key = 1__0",
    "key = 0x",
    "key = +inf_",
    "key = 1979-05-27T25:32:00Z",
    "key = 1979-13-27",
    "key = 1979-05-27T07:32:00+25:00",
    'key = "\\q"',
    'key = "\\u12"',
    'key = "\\UFFFFFFFF"',
    'key = "a" "b"',
    "key = 1 2",
    "a.b = 1\na.b.c = 2",
    "a = 1\na.b = 2",
    'key = """a""" b',
    "\tkey\t= 1\n[ a . b ]\n[a.b]",
    "key = [[1], 2]",
    "key = { a = 1 }\nkey.b = 2",
    "[a]\nb = 1\n[[a.b]]",
    "key = 12:61:00",
    "key = 1e",
    "key = -0x1",
    "key = [\n1\n2\n]",
    "# comment\n\n[table]\n  key = 'value'\n  [table.sub\n",
]


def cases():
    import datetime

    import toml

    for index, text in enumerate(DOCUMENTS):
        yield f"toml loads {index} {text!r:.30}", lambda t=text: toml.loads(t)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bad.toml"
        path.write_text("name = \n")
        yield "toml load file", lambda: toml.load(str(path))
        yield "toml load list of files", lambda: toml.load([str(path)])
        yield "toml load missing list", lambda: toml.load([str(Path(folder) / "missing.toml")])
        yield "toml load path object", lambda: toml.load(path.open())
    yield from [
        ("toml loads bytes", lambda: toml.loads(b"key = 1")),
        ("toml loads int", lambda: toml.loads(12)),
        ("toml load int", lambda: toml.load(12)),
        ("toml load None", lambda: toml.load(None)),
        ("toml loads _dict", lambda: toml.loads("[a]\nb = 1", _dict=list)),
        ("toml dumps list", lambda: toml.dumps([1, 2])),
        ("toml dumps str", lambda: toml.dumps("key = 1")),
        ("toml dumps object", lambda: toml.dumps({"a": object()})),
        ("toml dumps set", lambda: toml.dumps({"a": {1, 2}})),
        ("toml dumps mixed keys", lambda: toml.dumps({1: 2})),
        ("toml dumps naive time", lambda: toml.dumps({"t": datetime.time(1, 2, tzinfo=datetime.UTC)})),
        ("toml dump to str", lambda: toml.dump({"a": 1}, "file.toml")),
        ("toml dump not dict", lambda: toml.dump([1], io.StringIO())),
        ("toml TomlDecodeError", lambda: toml.TomlDecodeError("x", "doc", 0).__reduce__()),
        ("toml encoder dump_value", lambda: toml.TomlEncoder().dump_value(object())),
        ("toml numpy encoder", lambda: toml.dumps({"a": object()}, encoder=toml.TomlNumpyEncoder())),
        ("toml preserve encoder", lambda: toml.dumps({"a": object()}, encoder=toml.TomlPreserveInlineDictEncoder())),
    ]


if __name__ == "__main__":
    Recorder("toml", ("toml",)).run_all(cases())

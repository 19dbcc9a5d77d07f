"""Raise real errors from tomlkit, one JSON line each (see common.py): broken TOML documents fed to its parser, and
the document API misused (duplicate and missing keys, values TOML cannot hold, bad item constructors)."""

import datetime
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

DOCUMENTS = [
    "a = ",
    "a = 1\na = 2",
    "[a]\n[a]",
    "a = [1,",
    "a = {b = 1",
    'a = "unterminated',
    "a = 'x",
    "a = 1979-05-27T25:00:00",
    "a = 1979-13-01",
    "a = 0x",
    "a = 1__0",
    "a = +inf_",
    "= 1",
    "a.b = 1\na = 2",
    "[[a]]\n[a]",
    "a = tru",
    "a = 01",
    "a = 1.",
    "a = .1",
    "a = 1e",
    'a = "\\q"',
    'a = "\\uD800"',
    'a = """x',
    "a = '''x",
    "[a",
    "[[a]",
    "a = {b = 1,}",
    "a = [1 2]",
    "a = 1 b = 2",
    "a\n= 1",
    "a = 1\n[a]",
    'a = "x\nb"',
    "a = 1979-05-27T07:32:00+25:00",
    "a = 07:32:60",
    "key with space = 1",
    "a = {a = 1, a = 2}",
    '"a = 1',
    "a = 0b2",
    "a = 0o8",
    "[a.]",
    "[.a]",
    "a..b = 1",
    "a = [,]",
    "a = \x00",
    "a = 1\n[a.b]\n[a]\nb = 2",
    "[a]\nb = 1\n[a.b]",
    "a = [1]\n[[a]]",
    "a = { b = 1 }\n[a]",
    "a = 1979-05-27 07:32",
    "a = -0x1",
    "a = 1979-05-27T07:32:00Zjunk",
    'a = "\\U0011FFFF"',
    "a = 9999999999999999999999",
    "a = {b = 1}\na.c = 2",
    "[a]]\n",
    "a = 'x' 'y'",
    "\ufeffa = \u2603",
]


def cases():
    import tomlkit
    from tomlkit import items

    for source in DOCUMENTS:
        yield f"tomlkit parse {source!r}", lambda s=source: tomlkit.parse(s)

    def duplicate():
        doc = tomlkit.document()
        doc.add("a", 1)
        doc.add("a", 2)

    def duplicate_table():
        table = tomlkit.table()
        table.add("a", 1)
        table.add("a", 2)

    def remove_missing():
        doc = tomlkit.parse("a = 1")
        doc.remove("b")

    def append_to_inline():
        inline = tomlkit.inline_table()
        inline.append("a", tomlkit.table())

    def aot_wrong():
        aot = tomlkit.aot()
        aot.append(1)

    def array_multiline_bad():
        array = tomlkit.array()
        array.add_line(1, indent="x")

    yield from [
        ("tomlkit duplicate key", duplicate),
        ("tomlkit duplicate key in table", duplicate_table),
        ("tomlkit missing key", lambda: tomlkit.parse("a = 1")["b"]),
        ("tomlkit missing nested key", lambda: tomlkit.parse("[a]\nb = 1")["a"]["c"]),
        ("tomlkit remove missing", remove_missing),
        ("tomlkit item object", lambda: tomlkit.item(object())),
        ("tomlkit item set", lambda: tomlkit.item({1, 2})),
        ("tomlkit dumps object", lambda: tomlkit.dumps({"a": object()})),
        ("tomlkit dumps list", lambda: tomlkit.dumps([1, 2])),
        ("tomlkit integer text", lambda: tomlkit.integer("x")),
        ("tomlkit float text", lambda: tomlkit.float_("x")),
        ("tomlkit date text", lambda: tomlkit.date("2020-13-45")),
        ("tomlkit time text", lambda: tomlkit.time("25:00")),
        ("tomlkit datetime text", lambda: tomlkit.datetime("nope")),
        ("tomlkit value text", lambda: tomlkit.value("[1,")),
        ("tomlkit value trailing", lambda: tomlkit.value("1 2")),
        ("tomlkit key empty", lambda: tomlkit.key([])),
        ("tomlkit inline append table", append_to_inline),
        ("tomlkit aot append int", aot_wrong),
        ("tomlkit array add_line", array_multiline_bad),
        ("tomlkit string newline", lambda: tomlkit.string("a\nb", literal=True)),
        ("tomlkit string escape", lambda: tomlkit.string("a'''b", literal=True, multiline=True)),
        ("tomlkit item tz", lambda: tomlkit.item(datetime.datetime.now().astimezone()).as_string().nope),
        ("tomlkit loads bytes", lambda: tomlkit.loads(b"a = 1")),
        ("tomlkit key bare bad", lambda: items.SingleKey("a b", t=items.KeyType.Bare).as_string().nope),
        ("tomlkit item nested object", lambda: tomlkit.item({"a": [object()]})),
    ]


if __name__ == "__main__":
    Recorder("tomlkit", ("tomlkit",)).run_all(cases())

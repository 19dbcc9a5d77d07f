"""Raise real errors from tomli, one JSON line each (see common.py): TOML documents its parser rejects (keys, tables
and arrays of tables declared twice, bad strings, escapes, numbers, dates, arrays and inline tables) and the API
misused (text for bytes, a file opened in text mode, a parse_float that returns a container); written from tomli's
documentation and the TOML specification as a user would write them (held-out: see SPLIT.md, third split)."""

import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

DOCUMENTS = [
    "key",
    "key =",
    "= 1",
    "key = 1 2",
    "key = 1\nkey = 2",
    "a.b = 1\na.b.c = 2",
    "a = 1\n[a]",
    "[a]\n[a]",
    "[a]\nb = 1\n[a.b]",
    "[[a]]\n[a]",
    "[a]\n[[a]]",
    "a = [1]\n[[a]]",
    "a = {b = 1}\n[a]",
    "a = {b = 1}\na.c = 2",
    "a = {b = 1, b = 2}",
    "a = {b = 1, b.c = 2}",
    "a = {b = 1,}",
    "a = {b = 1",
    "a = {b = 1\n}",
    "a = [1, 2",
    "a = [1 2]",
    "a = [,]",
    "[a",
    "[[a]",
    "[a]]",
    "[]",
    "a = 'unterminated",
    'a = "unterminated',
    'a = """unterminated',
    "a = '''unterminated",
    'a = "bad \\q escape"',
    'a = "\\u12"',
    'a = "\\uD800"',
    'a = "\\U00110000"',
    'a = "tab\x01"',
    "a = 'line\nbreak'",
    "a = 1979-13-27",
    "a = 1979-05-27T25:00:00",
    "a = 1979-02-30",
    "a = 07:32:61",
    "a = 0x",
    "a = 01",
    "a = 1__0",
    "a = +inf1",
    "a = nan2",
    "a = .5",
    "a = 1.",
    "a = 1e",
    "a = tru",
    "a = True",
    "a = null",
    "a = 1 # ok\nb = \x7f",
    "a = 1\n\x00",
    "a b = 1",
    "a. = 1",
    ".a = 1",
    "a..b = 1",
    "'a\nb' = 1",
    "[a.'b]",
    "a = 1 [b]",
    "# comment \x08",
]


def cases():
    import tomli

    for document in DOCUMENTS:
        yield f"tomli loads {document!r:.30}", lambda d=document: tomli.loads(d)
        yield f"tomli load {document!r:.30}", lambda d=document: tomli.load(io.BytesIO(d.encode()))
    yield from [
        ("tomli loads bytes", lambda: tomli.loads(b"a = 1")),
        ("tomli loads none", lambda: tomli.loads(None)),
        ("tomli load text file", lambda: tomli.load(io.StringIO("a = 1"))),
        ("tomli load path", lambda: tomli.load("pyproject.toml")),
        ("tomli parse_float dict", lambda: tomli.loads("a = 1.5", parse_float=lambda s: {"v": s})),
        ("tomli parse_float list", lambda: tomli.loads("a = [1.5]", parse_float=list)),
        ("tomli parse_float raises", lambda: tomli.loads("a = 1.5", parse_float=int)),
        ("tomli long key", lambda: tomli.loads(".".join(["k"] * 5000) + " = 1")),
        ("tomli decode error args", lambda: tomli.TOMLDecodeError("msg", "doc")),
        ("tomli decode error kwargs", lambda: tomli.TOMLDecodeError(msg="msg", doc="doc", pos=1, extra=1)),
    ]


if __name__ == "__main__":
    Recorder("tomli", ("tomli",)).run_all(cases())

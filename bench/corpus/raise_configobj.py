"""Raise real errors from configobj, one JSON line each (see common.py): config files it cannot parse (bad sections and
nesting, duplicate keys and sections, unclosed quotes and lists, bad triple quotes), interpolation that loops or
names missing options, `unrepr` values, configspecs that are wrong, values that fail validate.Validator's checks
(types, ranges, lengths, options, lists, unknown checks and bad parameters), and files, reloads and writes misused;
written from configobj's and validate's documentation as a user would use them (held-out: see SPLIT.md, fourth
split)."""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

FILES = [
    "[section\nkey = 1",
    "key = 1\nkey = 2",
    "[a]\n[a]",
    "[a]\n[[b]]\n[[[[c]]]]",
    "[[a]]\nkey = 1",
    "key = 'unclosed",
    'key = "unclosed',
    "key = '''unclosed\nmore",
    'key = """a""" b',
    "key = a, b, 'c",
    "key = a, , b",
    "just a line",
    "= value",
    "key = 1\n  [a]]",
    "[a]\nx = 1\n[[b]\ny = 2",
    "key = '''a''' '''b'''",
]
CHECKS = [
    ("integer", "x"),
    ("integer(0, 9)", "12"),
    ("integer(0, 9)", "-1"),
    ("float", "x"),
    ("float(max=1.5)", "2.0"),
    ("float(min=1.5)", "1.0"),
    ("boolean", "maybe"),
    ("string(min=3)", "ab"),
    ("string(max=3)", "abcd"),
    ("ip_addr", "300.1.1.1"),
    ("ip_addr", "x"),
    ("list(min=2)", ["a"]),
    ("list(max=1)", ["a", "b"]),
    ("int_list", ["1", "x"]),
    ("float_list", "1.0"),
    ("bool_list", ["yes", "maybe"]),
    ("string_list", [1]),
    ("ip_addr_list", ["1.1.1.1", "x"]),
    ("tuple(min=3)", ["a"]),
    ("mixed_list(integer, float)", ["1"]),
    ("mixed_list(integer, float)", ["x", "y"]),
    ("mixed_list(integer, nope)", ["1", "2"]),
    ("option('a', 'b')", "c"),
    ("option('a', 'b')", ["a"]),
    ("nope", "1"),
    ("integer(min=x)", "1"),
    ("integer(0, 9", "1"),
    ("integer(0, default=)", "1"),
    ("integer", None),
    ("force_list", None),
    ("string", 12),
    ("integer(default=x)", None),
    ("pass", None),
]


def cases():
    from configobj import ConfigObj, ConfigObjError, flatten_errors
    from configobj.validate import Validator

    validator = Validator()
    for index, text in enumerate(FILES):
        yield f"configobj parse {index} {text!r:.30}", lambda t=text: ConfigObj(t.splitlines())
        if index % 2 == 0:  # raise_errors=True stops at the first error, from another raise: for half of them
            yield f"configobj parse raise_errors {index}", lambda t=text: ConfigObj(t.splitlines(), raise_errors=True)
    for check, value in CHECKS:
        yield f"configobj check {check} {value!r}", lambda c=check, v=value: validator.check(c, v)
        yield f"configobj check missing {check}", lambda c=check: validator.check(c, None, missing=True)
    # A fixed folder: its name shows in the messages, which stay the same from run to run.
    folder = Path(tempfile.gettempdir()) / "errorkb-corpus-configobj"
    folder.mkdir(exist_ok=True)
    (folder / "app.ini").write_text("name = x\nport = http\n[db]\nhost = 1\n")
    (folder / "bad.ini").write_text("[db\nhost = 1\n")
    (folder / "spec.ini").write_text("name = string\nport = integer(1, 65535)\n[db]\nhost = ip_addr\nuser = string\n")
    (folder / "badspec.ini").write_text("[a\nx = integer\n")
    (folder / "latin.ini").write_bytes("name = caf\xe9\n".encode("latin-1"))

    def validated(text: str, spec: str, preserve_errors: bool = False) -> object:
        config = ConfigObj(text.splitlines(), configspec=spec.splitlines())
        result = config.validate(validator, preserve_errors=preserve_errors)
        if result is not True:
            raise ConfigObjError(f"invalid: {list(flatten_errors(config, result))}")
        return result

    def reloaded(path: Path) -> ConfigObj:
        config = ConfigObj(str(path))
        path.write_text("[broken\n")
        try:
            config.reload()
        finally:
            path.write_text("name = x\n")
        return config

    yield from [
        ("configobj file missing", lambda: ConfigObj(str(folder / "missing.ini"), file_error=True)),
        ("configobj file broken", lambda: ConfigObj(str(folder / "bad.ini"))),
        ("configobj spec broken", lambda: ConfigObj(str(folder / "app.ini"), configspec=str(folder / "badspec.ini"))),
        ("configobj spec missing", lambda: ConfigObj(str(folder / "app.ini"), configspec=str(folder / "nope.ini"))),
        ("configobj validate no spec", lambda: ConfigObj(str(folder / "app.ini")).validate(validator)),
        ("configobj validate not validator", lambda: ConfigObj(["a = 1"], configspec=["a = integer"]).validate(1)),
        ("configobj validate preserve", lambda: validated("port = x", "port = integer", True)),
        ("configobj validate section as value", lambda: validated("[port]\nx = 1", "port = integer")),
        ("configobj validate value as section", lambda: validated("db = 1", "[db]\nhost = string")),
        ("configobj validate unknown check", lambda: validated("a = 1", "a = nope")),
        (
            "configobj validate copy",
            lambda: ConfigObj(["a = 1"], configspec=["a = integer(default=x)"]).validate(validator, copy=True),
        ),
        ("configobj encoding", lambda: ConfigObj(str(folder / "latin.ini"), encoding="utf-8")),
        ("configobj encoding unknown", lambda: ConfigObj(["a = 1"], encoding="nope")),
        ("configobj infile int", lambda: ConfigObj(12)),
        ("configobj infile bytes", lambda: ConfigObj(b"a = 1")),
        ("configobj options unknown", lambda: ConfigObj(["a = 1"], nope=1)),
        ("configobj options and kwargs", lambda: ConfigObj(["a = 1"], options={"nope": 1})),
        ("configobj reload list", lambda: ConfigObj(["a = 1"]).reload()),
        ("configobj reload broken", lambda: reloaded(folder / "reload.ini")),
        ("configobj write no filename", lambda: ConfigObj(["a = 1"]).write(outfile=12)),
        ("configobj unrepr", lambda: ConfigObj(["a = nope("], unrepr=True)),
        ("configobj unrepr name", lambda: ConfigObj(["a = undefined_name"], unrepr=True)),
        ("configobj unrepr section", lambda: ConfigObj(["[a]", "b = [1,"], unrepr=True)),
        ("configobj interpolation missing", lambda: ConfigObj(["a = %(b)s"])["a"]),
        ("configobj interpolation loop", lambda: ConfigObj(["a = %(b)s", "b = %(a)s"])["a"]),
        ("configobj template missing", lambda: ConfigObj(["a = $b"], interpolation="template")["a"]),
        ("configobj template loop", lambda: ConfigObj(["a = $b", "b = $a"], interpolation="template")["a"]),
        ("configobj interpolation unknown", lambda: ConfigObj(["a = %(b)s", "b = 1"], interpolation="nope")["a"]),
        ("configobj interpolation nested", lambda: ConfigObj(["x = %(y)s", "[s]", "a = %(x)s"])["s"]["a"]),
        ("configobj section rename", lambda: ConfigObj(["a = 1"]).rename("nope", "b")),
        ("configobj section key type", lambda: ConfigObj(["a = 1"]).__setitem__(1, "x")),
        ("configobj as_bool", lambda: ConfigObj(["a = maybe"]).as_bool("a")),
        ("configobj as_int", lambda: ConfigObj(["a = x"]).as_int("a")),
        ("configobj as_float", lambda: ConfigObj(["a = x"]).as_float("a")),
        ("configobj as_list missing", lambda: ConfigObj(["a = x"]).as_list("b")),
        ("configobj merge", lambda: ConfigObj(["a = 1"]).merge(12)),
        ("configobj walk raises", lambda: ConfigObj(["a = 1"]).walk(lambda section, key: 1 / 0)),
        ("configobj walk raise_errors", lambda: ConfigObj(["a = 1"]).walk(lambda s, k: 1 / 0, raise_errors=True)),
        ("configobj list_values off", lambda: ConfigObj(["a = 'x"], list_values=False)),
        ("configobj write_empty_values", lambda: ConfigObj(["a = 1"], write_empty_values=True).write(12)),
        ("configobj default_encoding", lambda: ConfigObj([b"a = caf\xe9"], default_encoding="ascii")),
        ("configobj dict value quote", lambda: ConfigObj({"a": "x'''\"\"\"y"}).write()),
        ("configobj dict value newline", lambda: ConfigObj({"a": "x\ny'''\"\"\""}).write()),
        ("configobj dict value list", lambda: ConfigObj({"a": ["x\ny"]}).write()),
        ("configobj dict value int no stringify", lambda: ConfigObj({"a": 1}, stringify=False).write()),
        ("validator check fun", lambda: Validator({"mine": lambda v: 1 / 0}).check("mine", "1")),
        ("validator get_default missing", lambda: validator.get_default_value("integer")),
        ("validator get_default bad", lambda: validator.get_default_value("integer(default=x)")),
    ]


if __name__ == "__main__":
    Recorder("configobj", ("configobj",)).run_all(cases())

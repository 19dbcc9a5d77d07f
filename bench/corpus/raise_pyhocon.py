"""Raise real errors from pyhocon, one JSON line each (see common.py): HOCON documents it rejects (syntax errors,
unresolved or cyclic substitutions, objects and lists concatenated, includes of missing files, bad durations), values
read with the wrong getter (`get_int` of a string, `get_bool` of "maybe", `get_list`, `get_config`), missing keys,
`put`, `pop`, `with_fallback` and `merge_configs` misused, and the converter given what it cannot write; written from
pyhocon's documentation as a user would use it (held-out: see SPLIT.md, eighth split)."""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

# An application's configuration, read below with the wrong getters and keys.
APPLICATION = """
app {
  name = "corpus"
  port = 8080
  ratio = 0.5
  debug = true
  mode = maybe
  hosts = ["a", "b"]
  limits { cpu = 2, memory = 512 MB }
  timeout = 10 seconds
  empty = null
}
"""
# HOCON documents pyhocon rejects, one mistake each.
DOCUMENTS = [
    "a = {",
    "a = [1, 2",
    "a { b = 1 ",
    "a = }",
    "a = 1 }",
    "= 1",
    "a b c",
    'a = "unterminated',
    "a = ${b}",
    "a = ${?b} ${c}",
    "a = ${b}\nb = ${a}",
    "a = ${a}",
    "a = {x: 1} [1, 2]",
    "a = [1] {x: 1}",
    "a = [1, 2] 3",
    "a = {x: 1} 3",
    "a = {x: 1}\nb = ${a} [1]",
    "a = [1]\nb = ${a} {x: 1}",
    "a = 1\nb = ${a} {x: 1}",
    "a = 1\nb = ${a.c}",
    'include "/nonexistent/corpus.conf"',
    'include required("/nonexistent/corpus.conf")',
    'include required(file("/nonexistent/corpus.conf"))',
    'include package("nowhere:corpus.conf")',
    'include package("json:nothing.conf")',
    "a = 10 lightyears\nb = ${a}",
    "a += 1\na = ${a} {x: 1}",
    "a = ${b.c}\nb = 1",
    "a.b = 1\na = ${a.b} {x: 1}",
    "{ a = 1 } }",
    "a = [1, 2,, 3]",
    'a = """never closed',
    "a : : 1",
    "a = ${}",
    "a = ${ b }",
    "a = ${c} 1\na = ${a} 2\nc = ${a}",
    "a = ${a.b} 1\na = ${a} 2",
    'include package("nocolon")',
    'include required(url("file:///nonexistent/corpus.conf"))',
]


def cases():
    from pyhocon import ConfigFactory, ConfigTree, HOCONConverter
    from pyhocon.config_parser import MANDATORY_SUBSTITUTION
    from pyhocon.config_tree import ConfigList, ConfigValues
    from pyhocon.period_parser import parse_period

    def parsed(text, **options):
        return lambda: ConfigFactory.parse_string(text, **options)

    def config():
        return ConfigFactory.parse_string(APPLICATION)

    yield from ((f"pyhocon parse {text!r}", parsed(text)) for text in DOCUMENTS)
    # An include glob matching a file holding an object and one holding a list.
    folder = Path(tempfile.mkdtemp(prefix="corpus-pyhocon-"))
    (folder / "a.conf").write_text("x = 1")
    (folder / "b.conf").write_text("[1, 2]")
    yield ("pyhocon include glob of mixed files", parsed(f'include "{folder}/*.conf"'))
    yield ("pyhocon mandatory substitution", parsed("a = ${?b}", unresolved_value=MANDATORY_SUBSTITUTION))
    yield from [
        ("pyhocon parse unresolved kept", lambda: ConfigFactory.parse_string("a = ${b}", resolve=False).get("a") + 1),
        ("pyhocon parse not a string", lambda: ConfigFactory.parse_string(None)),
        ("pyhocon parse bytes", lambda: ConfigFactory.parse_string(b"a = 1")),
        ("pyhocon parse file missing", lambda: ConfigFactory.parse_file("/nonexistent/application.conf")),
        ("pyhocon parse URL", lambda: ConfigFactory.parse_URL("file:///nonexistent/a.conf", required=True)),
        ("pyhocon from dict", lambda: ConfigFactory.from_dict([("a", 1)])),
        ("pyhocon get missing", lambda: config().get("app.nope")),
        ("pyhocon get missing nested", lambda: config().get("app.limits.disk")),
        ("pyhocon get through value", lambda: config().get("app.port.value")),
        ("pyhocon get through list", lambda: config().get("app.hosts.first")),
        ("pyhocon getitem missing", lambda: config()["app"]["nope"]),
        ("pyhocon attribute missing", lambda: config().app.nope),
        ("pyhocon get empty key", lambda: config().get("")),
        ("pyhocon get int key", lambda: config().get(5)),
        ("pyhocon get_string missing", lambda: config().get_string("app.nope")),
        ("pyhocon get_string of a config", lambda: config().get_string("app.limits")),
        ("pyhocon get_int of a string", lambda: config().get_int("app.name")),
        ("pyhocon get_int of a float", lambda: config().get_int("app.ratio")),
        ("pyhocon get_int of a list", lambda: config().get_int("app.hosts")),
        ("pyhocon get_float of a string", lambda: config().get_float("app.name")),
        ("pyhocon get_float of a config", lambda: config().get_float("app.limits")),
        ("pyhocon get_bool of maybe", lambda: config().get_bool("app.mode")),
        ("pyhocon get_bool of a number", lambda: config().get_bool("app.port")),
        ("pyhocon get_list of a string", lambda: config().get_list("app.name")),
        ("pyhocon get_list of a config", lambda: config().get_list("app.limits")),
        ("pyhocon get_config of a list", lambda: config().get_config("app.hosts")),
        ("pyhocon get_config of a value", lambda: config().get_config("app.port")),
        ("pyhocon get_config of null", lambda: config().get_config("app.empty")),
        ("pyhocon get_int of null", lambda: config().get_int("app.empty")),
        ("pyhocon get_list of null", lambda: config().get_list("app.empty")),
        ("pyhocon put over a value", lambda: config().put("app.port.value", 1)),
        ("pyhocon put append", lambda: config().put("app.name", [1], append=True)),
        ("pyhocon put empty key", lambda: ConfigTree().put("", 1)),
        ("pyhocon put key type", lambda: ConfigTree().put(5, 1)),
        ("pyhocon pop missing", lambda: config().pop("app.nope")),
        ("pyhocon pop through value", lambda: config().pop("app.port.value")),
        ("pyhocon with_fallback string", lambda: config().with_fallback("/nonexistent/fallback.conf")),
        ("pyhocon with_fallback number", lambda: config().with_fallback(5)),
        ("pyhocon merge_configs", lambda: ConfigTree.merge_configs(config(), [1, 2])),
        ("pyhocon ConfigValues", lambda: ConfigValues([1, {"a": 1}], instring=False, loc=0).transform()),
        ("pyhocon ConfigList put", lambda: ConfigList([1]).put("x", 2)),
        ("pyhocon convert format", lambda: HOCONConverter.convert(config(), "toml")),
        ("pyhocon convert to properties", lambda: HOCONConverter.to_properties(ConfigFactory.parse_string("a = [1]"))),
        ("pyhocon convert not a config", lambda: HOCONConverter.to_json(object())),
        ("pyhocon convert_from_file", lambda: HOCONConverter.convert_from_file("/nonexistent/a.conf")),
        ("pyhocon parse_period", lambda: parse_period("10 lightyears")),
        ("pyhocon parse_period empty", lambda: parse_period("")),
        (
            "pyhocon as_plain_ordered_dict",
            lambda: ConfigFactory.parse_string("a = ${?b}", resolve=False).as_plain_ordered_dict(),
        ),
    ]


if __name__ == "__main__":
    Recorder("pyhocon", ("pyhocon",)).run_all(cases())

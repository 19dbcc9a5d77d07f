"""Raise real errors from Python Fire, one JSON line each (see common.py): command lines that small components (a
function, a class, an object with methods, a dict, a list) reject through `fire.Fire(component, command=...)`:
unknown commands and flags, missing and extra arguments, indexes out of range, members that cannot be reached,
`--help`, `--trace`, `--interactive` and `--completion` misused, and its API misused (a command that is neither a
string nor a list, custom parse functions set on what is not a function); written from Fire's documentation as a
user would use it (held-out: see SPLIT.md, seventh split).

Fire reports a rejected command line on stderr and raises `FireExit` (a SystemExit) with the exit code alone, so
most rejected command lines end in one or two raise statements of fire/core.py whose message is "2": Fire holds
few raise statements (about 38, its tests' files left aside)."""

import contextlib
import io
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder


def cases():
    import fire
    from fire import decorators

    def add(x, y=1):
        return x + y

    def greet(name, *, greeting="Hello"):
        return f"{greeting} {name}"

    class Calculator:
        """A calculator from Fire's guide."""

        def __init__(self, offset=0):
            self.offset = offset

        def double(self, number):
            return 2 * number + self.offset

        def divide(self, a, b):
            return a / b

    class Pipeline:
        def __init__(self):
            self.ingestion = {"path": "in.csv"}
            self.stages = ["load", "clean"]

        def run(self):
            return "ok"

    @decorators.SetParseFns(int)
    def strict(value):
        return value

    def fire_quietly(component, command, **kwargs):
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            return fire.Fire(component, command=command, **kwargs)

    command_lines = [
        (add, []),
        (add, ["1", "2", "3"]),
        (add, ["--z", "1"]),
        (add, ["1", "--y"]),
        (greet, ["Ada", "Hi"]),
        (greet, ["--name"]),
        (Calculator, ["triple", "3"]),
        (Calculator, ["double"]),
        (Calculator, ["--offset", "1", "double", "2", "3"]),
        (Calculator, ["divide", "1"]),
        (Calculator(), ["nope"]),
        (Calculator(), ["double", "--number"]),
        ({"a": 1}, ["b"]),
        ({"a": {"b": 1}}, ["a", "c"]),
        ([1, 2, 3], ["5"]),
        ([1, 2, 3], ["x"]),
        (Pipeline, ["stages", "9"]),
        (Pipeline, ["ingestion", "missing"]),
        (Pipeline, ["run", "extra"]),
        ("a string", ["nope"]),
        (42, ["nope"]),
        (add, ["--help"]),
        (Calculator, ["--", "--help"]),
        (Calculator, ["double", "--", "--trace"]),
        (add, ["1", "--", "--separator"]),
        (add, ["--", "--completion", "fish"]),
        (add, ["--", "--verbose", "--nope"]),
        (add, ["--", "--interactive", "--help"]),
        (strict, ["abc"]),
        (Calculator, ["--", "--completion"]),
        (Calculator, ["double", "2", "nope"]),
    ]
    for index, (component, command) in enumerate(command_lines):
        yield (
            f"fire Fire {index} {type(component).__name__} {' '.join(command)}",
            lambda c=component, a=command: fire_quietly(c, a),
        )
    yield from [
        ("fire command int", lambda: fire_quietly(add, 12)),
        ("fire command dict", lambda: fire_quietly(add, {"x": 1})),
        ("fire command string", lambda: fire_quietly(add, "1 2 3")),
        ("fire command bad quotes", lambda: fire_quietly(add, "1 'unterminated")),
        ("fire name", lambda: fire_quietly(add, ["1", "2", "3"], name="adder")),
        ("fire SetParseFn class", lambda: decorators.SetParseFn(int)(Calculator)(0).double("x")),
        ("fire SetParseFns positional", lambda: fire_quietly(decorators.SetParseFns(int, int)(add), ["a", "b"])),
        ("fire SetParseFns named", lambda: fire_quietly(decorators.SetParseFns(y=int)(add), ["1", "--y", "z"])),
        ("fire component raises", lambda: fire_quietly(Calculator, ["divide", "1", "0"])),
        ("fire serialize bad", lambda: fire_quietly(lambda: object(), [], serialize=lambda value: 1 / 0)),
        ("fire serialize not callable", lambda: fire_quietly(lambda: 1, [], serialize="json")),
        ("fire completion from the REPL", lambda: _from_repl(lambda: fire_quietly(add, ["--", "--completion"]))),
        ("fire help from the REPL", lambda: _from_repl(lambda: fire_quietly(add, ["--help"]))),
    ]
    # `python -m fire PATH_OR_MODULE ...`, as its guide runs a file or module with no Fire call in it.
    from fire import __main__ as fire_main

    with tempfile.TemporaryDirectory() as folder:
        text_file = Path(folder) / "notes.txt"
        text_file.write_text("x = 1\n", encoding="utf-8")
        empty_module = Path(folder) / "empty.py"
        empty_module.write_text("def hello(name):\n    return name\n", encoding="utf-8")
        yield from [
            ("fire -m missing file", lambda: fire_main.main(["fire", str(Path(folder) / "missing.py")])),
            ("fire -m text file", lambda: fire_main.main(["fire", str(text_file)])),
            ("fire -m missing module", lambda: fire_main.main(["fire", "corpus_no_such_module"])),
            ("fire -m missing path", lambda: fire_main.main(["fire", str(Path(folder) / "sub" / "x.txt")])),
            ("fire -m module no command", lambda: _quiet(lambda: fire_main.main(["fire", str(empty_module), "nope"]))),
            (
                "fire -m module missing arg",
                lambda: _quiet(lambda: fire_main.main(["fire", str(empty_module), "hello"])),
            ),
        ]


def _quiet(call):
    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        return call()


def _from_repl(call):
    """sys.argv as an interactive interpreter has it (no program name)."""
    saved = sys.argv
    sys.argv = [""]
    try:
        return call()
    finally:
        sys.argv = saved


if __name__ == "__main__":
    Recorder("fire", ("fire",)).run_all(cases())

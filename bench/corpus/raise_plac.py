"""Raise real errors from plac, one JSON line each (see common.py): command lines a plac-built parser rejects (missing
and unrecognised arguments, bad types and choices, unknown subcommands), annotations it cannot use (wrong kinds,
abbreviations on positionals, flags with a default, names it cannot find), command containers misused, and its
Interpreter run on bad commands and scripts; written from plac's documentation as a user would use it (held-out: see
SPLIT.md, fourth split).

plac holds few raise sites (about 20 `raise` and `assert` statements over plac_core.py and plac_ext.py): a
rejected command line is argparse's `error()` (a SystemExit raised in the standard library, whose innermost frame
in plac is a call, not a raise), recorded and not scored."""

import io
import sys
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder


def quiet(call):
    """The call with what plac and argparse print (usage, errors, an Interpreter's output) kept off the script's
    output, whose lines are the records."""

    def run():
        with redirect_stderr(io.StringIO()), redirect_stdout(io.StringIO()):
            return call()

    return run


def cases():
    import plac

    @plac.annotations(path="the file to read", count=("how many", "option", "n", int), verbose=("loud", "flag"))
    def main(path, count=1, verbose=False):
        return path, count, verbose

    @plac.annotations(colour=("a colour", "positional", None, str, ["red", "green"]))
    def choose(colour):
        return colour

    @plac.annotations(number=("a number", "positional", None, int))
    def wants_int(number):
        return number

    @plac.annotations(files="files")
    def varargs(*files):
        return files

    def raises(path):
        raise OSError(f"cannot open {path}")

    class Commands:
        commands = ["add", "remove"]

        def add(self, name):
            return name

        def remove(self, name):
            return name

    class Prefixed:
        commands = ["go"]
        cmdprefix = "."

        def go(self):
            return 1

    class Similar:
        commands = ["add", "addall", "remove"]

        def add(self, name):
            return name

        def addall(self, *names):
            return names

        def remove(self, name):
            return name

    class DashPrefixed:
        commands = ["go"]
        cmdprefix = "-"

        def go(self):
            return 1

    class Clash:
        commands = ["help"]

        def help(self, x):
            return x

    @plac.annotations(x=("doc", "nope"))
    def bad_kind(x):
        return x

    @plac.annotations(x=("doc", "positional", "x"))
    def abbrev_positional(x):
        return x

    @plac.annotations(x=("doc", "flag"))
    def flag_default(x=True):
        return x

    @plac.annotations(x=("doc", "flag", "xx"))
    def flag_abbrev(x):
        return x

    @plac.annotations(x=("doc", "option"))
    def option_no_default(x):
        return x

    @plac.annotations(a=("doc", "option", "v"), b=("doc", "option", "v"))
    def same_abbrev(a=1, b=2):
        return a, b

    def keyword_only(*, x):
        return x

    # A fixed folder: its name shows in the messages, which stay the same from run to run.
    folder = Path(tempfile.gettempdir()) / "errorkb-corpus-plac"
    folder.mkdir(exist_ok=True)
    (folder / "script.plac").write_text("#!examples/ishelve.py -c ~/conf.shelve\nnope\n")
    (folder / "module.py").write_text("def main(x):\n    return x\n")
    (folder / "bad_doctest.placet").write_text("i> add x\nwrong output\n")
    yield from [
        ("plac missing positional", lambda: plac.call(main, [])),
        ("plac unrecognised", lambda: plac.call(main, ["a", "b", "c"])),
        ("plac unknown option", lambda: plac.call(main, ["a", "--nope"])),
        ("plac option type", lambda: plac.call(main, ["a", "-n", "x"])),
        ("plac option missing value", lambda: plac.call(main, ["a", "-n"])),
        ("plac choice", lambda: plac.call(choose, ["blue"])),
        ("plac positional type", lambda: plac.call(wants_int, ["x"])),
        ("plac varargs option", lambda: plac.call(varargs, ["--x"])),
        ("plac function raises", lambda: plac.call(raises, ["/nope"])),
        ("plac unknown command", lambda: plac.call(Commands(), ["nope"])),
        ("plac command missing argument", lambda: plac.call(Commands(), ["add"])),
        ("plac command abbreviation", lambda: plac.call(Commands(), ["a", "b", "c"])),
        ("plac command prefix", lambda: plac.call(Prefixed(), [".nope"])),
        ("plac command prefix taken", lambda: plac.call(DashPrefixed(), ["-go"])),
        ("plac command ambiguous", lambda: plac.call(Similar(), ["ad", "x"])),
        ("plac command abbreviation unknown", lambda: plac.call(Similar(), ["x", "y"])),
        ("plac command help clash", lambda: plac.call(Clash(), ["help", "x"])),
        ("plac no commands", lambda: plac.call(Commands(), [])),
        ("plac bad kind", lambda: plac.call(bad_kind, ["x"])),
        ("plac abbrev on positional", lambda: plac.call(abbrev_positional, ["x"])),
        ("plac flag default", lambda: plac.call(flag_default, [])),
        ("plac flag abbrev", lambda: plac.call(flag_abbrev, [])),
        ("plac option without default", lambda: plac.call(option_no_default, [])),
        ("plac same abbreviation", lambda: plac.call(same_abbrev, [])),
        ("plac keyword only", lambda: plac.call(keyword_only, ["x"])),
        ("plac not callable", lambda: plac.call(12, [])),
        ("plac builtin", lambda: plac.call(len, ["x"])),
        ("plac class", lambda: plac.call(int, ["x"])),
        ("plac arglist string", lambda: plac.call(main, "a -n x")),
        ("plac parser_from int", lambda: plac.parser_from(12)),
        ("plac parser_from prefix", lambda: plac.parser_from(Prefixed(), cmdprefix="-")),
        ("plac annotations bad", lambda: plac.call(plac.annotations(y=("doc",))(main), ["a"])),
        ("plac opt helper", lambda: plac.call(plac.pos("x")(main), ["a"])),
        ("plac import_main missing", lambda: plac.import_main(str(folder / "missing.py"))),
        ("plac import_main no main", lambda: plac.import_main(str(folder / "script.plac"))),
        ("plac import_main args", lambda: plac.import_main(str(folder / "module.py"), "a", "b")),
        ("plac interpreter not started", lambda: plac.Interpreter(Commands()).send("add x")),
        ("plac interpreter call", lambda: plac.Interpreter.call(main)),
        ("plac interpreter doctest", lambda: plac.Interpreter(Commands()).doctest(open(folder / "bad_doctest.placet"))),
        ("plac interpreter execute", lambda: plac.Interpreter(Commands()).execute(["nope"])),
        ("plac interpreter execute missing", lambda: list(plac.Interpreter(Commands()).execute(["add"]))),
        ("plac interpreter with", lambda: run_interpreter(plac, Commands(), "nope")),
        ("plac interpreter with missing", lambda: run_interpreter(plac, Commands(), "add")),
        ("plac runp", lambda: plac.runp([lambda: 1 / 0])[0].result),
        ("plac runp not callable", lambda: plac.runp([1])[0].result),
        ("plac Monitor", lambda: plac.Monitor("m").add_listener(1)),
    ]


def run_interpreter(plac, obj, line):
    with plac.Interpreter(obj) as interpreter:
        return interpreter.check(line, "x")


if __name__ == "__main__":
    recorder = Recorder("plac", ("plac.py", "plac_core.py", "plac_ext.py", "plac_tk.py"))
    recorder.run_all((case, quiet(call)) for case, call in cases())

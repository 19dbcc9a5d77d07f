"""Raise real errors from argh, one JSON line each (see common.py): functions it cannot turn into commands (`@arg`
naming an argument the function lacks, conflicting or repeated declarations, bad name mapping policies, defaults it
cannot type, commands added twice or to a parser that has a default command), command lines it rejects (missing and
unknown arguments, bad types and choices, unknown commands), CommandError and wrapped errors raised by a command,
and its helpers misused; written from argh's documentation as a user would use it (held-out: see SPLIT.md, fifth
split).

argh holds few raise sites (17 `raise` and `assert` statements): a rejected command line is argparse's `error()`
(a SystemExit raised in the standard library, whose innermost frame in argh is a call, not a raise), recorded and
not scored."""

import io
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder


def quiet(call):
    """The call with what argh and argparse print (usage, errors, a command's output) kept off the script's output,
    whose lines are the records."""

    def run():
        with redirect_stderr(io.StringIO()), redirect_stdout(io.StringIO()):
            return call()

    return run


def cases():
    import argh

    def greet(name: str, count: int = 1, *, loud: bool = False) -> str:
        return name * count

    def tidy(name: str, *, count: int = 1, loud: bool = False) -> str:
        return name * count

    def needs_option(*, token):
        return token

    def fail(value):
        raise argh.CommandError(f"cannot use {value}")

    @argh.wrap_errors([ValueError])
    def parse(value):
        return int(value)

    @argh.wrap_errors([KeyError], processor=lambda error: f"no such key: {error}")
    def lookup(key):
        return {}[key]

    # argh's output and error files default to the sys.stdout and sys.stderr of import time: given here.
    def files():
        return {"output_file": io.StringIO(), "errors_file": io.StringIO()}

    def dispatch(function, argv):
        return argh.dispatch_command(function, argv=argv, **files())

    def dispatch_many(functions, argv):
        return argh.dispatch_commands(functions, argv=argv, **files())

    def assemble(function, **options):
        parser = argh.ArghParser()
        parser.set_default_command(function, **options)
        return parser

    def extended(*declarations):
        def command(alpha, beta=1):
            return alpha

        for args, kwargs in declarations:
            command = argh.arg(*args, **kwargs)(command)
        return command

    yield from [
        ("argh arg unknown positional", lambda: assemble(extended((("gamma",), {})))),
        ("argh arg unknown option", lambda: assemble(extended((("--gamma",), {})))),
        ("argh arg positional as option", lambda: assemble(extended((("--alpha",), {})))),
        ("argh arg option as positional", lambda: assemble(extended((("beta",), {})))),
        ("argh arg twice", lambda: assemble(extended((("alpha",), {"help": "a"}), (("alpha",), {"help": "b"})))),
        ("argh arg no name", lambda: assemble(extended(((), {"help": "x"})))),
        ("argh arg bad dest", lambda: assemble(extended((("-a", "--alpha-x"), {})))),
        ("argh arg bad kwargs", lambda: assemble(extended((("alpha",), {"nope": 1})))),
        ("argh arg bad action", lambda: assemble(extended((("--beta",), {"action": "nope"})))),
        ("argh arg bad type", lambda: assemble(extended((("--beta",), {"type": "int"})))),
        ("argh arg choices", lambda: assemble(extended((("--beta",), {"choices": 1})))),
        ("argh arg nargs", lambda: assemble(extended((("alpha",), {"nargs": 0})))),
        ("argh policy unknown", lambda: assemble(greet, name_mapping_policy="nope")),
        (
            "argh policy legacy kwonly",
            lambda: assemble(greet, name_mapping_policy=argh.NameMappingPolicy.BY_NAME_IF_HAS_DEFAULT),
        ),
        ("argh positional with default", lambda: assemble(greet)),
        ("argh positional with default commands", lambda: argh.ArghParser().add_commands([greet])),
        ("argh kwonly without default", lambda: assemble(needs_option)),
        (
            "argh kwonly without default by name",
            lambda: assemble(needs_option, name_mapping_policy=argh.NameMappingPolicy.BY_NAME_IF_HAS_DEFAULT),
        ),
        ("argh default command twice", lambda: assemble(tidy).set_default_command(tidy)),
        ("argh add commands after default", lambda: assemble(tidy).add_commands([fail])),
        (
            "argh default command after commands",
            lambda: (lambda p: (p.add_commands([tidy]), p.set_default_command(fail)))(argh.ArghParser()),
        ),
        ("argh add commands same name", lambda: argh.ArghParser().add_commands([tidy, tidy])),
        (
            "argh add commands group twice",
            lambda: argh.ArghParser().add_commands([tidy], group_name="g", group_kwargs={"x": 1}),
        ),
        ("argh arg dest mismatch", lambda: assemble(extended((("--beta",), {"dest": "gamma"})))),
        ("argh arg two positionals", lambda: assemble(extended((("alpha", "beta"), {})))),
        ("argh arg option and positional", lambda: assemble(extended((("alpha", "--alpha"), {})))),
        ("argh arg default conflicts", lambda: assemble(extended((("--beta",), {"default": "x", "type": int})))),
        ("argh dispatch wrong kwonly", quiet(lambda: dispatch(tidy, ["bob", "--count", "x"]))),
        (
            "argh dispatch command error code",
            quiet(lambda: dispatch(lambda: (_ for _ in ()).throw(argh.CommandError("no", code=3)), [])),
        ),
        ("argh add commands not callable", lambda: argh.ArghParser().add_commands(["greet"])),
        ("argh add commands group bad kwargs", lambda: argh.ArghParser().add_commands([greet], group_kwargs={"x": 1})),
        (
            "argh add commands namespace kwargs",
            lambda: argh.ArghParser().add_commands([greet], namespace_kwargs={"title": "x"}),
        ),
        ("argh add subcommands nested", lambda: argh.ArghParser().add_subcommands("x", [greet], help="h", nope=1)),
        ("argh named not string", lambda: assemble(argh.named(12)(greet))),
        ("argh aliases", lambda: argh.ArghParser().add_commands([argh.aliases("g", "g")(greet)])),
        ("argh set_default_command lambda", lambda: assemble(lambda *args, **kwargs: None)),
        ("argh set_default_command class", lambda: assemble(object)),
        ("argh set_default_command None", lambda: assemble(None)),
        ("argh dispatch missing", quiet(lambda: dispatch(greet, []))),
        ("argh dispatch bad int", quiet(lambda: dispatch(greet, ["bob", "x"]))),
        ("argh dispatch unknown option", quiet(lambda: dispatch(greet, ["bob", "--nope"]))),
        ("argh dispatch too many", quiet(lambda: dispatch(greet, ["bob", "1", "2"]))),
        ("argh dispatch command error", quiet(lambda: dispatch(fail, ["x"]))),
        ("argh dispatch wrapped ValueError", quiet(lambda: dispatch(parse, ["x"]))),
        ("argh dispatch wrapped KeyError", quiet(lambda: dispatch(lookup, ["x"]))),
        ("argh dispatch unwrapped", quiet(lambda: dispatch(lambda value: 1 / 0, ["x"]))),
        ("argh dispatch commands unknown", quiet(lambda: dispatch_many([greet, fail], ["nope"]))),
        ("argh dispatch commands none", quiet(lambda: dispatch_many([greet, fail], []))),
        ("argh dispatch commands error", quiet(lambda: dispatch_many([greet, fail], ["fail", "x"]))),
        ("argh dispatch no commands", quiet(lambda: argh.dispatch(argh.ArghParser(), argv=[], **files()))),
        ("argh dispatch output file", lambda: argh.dispatch_command(greet, argv=["bob"], output_file="out.txt")),
        ("argh dispatch bad argv", quiet(lambda: dispatch(greet, "bob"))),
        ("argh dispatch old kwargs", lambda: argh.dispatch_command(greet, argv=["bob"], completion=False, **files())),
        (
            "argh dispatch raw output",
            quiet(lambda: argh.dispatch_command(greet, argv=["bob"], raw_output=True, **files())),
        ),
        ("argh parse_and_resolve", lambda: argh.ArghParser().parse_and_resolve(12)),
        ("argh run_endpoint_function", lambda: argh.dispatching.run_endpoint_function(None, None)),
        ("argh confirm non-interactive", quiet(lambda: argh.confirm("Delete?", default=None, skip=False))),
        ("argh safe_input", lambda: argh.interaction.safe_input(12)),
        ("argh CommandError", lambda: argh.dispatching._execute_command(fail, argh.ArghNamespace(), [])),
        ("argh EntryPoint call unnamed", lambda: argh.EntryPoint()(lambda: None) and argh.EntryPoint()()),
        ("argh EntryPoint empty", quiet(lambda: argh.EntryPoint("app")())),
        ("argh EntryPoint duplicate", lambda: (lambda e: (e(greet), e(greet), e()))(argh.EntryPoint("app"))),
        ("argh completion", lambda: argh.completion.autocomplete(argh.ArghParser(), allow_warnings=1)),
    ]


if __name__ == "__main__":
    Recorder("argh", ("argh",)).run_all((case, quiet(call)) for case, call in cases())

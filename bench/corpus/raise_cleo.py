"""Raise real errors from cleo, one JSON line each (see common.py): command lines an application rejects (unknown
commands and namespaces, ambiguous abbreviations, unknown long and short options, options missing their value or given
one they do not take, too many and missing arguments), commands, arguments and options defined wrongly (defaults on
required arguments and flags, arguments after list arguments, duplicate names and shortcuts), inputs asked for what
they lack, output styles, colors and tags the formatter does not know, tables, progress bars and indicators misused,
questions answered with invalid choices, and the completions command given an unknown shell; written from cleo's
documentation as a user would use it (held-out: see SPLIT.md, sixth split).

Applications run with `catch_exceptions(False)` and `auto_exits(False)`, as its testing documentation does, so the
error reaches the caller instead of being rendered."""

import sys
from io import StringIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder


def application():
    from cleo.application import Application
    from cleo.commands.command import Command
    from cleo.helpers import argument, option

    class Greet(Command):
        name = "greet"
        description = "Greets someone"
        arguments = [argument("name", "Who?"), argument("rest", "More", optional=True, multiple=True)]
        options = [
            option("yell", "y", "Yell", flag=True),
            option("times", "t", "How many times", flag=False),
            option("lang", None, "Language", flag=False, value_required=False),
        ]

        def handle(self) -> int:
            self.line(self.argument("name"))
            if self.option("times") == "fail":
                self.argument("nope")
            if self.option("times") == "option":
                self.option("nope")
            if self.option("times") == "style":
                self.line("x", style="nope")
            if self.option("times") == "tag":
                self.line("<fg=nope>x</>")
            if self.option("times") == "call":
                self.call("nope")
            return 0

    class Make(Command):
        name = "make model"
        description = "Makes a model"

        def handle(self) -> int:
            return 0

    class Migrate(Command):
        name = "make migration"

        def handle(self) -> int:
            return 0

    app = Application("demo", "1.0")
    app.auto_exits(False)
    app.catch_exceptions(False)
    for command in (Greet(), Make(), Migrate()):
        app.add(command)
    return app


def run(*argv: str) -> int:
    from cleo.io.inputs.argv_input import ArgvInput
    from cleo.io.outputs.buffered_output import BufferedOutput

    return application().run(ArgvInput(["demo", *argv]), BufferedOutput(), BufferedOutput())


COMMAND_LINES = [
    ("nope",),
    ("gret", "x"),
    ("mak",),
    ("make",),
    ("nope:thing",),
    ("make nope",),
    ("greet",),
    ("greet", "--nope"),
    ("greet", "-z", "x"),
    ("greet", "-yz", "x"),
    ("greet", "x", "--yell=loud"),
    ("greet", "x", "--times"),
    ("greet", "x", "-t"),
    ("make model", "extra"),
    ("make", "model", "extra", "more"),
    ("greet", "x", "--times", "fail"),
    ("greet", "x", "--times", "option"),
    ("greet", "x", "--times", "style"),
    ("greet", "x", "--times", "tag"),
    ("greet", "x", "--times", "call"),
    ("help", "nope"),
    ("list", "nope"),
    ("list", "--format", "nope"),
    ("completions", "nope"),
    ("--nope",),
    ("-q", "--ansi", "--no-ansi", "nope"),
]


def definition_cases():
    from cleo.commands.command import Command
    from cleo.helpers import argument, option
    from cleo.io.inputs.argument import Argument
    from cleo.io.inputs.definition import Definition
    from cleo.io.inputs.option import Option

    yield from [
        ("cleo argument required default", lambda: Argument("a", required=True, default="x")),
        ("cleo argument list default", lambda: Argument("a", required=False, is_list=True, default="x")),
        ("cleo option empty name", lambda: Option("")),
        ("cleo option dashes only", lambda: Option("--")),
        ("cleo option empty shortcut", lambda: Option("name", "-")),
        ("cleo option flag list", lambda: Option("name", flag=True, is_list=True)),
        ("cleo option flag default", lambda: option("name", flag=True, default="x")),
        ("cleo option list default", lambda: Option("name", flag=False, is_list=True, default="x")),
        ("cleo definition duplicate argument", lambda: Definition([argument("a"), argument("a")])),
        ("cleo definition after list", lambda: Definition([argument("a", multiple=True), argument("b")])),
        ("cleo definition required after optional", lambda: Definition([argument("a", optional=True), argument("b")])),
        ("cleo definition duplicate option", lambda: Definition([option("a"), option("a")])),
        ("cleo definition duplicate shortcut", lambda: Definition([option("aa", "a"), option("bb", "a")])),
        ("cleo definition unknown argument", lambda: Definition().argument("nope")),
        ("cleo definition unknown option", lambda: Definition().option("nope")),
        ("cleo definition unknown shortcut", lambda: Definition().option_for_shortcut("n")),
        (
            "cleo command without name",
            lambda: application().add(type("Nameless", (Command,), {"handle": lambda s: 0})()),
        ),
        ("cleo command not implemented", lambda: run_plain(type("Bare", (Command,), {"name": "bare"})(), "bare")),
        ("cleo find empty", lambda: application().find("")),
        ("cleo get unknown", lambda: application().get("nope")),
        ("cleo find_namespace", lambda: application().find_namespace("nope")),
        ("cleo input argument", lambda: input_of("greet", "x").argument("nope")),
        ("cleo input option", lambda: input_of("greet", "x").option("nope")),
        ("cleo input set_argument", lambda: input_of("greet", "x").set_argument("nope", 1)),
        ("cleo input set_option", lambda: input_of("greet", "x").set_option("nope", 1)),
        ("cleo input validate", lambda: input_of("greet").validate()),
    ]


def input_of(*argv: str):
    from cleo.io.inputs.argv_input import ArgvInput

    command = application().find("greet")
    parsed = ArgvInput(["demo", *argv])
    parsed.bind(command.definition)
    return parsed


def run_plain(command, name):
    from cleo.application import Application
    from cleo.io.inputs.argv_input import ArgvInput
    from cleo.io.outputs.buffered_output import BufferedOutput

    app = Application()
    app.auto_exits(False)
    app.catch_exceptions(False)
    app.add(command)
    return app.run(ArgvInput(["demo", name]), BufferedOutput(), BufferedOutput())


def ui_cases():
    from cleo.color import Color
    from cleo.formatters.formatter import Formatter
    from cleo.formatters.style import Style
    from cleo.formatters.style_stack import StyleStack
    from cleo.io.buffered_io import BufferedIO
    from cleo.ui.choice_question import ChoiceQuestion
    from cleo.ui.progress_bar import ProgressBar
    from cleo.ui.progress_indicator import ProgressIndicator
    from cleo.ui.table import Table
    from cleo.ui.table_style import TableStyle
    from cleo.ui.ui import UI

    def io(answer: str = "") -> BufferedIO:
        made = BufferedIO()
        made.input.set_stream(StringIO(answer))  # as cleo's testers give a command its user's answers
        return made

    yield from [
        ("cleo color unknown", lambda: Color("nope")),
        ("cleo color background", lambda: Color("red", "nope")),
        ("cleo color hex", lambda: Color("#12345")),
        ("cleo color option", lambda: Color("red", options=["nope"])),
        ("cleo style option", lambda: Style("red", options=["nope"])),
        ("cleo formatter style", lambda: Formatter().style("nope")),
        ("cleo formatter tag", lambda: Formatter(True).format("<options=nope>x</>")),
        ("cleo style stack pop", lambda: StyleStack().pop(Style("red"))),
        ("cleo table style", lambda: Table(io()).set_style("nope")),
        ("cleo table column style", lambda: Table(io()).column_style(0)),
        ("cleo table style padding", lambda: TableStyle().set_padding_char("")),
        ("cleo table style pad type", lambda: TableStyle().set_pad_type("middle")),
        ("cleo table render bad", lambda: Table(io(), rows=[["a"], "b"]).render()),
        ("cleo progress bar max", lambda: ProgressBar(io(), max=-1).set_max_steps("x")),
        ("cleo progress bar format", lambda: ProgressBar(io()).set_format("%nope%") or ProgressBar(io()).start()),
        ("cleo progress indicator values", lambda: ProgressIndicator(io(), values=["x"])),
        ("cleo progress indicator twice", lambda: started_indicator().start("again")),
        ("cleo progress indicator not started", lambda: ProgressIndicator(io()).advance()),
        ("cleo progress indicator finish", lambda: ProgressIndicator(io()).finish("done")),
        (
            "cleo progress indicator message",
            lambda: ProgressIndicator(io()).set_message("x") or ProgressIndicator(io(), fmt="nope").start("x"),
        ),
        ("cleo question hidden autocomplete", lambda: hidden_with_autocomplete()),
        ("cleo question validator", lambda: question_with_validator(io("bad\nbad\n"))),
        ("cleo choice invalid", lambda: once(ChoiceQuestion("Color?", ["red", "blue"])).ask(io("green\n"))),
        ("cleo choice out of range", lambda: once(ChoiceQuestion("Color?", ["red", "blue"])).ask(io("7\n"))),
        ("cleo choice multiple", lambda: multiple_choice(io("red,green\n"))),
        ("cleo choice ambiguous", lambda: once(ChoiceQuestion("C?", {"a": "same", "b": "same"})).ask(io("same\n"))),
        ("cleo ui unknown", lambda: UI().component("nope")),
        ("cleo ui anonymous", lambda: UI([object()])),
    ]


def once(question):
    """A question asked once: cleo asks again after an invalid answer until its attempts run out."""
    question.set_max_attempts(1)
    return question


def started_indicator():
    from cleo.io.buffered_io import BufferedIO
    from cleo.ui.progress_indicator import ProgressIndicator

    indicator = ProgressIndicator(BufferedIO())
    indicator.start("working")
    return indicator


def hidden_with_autocomplete():
    from cleo.ui.question import Question

    question = Question("Secret?")
    question.hide()
    question.set_autocomplete_values(["a"])


def question_with_validator(io):
    from cleo.ui.question import Question

    def validate(value):
        raise ValueError(f"{value!r} is not a valid name")

    question = Question("Name?")
    question.set_validator(validate)
    question.set_max_attempts(2)
    return question.ask(io)


def multiple_choice(io):
    from cleo.ui.choice_question import ChoiceQuestion

    question = once(ChoiceQuestion("Colors?", ["red", "blue"]))
    question.set_multi_select(True)
    return question.ask(io)


def cases():
    for argv in COMMAND_LINES:
        yield f"cleo run {' '.join(argv)}", lambda a=argv: run(*a)
    yield from definition_cases()
    yield from ui_cases()


if __name__ == "__main__":
    Recorder("cleo", ("cleo",)).run_all(cases())

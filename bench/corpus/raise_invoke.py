"""Raise real errors from invoke, one JSON line each (see common.py): command lines its parser rejects (unknown flags
and tasks, missing values and positional arguments, values given to boolean flags, ambiguous optional values),
commands that fail, time out or are refused by a watcher (`Context.run`), `MockContext` asked for what it was not
given, tasks declared wrongly (`@task` without a context argument, positional and optional at odds), collections built
wrongly (unnamed, duplicate names, no default), configuration files and environment variables it cannot load or cast,
and a task tree that cannot be found; written from invoke's documentation as a user would use it (held-out: see
SPLIT.md, eighth split).

`invoke` on the command line prints a parse error and calls `sys.exit(1)`, so every command line it rejects there is
one `SystemExit`; its tests (and its users') meet the parser's `ParseError` by calling `Parser` directly."""

import contextlib
import io
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

# Command lines the parser below rejects, one mistake each: `deploy` takes a positional `target` and `--retries`
# (an int), `--force` (a flag), `--tag` (an optional value) and `--hosts` (a list).
COMMAND_LINES = [
    ["deploy", "--nope"],
    ["deploy"],
    ["deploy", "web", "--retries"],
    ["deploy", "web", "--force=yes"],
    ["nope"],
    ["deploy", "web", "extra"],
    ["deploy", "web", "--tag", "build"],
    ["--nope", "deploy", "web"],
    ["deploy", "-x", "web"],
    ["deploy", "web", "-rf"],
    ["deploy", "web", "--no-force=1"],
    ["deploy", "web", "--hosts"],
    ["build", "--target"],
    ["build", "--jobs", "--target", "x"],
]


def cases():
    from invoke import (
        Collection,
        Config,
        Context,
        Executor,
        FailingResponder,
        MockContext,
        Program,
        Responder,
        Result,
        call,
        task,
    )
    from invoke.config import merge_dicts
    from invoke.loader import FilesystemLoader
    from invoke.parser import Argument, Parser, ParserContext

    def parser():
        deploy = ParserContext(
            name="deploy",
            args=[
                Argument(names=("target",), positional=True),
                Argument(names=("retries", "r"), kind=int),
                Argument(names=("force", "f"), kind=bool),
                Argument(names=("tag",), optional=True),
                Argument(names=("hosts",), kind=list),
            ],
        )
        build = ParserContext(
            name="build",
            args=[Argument(names=("target",)), Argument(names=("jobs",), kind=int, optional=True)],
        )
        initial = ParserContext(args=[Argument(names=("echo", "e"), kind=bool)])
        return Parser(contexts=[deploy, build], initial=initial)

    def parse(argv):
        return lambda: parser().parse_argv(argv)

    @task
    def hello(c, name="world"):
        pass

    @task(default=True)
    def first(c):
        pass

    def quietly(call_):
        def run():
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                return call_()

        return run

    def program(argv):
        return quietly(lambda: Program(namespace=Collection(hello), name="corpus", version="1.0").run(argv))

    def no_context_task():
        @task
        def broken():
            pass

    def positional_and_optional():
        @task(positional=["name"], optional=["name"])
        def broken(c, name):
            pass

        return broken.get_arguments()

    def unknown_help():
        @task(help={"nope": "no such argument"})
        def documented(c, name):
            pass

        return documented.get_arguments()

    def two_defaults():
        @task(default=True)
        def second(c):
            pass

        return Collection(first, second)

    def loader_in(folder):
        return lambda: FilesystemLoader(start=folder).load("tasks")

    empty = tempfile.mkdtemp(prefix="corpus-invoke-")
    broken_tasks = tempfile.mkdtemp(prefix="corpus-invoke-")
    Path(broken_tasks, "tasks.py").write_text("from invoke import task\n\nraise RuntimeError('broken tasks file')\n")
    ini = Path(tempfile.mkdtemp(prefix="corpus-invoke-"), "invoke.ini")
    ini.write_text("[run]\necho = true\n")
    bad_yaml = Path(tempfile.mkdtemp(prefix="corpus-invoke-"), "invoke.yaml")
    bad_yaml.write_text("run: [echo\n")

    def runtime_config(path):
        def load():
            config = Config(runtime_path=str(path))
            config.load_runtime()

        return load

    def shell_env(environ, defaults):
        def load():
            saved = dict(os.environ)
            os.environ.update(environ)
            try:
                config = Config(defaults=defaults)
                config.load_shell_env()
            finally:
                os.environ.clear()
                os.environ.update(saved)

        return load

    def context():
        return Context(Config(overrides={"run": {"hide": True}}))

    yield from ((f"invoke parse {' '.join(argv)}", parse(argv)) for argv in COMMAND_LINES)
    yield from [
        ("invoke program unknown task", program(["corpus", "nope"])),
        ("invoke program unknown flag", program(["corpus", "hello", "--nope"])),
        ("invoke program bad collection", program(["corpus", "--collection", "nowhere", "hello"])),
        ("invoke program list root", program(["corpus", "--list", "nope"])),
        ("invoke program help of unknown", program(["corpus", "--help", "nope"])),
        ("invoke run failing command", lambda: context().run("exit 3")),
        ("invoke run missing program", lambda: context().run("corpus-no-such-program")),
        ("invoke run timeout", lambda: context().run("sleep 5", timeout=0.2)),
        ("invoke run unknown keyword", lambda: context().run("true", nope=1)),
        ("invoke run hide value", lambda: context().run("true", hide="bogus")),
        ("invoke run pty and in_stream", lambda: context().run("true", pty=True, in_stream=False, hide=True)),
        (
            "invoke run watcher refused",
            lambda: context().run(
                "echo password:; sleep 0.5; echo nope",
                watchers=[FailingResponder(pattern="password:", response="x\n", sentinel="nope")],
            ),
        ),
        (
            "invoke run responder pattern",
            lambda: context().run("echo x", watchers=[Responder(pattern=5, response="x")]),
        ),
        ("invoke mock run unknown", lambda: MockContext(run={"ls": Result("x")}).run("pwd")),
        ("invoke mock run type", lambda: MockContext(run=5)),
        ("invoke mock run exhausted", lambda: [MockContext(run=[Result("x")]).run("ls") for _ in range(2)]),
        ("invoke mock sudo unknown", lambda: MockContext(sudo={"ls": Result("x")}).sudo("pwd")),
        ("invoke mock set_result", lambda: MockContext().set_result_for("nope", "ls", Result("x"))),
        ("invoke context cd", lambda: context().cd(5).__enter__()),
        ("invoke task positional", lambda: task(5, 6)),
        ("invoke task no context", no_context_task),
        ("invoke task positional and optional", positional_and_optional),
        ("invoke task help unknown", unknown_help),
        ("invoke call not a task", lambda: call(5)),
        ("invoke collection insert", lambda: Collection("ns", 5)),
        ("invoke collection unnamed", lambda: Collection().add_collection(Collection())),
        ("invoke collection duplicate task", lambda: Collection(hello).add_task(hello)),
        ("invoke collection duplicate name", lambda: Collection(hello).add_collection(Collection("hello"))),
        ("invoke collection two defaults", two_defaults),
        ("invoke collection no default", lambda: Collection(hello)[""]),
        ("invoke collection unknown task", lambda: Collection(hello)["nope"]),
        ("invoke collection unknown subtask", lambda: Collection(hello)["ns.nope"]),
        ("invoke collection task name", lambda: Collection().add_task(task(lambda c: None))),
        ("invoke collection from_module", lambda: Collection.from_module(os)),
        ("invoke executor unknown task", lambda: Executor(Collection(hello)).execute("nope")),
        ("invoke executor bad call", lambda: Executor(Collection(hello)).execute(("hello", {"nope": 1}))),
        ("invoke loader no tasks", loader_in(empty)),
        ("invoke loader broken tasks", loader_in(broken_tasks)),
        ("invoke config ini", runtime_config(ini)),
        ("invoke config bad yaml", runtime_config(bad_yaml)),
        ("invoke config missing", lambda: Config().nope),
        ("invoke config missing nested", lambda: Config().run.nope),
        ("invoke config delete missing", lambda: delattr(Config(), "nope")),
        ("invoke config merge", lambda: merge_dicts({"run": {"echo": True}}, {"run": 5})),
        ("invoke config merge over value", lambda: merge_dicts({"run": 5}, {"run": {"echo": True}})),
        ("invoke config clone into", lambda: Config().clone(into=dict)),
        ("invoke env uncastable", shell_env({"INVOKE_HOSTS": "a,b"}, {"hosts": ["x"]})),
        ("invoke env uncastable dict", shell_env({"INVOKE_OPTIONS": "a"}, {"options": {"x": 1}})),
        ("invoke env ambiguous", shell_env({"INVOKE_FOO_BAR": "1"}, {"foo_bar": 1, "foo": {"bar": 1}})),
        ("invoke argument name and names", lambda: Argument(name="a", names=("b",))),
        ("invoke argument no name", lambda: Argument()),
        ("invoke argument bad value", lambda: setattr(Argument(names=("n",), kind=int), "value", "x")),
        ("invoke context duplicate argument", lambda: ParserContext(args=[Argument("x"), Argument("x")])),
        ("invoke context help_for unknown", lambda: ParserContext(args=[Argument("x")]).help_for("--nope")),
        ("invoke parser unnamed context", lambda: Parser(contexts=[ParserContext()])),
        ("invoke parser duplicate context", lambda: Parser(contexts=[ParserContext("a"), ParserContext("a")])),
        (
            "invoke parser duplicate alias",
            lambda: Parser(contexts=[ParserContext("a", aliases=("b",)), ParserContext("b")]),
        ),
    ]


if __name__ == "__main__":
    Recorder("invoke", ("invoke",)).run_all(cases())

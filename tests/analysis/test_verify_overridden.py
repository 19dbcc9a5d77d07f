"""A subclass said to meet the error by defining the method that leads to it (issue 29, round 23's card 02): the
only recorded caller of `AppCommand.handle_app_config` is `AppCommand.handle`, so a subclass that "puts its logic in
`handle()`" replaces that caller and never gets there. The claim is dropped with why; a subclass that does not
define it, one that calls `super()`, and a method that is not the caller are kept."""

import json

from kb.analysis import overridden, routes
from kb.analysis.verify import CONTRADICTS, check_answer
from kb.analysis.vocabulary import Vocabulary
from tests.analysis.fake_endpoint import card
from tests.counted_work import python_calls, stall_guard

# Django 5.2.19, reduced: django/core/management/base.py:626-666.
BASE = '''
class AppCommand(BaseCommand):
    """
    Rather than implementing ``handle()``, subclasses must implement
    ``handle_app_config()``, which will be called once for each application.
    """

    def add_arguments(self, parser):
        parser.add_argument("args", metavar="app_label", nargs="+")

    def handle(self, *app_labels, **options):
        app_configs = [apps.get_app_config(app_label) for app_label in app_labels]
        output = []
        for app_config in app_configs:
            app_output = self.handle_app_config(app_config, **options)
            if app_output:
                output.append(app_output)
        return "\\n".join(output)

    def handle_app_config(self, app_config, **options):
        raise NotImplementedError(
            "Subclasses of AppCommand must provide a handle_app_config() method."
        )
'''
# What round 23's request recorded (/work/review/round23ai/req-django_django.jsonl, 2ec577509d61392c).
EVIDENCE = {
    "callers": [{"function": "AppCommand.handle", "line": 656, "level": 1, "guess": False}],
    "entry_points": [
        {"function": "AppCommand.handle_app_config", "kind": "method", "via": []},
        {"function": "AppCommand.handle", "kind": "method", "via": [], "exits_before": True},
        {"function": "AppCommand.execute", "kind": "method", "via": ["AppCommand.handle"], "exits_before": True},
    ],
}
# The answer's two situations, as round 23's model wrote them (out-django_django.jsonl).
FALSE = (
    "Writing a custom management command that subclasses `AppCommand` but puts its logic in `handle()` or "
    "misspells `handle_app_config`."
)
TRUE = "Calling `handle_app_config()` on `AppCommand` itself, or on a subclass that does not define it."


def vocabulary(evidence: dict | None = None) -> Vocabulary:
    known = Vocabulary()
    known.read_code(BASE)
    known.functions.read(BASE, "django/core/management/base.py")
    known.reach = routes.Reach(exception="NotImplementedError")
    known.reach.add_site("AppCommand.handle_app_config", evidence or EVIDENCE)
    return known


def check(text: str, known: Vocabulary | None = None):
    return check_answer(json.loads(card(situations=text)), known or vocabulary())


def test_a_subclass_that_replaces_the_only_caller_is_dropped_with_why() -> None:
    result = check(f"- {FALSE}\n- {TRUE}")
    assert result.sections["situations"] == f"- {TRUE}"
    why = f"{CONTRADICTS} a subclass's own `handle()` replaces `AppCommand.handle`, the way to the raise"
    assert result.dropped == 1 and result.unknown == [why]
    planted = {
        # The same shape, other words.
        "It is raised when a subclass of `AppCommand` overrides `handle()` to do its own work.",
        "A command class derived from `AppCommand` that defines its own `handle()` meets it.",
        "It happens when you subclass `AppCommand` and implement `AppCommand.handle()` instead.",
    }
    for text in planted:
        assert check(text).dropped == 1, text


def test_a_subclass_that_leaves_the_caller_or_calls_super_is_kept() -> None:
    kept = [
        TRUE,
        "It is raised when a command subclasses `AppCommand` without overriding `handle_app_config()` and runs.",
        "A subclass of `AppCommand` that doesn't override `handle()` meets it when it is run.",
        "A subclass of `AppCommand` that does not override `handle()` and leaves out `handle_app_config()` meets it.",
        "A subclass that overrides `handle()` and returns `super().handle()` without defining `handle_app_config()`.",
        "`AppCommand.handle()` calls `handle_app_config()` once for each application.",
        # The bypass itself, said.
        "A subclass of `AppCommand` that overrides `handle()` never gets there, as its own method runs instead.",
        # Another method than the caller.
        "A subclass of `AppCommand` that overrides `add_arguments()` but not `handle_app_config()` meets it.",
    ]
    for text in kept:
        result = check(text)
        assert result.dropped == 0 and result.sections["situations"] == text, text


def test_a_way_in_through_another_caller_keeps_the_claim() -> None:
    # A second recorded caller the claim does not name: the subclass may still get there.
    evidence = {**EVIDENCE, "callers": [*EVIDENCE["callers"], {"function": "Runner.run_all", "level": 1}]}
    assert check(FALSE, vocabulary(evidence)).dropped == 0
    # A module's function as the caller: nothing for a subclass to replace.
    evidence = {"callers": [{"function": "run_commands", "level": 1}], "entry_points": []}
    text = "A subclass of `AppCommand` that overrides `run_commands()` meets it."
    assert overridden.bypassed(text, vocabulary(evidence).reach) == ""


def test_the_reader_runs_in_linear_time_on_a_hostile_answer() -> None:
    reach = vocabulary().reach
    for unit in ["a subclass overrides `handle()` ", "puts its logic in `handle()` `", "`x` not `handle()` "]:
        small, large = unit * (8_000 // len(unit)), unit * (64_000 // len(unit))
        assert python_calls(overridden.bypassed, large, reach) <= 10 * python_calls(overridden.bypassed, small, reach)
        with stall_guard():
            check_answer(json.loads(card(situations=large)), vocabulary())

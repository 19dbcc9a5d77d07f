"""`manage.py analyze` and issue 29's evidence: what the request carries, which entries a run takes (`--entry`),
which tree names are checked against by default, and what a failed repair leaves."""

import json

import pytest
from django.core.management import CommandError

from kb.models import ErrorEntry, HarvestState
from tests.analysis.fake_endpoint import card, completion, error
from tests.analysis.helpers import COLOUR, NEGATIVE, TOO_BIG, answer_all_well, entry_of, run_analyze

DEFINITIONS = [{"name": f"local_{n}", "code": f"size * {n}", "line": 10 + n} for n in range(12)]
NEW_EVIDENCE = {
    "definitions": DEFINITIONS,
    "entry_points": [{"function": "resize_command", "kind": "command", "doc": "Resize a widget from the shell."}],
    "switches": [{"name": "widget_size", "kind": "flag", "declared": "--widget-size", "help": "The size."}],
    "callee_raises": [{"function": "check_size", "exception": "ValueError", "condition": "size > 100" * 200}],
}


def test_the_request_carries_the_new_evidence_capped_and_the_related_errors_by_message(
    widgets_harvest, analysis_endpoint
) -> None:
    entry = entry_of(NEGATIVE)
    site = entry.sites.get()
    site.evidence = {**site.evidence, **NEW_EVIDENCE}
    site.save()
    entry.evidence = {**entry.evidence, "related": [{"id": entry_of(COLOUR).public_id, "why": "sibling"}]}
    entry.save()
    answer_all_well(analysis_endpoint)
    run_analyze("--entry", entry.public_id)
    [request] = analysis_endpoint.received
    evidence = json.loads(request.payload["messages"][1]["content"].split("\n", 1)[1])
    [sent] = evidence["sites"]
    assert [row["name"] for row in sent["definitions"]] == [f"local_{n}" for n in range(8)]
    assert sent["entry_points"][0]["function"] == "resize_command"
    assert sent["switches"][0]["declared"] == "--widget-size"
    assert len(sent["callee_raises"][0]["condition"]) == 600
    colour = entry_of(COLOUR)
    assert evidence["related"] == [
        {"id": colour.public_id, "why": "sibling", "exception_type": colour.exception_type, "message": colour.message}
    ]


def test_the_request_carries_what_bounds_the_claims_exits_above_and_a_method_left_to_subclasses(
    widgets_harvest, analysis_endpoint
) -> None:
    # Round 15 (AI-assisted): "there is no condition" where a method called first only raises, and "always" over
    # early returns, were claims the model could not have known to avoid.
    entry = entry_of(COLOUR)
    site = entry.sites.get()
    facts = {"exits_above": [12, 14], "needs_override": {"method": "palette", "class": "Widget", "line": 15}}
    site.evidence = {**site.evidence, **facts, "caught_here": {}}
    site.save()
    answer_all_well(analysis_endpoint)
    run_analyze("--entry", entry.public_id)
    [request] = analysis_endpoint.received
    [sent] = json.loads(request.payload["messages"][1]["content"].split("\n", 1)[1])["sites"]
    assert {key: sent.get(key) for key in (*facts, "caught_here")} == {**facts, "caught_here": None}
    assert "exits_above" in request.payload["messages"][0]["content"]


def test_the_request_carries_every_fact_the_card_says_of_the_exits_above_and_the_callers_that_catch_it(
    widgets_harvest, analysis_endpoint
) -> None:
    # The card says a `continue` or `break` above leaves the loop, not the call, an exit that raises another error,
    # a loop that met no item, a `try`'s `else`, and the public callers that catch the error (kb/cards/explain.py);
    # the request left those facts out, and the model read every exit as the call's end.
    entry = entry_of(COLOUR)
    site = entry.sites.get()
    facts = {
        "exits_above": [10, 12, 14],
        "exits_continue": [10],
        "exits_break": [12],
        "exits_raising": [14],
        "none_matched": {"line": 9, "return": 11},
        "after_try": {"line": 15},
        "caught_by": [{"function": "Widget.safe_paint", "path": "widgets.py", "line": 30, "does": "returns None"}],
    }
    site.evidence = {**site.evidence, **facts}
    site.save()
    answer_all_well(analysis_endpoint)
    run_analyze("--entry", entry.public_id)
    [request] = analysis_endpoint.received
    [sent] = json.loads(request.payload["messages"][1]["content"].split("\n", 1)[1])["sites"]
    assert {key: sent.get(key) for key in facts} == facts
    system = request.payload["messages"][0]["content"]
    assert all(f'"{fact}"' in system for fact in facts)


def test_the_request_asks_to_hedge_a_way_in_that_may_leave_first_and_carries_why(
    widgets_harvest, analysis_endpoint
) -> None:
    # Round 18 (AI-assisted, false claim 7): "called by `BaseUniqueForValidator.__call__()`, i.e. whenever such a
    # validator runs", where `__call__` first calls `enforce_required_fields()`, which raises.
    entry = entry_of(COLOUR)
    site = entry.sites.get()
    way_in = {"function": "Widget.paint", "kind": "method", "exits_before": True}
    site.evidence = {**site.evidence, "entry_points": [way_in], "exits_looped": [12]}
    site.save()
    answer_all_well(analysis_endpoint)
    run_analyze("--entry", entry.public_id)
    [request] = analysis_endpoint.received
    [sent] = json.loads(request.payload["messages"][1]["content"].split("\n", 1)[1])["sites"]
    assert (sent["entry_points"][0]["exits_before"], sent["exits_looped"]) == (True, [12])
    system = " ".join(request.payload["messages"][0]["content"].split())
    assert 'Never say "whenever", "every time" or "always" of a caller or entry point unless "every_call"' in system
    assert all(f'"{fact}"' in system for fact in ("exits_above", "exits_looped", "exits_before"))
    assert "records no caller and no entry point but" not in system


def test_the_request_says_an_entry_point_hands_on_only_the_arguments_it_names(
    widgets_harvest, analysis_endpoint
) -> None:
    # Round 25 (AI-assisted, false claim 6): deepdiff's `diff` command, recorded with `"arguments": {}` (it calls
    # `DeepDiff(**kwargs)`), was said to pass `multiprocessing` on to the raise.
    entry = entry_of(COLOUR)
    site = entry.sites.get()
    way_in = {"function": "diff", "kind": "command", "via": ["Widget.__init__"], "arguments": {}}
    site.evidence = {**site.evidence, "entry_points": [way_in]}
    site.save()
    answer_all_well(analysis_endpoint)
    run_analyze("--entry", entry.public_id)
    [request] = analysis_endpoint.received
    [sent] = json.loads(request.payload["messages"][1]["content"].split("\n", 1)[1])["sites"]
    assert sent["entry_points"][0]["arguments"] == {}
    system = " ".join(request.payload["messages"][0]["content"].split())
    assert (
        "a tested parameter it does not name is not handed on by that entry point as far as the code shows (left at "
        "its default, or made on the way): never say that entry point passes it or lets the user set it." in system
    )


def test_with_no_way_in_recorded_the_request_asks_not_to_invent_one(widgets_harvest, analysis_endpoint) -> None:
    # Round 19 (AI-assisted, false claims 10, 11 and 20): with no caller or entry point in the evidence, the model
    # filled in a way in of its own (`Area()`, the dummy backend, the `REST_FRAMEWORK` setting) that never gets there.
    entry = entry_of(COLOUR)
    site = entry.sites.get()
    # A public method that raises is its own entry point: it says nothing of what calls it.
    site.evidence = {**site.evidence, "callers": [], "entry_points": [{"function": site.function, "via": []}]}
    site.save()
    answer_all_well(analysis_endpoint)
    run_analyze("--entry", entry.public_id)
    [request] = analysis_endpoint.received
    system = " ".join(request.payload["messages"][0]["content"].split())
    assert "records no caller and no entry point but the function (or its class) itself: do not say how" in system
    assert json.loads(request.payload["messages"][1]["content"].split("\n", 1)[1])["sites"]  # the evidence as before


def test_a_class_whose_constructor_calls_the_raising_method_is_a_way_in(widgets_harvest, analysis_endpoint) -> None:
    # Round 34 (the model's note): django/apps/config.py:16 `AppConfig.__init__` calls `self._path_from_module(
    # app_module)` (line 47), recorded as the entry point `AppConfig` with `"via": []`; the request still told the
    # model that nothing but the function itself reaches the raise, so `AppConfig(name, module)` could not be said.
    entry = entry_of(COLOUR)
    site = entry.sites.get()
    constructor = {"function": "Widget", "kind": "constructor", "via": [], "arguments": {"colour": "colour"}}
    own = {"function": {"name": "Widget._check_colour"}, "callers": []}
    site.evidence = {**site.evidence, **own, "entry_points": [constructor]}
    site.save()
    answer_all_well(analysis_endpoint)
    run_analyze("--entry", entry.public_id)
    [request] = analysis_endpoint.received
    assert "records no caller and no entry point but" not in request.payload["messages"][0]["content"]


def test_a_constructor_s_own_class_is_no_way_in_of_its_own(widgets_harvest, analysis_endpoint) -> None:
    # django/db/models/lookups.py: `Lookup.__init__` raises (round 34, card 16); its class is its own entry point.
    entry = entry_of(COLOUR)
    site = entry.sites.get()
    own = {"function": {"name": "Widget.__init__"}, "callers": []}
    site.evidence = {**site.evidence, **own, "entry_points": [{"function": "Widget", "via": []}]}
    site.save()
    answer_all_well(analysis_endpoint)
    run_analyze("--entry", entry.public_id)
    [request] = analysis_endpoint.received
    assert "records no caller and no entry point but" in " ".join(request.payload["messages"][0]["content"].split())


def test_a_test_s_class_header_and_set_up_reach_the_request(widgets_harvest, analysis_endpoint) -> None:
    # Round 18: a triggering test raised only under its class's `@override_settings(ROOT_URLCONF=None)`; a generated
    # card now shows the test under it, and the model must know it too.
    entry = entry_of(NEGATIVE)
    head = "@override_settings(ROOT_URLCONF=None)\nclass NoRootUrlConfTests(SimpleTestCase):"
    tests = [
        {
            "path": "tests/test_urls.py",
            "line": 9,
            "name": "test_no_handler",
            "code": "self.client.get('/')",
            "head": head,
        },
        {"path": "tests/test_urls.py", "line": 20, "name": "test_set_up", "code": "resize(-1)", "set_up_changes": True},
    ]
    entry.evidence = {**entry.evidence, "tests": tests}
    entry.save()
    answer_all_well(analysis_endpoint)
    run_analyze("--entry", entry.public_id)
    [request] = analysis_endpoint.received
    sent = json.loads(request.payload["messages"][1]["content"].split("\n", 1)[1])["tests"]
    assert [(test.get("head"), test.get("set_up_changes")) for test in sent] == [(head, None), (None, True)]
    assert '"set_up_changes"' in request.payload["messages"][0]["content"]


def test_a_code_span_quoted_verbatim_from_the_evidence_is_kept_and_an_unknown_one_dropped(
    widgets_harvest, analysis_endpoint
) -> None:
    # Round 15 (AI-assisted): a test's time zone, `America/New_York`, was dropped as an unknown name.
    entry = entry_of(NEGATIVE)
    test = {"path": "tests/test_zones.py", "line": 3, "name": "test_zone", "code": 'zone = "America/New_York"'}
    entry.evidence = {**entry.evidence, "tests": [*entry.evidence["tests"], test]}
    entry.save()
    answer = card(
        meaning="`Widget.resize` raises it. The zone test uses `America/New_York`. It also fails in `Europe/Atlantis`."
    )
    analysis_endpoint.answer(NEGATIVE, completion(answer))
    run_analyze("--entry", entry.public_id, "--no-repair")
    assert entry_of(NEGATIVE).assisted["meaning"] == "`Widget.resize` raises it. The zone test uses `America/New_York`."


def test_entry_analyses_only_the_chosen_entries_even_when_already_done(widgets_harvest, analysis_endpoint) -> None:
    answer_all_well(analysis_endpoint)
    run_analyze()
    chosen = entry_of(TOO_BIG).public_id
    output, status = run_analyze("--entry", chosen)
    assert status == 0 and "1 selected, 1 written" in output
    assert [request.marker for request in analysis_endpoint.received[3:]] == [TOO_BIG]
    with pytest.raises(CommandError, match="No entry 0123456789abcdef in acme/widgets"):
        run_analyze("--entry", "0123456789abcdef")


def test_names_are_checked_against_the_tree_the_harvest_recorded(widgets_harvest, analysis_endpoint, tmp_path) -> None:
    (tmp_path / "widgets").mkdir()
    (tmp_path / "widgets" / "shrink.py").write_text("def shrink_widget(size):\n    return size // 2\n")
    repository = entry_of(NEGATIVE).repository
    HarvestState.objects.create(repository=repository, fingerprint="x", figures={"root": str(tmp_path)})
    analysis_endpoint.answer(
        NEGATIVE, completion(card(meaning="`Widget.resize` raises it; `shrink_widget()` halves a `size`."))
    )
    output, _ = run_analyze("--entry", entry_of(NEGATIVE).public_id)
    assert "source files read for checking names: 1" in output
    assert "`shrink_widget()` halves" in entry_of(NEGATIVE).assisted["meaning"]


def test_a_repair_that_fails_leaves_the_first_answers_checked_claims(widgets_harvest, analysis_endpoint) -> None:
    first = card(meaning="`Widget.resize` raises it when `size < 0`. Call `grow_widget()` first.")
    analysis_endpoint.answer(NEGATIVE, completion(first), error(400))
    output, status = run_analyze("--entry", entry_of(NEGATIVE).public_id, "--retries", "0")
    assert status == 0 and "repair requests: 1" in output
    assert entry_of(NEGATIVE).assisted["meaning"] == "`Widget.resize` raises it when `size < 0`."


def test_no_repair_drops_at_once(widgets_harvest, analysis_endpoint) -> None:
    analysis_endpoint.answer(NEGATIVE, completion(card(meaning="`Widget.resize` raises it. Call `grow_widget()`.")))
    output, _ = run_analyze("--entry", entry_of(NEGATIVE).public_id, "--no-repair")
    assert len(analysis_endpoint.received) == 1 and "repair requests: 0" in output
    assert ErrorEntry.objects.get(message=NEGATIVE).assisted["dropped"] == 1


def test_a_section_wholly_verified_in_the_first_answer_is_not_replaced_by_the_repair(
    widgets_harvest, analysis_endpoint
) -> None:
    # Round 26: a true meaning was lost on the way through the repair (which rewrote it, with a name that did not
    # check out), and the page fell back to the generated meaning.
    entry = entry_of(NEGATIVE)
    entry.generated = {**entry.generated, "meaning": "Generated from the code."}
    entry.save()
    meaning = "`Widget.resize` raises it when `size < 0`."
    first = card(meaning=meaning, situations="`resize_command` passes it on. It is retried by `retry_widget()`.")
    repaired = card(
        meaning="`Widget.resize` raises it in `shrink_widget()`.", situations="`resize_command` passes it on."
    )
    analysis_endpoint.answer(NEGATIVE, completion(first), completion(repaired))
    output, status = run_analyze("--entry", entry.public_id)
    assert status == 0 and "repair requests: 1" in output
    entry = entry_of(NEGATIVE)
    assert entry.shown("meaning").markdown == meaning and entry.shown("meaning").origin == "ai-assisted"
    assert entry.assisted["situations"] == "`resize_command` passes it on."  # what the repair fixed is the repair's
    assert entry.assisted["dropped"] == 0

"""The card's sections written from harvest's evidence (cards.explain): templates filled from the code, no invention."""

import ast
import textwrap

import pytest

from kb.cards.examples import scenario
from kb.cards.explain import generate_sections
from kb.harvest.reading.conditions import conditions, parents_of
from kb.models import ErrorEntry, RaiseSite
from kb.text.markdown import render_markdown
from tests.factories import ErrorEntryFactory, RaiseSiteFactory, RepositoryFactory

COMMIT = "0123456789abcdef0123456789abcdef01234567"


# A message that states no rule of its own: the solutions these tests look at come from the code alone.
PLAIN_MESSAGE = "Widget size out of range: -1"


def entry_with(evidence: dict | None = None, **fields) -> ErrorEntry:
    repository = RepositoryFactory.build(owner="django", name="django", url="https://github.com/django/django")
    fields = {"message": PLAIN_MESSAGE, **fields}
    return ErrorEntryFactory.build(
        repository=repository, exception_type="ValueError", analysed_commit=COMMIT, evidence=evidence or {}, **fields
    )


def site_with(entry: ErrorEntry, evidence: dict, **fields) -> RaiseSite:
    fields = {"path": "django/db/models/expressions.py", "line": 120, "function": "Func.__init__", **fields}
    return RaiseSiteFactory.build(entry=entry, commit=COMMIT, evidence=evidence, **fields)


def func_evidence(**changes) -> dict:
    """`Func.__init__` raising when it is given fewer than two expressions, as harvest describes it."""
    return {
        "conditions": [
            {
                "kind": "if",
                "code": "len(expressions) < 2",
                "sentence": "`expressions` has fewer than 2 items",
                "line": 119,
            },
        ],
        "under_condition": True,
        "values": [{"placeholder": "count", "expression": "len(expressions)"}],
        "parameters": ["expressions"],
        "function": {
            "name": "Func.__init__",
            "class": "Func",
            "signature": "(self, *expressions)",
            "doc": "An SQL function call.",
        },
        "callers": [
            {
                "function": "Coalesce.__init__",
                "path": "django/db/models/functions/comparison.py",
                "line": 70,
                "level": 1,
                "guess": False,
            },
            {
                "function": "Greatest.__init__",
                "path": "django/db/models/functions/comparison.py",
                "line": 90,
                "level": 2,
                "guess": True,
            },
        ],
        **changes,
    }


def entry_tests_and_docs() -> dict:
    return {
        "tests": [
            {
                "path": "tests/expressions/tests.py",
                "line": 812,
                "name": "FuncTests.test_too_few_expressions",
                "assertion": "assertRaisesMessage",
                "how": "message",
                "start": 810,
                "code": "    def test_too_few_expressions(self):\n"
                "        with self.assertRaisesMessage(ValueError, 'at least 2'):\n"
                "            Coalesce('a')\n",
            },
        ],
        "docs": [
            {
                "path": "docs/ref/models/expressions.txt",
                "line": 44,
                "text": "Coalesce takes *at least* two.",
                "term": "Coalesce",
            }
        ],
    }


def generated_for(evidence: dict, entry_evidence: dict | None = None, **site_fields) -> dict:
    entry = entry_with(entry_evidence)
    return generate_sections(entry=entry, sites=[site_with(entry, evidence, **site_fields)])


def test_the_meaning_names_the_public_entry_point_and_the_condition_in_the_reader_s_terms():
    meaning = generated_for(func_evidence())["meaning"]
    assert meaning.startswith("`Func()` was called with an `expressions` that has fewer than 2 items.")
    assert "`Func()` is documented as: “An SQL function call\\.”" in meaning


def test_the_trigger_lists_each_condition_as_code_and_sentence_under_its_site_s_pinned_line():
    html = render_markdown(generated_for(func_evidence())["trigger"])
    assert "the <code>expressions</code> argument has fewer than 2 items (line 119)" in html
    assert f"https://github.com/django/django/blob/{COMMIT}/django/db/models/expressions.py#L" in html
    assert "In the message, <code>{count}</code> is <code>len(expressions)</code>." in html


def test_a_line_raised_unconditionally_says_so():
    evidence = func_evidence(conditions=[], under_condition=False, values=[])
    generated = generated_for(evidence)
    assert generated["meaning"].startswith("Calling `Func()` raises this whenever that line runs.")
    assert "whenever that line runs" in generated["trigger"]


def test_no_caller_is_shown_a_guessed_one_least_of_all():
    # A caller passes values of its own: it reaches the function, not always this error. The evidence keeps them.
    situations = generated_for(func_evidence()).get("situations", "")
    assert "Coalesce" not in situations and "Greatest" not in situations and "guess" not in situations


def test_the_triggering_tests_give_readable_scenarios_and_the_test_code_pinned():
    generated = generated_for(func_evidence(), entry_tests_and_docs())
    assert (
        "- the repository's test `FuncTests.test_too_few_expressions` raises it ([`tests/expressions/tests.py`"
        in (generated["situations"])
    )
    how = generated["how_to_trigger"]
    assert how.startswith(
        f"From [`tests/expressions/tests.py` line 810](https://github.com/django/django/blob/{COMMIT}/"
        "tests/expressions/tests.py#L810) (`FuncTests.test_too_few_expressions`):"
    )
    # Dedented, fenced as Python, rendered highlighted.
    assert "```python\ndef test_too_few_expressions(self):\n    with self.assertRaisesMessage" in how
    assert 'class="highlight"' in render_markdown(how)


def test_a_test_asserting_the_message_is_shown_before_one_that_only_matches_the_type():
    tests = [
        {"path": "tests/a.py", "line": 5, "name": "T.test_by_type", "how": "type-and-call", "code": "by_type()"},
        {"path": "tests/b.py", "line": 9, "name": "T.test_by_message", "how": "message", "code": "by_message()"},
    ]
    how = generated_for(func_evidence(), {"tests": tests})["how_to_trigger"]
    assert how.index("by_message()") < how.index("by_type()")


def test_documentation_lists_each_mention_pinned_with_its_text_escaped():
    html = render_markdown(generated_for(func_evidence(), entry_tests_and_docs())["documentation"])
    assert f'href="https://github.com/django/django/blob/{COMMIT}/docs/ref/models/expressions.txt#L44"' in html
    assert "(mentions <code>Coalesce</code>): “Coalesce takes *at least* two.”" in html
    assert "<em>" not in html


def test_a_condition_on_a_parameter_of_a_public_function_says_what_to_pass_instead():
    assert generated_for(func_evidence())["solutions"] == ["Pass at least 2 items as `expressions` to `Func()`."]


@pytest.mark.parametrize(
    ("condition", "solution"),
    [
        ("not isinstance(output_field, Field)", "Pass a `Field` as `output_field` to `Widget.resize()`."),
        ("size >= 10", "Pass `size` less than `10` to `Widget.resize()`."),
        ("mode not in ('a', 'b')", "Pass one of `'a'` or `'b'` as `mode` to `Widget.resize()`."),
        ("name is None", "Pass a value other than `None` as `name` to `Widget.resize()`."),
    ],
)
def test_negated_comparisons_and_isinstance_on_parameters_give_solutions(condition, solution):
    evidence = func_evidence(
        conditions=[{"kind": "if", "code": condition, "sentence": "", "line": 3}],
        parameters=["output_field", "size", "mode", "name"],
        function={"name": "Widget.resize"},
    )
    assert generated_for(evidence)["solutions"] == [solution]


def test_only_the_test_that_decides_to_raise_gives_advice_not_the_path_or_guards_above_it():
    evidence = func_evidence(
        conditions=[
            {"kind": "if", "code": "k < 0", "sentence": "", "line": 4},
            {"kind": "if", "code": "isinstance(k, int)", "sentence": "", "line": 3},
            {"kind": "guard", "code": "isinstance(k, (int, slice))", "sentence": "", "line": 2},
        ],
        parameters=["k"],
        function={"name": "Widget.resize"},
    )
    assert generated_for(evidence)["solutions"] == ["Pass `k` of at least `0` to `Widget.resize()`."]


def test_a_method_reached_by_an_operator_gets_no_advice_on_what_to_pass():
    evidence = func_evidence(
        conditions=[{"kind": "if", "code": "k < 0", "sentence": "", "line": 4}],
        parameters=["k"],
        function={"name": "QuerySet.__getitem__"},
    )
    assert "solutions" not in generated_for(evidence)


def test_a_condition_reading_a_setting_says_which_setting_to_check():
    evidence = func_evidence(conditions=[{"kind": "if", "code": "not settings.USE_TZ", "sentence": "", "line": 5}])
    assert generated_for(evidence)["solutions"] == [
        "Check the `USE_TZ` setting: this is raised only while it is false."
    ]


def test_no_solution_is_made_up_for_private_functions_other_values_or_caught_errors():
    evidence = func_evidence(
        conditions=[
            {"kind": "except", "code": "except KeyError", "sentence": "`KeyError` was raised", "line": 9},
            {"kind": "if", "code": "self.count < limit", "sentence": "", "line": 8},
            {"kind": "if", "code": "len(expressions) < 2", "sentence": "", "line": 7},
        ],
        function={"name": "Func._check"},
    )
    assert "solutions" not in generated_for(evidence)


def test_nothing_is_generated_without_evidence():
    assert generated_for({}) == {}


def test_backticks_and_markup_from_the_code_cannot_break_out_of_their_code_spans():
    evidence = func_evidence(
        conditions=[{"kind": "if", "code": "sep == '``' or x < y", "sentence": "`sep` equals `'``'`", "line": 4}],
        parameters=["sep", "x", "y"],
        function={"name": "Func.__init__", "doc": "Returns <script>alert(1)</script> [x](javascript:y)"},
    )
    generated = generated_for(evidence, {"docs": [{"path": "d.txt", "line": 1, "paragraph": "A `` tick <b>"}]})
    html = render_markdown(generated["trigger"])
    assert "the <code>sep</code> argument equals <code>'``'</code>" in html
    assert "&lt;b&gt;" in render_markdown(generated["meaning"])
    meaning_html = render_markdown(generated["meaning"])
    assert "<script" not in meaning_html and 'href="javascript' not in meaning_html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:y)" in meaning_html


def test_test_code_holding_a_fence_stays_inside_a_longer_one():
    tests = [{"path": "tests/a.py", "line": 1, "name": "T.test_x", "how": "message", "code": "s = '''\n```\n'''"}]
    html = render_markdown(generated_for(func_evidence(), {"tests": tests})["how_to_trigger"])
    assert html.count("<pre>") == 1
    assert "```" in html


def test_scenarios_read_test_names_as_words():
    assert scenario("QuerySetTests.test_negative_index") == "negative index"
    assert scenario("tests/test_x.py::test_empty_list_raises") == "empty list raises"
    assert scenario("T.test") == "test"


def test_sections_from_conditions_harvest_reads_in_real_code():
    source = textwrap.dedent(
        """
        def paginate(items, per_page):
            if not items:
                return []
            if per_page <= 0:
                raise ValueError("per_page must be positive")
            return items[:per_page]
        """
    )
    tree = ast.parse(source)
    raise_node = next(node for node in ast.walk(tree) if isinstance(node, ast.Raise))
    found = conditions(raise_node, parents_of(tree))
    evidence = {
        "conditions": [{"kind": c.kind, "code": c.code, "sentence": c.sentence, "line": c.line} for c in found],
        "under_condition": True,
        "parameters": ["items", "per_page"],
        "function": {"name": "paginate"},
    }
    generated = generated_for(evidence, path="pager.py", line=6, function="paginate")
    # The meaning says what the call was given; the trigger adds that the early exit above must not fire first.
    assert generated["meaning"] == "`paginate()` was called with a `per_page` that is at most `0`."
    assert "no earlier check in `paginate` exits first" in generated["trigger"]
    assert "items" not in generated["trigger"]
    assert generated["solutions"] == ["Pass `per_page` greater than `0` to `paginate()`."]

"""Signature templates: literal parts, placeholders, and a matcher that cannot backtrack."""

import random
import re

import pytest

from errorkb.matching.template import compile_template, match_template
from tests.counted_work import python_calls, stall_guard


def fit(signature: str, text: str) -> dict[str, str] | None:
    template = compile_template(signature)
    assert template is not None
    match = match_template(template, text)
    return None if match is None else match.params


def test_a_template_is_cut_into_literals_and_named_fields():
    template = compile_template("Cannot resolve keyword '{name!r}' into field. Choices are: {choices}")
    assert template.literals == ("Cannot resolve keyword '", "' into field. Choices are: ", "")
    assert template.fields == ("name", "choices")
    assert template.multiline is False


def test_positional_placeholders_are_numbered_like_str_format_and_braces_are_literal():
    template = compile_template("{{literal}} {} and {}")
    assert template.literals == ("{literal} ", " and ", "")
    assert template.fields == ("0", "1")


def test_an_invalid_format_string_compiles_to_none_instead_of_raising():
    assert compile_template("unbalanced { brace") is None


def test_values_are_extracted_by_placeholder_name():
    signature = "Cannot resolve keyword '{name}' into field. Choices are: {choices}"
    text = "Cannot resolve keyword 'titel' into field. Choices are: id, title"
    assert fit(signature, text) == {"name": "titel", "choices": "id, title"}


def test_literals_must_match_exactly_at_both_ends():
    assert fit("No such command '{name}'.", "No such command 'x'") is None
    assert fit("No such command '{name}'.", "Error: No such command 'x'.") is None


def test_a_placeholder_in_a_single_line_template_cannot_cross_a_line():
    assert fit("Invalid URL '{url}': No host supplied", "Invalid URL 'a\nb': No host supplied") is None


def test_a_multi_line_template_lets_placeholders_span_lines():
    assert fit("first {a}\nsecond {b}", "first x\ny\nsecond z") == {"a": "x\ny", "b": "z"}


def test_a_name_used_twice_keeps_its_first_value():
    signature = "Reverse for '{view}' not found. '{view}' is not a valid view function or pattern name."
    text = "Reverse for 'home' not found. 'home' is not a valid view function or pattern name."
    assert fit(signature, text) == {"view": "home"}


def test_pathological_input_is_answered_correctly_in_linear_time():
    # With re, (.*?)ab(.*?)ab...ac(.*?)z on this text backtracks through every placement: practically forever.
    signature = "{}" + "ab{}" * 40 + "ac{}z"
    near_miss = "ab" * 50_000 + "z"
    many = "{}" + "".join(f"x{i}y{{}}" for i in range(500)) + "!"
    with stall_guard():  # a guard only: backtracking would take hours
        assert fit(signature, near_miss) is None
        assert fit(signature, near_miss[:-1] + "acz") is not None
        assert fit(many, "".join(f"x{i}y-" for i in range(500)) * 20 + "?") is None


def _regex(signature: str) -> re.Pattern[str]:
    template = compile_template(signature)
    pattern = "(.*?)".join(re.escape(literal) for literal in template.literals)
    return re.compile(pattern, re.DOTALL if template.multiline else 0)


@pytest.mark.parametrize("seed", range(5))
def test_leftmost_placement_agrees_with_a_regex_on_random_templates(seed):
    rng = random.Random(seed)
    pieces = ["a", "b", "ab", "ba", "aa", "", "\n"]
    compared = matched = 0
    for _ in range(2000):
        literals = [rng.choice(pieces) for _ in range(rng.randint(1, 5))]
        signature = "".join(f"{literal}{{v{i}}}" for i, literal in enumerate(literals[:-1])) + literals[-1]
        text = "".join(rng.choice("ab\n") for _ in range(rng.randint(0, 10)))
        template = compile_template(signature)
        if template.literals[0] != literals[0] or template.literals[-1] != literals[-1]:
            continue  # outer whitespace is stripped; the regex would not know
        expected = _regex(signature).fullmatch(text)
        got = match_template(template, text)
        assert (got is None) == (expected is None), (signature, text)
        compared += 1
        if got is not None:
            spans = [text[start:end] for start, end in got.value_spans()]
            assert spans == list(expected.groups()), (signature, text)
            matched += 1
    # Both kinds of answer were compared: the agreement is not only that of two matchers finding nothing.
    assert compared > 1000 and 10 < matched < compared


def test_a_prefix_of_64_kib_is_answered_in_linear_time():
    from errorkb.matching.template import match_prefix

    template = compile_template("Widget failed: " + "ab{}" * 40 + "ac{} then a b c d e f g h i j k l m n o p q r s t")
    texts = {size: "Widget failed: " + "ab" * (size // 2) + " then a b" for size in (8 * 1024, 64 * 1024)}
    assert match_prefix(template, texts[8 * 1024]) is None  # "ac" never comes
    with stall_guard():
        calls = {size: python_calls(match_prefix, template, text) for size, text in texts.items()}
    assert match_prefix(template, texts[64 * 1024]) is None
    assert match_prefix(template, texts[8 * 1024].replace(" then", "ac then")) is not None
    # Eight times the text, about eight times the calls; the seconds are bench/linear_bench.py's.
    assert calls[64 * 1024] < 12 * calls[8 * 1024], calls

"""An answer is read and held to the schema, and every claim naming something errorkb does not know is dropped."""

import json
import re
import time

import pytest

from kb.analysis import verify, vocabulary
from kb.analysis.verify import BadAnswer, check_answer, read_answer
from kb.analysis.vocabulary import Vocabulary
from tests.analysis.fake_endpoint import card
from tests.matching.test_adversarial import unbounded_backtracking_repeats

CODE = """def resize(self, size, strict=False):
    if strict and size > WIDGET_MAX_SIZE:
        raise ValueError(f"Widget size {size} is above WIDGET_MAX_SIZE")
parser.add_argument("--widget-size", type=int)
"""


def known() -> Vocabulary:
    vocabulary = Vocabulary()
    vocabulary.read(CODE)
    vocabulary.add_path("widgets/core.py")
    return vocabulary


def checked(**sections: str):
    return check_answer(json.loads(card(**sections)), known())


def test_a_sentence_naming_a_function_that_does_not_exist_is_dropped_and_the_others_kept() -> None:
    result = checked(meaning="Raised by `resize` when `size` is too big. Call `grow_widget()` instead. It is strict.")
    assert result.sections["meaning"] == "Raised by `resize` when `size` is too big. It is strict."
    assert (result.dropped, result.unknown) == (1, ["grow_widget"])


@pytest.mark.parametrize(
    ("claim", "unknown"),
    [
        ("Pass --widget-height instead.", "--widget-height"),
        ("Raise WIDGET_MIN_SIZE in your settings.", "WIDGET_MIN_SIZE"),
        ("See widgets/sizes.py for the limits.", "widgets/sizes.py"),
        ("Use widgets.core.shrink to fix it.", "widgets.core.shrink"),
        ("Call make_small() first.", "make_small()"),
        ("Set `strict_mode=True`.", "strict_mode"),
    ],
)
def test_each_kind_of_name_is_checked_flags_settings_paths_dotted_names_and_calls(claim: str, unknown: str) -> None:
    result = checked(trigger=f"The size is above `WIDGET_MAX_SIZE`. {claim}")
    assert result.sections["trigger"] == "The size is above `WIDGET_MAX_SIZE`."
    assert result.unknown == [unknown]


def test_names_that_the_code_has_pass_in_every_form() -> None:
    text = (
        "Raised in `widgets/core.py` by `resize(self, size, strict=False)` when `strict and size > WIDGET_MAX_SIZE`. "
        "The command's --widget-size sets it; WIDGET_MAX_SIZE caps it, e.g. at 100. Python's `len()` is no help."
    )
    result = checked(trigger=text)
    assert (result.dropped, result.sections["trigger"]) == (0, text)


def test_a_code_block_is_one_claim_and_may_use_names_it_defines_itself() -> None:
    own = "```python\ndef checked_size(value):\n    return min(value, WIDGET_MAX_SIZE)\n\nresize(checked_size(9))\n```"
    invented = "```python\nfrom widgets.core import Gadget\nGadget().resize(1)\n```"
    result = checked(example_fix=f"{own}\n\n{invented}")
    assert result.sections["example_fix"] == own
    assert result.unknown == ["Gadget"]


def test_a_list_keeps_its_checked_items_and_a_solution_is_dropped_whole() -> None:
    answer = json.loads(card(situations="Callers:\n- `resize` with a negative size\n- `shrink_all` on start-up",
                             solutions=["Pass a smaller `size`.", "Set `--widget-limit` higher."]))  # fmt: skip
    result = check_answer(answer, known())
    assert result.sections["situations"] == "Callers:\n- `resize` with a negative size"
    assert result.solutions == ["Pass a smaller `size`."]
    assert result.dropped == 2


def test_an_answer_whose_every_claim_fails_is_empty() -> None:
    assert checked(meaning="Call `frobnicate()`.").empty


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ("The widget is too big.", "not JSON"),
        ('{"meaning": "The widget is too big."', "not JSON"),
        ('{"answer": "The widget is too big."}', "wrong schema: answer has no 'meaning'"),
        (card(solutions="Pass a smaller size."), "wrong schema: answer.solutions is not a list"),  # type: ignore[arg-type]
        (json.dumps([1, 2]), "wrong schema: answer is not an object"),
        (card(solutions=["Pass a smaller size."] * 9), "wrong schema: answer.solutions has more than 8 items"),
        (card(solutions=["ok", 3]), "wrong schema: answer.solutions[1] is not a string"),  # type: ignore[list-item]
        (card(meaning="x" * 4001), "wrong schema: answer.meaning is longer than 4000 characters"),
        (json.dumps({**json.loads(card()), "verdict": "fine"}), "wrong schema: answer has unexpected keys 'verdict'"),
        ("", "empty answer"),
        (card(), "empty answer: every section is blank"),
    ],
)
def test_a_bad_answer_says_why(content: str, why: str) -> None:
    with pytest.raises(BadAnswer) as bad:
        read_answer(content)
    assert str(bad.value).startswith(why)


def test_a_json_object_in_a_fence_or_with_extra_keys_in_strict_mode_is_read_or_refused() -> None:
    assert read_answer(f"```json\n{card(meaning='Too big.')}\n```")["meaning"] == "Too big."
    extra = {**json.loads(card(meaning="Too big.")), "confidence": 0.9}
    with pytest.raises(BadAnswer, match="unexpected keys 'confidence'"):
        read_answer(json.dumps(extra))


def test_no_pattern_that_reads_an_answer_can_give_back_what_a_repeat_read() -> None:
    patterns = {f"{module.__name__}.{name}": value for module in (verify, vocabulary)
                for name, value in vars(module).items() if isinstance(value, re.Pattern)}  # fmt: skip
    assert {"kb.analysis.verify.PATH", "kb.analysis.verify.DOTTED", "kb.analysis.vocabulary.FLAG"} <= set(patterns)
    giving_back = {name: unbounded_backtracking_repeats(pattern) for name, pattern in patterns.items()}
    assert {name: repeats for name, repeats in giving_back.items() if repeats} == {}


@pytest.mark.parametrize("unit", ["a.", "a/", "`", "--a", "A_", "x(", "e.g. ", "```\n", "- ", "https://", "(((("])
def test_a_hostile_answer_of_the_largest_size_is_checked_in_time(unit: str) -> None:
    text = unit * (60_000 // len(unit))
    started = time.process_time()
    check_answer(json.loads(card(meaning=text, solutions=[text])), known())
    assert time.process_time() - started < 2.0

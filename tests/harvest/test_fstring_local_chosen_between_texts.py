"""`message = "should be non-empty" if n == 1 else "is too short"; raise E(f"{instance!r} {message}")`: the local
holds one of two texts, so the message is one of two wordings, not two values side by side (which left it with no
words, unrebuildable). Pared down, and on jsonschema's own source (installed with the project)."""

import jsonschema
import pytest

from tests.harvest.test_exceptions_yielded_as_data import found_where_it_ends
from tests.harvest.test_messages import harvest_source

SOURCE = """
class LengthError(Exception):
    pass


def check(instance, limit):
    if len(instance) < limit:
        message = "should be non-empty" if limit == 1 else "is too short"
        raise LengthError(f"{instance!r} {message}")


def both(instance, low, high):
    side = "low" if low else "high"
    verb = "is" if high else "was"
    raise LengthError(f"{instance} {verb} too {side}")


def computed(instance, message):
    raise LengthError(f"{instance!r} {message}")
"""


def wordings(tmp_path, function: str) -> set[str]:
    found = [s for s in harvest_source(tmp_path, SOURCE).sites if s.function == function]
    return {s.signature for s in found} | {signature for s in found for _message, signature in s.variants}


def test_each_text_the_local_holds_is_a_wording(tmp_path):
    assert wordings(tmp_path, "check") == {"{instance} should be non-empty", "{instance} is too short"}


def test_two_such_locals_give_each_combination(tmp_path):
    assert wordings(tmp_path, "both") == {
        "{instance} is too low",
        "{instance} is too high",
        "{instance} was too low",
        "{instance} was too high",
    }


def test_a_parameter_stays_a_value(tmp_path):
    assert wordings(tmp_path, "computed") == {""}


@pytest.mark.parametrize(
    ("instance", "schema"),
    [("ab", {"minLength": 3}), ("ab", {"maxLength": 1}), ([1], {"minItems": 2}), ({"a": 1}, {"minProperties": 2})],
)
def test_jsonschema_s_length_errors_are_worded(instance, schema):
    with pytest.raises(jsonschema.ValidationError) as caught:
        jsonschema.validate(instance, schema)
    assert found_where_it_ends(caught.value), str(caught.value)

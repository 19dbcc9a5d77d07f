"""A `return` in a loop above the raise is an early exit as much as a guard is (round 14's card 23: humanize's
`precisedelta()` returns from its loop over `suppress` before "Minimum unit is suppressed" can be raised)."""

from tests.harvest.published import harvest_published

UNITS = """
UNITS = ("seconds", "minutes", "hours", "days")


def smallest(minimum_unit, suppress):
    for unit in UNITS:
        if unit not in suppress:
            if unit == minimum_unit:
                return unit
    if minimum_unit in suppress:
        raise ValueError("Minimum unit is suppressed.")
    return minimum_unit
"""


def test_a_return_in_a_loop_above_is_said_as_an_exit(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"units/pick.py": UNITS}, repo="example/units")
    generated = cards["Minimum unit is suppressed."].generated
    # The meaning says what the call was given; whether the raise is reached is the trigger section's.
    assert (
        generated["meaning"] == "`smallest()` was called with a `suppress` that contains the `minimum_unit` argument."
    )
    assert "- and no earlier check in `smallest` exits first (line 8)" in generated["trigger"]

"""A dataclass's `__post_init__` runs inside the `__init__` the decorator writes: its raises are reached by calling
the class, and the fields it checks are that call's arguments ("Calling `Calibration()` raises this when one of the
items of the `temperatures` argument of `Calibration()` is at most `0`"), not "`Calibration.__post_init__()` raises
this when the `Calibration`'s `temperatures` ..."."""

from tests.harvest.published import harvest_published

SOURCE = """
from dataclasses import dataclass, field
from typing import ClassVar


@dataclass
class Calibration:
    temperatures: list
    scale: float = 1.0
    cache: dict = field(init=False, default_factory=dict)
    kinds: ClassVar[tuple] = ("a", "b")

    def __post_init__(self):
        for temperature in self.temperatures:
            if temperature <= 0:
                raise ValueError(f"temperatures must all be > 0, got {self.temperatures}")
        if self.cache:
            raise ValueError("The cache is filled before the calibration.")


class Plain:
    def __post_init__(self):
        if self.size < 0:
            raise ValueError("A plain class's size is negative.")
"""


def cards(db, git_repo) -> dict:
    return {m: e.generated for m, e in harvest_published(git_repo, {"calib/core.py": SOURCE}, "acme/calib").items()}


def test_the_class_is_called_and_its_fields_are_the_arguments(db, git_repo) -> None:
    meaning = cards(db, git_repo)["temperatures must all be > 0, got {temperatures}"]["meaning"]
    assert meaning == (
        "Calling `Calibration()` raises this when one of the items of the `temperatures` argument of `Calibration()` "
        "is at most `0`."
    )


def test_a_field_the_init_does_not_take_is_not_an_argument(db, git_repo) -> None:
    meaning = cards(db, git_repo)["The cache is filled before the calibration."]["meaning"]
    assert "`cache` argument" not in meaning


def test_a_post_init_of_a_class_that_is_no_dataclass_is_a_method(db, git_repo) -> None:
    meaning = cards(db, git_repo)["A plain class's size is negative."]["meaning"]
    assert not meaning.startswith("Calling `Plain()`")
